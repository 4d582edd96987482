/**
 * The lab as Envoy clusters and routes (YAML, v3 API), per Envoy's documentation:
 * - a cluster's circuit breakers
 *   (https://www.envoyproxy.io/docs/envoy/latest/api-v3/config/cluster/v3/circuit_breaker.proto):
 *   `max_requests` parallel requests (HTTP/2; over HTTP/1.1 `max_connections` bounds them),
 *   `max_pending_requests` waiting for a connection, beyond which a request overflows (503), and
 *   `max_retries` parallel retries (3 by default) or a `retry_budget`, whose `budget_percent` is a
 *   share of the requests active and pending;
 * - a route (https://www.envoyproxy.io/docs/envoy/latest/api-v3/config/route/v3/route_components.proto):
 *   `timeout` bounds the whole request, all retries included (0s disables it); the retry policy's
 *   `per_try_timeout` bounds each attempt, its `num_retries` and `retry_back_off`;
 * - the router filter
 *   (https://www.envoyproxy.io/docs/envoy/latest/configuration/http/http_filters/router_filter):
 *   back-offs are fully jittered (a retry waits a random time below the interval); a request that
 *   exceeded the route timeout is not retried.
 * From Envoy's sources: an attempt's per-try timer starts when the connection pool hands it a stream
 * (UpstreamRequest::onPoolReady, source/common/router/upstream_request.cc), after its wait, so it is
 * the lab's timeout from start; and a request that overflowed is never retried
 * (RetryPolicyImpl::wouldRetryFromReset).
 */
import { exporter } from './plan.js';

/** A duration as Envoy's YAML takes it: seconds, with an `s`. */
const seconds = (ms: number) => `${ms / 1000}s`;

export const envoy = exporter('Envoy', 'Envoy (v3 API)', '#', { budget: true }, (plan, words, differences, queue) => {
  const { partitioned, queueCap, fromStart, retries, budget, tenants } = plan;
  if (!partitioned && queueCap) differences.push(words.oneQueue('Envoy', queue, queueCap));
  if (retries) {
    differences.push(words.jitter(plan.delayMs), words.noRetryOnReject());
    if (!fromStart) differences.push(words.timeoutSpansRetries());
    if (budget !== null) differences.push(words.budgetInFlight(budget));
  }
  const clusters = partitioned
    ? tenants.map(({ tenant, slots }) => {
        if (!slots) differences.push(words.noHomeSlot('Envoy', tenant));
        return [`tenant_${tenant.toLowerCase()}`, Math.max(1, slots)] as const;
      })
    : [['shared', plan.slots] as const];
  return [
    '# Add your endpoints (load_assignment) to each cluster.',
    'static_resources:',
    '  clusters:',
    ...clusters.flatMap(([name, slots]) => [
      `  - name: ${name}`,
      '    circuit_breakers:',
      '      thresholds:',
      '      - priority: DEFAULT',
      `        max_connections: ${slots}`,
      `        max_requests: ${slots}`,
      `        max_pending_requests: ${queue}`,
      ...(budget !== null
        ? [
            '        retry_budget:',
            `          budget_percent: { value: ${budget} }`,
            '          min_retry_concurrency: 0',
          ]
        : retries
          ? ['        max_retries: 4294967295 # no limit on retries in flight: the lab has no retry budget']
          : []),
    ]),
    "# The routes, for your virtual host's routes:",
    'routes:',
    ...tenants.flatMap(({ tenant, timeoutMs }, i) => [
      `- match: { prefix: "/${tenant.toLowerCase()}" }`,
      '  route:',
      `    cluster: ${clusters[partitioned ? i : 0]![0]}`,
      // From arrival: the route's timeout; from start: a per-try timeout, which starts with the call.
      `    timeout: ${fromStart ? '0s # no timeout around the wait' : seconds(timeoutMs)}`,
      ...(retries || fromStart
        ? [
            '    retry_policy:',
            '      retry_on: 5xx,reset',
            `      num_retries: ${retries}`,
            ...(fromStart ? [`      per_try_timeout: ${seconds(timeoutMs)}`] : []),
            ...(retries
              ? [
                  '      retry_back_off:',
                  `        base_interval: ${seconds(plan.delayMs)}`,
                  `        max_interval: ${seconds(plan.delayMs)}`,
                ]
              : []),
          ]
        : []),
    ]),
  ];
});
