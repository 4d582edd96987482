/** The lab's own words: titles, scope notes and references, and the fixed explanations (the guided steps are in steps.ts). */
import { msg, str } from '../../i18n/msg.js';
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
  msg(
    "When clients retry, a retry is offered after its tick's new requests, oldest request first, and has a full timeout of its own; a retry that would come after tick 20 is never sent.",
  ),
];

/** What the full-window calculation is, said beside it. */
export const fullWindow = (): string =>
  msg(
    'The exact outcome of these inputs through tick 20, known before you press Play: a forecast of the fixed workload, not a sample. Completion rate divides completed requests by every offered one, rejected and timed-out ones included. The p95 is the nearest-rank value over the latencies of completed requests only, so failures never reach it, and it is not the gate. A gate stays pending while any of its requests is still waiting or running, or while more of its requests are due to arrive.',
  );

/** Said above every policy side by side. */
export const compareAbout = (): string =>
  msg(
    'The same inputs under each scheduling policy, over the whole window. The last lines say, for each tenant, why its unfinished requests did not complete: kept out by the other tenant, without slots of its own under the policy, kept out by its own load, or its own call failed or timed out in service.',
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
    'There is no A2A transport and no circuit-breaker state machine: the calls are bounded downstream calls labelled A or B, and clients retry only as the retry inputs say.',
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

/** The recovery reading of one tenant: from which tick every new request completes, or none in the window. */
export const recoveryText = (tenant: string, from: number | null): string =>
  from === null
    ? msg(str`Not recovered: no tick from which every new ${tenant} request completes within the window.`)
    : msg(str`Recovered: every ${tenant} request offered from tick ${from} on completes.`);
