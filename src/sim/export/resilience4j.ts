/**
 * The lab as Resilience4j 2 settings for Spring Boot 3 (application.yml), per Resilience4j's
 * documentation and sources:
 * - the semaphore bulkhead (https://resilience4j.readme.io/docs/bulkhead): `maxConcurrentCalls`,
 *   and `maxWaitDuration`, how long a call may wait for a permit (a time, not a count); its
 *   semaphore is fair, first come first served (BulkheadConfig's fairCallHandlingEnabled, true by
 *   default);
 * - the TimeLimiter (https://resilience4j.readme.io/docs/timeout): `timeoutDuration`,
 *   `cancelRunningFuture`;
 * - the Retry (https://resilience4j.readme.io/docs/retry): `maxAttempts` counts the first attempt
 *   too, `waitDuration` is the fixed wait between attempts; with no `retryExceptions` it retries
 *   every exception, BulkheadFullException and TimeoutException included;
 * - Spring Boot's aspect order (https://resilience4j.readme.io/docs/getting-started-3, and the
 *   `*AspectOrder` settings of resilience4j-spring6): by default
 *   Retry(CircuitBreaker(RateLimiter(TimeLimiter(Bulkhead(call))))), a lower order running outside
 *   a higher one; so the TimeLimiter wraps the bulkhead and counts the wait, unless the orders put it
 *   inside.
 */
import { exporter } from './plan.js';

export const resilience4j = exporter(
  'Resilience4j',
  'Resilience4j 2, Spring Boot 3',
  '#',
  {},
  (plan, words, differences) => {
    const { partitioned, queueCap, fromStart, retries, tenants } = plan;
    if (queueCap) differences.push(words.waitByTime('Resilience4j', queueCap));
    // A call may wait for a permit until its deadline (from arrival), all window (from start, where a
    // waiting call has no deadline), or not at all with no queue.
    const waitOf = (timeoutMs: number) =>
      queueCap ? (fromStart ? (plan.config.horizon + 1) * plan.tickMs : timeoutMs) : 0;
    const bulkheads = partitioned
      ? tenants.map(({ tenant, slots, timeoutMs }) => {
          if (!slots) differences.push(words.noHomeSlot('Resilience4j', tenant));
          return [`tenant${tenant}`, Math.max(1, slots), waitOf(timeoutMs)] as const;
        })
      : [['shared', plan.slots, waitOf(Math.max(tenants[0].timeoutMs, tenants[1].timeoutMs))] as const];
    const order = (name: string, n: number) => (fromStart ? [`    ${name}AspectOrder: ${n}`] : []);
    const instances = (name: string, settings: (tenant: string) => string[]) => [
      `  ${name}:`,
      ...order(name === 'timelimiter' ? 'timeLimiter' : name, { retry: 1, bulkhead: 2, timelimiter: 3 }[name]!),
      '    instances:',
      ...tenants.flatMap(({ tenant }) => [`      tenant${tenant}:`, ...settings(tenant)]),
    ];
    const timeoutOf = (tenant: string) => tenants[tenant === 'A' ? 0 : 1].timeoutMs;
    return [
      `# On tenant A's method (returning a CompletionStage): @Bulkhead(name = "${bulkheads[0]![0]}"), @TimeLimiter(name = "tenantA")${retries ? ', @Retry(name = "tenantA")' : ''}; B's likewise.`,
      fromStart
        ? '# These aspect orders put the TimeLimiter inside the bulkhead: it starts with the call.'
        : "# Spring's default aspect order puts the TimeLimiter around the bulkhead: it counts the wait.",
      'resilience4j:',
      '  bulkhead:',
      ...order('bulkhead', 2),
      '    instances:',
      ...bulkheads.flatMap(([name, slots, wait]) => [
        `      ${name}:`,
        `        maxConcurrentCalls: ${slots}`,
        `        maxWaitDuration: ${wait}ms`,
      ]),
      ...instances('timelimiter', (t) => [
        `        timeoutDuration: ${timeoutOf(t)}ms`,
        '        cancelRunningFuture: true',
      ]),
      ...(retries
        ? instances('retry', () => [`        maxAttempts: ${retries + 1}`, `        waitDuration: ${plan.delayMs}ms`])
        : []),
    ];
  },
);
