// A second, deliberately naive engine: docs/MODEL.md, "One tick, in order" to "Direct handoff" and
// "Retries and recovery", transcribed line by line, with a slot array scanned every tick, outcomes
// decided only when they happen, and every retry found by scanning every attempt so far. Slow, but
// obviously the documented rules; the property tests check that the fast engine agrees with it on
// thousands of random configs.
import type { LabConfig, RequestRecord, Tenant } from '../../src/sim/index.js';

/** Whether an A call starting at tick `t` meets the fault: before A recovers (if it ever does). */
export const faultyAt = (config: LabConfig, t: number): boolean =>
  config.aFault !== 'none' && (config.aRecovers === undefined || config.aRecovers === null || t < config.aRecovers);

/** Ticks a started request holds its slot unless it times out first (a stalled A: for ever). */
export const holdOf = (config: LabConfig, r: RequestRecord): number =>
  r.tenant === 'A' ? (faultyAt(config, r.start!) && config.aFault === 'stall' ? Infinity : config.aHold) : config.bHold;

/** The timeout of a tenant's calls. */
const timeoutOf = (config: LabConfig, tenant: Tenant): number => (tenant === 'A' ? config.aTimeout : config.bTimeout);

/**
 * A record's deadline by the documented rule: arrival + timeout; where the timeout starts at the
 * start, start + timeout once it started, and none (null) while it never did.
 */
export const deadlineOf = (config: LabConfig, r: RequestRecord): number | null =>
  config.timeoutFrom === 'start'
    ? r.start === null
      ? null
      : r.start + timeoutOf(config, r.tenant)
    : r.arrival + timeoutOf(config, r.tenant);

export function naiveSimulate(config: LabConfig): RequestRecord[] {
  const retries = config.retries ?? 0;
  const retryDelay = config.retryDelay ?? 1;
  const retryBudget = config.retryBudget ?? null;
  const partitioned = config.policy === 'strict-partitions' || config.policy === 'borrowing';
  const home = (slot: number): Tenant | null => (partitioned ? (slot < config.reservedA ? 'A' : 'B') : null);
  const hold = (r: RequestRecord) => holdOf(config, r);
  const slots: (RequestRecord | null)[] = new Array(config.slots).fill(null);
  const all: RequestRecord[] = [];
  let waiting: RequestRecord[] = []; // offer order
  let lastStarted: Tenant | null = null;
  const counter = { A: 0, B: 0 };

  const oldest = (tenant: Tenant) => waiting.find((r) => r.tenant === tenant) ?? null;
  const startIn = (r: RequestRecord, slot: number, t: number) => {
    waiting = waiting.filter((w) => w !== r);
    r.start = t;
    r.deadline = deadlineOf(config, r);
    r.slot = slot;
    r.borrowed = home(slot) !== null && home(slot) !== r.tenant;
    lastStarted = r.tenant;
    if (r.tenant === 'A' && config.aFault === 'fail-fast' && faultyAt(config, t)) {
      r.end = t;
      r.outcome = 'failed';
      r.latency = t - r.arrival;
    } else {
      slots[slot] = r;
    }
  };
  const choose = (slot: number): RequestRecord | null => {
    const a = oldest('A');
    const b = oldest('B');
    switch (config.policy) {
      case 'shared-fifo':
        return waiting[0] ?? null;
      case 'shared-round-robin':
        if (a && b) {
          const tenant = lastStarted === null ? waiting[0]!.tenant : lastStarted === 'A' ? 'B' : 'A';
          return tenant === 'A' ? a : b;
        }
        return a ?? b;
      case 'strict-partitions':
        return home(slot) === 'A' ? a : b;
      case 'borrowing':
        return home(slot) === 'A' ? (a ?? b) : (b ?? a);
    }
  };
  const handoffSlot = (tenant: Tenant): number | null => {
    const freeSlots = slots.flatMap((r, i) => (r === null ? [i] : []));
    if (!partitioned) return freeSlots[0] ?? null;
    const own = freeSlots.find((i) => home(i) === tenant);
    if (own !== undefined) return own;
    if (config.policy === 'strict-partitions') return null;
    const foreign = freeSlots.find((i) => home(i) !== tenant && oldest(home(i)!) === null);
    return foreign ?? null;
  };

  for (let t = 0; t <= config.horizon; t++) {
    // 1. finish due work
    slots.forEach((r, i) => {
      if (r && r.start! + hold(r) === t) {
        r.end = t;
        r.outcome = 'completed';
        r.latency = t - r.arrival;
        slots[i] = null;
      }
    });
    // 2. expire overdue requests, waiting or running (a waiting one may have no deadline)
    const overdue = (r: RequestRecord) => r.deadline !== null && r.deadline <= t;
    for (const r of waiting.filter(overdue)) {
      r.end = t;
      r.outcome = 'timed-out';
    }
    waiting = waiting.filter((w) => !overdue(w));
    slots.forEach((r, i) => {
      if (r && overdue(r)) {
        r.end = t;
        r.outcome = 'timed-out';
        slots[i] = null;
      }
    });
    // 3. dispatch, one pass over the slots in numeric order
    for (let i = 0; i < slots.length; i++) {
      while (slots[i] === null) {
        const r = choose(i);
        if (!r) break;
        startIn(r, i, t);
      }
    }
    // 4. offer new requests, then the retries due now
    const admit = (r: RequestRecord) => {
      all.push(r);
      const slot = handoffSlot(r.tenant);
      if (slot !== null) startIn(r, slot, t);
      else if (waiting.filter((w) => w.tenant === r.tenant).length < config.queueCap) waiting.push(r);
      else {
        r.end = t;
        r.outcome = 'rejected';
      }
    };
    const attempt = (tenant: Tenant, request: string, n: number): RequestRecord => {
      const r: RequestRecord = {
        id: n === 0 ? request : `${request}.${n}`,
        request,
        attempt: n,
        tenant,
        arrival: t,
        deadline: null,
        start: null,
        slot: null,
        borrowed: false,
        end: null,
        outcome: 'pending',
        latency: null,
      };
      r.deadline = deadlineOf(config, r);
      return r;
    };
    if (t <= config.lastArrival) {
      const offers: Tenant[] = [
        ...new Array<Tenant>(config.aPerTick).fill('A'),
        ...(t % config.bEvery === 0 ? ['B' as const] : []),
      ];
      for (const tenant of offers) {
        const id = `${tenant}${counter[tenant]++}`;
        admit(attempt(tenant, id, 0));
      }
    }
    const requestOrder = (r: RequestRecord) => all.findIndex((x) => x.id === r.request);
    const due = all
      .filter((r) => ['failed', 'timed-out', 'rejected'].includes(r.outcome))
      .filter((r) => r.end! + retryDelay === t && r.attempt < retries)
      .sort((x, y) => requestOrder(x) - requestOrder(y));
    for (const r of due) {
      const firstAttempts = all.filter((x) => x.tenant === r.tenant && x.attempt === 0).length;
      const sent = all.filter((x) => x.tenant === r.tenant && x.attempt > 0).length;
      if (retryBudget !== null && 100 * (sent + 1) > retryBudget * firstAttempts) continue;
      admit(attempt(r.tenant, r.request, r.attempt + 1));
    }
  }
  return all;
}
