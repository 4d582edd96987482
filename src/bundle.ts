/**
 * The script-tag bundle, `dist/bulkhead-lab.js`: one file that draws the whole lab and every widget
 * on an English page, and fetches nothing. It registers every element and exports the classes a page
 * may need at once and the scenario a page script can drive them with. The only file beside it is
 * German (`bulkhead-lab.de.js`), which only a page showing German fetches.
 *
 * The lab's code fetches its later parts on demand (`import()`), so that the per-element entries
 * (`dist/elements/`) stay pay-per-use. Imported here as well, those parts are in this file, and each
 * of those `import()`s resolves to the module already loaded.
 *
 * The model's own API is not in it: a page that wants it loads `dist/sim.js`, so an article that only
 * embeds the lab does not carry the strict API checks it never uses. `<measured-run>`, which charts the
 * measured companion's results and has no place in an article's lab, is its own entry
 * (`dist/elements/measured-run.js`).
 */
// Sources first, so views that upgrade after them find their enclosing source at once. The lab's
// module registers the views it shows (see its define.ts).
export { BulkheadScenario } from './elements/bulkhead-scenario/define.js';
export { BulkheadLab } from './elements/bulkhead-lab/define.js';
export { ConfigExport } from './elements/config-export/define.js';
export { LabControls } from './elements/lab-controls/lab-controls.js';
export { LabNotebook } from './elements/lab-notebook/define.js';
export { OutcomeGate } from './elements/outcome-gate/outcome-gate.js';
export { OutcomeTable } from './elements/outcome-table/outcome-table.js';
export { PolicyCompare } from './elements/policy-compare/define.js';
export { RequestInspector } from './elements/request-inspector/define.js';
export { SlotBoard } from './elements/slot-board/slot-board.js';
export { SweepChart } from './elements/sweep-chart/define.js';
export { TickTimeline } from './elements/tick-timeline/tick-timeline.js';
// The parts other files fetch on demand: the guided steps and scope, the requests' stories, the
// words of notices, the code that answers a standalone view's requests, and the styles of an
// element moved to another document.
import './elements/bulkhead-lab/steps.js';
import './elements/document-styles.js';
import './elements/explain-text.js';
import './scenario/notice-words.js';
import './scenario/serve.js';

export { SPEEDS, WINDOW_SECONDS, realTime, type Speed, type TimeSource } from './scenario/clock.js';
export type * from './scenario/events.js';
export { Scenario } from './scenario/scenario.js';
