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
import { exporter } from './plan.js';

export const cockatiel = exporter('cockatiel', 'cockatiel 3.2', '//', {}, (plan, words, differences, queue) => {
  const { partitioned, queueCap, fromStart, retries } = plan;
  if (!partitioned && queueCap) differences.push(words.oneQueue('cockatiel', queue, queueCap));
  if (!fromStart && queueCap) differences.push(words.queuedTimeoutStays());
  const lines = [
    `import { ${retries ? 'ConstantBackoff, ' : ''}TimeoutStrategy, bulkhead, ${retries ? 'handleAll, retry, ' : ''}timeout, wrap } from 'cockatiel';`,
    '',
    `// ${partitioned ? 'A bulkhead per tenant' : 'One bulkhead for both tenants'}: bulkhead(calls at once, calls that may wait).`,
    ...(partitioned ? plan.tenants : [{ tenant: '', slots: plan.slots }]).map(
      ({ tenant, slots }) => `const slots${tenant} = bulkhead(${slots}, ${queue});`,
    ),
  ];
  for (const { tenant, timeoutMs } of plan.tenants) {
    const policies = [`timeout(${timeoutMs}, TimeoutStrategy.Aggressive)`, `slots${partitioned ? tenant : ''}`];
    // From start, the timeout runs inside the bulkhead: a waiting call has no deadline.
    if (fromStart) policies.reverse();
    if (retries)
      policies.unshift(`retry(handleAll, { maxAttempts: ${retries}, backoff: new ConstantBackoff(${plan.delayMs}) })`);
    lines.push(
      '',
      `// Tenant ${tenant}: policy${tenant}.execute(({ signal }) => call${tenant}(signal)), the call stopping when signal aborts.`,
      `export const policy${tenant} = wrap(${policies.join(', ')});`,
    );
  }
  return lines;
});
