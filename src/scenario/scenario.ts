/**
 * One live scenario: its inputs, the simulated run, the inspected tick and the playback clock.
 * Every change enters through `send(request, origin)`; listeners hear what really changed.
 */
import {
  metricsAt,
  normalizeConfig,
  queuesAt,
  slotsAt,
  type ConfigProblem,
  type LabConfig,
  type LabRun,
  type SlotView,
  type TenantMetrics,
  type Tenant,
} from '../sim/index.js';
import { simulateValid } from '../sim/simulate.js';
import { Playback, type Speed, type TimeSource } from './clock.js';

/** The raw inputs of a scenario, field by field, before normalization (attribute strings included). */
export type ScenarioInput = Record<string, unknown>;

/** Everything that can change a scenario. */
export type ScenarioRequest =
  /** Changes some inputs and keeps the others; a field given as `undefined` goes back to its default. */
  | { type: 'configure'; changes: ScenarioInput }
  /** Replaces every input. */
  | { type: 'replace'; input: ScenarioInput }
  | { type: 'seek'; tick: number }
  | { type: 'play' }
  | { type: 'pause' }
  /** Next tick: pauses on the tick after the inspected one. */
  | { type: 'step' }
  /** Back to tick 0; inputs, speed and play state are kept. */
  | { type: 'restart' }
  | { type: 'speed'; speed: Speed }
  | { type: 'time'; time: TimeSource };

/**
 * Who asked: a request event (a user or a page script), playback progress, or the page setting a
 * property or attribute. Sources announce the first two and stay silent on the third.
 */
export type Origin = 'request' | 'playback' | 'page';

/** What changed: the result (`run`: config or its problems) and/or the inspected tick or play state. */
export interface Change {
  run: boolean;
  tick: boolean;
}
export type Listener = (change: Change, origin: Origin) => void;

export interface TickEvents {
  timedOut: Record<Tenant, string[]>;
  rejected: Record<Tenant, string[]>;
}

const problemsKey = (problems: ConfigProblem[]) => problems.map((p) => p.message).join('\n');

export class Scenario {
  readonly playback: Playback;
  private input: ScenarioInput = {};
  private result!: { config: LabConfig; problems: ConfigProblem[]; run: LabRun };
  private readonly listeners = new Set<Listener>();
  private cache = new Map<string, unknown>();

  constructor(input: ScenarioInput = {}, time?: TimeSource) {
    this.playback = new Playback(20, () => this.notify({ run: false, tick: true }, 'playback'), time);
    this.apply(input);
  }

  get config(): LabConfig {
    return this.result.config;
  }
  /** Inputs that were corrected: each says what was given and what is used instead. */
  get problems(): ConfigProblem[] {
    return this.result.problems;
  }
  get run(): LabRun {
    return this.result.run;
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

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The one way in: applies `request` and tells listeners what changed, if anything did. */
  send(request: ScenarioRequest, origin: Origin): void {
    const before = {
      config: JSON.stringify(this.config),
      problems: problemsKey(this.problems),
      tick: this.tick,
      playing: this.playing,
      speed: this.speed,
    };
    const playback = this.playback;
    switch (request.type) {
      case 'configure':
        this.apply(this.merged(request.changes, origin));
        break;
      case 'replace':
        this.apply(request.input);
        break;
      case 'seek':
        playback.seek(Math.round(Number.isFinite(request.tick) ? request.tick : 0));
        break;
      case 'play':
        playback.play();
        break;
      case 'pause':
        playback.pause();
        break;
      case 'step':
        playback.pause();
        playback.seek(this.tick + 1);
        break;
      case 'restart':
        playback.seek(0);
        break;
      case 'speed':
        playback.setSpeed(request.speed);
        break;
      case 'time':
        playback.setTime(request.time);
        break;
    }
    const change: Change = {
      run: before.config !== JSON.stringify(this.config) || before.problems !== problemsKey(this.problems),
      tick: before.tick !== this.tick || before.playing !== this.playing || before.speed !== this.speed,
    };
    if (change.run || change.tick) this.notify(change, origin);
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
        const at = r.end === null ? undefined : ticks[r.end];
        if (at && r.outcome === 'timed-out') at.timedOut[r.tenant].push(r.id);
        if (at && r.outcome === 'rejected') at.rejected[r.tenant].push(r.id);
      }
      return ticks;
    });
  }

  /**
   * The inputs after `changes`. A request that makes another input fall out of range (fewer slots
   * than A's reserved ones) clamps that input quietly: a valid edit never produces a notice.
   */
  private merged(changes: ScenarioInput, origin: Origin): ScenarioInput {
    const next = { ...this.input };
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) delete next[field];
      else next[field] = value;
    }
    if (origin === 'request') {
      const wrongBefore = new Set(this.problems.map((p) => p.field));
      for (const p of normalizeConfig(next).problems) {
        if (!(p.field in changes) && !wrongBefore.has(p.field) && p.used !== undefined) next[p.field] = p.used;
      }
    }
    return next;
  }

  private apply(input: ScenarioInput): void {
    this.input = input;
    const { config, problems } = normalizeConfig(input);
    if (this.result && JSON.stringify(config) === JSON.stringify(this.result.config)) {
      this.result = { ...this.result, problems };
      return;
    }
    this.result = { config, problems, run: simulateValid(config) }; // normalized, so already valid
    this.cache = new Map();
    this.playback.setHorizon(config.horizon);
  }

  private memo<T>(key: string, compute: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, compute());
    return this.cache.get(key) as T;
  }

  private notify(change: Change, origin: Origin): void {
    for (const listener of [...this.listeners]) listener(change, origin);
  }
}
