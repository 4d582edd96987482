/**
 * The view side of the binding protocol, modelled on Lit's context consumer: a view dispatches
 * `bulkhead-source-request` carrying a callback — at the element its `for` attribute names (looked
 * up in the view's own root), else bubbling to the nearest enclosing source — and shows the scenario
 * the source answers with. A source that connects later announces itself with
 * `bulkhead-source-connected`, and views still on their own ask again. Nothing polls or retries.
 *
 * A view with no source runs its own scenario from its own attributes, and serves it like a source
 * (`serve.ts`): it answers the request events dispatched at it and announces what they change. A
 * view that only shows fetches that code on the first request it gets, and answers the requests
 * dispatched meanwhile, in order, once it is here.
 */
import type { ReactiveController } from 'lit';
import type { Host, ScenarioBinding } from './binding.js';
import {
  REQUESTS,
  SOURCE_TAGS,
  emit,
  type EventDetails,
  type RequestDetails,
  type RequestName,
  type SourceRequestDetail,
} from './events.js';
import { failedText, type Note } from './notices.js';
import { ownFields } from './own-fields.js';
import { OwnScenario } from './own-scenario.js';
import { Part } from './parts.js';
import type { Scenario, ScenarioInput, ScenarioRequest } from './scenario.js';

/** The code that answers requests and plays (`serve.ts`). */
export type Serving = typeof import('./serve.js');

/** A source (an element that serves views other than itself) not registered yet. */
const UNREGISTERED_SOURCE = `:not(:defined):is(${SOURCE_TAGS.join()})`;

/** `serve.ts`, fetched once for every view on the page that answers requests on its own. */
const fetched = new Part<Serving>(() => import('./serve.js'), 'serve.js');

/** A source this element is bound to: its element, its scenario, and how to leave it. */
interface Bound {
  element: HTMLElement;
  scenario: Scenario;
  leave: () => void;
}

export class ViewController implements ReactiveController, ScenarioBinding {
  readonly #host: Host;
  readonly #own: OwnScenario;
  /** `serve.ts`, when the element brings it itself rather than fetching it on the first request. */
  readonly #serving: Serving | null;
  #bound: Bound | null = null;
  /** The scenario whose changes re-render the host, and the way to stop listening. */
  #watched: { scenario: Scenario; stop: () => void } | null = null;
  /** While on its own: stops answering (or holding) the requests dispatched at this element. */
  #stopServing: (() => void) | null = null;
  /** Property sets made while disconnected, replayed on the source found at connection. */
  #pending: ScenarioRequest[] = [];
  /**
   * The document this element is connected in, whose events it listens for: its own, which is not
   * the global `document` in an iframe, and changes when the element moves to another.
   */
  #doc: Document | null = null;

  constructor(host: Host, serving: Serving | null = null) {
    this.#host = host;
    this.#serving = serving;
    this.#own = new OwnScenario(host, () => (this.#serving ?? fetched.value)?.Playback ?? null);
    host.addController(this);
  }

  /** The scenario shown: the bound source's, else this element's own. */
  get scenario(): Scenario {
    return this.#bound?.scenario ?? this.#own.scenario;
  }

