import { css, html, type PropertyValues } from 'lit';
import { POLICIES, isPartitioned, uiRangeOf, type Fault, type LabConfig, type SweepField } from '../../sim/index.js';
import { TIMEOUT_FROM, UI_RETRY_BUDGETS, quoteValue, type TimeoutFrom } from '../../sim/config.js';
import { settingOf } from '../../sim/setting.js';
import { tokens } from '../../styles/tokens.js';
import { widgetStyles } from '../../styles/widgets.js';
import { POLICY_WORDS, SETTING_LABEL, TIMEOUT_FROM_NAME } from '../labels.js';
import { attributeOf } from '../../scenario/config-attributes.js';
import type { Note } from '../../scenario/notices.js';
import { msg, str } from '../../i18n/msg.js';
import { wordsOf } from '../../i18n/words.js';
import { ScenarioElement } from '../scenario-element.js';
import { textChildren } from '../text-children.js';

/** The inputs typed as a whole number. */
type NumberField = SweepField | 'retries' | 'retryDelay';

interface NumberControl {
  field: NumberField;
  /** Why the control is disabled under this config, if it is. */
  disabledBecause?: (config: LabConfig) => string | null;
}

/**
 * The controls in their groups, each field in its place, named as the experiment names them: the
 * tenant-targets experiment (`words="count-every-request"`) has names of its own for three groups.
 */
const GROUPS: { legend: (targets: boolean) => string; fields: (keyof LabConfig)[] }[] = [
  {
    legend: (targets) =>
      targets ? msg('Inspect admission and unresolved work') : msg('Choose dispatch and admission rules'),
    fields: ['policy', 'queueCap'],
  },
  { legend: () => msg('Dependency A'), fields: ['aFault', 'aRecovers'] },
  {
    legend: (targets) =>
      targets ? msg('Choose capacity and demand deliberately') : msg('Allocate workers and demand'),
    fields: ['slots', 'reservedA', 'aPerTick', 'bEvery', 'aHold', 'bHold', 'aTimeout', 'bTimeout', 'timeoutFrom'],
  },
  { legend: () => msg('Clients retry'), fields: ['retries', 'retryDelay', 'retryBudget'] },
  {
    legend: (targets) => (targets ? msg('Change the target without changing work') : msg('Read the full outcome')),
    fields: ['target'],
  },
];
const ALL_FIELDS = GROUPS.flatMap((group) => group.fields);
const FIELD_ATTRIBUTES = ALL_FIELDS.map(attributeOf);

const NUMBERS: Partial<Record<keyof LabConfig, NumberControl>> = {
  reservedA: {
    field: 'reservedA',
    disabledBecause: (c) => (isPartitioned(c) ? null : msg('Only the partitioned policies reserve slots.')),
  },
  aHold: {
    field: 'aHold',
    disabledBecause: (c) => (c.aFault === 'none' ? null : msg('A is faulted, so its calls do not use this hold.')),
  },
  retryDelay: { field: 'retryDelay', disabledBecause: (c) => (c.retries ? null : msg('No retries, so no delay.')) },
};

/** An input's value as its control holds it: a number as text, none as `none`, a setting left out at its default. */
const valueOf = (config: LabConfig, field: keyof LabConfig): string => String(settingOf(config, field) ?? 'none');

const FAULT_LABEL: Readonly<Record<Fault, string>> = wordsOf({
  stall: () => msg('Stall all A calls until timeout'),
  'fail-fast': () => msg('Fail fast'),
  none: () => msg('Healthy'),
});

/** What the chosen fault does to A's calls, said under the choice. */
const FAULT_HELP: Readonly<Record<Fault, string>> = wordsOf({
  stall: () => msg('Every A call holds its slot until its total timeout.'),
  'fail-fast': () => msg('Every A call errors the moment it starts and frees its slot at once.'),
  none: () => msg('A calls hold their slot for A resource hold.'),
});

/** The fault choices in the order they are offered: the stall the experiment starts from first. */
const FAULT_CHOICES: Fault[] = ['stall', 'fail-fast', 'none'];

