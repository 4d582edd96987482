/**
 * What an element's notices say, and when their words arrive. Most elements never show a notice,
 * so the words of the common ones (`notice-words.ts`: a bad attribute, input, clock or binding)
 * are fetched only when there is something to say.
 */
import type { ConfigProblem, LabConfig } from '../sim/config.js';
import type { ClockFailure } from './clock.js';

/** A notice in words; `kind` groups console warnings (one per tag and kind). */
export interface WordedNote {
  kind: string;
  text: string;
}

/** What a common notice will say, before it is worded. */
export type Issue =
  /** The `for` of `view` names no source, though the page has loaded. */
  | { kind: 'for'; id: string; view: HTMLElement }
  /** The time source given is not used. */
  | { kind: 'timeSource'; failure: ClockFailure }
  /** `preset` names none of the presets. */
  | { kind: 'preset'; name: string }
  /** A config input was corrected. */
  | { kind: 'config'; problem: ConfigProblem; config: LabConfig }
  /** The page set `config` to a value that is no object of settings, which was refused. */
  | { kind: 'config'; refused: unknown }
  /** An attribute of the element's own is none of the values it takes; `showing` is what is shown instead. */
  | { kind: 'choice'; attribute: string; value: unknown; known: readonly string[]; showing: string }
  /** `window` is neither `full` nor `inspected`. */
  | { kind: 'window'; value: unknown; fallback: 'full' | 'inspected' }
  /** `heading-level` is not a whole number from 1 to 6; `used` is the level used. */
  | { kind: 'heading-level'; value: string; used: number };

/** A notice about something the element corrected: worded by the element, or an issue worded later. */
export type Note = WordedNote | Issue;

type Words = typeof import('./notice-words.js');

let words: Words | null = null;

/**
 * Each note in words, in the locale being drawn, once the words are here (an issue that turns out
 * to need no notice is left out); null until then.
 */
export function inWords(notes: Note[]): WordedNote[] | null {
  const here = words;
  if (notes.length === 0) return [];
  return here && notes.flatMap((note) => ('text' in note ? [note] : (here.noteOf(note) ?? [])));
}

/** Warns in the console about each kind of note once per tag, whatever the values (once the words are here). */
export const warnOnce = (tag: string, notes: WordedNote[]): void => words?.warnOnce(tag, notes);

/** Fetches the words (the browser fetches a module once): true when they came, false when they could not. */
export const fetchNoticeWords = (): Promise<boolean> =>
  import('./notice-words.js').then(
    (module) => {
      words = module;
      return true;
    },
    () => false,
  );
