/**
 * The script-tag bundle, `dist/bulkhead-lab.js`: registers the lab and every widget, and exports
 * their classes and the scenario a page script can drive them with. The model's own API is not in
 * it: a page that wants it loads `dist/sim.js`, so an article that only embeds the lab does not
 * carry the strict API checks it never uses. `<measured-run>`, which charts the measured
 * companion's results and has no place in an article's lab, is its own entry
 * (`dist/elements/measured-run.js`).
 */
// Sources first, so views that upgrade after them find their enclosing source at once.
export { BulkheadScenario } from './elements/bulkhead-scenario/define.js';
export { BulkheadLab } from './elements/bulkhead-lab/define.js';
export { LabControls } from './elements/lab-controls/define.js';
export { LabNotebook } from './elements/lab-notebook/define.js';
export { OutcomeGate } from './elements/outcome-gate/define.js';
export { OutcomeTable } from './elements/outcome-table/define.js';
export { PolicyCompare } from './elements/policy-compare/define.js';
export { RequestInspector } from './elements/request-inspector/define.js';
export { SlotBoard } from './elements/slot-board/define.js';
export { SweepChart } from './elements/sweep-chart/define.js';
export { TickTimeline } from './elements/tick-timeline/define.js';
export { SPEEDS, WINDOW_SECONDS, realTime, type Speed, type TimeSource } from './scenario/clock.js';
export type * from './scenario/events.js';
export { Scenario } from './scenario/scenario.js';
