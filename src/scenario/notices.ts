/** What an element's notices say: about its own attributes, and about its scenario's binding and inputs. */
import type { ConfigProblem, LabConfig } from '../sim/config.js';
import type { ClockFailure } from './clock.js';
import { noteOf } from './notice-words.js';

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

/** Each issue as a notice in the locale being drawn. */
export const notesOf = (issues: Issue[]): Note[] => issues.map(noteOf);
