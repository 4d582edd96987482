import { define } from '../define.js';
import '../lab-controls/define.js';
import '../lab-notebook/define.js';
import '../outcome-gate/define.js';
import '../outcome-table/define.js';
import '../policy-compare/define.js';
import '../request-inspector/define.js';
import '../slot-board/define.js';
import '../sweep-chart/define.js';
import '../tick-timeline/define.js';
import { BulkheadLab } from './bulkhead-lab.js';

define('bulkhead-lab', BulkheadLab);

declare global {
  interface HTMLElementTagNameMap {
    'bulkhead-lab': BulkheadLab;
  }
}
export { BulkheadLab };
