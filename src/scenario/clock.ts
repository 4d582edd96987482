/**
 * Playback time: inspection seconds ↔ ticks, speeds, an injectable source of real time, and the
 * clock of a scenario that is not playing. Playing it is `Playback`'s job (`playback.ts`).
 */

/** Real time as the playback sees it. Inject a fake in tests so they never wait on real seconds. */
export interface TimeSource {
  /** Milliseconds, monotonic. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function isTimeSource(value: unknown): value is TimeSource {
  try {
    return (
      typeof value === 'object' &&
      value !== null &&
      ['now', 'setTimeout', 'clearTimeout'].every(
        (name) => typeof (value as Record<string, unknown>)[name] === 'function',
      )
    );
  } catch {
    return false;
  }
}

/** What a clock's `now()` gave when it was not a time: the value, or that it threw; or the timer call that threw. */
export interface ClockFailure {
  value: unknown;
  threw: boolean;
  /** The timer call that threw; absent for `now()`. */
  method?: 'setTimeout' | 'clearTimeout';
}

/** `time.now()` as a finite number, or what went wrong with it. */
export function read(time: TimeSource): number | ClockFailure {
  try {
    const value: unknown = time.now();
    return typeof value === 'number' && Number.isFinite(value) ? value : { value, threw: false };
  } catch (error) {
    return { value: error, threw: true };
  }
}

export const realTime: TimeSource = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

/** The whole window plays over this many inspection seconds at 1×. */
export const WINDOW_SECONDS = 60;
export const SPEEDS = [0.25, 0.5, 1, 2] as const;
export type Speed = (typeof SPEEDS)[number];

export const isSpeed = (value: unknown): value is Speed => SPEEDS.includes(value as Speed);

/** Inspection seconds per tick in a window that ends at `horizon`. */
export const secondsPerTick = (horizon: number): number => WINDOW_SECONDS / Math.max(1, horizon);

/** The tick `elapsed` inspection seconds fall in. */
export const tickAt = (elapsed: number, horizon: number): number =>
  // The small epsilon keeps 3 × 7 = 21.000000000000004 s from reading as tick 6.
  Math.min(horizon, Math.floor(elapsed / secondsPerTick(horizon) + 1e-9));

/** Where a scenario's inspection stands and which clocks it has: what a `Playback` starts from. */
export interface Position {
  readonly horizon: number;
  readonly elapsed: number;
  readonly speed: Speed;
  readonly time: TimeSource;
  /** The clock in use before `time`, which worked: taken back if `time` breaks while playing. */
  readonly previous: TimeSource;
  readonly clockFailure: ClockFailure | null;
}

/** A scenario's clock, still or playing: what it reads and how its requests move it. */
export interface Clock {
  readonly tick: number;
  /** Inspection seconds since tick 0, 0–60. */
  readonly elapsed: number;
  readonly playing: boolean;
  readonly speed: Speed;
  /** The clock in use: one whose `now()` last gave a number. */
  readonly time: TimeSource;
  /**
   * Why the last clock given was refused (its `now()` threw or gave no number) or dropped (it broke
   * while in use); null once a working clock is set.
   */
  readonly clockFailure: ClockFailure | null;
  seek(tick: number): void;
  pause(): void;
  setSpeed(speed: Speed): void;
  setHorizon(horizon: number): void;
  /**
   * Takes `time` if its `now()` gives a number (a playing clock also checks its timers); otherwise
   * keeps the clock in use and says why (`clockFailure`).
   */
  setTime(time: TimeSource): void;
}

/**
 * The clock of a scenario that has never played: it stands where it is sought, keeps a speed, and
 * checks a time source it is given, but reads no time. A scenario that plays takes its position
 * over into a `Playback`.
 */
export class Still implements Clock, Position {
  #horizon: number;
  #elapsed = 0;
  #speed: Speed = 1;
  #time: TimeSource = realTime;
  #previous: TimeSource = realTime;
  #clockFailure: ClockFailure | null = null;
  readonly #onClock: () => void;

  /** `onClock` hears when `clockFailure` changes. */
  constructor(horizon: number, onClock: () => void) {
    this.#horizon = horizon;
    this.#onClock = onClock;
  }

  get horizon(): number {
    return this.#horizon;
  }
  get previous(): TimeSource {
    return this.#previous;
  }
  get tick(): number {
    return tickAt(this.#elapsed, this.#horizon);
  }
  get elapsed(): number {
    return this.#elapsed;
  }
  get playing(): boolean {
    return false;
  }
  get speed(): Speed {
    return this.#speed;
  }
  get time(): TimeSource {
    return this.#time;
  }
  get clockFailure(): ClockFailure | null {
    return this.#clockFailure;
  }

  seek(tick: number): void {
    this.#elapsed = Math.min(this.#horizon, Math.max(0, tick)) * secondsPerTick(this.#horizon);
  }
  pause(): void {}
  setSpeed(speed: Speed): void {
    this.#speed = speed;
  }
  setHorizon(horizon: number): void {
    const tick = this.tick;
    this.#horizon = horizon;
    this.seek(tick);
  }
  setTime(time: TimeSource): void {
    const failed = this.#clockFailure !== null;
    const now = read(time);
    if (typeof now === 'number') {
      if (time !== this.#time) this.#previous = this.#time;
      this.#time = time;
      this.#clockFailure = null;
      if (failed) this.#onClock();
    } else {
      this.#clockFailure = now;
      this.#onClock();
    }
  }
}
