/**
 * The source side of the binding protocol, modelled on Lit's context provider: an element that owns
 * a scenario made from its attributes, answers `bulkhead-source-request` from the views inside it and
 * from those whose `for` names its id, and announces itself with `bulkhead-source-connected` so that
 * views still on their own ask again. It serves its scenario to the page (`serve.ts`).
 */
import type { ReactiveController } from 'lit';
import type { Host, ScenarioBinding } from './binding.js';
import { emit, type EventDetails, type RequestDetails, type RequestName, type SourceRequestDetail } from './events.js';
import type { Issue } from './notices.js';
import { OwnScenario } from './own-scenario.js';
import { Playback, announceChanges, answerRequests } from './serve.js';
import type { Scenario, ScenarioRequest } from './scenario.js';

/** A source request's callback, or null for a malformed detail (a Proxy or getter that throws included). */
function callbackOf(detail: unknown): SourceRequestDetail['callback'] | null {
  try {
    const callback: unknown = (detail as Partial<SourceRequestDetail> | null)?.callback;
    return typeof callback === 'function' ? (callback as SourceRequestDetail['callback']) : null;
  } catch {
    return null;
  }
}

const announce = (host: HTMLElement) =>
  host.dispatchEvent(new Event('bulkhead-source-connected', { bubbles: true, composed: true }));

export class SourceController implements ReactiveController, ScenarioBinding {
  readonly #host: Host;
  readonly #own: OwnScenario;
  /** Views currently bound to this source, told (with null) when it goes away. */
  readonly #consumers = new Set<(source: null) => void>();
  /** Stops answering requests, while connected. */
  #answering: (() => void) | null = null;
  /** Stops announcing and re-rendering, while connected with its scenario made. */
  #unwatch: (() => void) | null = null;

  constructor(host: Host) {
    this.#host = host;
    this.#own = new OwnScenario(host, () => Playback);
    host.addController(this);
  }

  /**
   * The scenario, made the first time it is read (a lab reads it in a turn of its own, not while it
   * upgrades; a request dispatched at the source reads it), and from then on watched while the source
   * is on the page.
   */
  get scenario(): Scenario {
    const scenario = this.#own.scenario;
    if (!this.#unwatch && this.#answering) this.#watch(scenario);
    return scenario;
  }
  get issues(): Issue[] {
    return this.#own.issues;
  }
  get fetching(): null {
    return null;
  }

  page(request: ScenarioRequest): void {
    this.scenario.send(request, 'page');
  }

  attributeChanged(name: string): void {
    this.#own.attributeChanged(name);
  }

  request<K extends RequestName>(name: K, detail: RequestDetails[K]): void {
    emit(this.#host, name, detail as EventDetails[K]);
  }

  /** Its id changed: views bound by `for` look again, and waiting ones may now find it. */
  linkChanged(): void {
    if (!this.#host.isConnected) return;
    this.#dropConsumers();
    announce(this.#host);
  }

  hostConnected(): void {
    const host = this.#host;
    host.addEventListener('bulkhead-source-request', this.#answer);
    this.#answering = answerRequests(host, () => this.scenario);
    if (this.#own.made) void this.scenario; // reading it watches it again
    announce(host);
  }

  /** Announces what requests and playback change in the scenario, and draws the host anew as it changes. */
  #watch(scenario: Scenario): void {
    const stopAnnouncing = announceChanges(this.#host, scenario);
    const unsubscribe = scenario.subscribe(() => this.#host.requestUpdate());
    this.#unwatch = () => {
      stopAnnouncing();
      unsubscribe();
    };
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('bulkhead-source-request', this.#answer);
    this.#answering?.();
    this.#answering = null;
    this.#unwatch?.();
    this.#unwatch = null;
    this.#own.pause();
    this.#dropConsumers();
  }

  /** Answers the views inside it (light DOM or its own shadow tree) and those naming its id. */
  readonly #answer = (event: Event) => {
    const callback = callbackOf((event as CustomEvent<unknown>).detail);
    if (!callback) return;
    event.stopPropagation();
    this.#consumers.add(callback);
    callback({ element: this.#host, scenario: this.scenario }, () => this.#consumers.delete(callback));
  };

  #dropConsumers(): void {
    const consumers = [...this.#consumers];
    this.#consumers.clear();
    for (const callback of consumers) callback(null);
  }
}
