/** The lab's own words: guided steps and scope notes for each experiment, and the fixed explanations. */
import { msg } from '../../i18n/msg.js';
import { wordsOf } from '../../i18n/words.js';
import type { PresetName } from '../../sim/index.js';

export type Experiment = PresetName | 'custom';

/** Each experiment's title, the lab's heading. */
export const TITLE: Readonly<Record<Experiment, string>> = wordsOf({
  'stalled-dependency': () => msg('Failure isolation: contain a stalled dependency'),
  'count-every-request': () => msg('Tenant service targets: count every offered request'),
  'slow-vs-dead': () => msg('Failure isolation: a slow dependency hurts more than a dead one'),
  'retry-storm': () => msg('Retries and recovery: a retry storm outlasts its cause'),
  custom: () => msg('Bulkhead lab'),
});

export const tagline = (): string => msg('Follow each request from arrival to completion, rejection or timeout.');

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
        "A's dependency recovers at tick 3, yet every client retries a call that did not complete up to 3 times, a tick after it ended. Play the window: retries, named like A3.1, keep every slot busy long after tick 3.",
      ),
      check: 'tick=4..20',
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

/** "Event ordering and limits": the rules a reader needs to predict every cell. */
export const ordering = (): string[] => [
  msg(
    'Each tick runs in this order: work that is due finishes, requests past their deadline expire, older waiting work is dispatched, and then new requests are offered: A first, then B.',
  ),
  msg(
    'A call that completes exactly at its deadline counts as completed, because finishing comes before expiring. An expired call gives its slot back at once.',
  ),
  msg(
    'Requests arrive from tick 0 through tick 11. The window ends at tick 20, and work may still be waiting or running then: it is counted as pending, never as done.',
  ),
  msg(
    'Maximum waiting per tenant caps waiting requests only; running calls do not count. Even with a cap of 0, a request that finds an eligible free slot is handed it directly.',
  ),
  msg(
    "A and B total timeouts start at arrival: time spent waiting in the queue uses up a request's budget before its work starts.",
  ),
  msg(
    'No policy preempts. Shared round-robin chooses between waiting tenants but cannot interrupt a running call, and under Partitions with idle borrowing a borrowed call keeps its slot until it ends, even when home demand returns.',
  ),
  msg('The slots are identical and are always tried in numeric order, lowest first.'),
];

/** What the full-window calculation is, said beside it. */
export const fullWindow = (): string =>
  msg(
    'The exact outcome of these inputs through tick 20, known before you press Play: a forecast of the fixed workload, not a sample. Completion rate divides completed requests by every offered one, rejected and timed-out ones included. The p95 is the nearest-rank value over the latencies of completed requests only, so failures never reach it, and it is not the gate. A gate stays pending while any of its requests is still waiting or running, or while more of its requests are due to arrive.',
  );

/** Said above the four policies side by side. */
export const compareAbout = (): string =>
  msg(
    'The same inputs under each scheduling policy, over the whole window. The last lines say, for each tenant, why its unfinished requests did not complete: kept out by the other tenant, kept out by its own load, or its own call failed.',
  );

/** Said above the sweep chart. */
export const sweepAbout = (): string =>
  msg(
    'One input across its whole range with everything else as set above, one line per policy. Move along the line with the pointer or the arrow keys; choose a point to use that value.',
  );

/** "Scope and references": what every lab leaves out, then each experiment's own caveats. */
export const scope = (): string[] => [
  msg(
    'A deterministic teaching workload: exact for this model, not measured throughput and not a reliability guarantee for any real service.',
  ),
  msg(
    'Tenant partitions here are a scheduling rule, not a security boundary: they isolate capacity, not data or privileges.',
  ),
  msg(
    'There is no A2A transport and no circuit-breaker state machine: the calls are bounded downstream calls labelled A or B.',
  ),
  msg(
    'When a call expires its slot is free at once; real workers may keep running after their caller gave up, so real cancellation can be slower.',
  ),
  msg('Nor does it model CPU contention, network calls, or workers that ignore cancellation.'),
];

/** A source the lab's ideas come from, and what in the lab it relates to. */
export interface Reference {
  name: string;
  href: string;
  relation: () => string;
}

/** "Scope and references": where the pattern and each policy come from. */
export const REFERENCES: readonly Reference[] = [
  {
    name: 'Bulkhead pattern',
    href: 'https://learn.microsoft.com/en-us/azure/architecture/patterns/bulkhead',
    relation: () =>
      msg(
        'the pattern itself: give each consumer or dependency its own resources, so that one failure cannot take them all.',
      ),
  },
  {
    name: 'Release It! (Michael T. Nygard)',
    href: 'https://pragprog.com/titles/mnee2/release-it-second-edition/',
    relation: () =>
      msg('names bulkheads and timeouts among the stability patterns that keep a failure from spreading.'),
  },
  {
    name: 'Resilience4j Bulkhead',
    href: 'https://resilience4j.readme.io/docs/bulkhead',
    relation: () =>
      msg(
        'a limit on concurrent calls per dependency, with a bounded wait: what Strict tenant partitions does with its home slots.',
      ),
  },
  {
    name: 'Polly concurrency limiter',
    href: 'https://www.pollydocs.org/strategies/rate-limiter.html',
    relation: () =>
      msg(
        'caps concurrent executions and the actions queued behind them, as Total resources and Maximum waiting per tenant do here.',
      ),
  },
  {
    name: 'cockatiel bulkhead',
    href: 'https://github.com/connor4312/cockatiel#bulkhead',
    relation: () => msg('the same limit and queue for JavaScript, which the measured companion of this lab uses.'),
  },
  {
    name: 'Netflix concurrency-limits',
    href: 'https://github.com/Netflix/concurrency-limits',
    relation: () =>
      msg(
        'its partitioned limiter guarantees each partition a share and lets others use what a partition leaves idle: the real-world kin of Partitions with idle borrowing.',
      ),
  },
];

export const SCOPE_BY_EXPERIMENT: Readonly<Record<Experiment, string>> = wordsOf({
  'stalled-dependency': () =>
    msg(
      'Isolation reserves slots for B; it does not make A healthy. A better B figure here is about this schedule: not a measured availability improvement for an actual A2A service, and not a circuit-breaker benchmark.',
    ),
  'count-every-request': () =>
    msg(
      'The gate checks one fixed 20-tick window: it is not a contractual SLA estimate, and not measured production availability.',
    ),
  'slow-vs-dead': () =>
    msg(
      "A's latency is fixed at 9 ticks; real slow dependencies vary, and timeouts near the latency make the difference larger or smaller.",
    ),
  'retry-storm': () =>
    msg(
      'Clients here retry after a fixed delay, with no backoff or jitter; a retry budget is counted per tenant over the window so far.',
    ),
  custom: () => msg('Your own inputs: the same rules apply, and the figures describe only this window.'),
});
