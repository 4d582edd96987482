/** Playback time: inspection seconds ↔ ticks, speeds, and an injectable source of real time. */

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

/** What a clock's `now()` gave when it was not a time: the value, or that it threw. */
export interface ClockFailure {
  value: unknown;
  threw: boolean;
}

/** `time.now()` as a finite number, or what went wrong with it. */
function read(time: TimeSource): number | ClockFailure {
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

/**
 * A playback position in inspection seconds that advances at `speed` while playing and wakes its
 * owner once per tick boundary (never per animation frame).
 */
export class Playback {
  #startedAt = 0; // real ms when `elapsedAtStart` was taken
  #elapsedAtStart = 0;
  #timer: unknown = null;
  playing = false;
  speed: Speed = 1;
  /**
   * Why the last clock given was refused (its `now()` threw or gave no number) or dropped (it broke
   * while in use); null once a working clock is set.
   */
  clockFailure: ClockFailure | null = null;

  #horizon: number;
  readonly #onTick: () => void;
  readonly #onClock: () => void;
  #time: TimeSource;
  /** The clock in use before this one, which worked: taken back when this one breaks. */
  #previous: TimeSource = realTime;
  /** This clock's last good reading. */
  #lastNow = 0;

  constructor(horizon: number, onTick: () => void, time: TimeSource = realTime, onClock: () => void = () => {}) {
    this.#horizon = horizon;
    this.#onTick = onTick;
    this.#onClock = onClock;
    this.#time = time;
  }

  /** The clock in use: one whose `now()` last gave a number. */
  get time(): TimeSource {
    return this.#time;
  }

  /**
   * The clock's time. A clock that breaks while in use (throws, or gives no number) is dropped for
   * the one before it, which goes on from where the broken one last was: nothing throws, and
   * playback goes on.
   */
  #now(): number {
    const now = read(this.#time);
    if (typeof now === 'number') return (this.#lastNow = now);
    const elapsed = this.playing
      ? Math.min(this.#elapsedAtStart + ((this.#lastNow - this.#startedAt) / 1000) * this.speed, WINDOW_SECONDS)
      : this.#elapsedAtStart;
    const broken = this.#time;
    this.#time = this.#previous;
    this.#previous = realTime;
    this.clockFailure = now;
    this.#elapsedAtStart = elapsed;
    this.#startedAt = this.#now();
    if (this.#timer !== null) {
      try {
        broken.clearTimeout(this.#timer);
      } catch {
        // a broken clock's timer may fire: it finds nothing changed
      }
      this.#timer = null;
      this.#schedule();
    }
    this.#onClock();
    return this.#startedAt;
  }

  get #secondsPerTick(): number {
    return WINDOW_SECONDS / Math.max(1, this.#horizon);
  }

  /** Inspection seconds since tick 0, 0–60. */
  get elapsed(): number {
    if (!this.playing) return this.#elapsedAtStart;
    const now = this.#now(); // first: a broken clock is dropped here, which moves the start
    const seconds = this.#elapsedAtStart + ((now - this.#startedAt) / 1000) * this.speed;
    return Math.min(seconds, WINDOW_SECONDS);
  }

  get tick(): number {
    // The small epsilon keeps 3 × 7 = 21.000000000000004 s from reading as tick 6.
    return Math.min(this.#horizon, Math.floor(this.elapsed / this.#secondsPerTick + 1e-9));
  }

  play(): void {
    if (this.playing) return;
    if (this.tick >= this.#horizon) this.#elapsedAtStart = 0; // play at the end starts over
    this.playing = true;
    this.#startedAt = this.#now();
    this.#schedule();
  }

  pause(): void {
    if (!this.playing) return;
    this.#elapsedAtStart = this.elapsed;
    this.playing = false;
    this.#cancel();
  }

  seek(tick: number): void {
    this.#elapsedAtStart = Math.min(this.#horizon, Math.max(0, tick)) * this.#secondsPerTick;
    this.#startedAt = this.#now();
    if (this.playing) this.#schedule();
  }

  setSpeed(speed: Speed): void {
    this.#elapsedAtStart = this.elapsed;
    this.#startedAt = this.#now();
    this.speed = speed;
    if (this.playing) this.#schedule();
  }

  setHorizon(horizon: number): void {
    const tick = this.tick;
    this.#horizon = horizon;
    this.seek(tick);
  }

  /** Takes `time` if its `now()` gives a number; otherwise keeps the clock in use and says why (`clockFailure`). */
  setTime(time: TimeSource): void {
    const now = read(time);
    if (typeof now !== 'number') {
      this.clockFailure = now;
      return this.#onClock();
    }
    const playing = this.playing;
    this.pause();
    if (time !== this.#time) this.#previous = this.#time;
    this.#time = time;
    this.#lastNow = now;
    const failed = this.clockFailure !== null;
    this.clockFailure = null;
    if (playing) this.play();
    if (failed) this.#onClock();
  }

  #schedule(): void {
    this.#cancel();
    const next = (this.tick + 1) * this.#secondsPerTick;
    const ms = Math.max(0, ((next - this.elapsed) * 1000) / this.speed);
    const from = this.tick;
    this.#timer = this.#time.setTimeout(() => {
      this.#timer = null;
      if (this.tick >= this.#horizon) {
        this.#elapsedAtStart = WINDOW_SECONDS;
        this.playing = false;
      } else {
        this.#schedule();
      }
      if (this.tick !== from) this.#onTick(); // a timer that fired early just waits on
    }, ms);
  }

  #cancel(): void {
    if (this.#timer !== null) this.#time.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
