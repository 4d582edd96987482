/** The package's main entry: registers the lab and its widgets, and exports them with the model's API. */
export * from './bundle.js';
export { ConfigExport } from './elements/config-export/define.js';
export { LabNotebook } from './elements/lab-notebook/define.js';
export { PolicyCompare } from './elements/policy-compare/define.js';
export { RequestInspector } from './elements/request-inspector/define.js';
export { SweepChart } from './elements/sweep-chart/define.js';
export * from './sim/index.js';
