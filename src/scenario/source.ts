/**
 * How an element finds its scenario, modelled on Lit's context protocol: a view dispatches a
 * `bulkhead-source-request` carrying a callback — at the element its `for` attribute names (looked
 * up in the view's own root), else bubbling to the nearest enclosing source — and a source answers
 * it with its scenario. A source that connects later announces itself with
 * `bulkhead-source-connected`, and views still on their own ask again. Nothing polls or retries.
 *
 * A source answers request events on itself and announces what they change (`bulkhead-run`,
 * `bulkhead-tick`), but only for requests and playback progress, never for a property or
 * attribute set by the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { msg, str } from '../i18n/msg.js';
import {
  FAULTS,
  FIELDS,
  POLICIES,
  presets,
  quoteValue,
  uiRangeOf,
  DEFAULT_CONFIG,
  type ConfigProblem,
  type LabConfig,
  type NumericField,
  type PresetName,
} from '../sim/config.js';
import { isSpeed, type ClockFailure } from './clock.js';
import { Playback } from './playback.js';
import { emit, type EventDetails, type RequestDetails, type RequestName, type SourceRequestDetail } from './events.js';
import { Scenario, type ScenarioInput, type ScenarioRequest } from './scenario.js';

/** `reservedA` ↔ `reserved-a`. */
export const attributeOf = (field: keyof LabConfig): string => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const CONFIG_ATTRIBUTES = [...FIELDS.map(attributeOf), 'preset'];

/** A notice about something the element corrected; `kind` groups console warnings (one per tag and kind). */
export interface Note {
  kind: string;
  text: string;
}

/**
 * The raw inputs an element's attributes give: the preset's changes to the defaults, then each
 * config attribute. A function of the current attributes only.
 */
export function readConfigAttributes(element: Element): { input: ScenarioInput; notes: Note[] } {
  const notes: Note[] = [];
  const input: ScenarioInput = {};
  const name = element.getAttribute('preset');
  if (name !== null) {
    const preset = Object.hasOwn(presets, name) ? presets[name as PresetName] : undefined;
    if (preset) {
      for (const field of FIELDS)
        if (preset.config[field] !== DEFAULT_CONFIG[field]) input[field] = preset.config[field];
    } else {
      notes.push({
        kind: 'preset',
        text: msg(
          str`preset: ${quoteValue(name)} is not one of ${Object.keys(presets).join(', ')}; using the defaults`,
        ),
      });
    }
  }
  for (const field of FIELDS) {
    const value = element.getAttribute(attributeOf(field));
    if (value !== null) input[field] = value;
  }
  return { input, notes };
}

/**
 * A corrected input in the words of the element showing it: what was given, what it takes, and what
 * is used instead. (The problem's own `message` is the model's, in English, for API users.)
 */
export function problemText({ field, value, used }: ConfigProblem, config: LabConfig): string {
  const given = quoteValue(value);
  if (field === 'config') return msg(str`config: ${given} is not an object of settings; using the defaults`);
  if (field === 'policy' || field === 'aFault')
    return msg(
      str`${field}: ${given} is not one of ${(field === 'policy' ? POLICIES : FAULTS).join(', ')}; using ${String(used)}`,
    );
  if (!FIELDS.includes(field as keyof LabConfig)) return msg(str`${field}: unknown setting, ignored`);
  const { min, max } = uiRangeOf(field as NumericField, config);
  // A retry setting may be none, and may be used as none.
  const usedRetry = (used as number | null) ?? 'none';
  if (field === 'retryBudget') return msg(str`${field}: ${given} is not none, 10, 20, 50 or 100; using ${usedRetry}`);
  if (field === 'aRecovers')
    return msg(str`${field}: ${given} is not none or a whole number from ${min} to ${max}; using ${usedRetry}`);
  return min === max
    ? msg(str`${field}: ${given} is not ${min}, the only value it takes here; using ${min}`)
    : msg(str`${field}: ${given} is not a whole number from ${min} to ${max}; using ${String(used)}`);
}

