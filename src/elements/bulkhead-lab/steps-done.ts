/**
 * Which guided steps are done: a preset step's check (see step-check.ts) holds, or a page's own
 * step (`<li data-check>` in the lab's `steps` slot) gets `data-done` while its condition holds. A
 * page may add or change its steps at any time. A condition that can never hold is warned about
 * once.
 */
import type { ReactiveController } from 'lit';
import type { Scenario } from '../../scenario/scenario.js';
import type { StepCheck, parseStepCheck } from './step-check.js';

interface StepsHost extends HTMLElement {
  addController(controller: ReactiveController): void;
  readonly scenario: Scenario;
}

export class StepsDone implements ReactiveController {
  readonly #host: StepsHost;
  /** Reads a condition; it comes with the guided steps (steps.ts), so none holds before they are here. */
  readonly #parse: () => typeof parseStepCheck | undefined;
  /** Each condition, read once; null for one that can never hold. */
  readonly #checks = new Map<string, StepCheck | null>();
  readonly #changed = new MutationObserver(() => this.#mark());

  constructor(host: StepsHost, parse: () => typeof parseStepCheck | undefined) {
    this.#host = host;
    this.#parse = parse;
    host.addController(this);
  }

  /** Whether a step's condition holds for the lab's settings and inspected tick. */
  holds(condition: string): boolean {
    const parse = this.#parse();
    if (!parse) return false;
    let check = this.#checks.get(condition);
    if (check === undefined) {
      const parsed = parse(condition);
      check = typeof parsed === 'function' ? parsed : null;
      this.#checks.set(condition, check);
      if (!check)
        console.warn(
          `<bulkhead-lab> data-check="${condition.slice(0, 80)}" can never hold: ${(parsed as { problem: string }).problem}`,
        );
    }
    return check !== null && check(this.#host.scenario.config, this.#host.scenario.tick);
  }

  /** Marks the page's own steps done while their condition holds. */
  #mark(): void {
    for (const step of this.#host.querySelectorAll<HTMLElement>(':scope > [slot="steps"] [data-check]'))
      step.toggleAttribute('data-done', this.holds(step.dataset.check!));
  }

  hostConnected(): void {
    this.#changed.observe(this.#host, { subtree: true, childList: true, attributeFilter: ['data-check'] });
  }

  hostDisconnected(): void {
    this.#changed.disconnect();
  }

  hostUpdated(): void {
    this.#mark();
  }
}
