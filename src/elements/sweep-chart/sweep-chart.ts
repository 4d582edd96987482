import { css, html, svg, type PropertyValues } from 'lit';
import { attributeOf } from '../../scenario/config-attributes.js';
import type { Note } from '../../scenario/notices.js';
import { POLICIES, RETRY_FIELDS, type LabConfig, type LabRun, type Policy } from '../../sim/index.js';
import { settingOf } from '../../sim/setting.js';
import {
  SWEEP_MEASURES,
  sweepLine,
  sweepValues,
  type Sweep,
  type SweepInput,
  type SweepMeasure,
  type SweepValue,
} from '../../sim/sweep.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { choiceNotes, percent } from '../format.js';
import { INPUT_LABEL, POLICY_WORDS, SETTING_LABEL } from '../labels.js';
import { settingValue } from '../setting-value.js';
import { msg, str } from '../../i18n/msg.js';
import { decimal, wordsOf } from '../../i18n/words.js';
import { ScenarioElement } from '../scenario-element.js';
import { ScrollRegions } from '../scroll-regions.js';
import { inTurn } from '../../scenario/scheduler.js';

/** What each measure is called on the chart and in its select. */
const MEASURE_LABEL: Readonly<Record<SweepMeasure, string>> = wordsOf({
  'b-completion-rate': () => msg('B completion rate'),
  'a-completion-rate': () => msg('A completion rate'),
  'b-completed': () => msg('B completed'),
  'b-timed-out': () => msg('B timed out'),
  'b-rejected': () => msg('B rejected'),
  'b-p95': () => msg('B p95'),
});

/** The inputs a chart takes, in the order of its select: the numbers, then recovery and retries, then where timeouts start. */
const FIELDS = [...Object.keys(INPUT_LABEL), ...RETRY_FIELDS, 'timeoutFrom'] as SweepInput[];

/** The valid values of each own attribute, and the one shown in place of a bad value. */
const KNOWN = { input: FIELDS.map(attributeOf), measure: SWEEP_MEASURES as readonly string[] };
const FALLBACK = { input: 'a-timeout', measure: 'b-completion-rate' };

/**
 * Per policy, in the order of POLICIES: its line is solid, then ever longer dashes and ever thinner,
 * down to 1 (drawn in that order, so lines stay visible where they coincide).
 */
const line = (k: number, d: string) =>
  svg`<path class="c${k}" d=${d} stroke-dasharray="${2 * k * k} ${k && 2}" stroke-width=${Math.max(1, 4 - k)}></path>`;

/** A sweep as the chart draws it: its values at once, then a policy's line per turn; whole once `points` is read. */
interface Drawing {
  base: LabConfig;
  values: SweepValue<SweepInput>[];
  lines: Partial<Record<Policy, (number | null)[]>>;
  whole?: Sweep<SweepInput>;
}
/** Views of a scenario's run, one per input and measure, so each line is computed once per run. */
const drawings: Record<string, (run: LabRun) => Drawing> = {};

/**
 * One measure against one input, a line per policy, over the input's whole UI range for the
 * source's current config (the model's `sweep`; docs/MODEL.md, Sweeps). The current value of the
 * input is marked "now". Focus the chart and use the arrow keys, Home and End, or move the pointer
 * over it, to move a cursor along the input; a readout gives every policy's values there, and
 * Enter, Space or a click applies the cursor's value to the source. Under "Numbers", the same
 * figures as a table. Each policy's line is worked out in a frame of its own: the chart is
 * `aria-busy` until the last, and awaiting `updateComplete` waits for it.
 *
 * @summary One measure against one input, a line per policy; apply a value from the chart.
 * @attr {'slots' | 'reserved-a' | 'a-per-tick' | 'b-every' | 'a-hold' | 'b-hold' | 'a-timeout' | 'b-timeout' | 'queue-cap' | 'target' | 'a-recovers' | 'retries' | 'retry-delay' | 'retry-budget' | 'timeout-from'} input -
 *   the input along the x axis, by its attribute name (default `a-timeout`); `a-recovers` and `retry-budget` end with
 *   none (never, no budget); `timeout-from` has two values, arrival and start.
 * @attr {'b-completion-rate' | 'a-completion-rate' | 'b-completed' | 'b-timed-out' | 'b-rejected' | 'b-p95'} measure -
 *   the full-window measure up the y axis (default `b-completion-rate`); `b-timed-out` counts both kinds of timeout.
 * @attr {string} for - id of the scenario source to show and edit; else the enclosing source; else its own config attributes.
 * @fires {CustomEvent<ConfigDetail>} bulkhead-config-request - Enter, Space or a click asks the source (or the chart
 *   itself when on its own) to take the cursor's value for the input.
 * @csspart chart - the SVG chart.
 * @csspart notices - notices about attributes that were corrected.
 */
