/** Expand experiment / Exit full screen: the lab in full screen, where the page allows it. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class FullscreenController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  /** Whether the page allows full screen at all (not in an iframe without `allow="fullscreen"`). */
  get allowed(): boolean {
    return this.#host.ownerDocument.fullscreenEnabled;
  }

  /** Whether the lab is in full screen now. */
  get active(): boolean {
    return this.#host.ownerDocument.fullscreenElement === this.#host;
  }

  toggle(): void {
    if (this.active) this.#host.ownerDocument.exitFullscreen().catch(() => {});
    else this.#host.requestFullscreen().catch(() => {});
  }

  readonly #changed = (): void => this.#host.requestUpdate();

  hostConnected(): void {
    this.#host.ownerDocument.addEventListener('fullscreenchange', this.#changed);
  }

  hostDisconnected(): void {
    this.#host.ownerDocument.removeEventListener('fullscreenchange', this.#changed);
  }
}
