/**
 * The words of the common notices (a bad attribute, input, clock or binding): fetched only by an
 * element that has one to show (see `notices.ts`). Each is looked up in the locale being drawn.
 */
import { msg, str } from '../i18n/msg.js';
import {
  CHOICES,
  FIELDS,
  PRESET_CONFIGS,
  quoteValue,
  uiRangeOf,
  type ChoiceField,
  type ConfigProblem,
  type LabConfig,
  type NumericField,
} from '../sim/config.js';
import type { ClockFailure } from './clock.js';
import type { Issue, WordedNote } from './notices.js';
import { SOURCE_TAGS } from './events.js';

/**
 * A corrected input in the words of the element showing it: what was given, what it takes, and what
 * is used instead. (The problem's own `message` is the model's, in English, for API users.)
 */
export function problemText({ field, value, used }: ConfigProblem, config: LabConfig): string {
  const given = quoteValue(value);
  if (field === 'config') return msg(str`config: ${given} is not an object of settings; using the defaults`);
  const choices = CHOICES[field as ChoiceField];
  if (choices) return msg(str`${field}: ${given} is not one of ${choices.join(', ')}; using ${String(used)}`);
  if (!FIELDS.includes(field as keyof LabConfig)) return msg(str`${field}: unknown setting, ignored`);
  const { min, max } = uiRangeOf(field as NumericField, config);
  // A retry setting may be none, and may be used as none.
  const usedRetry = (used as number | null) ?? 'none';
  if (field === 'retryBudget') return msg(str`${field}: ${given} is not none, 10, 20, 50 or 100; using ${usedRetry}`);
  if (field === 'aRecovers')
    return msg(str`${field}: ${given} is not none or a whole number from ${min} to ${max}; using ${usedRetry}`);
  return min === max
    ? msg(str`${field}: ${given} is not ${min}, the only value it takes here; using ${min}`)
    : msg(str`${field}: ${given} is not a whole number from ${min} to ${max}; using ${String(used)}`);
}

/** Why a clock given as `timeSource` is not used. */
const clockText = ({ value, threw, method }: ClockFailure): string =>
  threw
    ? msg(str`timeSource: its ${method ?? 'now'}() threw an error; using the last clock that worked`)
    : msg(
        str`timeSource: its now() gave ${quoteValue(value)}, not a time in milliseconds; using the last clock that worked`,
      );

const warned = new Set<string>();

/** Warns in the console about each kind of note once per tag, whatever the values. */
export function warnOnce(tag: string, notes: WordedNote[]): void {
  for (const note of notes) {
    const key = `${tag} ${note.kind}`;
    if (warned.has(key)) continue;
    warned.add(key);
    console.warn(`<${tag}> ${note.text}`);
  }
}

/** `attribute: "value" is not A or B; showing B`. */
const choiceText = (attribute: string, value: unknown, known: readonly string[], showing: string): string =>
  msg(
    str`${attribute}: ${quoteValue(value)} is not ${known.slice(0, -1).join(', ')} or ${known.at(-1)}; showing ${showing}`,
  );

/**
 * Whether the source a view's `for` names may still arrive, so that the view, on its own meanwhile,
 * says nothing yet: while that id names a source element whose definition has not loaded yet (as
 * the autoloader loads it once it sees the tag).
 */
function sourceMayArrive(view: HTMLElement, forId: string): boolean {
  const root = view.getRootNode() as Document | ShadowRoot;
  const named = typeof root.getElementById === 'function' ? root.getElementById(forId) : null;
  return named !== null && SOURCE_TAGS.includes(named.localName) && !customElements.get(named.localName);
}

/** The notice an issue calls for in words, or null for a `for` whose source may still arrive. */
export function noteOf(issue: Issue): WordedNote | null {
  switch (issue.kind) {
    case 'for':
      if (sourceMayArrive(issue.view, issue.id)) return null;
      return {
        kind: 'for',
        text: msg(str`for: no scenario source with id ${quoteValue(issue.id)}; showing this widget on its own`),
      };
    case 'timeSource':
      return { kind: 'timeSource', text: clockText(issue.failure) };
    case 'preset':
      return {
        kind: 'preset',
        text: msg(
          str`preset: ${quoteValue(issue.name)} is not one of ${Object.keys(PRESET_CONFIGS).join(', ')}; using the defaults`,
        ),
      };
    case 'config':
      if ('refused' in issue)
        return {
          kind: 'config',
          text: msg(str`config: ${quoteValue(issue.refused)} is not an object of settings; nothing was changed`),
        };
      return { kind: issue.problem.field, text: problemText(issue.problem, issue.config) };
    case 'choice':
      return { kind: issue.attribute, text: choiceText(issue.attribute, issue.value, issue.known, issue.showing) };
    case 'window': {
      const showing = issue.fallback === 'full' ? msg('the full window') : msg('the inspected tick');
      return { kind: 'window', text: choiceText('window', issue.value, ['full', 'inspected'], showing) };
    }
    case 'heading-level':
      return {
        kind: 'heading-level',
        text: msg(
          str`heading-level: ${quoteValue(issue.value)} is not a whole number from 1 to 6; using ${issue.used}`,
        ),
      };
  }
}
