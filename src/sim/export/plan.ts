/**
 * What every export reads of a config: the lab's settings in a library's terms (slots per limiter,
 * timeouts and delays in milliseconds), and the words of the differences, which an element may give
 * in the reader's language (english.ts has the model's own).
 */
import { POLICY_RULES, retrySettings, type LabConfig, type Tenant } from '../config.js';

/** How closely a library does what the lab modelled. */
export type Verdict = 'exact' | 'approximate' | 'none';

/** An exported configuration: the code to copy, how close it is, and each difference in one sentence. */
export interface ExportResult {
  code: string;
  verdict: Verdict;
  differences: string[];
}

/**
 * Each difference a library may have from the lab, as one sentence. `lib` is the library's name;
 * durations are in milliseconds.
 */
export interface ExportWords {
  /** Round-robin: no library alternates between tenants. */
  roundRobin(lib: string): string;
  /** Partitions that lend idle slots, where the library has none. */
  lending(lib: string): string;
  /** concurrency-limits' partitions: guaranteed shares, not partitions that lend. */
  shares(): string;
  /** One queue of `limit` for both tenants, where the lab keeps `cap` per tenant. */
  oneQueue(lib: string, limit: number, cap: number): string;
  /** A wait bounded by time, not by a count of `cap`. */
  waitByTime(lib: string, cap: number): string;
  /** No queue at all, where the lab queues up to `cap` per tenant. */
  noQueue(lib: string, cap: number): string;
  /** `tenant` has no slot of its own; the library needs at least one. */
  noHomeSlot(lib: string, tenant: Tenant): string;
  /** No retry budget for the lab's `budget` percent. */
  noBudget(lib: string, budget: number): string;
  /** Envoy's retry budget counts retries in flight. */
  budgetInFlight(budget: number): string;
  /** No timeouts: A's and B's, in milliseconds. */
  noTimeout(lib: string, a: number, b: number): string;
  /** No retries, where the lab retries `retries` times. */
  noRetry(lib: string, retries: number): string;
  /** Envoy jitters each back-off of up to `ms`. */
  jitter(ms: number): string;
  /** Envoy's route timeout spans every attempt of a request. */
  timeoutSpansRetries(): string;
  /** Envoy never retries a request its circuit breaker turned away. */
  noRetryOnReject(): string;
  /** cockatiel 3.2 keeps a call that timed out while queued in its queue. */
  queuedTimeoutStays(): string;
}

/** One tenant's limits, in a library's terms. */
export interface TenantPlan {
  tenant: Tenant;
  /** Its home slots under partitions; all slots in a shared pool. */
  slots: number;
  timeoutMs: number;
}

/** The lab's settings as every export reads them. */
export interface Plan {
  config: LabConfig;
  /** Partitions (strict or lending) rather than one pool. */
  partitioned: boolean;
  lends: boolean;
  roundRobin: boolean;
  /** The timeout sits inside the bulkhead. */
  fromStart: boolean;
  tenants: [TenantPlan, TenantPlan];
  slots: number;
  /** The most waiting calls per tenant. */
  queueCap: number;
  retries: number;
  delayMs: number;
  budget: number | null;
  tickMs: number;
  /** One line naming the lab's policy and the tick length, for the top of the code. */
  title: string;
}

export function planOf(config: LabConfig, tickMs: number): Plan {
  const { partitioned, lends, roundRobin } = POLICY_RULES[config.policy];
  const { retries, retryDelay, retryBudget } = retrySettings(config);
  const { slots, reservedA } = config;
  const tenant = (t: Tenant, home: number, timeout: number): TenantPlan => ({
    tenant: t,
    slots: partitioned ? home : slots,
    timeoutMs: timeout * tickMs,
  });
  const fromStart = config.timeoutFrom === 'start';
  return {
    config,
    partitioned,
    lends,
    roundRobin,
    fromStart,
    tenants: [tenant('A', reservedA, config.aTimeout), tenant('B', slots - reservedA, config.bTimeout)],
    slots,
    queueCap: config.queueCap,
    retries,
    delayMs: retryDelay * tickMs,
    budget: retries ? retryBudget : null,
    tickMs,
    title: `the lab's ${config.policy}, timeouts from ${fromStart ? 'start' : 'arrival'}, one tick = ${tickMs} ms`,
  };
}

/** What a library can express beyond bulkheads that share a pool or partition it. */
export interface Abilities {
  /** Partitions that lend idle slots (concurrency-limits' shares, approximately). */
  lends?: boolean;
  /** Says itself what becomes of a retry budget (Envoy has one that differs; concurrency-limits has no retries). */
  budget?: boolean;
}

/**
 * The export of library `lib` (named `heading` in the code's first line): round-robin (and lending, unless it `lends`) gives code that says what to use
 * instead, in comment lines that start with `comment`; else `write` gives the code's lines after the
 * title, pushing each difference it finds to `differences`, and a missing retry budget is one more.
 * `queue` is the limit of the library's queue: a tenant's under partitions, both tenants' in one pool.
 */
export const exporter =
  (
    lib: string,
    heading: string,
    comment: string,
    abilities: Abilities,
    write: (plan: Plan, words: ExportWords, differences: string[], queue: number) => string[],
  ) =>
  (plan: Plan, words: ExportWords): ExportResult => {
    const title = `${comment} ${heading}: ${plan.title}.`;
    const reason = plan.roundRobin ? words.roundRobin(lib) : plan.lends && !abilities.lends ? words.lending(lib) : '';
    if (reason)
      return {
        code: `${title}\n${comment} ${reason}\n${comment} Use strict partitions instead (choose "Strict tenant partitions" in the lab), or one shared pool.\n`,
        verdict: 'none',
        differences: [reason],
      };
    const differences: string[] = [];
    const lines = write(plan, words, differences, plan.partitioned ? plan.queueCap : 2 * plan.queueCap);
    if (plan.budget !== null && !abilities.budget && plan.retries) differences.push(words.noBudget(lib, plan.budget));
    return {
      code: `${[title, ...lines].join('\n')}\n`,
      verdict: differences.length ? 'approximate' : 'exact',
      differences,
    };
  };
