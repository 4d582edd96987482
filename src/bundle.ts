/**
 * The script-tag bundle, `dist/bulkhead-lab.js`: registers the lab and every widget, and exports
 * the classes of those every page may need at once and the scenario a page script can drive them
 * with. The model's own API is not in
 * it: a page that wants it loads `dist/sim.js`, so an article that only embeds the lab does not
 * carry the strict API checks it never uses. `<measured-run>`, which charts the measured
 * companion's results and has no place in an article's lab, is its own entry
 * (`dist/elements/measured-run.js`).
 */
// Sources first, so views that upgrade after them find their enclosing source at once. The lab's
// module registers the views it shows (see its define.ts).
export { BulkheadScenario } from './elements/bulkhead-scenario/define.js';
export { BulkheadLab } from './elements/bulkhead-lab/define.js';
export { LabControls } from './elements/lab-controls/lab-controls.js';
export { OutcomeGate } from './elements/outcome-gate/outcome-gate.js';
export { OutcomeTable } from './elements/outcome-table/outcome-table.js';
export { SlotBoard } from './elements/slot-board/slot-board.js';
export { TickTimeline } from './elements/tick-timeline/tick-timeline.js';
import { loadWhenSeen } from './elements/when-seen.js';

/**
 * The views a reader opens on demand (Compare policies, Sweep, Every request and resource, the
 * exported configuration) and the
 * notebook, far down a lab, come in files of their own, fetched the first time one is needed: when a
 * lab draws or opens its section, or when a page shows one on its own.
 */
const ON_DEMAND: Record<string, () => Promise<unknown>> = {
  'config-export': () => import('./elements/config-export/define.js'),
  'lab-notebook': () => import('./elements/lab-notebook/define.js'),
  'policy-compare': () => import('./elements/policy-compare/define.js'),
  'request-inspector': () => import('./elements/request-inspector/define.js'),
  'sweep-chart': () => import('./elements/sweep-chart/define.js'),
};
loadWhenSeen(Object.keys(ON_DEMAND), (tag) => ON_DEMAND[tag]!());

export { SPEEDS, WINDOW_SECONDS, realTime, type Speed, type TimeSource } from './scenario/clock.js';
export type * from './scenario/events.js';
export { Scenario } from './scenario/scenario.js';
