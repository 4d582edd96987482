import { define } from '../define.js';
import { SlotBoard } from './slot-board.js';

define('slot-board', SlotBoard);

declare global {
  interface HTMLElementTagNameMap {
    'slot-board': SlotBoard;
  }
}
export { SlotBoard };
