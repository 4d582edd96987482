/**
 * How an element finds its scenario: `for="id"` → the enclosing source → its own (standalone).
 * A source answers request events on itself and announces results, but only for requests and
 * playback progress, never for a property or attribute set by the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DEFAULT_CONFIG, FIELDS, presets, type LabConfig, type PresetName } from '../sim/index.js';
import { isSpeed } from './clock.js';
import { REQUESTS, emit, type EventDetails, type RequestDetails, type RequestName, type SourceRequestDetail } from './events.js';
import { Scenario, type Cause, type Change } from './scenario.js';

/** `reservedA` ↔ `reserved-a`. */
export const attributeOf = (field: keyof LabConfig): string => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const CONFIG_ATTRIBUTES = [...FIELDS.map(attributeOf), 'preset'];

/** The raw inputs an element's attributes give, with a note about an unknown preset. */
export function readConfigAttributes(element: Element): { input: Record<string, unknown>; notes: string[] } {
  const notes: string[] = [];
  const name = element.getAttribute('preset');
  let base: Record<string, unknown> = {};
  if (name !== null) {
    const preset = presets[name as PresetName];
    if (preset) base = { ...preset.config };
    else notes.push(`preset: ${JSON.stringify(name)} is not one of ${Object.keys(presets).join(', ')}; using the defaults`);
  }
  const input: Record<string, unknown> = { ...base };
  for (const field of FIELDS) {
    const value = element.getAttribute(attributeOf(field));
    if (value !== null) input[field] = value;
  }
  return { input, notes };
}

