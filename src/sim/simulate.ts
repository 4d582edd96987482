/** The tick engine (docs/MODEL.md, One tick, in order): config in, one record per offered request out. */
import { validateConfig, type LabConfig, type Tenant } from './config.js';

export type Outcome = 'completed' | 'failed' | 'timed-out' | 'rejected' | 'pending';

export interface RequestRecord {
  id: string;
  tenant: Tenant;
  arrival: number;
  deadline: number;
  start: number | null;
  slot: number | null;
  borrowed: boolean;
  end: number | null;
  outcome: Outcome;
  latency: number | null;
}

export interface LabRun {
  config: LabConfig;
  /** In offer order: earlier tick first, A's before B's within a tick. */
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
 *
 * Why queues suffice: within a tenant, requests start in offer order and share one hold and one
 * timeout, so running calls end in start order and waiting ones expire from the front.
 */
export function simulateValid(config: LabConfig): LabRun {
  const { policy, slots, reservedA, aPerTick, bEvery, aFault, horizon, lastArrival } = config;
  const partitioned = policy === 'strict-partitions' || policy === 'borrowing';
  const homeOf = (slot: number): Tenant => (slot < reservedA ? 'A' : 'B');

  // Shared policies keep every free slot in `free.A`; partitioned ones split them by home.
  const free: Record<Tenant, FreeSlots> = { A: new FreeSlots(), B: new FreeSlots() };
  for (let slot = 0; slot < slots; slot++) free[partitioned ? homeOf(slot) : 'A'].add(slot);
  const waiting: Record<Tenant, Fifo<RequestRecord>> = { A: new Fifo(), B: new Fifo() };
  const running: Record<Tenant, Fifo<RequestRecord>> = { A: new Fifo(), B: new Fifo() };
  const requests: RequestRecord[] = [];
  const count: Record<Tenant, number> = { A: 0, B: 0 };
  let lastStarted: Tenant | null = null;

  const release = (slot: number) => free[partitioned ? homeOf(slot) : 'A'].add(slot);

  /** Starts `request` in `slot` at tick `t`; returns whether the slot stays held. */
  const start = (request: RequestRecord, slot: number, t: number): boolean => {
    const { tenant } = request;
    request.start = t;
    request.slot = slot;
    request.borrowed = partitioned && homeOf(slot) !== tenant;
    lastStarted = tenant;
    if (tenant === 'A' && aFault === 'fail-fast') {
      finish(request, t, 'failed');
      return false;
    }
    const hold = tenant === 'A' ? (aFault === 'stall' ? Infinity : config.aHold) : config.bHold;
    if (t + hold <= request.deadline) finish(request, t + hold, 'completed');
    else finish(request, request.deadline, 'timed-out');
    running[tenant].push(request);
    return true;
  };

  const finish = (request: RequestRecord, end: number, outcome: Outcome) => {
    request.end = end;
    request.outcome = outcome;
    request.latency = outcome === 'completed' || outcome === 'failed' ? end - request.arrival : null;
  };

  /** Which tenant a shared slot serves next; null when nobody waits. */
  const sharedChoice = (): Tenant | null => {
    const a = waiting.A.peek();
    const b = waiting.B.peek();
    if (!a || !b) return a ? 'A' : b ? 'B' : null;
    const older: Tenant = a.arrival <= b.arrival ? 'A' : 'B'; // A's offers precede B's within a tick
    if (policy === 'shared-fifo' || lastStarted === null) return older;
    return other(lastStarted);
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
        const tenant = waiting[home].size > 0 ? home : policy === 'borrowing' && waiting[guest].size > 0 ? guest : null;
        if (!tenant) break;
        const slot = free[home].take();
        if (!start(waiting[tenant].shift(), slot, t)) free[home].add(slot);
      }
    }
  };

  /** Step 4: direct handoff, else the queue, else rejection. */
  const offer = (tenant: Tenant, t: number) => {
    const index = count[tenant]++;
    const request: RequestRecord = {
      id: tenant + index,
      tenant,
      arrival: t,
      deadline: t + (tenant === 'A' ? config.aTimeout : config.bTimeout),
      start: null,
      slot: null,
      borrowed: false,
      end: null,
      outcome: 'pending',
      latency: null,
    };
    requests.push(request);
    let pool: FreeSlots | null = null;
    if (!partitioned) pool = free.A.size > 0 ? free.A : null;
    else if (free[tenant].size > 0) pool = free[tenant];
    else if (policy === 'borrowing' && free[other(tenant)].size > 0 && waiting[other(tenant)].size === 0) {
      pool = free[other(tenant)];
    }
    if (pool) {
      const slot = pool.take();
      if (!start(request, slot, t)) pool.add(slot);
    } else if (waiting[tenant].size < config.queueCap) {
      waiting[tenant].push(request);
    } else {
      finish(request, t, 'rejected');
    }
  };

  const lastOffer = Math.min(lastArrival, horizon);
  for (let t = 0; t <= horizon; t++) {
    // Steps 1–2: ends were fixed at start (completion when due by the deadline, else timeout),
    // so both steps are one sweep; either way the slot is free before dispatch.
    for (const tenant of ['A', 'B'] as const) {
      const queue = running[tenant];
      while (queue.size > 0 && queue.peek()!.end! <= t) release(queue.shift().slot!);
      const line = waiting[tenant];
      while (line.size > 0 && line.peek()!.deadline <= t) finish(line.shift(), t, 'timed-out');
    }
    dispatch(t);
    if (t <= lastOffer) {
      for (let i = 0; i < aPerTick; i++) offer('A', t);
      if (t % bEvery === 0) offer('B', t);
    }
  }

  // Calls still running at the horizon have not ended yet: their planned end is not an outcome.
  for (const tenant of ['A', 'B'] as const) {
    for (const request of running[tenant].remaining()) {
      request.end = null;
      request.outcome = 'pending';
      request.latency = null;
    }
  }
  return { config, requests };
}
