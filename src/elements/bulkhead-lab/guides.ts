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
    "A and B total timeouts start at arrival: time spent waiting in the queue uses up a request's budget before its work starts. With Timeout counts from set to start, the timeout sits inside the bulkhead instead: a waiting request has no deadline, and its timeout starts when it starts.",
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
export const exportAbout = (): string =>
  msg(
    'These inputs as the configuration of a resilience library: the code to copy, whether the library does exactly what the lab modelled, and each way it differs.',
  );

export const sweepAbout = (): string =>
  msg(
    'One input across its whole range with everything else as set above, one line per policy. Move along the line with the pointer or the arrow keys; choose a point to use that value.',
  );

/** The recovery reading of one tenant: from which tick every new request completes, or none in the window. */
export const recoveryText = (tenant: string, from: number | null): string =>
  from === null
    ? msg(str`Not recovered: no tick from which every new ${tenant} request completes within the window.`)
    : msg(str`Recovered: every ${tenant} request offered from tick ${from} on completes.`);