/** Makes `host` answer request events for `scenario` and announce what they change. */
export function attachSource(host: HTMLElement, scenario: Scenario): () => void {
  const handle = (event: Event) => {
    event.stopPropagation(); // a request is for the nearest source only
    const detail = ((event as CustomEvent).detail ?? {}) as RequestDetails[RequestName];
    const cause: Cause = 'request';
    switch (event.type as RequestName) {
      case 'bulkhead-seek-request': return scenario.seek(Number((detail as RequestDetails['bulkhead-seek-request']).tick), cause);
      case 'bulkhead-play-request': return scenario.play(cause);
      case 'bulkhead-pause-request': return scenario.pause(cause);
      case 'bulkhead-step-request': return scenario.step(cause);
      case 'bulkhead-restart-request': return scenario.restart(cause);
      case 'bulkhead-speed-request': {
        const speed = Number((detail as RequestDetails['bulkhead-speed-request']).speed);
        if (isSpeed(speed)) scenario.setSpeed(speed, cause);
        return;
      }
      case 'bulkhead-config-request': {
        const changes = (detail as RequestDetails['bulkhead-config-request']).changes;
        if (changes && typeof changes === 'object') scenario.update(changes, cause);
        return;
      }
    }
  };
  for (const name of REQUESTS) host.addEventListener(name, handle);
  const unsubscribe = scenario.subscribe((change: Change, cause: Cause) => {
    if (cause === 'property') return;
    if (change === 'run') {
      emit(host, 'bulkhead-run', { config: scenario.config, run: scenario.run, problems: scenario.problems });
    }
    emit(host, 'bulkhead-tick', {
      tick: scenario.tick, elapsed: scenario.playback.elapsed, playing: scenario.playing, speed: scenario.speed,
    });
  });
  // A hidden tab pauses playback.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden' && scenario.playing) scenario.pause('playback');
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    for (const name of REQUESTS) host.removeEventListener(name, handle);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

export type Binding = 'source' | 'for' | 'enclosing' | 'standalone';

interface SourceLike extends HTMLElement {
  scenario?: Scenario;
  isScenarioSource?: boolean;
}

type Host = ReactiveControllerHost & HTMLElement;

/**
 * Binds an element to its scenario and re-renders it on every change. A source element (or a
 * standalone view) owns a scenario made from its attributes; a view bound elsewhere only reads.
 */
export class ScenarioController implements ReactiveController {
  scenario!: Scenario;
  binding: Binding = 'standalone';
  /** Visible notes about the binding (e.g. a `for` id that names nothing). */
  bindingNotes: string[] = [];
  private own: Scenario | null = null;
  private ownNotes: string[] = [];
  private detachSource: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private connected = false;
  /** Whether a missing `for` target has had its second chance (parsing, upgrade). */
  private forRetried = false;

  constructor(
    private readonly host: Host,
    private readonly isSource: boolean,
  ) {
    host.addController(this);
  }

  /** A source answers the views inside it (light DOM or its own shadow tree) with its scenario. */
  private readonly answer = (event: Event) => {
    event.stopPropagation();
    (event as CustomEvent<SourceRequestDetail>).detail.scenario = this.scenario;
  };

  /** A view that found no source looks again whenever a source appears (it may upgrade late). */
  private readonly lookAgain = () => this.resolve();

  private findEnclosing(): Scenario | undefined {
    const detail: SourceRequestDetail = {};
    this.host.dispatchEvent(new CustomEvent('bulkhead-source-request', { detail, bubbles: true, composed: true }));
    return detail.scenario as Scenario | undefined;
  }

  /** Notes about the element's own attributes (when it runs its own scenario). */
  get notes(): string[] {
    const own = this.binding === 'source' || this.binding === 'standalone';
    return [...this.bindingNotes, ...(own ? [...this.ownNotes, ...this.scenario.problems.map((p) => p.message)] : [])];
  }

  hostConnected(): void {
    this.connected = true;
    if (this.isSource) this.host.addEventListener('bulkhead-source-request', this.answer);
    this.resolve();
    if (this.isSource) dispatchEvent(new Event('bulkhead-source-connected'));
    if (!this.isSource && this.host.hasAttribute('for') && this.binding !== 'for') {
      // The target may not be parsed or upgraded yet: look again once it can be.
      const retry = () => {
        this.forRetried = document.readyState !== 'loading';
        if (this.connected) this.resolve();
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', retry, { once: true });
      queueMicrotask(retry);
    }
  }

  hostDisconnected(): void {
    this.connected = false;
    this.host.removeEventListener('bulkhead-source-request', this.answer);
    removeEventListener('bulkhead-source-connected', this.lookAgain);
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.detachSource?.();
    this.detachSource = null;
    this.own?.playback.pause();
  }

  /** The page changed a config attribute: apply that one change, announcing nothing. */
  attributeChanged(name: string): void {
    if (!this.own) return;
    const { input, notes } = readConfigAttributes(this.host);
    this.ownNotes = notes;
    if (name === 'preset') return this.own.setInput(input, 'property');
    const field = FIELDS.find((f) => attributeOf(f) === name)!;
    this.own.update({ [field]: input[field] ?? DEFAULT_CONFIG[field] }, 'property');
  }

  /** Sends a request to this element's source. */
  request<K extends RequestName>(name: K, detail: RequestDetails[K]): void {
    const target = this.binding === 'for' ? document.getElementById(this.host.getAttribute('for')!) : this.host;
    emit(target ?? this.host, name, detail as EventDetails[K]);
  }

  private ownScenario(): Scenario {
    if (!this.own) {
      const { input, notes } = readConfigAttributes(this.host);
      this.ownNotes = notes;
      this.own = new Scenario(input);
    }
    return this.own;
  }

  private resolve(): void {
    if (!this.connected) return;
    this.bindingNotes = [];
    let scenario: Scenario | undefined;
    let binding: Binding;
    let enclosing: Scenario | undefined;
    const forId = this.isSource ? null : this.host.getAttribute('for');
    if (this.isSource) {
      binding = 'source';
      scenario = this.ownScenario();
    } else if (forId !== null) {
      const target = document.getElementById(forId) as SourceLike | null;
      if (target?.isScenarioSource && target.scenario) {
        binding = 'for';
        scenario = target.scenario;
      } else {
        if (target && !target.isScenarioSource && target.localName.includes('-')) {
          customElements.whenDefined(target.localName).then(() => this.resolve(), () => {});
        }
        if (this.forRetried) {
          this.bindingNotes = [`for: no scenario source with id ${JSON.stringify(forId)}; showing this widget on its own`];
        }
        binding = 'standalone';
      }
    } else if ((enclosing = this.findEnclosing())) {
      binding = 'enclosing';
      scenario = enclosing;
    } else {
      binding = 'standalone';
    }
    if (binding === 'standalone' && forId === null) addEventListener('bulkhead-source-connected', this.lookAgain);
    else removeEventListener('bulkhead-source-connected', this.lookAgain);
    scenario ??= this.ownScenario();
    const attach = binding === 'source' || binding === 'standalone';
    if (scenario !== this.scenario || binding !== this.binding || !this.unsubscribe) {
      this.unsubscribe?.();
      this.detachSource?.();
      this.detachSource = attach ? attachSource(this.host, scenario) : null;
      this.scenario = scenario;
      this.binding = binding;
      this.unsubscribe = scenario.subscribe(() => this.host.requestUpdate());
    }
    this.host.requestUpdate();
  }
}
