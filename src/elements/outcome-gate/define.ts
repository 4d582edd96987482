import { OutcomeGate } from './outcome-gate.js';
import { define } from '../define.js';

define('outcome-gate', OutcomeGate);

declare global {
  interface HTMLElementTagNameMap {
    'outcome-gate': OutcomeGate;
  }
}
export { OutcomeGate };
