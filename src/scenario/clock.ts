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

  #horizon: number;
  readonly #onTick: () => void;

  constructor(
    horizon: number,
    onTick: () => void,
    public time: TimeSource = realTime,
  ) {
    this.#horizon = horizon;
    this.#onTick = onTick;
  }

  get #secondsPerTick(): number {
    return WINDOW_SECONDS / Math.max(1, this.#horizon);
  }

  /** Inspection seconds since tick 0, 0–60. */
  get elapsed(): number {
    if (!this.playing) return this.#elapsedAtStart;
    const seconds = this.#elapsedAtStart + ((this.time.now() - this.#startedAt) / 1000) * this.speed;
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
    this.#startedAt = this.time.now();
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
    this.#startedAt = this.time.now();
    if (this.playing) this.#schedule();
  }

  setSpeed(speed: Speed): void {
    this.#elapsedAtStart = this.elapsed;
    this.#startedAt = this.time.now();
    this.speed = speed;
    if (this.playing) this.#schedule();
  }

  setHorizon(horizon: number): void {
    const tick = this.tick;
    this.#horizon = horizon;
    this.seek(tick);
  }

  setTime(time: TimeSource): void {
    const playing = this.playing;
    this.pause();
    this.time = time;
    if (playing) this.play();
  }

  #schedule(): void {
    this.#cancel();
    const next = (this.tick + 1) * this.#secondsPerTick;
    const ms = Math.max(0, ((next - this.elapsed) * 1000) / this.speed);
    const from = this.tick;
    this.#timer = this.time.setTimeout(() => {
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
    if (this.#timer !== null) this.time.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
