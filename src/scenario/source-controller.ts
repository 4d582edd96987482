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
import { Playback, serve } from './serve.js';
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
  /** Stops serving and re-rendering, while connected. */
  #stop: (() => void) | null = null;

  constructor(host: Host) {
    this.#host = host;
    this.#own = new OwnScenario(host, () => Playback);
    host.addController(this);
  }

  get scenario(): Scenario {
    return this.#own.scenario;
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
    const scenario = this.scenario;
    host.addEventListener('bulkhead-source-request', this.#answer);
    const stopServing = serve(host, scenario);
    const unsubscribe = scenario.subscribe(() => host.requestUpdate());
    this.#stop = () => {
      stopServing();
      unsubscribe();
    };
    announce(host);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('bulkhead-source-request', this.#answer);
    this.#stop?.();
    this.#stop = null;
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