/** Why a clock given as `timeSource` is not used. */
const clockText = ({ value, threw }: ClockFailure): string =>
  threw
    ? msg('timeSource: its now() threw an error; using the last clock that worked')
    : msg(
        str`timeSource: its now() gave ${quoteValue(value)}, not a time in milliseconds; using the last clock that worked`,
      );

/** A copy of an object's own enumerable fields, or null when it is not a readable plain object. */
export function ownFields(value: unknown): ScenarioInput | null {
  try {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const copy: ScenarioInput = {};
    for (const key of Object.keys(value)) copy[key] = (value as ScenarioInput)[key];
    return copy;
  } catch {
    return null; // a Proxy or getter that throws
  }
}

/** The scenario request each request event asks for, or null for a malformed one (which is ignored). */
const REQUEST_OF: Record<RequestName, (detail: ScenarioInput) => ScenarioRequest | null> = {
  'bulkhead-seek-request': ({ tick }) =>
    typeof tick === 'number' && Number.isFinite(tick) ? { type: 'seek', tick } : null,
  'bulkhead-play-request': () => ({ type: 'play' }),
  'bulkhead-pause-request': () => ({ type: 'pause' }),
  'bulkhead-step-request': () => ({ type: 'step' }),
  'bulkhead-restart-request': () => ({ type: 'restart' }),
  'bulkhead-speed-request': ({ speed }) => (isSpeed(speed) ? { type: 'speed', speed } : null),
  'bulkhead-config-request': ({ changes }) => {
    const fields = ownFields(changes);
    return fields ? { type: 'configure', changes: fields } : null;
  },
};
/** Every request event a source answers. */
export const REQUESTS = Object.keys(REQUEST_OF) as RequestName[];

/** Makes `host` answer request events for `scenario` and announce what they change. */
function attachSource(host: HTMLElement, scenario: Scenario): () => void {
  const handle = (event: Event) => {
    event.stopPropagation(); // a request is for the nearest source only
    const request = REQUEST_OF[event.type as RequestName](ownFields((event as CustomEvent).detail) ?? {});
    if (request) scenario.send(request, 'request');
  };
  for (const name of REQUESTS) host.addEventListener(name, handle);
  const unsubscribe = scenario.subscribe((change, origin) => {
    if (origin === 'page') return;
    if (change.run)
      emit(host, 'bulkhead-run', { config: scenario.config, run: scenario.run, problems: scenario.problems });
    if (change.tick) {
      emit(host, 'bulkhead-tick', {
        tick: scenario.tick,
        elapsed: scenario.elapsed,
        playing: scenario.playing,
        speed: scenario.speed,
      });
    }
  });
  // A hidden tab pauses playback.
  const doc = host.ownerDocument;
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') scenario.send({ type: 'pause' }, 'playback');
  };
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    for (const name of REQUESTS) host.removeEventListener(name, handle);
    unsubscribe();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

type Host = ReactiveControllerHost & HTMLElement;

/** A source request's callback, or null for a malformed detail (a Proxy or getter that throws included). */
function callbackOf(detail: unknown): SourceRequestDetail['callback'] | null {
  try {
    const callback: unknown = (detail as Partial<SourceRequestDetail> | null)?.callback;
    return typeof callback === 'function' ? (callback as SourceRequestDetail['callback']) : null;
  } catch {
    return null;
  }
}

/** A source this element is bound to: its element, its scenario, and how to leave it. */
interface Bound {
  element: HTMLElement;
  scenario: Scenario;
  leave: () => void;
}

/** The library's elements that serve views other than themselves. */
const SOURCE_TAGS = new Set(['bulkhead-scenario', 'bulkhead-lab']);

/**
 * Whether the source a view's `for` names may still arrive, so that the view, on its own meanwhile,
 * says nothing yet: until the page has loaded (every script tag has run, in whatever order), and
 * while that id names a source element whose definition has not loaded yet (as the autoloader
 * loads it once it sees the tag).
 */
