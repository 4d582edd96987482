/**
 * Why each attempt ended as it did, from a run's records alone (docs/MODEL.md, Explaining a
 * request): how it was admitted, which requests held the slots it could use while it had none, how
 * it ended, what it retried and what came after it; and per tenant, how many of its unfinished
 * requests the other tenant kept out.
 */
import { quoteValue, retrySettings, type Tenant } from './config.js';
import { nextAttempts } from './derive.js';
import type { LabRun, RequestRecord } from './simulate.js';

/** How a request was admitted: a free slot at once, a place in its tenant's queue, or turned away. */
export type Admission = 'handoff' | 'queued' | 'rejected';

/** How a request ended; `pending` when it was still waiting or running at the horizon. */
export type Ending = 'completed' | 'timed-out-waiting' | 'timed-out-running' | 'failed' | 'rejected' | 'pending';

/** A call holding a slot, as a waiting request of the other or the same tenant saw it. */
export interface SlotHolder {
  slot: number;
  id: string;
  tenant: Tenant;
  /** An A call under a stalled dependency: it holds its slot until its timeout. */
  stalled: boolean;
  /** Running in a slot whose home is the other tenant (borrowing only). */
  borrowed: boolean;
}

/** One tick a request spent without a slot: the slots its policy let it use then, and who held them. */
export interface BlockedTick {
  tick: number;
  /** The slots the request could use at this tick, in slot order. */
  usable: number[];
  /** The calls holding those slots after this tick, in slot order. */
  holders: SlotHolder[];
}

/** How an earlier attempt ended, as the retry after it recalls it. */
export interface AttemptEnd {
  id: string;
  ending: Ending;
  tick: number;
}

/** What came of an attempt that did not complete, in a run that retries. */
export type RetryStep =
  /** Retried: attempt `id` was offered at `tick`. */
  | { kind: 'sent'; id: string; tick: number }
  /** Due at `tick`, but the tenant's retry budget refused it. */
  | { kind: 'refused'; tick: number }
  /** It would have been due at `tick`, after the horizon. */
  | { kind: 'too-late'; tick: number }
  /** Every retry the config allows was sent. */
  | { kind: 'none-left' };

export interface Explanation {
  /** The attempt explained (without retries, the request itself). */
  request: RequestRecord;
  admission: Admission;
  /**
   * The ticks it spent without a slot: from arrival until the tick before it started or ended (or
   * the horizon); for a rejection, its arrival tick. Empty for a direct handoff.
   */
  blocked: BlockedTick[];
  ending: Ending;
  /** The tick it ended at; null when pending at the horizon. */
  endTick: number | null;
  /**
   * For a request kept from a slot (rejected, or timed out while waiting): `other` when at some
   * blocked tick a usable slot was held by the other tenant, else `own`; null otherwise.
   */
  keptOutBy: 'other' | 'own' | null;
  /** Every attempt of its request, first to last. */
  attempts: RequestRecord[];
  /** For a retry: the attempt it retries, and how and when that ended; null for a first attempt. */
  previous: AttemptEnd | null;
  /**
   * What came of this attempt: null when it completed or is pending, or when the config makes no
   * retries.
   */
  retry: RetryStep | null;
}

/**
 * Per tenant, its offered requests that did not complete over the whole window, each counted once
 * (a request that retried, by all its attempts together: see `isolation`).
 */
export interface IsolationReading {
  /** Rejected or timed out while waiting, with a usable slot held by the other tenant at some tick of its wait. */
  keptOutByOther: number;
  /** Rejected or timed out while waiting, and every usable slot held by its own tenant. */
  keptOutByOwn: number;
  /** Failed fast or timed out in service: its own call did not finish. */
  ownCallFailed: number;
  /** Still waiting or running at the horizon. */
  unresolved: number;
}

const other = (tenant: Tenant): Tenant => (tenant === 'A' ? 'B' : 'A');

export function endingOf(record: RequestRecord): Ending {
  if (record.outcome === 'timed-out') return record.start === null ? 'timed-out-waiting' : 'timed-out-running';
  return record.outcome;
}

/** The first tick at which `record` is no longer waiting: it started, ended, or the window closed. */
const waitEnd = (record: RequestRecord, horizon: number) =>
  Math.min(record.start ?? Infinity, record.end ?? Infinity, horizon + 1);

/** The ticks a request spent without a slot (see `Explanation.blocked`). */
function blockedTicks(record: RequestRecord, horizon: number): number[] {
  if (record.outcome === 'rejected') return [record.arrival];
  const ticks: number[] = [];
  for (let t = record.arrival; t < waitEnd(record, horizon); t++) ticks.push(t);
  return ticks;
}

/** Per tenant and tick (after the tick): how many of its calls ran, ran borrowed, and waited. */
interface TickCounts {
  running: Int32Array;
  borrowed: Int32Array;
  waiting: Int32Array;
}

