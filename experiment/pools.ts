// The bulkheads: cockatiel's when calls never wait (a slot limit, no queue), otherwise a semaphore
// whose waiting line is capped by count (a thread pool's bounded queue) or by time (Resilience4j's
// maxWaitDuration), plus the figures the report needs. cockatiel 3.2's own queue is not used: a
// queued call that is aborted keeps its place, and when a slot frees for it the slot stays empty
// while the calls behind it wait (cockatiel#112, fixed in 4.0, which needs Node 22).
import { bulkhead, BulkheadRejectedError, type BulkheadPolicy } from 'cockatiel';
import type { BulkheadName, BulkheadResult, BulkheadWindow } from './types.js';
import { now } from './net.js';

interface Peaks {
  executing: number;
  queued: number;
  occupancy: number;
}

/** A window also counts its rejections; the run's total is `rejected`. */
interface WindowFigures extends Peaks {
  rejected: number;
}

/** What a call is, for the counts: measured or warm-up, and in the fault period or the lead. */
export interface CallTag {
  measured: boolean;
  faultPeriod: boolean;
}

/** Thrown when a semaphore caller waited maxWaitMs and still found no slot. */
export class WaitExpiredError extends BulkheadRejectedError {
  constructor(limit: number) {
    super(limit, 0);
  }
}

/** The two ways to limit concurrent calls: both run `call` in a slot or refuse with BulkheadRejectedError. */
interface Limiter {
  readonly executing: number;
  readonly queued: number;
  execute<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T>;
}

/** cockatiel's bulkhead with no queue: a call runs in a free slot or is refused at once. */
class CockatielLimiter implements Limiter {
  readonly #policy: BulkheadPolicy;
  constructor(readonly limit: number) {
    this.#policy = bulkhead(limit, 0);
  }
  get executing(): number {
    return this.limit - this.#policy.executionSlots;
  }
  get queued(): number {
    return 0;
  }
  execute<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    return this.#policy.execute(({ signal: inner }) => call(inner), signal);
  }
}

interface Waiter {
  start: () => void;
}

/**
 * A semaphore of `limit` slots. A caller that finds none free joins a line, first come first served,
 * if the line has fewer than `queue` callers (null: no cap); otherwise it is refused. It waits at
 * most `maxWaitMs` (null: until a slot frees), then is refused with WaitExpiredError. A caller whose
 * signal aborts while waiting leaves the line at once, so its place and its turn go to the next.
 */
class Semaphore implements Limiter {
  executing = 0;
  readonly #line: Waiter[] = [];
  constructor(
    readonly limit: number,
    readonly queue: number | null,
    readonly maxWaitMs: number | null,
  ) {}
  get queued(): number {
    return this.#line.length;
  }
  execute<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    const run = async (): Promise<T> => {
      try {
        return await call(signal);
      } finally {
        this.executing--;
        this.#line.shift()?.start();
      }
    };
    if (this.executing < this.limit) {
      this.executing++;
      return run();
    }
    if (this.maxWaitMs !== null && this.maxWaitMs <= 0) return Promise.reject(new WaitExpiredError(this.limit));
    if (this.queue !== null && this.#line.length >= this.queue)
      return Promise.reject(new BulkheadRejectedError(this.limit, this.queue));
    return new Promise<T>((resolve, reject) => {
      const leave = (error: unknown): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const index = this.#line.indexOf(waiter);
        if (index >= 0) this.#line.splice(index, 1);
        reject(error);
      };
      const onAbort = (): void => leave(signal.reason);
      const waiter: Waiter = {
        start: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          this.executing++;
          run().then(resolve, reject);
        },
      };
      const timer =
        this.maxWaitMs === null ? undefined : setTimeout(() => leave(new WaitExpiredError(this.limit)), this.maxWaitMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#line.push(waiter);
    });
  }
}

