/**
 * "Your experiment": each experiment's guided steps, the longest words of the lab. A module of its
 * own, fetched when a lab comes near the viewport, as each lab shows only its own experiment's; the
 * scope and references come with it.
 */
import { msg } from '../../i18n/msg.js';
import { wordsOf } from '../../i18n/words.js';
import type { Experiment } from './guides.js';
export { scopeLists } from './scope.js';
export { parseStepCheck } from './step-check.js';

/** A guided step, and, for one that asks the reader to do something, when it is done (see `step-check.ts`). */
export interface Step {
  text: string;
  check?: string;
}

/** "Your experiment": what to try, in order. Each step names what to look for. */
export const GUIDES: Readonly<Record<Experiment, Step[]>> = wordsOf({
  'stalled-dependency': () => [
    {
      text: msg(
        "Keep A stalled and press Play (or Next tick): A's stuck calls take every slot, and B's requests wait until they time out. B completes 1 of 4.",
      ),
      check: 'a-fault=stall,tick=1..20',
    },
    {
      text: msg(
        'Switch the Scheduling policy to Strict tenant partitions: B keeps its own two slots and completes 4 of 4. A is no healthier for it.',
      ),
      check: 'policy=strict-partitions',
    },
    {
      text: msg(
        "Try Shared round-robin (B completes 2 of 4) and Partitions with idle borrowing (1 of 4): borrowing lends B's idle slots to A early on, and A keeps them, because a borrowed call is never taken back.",
      ),
      check: 'policy=shared-round-robin|borrowing',
    },
    {
      text: msg(
        'Return to Shared FIFO and lower A total timeout one step at a time. B stays at 1 of 4 all the way down to 5 ticks; only at 4 ticks or less do the stalled calls give their slots back in time, and B completes 4 of 4. Open Sweep below to see that whole curve at once, for every policy.',
      ),
      check: 'policy=shared-fifo,a-timeout=1..4',
    },
    {
      text: msg(
        "Under More inputs, set Timeout counts from to start: the timeout now sits inside the bulkhead, as in many libraries. B's three waiting requests no longer time out: they wait to the end of the window with no deadline, and B's gate stays pending at 1 of 4. Then open From the lab to your service to see which library can put its timeout there.",
      ),
      check: 'timeout-from=start',
    },
  ],
  'count-every-request': () => [
    {
      text: msg(
        "Read B's full-window gate: 2 of 4 requests complete, a 50 % completion rate, while its p95 reads 4 ticks.",
      ),
    },
    {
      text: msg(
        'That p95 is taken over completed requests only. The two that timed out are not in it, so it cannot warn you.',
      ),
    },
    {
      text: msg(
        'Move only the Completion target: at 50 % the gate passes with 2 required; at 51 % it needs 3 and fails. The schedule does not change.',
      ),
      check: 'target=50|51',
    },
    {
      text: msg(
        'Put the target back and move only B total timeout: at 3 ticks just 1 of 4 completes, yet the p95 improves to 1 tick; at 8 ticks 3 of 4 complete and the p95 grows to 7.',
      ),
      check: 'target=90,b-timeout=3|8',
    },
    {
      text: msg(
        "Set Maximum waiting per tenant to 0: three of B's requests are rejected on arrival, the one that completes has a p95 of 1 tick, and the gate fails with 1 of 4.",
      ),
      check: 'queue-cap=0',
    },
    {
      text: msg(
        "Scrub to tick 1 or 2: B's gate reads pending with nothing waiting or running, because more B requests are still due to arrive. At tick 12 it is pending because one is still running; from tick 13 every request has an outcome, and the gate decides.",
      ),
      check: 'tick=1|2',
    },
  ],
  'slow-vs-dead': () => [
    {
      text: msg(
        'A answers every call, but only after 9 ticks, just inside its 10-tick timeout. In the Shared FIFO pool its slow calls crowd B out: B completes 3 of 12.',
      ),
    },
    {
      text: msg(
        'Switch to Strict tenant partitions: B completes 12 of 12. A now completes 4 instead of 7, the price of keeping it in its own partition.',
      ),
      check: 'policy=strict-partitions',
    },
    {
      text: msg(
        "Choose A's fault fail fast instead: failed calls hand their slot back at once, and B completes 12 of 12 even in the shared pool.",
      ),
      check: 'policy=shared-fifo,a-fault=fail-fast',
    },
    {
      text: msg(
        'Make A healthy (A resource hold 1): both policies complete everything. Isolation pays off most when a dependency is slow, not when it is dead.',
      ),
      check: 'a-fault=none,a-hold=1',
    },
  ],
  'retry-storm': () => [
    {
      text: msg(
        "A's dependency stalls until tick 3 and is healthy from then on, yet every client retries a call that did not complete up to 3 times, a tick after it ended. Play the window: retries, marked by a dotted edge and named with their attempt raised (A3¹ for A3.1), fill the slots long after tick 3. A completes 4 of 12 and never recovers within the window; B completes 7 of 12.",
      ),
      check: 'tick=4..20',
    },
    {
      text: msg(
        'Set Retries per request to 0: A completes 9 of 12, every A request offered from tick 3 on completes, and B completes 12 of 12. The retries, not the stall, kept the pool full. Then set it back to 3.',
      ),
      check: 'retries=0',
    },
    {
      text: msg(
        'Switch to Strict tenant partitions: B completes 12 of 12 again, but A completes only 2 of 12 and still does not recover, as its own retries fill its three slots. Partitions contain the storm; they do not end it. Partitions with idle borrowing fare no better than the shared pool here.',
      ),
      check: 'policy=strict-partitions,retries=3',
    },
    {
      text: msg(
        "Back in Shared FIFO, choose a Retry budget. At 10 % no retry is sent at all: a first retry needs 10 requests offered, and A's calls fail before that, so A completes 9 of 12 and B 12 of 12, as without retries. At 20 % A sends one retry and B two: A still recovers at tick 3, but B completes only 8 of 12 and recovers from tick 11; at 50 % and 100 % neither tenant recovers. Open Sweep and choose Retry budget to see every policy at once.",
      ),
      check: 'policy=shared-fifo,retries=3,retry-budget=10|20|50|100',
    },
  ],
  custom: () => [
    { text: msg('Change any input: the result is recomputed at once, and playback does not start on its own.') },
    {
      text: msg('Play, step or scrub through the 20 modeled ticks and watch who holds each slot and who waits.'),
      check: 'tick=1..20',
    },
    { text: msg('Compare the policies on the full-window calculation, and read the completion rate before the p95.') },
  ],
});
