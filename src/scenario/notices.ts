/**
 * What an element's notices say, and when their words arrive. Most elements never show a notice,
 * so the words of the common ones (`notice-words.ts`: a bad attribute, input, clock or binding)
 * are fetched only when there is something to say.
 */
import type { ConfigProblem, LabConfig } from '../sim/config.js';
import { msg, str } from '../i18n/msg.js';
import type { ClockFailure } from './clock.js';
import { Part } from './parts.js';

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

/** The words, fetched when a notice is first due. */
const words = new Part(() => import('./notice-words.js'), 'notice-words.js');

/** What a reader reads in place of a part of the lab that could not be loaded (see `parts.ts`). */
export const failedText = (file: string): string =>
  msg(str`This part of the lab could not be loaded (${file}). Reload the page to try again.`);

/**
 * Each note in words, in the locale being drawn, once the words are here (an issue that turns out
 * to need no notice is left out); null until then. If they could not be loaded, the notes that need
 * none, and one that says so.
 */
export function inWords(notes: Note[]): WordedNote[] | null {
  const here = words.value;
  if (notes.length === 0) return [];
  if (here) return notes.flatMap((note) => ('text' in note ? [note] : (here.noteOf(note) ?? [])));
  if (!words.failed) return null;
  const worded = notes.filter((note): note is WordedNote => 'text' in note);
  return worded.length === notes.length ? worded : [...worded, { kind: 'part', text: failedText(words.failed) }];
}

/** Warns in the console about each kind of note once per tag, whatever the values (once the words are here). */
export const warnOnce = (tag: string, notes: WordedNote[]): void => words.value?.warnOnce(tag, notes);

/** Fetches the words, unless they are here or on their way; a failed fetch is tried again the next time. */
export const fetchNoticeWords = (): Promise<unknown> => words.load();