  /**
   * A `for` that names no source once the page has loaded (until then, every script tag may not have
   * run yet), and (when the element runs its own scenario) its attributes.
   */
  get issues(): Note[] {
    const host = this.#host;
    const forId = host.getAttribute('for');
    const issues: Note[] =
      forId !== null && !this.#bound && host.isConnected && host.ownerDocument.readyState === 'complete'
        ? [{ kind: 'for', id: forId, view: host }]
        : [];
    if (this.#bound) return issues;
    // Requests it holds, as what answers them could not be loaded: the next request tries again.
    if (this.#held.length && fetched.failed) issues.push({ kind: 'part', text: failedText(fetched.failed) });
    return [...issues, ...this.#own.issues];
  }

  /** `serve.ts` being fetched for the requests it holds. */
  get fetching(): Promise<unknown> | null {
    return this.#held.length && !fetched.failed ? fetched.load() : null;
  }

  /** A change the page made through a property: applied silently, and kept for the source found at connection. */
  page(request: ScenarioRequest): void {
    if (!this.#host.isConnected) this.#pending.push(request);
    this.scenario.send(request, 'page');
  }

  attributeChanged(name: string): void {
    this.#own.attributeChanged(name);
  }

  /** Its `for` changed: it finds its source again. */
  linkChanged(): void {
    this.rebind();
  }

  /** Sends a request event to this element's source (or to itself when on its own). */
  request<K extends RequestName>(name: K, detail: RequestDetails[K]): void {
    emit(this.#bound?.element ?? this.#host, name, detail as EventDetails[K]);
  }

  hostConnected(): void {
    const doc = (this.#doc = this.#host.ownerDocument);
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', this.rebind, { once: true });
    // Once the page has loaded, a `for` that still names no source is told (see `issues`).
    if (doc.readyState !== 'complete') doc.defaultView?.addEventListener('load', this.#loaded, { once: true });
    this.rebind();
    const pending = this.#pending;
    this.#pending = [];
    if (this.#bound) for (const request of pending) this.#bound.scenario.send(request, 'page');
  }

  hostDisconnected(): void {
    this.#doc?.removeEventListener('bulkhead-source-connected', this.rebind);
    this.#doc?.removeEventListener('DOMContentLoaded', this.rebind);
    this.#doc?.defaultView?.removeEventListener('load', this.#loaded);
    this.#doc = null;
    this.#leave();
    this.#standDown();
    this.#watched?.stop();
    this.#watched = null;
    this.#own.pause();
  }

  readonly #loaded = (): void => this.#host.requestUpdate();

  /** Finds the source again: after connection, a `for` change, or a source that appeared or left. */
  readonly rebind = (): void => {
    if (!this.#host.isConnected) return;
    const found = this.#find();
    if (found?.scenario !== this.#bound?.scenario || found?.element !== this.#bound?.element) {
      this.#leave();
      this.#bound = found;
    } else {
      found?.leave(); // the same source answered again: keep the first subscription
    }
    // Only a view still on its own listens for sources that appear later.
    if (this.#bound) this.#doc?.removeEventListener('bulkhead-source-connected', this.rebind);
    else this.#doc?.addEventListener('bulkhead-source-connected', this.rebind);
    if (this.#bound) {
      this.#standDown();
      this.#own.pause();
    } else if (!this.#stopServing && !this.#host.closest(UNREGISTERED_SOURCE)) {
      // Inside a source not registered yet (a lab whose script has not come), it waits for that
      // source rather than serve a scenario of its own.
      this.#serve();
    }
    this.#watch(this.scenario);
    this.#host.requestUpdate();
  };

  /**
   * On its own, it serves its scenario: at once with `serve.ts` at hand, else it holds the requests
   * dispatched at it (as a source would take them, for itself only) until `serve.ts` is fetched.
   */
  #serve(): void {
    const serving = this.#serving ?? fetched.value;
    if (serving) {
      this.#stopServing = serving.serve(this.#host, this.#own.scenario);
      return;
    }
    for (const name of REQUESTS) this.#host.addEventListener(name, this.#hold);
    this.#stopServing = this.#stopHolding;
  }

  /** Requests dispatched at it while `serve.ts` is being fetched, in order: each one's name and detail. */
  #held: [RequestName, ScenarioInput][] = [];

  readonly #hold = (event: Event): void => {
    event.stopPropagation(); // a request is for the nearest source only
    this.#held.push([event.type as RequestName, ownFields((event as CustomEvent).detail) ?? {}]);
    // Once here, it serves its scenario and answers the held requests, unless it no longer runs it.
    // A failed fetch leaves them held, and the element says so: the next request fetches again.
    void fetched.load().then((serving) => {
      if (!serving) return this.#host.requestUpdate();
      const held = this.#held.splice(0);
      if (this.#stopServing !== this.#stopHolding) return;
      this.#stopHolding();
      this.#serve();
      for (const [name, detail] of held) serving.answer(this.#own.scenario, name, detail);
    });
  };

  readonly #stopHolding = (): void => {
    for (const name of REQUESTS) this.#host.removeEventListener(name, this.#hold);
  };

  #standDown(): void {
    this.#stopServing?.();
    this.#stopServing = null;
  }

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

  #watch(scenario: Scenario): void {
    if (this.#watched?.scenario === scenario) return;
    this.#watched?.stop();
    this.#watched = { scenario, stop: scenario.subscribe(() => this.#host.requestUpdate()) };
  }
}
