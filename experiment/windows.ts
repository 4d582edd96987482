// Fixed time windows on the shared clock, and the event-loop delay of the calling thread per window.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { EventLoopDelay } from './types.js';
import { now } from './net.js';

export interface WindowTicker {
  /** Resolves after the last window has been reported, or when the ticker is stopped. */
  readonly done: Promise<void>;
  /** Stops the ticker; windows that have not ended are not reported. */
  stop(): void;
}

/** How many windows cover the measured period (the last one may be shorter). */
export function windowCount(period: { durationMs: number; windowMs: number }): number {
  return Math.ceil(period.durationMs / period.windowMs);
}

/**
 * Calls `onWindowEnd(k)` when window k (from startAt + k·windowMs) ends, for k < count. Each
 * timeout is aimed at the absolute boundary, so late callbacks do not shift later windows.
 */
export function tickWindows(
  startAt: number,
  windowMs: number,
  count: number,
  onWindowEnd: (index: number) => void,
): WindowTicker {
  let index = 0;
  let timer: NodeJS.Timeout | undefined;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const schedule = (): void => {
    if (index >= count) return finish();
    timer = setTimeout(
      () => {
        onWindowEnd(index++);
        schedule();
      },
      Math.max(0, startAt + (index + 1) * windowMs - now()),
    );
  };
  schedule();
  return {
    done,
    stop: () => {
      clearTimeout(timer);
      finish();
    },
  };
}

const NS_PER_MS = 1e6;
/** Sampling interval of the monitor. It records the time between its timer's runs, so the delay is that minus this. */
const RESOLUTION_MS = 10;
const delayMs = (nanoseconds: number): number => Math.max(0, nanoseconds / NS_PER_MS - RESOLUTION_MS);

export interface LoopDelayWatch {
  /** Forgets everything recorded so far (e.g. the warm-up). */
  reset(): void;
  /** Peak delay since the previous window ended; starts the next window. */
  endWindow(tMs: number): void;
  finish(): EventLoopDelay;
}

export function watchEventLoop(): LoopDelayWatch {
  // Two monitors: one reset at every window, one over the whole measured period.
  const whole = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  whole.enable();
  window.enable();
  const windows: { tMs: number; peakMs: number }[] = [];
  const peak = (histogram: IntervalHistogram): number => (histogram.count > 0 ? delayMs(histogram.max) : 0);
  return {
    reset() {
      whole.reset();
      window.reset();
      windows.length = 0;
    },
    endWindow(tMs) {
      windows.push({ tMs, peakMs: round(peak(window)) });
      window.reset();
    },
    finish() {
      whole.disable();
      window.disable();
      const count = whole.count;
      return {
        peakMs: round(peak(whole)),
        p99Ms: round(count > 0 ? delayMs(whole.percentile(99)) : 0),
        meanMs: round(count > 0 ? delayMs(whole.mean) : 0),
        windows,
      };
    },
  };
}

/** Two decimals are more than the timers behind these figures can resolve. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
