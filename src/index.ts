/** The package's main entry: registers the lab and its widgets, and exports them with the model's API. */
export * from './bundle.js';
export * from './sim/index.js';
