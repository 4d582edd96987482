import { define } from '../define.js';
import { BulkheadScenario } from './bulkhead-scenario.js';

define('bulkhead-scenario', BulkheadScenario);

declare global {
  interface HTMLElementTagNameMap {
    'bulkhead-scenario': BulkheadScenario;
  }
}
export { BulkheadScenario };
