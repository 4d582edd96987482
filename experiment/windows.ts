// Fixed time windows on the shared clock, and the event-loop delay of the calling thread per window.
import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';
import type { EventLoopDelay } from './types.js';
import { now } from './net.js';

export interface WindowTicker {
  /** Resolves after the last window has been reported, or when the ticker is stopped. */
  readonly done: Promise<void>;
  /** Stops the ticker; windows that have not ended are not reported. */
  stop(): void;
}

/**
 * The windows that cover the lead and the fault period: window k spans [k·windowMs, (k+1)·windowMs)
 * from the fault's start, for k from `first` (negative when there is a lead) on, `count` of them.
 * The first and the last may be cut short by the ends of the measured period.
 */
export function windowSpan(period: { leadMs: number; durationMs: number; windowMs: number }): {
  first: number;
  count: number;
} {
  const first = Math.floor(-period.leadMs / period.windowMs);
  return { first, count: Math.ceil(period.durationMs / period.windowMs) - first };
}

/** The window a time (ms from the fault's start) falls in, as an index into the span's windows. */
export function windowIndex(tMs: number, period: { leadMs: number; durationMs: number; windowMs: number }): number {
  const span = windowSpan(period);
  return Math.min(span.count - 1, Math.max(0, Math.floor(tMs / period.windowMs) - span.first));
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
  /** Forgets everything recorded so far (the warm-up): the lead begins. */
  reset(): void;
  /** The fault period begins: the run's figures count from here; the windows go on. */
  startFault(): void;
  /** Peak delay and utilization since the previous window ended; starts the next window. */
  endWindow(tMs: number): void;
  finish(): EventLoopDelay;
}

/**
 * Event-loop delay and utilization of the calling thread: per window, and over the fault period.
 * A timer every RESOLUTION_MS also notes when, from the fault's start on, the delay first reached
 * `stallMs`, as ms from `faultAt`.
 */
export function watchEventLoop(options: { faultAt: number; stallMs?: number }): LoopDelayWatch {
  // Two monitors: one reset at every window, one over the fault period.
  const whole = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  whole.enable();
  window.enable();
  let wholeSince: EventLoopUtilization = performance.eventLoopUtilization();
  let windowSince = wholeSince;
  const windows: { tMs: number; peakMs: number; utilization: number }[] = [];
  const peak = (histogram: IntervalHistogram): number => (histogram.count > 0 ? delayMs(histogram.max) : 0);

  let firstStallAt: number | null = null;
  let lastTick = now();
  const stallMs = options.stallMs ?? Infinity;
  const stalls = setInterval(() => {
    const t = now();
    if (firstStallAt === null && t - lastTick - RESOLUTION_MS >= stallMs) firstStallAt = lastTick + RESOLUTION_MS;
    lastTick = t;
  }, RESOLUTION_MS);
  stalls.unref();

  return {
    reset() {
      whole.reset();
      window.reset();
      windows.length = 0;
      wholeSince = windowSince = performance.eventLoopUtilization();
      firstStallAt = null;
      lastTick = now();
    },
    startFault() {
      whole.reset();
      wholeSince = performance.eventLoopUtilization();
      firstStallAt = null;
    },
    endWindow(tMs) {
      const current = performance.eventLoopUtilization();
      windows.push({
        tMs,
        peakMs: round(peak(window)),
        utilization: round(performance.eventLoopUtilization(current, windowSince).utilization),
      });
      windowSince = current;
      window.reset();
    },
    finish() {
      clearInterval(stalls);
      whole.disable();
      window.disable();
      const count = whole.count;
      return {
        peakMs: round(peak(whole)),
        p99Ms: round(count > 0 ? delayMs(whole.percentile(99)) : 0),
        meanMs: round(count > 0 ? delayMs(whole.mean) : 0),
        utilization: round(performance.eventLoopUtilization(wholeSince).utilization),
        firstStallMs: firstStallAt === null ? null : round(firstStallAt - options.faultAt),
        windows,
      };
    },
  };
}

/** Two decimals are more than the timers behind these figures can resolve. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
