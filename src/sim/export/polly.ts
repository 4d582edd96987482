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
import { exporter } from './plan.js';

const ms = (n: number) => `TimeSpan.FromMilliseconds(${n})`;

export const polly = exporter('Polly', 'Polly v8', '//', {}, (plan, words, differences, queue) => {
  const { partitioned, queueCap, fromStart, retries } = plan;
  if (!partitioned && queueCap) differences.push(words.oneQueue('Polly', queue, queueCap));
  const lines = [
    'using System;',
    ...(partitioned ? [] : ['using System.Threading.RateLimiting;']),
    'using Polly;',
    ...(retries ? ['using Polly.Retry;'] : []),
    ...(partitioned
      ? []
      : [
          '// One limiter for both tenants, its queue served oldest first.',
          `var slots = new ConcurrencyLimiter(new ConcurrencyLimiterOptions { PermitLimit = ${plan.slots}, QueueLimit = ${queue} });`,
        ]),
  ];
  for (const { tenant, slots, timeoutMs } of plan.tenants) {
    if (partitioned && !slots) differences.push(words.noHomeSlot('Polly', tenant));
    const limiter = partitioned
      ? `    .AddConcurrencyLimiter(${Math.max(1, slots)}, ${queue})`
      : '    .AddRateLimiter(slots)';
    const timeout = `    .AddTimeout(${ms(timeoutMs)}) // ${fromStart ? 'inside the limiter: starts with the call' : 'around the limiter: counts the wait'}`;
    lines.push(
      '',
      `// Tenant ${tenant}: await tenant${tenant}.ExecuteAsync(token => Call${tenant}Async(token)), the call honouring the token.`,
      `var tenant${tenant} = new ResiliencePipelineBuilder()`,
      ...(retries
        ? [
            `    .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = ${retries}, Delay = ${ms(plan.delayMs)}, BackoffType = DelayBackoffType.Constant })`,
          ]
        : []),
      ...(fromStart ? [limiter, timeout] : [timeout, limiter]),
      '    .Build();',
    );
  }
  return lines;
});
