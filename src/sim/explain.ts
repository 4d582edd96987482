/**
 * Why each attempt ended as it did, from a run's records alone (docs/MODEL.md, Explaining a
 * request): how it was admitted, which requests held the slots it could use while it had none, how
 * it ended, what it retried and what came after it. The isolation reading is in isolation.ts.
 */
import { POLICY_RULES, mayUse, quoteValue, retrySettings, type PolicyRules, type Tenant } from './config.js';
import { blockedTicks, endingOf, hasNoSlots, other, tickCounts, type Ending, type TickCounts } from './isolation.js';
import type { LabRun, RequestRecord } from './simulate.js';

/** How a request was admitted: a free slot at once, a place in its tenant's queue, or turned away. */
export type Admission = 'handoff' | 'queued' | 'rejected';

/** A call holding a slot, as a waiting request of the other or the same tenant saw it. */
export interface SlotHolder {
  slot: number;
  id: string;
  tenant: Tenant;
  /** An A call under a stalled dependency: it holds its slot until its timeout. */
  stalled: boolean;
  /** Running in a slot whose home is the other tenant, lent to it while idle. */
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
  /**
   * The tick its deadline was set: its arrival, or where timeouts start at the start
   * (`timeoutFrom: 'start'`), its start; null while it never started, so had no deadline.
   */
  deadlineSet: number | null;
  /** The tick it ended at; null when pending at the horizon. */
  endTick: number | null;
  /**
   * For a request kept from a slot (rejected, or timed out while waiting): `no-slots` when its
   * tenant has no slot it may use under the policy (see `hasNoSlots`); else
   * `other` when at some blocked tick a usable slot was held by the other tenant, else `own`; null
   * otherwise.
   */
  keptOutBy: 'other' | 'own' | 'no-slots' | null;
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

/** Whether `tenant` may use `slot` at `tick` under `rules` (see `mayUse`): after the tick, as the explanation reads it. */
function isUsable(
  rules: PolicyRules,
  reservedA: number,
  counts: Record<Tenant, TickCounts>,
  tenant: Tenant,
  slot: number,
  tick: number,
) {
  return mayUse(rules, slot < reservedA === (tenant === 'A'), counts[other(tenant)].waiting[tick]!);
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
  const rules = POLICY_RULES[run.config.policy];
  const blocked = blockedTicks(request, run.config.horizon).map((tick): BlockedTick => {
    const held = holdersAt(run, tick);
    const usable: number[] = [];
    for (let slot = 0; slot < run.config.slots; slot++)
      if (isUsable(rules, run.config.reservedA, counts, request.tenant, slot, tick)) usable.push(slot);
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
    deadlineSet: run.config.timeoutFrom === 'start' ? request.start : request.arrival,
    endTick: request.end,
    keptOutBy: keptOut ? (hasNoSlots(run.config, request.tenant) ? 'no-slots' : byOther ? 'other' : 'own') : null,
    attempts,
    previous: before ? { id: before.id, ending: endingOf(before), tick: before.end! } : null,
    retry: retryStep(run, request, attempts),
  };
}
