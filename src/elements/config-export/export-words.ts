/** The differences of an export in the reader's language: the model's ExportWords, worded by msg(). */
import { msg, str } from '../../i18n/msg.js';
import type { ExportWords } from '../../sim/export/index.js';

export const EXPORT_WORDS: ExportWords = {
  roundRobin: (lib) =>
    msg(str`${lib} has no policy that alternates between tenants: it cannot express shared round-robin.`),
  lending: (lib) => msg(str`${lib} has no bulkhead that lends idle slots to the other tenant.`),
  shares: () =>
    msg(
      "concurrency-limits' partitions are guaranteed shares: a tenant below its share may start even when every slot is in use, so more calls than slots can run, where the lab lends only idle slots and never takes them back.",
    ),
  oneQueue: (lib, limit, cap) =>
    msg(
      str`${lib} keeps one queue for both tenants: its limit of ${limit} stands for the lab's ${cap} per tenant, so one tenant can fill it.`,
    ),
  waitByTime: (lib, cap) =>
    msg(
      str`${lib} bounds the wait by time (maxWaitDuration), not by count: the lab's queue cap of ${cap} has no equivalent.`,
    ),
  noQueue: (lib, cap) =>
    msg(
      str`${lib} has no queue: a call over the limit is turned away at once, where the lab lets ${cap} per tenant wait.`,
    ),
  noHomeSlot: (lib, tenant) =>
    msg(str`The lab gives ${tenant} no slot of its own; ${lib} needs at least 1, so ${tenant} gets 1 here.`),
  noBudget: (lib, budget) => msg(str`${lib} has no retry budget: the lab's ${budget} % budget is not exported.`),
  budgetInFlight: (budget) =>
    msg(
      str`Envoy's retry budget allows retries in flight up to ${budget} % of the requests in flight, where the lab counts retries sent against requests offered.`,
    ),
  noTimeout: (lib, a, b) =>
    msg(
      str`${lib} has no timeouts: time out A's calls after ${a} ms and B's after ${b} ms around it, or in the client.`,
    ),
  noRetry: (lib, retries) => msg(str`${lib} does not retry: the lab's ${retries} retries need a retry around it.`),
  jitter: (ms) =>
    msg(
      str`Envoy jitters every back-off: a retry waits a random time of up to ${ms} ms, where the lab waits exactly ${ms} ms.`,
    ),
  timeoutSpansRetries: () =>
    msg(
      "Envoy's route timeout covers every attempt of a request together, and a request past it is not retried; the lab gives each attempt its own timeout from its arrival.",
    ),
  noRetryOnReject: () =>
    msg('Envoy never retries a request its circuit breaker turned away; the lab retries rejected calls too.'),
  queuedTimeoutStays: () =>
    msg(
      'cockatiel 3.2 keeps a call that timed out while queued in the queue until it reaches the front, and then leaves a free slot idle until another call ends (fixed in cockatiel 4, which needs Node 22).',
    ),
};
