/**
 * How policies, inputs and the isolation reading's causes read in every element. (A setting's value
 * in words is in setting-value.ts, a request's state in the inspector: only views a reader opens
 * say them.)
 */
import { msg } from '../i18n/msg.js';
import { wordsOf } from '../i18n/words.js';
import type { TimeoutFrom } from '../sim/config.js';
import type { IsolationReading, LabConfig, Policy, SweepField } from '../sim/index.js';

/**
 * Everything the elements say of one policy by name. What differs with its rules (how a waiting
 * request's usable slots read in its explanation) follows from `POLICY_RULES` instead.
 */
export interface PolicyWords {
  /** Its name: in the select, on its compare card, in the sweep's legend and table, in explanations. */
  label: string;
  /** Its rule in one sentence, under the select. */
  help: string;
}

/** Each policy's words, keyed as `POLICY_RULES` (src/sim/config.ts) keys its rules; every element lists policies from the two. */
export const POLICY_WORDS: Readonly<Record<Policy, PolicyWords>> = Object.freeze(
  wordsOf({
    'shared-fifo': () => ({
      label: msg('Shared FIFO'),
      help: msg('Any free slot takes the oldest waiting request of either tenant.'),
    }),
    'shared-round-robin': () => ({
      label: msg('Shared round-robin'),
      help: msg('Any free slot; when both tenants wait, the one that did not start last goes next.'),
    }),
    'strict-partitions': () => ({
      label: msg('Strict tenant partitions'),
      help: msg("Each tenant uses only its home slots, even while the other tenant's slots sit idle."),
    }),
    borrowing: () => ({
      label: msg('Partitions with idle borrowing'),
      help: msg("Home slots first; an idle slot may run the other tenant's work, which keeps it until done."),
    }),
  }),
);

/** What each numeric input is called, with its unit where it has one. */
export const INPUT_LABEL: Readonly<Record<SweepField, string>> = wordsOf({
  slots: () => msg('Total resources'),
  reservedA: () => msg('Slots reserved for A'),
  aPerTick: () => msg('A arrivals per tick'),
  bEvery: () => msg('B arrival every N ticks'),
  aHold: () => msg('A resource hold (ticks)'),
  bHold: () => msg('B resource hold (ticks)'),
  aTimeout: () => msg('A total timeout (ticks)'),
  bTimeout: () => msg('B total timeout (ticks)'),
  queueCap: () => msg('Maximum waiting per tenant'),
  target: () => msg('Completion target (%)'),
});

/** The isolation reading's rows: why a tenant's requests did not complete. */
export const ISOLATION_LABEL: Readonly<Record<keyof IsolationReading, string>> = wordsOf({
  keptOutByOther: () => msg('Kept out by the other tenant'),
  noSlots: () => msg('No slots of its own under this policy'),
  keptOutByOwn: () => msg('Kept out by its own load'),
  ownCallFailed: () => msg('Its own call failed or timed out in service'),
  unresolved: () => msg('Unresolved at the horizon'),
});

/**
 * The isolation reading's causes a table shows: all but "no slots of its own", which only strict
 * partitions with no home slots for a tenant give, and which is shown only then.
 */
export const isolationKeys = (reading: Record<'A' | 'B', IsolationReading>): (keyof IsolationReading)[] =>
  (Object.keys(ISOLATION_LABEL) as (keyof IsolationReading)[]).filter(
    (key) => key !== 'noSlots' || reading.A.noSlots + reading.B.noSlots > 0,
  );

/** Where timeouts start, in a few words, as a value beside its setting. */
export const TIMEOUT_FROM_NAME: Readonly<Record<TimeoutFrom, string>> = wordsOf({
  arrival: () => msg('arrival'),
  start: () => msg('start'),
});

/** Every setting as the reader knows it from the controls, the fixed window included. */
export const SETTING_LABEL: Readonly<Record<keyof LabConfig, string>> = wordsOf({
  policy: () => msg('Scheduling policy'),
  aFault: () => msg('Dependency A'),
  horizon: () => msg('Last tick of the window'),
  lastArrival: () => msg('Last arrival tick'),
  aRecovers: () => msg('A recovers at tick'),
  retries: () => msg('Retries per request'),
  retryDelay: () => msg('Retry delay (ticks)'),
  retryBudget: () => msg('Retry budget (%)'),
  timeoutFrom: () => msg('Timeout counts from'),
  ...Object.fromEntries(Object.keys(INPUT_LABEL).map((field) => [field, () => INPUT_LABEL[field as SweepField]])),
} as Record<keyof LabConfig, () => string>);
