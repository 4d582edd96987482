/** How policies, inputs and request states read in every element. */
import { msg } from '../i18n/msg.js';
import { wordsOf } from '../i18n/words.js';
import { registerPolicyRules, settingOf, type PolicyRules, type TimeoutFrom } from '../sim/config.js';
import type {
  Fault,
  IsolationReading,
  LabConfig,
  Policy,
  RequestRecord,
  RequestState,
  SweepField,
} from '../sim/index.js';

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

/** Each policy's words, keyed as `POLICY_RULES` (src/sim/config.ts) keys its rules. */
export const POLICY_WORDS: Readonly<Record<Policy, PolicyWords>> = wordsOf({
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
});

/**
 * Adds a policy after the others, with its rules (see `registerPolicyRules`) and its words, and
 * returns its name: for tests, which show with it that every element lists the policies from the
 * two tables. The library registers none.
 */
export function registerPolicy(name: string, rules: PolicyRules, words: () => PolicyWords): Policy {
  const policy = registerPolicyRules(name, rules);
  Object.defineProperty(POLICY_WORDS, policy, { get: words, enumerable: true });
  return policy;
}

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

const STATE_LABEL: Readonly<Record<RequestState, string>> = wordsOf({
  upcoming: () => msg('not yet offered'),
  waiting: () => msg('waiting'),
  running: () => msg('running'),
  completed: () => msg('completed'),
  failed: () => msg('failed'),
  'timed-out': () => msg('timed out'),
  rejected: () => msg('rejected'),
  retrying: () => msg('waiting to retry'),
});

/** A request's state in words; timeouts say whether the request was waiting or in service. */
export function stateLabel(record: RequestRecord, state: RequestState): string {
  if (state === 'timed-out')
    return record.start === null ? msg('timed out while waiting') : msg('timed out in service');
  return STATE_LABEL[state];
}

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

/** Dependency A's fault in a few words, as a value beside its setting. */
export const FAULT_NAME: Readonly<Record<Fault, string>> = wordsOf({
  none: () => msg('healthy'),
  stall: () => msg('stalled until timeout'),
  'fail-fast': () => msg('fail fast'),
});

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
  tickMs: () => msg('One tick (ms)'),
  ...Object.fromEntries(Object.keys(INPUT_LABEL).map((field) => [field, () => INPUT_LABEL[field as SweepField]])),
} as Record<keyof LabConfig, () => string>);

/**
 * A setting's value as the controls show it: a policy, fault or where timeouts start by its name, a
 * number as it is; one left out of the config at the value it means then.
 */
export function settingValue(config: LabConfig, field: keyof LabConfig): string {
  const value = settingOf(config, field);
  // A value no control offers (a snapshot a script made) reads as it is.
  if (field === 'policy') return POLICY_WORDS[value as Policy]?.label ?? String(value);
  if (field === 'aFault') return FAULT_NAME[value as Fault] ?? String(value);
  if (field === 'timeoutFrom') return TIMEOUT_FROM_NAME[value as TimeoutFrom] ?? String(value);
  if (value === null) return field === 'aRecovers' ? msg('never') : msg('no budget');
  return String(value);
}
