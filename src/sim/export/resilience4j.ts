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
import { noExport, verdictOf, type ConfigExport, type ExportWords, type Plan } from './plan.js';

const LIB = 'Resilience4j';

export function resilience4j(plan: Plan, words: ExportWords): ConfigExport {
  if (plan.roundRobin) return noExport(plan, LIB, '#', words.roundRobin(LIB));
  if (plan.lends) return noExport(plan, LIB, '#', words.lending(LIB));
  const { partitioned, queueCap, fromStart, retries, tenants } = plan;
  const differences: string[] = [];
  if (queueCap) differences.push(words.waitByTime(LIB, queueCap));
  if (plan.budget !== null) differences.push(words.noBudget(LIB, plan.budget));
  // A call may wait for a permit until its deadline (from arrival), or all window (from start: the lab
  // sets waiting calls no deadline), or not at all with no queue.
  const waitOf = (timeoutMs: number) =>
    queueCap ? (fromStart ? (plan.config.horizon + 1) * plan.tickMs : timeoutMs) : 0;
  const bulkheads = partitioned
    ? tenants.map(({ tenant, slots, timeoutMs }) => {
        if (!slots) differences.push(words.noHomeSlot(LIB, tenant));
        return [`tenant${tenant}`, Math.max(1, slots), waitOf(timeoutMs)] as const;
      })
    : [['shared', plan.slots, waitOf(Math.max(tenants[0].timeoutMs, tenants[1].timeoutMs))] as const];
  const order = (name: string, n: number) => (fromStart ? [`    ${name}AspectOrder: ${n}`] : []);
  const lines = [
    `# Resilience4j 2, Spring Boot 3 (application.yml): ${plan.title}.`,
    `# Annotate tenant A's call with @Bulkhead(name = "${bulkheads[0]![0]}")${retries ? ', @Retry(name = "tenantA")' : ''} and @TimeLimiter(name = "tenantA"), B's likewise;`,
    '# the TimeLimiter needs a method that returns a CompletionStage.',
    fromStart
      ? '# The aspect orders put the TimeLimiter inside the bulkhead: the timeout starts with the call.'
      : "# Spring's default aspect order puts the TimeLimiter around the bulkhead: waiting counts.",
    'resilience4j:',
    '  bulkhead:',
    ...order('bulkhead', 2),
    '    instances:',
    ...bulkheads.flatMap(([name, slots, wait]) => [
      `      ${name}:`,
      `        maxConcurrentCalls: ${slots}`,
      `        maxWaitDuration: ${wait}ms`,
    ]),
    '  timelimiter:',
    ...order('timeLimiter', 3),
    '    instances:',
    ...tenants.flatMap(({ tenant, timeoutMs }) => [
      `      tenant${tenant}:`,
      `        timeoutDuration: ${timeoutMs}ms`,
      '        cancelRunningFuture: true',
    ]),
  ];
  if (retries)
    lines.push(
      '  retry:',
      ...order('retry', 1),
      '    instances:',
      ...tenants.flatMap(({ tenant }) => [
        `      tenant${tenant}:`,
        `        maxAttempts: ${retries + 1}`,
        `        waitDuration: ${plan.delayMs}ms`,
      ]),
    );
  return { code: `${lines.join('\n')}\n`, verdict: verdictOf(differences), differences };
}
