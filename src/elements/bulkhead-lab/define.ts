import { define } from '../define.js';
import { afterFrame } from '../../scenario/frames.js';
import { LabControls } from '../lab-controls/lab-controls.js';
import { OutcomeGate } from '../outcome-gate/outcome-gate.js';
import { OutcomeTable } from '../outcome-table/outcome-table.js';
import { SlotBoard } from '../slot-board/slot-board.js';
import { TickTimeline } from '../tick-timeline/tick-timeline.js';
import { BulkheadLab } from './bulkhead-lab.js';
import { holdEarlyRequests } from './early-requests.js';

/**
 * The views of the lab's first sections, registered with the lab; the notebook, and the views of its
 * closed sections, are fetched when first drawn.
 */
const VIEWS: [tag: string, element: CustomElementConstructor][] = [
  ['lab-controls', LabControls],
  ['outcome-gate', OutcomeGate],
  ['outcome-table', OutcomeTable],
  ['slot-board', SlotBoard],
  ['tick-timeline', TickTimeline],
];
const defineViews = () => VIEWS.forEach(([tag, element]) => define(tag, element));

// Labs already on the page when the script runs: registering every class and upgrading the labs in
// the script's own task made one of the longest tasks of a page's load. The views the page shows
// itself are registered at once, the others in a frame after the script's, and the labs in the
// frame after that; a lab draws its views only later, in turns of its own. Until then
// bulkhead-lab.css keeps the labs' space, and the request events a page sends them meanwhile wait.
if (document.querySelector('bulkhead-lab') && !customElements.get('bulkhead-lab')) {
  for (const [tag, element] of VIEWS) if (document.querySelector(tag)) define(tag, element);
  const answerHeld = holdEarlyRequests(document);
  afterFrame(() => {
    defineViews();
    afterFrame(() => {
      define('bulkhead-lab', BulkheadLab);
      queueMicrotask(answerHeld); // after what the page set on the labs before (see ScenarioElement)
    });
  });
} else {
  defineViews();
  define('bulkhead-lab', BulkheadLab);
}

declare global {
  interface HTMLElementTagNameMap {
    'bulkhead-lab': BulkheadLab;
  }
}
export { BulkheadLab };
