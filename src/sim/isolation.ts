/**
 * Per tenant, why its requests that did not complete did not (docs/MODEL.md, Isolation): the
 * isolation reading, and what it shares with explaining one request: how a request ended, the ticks
 * it spent without a slot, and per tick how many calls of each tenant ran and waited.
 */
import { POLICY_RULES, mayUse, type LabConfig, type Tenant } from './config.js';
import { nextAttempts } from './derive.js';
import type { LabRun, RequestRecord } from './simulate.js';

/** How a request ended; `pending` when it was still waiting or running at the horizon. */
export type Ending = 'completed' | 'timed-out-waiting' | 'timed-out-running' | 'failed' | 'rejected' | 'pending';

/**
 * Per tenant, its offered requests that did not complete over the whole window, each counted once
 * (a request that retried, by all its attempts together: see `isolation`).
 */
export interface IsolationReading {
  /** Rejected or timed out while waiting, with a usable slot held by the other tenant at some tick of its wait. */
  keptOutByOther: number;
  /** Rejected or timed out while waiting because its tenant has no slot of its own under the policy. */
  noSlots: number;
  /** Rejected or timed out while waiting, and every usable slot held by its own tenant. */
  keptOutByOwn: number;
  /** Failed fast or timed out in service: its own call did not finish. */
  ownCallFailed: number;
  /** Still waiting or running at the horizon. */
  unresolved: number;
}

export const other = (tenant: Tenant): Tenant => (tenant === 'A' ? 'B' : 'A');

/**
 * Whether `tenant` has no slot it may ever use: none of its own, and none lent to it even while
 * the other tenant has nobody waiting (partitions that lend nothing and give it no home slots).
 */
export const hasNoSlots = ({ policy, slots, reservedA }: LabConfig, tenant: Tenant): boolean =>
  !mayUse(POLICY_RULES[policy], (tenant === 'A' ? reservedA : slots - reservedA) > 0, 0);

export function endingOf(record: RequestRecord): Ending {
  if (record.outcome === 'timed-out') return record.start === null ? 'timed-out-waiting' : 'timed-out-running';
  return record.outcome;
}

/** The first tick at which `record` is no longer waiting: it started, ended, or the window closed. */
export const waitEnd = (record: RequestRecord, horizon: number) =>
  Math.min(record.start ?? Infinity, record.end ?? Infinity, horizon + 1);

/** The ticks a request spent without a slot (see `Explanation.blocked`). */
export function blockedTicks(record: RequestRecord, horizon: number): number[] {
  if (record.outcome === 'rejected') return [record.arrival];
  const ticks: number[] = [];
  for (let t = record.arrival; t < waitEnd(record, horizon); t++) ticks.push(t);
  return ticks;
}

/** Per tenant and tick (after the tick): how many of its calls ran, ran borrowed, and waited. */
export interface TickCounts {
  running: Int32Array;
  borrowed: Int32Array;
  waiting: Int32Array;
}

/** `TickCounts` for both tenants in one pass over the records (difference arrays, then sums). */
export function tickCounts(run: LabRun): Record<Tenant, TickCounts> {
  const span = run.config.horizon + 2;
  const counts = (): TickCounts => ({
    running: new Int32Array(span),
    borrowed: new Int32Array(span),
    waiting: new Int32Array(span),
  });
  const at = { A: counts(), B: counts() };
  const add = (series: Int32Array, from: number, to: number) => {
    series[from]! += 1;
    series[Math.max(from, to)]! -= 1;
  };
  for (const r of run.requests) {
    const c = at[r.tenant];
    if (r.outcome !== 'rejected') add(c.waiting, r.arrival, waitEnd(r, run.config.horizon));
    if (r.start !== null) {
      const end = Math.min(r.end ?? Infinity, span - 1);
      add(c.running, r.start, end);
      if (r.borrowed) add(c.borrowed, r.start, end);
    }
  }
  for (const c of [at.A, at.B])
    for (const series of [c.running, c.borrowed, c.waiting])
      for (let t = 1; t < span; t++) series[t]! += series[t - 1]!;
  return at;
}

/**
 * The isolation reading of a whole run (see `IsolationReading`), each request that did not complete
 * counted once: unresolved when its last attempt is pending; else without slots when its tenant has
 * none under the policy (see `hasNoSlots`); else kept out by the other tenant when
 * any of its attempts was; else its own call failed when any attempt's did; else kept out by its own
 * tenant. From per-tick counts of attempts: a slot the tenant could use was held by the other tenant
 * when the other ran in the tenant's home slots, or, where the tenant may use every slot (a shared
 * pool, or partitions that lend while the other has nobody waiting: see `mayUse`), when the other
 * ran at all.
 */
export function isolation(run: LabRun): Record<Tenant, IsolationReading> {
  const { config } = run;
  const counts = tickCounts(run);
  const rules = POLICY_RULES[config.policy];
  const otherHeld = (tenant: Tenant, t: number): boolean => {
    const o = counts[other(tenant)];
    const everySlot = mayUse(rules, false, o.waiting[t]!);
    return (everySlot ? o.running[t]! : o.borrowed[t]!) > 0;
  };
  const reading = (): IsolationReading => ({
    keptOutByOther: 0,
    noSlots: 0,
    keptOutByOwn: 0,
    ownCallFailed: 0,
    unresolved: 0,
  });
  const result = { A: reading(), B: reading() };
  const records = run.requests;
  const next = nextAttempts(run);
  records.forEach((first, i) => {
    if (first.attempt > 0) return;
    const { tenant } = first;
    let last = first;
    let byOther = false;
    let failed = false;
    for (let j = i; j >= 0; j = next ? next[j]! : -1) {
      last = records[j]!;
      const ending = endingOf(last);
      if (ending === 'failed' || ending === 'timed-out-running') failed = true;
      else if (ending === 'rejected' || ending === 'timed-out-waiting')
        byOther ||= blockedTicks(last, config.horizon).some((t) => otherHeld(tenant, t));
    }
    const m = result[tenant];
    const ending = endingOf(last);
    if (ending === 'completed') return;
    if (ending === 'pending') m.unresolved++;
    else if (hasNoSlots(config, tenant)) m.noSlots++;
    else if (byOther) m.keptOutByOther++;
    else if (failed) m.ownCallFailed++;
    else m.keptOutByOwn++;
  });
  return result;
}
