import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Tells its host when an element it watches comes within a screen of the viewport, so that what is
 * there is drawn before the reader scrolls to it. It watches the host itself from its connection
 * on, and whatever else the host asks it to, until the host leaves the page.
 *
 * Unlike `IntersectionController` (`@lit-labs/observers`), it asks the host for no update when it
 * reports: a lab draws what comes near in turns of its own (turns.ts), and an update for every
 * report rendered the whole lab once more in the observer's task, beside the turn of that frame.
 */
export class NearController implements ReactiveController {
  readonly #targets: Set<Element>;
  readonly #observer: IntersectionObserver;

  constructor(host: ReactiveControllerHost & Element, near: (target: Element) => void) {
    this.#targets = new Set([host]);
    this.#observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) near(entry.target);
      },
      { rootMargin: '100% 0px' },
    );
    host.addController(this);
  }

  observe(target: Element): void {
    this.#targets.add(target);
    this.#observer.observe(target);
  }

  unobserve(target: Element): void {
    this.#targets.delete(target);
    this.#observer.unobserve(target);
  }

  hostConnected(): void {
    for (const target of this.#targets) this.#observer.observe(target);
  }

  hostDisconnected(): void {
    this.#observer.disconnect();
  }
}
