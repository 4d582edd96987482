/**
 * One live scenario: its inputs, the simulated run, the inspected tick and the playback clock.
 * Every change enters through `send(request, origin)`; listeners hear what really changed. What
 * it holds is read through getters only.
 */
import { normalizeConfig, type ConfigProblem, type LabConfig } from '../sim/config.js';
import type { LabRun } from '../sim/simulate.js';
import { simulateValid } from '../sim/simulate.js';
import { Still, type ClockFailure, type Speed, type TimeSource } from './clock.js';
import type { Playback } from './playback.js';

/** The raw inputs of a scenario, field by field, before normalization (attribute strings included). */
export type ScenarioInput = Record<string, unknown>;

/** Everything that can change a scenario. */
export type ScenarioRequest =
  /**
   * Changes some inputs and keeps the others; a field given as `undefined` goes back to its default.
   * `adjusted` names those of `changes` made only to keep the others valid (see `adjusted` below).
   */
  | { type: 'configure'; changes: ScenarioInput; adjusted?: ScenarioInput }
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

/**
 * A scenario's outcome: the normalized config, what was corrected, and the simulated run, simulated
 * the first time something reads it (a lab far below the viewport never needs it).
 */
interface Result {
  config: LabConfig;
  problems: ConfigProblem[];
  run?: LabRun;
}

const problemsKey = (problems: ConfigProblem[]) => problems.map((p) => p.message).join('\n');

/** The `Playback` a scenario plays with, if it has it at hand; without it, a play request is ignored. */
export type PlaybackProvider = () => typeof Playback | null;

export class Scenario {
  /**
   * Still until the scenario first plays (or, able to play, is given a time source, whose timers a
   * `Playback` checks), then a `Playback` made from where it stood.
   */
  #clock: Still | Playback;
  readonly #playback: PlaybackProvider;
  #input: ScenarioInput = {};
  #result!: Result;
  readonly #listeners = new Set<Listener>();
  /** Inputs the last request changed quietly to keep the others valid, with the value given them. */
  #adjusted: ScenarioInput = {};
  #cache = new Map<(run: LabRun, tick: number) => unknown, Map<number, unknown>>();
  #derived = new Map<(run: LabRun) => unknown, unknown>();

  /**
   * `playback` gives the class that plays: a source has it at hand; a view on its own fetches it
   * with the code that answers its requests, and only requests ask a scenario to play.
   */
  constructor(input: ScenarioInput = {}, playback: PlaybackProvider = () => null) {
    this.#playback = playback;
    this.#clock = new Still(20, this.#clockChanged);
    this.#apply(input);
  }

  /** A clock refused or dropped (see `clockFailure`) changes no figure, only what the elements say. */
  readonly #clockChanged = () => queueMicrotask(() => this.#notify({ run: false, tick: false }, 'playback'));

