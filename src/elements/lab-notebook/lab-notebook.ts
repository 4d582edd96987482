import { css, html, nothing, type PropertyValues } from 'lit';
import { FIELDS, metricsAt, type TenantMetrics } from '../../sim/index.js';
import { tokens } from '../../styles/tokens.js';
import { widgetStyles } from '../../styles/widgets.js';
import { GATE_LABEL, percent } from '../format.js';
import { ContainerLayout } from '../container-layout.js';
import { ScrollRegions } from '../scroll-regions.js';
import { msg, str } from '../../i18n/msg.js';
import { decimal } from '../../i18n/words.js';
import { SETTING_LABEL } from '../labels.js';
import { settingValue } from '../setting-value.js';
import { ScenarioElement } from '../scenario-element.js';
import { notesMarkdown, type Snapshot } from './export.js';
import { NoteStore, browserStorage, type NoteStorage } from './note-store.js';

interface Measure {
  label: () => string;
  of: (m: TenantMetrics) => number | null;
  /** A rate (0–1) reads as a percentage, and its difference in percentage points. */
  rate?: boolean;
}

const MEASURES: Measure[] = [
  { label: () => msg('Completed'), of: (m) => m.completed },
  { label: () => msg('Offered'), of: (m) => m.offered },
  { label: () => msg('Completion rate'), of: (m) => m.completionRate, rate: true },
  { label: () => msg('p95, completed only (ticks)'), of: (m) => m.p95 },
  { label: () => msg('Timed out'), of: (m) => m.timedOutWaiting + m.timedOutRunning },
  { label: () => msg('Rejected'), of: (m) => m.rejected },
];

/**
 * The comparison as one table from 40em of the element's width; a table per tenant (baseline, now,
 * difference across) from 25em; below that, a table per tenant with a row per figure under each measure.
 */
type Layout = 'joint' | 'per-tenant' | 'stacked';
const TENANTS = ['A', 'B'] as const;
const figureNames = () => [msg('Baseline'), msg('Now'), msg('Difference')];

const shown = (value: number | null, rate = false) => (rate ? percent(value) : value === null ? '–' : String(value));

const difference = (before: number | null, after: number | null, rate = false) => {
  if (before === null || after === null) return before === after ? '=' : msg('changed');
  const delta = after - before;
  if (delta === 0) return '=';
  const size = rate ? msg(str`${decimal(Math.abs(Math.round(delta * 1000) / 10))} pts`) : String(Math.abs(delta));
  return `${delta > 0 ? '+' : '−'}${size}`;
};

/**
 * The reader's notebook for one lab: a baseline to compare against (capture, replace, clear) and
 * notes kept in this browser, exported with the settings and results as a Markdown file.
 *
 * Notes changed in another tab or window of this page (the same key) replace the ones shown here at
 * once, even while typing, with a note saying so: the later write wins, and typing on builds on it
 * rather than writing this tab's older text back over it. Storage cleared elsewhere is no newer
 * note: the notes stay on screen, with a note saying so, and the next edit writes them again.
 *
 * Notes are written when typing pauses (half a second, or every 3 s of typing), and at once when
 * the page is hidden or left (`pagehide`) or the notebook is removed.
 *
 * @summary Baseline comparison and notes with export.
 * @attr {string} key - what tells this lab's notes apart from other labs' on the page (the lab passes its key: its id, else its preset and place).
 * @attr {string} heading - the title used in the exported file.
 * @attr {string} for - id of the scenario source; else the enclosing source; else its own config attributes.
 * @csspart baseline - the baseline comparison.
 * @csspart notes - the notes box.
 * @csspart notices - notices about attributes that were corrected.
 */
