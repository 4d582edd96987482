import { define } from '../define.js';
import { SlotBoard } from './slot-board.js';

define('slot-board', SlotBoard);
export { SlotBoard };
