/** Scroll regions a keyboard can reach only while there is something in them to scroll. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * A region that scrolls must take the keyboard's focus, or a keyboard reader cannot scroll it; one
 * that does not scroll is a Tab stop that does nothing. Whenever a region or its content changes
 * size, this controller gives each region matching `selector` in the host's shadow root
 * `tabindex="0"` while its content is wider or taller than it, and removes the tabindex otherwise.
 * The template must not set a tabindex on these regions.
 *
 * Sizes are read only when a `ResizeObserver` reports them, after the browser has laid the page
 * out anyway: reading them right after a render would make it lay out the page inside the script,
 * once for every element that renders.
 */
export class ScrollRegions implements ReactiveController {
  #observer: ResizeObserver | null = null;
  /** The regions and their content last observed, so a render that keeps them observes nothing new. */
  #watched: Element[] = [];

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #selector: string;

  constructor(host: ReactiveControllerHost & HTMLElement, selector = '.scroller') {
    this.#host = host;
    this.#selector = selector;
    host.addController(this);
  }

  hostConnected(): void {
    this.#observe(); // again, after a move in the page: what was watched is still drawn
  }

  hostUpdated(): void {
    const regions = [...(this.#host.shadowRoot?.querySelectorAll<HTMLElement>(this.#selector) ?? [])];
    // A region drawn anew is a tab stop until its size is known: one that scrolls is never out of
    // the keyboard's reach, and one that does not loses the tab stop once it is laid out.
    for (const region of regions) if (!this.#watched.includes(region)) region.setAttribute('tabindex', '0');
    // A region starts to scroll when it shrinks or its content grows: both are watched. A region or
    // content drawn anew is observed anew, which reports its size once it is laid out.
    const watched = regions.flatMap((region) => [region, ...region.children]);
    if (watched.length === this.#watched.length && watched.every((el, i) => el === this.#watched[i])) return;
    this.#watched = watched;
    this.#observe();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
  }

  #observe(): void {
    if (typeof ResizeObserver === 'undefined') return;
    this.#observer?.disconnect();
    this.#observer ??= new ResizeObserver(() => this.#watched.filter((el) => el.matches(this.#selector)).forEach(mark));
    for (const el of this.#watched) this.#observer.observe(el);
  }
}

/** A pixel more inside than out is a table's collapsed border or rounding: nothing to scroll. */
function mark(region: Element): void {
  const scrolls = region.scrollWidth > region.clientWidth + 1 || region.scrollHeight > region.clientHeight + 1;
  if (scrolls) region.setAttribute('tabindex', '0');
  else region.removeAttribute('tabindex');
}
