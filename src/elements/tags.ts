/** Every element of the library, by tag; each has its module at `dist/elements/<tag>.js`. */
export const TAGS = [
  'bulkhead-lab',
  'bulkhead-scenario',
  'config-export',
  'lab-controls',
  'lab-notebook',
  'measured-run',
  'outcome-gate',
  'outcome-table',
  'policy-compare',
  'request-inspector',
  'slot-board',
  'sweep-chart',
  'tick-timeline',
] as const;
