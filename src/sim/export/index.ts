/**
 * From the lab to a real service (docs/MODEL.md, Exporting a configuration): the lab's inputs as a
 * configuration for a resilience library, with a verdict and each difference from what the lab
 * modelled. Demand, holds and A's fault are the experiment, not configuration: they are not exported.
 */
import { quoteValue, validateConfig, type LabConfig } from '../config.js';
import { concurrencyLimits } from './concurrency-limits.js';
import { cockatiel } from './cockatiel.js';
import { ENGLISH } from './english.js';
import { envoy } from './envoy.js';
import { planOf, type ExportResult, type ExportWords, type Plan } from './plan.js';
import { polly } from './polly.js';
import { resilience4j } from './resilience4j.js';

export type { ExportResult, ExportWords, Verdict } from './plan.js';

const EXPORTERS = {
  resilience4j,
  polly,
  cockatiel,
  envoy,
  'concurrency-limits': concurrencyLimits,
} satisfies Record<string, (plan: Plan, words: ExportWords) => ExportResult>;

export type ExportTarget = keyof typeof EXPORTERS;

/** The libraries a config exports to: Resilience4j (Spring Boot YAML), Polly v8 (C#), cockatiel (TypeScript), Envoy (YAML), Netflix concurrency-limits (Java). */
export const EXPORT_TARGETS = Object.keys(EXPORTERS) as ExportTarget[];

/** How long one tick lasts unless said otherwise, and the lengths a tick may have, in milliseconds. */
export const TICK_MS = { default: 100, min: 1, max: 60_000 } as const;

/**
 * `exportConfig` for a config known to be valid, with the differences in `words` (an element's, in
 * the reader's language): the elements use it, as they use `simulateValid`.
 */
export const exportValid = (
  config: LabConfig,
  target: ExportTarget,
  tickMs: number,
  words: ExportWords,
): ExportResult => EXPORTERS[target](planOf(config, tickMs), words);

/**
 * The configuration of `target` for `config`: the code to copy, whether the library does exactly
 * what the lab modelled (`exact`), nearly (`approximate`, each difference in `differences`) or
 * cannot express its policy (`none`: the code says what to use instead). Ticks become durations of
 * `tickMs` milliseconds each. A pure function of its arguments.
 * @throws RangeError naming the field and value and what is allowed: a config `simulate` would
 *   refuse, an unknown target, or a tick length that is not a whole number from 1 to 60000.
 */
export function exportConfig(
  config: Partial<LabConfig>,
  target: ExportTarget,
  { tickMs = TICK_MS.default }: { tickMs?: number } = {},
): ExportResult {
  const valid = validateConfig(config);
  if (!Object.hasOwn(EXPORTERS, target))
    throw new RangeError(`target: ${quoteValue(target)} is not one of ${EXPORT_TARGETS.join(', ')}`);
  if (!Number.isInteger(tickMs) || tickMs < TICK_MS.min || tickMs > TICK_MS.max)
    throw new RangeError(`tickMs: ${quoteValue(tickMs)} is not an integer from ${TICK_MS.min} to ${TICK_MS.max}`);
  return exportValid(valid, target, tickMs, ENGLISH);
}
