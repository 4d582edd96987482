/**
 * What an element's notices say, and when their words arrive. Most elements never show a notice,
 * so the words about a scenario's binding and inputs (`notice-words.ts`) are fetched only when there
 * is something to say.
 */
import type { ConfigProblem, LabConfig } from '../sim/config.js';
import type { ClockFailure } from './clock.js';

/** A notice about something the element corrected; `kind` groups console warnings (one per tag and kind). */
export interface Note {
  kind: string;
  text: string;
}

/** What a notice about a scenario's binding or inputs will say, before it is worded. */
export type Issue =
  /** `for` names no source, and none may still arrive. */
  | { kind: 'for'; id: string }
  /** The time source given is not used. */
  | { kind: 'timeSource'; failure: ClockFailure }
  /** `preset` names none of the presets. */
  | { kind: 'preset'; name: string }
  /** A config input was corrected. */
  | { kind: 'config'; problem: ConfigProblem; config: LabConfig };

type Words = typeof import('./notice-words.js');

let words: Words | null = null;

/** Each issue as a notice in the locale being drawn; null while there are some and their words are not here. */
export function notesOf(issues: Issue[]): Note[] | null {
  if (words) return issues.map(words.noteOf);
  return issues.length ? null : [];
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
