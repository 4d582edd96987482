import { define } from '../define.js';
import { MeasuredRun } from './measured-run.js';

define('measured-run', MeasuredRun);

declare global {
  interface HTMLElementTagNameMap {
    'measured-run': MeasuredRun;
  }
}
export { MeasuredRun };
