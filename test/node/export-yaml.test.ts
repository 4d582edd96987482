// The exported YAML (Resilience4j's Spring Boot settings, Envoy's clusters and routes) parses, and
// uses only property names of each library's documented schema, listed here with their sources.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { POLICIES, exportConfig, type LabConfig } from '../../src/sim/index.js';

/**
 * Resilience4j's Spring Boot 3 properties the export may use, `*` for an instance's name. Sources:
 * https://resilience4j.readme.io/docs/getting-started-3 (the `resilience4j.*.instances` settings and
 * the aspect orders) and resilience4j-framework-common's Common{Bulkhead,TimeLimiter,Retry}ConfigurationProperties
 * (https://github.com/resilience4j/resilience4j/tree/master/resilience4j-framework-common/src/main/java/io/github/resilience4j/common).
 */
const RESILIENCE4J = [
  'resilience4j.bulkhead.bulkheadAspectOrder',
  'resilience4j.bulkhead.instances.*.maxConcurrentCalls',
  'resilience4j.bulkhead.instances.*.maxWaitDuration',
  'resilience4j.timelimiter.timeLimiterAspectOrder',
  'resilience4j.timelimiter.instances.*.timeoutDuration',
  'resilience4j.timelimiter.instances.*.cancelRunningFuture',
  'resilience4j.retry.retryAspectOrder',
  'resilience4j.retry.instances.*.maxAttempts',
  'resilience4j.retry.instances.*.waitDuration',
];

/**
 * Envoy's v3 fields the export may use (`[]` for a list's items). Sources:
 * https://www.envoyproxy.io/docs/envoy/latest/api-v3/config/cluster/v3/cluster.proto (Cluster.name,
 * circuit_breakers), …/cluster/v3/circuit_breaker.proto (Thresholds, RetryBudget),
 * …/type/v3/percent.proto (Percent.value), and …/route/v3/route_components.proto (Route.match,
 * RouteMatch.prefix, RouteAction.cluster, timeout and retry_policy; RetryPolicy.retry_on, num_retries,
 * per_try_timeout, retry_back_off and its base_interval and max_interval).
 */
const ENVOY = [
  'static_resources.clusters[].name',
  'static_resources.clusters[].circuit_breakers.thresholds[].priority',
  'static_resources.clusters[].circuit_breakers.thresholds[].max_connections',
  'static_resources.clusters[].circuit_breakers.thresholds[].max_pending_requests',
  'static_resources.clusters[].circuit_breakers.thresholds[].max_requests',
  'static_resources.clusters[].circuit_breakers.thresholds[].max_retries',
  'static_resources.clusters[].circuit_breakers.thresholds[].retry_budget.budget_percent.value',
  'static_resources.clusters[].circuit_breakers.thresholds[].retry_budget.min_retry_concurrency',
  'routes[].match.prefix',
  'routes[].route.cluster',
  'routes[].route.timeout',
  'routes[].route.retry_policy.retry_on',
  'routes[].route.retry_policy.num_retries',
  'routes[].route.retry_policy.per_try_timeout',
  'routes[].route.retry_policy.retry_back_off.base_interval',
  'routes[].route.retry_policy.retry_back_off.max_interval',
];

/** Every leaf of a parsed document as a path: `a.b[].c`, with its value. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, `${path}[]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
  return [[path, value]];
}

const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.[\]]/g, '\\$&').replace(/\*/g, '[^.]+')}$`).test(path);

/** Configs that use every part of an export: each policy, both starts of the timeout, queues, retries, budgets. */
const CONFIGS: Partial<LabConfig>[] = POLICIES.flatMap((policy) =>
  (['arrival', 'start'] as const).flatMap((timeoutFrom) => [
    { policy, timeoutFrom },
    { policy, timeoutFrom, queueCap: 0, reservedA: 0 },
    { policy, timeoutFrom, retries: 2, retryDelay: 3 },
    { policy, timeoutFrom, retries: 3, retryBudget: 20 },
  ]),
);

describe('exported YAML', () => {
  for (const [target, allowed] of [
    ['resilience4j', RESILIENCE4J],
    ['envoy', ENVOY],
  ] as const) {
    test(`${target}: parses, and uses only documented properties`, () => {
      for (const config of CONFIGS) {
        const { code, verdict } = exportConfig(config, target, { tickMs: 100 });
        const document: unknown = parse(code);
        // A policy the library cannot express exports comments only.
        assert.equal(document === null, verdict === 'none', `${target} ${JSON.stringify(config)}: ${verdict}`);
        if (document === null) continue;
        for (const [path] of leaves(document))
          assert.ok(
            allowed.some((pattern) => matches(pattern, path)),
            `${target} ${JSON.stringify(config)}: ${path} is not a documented property`,
          );
      }
    });
  }

  test('resilience4j: the lab’s numbers, in the units Spring reads', () => {
    const doc = parse(
      exportConfig({ policy: 'strict-partitions', retries: 2, retryDelay: 3 }, 'resilience4j', { tickMs: 50 }).code,
    ) as { resilience4j: Record<string, { instances: Record<string, Record<string, unknown>> }> };
    const { bulkhead, timelimiter, retry } = doc.resilience4j;
    assert.deepEqual(bulkhead!.instances, {
      tenantA: { maxConcurrentCalls: 2, maxWaitDuration: '600ms' },
      tenantB: { maxConcurrentCalls: 2, maxWaitDuration: '200ms' },
    });
    assert.deepEqual(timelimiter!.instances.tenantB, { timeoutDuration: '200ms', cancelRunningFuture: true });
    assert.deepEqual(retry!.instances.tenantA, { maxAttempts: 3, waitDuration: '150ms' });
  });

  test('envoy: a cluster per tenant, durations in seconds, retries from start with a per-try timeout', () => {
    const doc = parse(
      exportConfig({ policy: 'strict-partitions', timeoutFrom: 'start', retries: 1 }, 'envoy', { tickMs: 100 }).code,
    ) as {
      static_resources: { clusters: { name: string; circuit_breakers: { thresholds: Record<string, unknown>[] } }[] };
      routes: { match: { prefix: string }; route: Record<string, unknown> }[];
    };
    assert.deepEqual(
      doc.static_resources.clusters.map((c) => [c.name, c.circuit_breakers.thresholds[0]]),
      [
        [
          'tenant_a',
          {
            priority: 'DEFAULT',
            max_connections: 2,
            max_requests: 2,
            max_pending_requests: 6,
            max_retries: 4294967295,
          },
        ],
        [
          'tenant_b',
          {
            priority: 'DEFAULT',
            max_connections: 2,
            max_requests: 2,
            max_pending_requests: 6,
            max_retries: 4294967295,
          },
        ],
      ],
    );
    assert.deepEqual(doc.routes[1], {
      match: { prefix: '/b' },
      route: {
        cluster: 'tenant_b',
        timeout: '0s',
        retry_policy: {
          retry_on: '5xx,reset',
          num_retries: 1,
          per_try_timeout: '0.4s',
          retry_back_off: { base_interval: '0.1s', max_interval: '0.1s' },
        },
      },
    });
  });
});
