/** The tick engine (docs/MODEL.md, One tick, in order): config in, one record per attempt out. */
import {
  POLICY_RULES,
  retrySettings,
  validateConfig,
  type LabConfig,
  type PolicyRules,
  type Tenant,
} from './config.js';

export type Outcome = 'completed' | 'failed' | 'timed-out' | 'rejected' | 'pending';

/** One attempt of a request: without retries, the request itself. */
export interface RequestRecord {
  /** `A3` for a request's first attempt, `A3.1`, `A3.2` for its retries. */
  id: string;
  /** The id of the request's first attempt. */
  request: string;
  /** 0 for the first attempt, then 1, 2, … for each retry. */
  attempt: number;
  tenant: Tenant;
  arrival: number;
  /**
   * The tick at which it times out unless it has ended: arrival + its tenant's timeout; where the
   * timeout starts at the start (`timeoutFrom: 'start'`), start + timeout, and null while it never started.
   */
  deadline: number | null;
  start: number | null;
  slot: number | null;
  borrowed: boolean;
  end: number | null;
  outcome: Outcome;
  latency: number | null;
}

/** A run and everything in it are frozen: results handed around cannot be changed by whoever holds them. */
export interface LabRun {
  readonly config: Readonly<LabConfig>;
  /**
   * One record per attempt, in offer order: earlier tick first; within a tick, the tick's new
   * requests (A's before B's), then the retries due at that tick in their requests' offer order.
   */
  requests: RequestRecord[];
}

