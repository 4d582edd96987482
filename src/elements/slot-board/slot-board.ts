import { css, html } from 'lit';
import { tokens } from '../../styles/tokens.js';
import { widgetStyles } from '../../styles/widgets.js';
import { msg, str } from '../../i18n/msg.js';
import { ScenarioElement } from '../scenario-element.js';
import { queuesAt, slotsAt } from '../../sim/index.js';

/**
 * The inspected tick at a glance: who holds each slot (and whether it is borrowed), and each
 * tenant's queue, oldest first.
 *
 * @summary Slot holders and queues at the inspected tick.
 * @attr {string} for - id of the scenario source to show; else the enclosing source; else its own config attributes.
 * @csspart slots - the list of slots.
 * @csspart queues - the two queues.
 * @csspart notices - notices about attributes that were corrected.
 */
export class SlotBoard extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    css`
      .heading {
        font-size: 1em;
        font-weight: 700;
        margin: 0 0 0.4em;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr));
        gap: 0.35rem;
      }
      .slot {
        border: 1px solid var(--_line);
        border-radius: var(--_radius);
        padding: 0.3rem 0.5rem;
        background: var(--_bg);
      }
      .slot.A {
        background: var(--_a-soft);
        border-left: 5px solid var(--_a);
      }
      .slot.B {
        background: var(--_b-soft);
        border-left: 5px solid var(--_b);
      }
      .slot.borrowed {
        border-style: dashed;
        border-width: 2px 2px 2px 5px;
      }
      .slot .holder {
        font-family: var(--_mono);
        font-weight: 700;
      }
      .slot small {
        display: block;
        color: var(--_muted);
        font-size: max(12px, 0.85em);
      }
      .queues {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
        gap: var(--_gap);
        margin-top: var(--_gap);
      }
      .queue p {
        margin: 0.1rem 0;
        font-family: var(--_mono);
        overflow-wrap: anywhere;
      }
    `,
  ];

  protected override render() {
    const scenario = this.scenario;
    const slots = scenario.at(slotsAt);
    const queues = scenario.at(queuesAt);
    const cap = scenario.config.queueCap;
    return html`
      ${this.renderNotices()}
      ${this.renderHeading(msg(str`Slots at tick ${scenario.tick}`))}
      <ol part="slots">
        ${slots.map(
          (s) => html`<li class="slot ${s.tenant ?? 'free'} ${s.borrowed ? 'borrowed' : ''}">
          ${msg(str`Slot ${s.slot}:`)} <span class="holder">${s.holder ?? msg('free')}</span>
          <small>${[
            s.home ? msg(str`home of ${s.home}`) : msg('shared'),
            ...(s.holder ? [msg(str`tenant ${s.tenant}`)] : []),
            ...(s.borrowed ? [msg('borrowed')] : []),
          ].join(' · ')}</small>
        </li>`,
        )}
      </ol>
      <div class="queues" part="queues">
        ${(['A', 'B'] as const).map(
          (tenant) => html`<div class="queue">
          ${this.renderHeading(msg(str`Tenant ${tenant} waiting: ${queues[tenant].length} of at most ${cap}`), { cls: `tenant-${tenant}` })}
          <p>${queues[tenant].length ? queues[tenant].join(' ') : msg('nobody waiting')}</p>
        </div>`,
        )}
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'slot-board': SlotBoard;
  }
}