function sourceMayArrive(view: HTMLElement, forId: string): boolean {
  if (view.ownerDocument.readyState !== 'complete') return true;
  const root = view.getRootNode() as Document | ShadowRoot;
  const named = typeof root.getElementById === 'function' ? root.getElementById(forId) : null;
  return named !== null && SOURCE_TAGS.has(named.localName) && !customElements.get(named.localName);
}

/**
 * Binds an element to its scenario and re-renders it on every change. A source element owns a
 * scenario made from its attributes and serves the views inside it and those that name its id; a
 * view binds to a source, or runs its own scenario (standalone) until one can be found.
 */
export class ScenarioController implements ReactiveController {
  #own: Scenario | null = null;
  #bound: Bound | null = null;
  /** The scenario whose changes re-render the host, and the way to stop listening. */
  #watched: { scenario: Scenario; stop: () => void } | null = null;
  #detachOwn: (() => void) | null = null;
  /** Views currently bound to this source, told (with null) when it goes away. */
  readonly #consumers = new Set<(source: null) => void>();
  /** Property sets made while disconnected, replayed on the source found at connection. */
  #pending: ScenarioRequest[] = [];
  /**
   * The document this element is connected in, whose events it listens for: its own, which is not
   * the global `document` in an iframe, and changes when the element moves to another.
   */
  #doc: Document | null = null;

  readonly #host: Host;
  readonly #isSource: boolean;

  constructor(host: Host, isSource: boolean) {
    this.#host = host;
    this.#isSource = isSource;
    host.addController(this);
  }

  /** The scenario shown: the bound source's, else this element's own. */
  get scenario(): Scenario {
    return this.#bound?.scenario ?? this.#ownScenario();
  }