/** A queue that only ever takes from the front: an array with a moving head. */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;
  get size(): number {
    return this.items.length - this.head;
  }
  push(item: T): void {
    this.items.push(item);
  }
  peek(): T | undefined {
    return this.items[this.head];
  }
  shift(): T {
    const item = this.items[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
  /** Items still queued, front first. */
  remaining(): T[] {
    return this.items.slice(this.head);
  }
}

/** Free slot numbers, lowest first. */
class FreeSlots {
  private heap: number[] = [];
  get size(): number {
    return this.heap.length;
  }
  lowest(): number | undefined {
    return this.heap[0];
  }
  add(slot: number): void {
    const heap = this.heap;
    let i = heap.push(slot) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= slot) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = slot;
  }
  take(): number {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && heap[right]! < heap[left]! ? right : left;
        if (heap[child]! >= last) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}

const other = (tenant: Tenant): Tenant => (tenant === 'A' ? 'B' : 'A');

/**
 * Runs the scenario over ticks 0…horizon. Validates strictly (see `validateConfig`).
 */
export function simulate(input?: Partial<LabConfig>): LabRun {
  return simulateValid(validateConfig(input));
}

/**
 * `simulate` for a config that is already known to be valid, such as one from `normalizeConfig`:
 * the elements use it, so a page with one widget does not load the strict checks it never needs.
 * `rules` are its policy's, from the table unless given (a test runs another table's rules).
 *
 * Why queues suffice: within a tenant, attempts start in offer order and share one timeout, so
 * waiting ones expire from the front (where the timeout starts at the start, they never expire);
 * and calls that share one hold (B's; A's started while A was faulty; A's started after it
 * recovered) end in start order.
 */
export function simulateValid(config: LabConfig, rules: PolicyRules = POLICY_RULES[config.policy]): LabRun {
  const { slots, reservedA, aPerTick, bEvery, aFault, horizon, lastArrival } = config;
  const { aRecovers, retries, retryDelay, retryBudget } = retrySettings(config);
  const fromStart = config.timeoutFrom === 'start';
  const timeout: Record<Tenant, number> = { A: config.aTimeout, B: config.bTimeout };
  // The policy's rules, read once: the loop below reads only these, never the policy's name.
  const { partitioned, lends, roundRobin } = rules;
  const homeOf = (slot: number): Tenant => (slot < reservedA ? 'A' : 'B');

  // Shared policies keep every free slot in `free.A`; partitioned ones split them by home.
  const free: Record<Tenant, FreeSlots> = { A: new FreeSlots(), B: new FreeSlots() };
  for (let slot = 0; slot < slots; slot++) free[partitioned ? homeOf(slot) : 'A'].add(slot);
  /** Indices into `requests`, so that comparing two is comparing their offer order. */
  const waiting: Record<Tenant, Fifo<number>> = { A: new Fifo(), B: new Fifo() };
  /** Running calls by hold: B's, A's started while A was faulty, A's started healthy. */
  const running = [new Fifo<RequestRecord>(), new Fifo<RequestRecord>(), new Fifo<RequestRecord>()];
  const requests: RequestRecord[] = [];
  /** First attempts offered so far, and retries sent so far, per tenant. */
  const count: Record<Tenant, number> = { A: 0, B: 0 };
  const retried: Record<Tenant, number> = { A: 0, B: 0 };
  /** Retries due, by tick: each its request's offer order and the attempt it retries. */
  const due = new Map<number, [number, RequestRecord][]>();
  /** The offer order of each retry's request, by the retry's index in `requests`. */
  const orderOf = new Map<number, number>();
  let lastStarted: Tenant | null = null;

  const release = (slot: number) => free[partitioned ? homeOf(slot) : 'A'].add(slot);

  /** Ends attempt `index`; an attempt that did not complete is retried `retryDelay` ticks later, if it may be. */
  const finish = (index: number, end: number, outcome: Outcome) => {
    const request = requests[index]!;
    request.end = end;
    request.outcome = outcome;
    request.latency = outcome === 'completed' || outcome === 'failed' ? end - request.arrival : null;
    const tick = end + retryDelay;
    if (outcome === 'completed' || request.attempt >= retries || tick > horizon) return;
    let list = due.get(tick);
    if (!list) due.set(tick, (list = []));
    list.push([orderOf.get(index) ?? index, request]);
  };

  /** Starts attempt `index` in `slot` at tick `t`; returns whether the slot stays held. */
  const start = (index: number, slot: number, t: number): boolean => {
    const request = requests[index]!;
    const { tenant } = request;
    request.start = t;
    request.deadline ??= t + timeout[tenant];
    request.slot = slot;
    request.borrowed = partitioned && homeOf(slot) !== tenant;
    lastStarted = tenant;
    const faulty = tenant === 'A' && aFault !== 'none' && (aRecovers === null || t < aRecovers);
    if (faulty && aFault === 'fail-fast') {
      finish(index, t, 'failed');
      return false;
    }
    const hold = tenant === 'B' ? config.bHold : faulty ? Infinity : config.aHold;
    if (t + hold <= request.deadline) finish(index, t + hold, 'completed');
    else finish(index, request.deadline, 'timed-out');
    running[tenant === 'B' ? 0 : faulty ? 1 : 2]!.push(request);
    return true;
  };

  /** Which tenant a shared slot serves next; null when nobody waits. */
  const sharedChoice = (): Tenant | null => {
    const a = waiting.A.peek();
    const b = waiting.B.peek();
    if (a === undefined || b === undefined) return a !== undefined ? 'A' : b !== undefined ? 'B' : null;
    // Round-robin: the tenant that did not start last; else, or before any start, the older request.
    if (roundRobin && lastStarted !== null) return other(lastStarted);
    return a < b ? 'A' : 'B';
  };

  /** Step 3: one pass over free slots in numeric order. */
  const dispatch = (t: number) => {
    if (!partitioned) {
      for (let tenant = sharedChoice(); tenant && free.A.size > 0; tenant = sharedChoice()) {
        const slot = free.A.take();
        if (!start(waiting[tenant].shift(), slot, t)) free.A.add(slot);
      }
      return;
    }
    // A's home slots are numbered below B's, so visiting A's first keeps numeric order.
    for (const home of ['A', 'B'] as const) {
      const guest = other(home);
      while (free[home].size > 0) {
        const tenant = waiting[home].size > 0 ? home : lends && waiting[guest].size > 0 ? guest : null;
        if (!tenant) break;
        const slot = free[home].take();
        if (!start(waiting[tenant].shift(), slot, t)) free[home].add(slot);
      }
    }
  };

  /**
   * Step 4: offers one attempt — a new request, or a retry of `previous` whose request was offered
   * `order`th — by direct handoff, else into the queue, else it is rejected.
   */
  const offer = (tenant: Tenant, t: number, previous?: RequestRecord, order = 0) => {
    const attempt = previous ? previous.attempt + 1 : 0;
    const request = previous ? previous.request : tenant + count[tenant]++;
    const index = requests.length;
    if (previous) orderOf.set(index, order);
    requests.push({
      id: attempt ? `${request}.${attempt}` : request,
      request,
      attempt,
      tenant,
      arrival: t,
      deadline: fromStart ? null : t + timeout[tenant],
      start: null,
      slot: null,
      borrowed: false,
      end: null,
      outcome: 'pending',
      latency: null,
    });
    let pool: FreeSlots | null = null;
    if (!partitioned) pool = free.A.size > 0 ? free.A : null;
    else if (free[tenant].size > 0) pool = free[tenant];
    else if (lends && free[other(tenant)].size > 0 && waiting[other(tenant)].size === 0) {
      pool = free[other(tenant)];
    }
    if (pool) {
      const slot = pool.take();
      if (!start(index, slot, t)) pool.add(slot);
    } else if (waiting[tenant].size < config.queueCap) {
      waiting[tenant].push(index);
    } else {
      finish(index, t, 'rejected');
    }
  };

  const lastOffer = Math.min(lastArrival, horizon);
  for (let t = 0; t <= horizon; t++) {
    // Steps 1–2: ends were fixed at start (completion when due by the deadline, else timeout),
    // so both steps are one sweep; either way the slot is free before dispatch.
    for (const lane of running) {
      while (lane.size > 0 && lane.peek()!.end! <= t) release(lane.shift().slot!);
    }
    // Waiting calls have deadlines only where timeouts count from arrival.
    if (!fromStart)
      for (const tenant of ['A', 'B'] as const) {
        const line = waiting[tenant];
        while (line.size > 0 && requests[line.peek()!]!.deadline! <= t) finish(line.shift(), t, 'timed-out');
      }
    dispatch(t);
    if (t <= lastOffer) {
      for (let i = 0; i < aPerTick; i++) offer('A', t);
      if (t % bEvery === 0) offer('B', t);
    }
    // Then the retries due now, in their requests' offer order, each within its tenant's budget.
    const dueNow = due.get(t);
    if (dueNow) {
      due.delete(t);
      dueNow.sort((x, y) => x[0] - y[0]);
      for (const [order, previous] of dueNow) {
        const { tenant } = previous;
        if (retryBudget !== null && 100 * (retried[tenant] + 1) > retryBudget * count[tenant]) continue;
        retried[tenant]++;
        offer(tenant, t, previous, order);
      }
    }
  }

  // Calls still running at the horizon have not ended yet: their planned end is not an outcome.
  for (const lane of running) {
    for (const request of lane.remaining()) {
      request.end = null;
      request.outcome = 'pending';
      request.latency = null;
    }
  }
  // Frozen, so that a caller who edits a result gets a TypeError at the edit, never a wrong view later.
  for (const record of requests) Object.freeze(record);
  return Object.freeze({ config: Object.freeze(config), requests: Object.freeze(requests) as RequestRecord[] });
}
