/** Wording shared by the elements: one place for how numbers and states read. */
import type { Note } from '../scenario/source.js';
import { quoteValue, type Gate, type Policy, type RequestRecord, type RequestState } from '../sim/index.js';

export const percent = (rate: number | null): string =>
  rate === null ? 'no traffic' : `${Math.round(rate * 1000) / 10} %`;

export const ticks = (n: number | null): string => (n === null ? 'none' : `${n} tick${n === 1 ? '' : 's'}`);

export const GATE_LABEL: Record<Gate, string> = {
  pass: 'Pass',
  fail: 'Fail',
  pending: 'Pending',
  'no-traffic': 'No traffic',
};

export const POLICY_LABEL: Record<Policy, string> = {
  'shared-fifo': 'Shared FIFO',
  'shared-round-robin': 'Shared round-robin',
  'strict-partitions': 'Strict tenant partitions',
  borrowing: 'Partitions with idle borrowing',
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

/** The note for a `window` attribute that is neither `full` nor `inspected`; none for a valid one. */
export const windowNotes = (value: string, fallback: 'full' | 'inspected'): Note[] =>
  value === 'full' || value === 'inspected'
    ? []
    : [
        {
          kind: 'window',
          text: `window: ${quoteValue(value)} is not full or inspected; showing ${fallback === 'full' ? 'the full window' : 'the inspected tick'}`,
        },
      ];