export class MeasuredBulkhead {
  readonly #limiter: Limiter;
  /** Measured calls of the fault period offered to it, and refused; `waitExpired` is part of `rejected`. */
  offered = 0;
  rejected = 0;
  waitExpired = 0;
  /** Shared-clock time a call of the fault period first found every slot busy. */
  saturatedAt: number | null = null;
  readonly #run: Peaks = { executing: 0, queued: 0, occupancy: 0 };
  #window: WindowFigures = { executing: 0, queued: 0, occupancy: 0, rejected: 0 };

  constructor(
    readonly name: BulkheadName,
    readonly limit: number,
    readonly queue: number,
    readonly maxWaitMs: number | null,
  ) {
    this.#limiter =
      this.kind === 'cockatiel'
        ? new CockatielLimiter(limit)
        : new Semaphore(limit, maxWaitMs === null ? queue : null, maxWaitMs);
  }

  /** cockatiel's bulkhead where no call waits; the semaphore wherever calls wait in a line. */
  get kind(): BulkheadResult['kind'] {
    return this.maxWaitMs === null && this.queue === 0 ? 'cockatiel' : 'semaphore';
  }

  get executing(): number {
    return this.#limiter.executing;
  }

  get queued(): number {
    return this.#limiter.queued;
  }

  /** Calls let through, at once or after waiting. Final once every call has settled or been aborted. */
  get admitted(): number {
    return this.offered - this.rejected;
  }

  get capacity(): number {
    return this.limit + (this.maxWaitMs === null ? this.queue : 0);
  }

  /**
   * Runs `call` inside the bulkhead. Settles at the latest when `signal` aborts, whether or not the
   * call has wound down by then: the caller answers at its timeout, not when the call lets go.
   */
  execute<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, tag: CallTag): Promise<T> {
    if (tag.faultPeriod && this.saturatedAt === null && this.executing >= this.limit) this.saturatedAt = now();
    if (tag.faultPeriod) this.offered++;
    const task = this.#limiter.execute(call, signal);
    // Both limiters take a slot or a place in line synchronously, so the occupancy is current here.
    this.#observe();
    // Registered before the caller's handlers, so a refusal is counted before the caller answers it.
    task.catch((error: unknown) => {
      if (!tag.measured || !(error instanceof BulkheadRejectedError)) return;
      this.#window.rejected++;
      if (!tag.faultPeriod) return;
      this.rejected++;
      if (error instanceof WaitExpiredError) this.waitExpired++;
    });
    return settleByAbort(task, signal);
  }

  /** Peaks restart from the current occupancy: what happened during the warm-up does not count. */
  startMeasuring(): void {
    Object.assign(this.#run, this.#current());
    this.#window = { ...this.#current(), rejected: 0 };
  }

  /** Peaks since the last call; the next window starts from the current occupancy. */
  takeWindow(tMs: number): BulkheadWindow {
    const taken = this.#window;
    this.#window = { ...this.#current(), rejected: 0 };
    return {
      tMs,
      occupancyPeak: taken.occupancy,
      executingPeak: taken.executing,
      queuedPeak: taken.queued,
      rejected: taken.rejected,
    };
  }

  runPeaks(): { executingPeak: number; queuedPeak: number; occupancyPeak: number } {
    return {
      executingPeak: this.#run.executing,
      queuedPeak: this.#run.queued,
      occupancyPeak: this.#run.occupancy,
    };
  }

  #current(): Peaks {
    return { executing: this.executing, queued: this.queued, occupancy: this.executing + this.queued };
  }

  #observe(): void {
    const { executing, queued, occupancy } = this.#current();
    for (const peaks of [this.#run, this.#window]) {
      peaks.executing = Math.max(peaks.executing, executing);
      peaks.queued = Math.max(peaks.queued, queued);
      peaks.occupancy = Math.max(peaks.occupancy, occupancy);
    }
  }
}

function settleByAbort<T>(task: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    task.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
