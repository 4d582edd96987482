import { css, html, type PropertyValues } from 'lit';
import {
  FAULTS,
  isPartitioned,
  uiRangeOf,
  type Fault,
  type LabConfig,
  type NumericField,
  type SweepField,
} from '../../sim/index.js';
import { tokens } from '../../styles/tokens.js';
import { widgetStyles } from '../../styles/widgets.js';
import { INPUT_LABEL, POLICY_HELP, POLICY_LABEL } from '../labels.js';
import { msg, str } from '../../i18n/msg.js';
import { wordsOf } from '../../i18n/words.js';
import { ScenarioElement } from '../scenario-element.js';

interface NumberControl {
  field: SweepField;
  /** Why the control is disabled under this config, if it is. */
  disabledBecause?: (config: LabConfig) => string | null;
}

const DEMAND: NumberControl[] = [
  { field: 'slots' },
  {
    field: 'reservedA',
    disabledBecause: (c) => (isPartitioned(c) ? null : msg('Only the two partitioned policies reserve slots.')),
  },
  { field: 'aPerTick' },
  { field: 'bEvery' },
  {
    field: 'aHold',
    disabledBecause: (c) => (c.aFault === 'none' ? null : msg('A is faulted, so its calls do not use this hold.')),
  },
  { field: 'bHold' },
  { field: 'aTimeout' },
  { field: 'bTimeout' },
];
const QUEUE: NumberControl = { field: 'queueCap' };
const TARGET: NumberControl = { field: 'target' };

const FAULT_LABEL: Readonly<Record<Fault, string>> = wordsOf({
  none: () => msg('Healthy: A calls hold their slot for A resource hold'),
  stall: () => msg('Stall all A calls until timeout'),
  'fail-fast': () => msg('Fail fast: A calls error the moment they start'),
});

/**
 * A labelled control for every input of the scenario. Edits recompute at once and never start
 * playback; a disabled control says why.
 *
 * @summary Every input of the scenario, labelled.
 * @attr {string} for - id of the scenario source to edit; else the enclosing source; else its own config attributes.
 * @fires {CustomEvent<ConfigDetail>} bulkhead-config-request - an edit asks the source for new inputs (at the source it
 *   is bound to, else at itself).
 * @csspart form - the whole form.
 * @csspart notices - notices about attributes that were corrected.
 */
