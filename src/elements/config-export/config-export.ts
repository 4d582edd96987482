import { css, html } from 'lit';
import { msg, str } from '../../i18n/msg.js';
import type { Note } from '../../scenario/notices.js';
import { quoteValue } from '../../sim/config.js';
import { EXPORT_TARGETS, TICK_MS, exportValid, type ExportTarget, type Verdict } from '../../sim/export/index.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { choiceNotes } from '../format.js';
import { wordsOf } from '../../i18n/words.js';
import { ScenarioElement } from '../scenario-element.js';
import { EXPORT_WORDS } from './export-words.js';

/** Each library by its name and the language of its configuration: names, not words to translate. */
const LIBRARY: Readonly<Record<ExportTarget, string>> = {
  resilience4j: 'Resilience4j (Spring Boot YAML)',
  polly: 'Polly v8 (C#)',
  cockatiel: 'cockatiel (TypeScript)',
  envoy: 'Envoy (YAML)',
  'concurrency-limits': 'Netflix concurrency-limits (Java)',
};

const VERDICT: Readonly<Record<Verdict, string>> = wordsOf({
  exact: () => msg('Exact: the library does what the lab modelled.'),
  approximate: () => msg('Approximate: the library does nearly what the lab modelled; the differences are below.'),
  none: () => msg('None: the library cannot express this policy; the code says what to use instead.'),
});

const FALLBACK: ExportTarget = 'resilience4j';

/**
 * The source's inputs as a configuration for a resilience library, to copy into a real service:
 * the code, whether the library does exactly what the lab modelled (or nearly, or cannot express
 * the policy), and each difference in one sentence (the model's `exportConfig`; docs/MODEL.md,
 * Exporting a configuration). The reader picks the library and how long one tick lasts in their
 * service; Copy puts the code on the clipboard, or, where the page may not, selects it to copy by hand.
 *
 * @summary The lab's inputs as a configuration for Resilience4j, Polly, cockatiel, Envoy or concurrency-limits.
 * @attr {'resilience4j' | 'polly' | 'cockatiel' | 'envoy' | 'concurrency-limits'} library - the library to export to
 *   (default `resilience4j`).
 * @attr {number} tick-ms - how long one tick lasts in the reader's service, in milliseconds, 1–60000 (default 100);
 *   it changes no result, only the durations in the code.
 * @attr {string} for - id of the scenario source to show; else the enclosing source; else its own config attributes.
 * @csspart code - the exported code.
 * @csspart differences - the list of differences from the lab.
 * @csspart notices - notices about attributes that were corrected.
 */
export class ConfigExport extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .heading {
        font-weight: 700;
      }
      .choices {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3em 1em;
      }
      /* A select as wide as its longest name still fits a phone's column. */
      label {
        display: grid;
        min-width: 0;
      }
      /* Long lines wrap rather than scroll sideways in a phone's column; copying keeps them whole. */
      pre {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        overflow-y: auto;
        max-height: 28em;
        padding: 0.5em;
        background: var(--_panel);
        font: max(12px, 0.85em) var(--_mono);
      }
      .status {
        color: var(--_muted);
      }
    `,
  ];

  static override properties = { library: {}, tickMs: { attribute: 'tick-ms' }, copied: { state: true } };
  /** The library, by its name in `EXPORT_TARGETS`: `resilience4j` (default), `polly`, `cockatiel`, `envoy` or `concurrency-limits`. */
  declare library: string;
  /** How long one tick lasts, in milliseconds (1–60000, default 100); a bad value gives the nearest valid one. */
  declare tickMs: string | number | null;
  /** What the last Copy did, and the code it was asked to copy: said only while that code is shown. */
  declare private copied: { done: boolean; code: string } | null;

  constructor() {
    super();
    this.library = FALLBACK;
    this.tickMs = null;
    this.copied = null;
  }

  get #target(): ExportTarget {
    return EXPORT_TARGETS.find((target) => target === this.library) ?? FALLBACK;
  }

  /** `tick-ms` as the nearest whole number from 1 to 60000; 100 when missing, blank or not a number. */
  get #tick(): number {
    const given = String(this.tickMs ?? '').trim();
    const n = Number(given);
    if (given === '' || !Number.isFinite(n)) return TICK_MS.default;
    return Math.min(TICK_MS.max, Math.max(TICK_MS.min, Math.round(n)));
  }

  protected override ownAttributeNotes(): Note[] {
    const notes = choiceNotes('library', this.library, EXPORT_TARGETS, FALLBACK);
    const given = this.tickMs === null ? null : String(this.tickMs).trim();
    if (given !== null && given !== String(this.#tick))
      notes.push({
        kind: 'tick-ms',
        text: msg(
          str`tick-ms: ${quoteValue(this.tickMs)} is not a whole number from ${TICK_MS.min} to ${TICK_MS.max}; using ${this.#tick}`,
        ),
      });
    return notes;
  }

  /** Takes a typed tick length; the box then shows the length in use, a value out of range corrected. */
  readonly #setTick = async (e: Event) => {
    const box = e.target as HTMLInputElement;
    this.tickMs = box.value;
    await this.updateComplete;
    box.value = String(this.#tick);
  };

  /** Copies the code, or, where the page may not write to the clipboard, selects it and says so. */
  async #copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      this.copied = { done: true, code };
    } catch {
      this.copied = { done: false, code };
      await this.updateComplete;
      const pre = this.renderRoot.querySelector('pre')!;
      pre.focus();
      getSelection()?.selectAllChildren(pre);
    }
  }

  protected override render() {
    const target = this.#target;
    const { code, verdict, differences } = exportValid(this.scenario.config, target, this.#tick, EXPORT_WORDS);
    const copied = this.copied?.code === code ? this.copied : null;
    return html`
      ${this.renderNotices()}
      ${this.renderHeading(msg('Configuration for your service'))}
      <div class="choices">
        <label>${msg('Library')}
          <select name="library" @change=${(e: Event) => (this.library = (e.target as HTMLSelectElement).value)}>
            ${EXPORT_TARGETS.map((t) => html`<option value=${t} .selected=${t === target}>${LIBRARY[t]}</option>`)}
          </select></label>
        <label>${msg('One tick (ms)')}
          <input type="number" name="tickMs" inputmode="numeric" min=${TICK_MS.min} max=${TICK_MS.max} step="1"
            aria-describedby="tick-help" .value=${String(this.#tick)} @change=${this.#setTick}></label>
      </div>
      <p class="status" id="tick-help">${msg(str`Ticks become durations of ${this.#tick} ms; the lab's results stay as they are.`)}</p>
      <p><strong>${VERDICT[verdict]}</strong></p>
      ${
        differences.length
          ? html`<ul part="differences" aria-label=${msg('Differences from the lab')}>${differences.map((d) => html`<li>${d}</li>`)}</ul>`
          : ''
      }
      <div class="code">
        <pre part="code" translate="no" tabindex="0" role="region" aria-label=${msg(str`Configuration for ${LIBRARY[target]}`)}><code>${code}</code></pre>
        <button type="button" @click=${() => this.#copy(code)}>${msg('Copy')}</button>
        <p class="status" role="status">${
          copied
            ? copied.done
              ? msg('Copied.')
              : msg('This page may not use the clipboard: the code is selected, so copy it with your keyboard or menu.')
            : ''
        }</p>
      </div>
    `;
  }
}
