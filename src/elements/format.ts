/** Wording shared by the elements: one place for how numbers and states read. */
import type { Note } from '../scenario/source.js';
import { quoteValue } from '../sim/config.js';
import type { Gate } from '../sim/derive.js';

export const percent = (rate: number | null): string =>
  rate === null ? 'no traffic' : `${Math.round(rate * 1000) / 10} %`;

export const ticks = (n: number | null): string => (n === null ? 'none' : `${n} tick${n === 1 ? '' : 's'}`);

export const GATE_LABEL: Record<Gate, string> = {
  pass: 'Pass',
  fail: 'Fail',
  pending: 'Pending',
  'no-traffic': 'No traffic',
};

/**
 * The note for an attribute `kind` whose `value` is none of `known`, saying what is shown instead;
 * none for a known value.
 */
export const choiceNotes = (kind: string, value: unknown, known: readonly string[], showing: string): Note[] =>
  known.includes(value as string)
    ? []
    : [
        {
          kind,
          text: `${kind}: ${quoteValue(value)} is not ${known.slice(0, -1).join(', ')} or ${known.at(-1)}; showing ${showing}`,
        },
      ];

/** The note for a `window` attribute that is neither `full` nor `inspected`; none for a valid one. */
export const windowNotes = (value: string, fallback: 'full' | 'inspected'): Note[] =>
  choiceNotes('window', value, ['full', 'inspected'], fallback === 'full' ? 'the full window' : 'the inspected tick');
