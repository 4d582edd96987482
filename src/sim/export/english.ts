/** The differences of an export in English, as `exportConfig` gives them. */
import type { ExportWords } from './plan.js';

export const ENGLISH: ExportWords = {
  roundRobin: (lib) => `${lib} has no policy that alternates between tenants: it cannot express shared round-robin.`,
  lending: (lib) => `${lib} has no bulkhead that lends idle slots to the other tenant.`,
  shares: () =>
    "concurrency-limits' partitions are guaranteed shares: a tenant below its share may start even when every slot is in use, so more calls than slots can run, where the lab lends only idle slots and never takes them back.",
  oneQueue: (lib, limit, cap) =>
    `${lib} keeps one queue for both tenants: its limit of ${limit} stands for the lab's ${cap} per tenant, so one tenant can fill it.`,
  waitByTime: (lib, cap) =>
    `${lib} bounds the wait by time (maxWaitDuration), not by count: the lab's queue cap of ${cap} has no equivalent.`,
  noQueue: (lib, cap) =>
    `${lib} has no queue: a call over the limit is turned away at once, where the lab lets ${cap} per tenant wait.`,
  noHomeSlot: (lib, tenant) =>
    `The lab gives ${tenant} no slot of its own; ${lib} needs at least 1, so ${tenant} gets 1 here.`,
  noBudget: (lib, budget) => `${lib} has no retry budget: the lab's ${budget} % budget is not exported.`,
  budgetInFlight: (budget) =>
    `Envoy's retry budget allows retries in flight up to ${budget} % of the requests in flight, where the lab counts retries sent against requests offered.`,
  noTimeout: (lib, a, b) =>
    `${lib} has no timeouts: time out A's calls after ${a} ms and B's after ${b} ms around it, or in the client.`,
  noRetry: (lib, retries) => `${lib} does not retry: the lab's ${retries} retries need a retry around it.`,
  jitter: (ms) =>
    `Envoy jitters every back-off: a retry waits a random time of up to ${ms} ms, where the lab waits exactly ${ms} ms.`,
  timeoutSpansRetries: () =>
    "Envoy's route timeout covers every attempt of a request together, and a request past it is not retried; the lab gives each attempt its own timeout from its arrival.",
  noRetryOnReject: () =>
    'Envoy never retries a request its circuit breaker turned away; the lab retries rejected calls too.',
  queuedTimeoutStays: () =>
    'cockatiel 3.2 keeps a call that timed out while queued in the queue until it reaches the front, and then leaves a free slot idle until another call ends (fixed in cockatiel 4, which needs Node 22).',
};