  get config(): LabConfig {
    return this.#result.config;
  }
  /** Inputs that were corrected: each says what was given and what is used instead. */
  get problems(): ConfigProblem[] {
    return this.#result.problems;
  }
  /**
   * The inputs the last request lowered or raised quietly so that its own change stays valid (fewer
   * slots than A's reserved ones lower those), with their new values; empty after any other change.
   */
  get adjusted(): Readonly<ScenarioInput> {
    return this.#adjusted;
  }
  /** The inputs as given, field by field, before normalization. */
  get input(): Readonly<ScenarioInput> {
    return this.#input;
  }
  get run(): LabRun {
    return (this.#result.run ??= simulateValid(this.#result.config)); // normalized, so already valid
  }
  get tick(): number {
    return this.#clock.tick;
  }
  /** Inspection seconds since tick 0, 0–60. */
  get elapsed(): number {
    return this.#clock.elapsed;
  }
  get playing(): boolean {
    return this.#clock.playing;
  }
  get speed(): Speed {
    return this.#clock.speed;
  }
  /** The source of real time in use for playback (see `clockFailure`). */
  get time(): TimeSource {
    return this.#clock.time;
  }
  /** Why the last time source given is not the one in use; null while it is. */
  get clockFailure(): ClockFailure | null {
    return this.#clock.clockFailure;
  }

  /**
   * While set, the elements showing this scenario wait for it before they draw: the paint of the
   * input a request answers (see `paintFirst`, scheduler.ts).
   */
  get held(): Promise<void> | null {
    return this.#held;
  }
  #held: Promise<void> | null = null;

  /** Holds the elements showing this scenario until `until` settles. */
  hold(until: Promise<void>): void {
    const held: Promise<void> = (this.#held = until.then(() => {
      if (this.#held === held) this.#held = null;
    }));
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The one way in: applies `request` and tells listeners what changed, if anything did. */
  send(request: ScenarioRequest, origin: Origin): void {
    const result = this.#result;
    const before = { tick: this.tick, playing: this.playing, speed: this.speed };
    const clock = this.#clock;
    switch (request.type) {
      case 'configure':
        this.#adjusted = request.adjusted ?? {};
        this.#apply(this.#merged(request.changes));
        break;
      case 'replace':
        this.#adjusted = {};
        this.#apply(request.input);
        break;
      case 'seek':
        clock.seek(Math.round(Number.isFinite(request.tick) ? request.tick : 0));
        break;
      case 'play':
        this.#playing()?.play();
        break;
      case 'pause':
        clock.pause();
        break;
      case 'step':
        clock.pause();
        clock.seek(this.tick + 1);
        break;
      case 'restart':
        clock.seek(0);
        break;
      case 'speed':
        clock.setSpeed(request.speed);
        break;
      case 'time':
        (this.#playing() ?? clock).setTime(request.time);
        break;
    }
    const change: Change = {
      run: this.#result !== result,
      tick: before.tick !== this.tick || before.playing !== this.playing || before.speed !== this.speed,
    };
    if (change.run || change.tick) this.#notify(change, origin);
  }

  /**
   * `view(run, tick)` at the inspected tick or `tick`: computed once per run and tick, and shared by
   * every element showing this scenario.
   */
  at<T>(view: (run: LabRun, tick: number) => T, tick = this.tick): T {
    let byTick = this.#cache.get(view) as Map<number, T> | undefined;
    if (!byTick) this.#cache.set(view, (byTick = new Map<number, T>()));
    if (!byTick.has(tick)) byTick.set(tick, view(this.run, tick));
    return byTick.get(tick)!;
  }

  /**
   * `fn(run)`, for a value that depends on the run alone (no tick): computed once per run, and
   * shared by every element showing this scenario. Pass the same function each time.
   */
  derived<T>(fn: (run: LabRun) => T): T {
    if (!this.#derived.has(fn)) this.#derived.set(fn, fn(this.run));
    return this.#derived.get(fn) as T;
  }

  /** The clock as a `Playback`, made from the still one the first time; null while the scenario cannot play. */
  #playing(): Playback | null {
    if (this.#clock instanceof Still) {
      const Playing = this.#playback();
      if (!Playing) return null;
      this.#clock = new Playing(
        this.#clock,
        () => this.#notify({ run: false, tick: true }, 'playback'),
        this.#clockChanged,
      );
    }
    return this.#clock;
  }

  /** The inputs after `changes`. */
  #merged(changes: ScenarioInput): ScenarioInput {
    const next = { ...this.#input };
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) delete next[field];
      else next[field] = value;
    }
    return next;
  }

  /** Takes new inputs; the result is replaced only when the config or its problems change. */
  #apply(input: ScenarioInput): void {
    this.#input = input;
    const normalized = normalizeConfig(input);
    // Handed to page scripts (`config`, `bulkhead-run`): frozen, so none of them can change what the others see.
    const config = Object.freeze(normalized.config);
    const problems = Object.freeze(normalized.problems.map((problem) => Object.freeze(problem))) as ConfigProblem[];
    const previous = this.#result as Result | undefined; // undefined while constructing
    if (previous && JSON.stringify(config) === JSON.stringify(previous.config)) {
      if (problemsKey(problems) !== problemsKey(previous.problems)) this.#result = { ...previous, problems };
      return;
    }
    this.#result = { config, problems };
    this.#cache = new Map();
    this.#derived = new Map();
    this.#clock.setHorizon(config.horizon);
  }

  #notify(change: Change, origin: Origin): void {
    for (const listener of [...this.#listeners]) listener(change, origin);
  }
}
