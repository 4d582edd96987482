/** Guided steps for each experiment, and the lab's scope statement. */
import type { PresetName } from '../../sim/index.js';

export const GUIDES: Record<PresetName | 'custom', string[]> = {
  'stalled-dependency': [
    "Keep A stalled and press Play (or Next tick): A's stuck calls take every slot, and B's requests wait until they time out.",
    'Switch the policy to strict tenant partitions. B keeps its own two slots and finishes all four requests; A is no healthier for it.',
    'Try round-robin and borrowing as well. Borrowing lends B\'s idle slots to A early on, and A keeps them: a borrowed call is never taken back.',
    "Return to the shared pool and lower A's total timeout. Stalled calls now give their slots back sooner; compare how many B requests finish.",
  ],
  'count-every-request': [
    "Read B's full-window gate: 2 of 4 requests complete, a 50 % completion rate, while its p95 reads a tidy 4 ticks.",
    'That p95 is taken over completed requests only. The two that timed out are simply not in it, so it cannot warn you.',
    'Set the completion target to 50 %: the gate passes with 2 required. Set it to 51 %: 3 are required and it fails. Nothing else moves.',
    "Scrub to a tick while a B request is still waiting: the gate reads pending until every offered request has an outcome.",
  ],
  'slow-vs-dead': [
    "A answers every call, but only after 9 ticks, just inside its 10-tick timeout. In the shared pool its slow calls crowd B out: B completes 3 of 12.",
    "Switch to strict tenant partitions: B completes all 12. A now completes 4 instead of 7 — the price of keeping it in its own partition.",
    'Set dependency A to fail fast instead. Failed calls hand their slot back at once, and B completes 12 of 12 even in the shared pool.',
    'Make A healthy (A hold 1): both policies complete everything. Isolation pays off most when a dependency is slow, not when it is dead.',
  ],
  custom: [
    'Change any input: the result is recomputed at once, and playback does not start on its own.',
    'Play, step or scrub through the 20 ticks and watch who holds each slot and who waits.',
    'Compare the policies on the full-window result, and read the completion rate before the p95.',
  ],
};

export const SCOPE =
  'Scope: a deterministic teaching workload, exact for this model and not a measurement of any real system. ' +
  'Tenant partitions here are a scheduling rule, not a security boundary, and no circuit breaker is modelled.';