/**
 * A labelled control for every input of the scenario. Edits recompute at once and never start
 * playback; a disabled control says why.
 *
 * @summary Every input of the scenario, labelled.
 * @attr {string} fields - the inputs to show, by attribute name, separated by spaces (`policy a-fault a-timeout`); all of
 *   them when absent. A page can split the controls: the few a reader changes most beside the picture, the rest below.
 * @attr {string} for - id of the scenario source to edit; else the enclosing source; else its own config attributes.
 * @attr {string} words - whose names the groups of inputs take: `count-every-request` names them as the tenant-targets
 *   experiment does ("Choose capacity and demand deliberately"); any other value or none, as the stalled-dependency one.
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
        gap: var(--_gap) calc(var(--_gap) * 2);
      }
      fieldset {
        border: 0;
        margin: 0;
        padding: 0;
        min-width: 0;
        display: grid;
        gap: 0.25rem;
        align-content: start;
      }
      legend {
        font-weight: 600;
        padding: 0;
        margin-bottom: 0.2rem;
      }
      .field {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 0.1rem 0.5rem;
        align-items: center;
      }
      .field input {
        width: 3.6em;
      }
      .numbers {
        grid-column: 1 / -1;
      }
      .fields {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 12em), 1fr));
        gap: 0.4rem calc(var(--_gap) * 3);
        align-items: start;
      }
      .why {
        grid-column: 1 / -1;
        font-size: max(12px, 0.85em);
        color: var(--_muted);
        margin: 0;
      }
      .choices {
        display: flex;
        flex-wrap: wrap;
        gap: 0.1rem 0.9rem;
      }
      .radio {
        display: flex;
        gap: 0.35rem;
        align-items: baseline;
      }
      select {
        display: block;
        max-width: 100%;
      }
      /* On paper a grid's later rows can print on top of an item a page break split: the groups are
         plain blocks, and an input stays with its help. */
      @media print {
        form {
          display: block;
        }
        form > * + * {
          margin-top: var(--_gap);
        }
        .field {
          break-inside: avoid;
        }
      }
    `,
  ];

  static override properties = { fields: {}, words: {}, refused: { state: true } };
  /** The inputs shown, by attribute name, separated by spaces; all when null. */
  declare fields: string | null;
  /** Whose names the groups take: `count-every-request`, or the stalled-dependency experiment's. */
  declare words: string | null;
  /** Per field, the last typed value it refused (out of range), until a valid one is typed: the field says what it takes. */
  declare private refused: Partial<Record<NumberField, string>>;
  /**
   * The number box the reader is editing, from its focus until the edit is done (`change`): the
   * value it held at the start, which a typed value that ends out of range goes back to, and the
   * value its typing left the scenario at.
   */
  #edit: { box: HTMLInputElement; start: number; value: number } | null = null;

  constructor() {
    super();
    this.fields = null;
    this.words = null;
    this.refused = {};
  }

  /** The inputs `fields` names that exist, in the order of the form; every input when it names none. */
  get #shown(): (keyof LabConfig)[] {
    const named = (this.fields ?? '').split(/\s+/).filter(Boolean);
    const shown = ALL_FIELDS.filter((field) => named.includes(attributeOf(field)));
    return shown.length ? shown : ALL_FIELDS;
  }

  protected override ownAttributeNotes(): Note[] {
    const unknown = (this.fields ?? '').split(/\s+/).filter((name) => name && !FIELD_ATTRIBUTES.includes(name));
    return unknown.length
      ? [
          {
            kind: 'fields',
            text: msg(
              str`fields: ${quoteValue(unknown.join(' '))} names no input; known are ${FIELD_ATTRIBUTES.join(' ')}`,
            ),
          },
        ]
      : [];
  }

  #change(changes: Partial<Record<keyof LabConfig, unknown>>) {
    this.bound.request('bulkhead-config-request', { changes });
  }

  /** Applies a typed number once it is a valid whole number in range; leaves the box alone while it is not. */
  #onNumber(field: NumberField, event: Event, commit: boolean) {
    const input = event.target as HTMLInputElement;
    const { min, max } = uiRangeOf(field, this.scenario.config);
    const value = Number(input.value);
    const valid = input.value.trim() !== '' && Number.isInteger(value) && value >= min && value <= max;
    const now = +valueOf(this.scenario.config, field);
    const start = this.#edit?.box === input ? this.#edit.start : now;
    this.#edit = commit ? null : { box: input, start, value: valid ? value : now };
    if (valid && this.refused[field] !== undefined) this.refused = { ...this.refused, [field]: undefined };
    if (valid && value !== now) this.#change({ [field]: value });
    else if (commit && !valid) {
      // Typing applies each valid prefix at once ("15" on the way to "150"): go back to where the edit began.
      this.refused = { ...this.refused, [field]: input.value.trim().slice(0, 12) };
      if (start !== now) this.#change({ [field]: start });
      input.value = String(start);
    }
  }

  #renderNumber(config: LabConfig, { field, disabledBecause }: NumberControl) {
    const { min, max } = uiRangeOf(field, config);
    const why = disabledBecause?.(config) ?? null;
    const id = `f-${field}`;
    const refused = this.refused[field] ?? null;
    const value = +valueOf(config, field);
    // Lowered by the last edit of Total resources, so that B keeps a slot: said quietly here.
    const lowered = field === 'reservedA' && this.scenario.adjusted.reservedA === config.reservedA;
    const notes = [
      refused !== null &&
        html`<p class="why refused" id="${id}-refused" role="status">${
          refused === ''
            ? msg(
                str`An empty box is not accepted: this takes a whole number from ${min} to ${max}, so it stays ${value}.`,
              )
            : msg(
                str`“${refused}” is not accepted: this takes a whole number from ${min} to ${max}, so it stays ${value}.`,
              )
        }</p>`,
      lowered &&
        html`<p class="why" role="status">${msg(str`Lowered to ${config.reservedA} so that B keeps a slot.`)}</p>`,
    ].filter(Boolean);
    // Words as properties and no whitespace between tags: each field is drawn twice in a lab, and a
    // child binding or a blank would add a node to each.
    return html`<div class="field"><label for=${id} .textContent=${SETTING_LABEL[field]}></label><input id=${id}
      type="number" inputmode="numeric" min=${min} max=${max} step="1" name=${field} ?disabled=${why !== null}
      aria-describedby="${why ? `${id}-why` : `${id}-range`}${refused === null ? '' : ` ${id}-refused`}"
      @focus=${(e: Event) => (this.#edit = { box: e.target as HTMLInputElement, start: value, value })}
      @input=${(e: Event) => this.#onNumber(field, e, false)} @change=${(e: Event) => this.#onNumber(field, e, true)}
      ><p class="why ${why ? '' : 'visually-hidden'}" id="${id}-${why ? 'why' : 'range'}"
      .textContent=${why ?? msg(str`${min} to ${max}`)}></p>${notes}</div>`;
  }

  /**
   * Every control shows the source's value after each render, also when the reader or a page script
   * changed the control since: a property binding would skip a value it already set once. A number
   * the reader is still typing is left alone while nothing else changed it: a render may come a
   * frame after the key it answers.
   */
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const control of this.renderRoot.querySelectorAll<HTMLInputElement>('[name]')) {
      const value = valueOf(this.scenario.config, control.name as keyof LabConfig);
      if (control === this.#edit?.box) {
        // What the reader typed stays while the scenario holds what that typing gave it.
        if (+value === this.#edit.value) continue;
        // Changed from elsewhere: the edit starts again from what the box now shows.
        this.#edit = { box: control, start: +value, value: +value };
      }
      if (control.type === 'radio') control.checked = control.value === value;
      else if (control.value !== value) control.value = value;
    }
  }

  /** A choice among few values: when A recovers and the retry budget, each of which may be none, and where timeouts start. */
  #renderChoice(config: LabConfig, field: 'aRecovers' | 'retryBudget' | 'timeoutFrom') {
    const recovers = field === 'aRecovers';
    const from = field === 'timeoutFrom';
    const values: readonly (number | string)[] = from
      ? TIMEOUT_FROM
      : recovers
        ? [...Array(config.horizon + 1).keys()]
        : UI_RETRY_BUDGETS;
    const why = recovers
      ? config.aFault === 'none'
        ? msg('A is healthy all window: there is nothing to recover from.')
        : null
      : from || config.retries
        ? null
        : msg('No retries, so nothing to budget.');
    const id = `f-${field}`;
    const options: [value: string, label: string][] = values.map((v) => [
      String(v),
      from ? TIMEOUT_FROM_NAME[v as TimeoutFrom] : recovers ? String(v) : `${v} %`,
    ]);
    if (!from) options.unshift(['none', recovers ? msg('never') : msg('no budget')]);
    // The budget's rule is said to screen readers only, beside the label that names it.
    return html`<div class="field"><label for=${id} .textContent=${SETTING_LABEL[field]}></label><select id=${id}
      name=${field} ?disabled=${why !== null} aria-describedby="${id}-why" ${textChildren(
        'option',
        options.map(([, label]) => label),
        options.map(([value]) => value),
      )}
      @change=${(e: Event) => {
        const { value } = e.target as HTMLSelectElement;
        this.#change({ [field]: from ? value : value === 'none' ? null : Number(value) });
      }}></select><p class="why ${why || recovers || from ? '' : 'visually-hidden'}" id="${id}-why" .textContent=${
        why ??
        (recovers
          ? msg('A call that starts from this tick is healthy; one that started earlier keeps its fault.')
          : from
            ? msg('From arrival, time spent waiting uses up the timeout; from start, a waiting call has no deadline.')
            : msg('A tenant sends a retry only while its retries stay within this share of its requests so far.'))
      }></p></div>`;
  }

  #renderField(config: LabConfig, field: keyof LabConfig) {
    if (field === 'policy')
      return html`<label for="policy" .textContent=${msg('Scheduling policy')}></label><select id="policy"
        aria-describedby="policy-help" name="policy" ${textChildren(
          'option',
          POLICIES.map((policy) => POLICY_WORDS[policy].label),
          POLICIES,
        )}
        @change=${(e: Event) => this.#change({ policy: (e.target as HTMLSelectElement).value })}></select><p class="why"
        id="policy-help" .textContent=${POLICY_WORDS[config.policy].help}></p>`;
    if (field === 'aFault')
      return html`<div class="choices">${FAULT_CHOICES.map(
        (fault) => html`<label class="radio"><input type="radio" name="aFault" value=${fault}
          aria-describedby="fault-help" @change=${() => this.#change({ aFault: fault })}><span
          .textContent=${FAULT_LABEL[fault]}></span></label>`,
      )}</div><p class="why" id="fault-help" .textContent=${FAULT_HELP[config.aFault]}></p>`;
    if (field === 'aRecovers' || field === 'retryBudget' || field === 'timeoutFrom')
      return this.#renderChoice(config, field);
    const number = this.#renderNumber(config, NUMBERS[field] ?? { field: field as NumberField });
    const help =
      field === 'target'
        ? msg('Moves only the gate, never the schedule.')
        : field === 'aPerTick'
          ? msg(str`Window: ticks 0–${config.horizon}; requests arrive through tick ${config.lastArrival}.`)
          : null;
    return help === null ? number : html`${number}<p class="why" .textContent=${help}></p>`;
  }

  protected override render() {
    const config = this.scenario.config;
    const shown = this.#shown;
    const targets = this.words === 'count-every-request';
    const groups = GROUPS.map(({ legend, fields }) => ({
      legend: legend(targets),
      here: fields.filter((field) => shown.includes(field)),
    })).filter(({ here }) => here.length);
    return html`${this.renderNotices()}<form part="form" @submit=${(e: Event) => e.preventDefault()}>${groups.map(
      ({ legend, here }) => {
        const fieldsOf = here.map((field) => this.#renderField(config, field));
        // Several numbers take the form's whole width and flow in columns.
        return here.length > 1 && !here.includes('policy') && !here.includes('aFault')
          ? html`<fieldset class="numbers"><legend .textContent=${legend}></legend><div class="fields">${fieldsOf}</div></fieldset>`
          : // The policy alone needs no legend on screen: its label names it.
            html`<fieldset><legend class=${here.join() === 'policy' ? 'visually-hidden' : ''}
              .textContent=${legend}></legend>${fieldsOf}</fieldset>`;
      },
    )}</form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'lab-controls': LabControls;
  }
}