export class LabControls extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    css`
      form {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
        gap: var(--_gap);
      }
      fieldset {
        border: 1px solid var(--_line);
        border-radius: var(--_radius);
        margin: 0;
        padding: 0.4rem 0.7rem 0.6rem;
        min-width: 0;
      }
      legend {
        font-weight: 600;
      }
      .field {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 0.1rem 0.5rem;
        align-items: center;
        margin: 0.35rem 0;
      }
      .field input {
        width: 4.5rem;
      }
      .why,
      .fixed {
        grid-column: 1 / -1;
        font-size: 0.85em;
        color: var(--_muted);
        margin: 0;
      }
      .radio {
        display: flex;
        gap: 0.4rem;
        align-items: flex-start;
        margin: 0.25rem 0;
      }
      select {
        display: block;
        max-width: 100%;
        margin: 0.2rem 0;
      }
    `,
  ];

  static override properties = { clamped: { state: true }, refused: { state: true } };
  /** A's reserved slots lowered by the last edit of Total resources, so B keeps a slot; said quietly beside the field. */
  declare private clamped: number | null;
  /** The last typed value that was out of range, and the field it was typed into: the field says what it takes. */
  declare private refused: { field: NumericField; value: string } | null;
  /** The value a number box held when the reader started typing: a typed value that ends out of range goes back to it. */
  #editStart: number | null = null;

  constructor() {
    super();
    this.clamped = null;
    this.refused = null;
  }

  #change(changes: Partial<Record<keyof LabConfig, unknown>>) {
    const { slots, reservedA } = this.scenario.config;
    const lowered = typeof changes.slots === 'number' && changes.slots !== slots && reservedA > changes.slots - 1;
    this.clamped = lowered ? (changes.slots as number) - 1 : null;
    this.bound.request('bulkhead-config-request', { changes });
  }

  /** Applies a typed number once it is a valid whole number in range; leaves the box alone while it is not. */
  #onNumber(field: NumericField, event: Event, commit: boolean) {
    const input = event.target as HTMLInputElement;
    const { min, max } = uiRangeOf(field, this.scenario.config);
    const value = Number(input.value);
    const valid = input.value.trim() !== '' && Number.isInteger(value) && value >= min && value <= max;
    if (valid) this.refused = null;
    if (valid && value !== this.scenario.config[field]) this.#change({ [field]: value });
    else if (commit && !valid) {
      // Typing applies each valid prefix at once ("15" on the way to "150"): go back to where the edit began.
      const before = this.#editStart ?? this.scenario.config[field];
      this.refused = { field, value: input.value.trim().slice(0, 12) };
      if (before !== this.scenario.config[field]) this.#change({ [field]: before });
      input.value = String(before);
    }
    if (commit) this.#editStart = null;
  }

  #renderNumber(config: LabConfig, { field, disabledBecause }: NumberControl) {
    const { min, max } = uiRangeOf(field, config);
    const why = disabledBecause?.(config) ?? null;
    const id = `f-${field}`;
    const refused = this.refused?.field === field ? this.refused.value : null;
    return html`<div class="field">
      <label for=${id}>${INPUT_LABEL[field]}</label>
      <input id=${id} type="number" inputmode="numeric" min=${min} max=${max} step="1" name=${field}
        ?disabled=${why !== null} aria-describedby="${why ? `${id}-why` : `${id}-range`}${refused === null ? '' : ` ${id}-refused`}"
        @focus=${() => (this.#editStart = config[field])}
        @input=${(e: Event) => this.#onNumber(field, e, false)} @change=${(e: Event) => this.#onNumber(field, e, true)}>
      ${
        why
          ? html`<p class="why" id="${id}-why">${why}</p>`
          : html`<p class="why visually-hidden" id="${id}-range">${msg(str`${min} to ${max}`)}</p>`
      }
      ${
        refused === null
          ? ''
          : html`<p class="why refused" id="${id}-refused" role="status">${
              refused === ''
                ? msg(
                    str`An empty box is not accepted: this takes a whole number from ${min} to ${max}, so it stays ${this.scenario.config[field]}.`,
                  )
                : msg(
                    str`“${refused}” is not accepted: this takes a whole number from ${min} to ${max}, so it stays ${this.scenario.config[field]}.`,
                  )
            }</p>`
      }
      ${
        field === 'reservedA' && this.clamped !== null && this.clamped === config.reservedA
          ? html`<p class="why" role="status">${msg(str`Lowered to ${this.clamped} so that B keeps a slot.`)}</p>`
          : ''
      }
    </div>`;
  }

  /**
   * Every control shows the source's value after each render, also when the reader or a page script
   * changed the control since: a property binding would skip a value it already set once.
   */
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const control of this.renderRoot.querySelectorAll<HTMLInputElement>('[name]')) {
      const value = String(this.scenario.config[control.name as keyof LabConfig]);
      if (control.type === 'radio') control.checked = control.value === value;
      else if (control.value !== value) control.value = value;
    }
  }

  protected override render() {
    const config = this.scenario.config;
    return html`
      ${this.renderNotices()}
      <form part="form" @submit=${(e: Event) => e.preventDefault()}>
        <fieldset>
          <legend>${msg('Choose dispatch and admission rules')}</legend>
          <label for="policy">${msg('Scheduling policy')}</label>
          <!-- Options written out, so they exist before the select's value is set on first render. -->
          <select id="policy" aria-describedby="policy-help" name="policy"
            @change=${(e: Event) => this.#change({ policy: (e.target as HTMLSelectElement).value })}>
            <option value="shared-fifo">${POLICY_LABEL['shared-fifo']}</option>
            <option value="shared-round-robin">${POLICY_LABEL['shared-round-robin']}</option>
            <option value="strict-partitions">${POLICY_LABEL['strict-partitions']}</option>
            <option value="borrowing">${POLICY_LABEL.borrowing}</option>
          </select>
          <p class="why" id="policy-help">${POLICY_HELP[config.policy]}</p>
          ${this.#renderNumber(config, QUEUE)}
        </fieldset>
        <fieldset>
          <legend>${msg('Dependency A')}</legend>
          ${FAULTS.map(
            (fault) => html`<label class="radio">
            <input type="radio" name="aFault" value=${fault}
              @change=${() => this.#change({ aFault: fault })}>
            <span>${FAULT_LABEL[fault]}</span>
          </label>`,
          )}
        </fieldset>
        <fieldset>
          <legend>${msg('Allocate workers and demand')}</legend>
          ${DEMAND.map((control) => this.#renderNumber(config, control))}
        </fieldset>
        <fieldset>
          <legend>${msg('Read the full outcome')}</legend>
          ${this.#renderNumber(config, TARGET)}
          <p class="why">${msg('Moves only the gate, never the schedule.')}</p>
        </fieldset>
        <p class="fixed">${msg(str`Window: ticks 0–${config.horizon}; requests arrive through tick ${config.lastArrival}.`)}</p>
      </form>
    `;
  }
}
