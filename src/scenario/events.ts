/** Every event of the library: names, detail types, and their GlobalEventHandlersEventMap entries. */
import type { ConfigProblem, LabConfig, LabRun } from '../sim/index.js';
import type { Speed } from './clock.js';

/** The elements that own a scenario and serve the views inside them and those that name them. */
export const SOURCE_TAGS: readonly string[] = ['bulkhead-lab', 'bulkhead-scenario'];

/** Announced by a source when a user action or page request produced a new result. */
export interface RunDetail {
  config: LabConfig;
  run: LabRun;
  problems: ConfigProblem[];
}

/** Announced by a source when the inspected tick or the playback state changed. */
export interface TickDetail {
  tick: number;
  /** Inspection seconds since tick 0 (0–60). */
  elapsed: number;
  playing: boolean;
  speed: Speed;
}

export interface SeekDetail {
  tick: number;
}
export interface SpeedDetail {
  speed: Speed;
}
export interface ConfigDetail {
  /** Fields to change; the rest stay. Values are normalized like attributes. */
  changes: Partial<Record<keyof LabConfig, unknown>>;
}

/** Requests a view or page script sends to a source, and the detail each carries. */
export interface RequestDetails {
  'bulkhead-seek-request': SeekDetail;
  'bulkhead-play-request': Record<string, never>;
  'bulkhead-pause-request': Record<string, never>;
  'bulkhead-step-request': Record<string, never>;
  'bulkhead-restart-request': Record<string, never>;
  'bulkhead-speed-request': SpeedDetail;
  'bulkhead-config-request': ConfigDetail;
}
export type RequestName = keyof RequestDetails;

/** Every request event a source answers (a record, so that the compiler checks none is missing). */
export const REQUESTS = Object.keys({
  'bulkhead-seek-request': 1,
  'bulkhead-play-request': 1,
  'bulkhead-pause-request': 1,
  'bulkhead-step-request': 1,
  'bulkhead-restart-request': 1,
  'bulkhead-speed-request': 1,
  'bulkhead-config-request': 1,
} satisfies Record<RequestName, 1>) as RequestName[];

/**
 * Asked by a view: bubbling up to the nearest enclosing source, or at the element its `for` names.
 * A source calls `callback` with itself and a way to leave; later with null when it goes away.
 */
export interface SourceRequestDetail {
  callback: (source: { element: HTMLElement; scenario: unknown } | null, leave?: () => void) => void;
}

export interface AnnouncementDetails {
  'bulkhead-run': RunDetail;
  'bulkhead-tick': TickDetail;
}

export interface EventDetails extends RequestDetails, AnnouncementDetails {}

/** Dispatches a bubbling, composed CustomEvent. */
export function emit<K extends keyof EventDetails>(target: EventTarget, name: K, detail: EventDetails[K]): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bulkhead-run': CustomEvent<RunDetail>;
    'bulkhead-tick': CustomEvent<TickDetail>;
    'bulkhead-seek-request': CustomEvent<SeekDetail>;
    'bulkhead-play-request': CustomEvent<Record<string, never>>;
    'bulkhead-pause-request': CustomEvent<Record<string, never>>;
    'bulkhead-step-request': CustomEvent<Record<string, never>>;
    'bulkhead-restart-request': CustomEvent<Record<string, never>>;
    'bulkhead-speed-request': CustomEvent<SpeedDetail>;
    'bulkhead-config-request': CustomEvent<ConfigDetail>;
    'bulkhead-source-request': CustomEvent<SourceRequestDetail>;
    'bulkhead-source-connected': Event;
    /** At a document, from a lab that came, went, or changed its id or preset: the other labs' keys may change. */
    'bulkhead-labs-changed': Event;
  }
}
