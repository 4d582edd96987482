/**
 * A lab's settings and inspected tick in the URL hash (`permalink`, see permalink.ts): restored when
 * the lab connects and when a link is followed, written as they change. Read at connection: a lab
 * given `permalink` later keeps its hash alone until it connects again.
 */
import type { ReactiveController } from 'lit';
import { readConfigAttributes } from '../../scenario/config-attributes.js';
import { readPermalink, writePermalink } from '../../scenario/permalink.js';
import type { Scenario } from '../../scenario/scenario.js';
import { normalizeConfig } from '../../sim/index.js';

interface PermalinkHost extends HTMLElement {
  addController(controller: ReactiveController): void;
  readonly permalink: boolean;
  readonly scenario: Scenario;
}

export class PermalinkController implements ReactiveController {
  readonly #host: PermalinkHost;
  /** The lab's key in the hash (see lab-key.ts). */
  readonly #key: () => string;
  #stop: (() => void) | null = null;

  constructor(host: PermalinkHost, key: () => string) {
    this.#host = host;
    this.#key = key;
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.#host.permalink) return;
    this.#restore();
    window.addEventListener('hashchange', this.#restore);
    const unsubscribe = this.#host.scenario.subscribe(() => this.#save());
    this.#stop = () => {
      unsubscribe();
      window.removeEventListener('hashchange', this.#restore);
    };
  }

  hostDisconnected(): void {
    this.#stop?.();
    this.#stop = null;
  }

  readonly #restore = (): void => {
    const { scenario } = this.#host;
    const { changes, tick } = readPermalink(location.hash, this.#key(), scenario.config);
    if (Object.keys(changes).length) scenario.send({ type: 'configure', changes }, 'page');
    if (tick !== null) scenario.send({ type: 'seek', tick }, 'page');
  };

  #save(): void {
    const { scenario } = this.#host;
    const base = normalizeConfig(readConfigAttributes(this.#host)).config;
    const hash = writePermalink(location.hash, this.#key(), scenario.config, base, scenario.tick);
    if (hash !== location.hash)
      history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  }
}
