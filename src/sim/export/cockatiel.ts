/**
 * The lab as cockatiel 3.2 policies (TypeScript), per the readme of cockatiel 3.2
 * (https://github.com/connor4312/cockatiel/blob/v3.2.1/readme.md):
 * - `bulkhead(limit, queue)`: `limit` concurrent calls, `queue` more wait, first come first served;
 *   beyond that it throws BulkheadRejectedError ("bulkhead(limit[, queue])").
 * - `timeout(ms, TimeoutStrategy.Aggressive)` rejects with TaskCancelledError at the deadline and
 *   aborts the signal it passes on ("timeout(duration, strategy)").
 * - `retry(handleAll, { maxAttempts, backoff: new ConstantBackoff(ms) })`: `maxAttempts` counts the
 *   retries after the first attempt (RetryPolicy.execute retries while `retries < maxAttempts`).
 * - `wrap(a, b, c)` runs `c` inside `b` inside `a` ("wrap(...policies)"): a timeout before the
 *   bulkhead counts the wait in its queue, one after it starts with the call.
 */
import { noExport, verdictOf, type ConfigExport, type ExportWords, type Plan } from './plan.js';

const LIB = 'cockatiel';

export function cockatiel(plan: Plan, words: ExportWords): ConfigExport {
  if (plan.roundRobin) return noExport(plan, LIB, '//', words.roundRobin(LIB));
  if (plan.lends) return noExport(plan, LIB, '//', words.lending(LIB));
  const { partitioned, queueCap, fromStart, retries } = plan;
  const differences: string[] = [];
  // Partitions: a bulkhead per tenant with its own queue. One pool: one bulkhead and one queue, as
  // long as both tenants' queues together.
  const queue = partitioned ? queueCap : 2 * queueCap;
  if (!partitioned && queueCap) differences.push(words.oneQueue(LIB, queue, queueCap));
  if (!fromStart && queueCap) differences.push(words.queuedTimeoutStays());
  if (plan.budget !== null) differences.push(words.noBudget(LIB, plan.budget));
  const lines = [
    `// cockatiel 3.2: ${plan.title}.`,
    retries
      ? "import { ConstantBackoff, TimeoutStrategy, bulkhead, handleAll, retry, timeout, wrap } from 'cockatiel';"
      : "import { TimeoutStrategy, bulkhead, timeout, wrap } from 'cockatiel';",
    '',
    partitioned
      ? `// A bulkhead per tenant: its home slots, and ${queueCap} more calls may wait.`
      : `// One bulkhead for both tenants: ${plan.slots} slots, and ${queue} more calls may wait.`,
  ];
  for (const { tenant, slots } of partitioned ? plan.tenants : [{ tenant: '', slots: plan.slots }])
    lines.push(`const slots${tenant} = bulkhead(${slots}, ${queue});`);
  for (const { tenant, timeoutMs } of plan.tenants) {
    const policies = [`timeout(${timeoutMs}, TimeoutStrategy.Aggressive)`, `slots${partitioned ? tenant : ''}`];
    // From start, the timeout runs inside the bulkhead: a waiting call has no deadline.
    if (fromStart) policies.reverse();
    if (retries)
      policies.unshift(`retry(handleAll, { maxAttempts: ${retries}, backoff: new ConstantBackoff(${plan.delayMs}) })`);
    lines.push(
      '',
      `/** Tenant ${tenant}'s calls: \`policy${tenant}.execute(({ signal }) => call${tenant}(signal))\`; the call should stop when \`signal\` aborts. */`,
      fromStart
        ? '// The timeout inside the bulkhead starts with the call.'
        : '// The timeout around the bulkhead counts the time spent waiting.',
      `export const policy${tenant} = wrap(\n  ${policies.join(',\n  ')},\n);`,
    );
  }
  return { code: `${lines.join('\n')}\n`, verdict: verdictOf(differences), differences };
}
