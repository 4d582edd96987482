import { define } from '../define.js';
import { OutcomeGate } from './outcome-gate.js';

define('outcome-gate', OutcomeGate);
export { OutcomeGate };