export class SweepChart extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .heading {
        font-weight: 700;
      }
      /* The legend's line beside each policy in the readout. */
      p svg {
        width: 2em;
        height: 0.5em;
      }
      /* Its text (11 units of its 300) scales with it, to about 19 px at its widest. */
      [part='chart'] {
        width: 100%;
        max-width: 47em;
      }
      /* The numbers keep whole words; a column too narrow for them scrolls inside the element. */
      table {
        font-size: max(12px, 0.875em);
      }
      th,
      td {
        padding: 0.2em 0.3em;
      }
      path {
        fill: none;
        stroke: currentColor;
      }
      .c1 {
        color: var(--_accent);
      }
      .c2 {
        color: var(--_pass);
      }
      .c3 {
        color: var(--_pending);
      }
    `,
  ];

  static override properties = { input: {}, measure: {}, cursor: { state: true }, open: { state: true } };
  /** The input along the x axis, by its attribute name: `a-timeout` (default), `slots`, `b-timeout`… */
  declare input: string;
  /** The measure up the y axis: `b-completion-rate` (default), `a-completion-rate`, `b-completed`, `b-timed-out`, `b-rejected` or `b-p95`. */
  declare measure: string;

  /** The cursor, an index into the input's values (kept in range where it is read); null at the current value. */
  declare private cursor?: number | null;
  /** Whether "Numbers" is open: its table is built only then. */
  declare private open?: boolean;
  /** The turn in which the next policy's line is worked out, while one is missing. */
  #nextLine: Promise<void> | null = null;

  constructor() {
    super();
    new ScrollRegions(this); // a controller: the element keeps it
    this.input = FALLBACK.input;
    this.measure = FALLBACK.measure;
  }

  protected override ownAttributeNotes(): Note[] {
    return (['input', 'measure'] as const).flatMap((kind) =>
      choiceNotes(kind, this[kind], KNOWN[kind], FALLBACK[kind]),
    );
  }

  /**
   * The sweep shown, as the model's `sweep(config, field, measure)` gives it for the source's current
   * config, the input's field and the measure: `{ field, measure, values, lines }`, with a line of
   * values per policy. Read-only; computed once per config, input and measure.
   */
  get points(): Sweep<SweepInput> {
    const { field, measure } = this.#chosen;
    const drawing = this.#drawing;
    for (const policy of POLICIES)
      drawing.lines[policy] ??= sweepLine(drawing.base, field, measure, policy, drawing.values);
    return (drawing.whole ??= {
      field,
      measure,
      values: drawing.values,
      lines: drawing.lines as Sweep<SweepInput>['lines'],
    });
  }

  get #chosen(): { field: SweepInput; measure: SweepMeasure } {
    const field = FIELDS[KNOWN.input.indexOf(this.input)] ?? 'aTimeout';
    const measure = SWEEP_MEASURES.find((m) => m === this.measure) ?? 'b-completion-rate';
    return { field, measure };
  }

  /**
   * The sweep as drawn so far. A line takes a small run per value, some 20 runs, so each policy's is
   * worked out in a turn of its own (see scheduler.ts): opening Sweep, or changing an input under it,
   * never runs every policy's runs in one task.
   */
  get #drawing(): Drawing {
    const { field, measure } = this.#chosen;
    return this.scenario.derived(
      (drawings[field + measure] ??= (run) => ({ ...sweepValues(run.config, field), lines: {} })),
    );
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const { lines } = this.#drawing;
    if (POLICIES.some((p) => !lines[p])) this.#nextLine ??= inTurn(this, () => this.#drawLine());
  }

  #drawLine() {
    this.#nextLine = null;
    const { field, measure } = this.#chosen;
    const { base, values, lines } = this.#drawing;
    const policy = POLICIES.find((p) => !lines[p]);
    if (policy) lines[policy] = sweepLine(base, field, measure, policy, values);
    this.requestUpdate();
  }

  /** Awaiting `updateComplete` also waits until every policy's line is drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    for (let next = this.#nextLine; next && this.isConnected; next = this.#nextLine) {
      await next;
      if (this.#nextLine === next) this.#nextLine = null; // its turn was dropped: the chart had left the page
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#nextLine = null;
  }

  #choose(event: Event) {
    const select = event.target as HTMLSelectElement;
    this[select.name as 'input' | 'measure'] = select.value;
    this.cursor = null;
  }

  protected override render() {
    const { field, measure } = this.#chosen;
    const { values, lines } = this.#drawing;
    const drawn = POLICIES.every((p) => lines[p]);
    const n = values.length;
    // Indices into `values`: the current value of the input, and the cursor.
    const config = this.scenario.config;
    const now = values.indexOf(settingOf(config, field));
    // A value as the axis and the readout say it: none as never or no budget, a name in words.
    const named = (v: SweepValue<SweepInput>) => settingValue({ ...config, [field]: v }, field);
    const clamp = (j: number) => Math.max(0, Math.min(n - 1, j));
    const i = clamp(this.cursor ?? now);
    const at = values[i]!;
    const label = SETTING_LABEL[field];
    const rate = measure.endsWith('rate');
    // A line not worked out yet reads as an ellipsis; no value (nothing offered, nothing completed) as a dash.
    const show = (v: number | null | undefined) => (v === undefined ? '…' : rate ? percent(v) : (v ?? '–'));
    // A fixed scale per measure, so lines compare across inputs: at most 12 B requests are offered,
    // and a p95 is at most B's timeout, 20.
    const top = rate ? 1 : measure === 'b-p95' ? 20 : 12;
    // The plot is 242 wide and 134 high, its origin at the top left; axis labels sit outside it.
    const X = (j: number) => (242 * j) / (n - 1 || 1);
    const path = (points: (number | null)[] = []) =>
      points
        .map((v, j) => (v === null ? '' : `${j && points[j - 1] !== null ? 'L' : 'M'}${X(j)} ${134 - (134 * v) / top}`))
        .join('');
    const measured = MEASURE_LABEL[measure];
    const heading = msg(str`${measured} by ${label}`);
    const apply = (j: number) => {
      this.cursor = j;
      this.bound.request('bulkhead-config-request', { changes: { [field]: values[j] } });
    };
    const pointed = (e: MouseEvent) => {
      const box = (e.currentTarget as Element).getBoundingClientRect();
      return clamp(Math.round(((((e.clientX - box.left) / box.width) * 300 - 44) / 242) * (n - 1)));
    };
    const onKey = (e: KeyboardEvent) => {
      const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: n - 1 }[e.key];
      if (to !== undefined) this.cursor = to;
      else if (e.key === 'Enter' || e.key === ' ') apply(i);
      else return;
      e.preventDefault();
    };
    return html`
      ${this.renderNotices()}
      ${this.renderHeading(heading)}
      <label>${msg('Input')}
        <select name="input" @change=${this.#choose}>
          ${FIELDS.map((f) => html`<option value=${attributeOf(f)} .selected=${f === field}>${SETTING_LABEL[f]}</option>`)}
        </select></label>
      <label>${msg('Measure')}
        <select name="measure" @change=${this.#choose}>
          ${SWEEP_MEASURES.map((m) => html`<option value=${m} .selected=${m === measure}>${MEASURE_LABEL[m]}</option>`)}
        </select></label>
      <svg part="chart" aria-busy=${drawn ? 'false' : 'true'} viewBox="-44 -16 300 186" font-size="11" fill="currentColor" text-anchor="middle" tabindex="0" role="slider" aria-label=${msg(str`${label}; Enter applies`)}
        aria-valuenow=${typeof at === 'number' ? at : i} aria-valuetext=${named(at)}
        @keydown=${onKey} @click=${(e: MouseEvent) => apply(pointed(e))}
        @pointermove=${(e: MouseEvent) => (this.cursor = pointed(e))}>
        ${[0, 1, 2, 3, 4].map(
          (k) =>
            svg`<text x="-4" y=${138 - 33.5 * k} text-anchor="end">${rate ? `${k * 25} %` : decimal((k * top) / 4)}</text>`,
        )}
        ${values.map((v, j) =>
          typeof v !== 'number'
            ? svg`<text x=${X(j)} y="148">${v === null && n > 6 ? '–' : named(v)}</text>`
            : v % Math.ceil(n / 11)
              ? ''
              : svg`<text x=${X(j)} y="148">${v}</text>`,
        )}
        <path d="M0 0V134H242"></path>
        <path d="M${X(now)} 0v134" stroke-dasharray="4"></path>
        <text x="121" y="166">${label}</text>
        <text transform="rotate(-90)" x="-67" y="-33">${measured}</text>
        <text x=${X(now)} y="-4">${msg('now')}</text>
        <path class="c1" d="M${X(i)} 0v134" stroke-width="5" opacity="0.3"></path>
        ${POLICIES.map((p, k) => line(k, path(lines[p])))}
      </svg>
      <!-- Announced only while the reader works in this element, not for edits made elsewhere. -->
      <p aria-live=${this.matches(':focus-within') ? 'polite' : 'off'}>
        ${label}: ${named(at)}
        ${POLICIES.map(
          (p, k) =>
            html`<br /><svg aria-hidden="true">${line(k, 'M0 4h30')}</svg>
              ${POLICY_WORDS[p].label}: ${show(lines[p]?.[i])}`,
        )}
      </p>
      <details @toggle=${(e: Event) => (this.open = (e.target as HTMLDetailsElement).open)}>
        <summary>${msg('Numbers')}</summary>
        ${
          this.open
            ? // The heading above names the table; a visible caption would scroll away with it.
              html`<div class="scroller" role="group" aria-label=${heading}><table>
              <caption class="visually-hidden">${heading}</caption>
              <tr><th scope="col">${label}</th>${POLICIES.map((p) => html`<th scope="col">${POLICY_WORDS[p].label}</th>`)}</tr>
              ${values.map(
                (v, j) =>
                  html`<tr><th scope="row">${named(v)}</th>${POLICIES.map((p) => html`<td>${show(lines[p]?.[j])}</td>`)}</tr>`,
              )}
            </table></div>`
            : ''
        }
      </details>
    `;
  }
}
