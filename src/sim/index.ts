/** The public model API: pure, no DOM; runs in Node and in browsers. */
export {
  DEFAULT_CONFIG,
  FAULTS,
  FIELDS,
  MAX_OFFERED,
  POLICIES,
  POLICY_RULES,
  RETRY_DEFAULTS,
  RETRY_FIELDS,
  TIMEOUT_FROM,
  UI_RETRY_BUDGETS,
  maxAttempts,
  normalizeConfig,
  offeredCount,
  presets,
  quoteValue,
  retrySettings,
  uiRangeOf,
  validateConfig,
} from './config.js';
export type {
  ConfigProblem,
  Fault,
  LabConfig,
  NumericField,
  Policy,
  PolicyRules,
  Preset,
  PresetName,
  RetryField,
  RetrySettings,
  Tenant,
  TimeoutFrom,
} from './config.js';
export { simulate } from './simulate.js';
export type { LabRun, Outcome, RequestRecord } from './simulate.js';
export { metricsAt, p95, requiredCompletions, stateAt } from './derive.js';
export type { AttemptState, Gate, RequestState, TenantMetrics } from './derive.js';
export { endedAt, homeOf, isPartitioned, queuesAt, slotsAt } from './occupancy.js';
export type { EndedAt, SlotView } from './occupancy.js';
export { recovery, requestsAt } from './requests.js';
export type { RequestView } from './requests.js';
export { explain } from './explain.js';
export type { Admission, AttemptEnd, BlockedTick, Explanation, RetryStep, SlotHolder } from './explain.js';
export { endingOf, hasNoSlots, isolation } from './isolation.js';
export type { Ending, IsolationReading } from './isolation.js';
export { sweep, uiValuesOf } from './sweep.js';
export type { Sweep, SweepField, SweepInput, SweepMeasure } from './sweep.js';
export { EXPORT_TARGETS, TICK_MS, exportConfig } from './export/index.js';
export type { ExportResult, ExportTarget, Verdict } from './export/index.js';