export class LabNotebook extends ScenarioElement {
  static override properties = {
    key: {},
    heading: {},
    baseline: { state: true },
    changedElsewhere: { state: true },
    cleared: { state: true },
  };
  static override styles = [
    tokens,
    widgetStyles,
    css`
      .grid {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: calc(var(--_gap) * 2);
        align-items: start;
      }
      .heading {
        margin: 0 0 0.3em;
        font-size: 1em;
        font-weight: 700;
      }
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: var(--_gap);
        margin-bottom: var(--_gap);
      }
      textarea {
        width: 100%;
        min-height: 7rem;
        font: inherit;
        color: inherit;
        background: var(--_bg);
        border: 1px solid var(--_line);
        border-radius: var(--_radius);
        padding: 0.4rem;
      }
      .hint {
        font-size: max(12px, 0.85em);
        color: var(--_muted);
        margin: 0.2rem 0;
      }
      .warning {
        font-size: 0.9em;
        color: var(--_fail);
        margin: 0.2rem 0;
      }
      ul.changes {
        margin: 0.3rem 0;
        padding-left: 1.2rem;
      }
      .probe {
        --_layout: stacked;
      }
      .scroller {
        display: grid;
        gap: var(--_gap);
      }
      @container (min-width: 25em) {
        .probe {
          --_layout: per-tenant;
        }
      }
      @container (min-width: 40em) {
        .probe {
          --_layout: joint;
        }
      }
      td {
        text-align: right;
      }
      table.per-tenant {
        width: 100%;
      }
      tbody.measure th[scope='rowgroup'] {
        text-align: left;
      }
      tbody.measure th[scope='row'] {
        font-weight: normal;
        padding-left: 1em;
      }
    `,
  ];

  readonly #layout = new ContainerLayout<Layout>(this, 'joint');

  declare key: string;
  declare heading: string;
  declare private baseline: Snapshot | null;
  /** Whether the notes shown were last written by another tab or window. */
  declare private changedElsewhere: boolean;
  /**
   * Whether storage lost these notes since they were last written: cleared or removed in another tab
   * or window (`elsewhere`, heard as it happened), or found gone in this one (`here`: a script on the
   * page, or the browser's own clearing, which no event tells).
   */
  declare private cleared: 'elsewhere' | 'here' | null;
  /** Where notes are kept; replace it to keep them elsewhere (tests replace it to make it fail). */
  storage: () => NoteStorage | null = browserStorage;
  #store: NoteStore | null = null;

  constructor() {
    super();
    new ScrollRegions(this); // a controller: the element keeps it
    this.key = 'lab';
    this.heading = '';
    this.baseline = null;
    this.changedElsewhere = false;
    this.cleared = null;
  }

  /** The document listened to for the page being hidden (the notebook's own, an iframe's included). */
  #doc: Document | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('storage', this.#onStorage);
    window.addEventListener('pagehide', this.#flush);
    this.#doc = this.ownerDocument;
    this.#doc.addEventListener('visibilitychange', this.#onVisibility);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('storage', this.#onStorage);
    window.removeEventListener('pagehide', this.#flush);
    this.#doc?.removeEventListener('visibilitychange', this.#onVisibility);
    this.#doc = null;
    this.#flush();
  }

  /** Writes the notes typed since the last write: the page is going away or hidden, or the notebook removed. */
  readonly #flush = () => this.#store?.flush();
  readonly #onVisibility = () => {
    if (this.#doc?.visibilityState === 'hidden') this.#flush();
    this.#checkStored();
  };

  /**
   * Notes written here and gone from storage since, with no event to say so: looked for as the reader
   * comes back to the notes (the box focused, the page shown or hidden), not by polling.
   */
  readonly #checkStored = () => {
    if (this.cleared === null && this.#store?.lost) this.cleared = 'here';
  };

  /**
   * Another tab or window changed this notebook's notes, removed them (new value null) or cleared
   * all storage (key null). A removal is no newer note: the notes stay, and the next edit writes
   * them again.
   */
  readonly #onStorage = (event: StorageEvent) => {
    const store = this.#store;
    if (!store || (event.key !== null && event.key !== store.key)) return;
    if (event.storageArea !== this.storage()) return;
    if (event.key === null || event.newValue === null) {
      this.cleared = store.current !== '' ? 'elsewhere' : null;
      return;
    }
    if ((event.newValue ?? '') === store.current) return;
    store.adopt(event.newValue);
    this.changedElsewhere = true;
    this.cleared = null;
    this.requestUpdate();
  };

