import { css, html, nothing, type PropertyValues } from 'lit';
import { stateAt } from '../../sim/index.js';
import { tokens, wideHost } from '../../styles/tokens.js';
import { widgetStyles } from '../../styles/widgets.js';
import { stateLabel } from '../format.js';
import { ScenarioElement } from '../scenario-element.js';

/**
 * Every request and every slot at the inspected tick, as exact text tables a screen reader can
 * walk: each request's state, slot and timing; each slot's holder.
 *
 * @summary Every request and resource at the inspected tick.
 * @attr {string} for - id of the scenario source to show; else the enclosing source; else its own config attributes.
 * @csspart requests - the table of requests.
 * @csspart resources - the table of slots.
 * @csspart notices - notices about attributes that were corrected.
 */
export class RequestInspector extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .tables {
        display: grid;
        gap: var(--_gap);
      }
      .upcoming {
        color: var(--_muted);
      }
      [part='requests'] tbody th {
        font-family: var(--_mono);
      }
      .hint {
        margin: 0;
        font-size: 0.85em;
      }
      /* A narrow column: tighter cells, and the Borrowed heading turned on its side. */
      @container (max-width: 20em) {
        th,
        td {
          padding: 0.2rem 0.25em;
        }
        th.turn span {
          writing-mode: vertical-rl;
          transform: rotate(180deg);
        }
      }
    `,
  ];

  static override properties = { requestsScroll: { state: true } };
  /** Whether the every-request table is wider than its box, so the hint says it scrolls. */
  declare private requestsScroll: boolean;
  private readonly watcher = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.measure());

  constructor() {
    super();
    this.requestsScroll = false;
  }

  private measure() {
    const scroller = this.renderRoot.querySelector('.scroller.requests');
    if (scroller) this.requestsScroll = scroller.scrollWidth > scroller.clientWidth + 1;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed); // the base warns about corrected attributes there
    const scroller = this.renderRoot.querySelector('.scroller.requests');
    if (!scroller || !this.watcher) return;
    this.watcher.observe(scroller);
    if (scroller.firstElementChild) this.watcher.observe(scroller.firstElementChild);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.watcher?.disconnect();
  }

  protected override render() {
    const scenario = this.scenario;
    const tick = scenario.tick;
    const dash = (v: number | null) => (v === null ? '–' : v);
    return html`
      ${this.renderNotices()}
      <div class="tables frame">
        <div class="scroller" tabindex="0" role="group" aria-label="Every slot at tick ${tick}">
          <table part="resources">
            <caption>Every slot at tick ${tick}</caption>
            <thead><tr><th scope="col">Slot</th><th scope="col">Home</th><th scope="col">Held by</th>
              <th scope="col" class="turn"><span>Borrowed</span></th></tr></thead>
            <tbody>${scenario.slotsAt().map(
              (s) => html`<tr><th scope="row">${s.slot}</th><td>${s.home ?? 'shared'}</td>
              <td>${s.holder ?? 'free'}</td><td>${s.holder ? (s.borrowed ? 'yes' : 'no') : '–'}</td></tr>`,
            )}</tbody>
          </table>
        </div>
        <p class="hint" id="requests-hint" ?hidden=${!this.requestsScroll}>The table of requests scrolls sideways.</p>
        <div class="scroller requests" tabindex="0" role="group" aria-label="Every request at tick ${tick}"
          aria-describedby=${this.requestsScroll ? 'requests-hint' : nothing}>
          <table part="requests">
            <caption>Every request at tick ${tick} (${scenario.run.requests.length} offered in the window)</caption>
            <thead><tr><th scope="col">Request</th><th scope="col">Arrives</th><th scope="col">Deadline</th>
              <th scope="col">State at tick ${tick}</th><th scope="col">Slot</th><th scope="col">Started</th>
              <th scope="col">Ended</th><th scope="col">Latency</th></tr></thead>
            <tbody>${scenario.run.requests.map((r) => {
              const state = stateAt(r, tick);
              return html`<tr class=${state}>
                <th scope="row" class="tenant-${r.tenant}">${r.id}</th><td>${r.arrival}</td><td>${r.deadline}</td>
                <td>${stateLabel(r, state)}</td>
                <td>${r.slot !== null && r.start !== null && tick >= r.start ? `${r.slot}${r.borrowed ? ' (borrowed)' : ''}` : '–'}</td>
                <td>${r.start !== null && tick >= r.start ? r.start : '–'}</td>
                <td>${r.end !== null && tick >= r.end ? r.end : '–'}</td>
                <td>${r.end !== null && tick >= r.end ? dash(r.latency) : '–'}</td>
              </tr>`;
            })}</tbody>
          </table>
        </div>
      </div>
    `;
  }
}
