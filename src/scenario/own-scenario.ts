/** The scenario an element's own config attributes describe: what a source shows, and a view on its own. */
import { FIELDS } from '../sim/config.js';
import { attributeOf, readConfigAttributes, unknownPresetOf } from './config-attributes.js';
import type { Issue } from './notices.js';
import { Scenario, type PlaybackProvider } from './scenario.js';

export class OwnScenario {
  #scenario: Scenario | null = null;
  readonly #host: Element;
  readonly #playback: PlaybackProvider;

  constructor(host: Element, playback: PlaybackProvider) {
    this.#host = host;
    this.#playback = playback;
  }

  /** The scenario, made from the attributes the first time it is read. */
  get scenario(): Scenario {
    return (this.#scenario ??= new Scenario(readConfigAttributes(this.#host), this.#playback));
  }

  /** Whether the scenario has been made. */
  get made(): boolean {
    return this.#scenario !== null;
  }

  /** What the element's notices say about this scenario: its clock, its preset, its corrected inputs. */
  get issues(): Issue[] {
    const { clockFailure, problems, config } = this.scenario;
    const unknownPreset = unknownPresetOf(this.#host);
    return [
      ...(clockFailure ? [{ kind: 'timeSource' as const, failure: clockFailure }] : []),
      ...(unknownPreset !== null ? [{ kind: 'preset' as const, name: unknownPreset }] : []),
      ...problems.map((problem) => ({ kind: 'config' as const, problem, config })),
    ];
  }

  /** The page changed a config attribute: the scenario follows, announcing nothing. */
  attributeChanged(name: string): void {
    const scenario = this.#scenario;
    if (!scenario) return; // made later, from the attributes as they are then
    const input = readConfigAttributes(this.#host);
    if (name === 'preset') return scenario.send({ type: 'replace', input }, 'page');
    const field = FIELDS.find((f) => attributeOf(f) === name);
    if (field) scenario.send({ type: 'configure', changes: { [field]: input[field] } }, 'page');
  }

  /** Stops playing, as the element leaves the page or starts showing another scenario. */
  pause(): void {
    this.#scenario?.send({ type: 'pause' }, 'page');
  }
}
