/** How policies and request states read in every element. */
import type { IsolationReading, Policy, RequestRecord, RequestState, SweepField } from '../sim/index.js';

export const POLICY_LABEL: Record<Policy, string> = {
  'shared-fifo': 'Shared FIFO',
  'shared-round-robin': 'Shared round-robin',
  'strict-partitions': 'Strict tenant partitions',
  borrowing: 'Partitions with idle borrowing',
};

/** What each numeric input is called, with its unit where it has one. */
export const INPUT_LABEL: Record<SweepField, string> = {
  slots: 'Total resources',
  reservedA: 'Slots reserved for A',
  aPerTick: 'A arrivals per tick',
  bEvery: 'B arrival every N ticks',
  aHold: 'A resource hold (ticks)',
  bHold: 'B resource hold (ticks)',
  aTimeout: 'A total timeout (ticks)',
  bTimeout: 'B total timeout (ticks)',
  queueCap: 'Maximum waiting per tenant',
  target: 'Completion target (%)',
};

export const POLICY_HELP: Record<Policy, string> = {
  'shared-fifo': 'Any free slot takes the oldest waiting request of either tenant.',
  'shared-round-robin': 'Any free slot; when both tenants wait, the one that did not start last goes next.',
  'strict-partitions': "Each tenant uses only its home slots, even while the other tenant's slots sit idle.",
  borrowing: "Home slots first; an idle slot may run the other tenant's work, which keeps it until done.",
};

/** A request's state in words; timeouts say whether the request was waiting or in service. */
export function stateLabel(record: RequestRecord, state: RequestState): string {
  if (state === 'timed-out') return record.start === null ? 'timed out while waiting' : 'timed out in service';
  return state === 'upcoming' ? 'not yet offered' : state;
}

/** The isolation reading's rows: why a tenant's requests did not complete. */
export const ISOLATION_LABEL: Record<keyof IsolationReading, string> = {
  keptOutByOther: 'Kept out by the other tenant',
  keptOutByOwn: 'Kept out by its own load',
  ownCallFailed: 'Its own call failed',
  unresolved: 'Unresolved at the horizon',
};