  /** Notices: a `for` that names no source, and (when the element runs its own scenario) its attributes. */
  get notes(): Note[] {
    const notes: Note[] = [];
    const forId = this.#host.getAttribute('for');
    if (
      !this.#isSource &&
      forId !== null &&
      !this.#bound &&
      this.#host.isConnected &&
      !sourceMayArrive(this.#host, forId)
    ) {
      notes.push({
        kind: 'for',
        text: msg(str`for: no scenario source with id ${quoteValue(forId)}; showing this widget on its own`),
      });
    }
    if (this.#bound) return notes;
    this.#ownScenario();
    const { problems, config, clockFailure: clock } = this.scenario;
    return [
      ...notes,
      ...(clock ? [{ kind: 'timeSource', text: clockText(clock) }] : []),
      ...readConfigAttributes(this.#host).notes,
      ...problems.map((p) => ({ kind: p.field, text: problemText(p, config) })),
    ];
  }

  /** A change the page made through a property: applied silently, and kept for the source found at connection. */
  page(request: ScenarioRequest): void {
    if (!this.#host.isConnected) this.#pending.push(request);
    this.scenario.send(request, 'page');
  }

  /** The page changed a config attribute: this element's own scenario follows, announcing nothing. */
  attributeChanged(name: string): void {
    if (!this.#own) return;
    const { input } = readConfigAttributes(this.#host);
    if (name === 'preset') return this.#own.send({ type: 'replace', input }, 'page');
    const field = FIELDS.find((f) => attributeOf(f) === name);
    if (field) this.#own.send({ type: 'configure', changes: { [field]: input[field] } }, 'page');
  }

  /** Sends a request event to this element's source (or to itself when standalone). */
  request<K extends RequestName>(name: K, detail: RequestDetails[K]): void {
    emit(this.#bound?.element ?? this.#host, name, detail as EventDetails[K]);
  }

  hostConnected(): void {
    const doc = (this.#doc = this.#host.ownerDocument);
    if (this.#isSource) {
      this.#host.addEventListener('bulkhead-source-request', this.#answer);
      this.#watch(this.#ownScenario());
      this.#detachOwn = attachSource(this.#host, this.#ownScenario());
      this.#host.dispatchEvent(new Event('bulkhead-source-connected', { bubbles: true, composed: true }));
      return;
    }
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', this.rebind, { once: true });
    // Once the page has loaded, a `for` that still names no source is told (see `sourceMayArrive`).
    if (doc.readyState !== 'complete') doc.defaultView?.addEventListener('load', this.#loaded, { once: true });
    this.rebind();
    const pending = this.#pending;
    this.#pending = [];
    if (this.#bound) for (const request of pending) this.#bound.scenario.send(request, 'page');
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('bulkhead-source-request', this.#answer);
    this.#doc?.removeEventListener('bulkhead-source-connected', this.rebind);
    this.#doc?.removeEventListener('DOMContentLoaded', this.rebind);
    this.#doc?.defaultView?.removeEventListener('load', this.#loaded);
    this.#doc = null;
    this.#leave();
    this.#detachOwn?.();
    this.#detachOwn = null;
    this.#watched?.stop();
    this.#watched = null;
    this.#own?.send({ type: 'pause' }, 'page');
    this.#dropConsumers();
  }

  readonly #loaded = (): void => this.#host.requestUpdate();

  /** A source's id changed: views bound by `for` look again, and waiting ones may now find it. */
  idChanged(): void {
    if (!this.#isSource || !this.#host.isConnected) return;
    this.#dropConsumers();
    this.#host.dispatchEvent(new Event('bulkhead-source-connected', { bubbles: true, composed: true }));
  }

  /** Finds the source again: after connection, a `for` change, or a source that appeared or left. */
  readonly rebind = (): void => {
    if (this.#isSource || !this.#host.isConnected) return;
    const found = this.#find();
    if (found?.scenario !== this.#bound?.scenario || found?.element !== this.#bound?.element) {
      this.#leave();
      this.#bound = found;
    } else {
      found?.leave(); // the same source answered again: keep the first subscription
    }
    const scenario = this.scenario;
    // Only a view still on its own listens for sources that appear later.
    if (this.#bound) this.#doc?.removeEventListener('bulkhead-source-connected', this.rebind);
    else this.#doc?.addEventListener('bulkhead-source-connected', this.rebind);
    if (this.#bound) {
      this.#detachOwn?.();
      this.#detachOwn = null;
      this.#own?.send({ type: 'pause' }, 'page');
    } else if (!this.#detachOwn) {
      this.#detachOwn = attachSource(this.#host, scenario);
    }
    this.#watch(scenario);
    this.#host.requestUpdate();
  };

  /** Asks the element `for` names (in this element's root), else the enclosing source. */
  #find(): Bound | null {
    const forId = this.#host.getAttribute('for');
    let target: Element | null = this.#host;
    if (forId !== null) {
      const root = this.#host.getRootNode() as Document | ShadowRoot;
      target = typeof root.getElementById === 'function' ? root.getElementById(forId) : null;
      if (target === this.#host) target = null;
    }
    let found: Bound | null = null;
    const detail: SourceRequestDetail = {
      callback: (source, leave) => {
        if (source === null) return this.rebind(); // the source went away
        found = { element: source.element, scenario: source.scenario as Scenario, leave: leave ?? (() => {}) };
      },
    };
    target?.dispatchEvent(
      new CustomEvent('bulkhead-source-request', { detail, bubbles: forId === null, composed: forId === null }),
    );
    return found;
  }

  #leave(): void {
    this.#bound?.leave();
    this.#bound = null;
  }

  /** A source answers the views inside it (light DOM or its own shadow tree) and those naming its id. */
  readonly #answer = (event: Event) => {
    const callback = callbackOf((event as CustomEvent<unknown>).detail);
    if (!callback) return;
    event.stopPropagation();
    this.#consumers.add(callback);
    callback({ element: this.#host, scenario: this.#ownScenario() }, () => this.#consumers.delete(callback));
  };

  #dropConsumers(): void {
    const consumers = [...this.#consumers];
    this.#consumers.clear();
    for (const callback of consumers) callback(null);
  }

  #watch(scenario: Scenario): void {
    if (this.#watched?.scenario === scenario) return;
    this.#watched?.stop();
    this.#watched = { scenario, stop: scenario.subscribe(() => this.#host.requestUpdate()) };
  }

  #ownScenario(): Scenario {
    if (!this.#own) {
      this.#own = new Scenario(readConfigAttributes(this.#host).input, () => Playback);
    }
    return this.#own;
  }
}
