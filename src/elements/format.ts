/** Wording shared by the elements: one place for how numbers and states read, in either language. */
import { msg, str } from '../i18n/msg.js';
import { decimal, plural, wordsOf } from '../i18n/words.js';
import type { Note } from '../scenario/notices.js';
import type { Gate, TenantMetrics } from '../sim/derive.js';

export const percent = (rate: number | null): string =>
  rate === null ? msg('no traffic') : `${decimal(Math.round(rate * 1000) / 10)} %`;

/** Attempts per request, to one decimal: `2.8`. */
export const amplification = (m: TenantMetrics): string => (m.amplification === null ? '–' : decimal(m.amplification));

export const tickCount = (n: number): string => plural(n, msg(str`${n} tick`), msg(str`${n} ticks`));

export const ticks = (n: number | null): string => (n === null ? msg('none') : tickCount(n));

export const GATE_LABEL: Readonly<Record<Gate, string>> = wordsOf({
  pass: () => msg('Pass'),
  fail: () => msg('Fail'),
  pending: () => msg('Pending'),
  'no-traffic': () => msg('No traffic'),
});

/**
 * The note for an attribute `kind` whose `value` is none of `known`, saying what is shown instead;
 * none for a known value.
 */
export const choiceNotes = (kind: string, value: unknown, known: readonly string[], showing: string): Note[] =>
  known.includes(value as string) ? [] : [{ kind: 'choice', attribute: kind, value, known, showing }];

/** The note for a `window` attribute that is neither `full` nor `inspected`; none for a valid one. */
export const windowNotes = (value: unknown, fallback: 'full' | 'inspected'): Note[] =>
  value === 'full' || value === 'inspected' ? [] : [{ kind: 'window', value, fallback }];
