/**
 * A playing scenario's clock: its position in inspection seconds advances at `speed` while playing,
 * and it wakes its owner once per tick boundary (never per animation frame). Only what answers
 * play requests loads it (`serve.ts`); a scenario that never plays stands on a `Still` clock.
 */
import {
  WINDOW_SECONDS,
  read,
  realTime,
  secondsPerTick,
  tickAt,
  type Clock,
  type ClockFailure,
  type Position,
  type Speed,
  type TimeSource,
} from './clock.js';

/** `time.now()` as `read` gives it, once its timers are known to work: one is set and cleared. */
function check(time: TimeSource): number | ClockFailure {
  const now = read(time);
  if (typeof now !== 'number') return now;
  let method: ClockFailure['method'] = 'setTimeout';
  try {
    const handle = time.setTimeout(() => {}, 0);
    method = 'clearTimeout';
    time.clearTimeout(handle);
    return now;
  } catch (error) {
    return { value: error, threw: true, method };
  }
}

export class Playback implements Clock {
  #startedAt = 0; // real ms when `elapsedAtStart` was taken
  #elapsedAtStart: number;
  /** The timer waiting for the next tick boundary, and the clock it was set on. */
  #timer: { handle: unknown } | null = null;
  #playing = false;
  #speed: Speed;
  #clockFailure: ClockFailure | null;

  #horizon: number;
  readonly #onTick: () => void;
  readonly #onClock: () => void;
  #time: TimeSource;
  /** The clock in use before this one, which worked: taken back when this one breaks. */
  #previous: TimeSource;
  /** This clock's last good reading. */
  #lastNow = 0;

  /** Goes on from `from`, paused; `onTick` hears each tick boundary it plays past, `onClock` each change of `clockFailure`. */
  constructor(from: Position, onTick: () => void, onClock: () => void) {
    this.#horizon = from.horizon;
    this.#elapsedAtStart = from.elapsed;
    this.#speed = from.speed;
    this.#time = from.time;
    this.#previous = from.previous;
    this.#clockFailure = from.clockFailure;
    this.#onTick = onTick;
    this.#onClock = onClock;
  }

  get playing(): boolean {
    return this.#playing;
  }
  get speed(): Speed {
    return this.#speed;
  }
  get clockFailure(): ClockFailure | null {
    return this.#clockFailure;
  }
  get time(): TimeSource {
    return this.#time;
  }

  /**
   * The clock's time. A clock set back counts as stopped from its last reading to this one, so the
   * inspection time never goes back with it. A clock that breaks while in use (throws, or gives no
   * number) is dropped for the one before it, which goes on from where the broken one last was:
   * nothing throws, and playback goes on.
   */
  #now(): number {
    const now = read(this.#time);
    if (typeof now === 'number') {
      if (now < this.#lastNow) this.#startedAt -= this.#lastNow - now;
      return (this.#lastNow = now);
    }
    const broken = this.#time;
    const timer = this.#timer;
    this.#drop(now);
    if (timer !== null) {
      try {
        broken.clearTimeout(timer.handle);
      } catch {
        // a broken clock's timer may fire: it is no longer the one waited for, and does nothing
      }
      this.#schedule();
    }
    return this.#startedAt;
  }

  /** Goes on with the clock before the one in use, which broke, from where that one last was. */
  #drop(failure: ClockFailure): void {
    const elapsed = this.#playing
      ? Math.min(this.#elapsedAtStart + ((this.#lastNow - this.#startedAt) / 1000) * this.#speed, WINDOW_SECONDS)
      : this.#elapsedAtStart;
    this.#timer = null;
    this.#time = this.#previous;
    this.#previous = realTime;
    this.#clockFailure = failure;
    this.#elapsedAtStart = elapsed;
    this.#startedAt = this.#now();
    this.#onClock();
  }

  get elapsed(): number {
    if (!this.#playing) return this.#elapsedAtStart;
    const now = this.#now(); // first: a broken clock is dropped here, which moves the start
    const seconds = this.#elapsedAtStart + ((now - this.#startedAt) / 1000) * this.#speed;
    return Math.min(seconds, WINDOW_SECONDS);
  }

  get tick(): number {
    return tickAt(this.elapsed, this.#horizon);
  }

  play(): void {
    if (this.#playing) return;
    if (this.tick >= this.#horizon) this.#elapsedAtStart = 0; // play at the end starts over
    this.#playing = true;
    this.#startedAt = this.#now();
    this.#schedule();
  }

  pause(): void {
    if (!this.#playing) return;
    this.#elapsedAtStart = this.elapsed;
    this.#playing = false;
    this.#cancel();
  }

  seek(tick: number): void {
    this.#elapsedAtStart = Math.min(this.#horizon, Math.max(0, tick)) * secondsPerTick(this.#horizon);
    this.#startedAt = this.#now();
    if (this.#playing) this.#schedule();
  }

  setSpeed(speed: Speed): void {
    this.#elapsedAtStart = this.elapsed;
    this.#startedAt = this.#now();
    this.#speed = speed;
    if (this.#playing) this.#schedule();
  }

  /** Keeps the tick inspected; the same horizon (any other edit) keeps the time within it too. */
  setHorizon(horizon: number): void {
    if (horizon === this.#horizon) return;
    const tick = this.tick;
    this.#horizon = horizon;
    this.seek(tick);
  }

  setTime(time: TimeSource): void {
    const now = check(time);
    if (typeof now !== 'number') {
      this.#clockFailure = now;
      return this.#onClock();
    }
    const playing = this.#playing;
    this.pause();
    if (time !== this.#time) this.#previous = this.#time;
    this.#time = time;
    this.#lastNow = now;
    const failed = this.#clockFailure !== null;
    this.#clockFailure = null;
    if (playing) this.play();
    if (failed) this.#onClock();
  }

  #schedule(): void {
    this.#cancel();
    const next = (this.tick + 1) * secondsPerTick(this.#horizon);
    const ms = Math.max(0, ((next - this.elapsed) * 1000) / this.#speed);
    const from = this.tick;
    const timer = { handle: null as unknown };
    const fired = () => {
      if (this.#timer !== timer) return; // cancelled, or set on a clock since dropped
      this.#timer = null;
      if (this.tick >= this.#horizon) {
        this.#elapsedAtStart = WINDOW_SECONDS;
        this.#playing = false;
      } else {
        this.#schedule();
      }
      if (this.tick !== from) this.#onTick(); // a timer that fired early just waits on
    };
    try {
      timer.handle = this.#time.setTimeout(fired, ms);
      this.#timer = timer;
    } catch (error) {
      this.#drop({ value: error, threw: true, method: 'setTimeout' });
      this.#schedule();
    }
  }

  #cancel(): void {
    const timer = this.#timer;
    this.#timer = null;
    if (timer === null) return;
    try {
      this.#time.clearTimeout(timer.handle);
    } catch (error) {
      this.#drop({ value: error, threw: true, method: 'clearTimeout' }); // its timer may fire: it does nothing
    }
  }
}
