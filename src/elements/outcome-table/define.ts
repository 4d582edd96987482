import { define } from '../define.js';
import { OutcomeTable } from './outcome-table.js';

define('outcome-table', OutcomeTable);
export { OutcomeTable };
