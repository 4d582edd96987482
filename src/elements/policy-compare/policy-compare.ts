import { css, html } from 'lit';
import { POLICIES, type LabConfig } from '../../sim/config.js';
import { metricsAt, type TenantMetrics } from '../../sim/derive.js';
import { isolation } from '../../sim/isolation.js';
import { simulateValid, type LabRun } from '../../sim/simulate.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { GATE_LABEL, amplification, percent, ticks } from '../format.js';
import { recovery } from '../../sim/requests.js';
import { ISOLATION_LABEL, POLICY_WORDS, isolationKeys } from '../labels.js';
import { msg, str } from '../../i18n/msg.js';
import { ScenarioElement } from '../scenario-element.js';

/** The full-window rows of each card: a label, and the figure for a tenant's metrics. */
const METRICS: [() => string, (m: TenantMetrics) => string][] = [
  [() => msg('Completed of offered'), (m) => `${m.completed}/${m.offered}`],
  [() => msg('Completion rate'), (m) => percent(m.completionRate)],
  [() => 'p95', (m) => ticks(m.p95)],
  [() => msg('Gate'), (m) => GATE_LABEL[m.gate]],
];

/** Every policy run on `run`'s config, the run's own policy reusing `run`; it reads no tick. */
const comparison = (run: LabRun) =>
  POLICIES.map((policy) => {
    const r = policy === run.config.policy ? run : simulateValid({ ...run.config, policy });
    const horizon = r.config.horizon;
    const held = { A: 0, B: 0 };
    // One path per kind, a rectangle per call: it runs from its start up to the tick before its
    // end, or through the horizon if still pending. Tenant A's bar is below, B's above.
    const d = { A: '', B: '', borrowed: '', barA: '', barB: '' };
    for (const { start, end, slot, tenant, borrowed } of r.requests) {
      const w = (end ?? horizon + 1) - (start ?? 0);
      if (start === null || slot === null || w < 1) continue;
      held[tenant] += w;
      d[borrowed ? 'borrowed' : tenant] += `M${start} ${slot + 0.1}h${w}v.8h-${w}z`;
      d[`bar${tenant}`] += `M${start} ${slot + (tenant === 'A' ? 0.9 : 0.1)}h${w}`;
    }
    return { policy, d, held, metrics: metricsAt(r, horizon), reading: isolation(r), recovered: recovery(r) };
  });

const from = (tick: number | null) => (tick === null ? msg('never') : msg(str`tick ${tick}`));

/**
 * A card's table rows, in the words of the locale being drawn: label, tenant A, tenant B. With
 * retries, the attempts per request; when A recovers or clients retry, the recovery reading.
 */
const rowsOf = ({ metrics: m, reading: iso, recovered }: ReturnType<typeof comparison>[number], config: LabConfig) => [
  ...METRICS.map(([label, f]) => [label(), f(m.A), f(m.B)]),
  ...(config.retries ? [[msg('Attempts per request'), amplification(m.A), amplification(m.B)]] : []),
  ...(config.retries || config.aRecovers != null
    ? [[msg('Every new request completes from'), from(recovered.A), from(recovered.B)]]
    : []),
  ...isolationKeys(iso).map((k) => [ISOLATION_LABEL[k], iso.A[k], iso.B[k]]),
];

/**
 * Every policy side by side on the source's inputs, each with only the policy changed: who
 * holds each slot at each tick (the inspected tick outlined), both tenants' full-window results
 * (with retries, the attempts per request and from which tick every new request completes),
 * why each tenant's unfinished requests did not complete, and a button that applies the policy.
 *
 * @summary Every policy compared on the same inputs.
 * @attr {string} for - id of the scenario source to show; else the enclosing source; else its own config attributes.
 * @fires {CustomEvent<ConfigDetail>} bulkhead-config-request - a Use button asks for its policy (at the source it is
 *   bound to, else at itself).
 * @csspart cards - the grid of policies.
 * @csspart card - one policy.
 * @csspart notices - notices about attributes that were corrected.
 * @cssproperty --bulkhead-color-accent - the inspected tick, the policy in use and its pressed button.
 * @cssproperty --bulkhead-color-a - tenant A's calls and bars.
 * @cssproperty --bulkhead-color-b - tenant B's calls and bars.
 */
