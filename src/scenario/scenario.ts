/** One live scenario: its config, the simulated run, the inspected tick and the playback clock. */
import {
  metricsAt, normalizeConfig, queuesAt, slotsAt,
  type ConfigProblem, type LabConfig, type LabRun, type SlotView, type TenantMetrics, type Tenant,
} from '../sim/index.js';
import { simulateValid } from '../sim/simulate.js';
import { Playback, type Speed, type TimeSource } from './clock.js';

/** What changed: the result (`run`) or the inspected tick / playback state (`tick`). */
export type Change = 'run' | 'tick';
/** Why: a request event (user or page script), playback progress, or a property set by the page. */
export type Cause = 'request' | 'playback' | 'property';
export type Listener = (change: Change, cause: Cause) => void;

export interface TickEvents {
  timedOut: Record<Tenant, string[]>;
  rejected: Record<Tenant, string[]>;
}

export class Scenario {
  config!: LabConfig;
  problems: ConfigProblem[] = [];
  run!: LabRun;
  readonly playback: Playback;
  private readonly listeners = new Set<Listener>();
  private cache = new Map<string, unknown>();

  constructor(input: Record<string, unknown> = {}, time?: TimeSource) {
    this.playback = new Playback(20, () => this.notify('tick', 'playback'), time);
    this.apply(input);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get tick(): number {
    return this.playback.tick;
  }
  get playing(): boolean {
    return this.playback.playing;
  }
  get speed(): Speed {
    return this.playback.speed;
  }

  /** Replaces every input (fields left out take defaults). */
  setInput(input: Record<string, unknown>, cause: Cause): void {
    this.apply(input);
    this.notify('run', cause);
  }

  /** Changes some inputs and keeps the others; never starts playback. */
  update(changes: Record<string, unknown>, cause: Cause): void {
    this.setInput({ ...this.config, ...changes }, cause);
  }

  seek(tick: number, cause: Cause): void {
    this.playback.seek(Math.round(Number.isFinite(tick) ? tick : 0));
    this.notify('tick', cause);
  }
  play(cause: Cause): void {
    this.playback.play();
    this.notify('tick', cause);
  }
  pause(cause: Cause): void {
    this.playback.pause();
    this.notify('tick', cause);
  }
  /** Next tick: pauses on the tick after the inspected one. */
  step(cause: Cause): void {
    this.playback.pause();
    this.playback.seek(this.tick + 1);
    this.notify('tick', cause);
  }
  /** Back to tick 0; inputs, speed and play state are kept. */
  restart(cause: Cause): void {
    this.playback.seek(0);
    this.notify('tick', cause);
  }
  setSpeed(speed: Speed, cause: Cause): void {
    this.playback.setSpeed(speed);
    this.notify('tick', cause);
  }

  dispose(): void {
    this.playback.dispose();
    this.listeners.clear();
  }

  // Derived views, computed once per run (and tick) and shared by every view of this scenario.

  slotsAt(tick = this.tick): SlotView[] {
    return this.memo(`slots ${tick}`, () => slotsAt(this.run, tick));
  }
  queuesAt(tick = this.tick): { A: string[]; B: string[] } {
    return this.memo(`queues ${tick}`, () => queuesAt(this.run, tick));
  }
  metricsAt(tick = this.tick): { A: TenantMetrics; B: TenantMetrics } {
    return this.memo(`metrics ${tick}`, () => metricsAt(this.run, tick));
  }
  get fullWindow(): { A: TenantMetrics; B: TenantMetrics } {
    return this.metricsAt(this.config.horizon);
  }
  /** Requests that timed out or were rejected at each tick, by tenant. */
  get eventsByTick(): TickEvents[] {
    return this.memo('events', () => {
      const ticks: TickEvents[] = Array.from({ length: this.config.horizon + 1 }, () => ({
        timedOut: { A: [], B: [] },
        rejected: { A: [], B: [] },
      }));
      for (const r of this.run.requests) {
        if (r.end === null) continue;
        if (r.outcome === 'timed-out') ticks[r.end]!.timedOut[r.tenant].push(r.id);
        if (r.outcome === 'rejected') ticks[r.end]!.rejected[r.tenant].push(r.id);
      }
      return ticks;
    });
  }

  private memo<T>(key: string, compute: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, compute());
    return this.cache.get(key) as T;
  }

  private apply(input: Record<string, unknown>): void {
    const { config, problems } = normalizeConfig(input);
    this.config = config;
    this.problems = problems;
    this.run = simulateValid(config); // normalized, so already valid
    this.cache = new Map();
    if (this.playback) this.playback.setHorizon(config.horizon);
  }

  private notify(change: Change, cause: Cause): void {
    for (const listener of [...this.listeners]) listener(change, cause);
  }
}
