/**
 * When a guided step is done. A step's condition is `field=value` pairs joined by `,`, all of which
 * must hold: each field is a config attribute (`policy`, `a-timeout`, …) or `tick`. A value may also
 * be alternatives (`stall|fail-fast`) or, for a number, a range (`1..4`). The preset's
 * steps and a page's own (`<li data-check="…">`) are read the same way, against the values the
 * controls show: a setting left out of the config (a retry setting, where timeouts start) is at its
 * default.
 */
import {
  CHOICES,
  DEFAULT_CONFIG,
  FIELDS,
  UI_RETRY_BUDGETS,
  uiRangeOf,
  type ChoiceField,
  type LabConfig,
  type NumericField,
  type RetryField,
} from '../../sim/config.js';
import { settingOf } from '../../sim/setting.js';
import { attributeOf } from '../../scenario/config-attributes.js';

/** Whether a step's condition holds for these settings at this tick. */
export type StepCheck = (config: Readonly<LabConfig>, tick: number) => boolean;

const FIELD_BY_ATTRIBUTE: ReadonlyMap<string, keyof LabConfig> = new Map(FIELDS.map((f) => [attributeOf(f), f]));
/** Fields whose value may be `none`. */
const MAY_BE_NONE: ReadonlySet<string> = new Set(['aRecovers', 'retryBudget']);

/** The whole numbers a field takes in the elements (reserved slots: as many as the most slots leave). */
function takes(field: NumericField | RetryField | 'tick'): { min: number; max: number; only?: readonly number[] } {
  if (field === 'tick') return { min: 0, max: DEFAULT_CONFIG.horizon };
  if (field === 'retryBudget') return { min: 10, max: 100, only: UI_RETRY_BUDGETS };
  return uiRangeOf(field, { ...DEFAULT_CONFIG, slots: uiRangeOf('slots', DEFAULT_CONFIG).max });
}

/** `"text" is never taken: …` when no whole number from `low` to `high` is one the field takes. */
function neverTaken(field: NumericField | RetryField | 'tick', text: string, low: number, high: number): string | null {
  const { min, max, only } = takes(field);
  if (only ? only.some((n) => n >= low && n <= high) : low <= max && high >= min) return null;
  return `"${text}" is never taken: ${only ? ['none', ...only].join(', ') : `${min}..${max}`}`;
}

/** One accepted value: a word, a whole number, or a range of whole numbers the field can take. */
function valueTest(field: keyof LabConfig | 'tick', text: string): ((value: unknown) => boolean) | string {
  const allowed = CHOICES[field as ChoiceField];
  if (allowed)
    return allowed.includes(text) ? (value) => value === text : `"${text}" is not one of ${allowed.join(', ')}`;
  if (text === 'none' && MAY_BE_NONE.has(field)) return (value) => value === null;
  const range = /^(\d+)(?:\.\.(\d+))?$/.exec(text);
  if (!range) return `"${text}" is not a whole number or a range such as 1..4`;
  const low = Number(range[1]);
  const high = Number(range[2] ?? range[1]);
  if (low > high) return `"${text}" is an empty range`;
  const never = neverTaken(field as NumericField | RetryField | 'tick', text, low, high);
  if (never) return never;
  return (value) => typeof value === 'number' && value >= low && value <= high;
}

/**
 * Reads a condition: its check, or what makes it one that can never hold (an unknown field, a
 * value a field never takes, or text that is not `field=value`).
 */
export function parseStepCheck(condition: string): StepCheck | { problem: string } {
  const tests: ((config: Readonly<LabConfig>, tick: number) => boolean)[] = [];
  for (const pair of condition.split(',')) {
    const [name = '', value, ...rest] = pair.split('=').map((part) => part.trim());
    if (value === undefined || rest.length) return { problem: `"${pair.trim()}" is not field=value` };
    const field = name === 'tick' ? 'tick' : FIELD_BY_ATTRIBUTE.get(name);
    if (!field) return { problem: `"${name}" is not a config attribute or tick` };
    const alternatives = value.split('|').map((text) => valueTest(field, text.trim()));
    const wrong = alternatives.find((test): test is string => typeof test === 'string');
    if (wrong) return { problem: `${name}: ${wrong}` };
    const holds = (given: unknown) => alternatives.some((test) => (test as (value: unknown) => boolean)(given));
    tests.push(field === 'tick' ? (_, tick) => holds(tick) : (config) => holds(settingOf(config, field)));
  }
  return (config, tick) => tests.every((test) => test(config, tick));
}