/** `TickCounts` for both tenants in one pass over the records (difference arrays, then sums). */
function tickCounts(run: LabRun): Record<Tenant, TickCounts> {
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
 * Whether `tenant` may use `slot` at `tick`: any slot under the shared policies; its home slots
 * under strict partitions; under borrowing, also the other tenant's while nobody of it waits.
 */
function isUsable(run: LabRun, counts: Record<Tenant, TickCounts>, tenant: Tenant, slot: number, tick: number) {
  const { policy, reservedA } = run.config;
  if (policy === 'shared-fifo' || policy === 'shared-round-robin') return true;
  const home = slot < reservedA === (tenant === 'A');
  return home || (policy === 'borrowing' && counts[other(tenant)].waiting[tick] === 0);
}

/** The call holding each slot after `tick`. */
function holdersAt(run: LabRun, tick: number): Map<number, SlotHolder> {
  const holders = new Map<number, SlotHolder>();
  const { aRecovers } = retrySettings(run.config);
  for (const r of run.requests) {
    if (r.arrival > tick) break;
    if (r.start === null || r.start > tick || (r.end !== null && tick >= r.end)) continue;
    // Only an A call that started before A recovered stalls.
    const stalled = r.tenant === 'A' && run.config.aFault === 'stall' && (aRecovers === null || r.start < aRecovers);
    holders.set(r.slot!, { slot: r.slot!, id: r.id, tenant: r.tenant, stalled, borrowed: r.borrowed });
  }
  return holders;
}

/** What came of `record`, an attempt of a run that retries (see `RetryStep`). */
function retryStep(run: LabRun, record: RequestRecord, attempts: RequestRecord[]): RetryStep | null {
  const { retries, retryDelay } = retrySettings(run.config);
  if (retries === 0 || record.end === null || record.outcome === 'completed') return null;
  const next = attempts[record.attempt + 1];
  const tick = record.end + retryDelay;
  if (next) return { kind: 'sent', id: next.id, tick: next.arrival };
  if (record.attempt >= retries) return { kind: 'none-left' };
  if (tick > run.config.horizon) return { kind: 'too-late', tick };
  return { kind: 'refused', tick }; // due and not sent: only the budget refuses a retry
}

/** Why attempt `id` ended as it did. @throws RangeError when the run has no such attempt. */
export function explain(run: LabRun, id: string): Explanation {
  const request = run.requests.find((r) => r.id === id);
  if (!request) throw new RangeError(`id: ${quoteValue(id)} is not a request of this run`);
  const counts = tickCounts(run);
  const blocked = blockedTicks(request, run.config.horizon).map((tick): BlockedTick => {
    const held = holdersAt(run, tick);
    const usable: number[] = [];
    for (let slot = 0; slot < run.config.slots; slot++)
      if (isUsable(run, counts, request.tenant, slot, tick)) usable.push(slot);
    return { tick, usable, holders: usable.flatMap((slot) => held.get(slot) ?? []) };
  });
  const ending = endingOf(request);
  const keptOut = ending === 'rejected' || ending === 'timed-out-waiting';
  const byOther = blocked.some((b) => b.holders.some((h) => h.tenant !== request.tenant));
  const attempts = run.config.retries ? run.requests.filter((r) => r.request === request.request) : [request];
  const before = attempts[request.attempt - 1];
  return {
    request,
    admission: ending === 'rejected' ? 'rejected' : request.start === request.arrival ? 'handoff' : 'queued',
    blocked,
    ending,
    endTick: request.end,
    keptOutBy: keptOut ? (byOther ? 'other' : 'own') : null,
    attempts,
    previous: before ? { id: before.id, ending: endingOf(before), tick: before.end! } : null,
    retry: retryStep(run, request, attempts),
  };
}

/**
 * The isolation reading of a whole run (see `IsolationReading`), each request that did not complete
 * counted once: unresolved when its last attempt is pending; else kept out by the other tenant when
 * any of its attempts was; else its own call failed when any attempt's did; else kept out by its own
 * tenant. From per-tick counts of attempts: a slot the tenant could use was held by the other tenant
 * when the other ran in the tenant's home slots, or, where the tenant may use every slot (shared, or
 * borrowing while the other has nobody waiting), when the other ran at all.
 */
export function isolation(run: LabRun): Record<Tenant, IsolationReading> {
  const { config } = run;
  const counts = tickCounts(run);
  const otherHeld = (tenant: Tenant, t: number): boolean => {
    const o = counts[other(tenant)];
    const everySlot = config.policy.startsWith('shared') || (config.policy === 'borrowing' && o.waiting[t] === 0);
    return (everySlot ? o.running[t]! : o.borrowed[t]!) > 0;
  };
  const reading = (): IsolationReading => ({ keptOutByOther: 0, keptOutByOwn: 0, ownCallFailed: 0, unresolved: 0 });
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
    else if (byOther) m.keptOutByOther++;
    else if (failed) m.ownCallFailed++;
    else m.keptOutByOwn++;
  });
  return result;
}
