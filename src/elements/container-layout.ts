/** Which layout an element's own width calls for, decided by a CSS container query. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isPrinting } from '../scenario/scheduler.js';

/**
 * Some layouts need different markup (a transposed table, one table per tenant), which CSS alone
 * cannot give without losing table semantics. The element renders `<div class="frame">` (a size
 * container, see `widgetStyles`) holding an empty `<div class="probe">`; its stylesheet sets
 * `--_layout` on the probe in `@container` rules, so the breakpoints live in CSS, in the host's `em`.
 * This controller reads that value once the probe is laid out and whenever its width changes, and
 * asks for a render when it changes; the element renders only the markup of the layout in use.
 * The probe is empty, so a new layout's height never resizes what is observed.
 */
export class ContainerLayout<T extends string> implements ReactiveController {
  #observer: ResizeObserver | null = null;
  #probe: Element | null = null;
  /**
   * False until the layout in use has been read once: the element keeps its frame, and what follows
   * it, invisible until then (class `measuring`), so a reader never sees the first layout replaced
   * by another one (a layout shift).
   */
  measured = false;

  #settle!: () => void;
  /** Resolves once the layout in use has been read and the update that draws it requested. */
  readonly settled = new Promise<void>((resolve) => (this.#settle = resolve));

  readonly #host: ReactiveControllerHost & HTMLElement;

  constructor(
    host: ReactiveControllerHost & HTMLElement,
    /** The layout until the first measure, and wherever ResizeObserver is missing. */
    public value: T,
  ) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdated(): void {
    const probe = this.#host.shadowRoot?.querySelector('.frame > .probe') ?? null;
    if (probe === this.#probe) return;
    this.#observer?.disconnect();
    this.#probe = probe;
    if (!probe || typeof ResizeObserver === 'undefined') {
      if (!this.measured) {
        this.measured = true;
        this.#host.requestUpdate();
        this.#settle();
      }
      return;
    }
    // Its first answer comes before the first paint, so the layout in use is the first one seen.
    this.#observer ??= new ResizeObserver(() => this.#read());
    this.#observer.observe(probe);
    // An element drawn for print gets no answer before the page is laid out for print: it reads now.
    if (isPrinting()) this.#read();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#probe = null;
  }

  #read(): void {
    const probe = this.#probe;
    if (!probe?.isConnected) return;
    const value = getComputedStyle(probe).getPropertyValue('--_layout').trim() as T;
    if ((value && value !== this.value) || !this.measured) {
      if (value) this.value = value;
      this.measured = true;
      // Drawn in the next frame, not while the browser is still delivering size changes: a view
      // drawn now would add sizes to observe to this very delivery (an error on the page). For
      // print, at once: no frame comes first.
      if (isPrinting()) this.#draw();
      else requestAnimationFrame(() => this.#draw());
    }
  }

  #draw(): void {
    this.#host.requestUpdate();
    this.#settle();
  }
}
