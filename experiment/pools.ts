// A cockatiel bulkhead plus the occupancy figures the report needs (executing, queued, peaks).
import { bulkhead, type BulkheadPolicy } from 'cockatiel';
import type { BulkheadName, BulkheadWindow } from './types.js';

interface Peaks {
  executing: number;
  queued: number;
  occupancy: number;
}

/** A window also counts its rejections; the run's total is `rejected`. */
interface WindowFigures extends Peaks {
  rejected: number;
}

export class MeasuredBulkhead {
  readonly policy: BulkheadPolicy;
  /** Calls offered to the bulkhead (admitted = calls − rejected). */
  calls = 0;
  /** Calls refused because every slot and queue place was taken. */
  rejected = 0;
  private readonly run: Peaks = { executing: 0, queued: 0, occupancy: 0 };
  private window: WindowFigures = { executing: 0, queued: 0, occupancy: 0, rejected: 0 };

  constructor(
    readonly name: BulkheadName,
    readonly limit: number,
    readonly queue: number,
  ) {
    this.policy = bulkhead(limit, queue);
    this.policy.onReject(() => {
      this.rejected++;
      this.window.rejected++;
    });
  }

  get executing(): number {
    return this.limit - this.policy.executionSlots;
  }

  get queued(): number {
    return this.queue - this.policy.queueSlots;
  }

  get admitted(): number {
    return this.calls - this.rejected;
  }

  get capacity(): number {
    return this.limit + this.queue;
  }

  /**
   * Runs `call` inside the bulkhead. Settles at the latest when `signal` aborts: cockatiel 3 keeps
   * a cancelled call in its queue until a slot frees, and the caller must not wait for that.
   */
  execute<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    const task = this.policy.execute(({ signal: inner }) => call(inner), signal);
    // execute() takes a slot or a queue place synchronously, so the occupancy is current here.
    this.calls++;
    this.observe();
    return settleByAbort(task, signal);
  }

  /** Forgets counts and peaks so far (the warm-up); peaks restart from the current occupancy. */
  resetFigures(): void {
    this.calls = 0;
    this.rejected = 0;
    Object.assign(this.run, this.current());
    this.window = { ...this.current(), rejected: 0 };
  }

  /** Peaks since the last call; the next window starts from the current occupancy. */
  takeWindow(tMs: number): BulkheadWindow {
    const taken = this.window;
    this.window = { ...this.current(), rejected: 0 };
    return {
      tMs,
      occupancyPeak: taken.occupancy,
      executingPeak: taken.executing,
      queuedPeak: taken.queued,
      rejected: taken.rejected,
    };
  }

  runPeaks(): { executingPeak: number; queuedPeak: number; occupancyPeak: number } {
    return { executingPeak: this.run.executing, queuedPeak: this.run.queued, occupancyPeak: this.run.occupancy };
  }

  private current(): Peaks {
    return { executing: this.executing, queued: this.queued, occupancy: this.executing + this.queued };
  }

  private observe(): void {
    const executing = this.executing;
    const queued = this.queued;
    for (const peaks of [this.run, this.window]) {
      peaks.executing = Math.max(peaks.executing, executing);
      peaks.queued = Math.max(peaks.queued, queued);
      peaks.occupancy = Math.max(peaks.occupancy, executing + queued);
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