  get storageKey(): string {
    return `bulkhead-lab:notes:${location.pathname}#${this.key}`;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (!this.#store || this.#store.key !== this.storageKey) {
      this.#store?.flush();
      this.#store = new NoteStore(
        this.storageKey,
        () => this.storage(),
        () => {
          this.cleared = null;
          this.requestUpdate(); // whether the write worked
        },
      );
      this.#store.load();
      this.changedElsewhere = false;
      this.cleared = null;
    }
  }

  #snapshot(): Snapshot {
    return { config: { ...this.scenario.config }, results: this.scenario.at(metricsAt, this.scenario.config.horizon) };
  }

  get #notesText(): string {
    return this.#store?.current ?? '';
  }

  #onNotes(event: Event) {
    this.#store!.edit((event.target as HTMLTextAreaElement).value);
    this.changedElsewhere = false;
    this.requestUpdate();
  }

  /** The Markdown that Export notes downloads. */
  exportText(date = new Date()): string {
    return this.locale.run(() =>
      notesMarkdown({
        heading: this.heading || msg('Bulkhead lab'),
        notes: this.#notesText,
        current: this.#snapshot(),
        baseline: this.baseline,
        date,
      }),
    );
  }

  #download() {
    const url = URL.createObjectURL(new Blob([this.exportText()], { type: 'text/markdown' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `bulkhead-lab-notes-${this.key.replace(/[^\w-]+/g, '-')}.md`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  #renderBaseline() {
    const baseline = this.baseline;
    if (!baseline) {
      return html`<p class="hint">${msg('Capture a baseline to compare any change you make against these settings and results.')}</p>`;
    }
    const current = this.#snapshot();
    const changed = FIELDS.filter((field) => baseline.config[field] !== current.config[field]);
    return html`
      ${
        changed.length === 0
          ? html`<p class="hint">${msg('Settings are the same as the baseline.')}</p>`
          : html`<p class="hint">${msg('Settings changed since the baseline:')}</p>
          <ul class="changes">${changed.map(
            (f) =>
              html`<li>${SETTING_LABEL[f]}: ${settingValue(baseline.config, f)} → ${settingValue(current.config, f)}</li>`,
          )}</ul>`
      }
      <div class="frame ${this.#layout.measured ? '' : 'measuring'}">
        <div class="probe"></div>
        <div class="scroller" role="group" aria-label=${msg('Baseline and current full-window results')}>
          ${this.#layout.value === 'joint' ? this.#renderJoint(baseline, current) : TENANTS.map((t) => this.#renderTenant(baseline, current, t))}
        </div>
      </div>
    `;
  }

  /** Baseline, now and difference of every measure of one tenant, then its gate. */
  #figures(baseline: Snapshot, current: Snapshot, t: 'A' | 'B') {
    const rows = MEASURES.map(({ label, of, rate }) => {
      const before = of(baseline.results[t]);
      const after = of(current.results[t]);
      return { label: label(), values: [shown(before, rate), shown(after, rate), difference(before, after, rate)] };
    });
    const before = baseline.results[t].gate;
    const after = current.results[t].gate;
    return [
      ...rows,
      { label: msg('Gate'), values: [GATE_LABEL[before], GATE_LABEL[after], before === after ? '=' : msg('changed')] },
    ];
  }

  #renderJoint(baseline: Snapshot, current: Snapshot) {
    const [a, b] = TENANTS.map((t) => this.#figures(baseline, current, t));
    return html`<table>
      <caption class="visually-hidden">${msg('Full-window results: baseline, current and the difference, per tenant')}</caption>
      <thead>
        <tr><th scope="col">${msg('Measure')}</th>
          ${TENANTS.map(
            (t) => html`<th scope="col" class="tenant-${t}">${msg(str`${t} baseline`)}</th>
            <th scope="col" class="tenant-${t}">${msg(str`${t} now`)}</th><th scope="col">${msg(str`${t} difference`)}</th>`,
          )}</tr>
      </thead>
      <tbody>
        ${a!.map(
          ({ label, values }, i) => html`<tr><th scope="row">${label}</th>
          ${[...values, ...b![i]!.values].map((v) => html`<td>${v}</td>`)}</tr>`,
        )}
      </tbody>
    </table>`;
  }

  /** One tenant's comparison: a row per measure, or (stacked) a row per figure under each measure. */
  #renderTenant(baseline: Snapshot, current: Snapshot, t: 'A' | 'B') {
    const rows = this.#figures(baseline, current, t);
    const caption = html`<caption class="tenant-${t}">${msg(str`Tenant ${t}: baseline, now and difference`)}</caption>`;
    const figures = figureNames();
    if (this.#layout.value === 'stacked') {
      return html`<table class="per-tenant">${caption}
        ${rows.map(
          ({ label, values }) => html`<tbody class="measure">
          <tr><th scope="rowgroup" colspan="2">${label}</th></tr>
          ${values.map((v, i) => html`<tr><th scope="row">${figures[i]}</th><td>${v}</td></tr>`)}
        </tbody>`,
        )}
      </table>`;
    }
    return html`<table class="per-tenant">${caption}
      <thead><tr><th scope="col">${msg('Measure')}</th>${figures.map((f) => html`<th scope="col">${f}</th>`)}</tr></thead>
      <tbody>
        ${rows.map(({ label, values }) => html`<tr><th scope="row">${label}</th>${values.map((v) => html`<td>${v}</td>`)}</tr>`)}
      </tbody>
    </table>`;
  }

  protected override render() {
    const has = this.baseline !== null;
    return html`
      ${this.renderNotices()}
      <div class="grid">
        <div part="baseline" role="group" aria-labelledby="baseline-heading">
          ${this.renderHeading(msg('Baseline'), { id: 'baseline-heading' })}
          <div class="buttons">
            <button type="button" @click=${() => (this.baseline = this.#snapshot())}>
              ${has ? msg('Replace baseline') : msg('Capture baseline')}</button>
            ${has ? html`<button type="button" @click=${() => (this.baseline = null)}>${msg('Clear baseline')}</button>` : ''}
          </div>
          ${this.#renderBaseline()}
        </div>
        <div part="notes" role="group" aria-labelledby="notes-heading">
          ${this.renderHeading(msg('Notes'), { id: 'notes-heading' })}
          <label for="notes" class="hint">${msg('What did you expect, and what happened?')}</label>
          <textarea id="notes" .value=${this.#notesText} @input=${this.#onNotes} @focus=${this.#checkStored}></textarea>
          ${
            this.changedElsewhere
              ? html`<p class="hint" role="status">${msg('These notes were changed in another tab or window; this box shows the latest.')}</p>`
              : nothing
          }
          ${
            this.cleared === 'elsewhere'
              ? html`<p class="hint" role="status">${msg(
                  'Storage was cleared in another tab or window. These notes are still here, and your next edit saves them again.',
                )}</p>`
              : this.cleared === 'here'
                ? html`<p class="hint" role="status">${msg(
                    'These notes are no longer stored in this browser: storage was cleared. They are still here, and your next edit saves them again.',
                  )}</p>`
                : nothing
          }
          ${
            !this.#store!.persistent
              ? html`<p class="warning" role="status">${msg(
                  'This browser will not keep these notes: they last for this visit only. Export them to keep a copy.',
                )}</p>`
              : this.cleared
                ? nothing
                : html`<p class="hint">${msg('Kept in this browser for this page and lab.')}</p>`
          }
          <div class="buttons">
            <button type="button" @click=${this.#download}>${msg('Export notes')}</button>
          </div>
        </div>
      </div>
    `;
  }
}
