import { css, html } from 'lit';
import type { Note } from '../../scenario/notices.js';
import type { Tenant } from '../../sim/config.js';
import { metricsAt } from '../../sim/derive.js';
import { tokens } from '../../styles/tokens.js';
import { msg, str } from '../../i18n/msg.js';
import { plural } from '../../i18n/words.js';
import { GATE_LABEL, amplification, choiceNotes, percent, ticks, windowNotes } from '../format.js';
import { ScenarioElement } from '../scenario-element.js';

/**
 * One tenant's completion gate: pass, fail, pending or no traffic; completed of required of offered;
 * the completion rate; and the p95 of completed requests, with its warning. When clients retry, the
 * attempts they sent and how many per request.
 *
 * @summary One tenant's gate, rate, required count and p95.
 * @attr {'A' | 'B'} tenant - `A` or `B` (default `B`).
 * @attr {'full' | 'inspected'} window - `full` (default: the whole window) or `inspected` (the inspected tick).
 * @attr {string} for - id of the scenario source to show; else the enclosing source; else its own config attributes.
 * @csspart gate - the whole card.
 * @csspart verdict - the pass / fail / pending badge.
 * @csspart notices - notices about attributes that were corrected.
 * @cssproperty --bulkhead-color-pass - colour of a passing gate.
 * @cssproperty --bulkhead-color-fail - colour of a failing gate.
 * @cssproperty --bulkhead-color-pending - colour of a pending gate.
 */
export class OutcomeGate extends ScenarioElement {
  static override styles = [
    tokens,
    css`
      .gate {
        border: 1px solid var(--_line);
        border-left: 6px solid var(--_tenant);
        border-radius: var(--_radius);
        padding: 0.4em 0.7em;
        background: var(--_bg);
      }
      .gate.A {
        --_tenant: var(--_a);
      }
      .gate.B {
        --_tenant: var(--_b);
      }
      .heading {
        margin: 0 0 0.3em;
        font-size: 1em;
        font-weight: 700;
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: baseline;
      }
      .verdict {
        font-weight: 700;
        padding: 0 0.45rem;
        border-radius: var(--_radius);
        border: 2px solid currentColor;
      }
      .pass { color: var(--_pass); }
      .fail { color: var(--_fail); }
      .pending, .no-traffic { color: var(--_pending); }
      p {
        margin: 0.1rem 0;
      }
      .warning {
        color: var(--_muted);
        font-size: max(12px, 0.875em);
      }
    `,
  ];

  static override properties = { tenant: {}, window: {} };
  declare tenant: 'A' | 'B';
  declare window: 'full' | 'inspected';

  constructor() {
    super();
    this.tenant = 'B';
    this.window = 'full';
  }

  get #shownTenant(): Tenant {
    return this.tenant === 'A' ? 'A' : 'B';
  }

  protected override ownAttributeNotes(): Note[] {
    return [...choiceNotes('tenant', this.tenant, ['A', 'B'], 'B'), ...windowNotes(this.window, 'full')];
  }

  protected override render() {
    const tenant = this.#shownTenant;
    const full = this.window !== 'inspected';
    const scenario = this.scenario;
    const tick = full ? scenario.config.horizon : scenario.tick;
    const m = scenario.at(metricsAt, tick)[tenant];
    const unfinished = m.offered - m.completed;
    const when = full ? msg('full window') : msg(str`at tick ${tick}`);
    const { target, retries } = scenario.config;
    return html`
      ${this.renderNotices()}
      <div role="group" class="gate ${tenant}" part="gate" aria-label=${msg(str`Tenant ${tenant} gate, ${when}`)}>
        ${this.renderHeading(html`<span>${msg(str`Tenant ${tenant} gate`)}</span>
          <span class="verdict ${m.gate}" part="verdict">${GATE_LABEL[m.gate]}</span>
          <span class="when">${when}</span>`)}
        ${
          m.offered === 0
            ? html`<p>${full ? msg(str`No ${tenant} requests were offered.`) : msg(str`No ${tenant} requests were offered yet.`)}</p>`
            : html`
              <p>${msg(html`<strong>${m.completed}</strong> completed of <strong>${m.required}</strong> required (${target} % of <strong>${m.offered}</strong> offered)`)}</p>
              <p>${msg(html`Completion rate: <strong>${percent(m.completionRate)}</strong>`)} ·
                ${msg(html`p95 latency: <strong>${ticks(m.p95)}</strong>`)}</p>
              ${retries ? html`<p>${msg(html`Attempts: <strong>${m.attempts}</strong>, ${amplification(m)} per request`)}</p>` : ''}
              <p class="warning">${
                unfinished === 0
                  ? full
                    ? msg('The p95 counts completed requests only; every offered request completed.')
                    : msg('The p95 counts completed requests only; every offered request has completed.')
                  : full
                    ? plural(
                        unfinished,
                        msg(
                          str`The p95 counts completed requests only: it leaves out the ${unfinished} offered request that did not complete.`,
                        ),
                        msg(
                          str`The p95 counts completed requests only: it leaves out the ${unfinished} offered requests that did not complete.`,
                        ),
                      )
                    : plural(
                        unfinished,
                        msg(
                          str`The p95 counts completed requests only: it leaves out the ${unfinished} offered request that has not completed.`,
                        ),
                        msg(
                          str`The p95 counts completed requests only: it leaves out the ${unfinished} offered requests that have not completed.`,
                        ),
                      )
              }</p>
            `
        }
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'outcome-gate': OutcomeGate;
  }
}
