import { css, html } from 'lit';
import { metricsAt, type TenantMetrics } from '../../sim/index.js';
import { isolation, type IsolationReading } from '../../sim/isolation.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import type { Note } from '../../scenario/notices.js';
import { GATE_LABEL, amplification, percent, windowNotes } from '../format.js';
import { recovery } from '../../sim/requests.js';
import { ContainerLayout } from '../container-layout.js';
import { ScrollRegions } from '../scroll-regions.js';
import { ISOLATION_LABEL, isolationKeys } from '../labels.js';
import { msg, str } from '../../i18n/msg.js';
import { ScenarioElement } from '../scenario-element.js';

/** One table with a column per tenant from 20em of the element's width; a table per tenant below. */
type Layout = 'joint' | 'per-tenant';
const TENANTS = ['A', 'B'] as const;

type Row = [() => string, (m: TenantMetrics, i: IsolationReading, tenant: 'A' | 'B') => string | number];
const ROWS: Row[] = [
  [() => msg('Offered'), (m) => m.offered],
  [() => msg('Completed'), (m) => m.completed],
  [() => msg('Failed'), (m) => m.failed],
  [() => msg('Timed out while waiting'), (m) => m.timedOutWaiting],
  [() => msg('Timed out in service'), (m) => m.timedOutRunning],
  [() => msg('Rejected'), (m) => m.rejected],
  [() => msg('Waiting'), (m) => m.waiting],
  [() => msg('Running (own / borrowed slots)'), (m) => `${m.running - m.runningBorrowed} / ${m.runningBorrowed}`],
  [() => msg('Completion rate (all offered)'), (m) => percent(m.completionRate)],
  [() => msg('p95 of completed only (ticks)'), (m) => m.p95 ?? '–'],
  [() => msg('Required completions'), (m) => m.required],
  [() => msg('Gate'), (m) => GATE_LABEL[m.gate]],
];
/** The full window's last rows: why each unfinished request did not complete. */
const fullRows = (reading: Record<'A' | 'B', IsolationReading>): Row[] => [
  ...ROWS,
  ...isolationKeys(reading).map((key): Row => [() => ISOLATION_LABEL[key], (_, i) => i[key]]),
];

/** With retries: requests between attempts, and the attempts sent. */
const RETRY_ROWS: Row[] = [
  [() => msg('Waiting to retry'), (m) => m.retrying],
  [() => msg('Attempts sent'), (m) => m.attempts],
  [() => msg('Retries sent'), (m) => m.retries],
  [() => msg('Attempts per request'), (m) => amplification(m)],
];

/**
 * Per-tenant metrics as a table: counts by outcome, completion rate, p95 of completed requests,
 * required completions and the gate; with retries, the attempts sent and attempts per request; at
 * the inspected tick or over the full window, where the isolation reading follows: why each
 * tenant's unfinished requests did not complete; and, when A recovers or clients retry, from which
 * tick every new request completes.
 *
 * @summary Per-tenant metrics table.
 * @attr {'inspected' | 'full'} window - `inspected` (default) or `full`.
 * @attr {string} for - id of the scenario source to show; else the enclosing source; else its own config attributes.
 * @csspart table - the table.
 * @csspart notices - notices about attributes that were corrected.
 */
export class OutcomeTable extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      td {
        text-align: right;
      }
      .probe {
        --_layout: per-tenant;
      }
      .scroller {
        display: grid;
        gap: var(--_gap);
      }
      @container (min-width: 20em) {
        .probe {
          --_layout: joint;
        }
      }
      table.per-tenant {
        width: 100%;
      }
    `,
  ];

  readonly #layout = new ContainerLayout<Layout>(this, 'joint');

  static override properties = { window: {} };
  declare window: 'inspected' | 'full';

  constructor() {
    super();
    new ScrollRegions(this); // a controller: the element keeps it
    this.window = 'inspected';
  }

  protected override ownAttributeNotes(): Note[] {
    return windowNotes(this.window, 'inspected');
  }

  protected override render() {
    const scenario = this.scenario;
    const full = this.window === 'full';
    const tick = full ? scenario.config.horizon : scenario.tick;
    const metrics = scenario.at(metricsAt, tick);
    const reading = scenario.derived(isolation);
    const { retries, aRecovers } = scenario.config;
    const recovered = scenario.derived(recovery);
    const rows = [
      ...(retries ? [...ROWS.slice(0, 8), ...RETRY_ROWS, ...ROWS.slice(8)] : ROWS),
      ...(full ? fullRows(reading).slice(ROWS.length) : []),
      ...(full && (retries || aRecovers != null)
        ? [
            [
              () => msg('Every new request completes from'),
              (_m, _i, t) => (recovered[t] === null ? msg('not within the window') : msg(str`tick ${recovered[t]}`)),
            ] as Row,
          ]
        : []),
    ];
    const caption = full
      ? msg(str`Per tenant through tick ${tick}, target ${scenario.config.target} %`)
      : msg(str`Per tenant at tick ${tick}`);
    const measure = msg('Measure');
    return html`
      ${this.renderNotices()}
      <div class="frame ${this.#layout.measured ? '' : 'measuring'}">
        <div class="probe"></div>
        <div class="scroller" role="group" aria-label=${full ? msg('Per-tenant measures, full window') : msg(str`Per-tenant measures at tick ${tick}`)}>
          ${
            this.#layout.value === 'joint'
              ? html`<table part="table">
                <caption>${caption}</caption>
                <thead><tr><th scope="col">${measure}</th>${TENANTS.map(
                  (t) => html`<th scope="col" class="tenant-${t}">${msg(str`Tenant ${t}`)}</th>`,
                )}</tr></thead>
                <tbody>
                  ${rows.map(
                    ([label, value]) => html`<tr><th scope="row">${label()}</th>
                    <td>${value(metrics.A, reading.A, 'A')}</td><td>${value(metrics.B, reading.B, 'B')}</td></tr>`,
                  )}
                </tbody>
              </table>`
              : TENANTS.map(
                  (t) => html`<table part="table" class="per-tenant">
                <caption>${caption}: <span class="tenant-${t}">${msg(str`tenant ${t}`)}</span></caption>
                <thead><tr><th scope="col">${measure}</th><th scope="col" class="tenant-${t}">${msg(str`Tenant ${t}`)}</th></tr></thead>
                <tbody>
                  ${rows.map(([label, value]) => html`<tr><th scope="row">${label()}</th><td>${value(metrics[t], reading[t], t)}</td></tr>`)}
                </tbody>
              </table>`,
                )
          }
        </div>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'outcome-table': OutcomeTable;
  }
}