export class PolicyCompare extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .heading {
        font-weight: 700;
      }
      p {
        color: var(--_muted);
        font-size: max(12px, 0.875em);
      }
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 15em), 1fr));
        gap: var(--_gap);
      }
      .card {
        border: 1px solid var(--_line);
        border-radius: var(--_radius);
        padding: 0.5em;
      }
      .current {
        border-color: var(--_accent);
      }
      svg {
        display: block;
        background: var(--_panel);
        border: 1px solid var(--_line);
      }
      .A {
        fill: var(--_a-soft);
        stroke: var(--_a);
      }
      .B {
        fill: var(--_b-soft);
        stroke: var(--_b);
      }
      path {
        stroke-width: 0;
      }
      .bar {
        fill: none;
        stroke-width: 0.2;
      }
      .borrowed {
        fill: none;
        stroke: var(--_fg);
        stroke-width: 0.1;
        stroke-dasharray: 0.2;
      }
      .now {
        fill: none;
        stroke: var(--_accent);
        stroke-width: 0.15;
      }
      table {
        width: 100%;
        margin: var(--_gap) 0;
        font-size: max(12px, 0.875em);
      }
      td {
        text-align: right;
      }
      /* A card's table fits its card: cells wrap, and a label in the first column too long for a
         narrow card breaks inside a word (hyphenated where the browser can), never a tenant's column. */
      th,
      td {
        white-space: normal;
        padding: 0.2em 0.3em;
      }
      th:first-child {
        overflow-wrap: anywhere;
        hyphens: auto;
      }
      tr:nth-last-child(4) > * {
        border-top-width: 3px;
      }
      [aria-pressed='true'] {
        background: var(--_accent);
        color: var(--_bg);
      }
    `,
  ];

  protected override render() {
    const { config, tick } = this.scenario;
    const { slots, horizon } = config;
    return html`
      ${this.renderNotices()}
      ${this.renderHeading(msg('Every policy on these inputs'))}
      <p>${msg(
        str`Pictures: a row per slot, ticks 0–${horizon} across; A's calls have a bar below, B's above, a dashed box if borrowed; tick ${tick} is outlined.`,
      )}${
        // The one input that changes what a wait costs, and that no card's table shows.
        config.timeoutFrom === 'start'
          ? ` ${msg('Timeouts count from each call’s start: a waiting call has no deadline.')}`
          : ''
      }</p>
      <div class="cards" part="cards">
        ${
          // The comparison reads no tick: computed once per run.
          this.scenario.derived(comparison).map((card) => {
            const { policy, d, held } = card;
            const current = policy === config.policy;
            const label = POLICY_WORDS[policy].label;
            return html`<div class="card ${current ? 'current' : ''}" part="card">
            ${this.renderHeading(current ? msg(str`${label} (in use)`) : label, { level: this.level + 1 })}
            <svg viewBox="0 0 ${horizon + 1} ${slots}" role="img"
              aria-label=${msg(str`Slot-ticks held: A ${held.A}, B ${held.B}; tick ${tick} outlined`)}>
              <path class="A" d=${d.A} /><path class="B" d=${d.B} /><path class="borrowed" d=${d.borrowed} />
              <path class="A bar" d=${d.barA} /><path class="B bar" d=${d.barB} />
              <rect class="now" x=${tick} width="1" height=${slots} />
            </svg>
            <table>
              <thead><tr><th scope="col">${msg('Full window')}</th><th scope="col" class="tenant-A">${msg(str`Tenant ${'A'}`)}</th>
                <th scope="col" class="tenant-B">${msg(str`Tenant ${'B'}`)}</th></tr></thead>
              <tbody>${rowsOf(card, config).map(([name, a, b]) => html`<tr><th scope="row">${name}</th><td>${a}</td><td>${b}</td></tr>`)}</tbody>
            </table>
            <button type="button" aria-pressed=${current}
              @click=${() => this.bound.request('bulkhead-config-request', { changes: { policy } })}>
              ${msg(str`Use ${label}`)}</button>
          </div>`;
          })
        }
      </div>
    `;
  }
}
