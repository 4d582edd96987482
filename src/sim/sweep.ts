/** One measure over every value of one input, under each policy (docs/MODEL.md, Sweeps). */
import {
  POLICIES,
  RETRY_FIELDS,
  TIMEOUT_FROM,
  UI_RETRY_BUDGETS,
  normalizeConfig,
  uiRangeOf,
  type LabConfig,
  type NumericField,
  type Policy,
  type RetryField,
  type TimeoutFrom,
} from './config.js';
import { metricsAt, type TenantMetrics } from './derive.js';
import { simulateValid } from './simulate.js';

/**
 * Every value the elements offer for a retry setting, lowest first, and none (null) last for the
 * two that may be none: none is the latest recovery and the loosest budget. Here rather than beside
 * `uiRangeOf`, as only a sweep lists them: an element that never sweeps loads none of it.
 */
export function uiValuesOf(field: RetryField, config: LabConfig): (number | null)[] {
  const { min, max } = uiRangeOf(field, config);
  const values: (number | null)[] =
    field === 'retryBudget' ? [...UI_RETRY_BUDGETS] : Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return field === 'aRecovers' || field === 'retryBudget' ? [...values, null] : values;
}

/**
 * The numeric inputs with more than one value in their UI range: all but `horizon` and `lastArrival`.
 * A sweep takes only these fields and the measures of `SWEEP_MEASURES`; it does not check them at run time.
 */
export type SweepField = Exclude<NumericField, 'horizon' | 'lastArrival'>;

/** Every input a sweep takes: the whole numbers of `SweepField`, the retry settings and where timeouts start. */
export type SweepInput = SweepField | RetryField | 'timeoutFrom';

/** The values of a swept input: those of `aRecovers` and `retryBudget` may be none (null). */
export type SweepValue<F extends SweepInput> = F extends 'timeoutFrom'
  ? TimeoutFrom
  : F extends 'aRecovers' | 'retryBudget'
    ? number | null
    : number;

const READ = {
  'b-completion-rate': (m) => m.B.completionRate,
  'a-completion-rate': (m) => m.A.completionRate,
  'b-completed': (m) => m.B.completed,
  'b-timed-out': (m) => m.B.timedOutWaiting + m.B.timedOutRunning,
  'b-rejected': (m) => m.B.rejected,
  'b-p95': (m) => m.B.p95,
} satisfies Record<string, (m: Record<'A' | 'B', TenantMetrics>) => number | null>;

/** What a sweep reads from each run's full-window metrics. */
export type SweepMeasure = keyof typeof READ;

export const SWEEP_MEASURES = Object.keys(READ) as SweepMeasure[];

export interface Sweep<F extends SweepInput = SweepField> {
  field: F;
  measure: SweepMeasure;
  /** Every value of the field's UI range, lowest first (for a retry setting: `uiValuesOf`, none last; for `timeoutFrom`: arrival, start). */
  values: SweepValue<F>[];
  /**
   * Per policy, the measure at each of `values` (same index): a completion rate as a fraction from
   * 0 to 1, the rest as whole numbers; null for a completion rate with nothing offered or a p95
   * with nothing completed.
   */
  lines: Record<Policy, (number | null)[]>;
}

/**
 * Where a sweep of `field` starts: `config` as the elements take it (`normalizeConfig`: every input
 * clamped into its UI range), and every value of the field's UI range, lowest first.
 */
export function sweepValues<F extends SweepInput>(
  config: LabConfig,
  field: F,
): { base: LabConfig; values: SweepValue<F>[] } {
  const base = normalizeConfig(config).config;
  if (field === 'timeoutFrom') return { base, values: [...TIMEOUT_FROM] as SweepValue<F>[] };
  const { min, max } = uiRangeOf(field, base);
  const values = (
    (RETRY_FIELDS as readonly string[]).includes(field)
      ? uiValuesOf(field as RetryField, base)
      : Array.from({ length: max - min + 1 }, (_, i) => min + i)
  ) as SweepValue<F>[];
  return { base, values };
}

/**
 * One policy's line of a sweep from `sweepValues`: the measure at each of `values`, each point the
 * full-window `metricsAt(run, horizon)` of `base` with only `policy` and `field` changed. Each
 * point's config is normalized too, so sweeping `slots` below A's reserved slots quietly lowers
 * `reservedA` to `slots` − 1, as the lab's own controls do. One small run per value.
 */
export function sweepLine<F extends SweepInput>(
  base: LabConfig,
  field: F,
  measure: SweepMeasure,
  policy: Policy,
  values: readonly SweepValue<F>[],
): (number | null)[] {
  // Each point's horizon is the base's: no field that sweeps moves it.
  return values.map((value) =>
    READ[measure](metricsAt(simulateValid(normalizeConfig({ ...base, policy, [field]: value }).config), base.horizon)),
  );
}

/**
 * The measure at every value of `field`'s UI range under each policy (`sweepValues`, then a
 * `sweepLine` per policy): one small run per policy and value.
 */
export function sweep<F extends SweepInput = SweepField>(
  config: LabConfig,
  field: F,
  measure: SweepMeasure = 'b-completion-rate',
): Sweep<F> {
  const { base, values } = sweepValues(config, field);
  const lines = {} as Sweep<F>['lines'];
  for (const policy of POLICIES) lines[policy] = sweepLine(base, field, measure, policy, values);
  return { field, measure, values, lines };
}
