// A TimeSource that moves only when a test says so: a 60-second playback takes milliseconds.
import type { TimeSource } from '../../src/scenario/clock.js';

export class FakeTime implements TimeSource {
  private current = 0;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;

  now(): number {
    return this.current;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.current + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  get pending(): number {
    return this.timers.size;
  }
  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.current = Math.max(this.current, next[1].at);
      next[1].callback();
    }
    this.current = end;
  }
}
