/**
 * The lab as Polly v8 resilience pipelines (C#), per Polly's documentation:
 * - the concurrency limiter (https://www.pollydocs.org/strategies/rate-limiter.html):
 *   `AddConcurrencyLimiter(permitLimit, queueLimit)`, or `AddRateLimiter(limiter)` to share one
 *   `ConcurrencyLimiter` between pipelines; System.Threading.RateLimiting serves its queue oldest
 *   first (`QueueProcessingOrder.OldestFirst`), and rejects with RateLimiterRejectedException;
 * - the timeout (https://www.pollydocs.org/strategies/timeout.html): `AddTimeout(TimeSpan)`;
 * - the retry (https://www.pollydocs.org/strategies/retry.html): `MaxRetryAttempts` counts retries
 *   after the first attempt, `Delay` with `DelayBackoffType.Constant`; by default it handles every
 *   exception but OperationCanceledException, rejections and timeouts included;
 * - strategies run in the order they are added, the first outermost
 *   (https://www.pollydocs.org/pipelines/index.html): a timeout added before the limiter counts the
 *   wait in its queue, one added after it starts with the call.
 */
import { noExport, verdictOf, type ConfigExport, type ExportWords, type Plan } from './plan.js';

const LIB = 'Polly';

export function polly(plan: Plan, words: ExportWords): ConfigExport {
  if (plan.roundRobin) return noExport(plan, LIB, '//', words.roundRobin(LIB));
  if (plan.lends) return noExport(plan, LIB, '//', words.lending(LIB));
  const { partitioned, queueCap, fromStart, retries } = plan;
  const differences: string[] = [];
  const queue = partitioned ? queueCap : 2 * queueCap;
  if (!partitioned && queueCap) differences.push(words.oneQueue(LIB, queue, queueCap));
  if (plan.budget !== null) differences.push(words.noBudget(LIB, plan.budget));
  const ms = (n: number) => `TimeSpan.FromMilliseconds(${n})`;
  const lines = [
    `// Polly v8: ${plan.title}.`,
    'using System;',
    ...(partitioned ? [] : ['using System.Threading.RateLimiting;']),
    'using Polly;',
    ...(retries ? ['using Polly.Retry;'] : []),
    '',
  ];
  if (!partitioned)
    lines.push(
      `// One limiter for both tenants: ${plan.slots} calls at once, ${queue} more wait, oldest first.`,
      'var slots = new ConcurrencyLimiter(new ConcurrencyLimiterOptions',
      '{',
      `    PermitLimit = ${plan.slots},`,
      `    QueueLimit = ${queue},`,
      '    QueueProcessingOrder = QueueProcessingOrder.OldestFirst,',
      '});',
      '',
    );
  for (const { tenant, slots, timeoutMs } of plan.tenants) {
    if (partitioned && !slots) differences.push(words.noHomeSlot(LIB, tenant));
    const limiter = partitioned
      ? `    .AddConcurrencyLimiter(${Math.max(1, slots)}, ${queue}) // tenant ${tenant}'s own slots and queue`
      : '    .AddRateLimiter(slots)';
    const timeout = `    .AddTimeout(${ms(timeoutMs)}) // ${fromStart ? 'after the limiter: starts with the call' : 'before the limiter: counts the wait'}`;
    lines.push(`var tenant${tenant} = new ResiliencePipelineBuilder()`);
    if (retries)
      lines.push(
        '    .AddRetry(new RetryStrategyOptions',
        '    {',
        `        MaxRetryAttempts = ${retries},`,
        `        Delay = ${ms(plan.delayMs)},`,
        '        BackoffType = DelayBackoffType.Constant,',
        '    })',
      );
    lines.push(...(fromStart ? [limiter, timeout] : [timeout, limiter]), '    .Build();', '');
  }
  lines.push(
    '// Use: await tenantA.ExecuteAsync(async token => await CallAAsync(token)); the call should honour the token.',
  );
  return { code: `${lines.join('\n')}\n`, verdict: verdictOf(differences), differences };
}
