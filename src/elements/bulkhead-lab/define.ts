import { define } from '../define.js';
import { LabControls } from '../lab-controls/lab-controls.js';
import { OutcomeGate } from '../outcome-gate/outcome-gate.js';
import { OutcomeTable } from '../outcome-table/outcome-table.js';
import { SlotBoard } from '../slot-board/slot-board.js';
import { TickTimeline } from '../tick-timeline/tick-timeline.js';
import { BulkheadLab } from './bulkhead-lab.js';

// The views of the lab's open sections, then the lab: a view the page put inside a lab finds it
// defined when it upgrades. The notebook and the views of the closed sections come with the lab's
// parts (sections.ts).
define('lab-controls', LabControls);
define('outcome-gate', OutcomeGate);
define('outcome-table', OutcomeTable);
define('slot-board', SlotBoard);
define('tick-timeline', TickTimeline);
define('bulkhead-lab', BulkheadLab);

declare global {
  interface HTMLElementTagNameMap {
    'bulkhead-lab': BulkheadLab;
  }
}
export { BulkheadLab };
