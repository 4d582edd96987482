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
  /** `for` names no source, and none may still arrive. */
  | { kind: 'for'; id: string }
  /** The time source given is not used. */
  | { kind: 'timeSource'; failure: ClockFailure }
  /** `preset` names none of the presets. */
  | { kind: 'preset'; name: string }
  /** A config input was corrected. */
  | { kind: 'config'; problem: ConfigProblem; config: LabConfig }
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

/** Each note in words, in the locale being drawn; null while some wait for their words. */
export function inWords(notes: Note[]): WordedNote[] | null {
  const worded = notes.map((note) => ('text' in note ? note : words?.noteOf(note)));
  return worded.every((note) => note !== undefined) ? worded : null;
}

/** Fetches the words (the browser fetches a module once): true when they came, false when they could not. */
export const fetchNoticeWords = (): Promise<boolean> =>
  import('./notice-words.js').then(
    (module) => {
      words = module;
      return true;
    },
    () => false,
  );
