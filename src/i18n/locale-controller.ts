/**
 * Which language an element speaks: its own `lang`, else the nearest ancestor's (through shadow
 * roots, so a widget inside the lab speaks the lab's language), else the document's. It follows a
 * `lang` changed later anywhere above it, through one observer per document.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { failedLocale, inLocale, isLoaded, loadLocale, localeOf, type Locale } from './msg.js';

/** The language tag that applies to `element`, or '' when none is set anywhere above it. */
export function langOf(element: Element): string {
  for (let node: Element | null = element; node;) {
    const tagged = node.closest('[lang]');
    if (tagged) return tagged.getAttribute('lang') ?? '';
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return '';
}

/** Controllers connected in each document, told when a `lang` attribute changes there. */
const listeners = new WeakMap<Document, Set<LocaleController>>();

function listen(doc: Document, controller: LocaleController): () => void {
  let set = listeners.get(doc);
  if (!set) {
    const all = new Set<LocaleController>();
    listeners.set(doc, (set = all));
    new MutationObserver(() => {
      for (const each of all) each.check();
    }).observe(doc, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }
  set.add(controller);
  return () => set.delete(controller);
}

type Host = ReactiveControllerHost & HTMLElement;

export class LocaleController implements ReactiveController {
  /** The locale the host draws in. */
  value: Locale = 'en';
  #leave: (() => void) | null = null;
  readonly #host: Host;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  /** Runs `work` in the host's locale (in English while that locale's words are missing). */
  run<T>(work: () => T): T {
    return inLocale(isLoaded(this.value) ? this.value : 'en', work);
  }

  /**
   * For the host's `scheduleUpdate`: runs its update in its locale, once that locale's words are
   * here, so a German page never shows English first. If they could not be loaded, it draws in
   * English (and says so, see `failed`) until the page is loaded again.
   */
  schedule(update: () => unknown): unknown {
    return isLoaded(this.value) || this.failed ? this.run(update) : loadLocale(this.value).then(() => this.run(update));
  }

  /** The file of the host's words, if they could not be loaded. */
  get failed(): string | null {
    return failedLocale(this.value);
  }

  hostConnected(): void {
    this.#leave = listen(this.#host.ownerDocument, this);
    this.check();
  }

  hostDisconnected(): void {
    this.#leave?.();
    this.#leave = null;
  }

  /** Looks again at the language that applies to the host, and redraws it if that changed. */
  check(): void {
    const next = localeOf(langOf(this.#host));
    if (next === this.value) return;
    this.value = next;
    this.#host.requestUpdate();
  }
}
