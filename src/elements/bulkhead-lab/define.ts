import { define } from '../define.js';
import { afterFrame } from '../../scenario/frames.js';
// The views of the lab's first sections; the notebook, and the views of its closed sections, are
// fetched when first drawn.
import '../lab-controls/define.js';
import '../outcome-gate/define.js';
import '../outcome-table/define.js';
import '../slot-board/define.js';
import '../tick-timeline/define.js';
import { BulkheadLab } from './bulkhead-lab.js';

// Labs already on the page when the script runs upgrade in a frame after the one that runs the
// script, so that neither frame is long; until then bulkhead-lab.css keeps their space.
if (document.querySelector('bulkhead-lab')) afterFrame(() => define('bulkhead-lab', BulkheadLab));
else define('bulkhead-lab', BulkheadLab);

declare global {
  interface HTMLElementTagNameMap {
    'bulkhead-lab': BulkheadLab;
  }
}
export { BulkheadLab };
