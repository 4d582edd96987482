/**
 * The lab as Netflix concurrency-limits limiters (Java), per its readme and sources
 * (https://github.com/Netflix/concurrency-limits):
 * - `SimpleLimiter.newBuilder().limit(FixedLimit.of(n)).build()`: at most `n` calls at once;
 *   `acquire` returns no listener (a rejection) at once when all are in use: it has no queue
 *   (`BlockingLimiter` waits by time instead, in no set order);
 * - a partitioned limiter (`AbstractPartitionedLimiter.Builder`: `partitionResolver`,
 *   `partition(name, percent)`) guarantees each partition its share: while the whole limit is in use,
 *   a partition below its share may still start a call (AbstractPartitionedLimiter.acquire), so its
 *   shares lend idle capacity but are not strict partitions;
 * - it has no timeouts and no retries.
 */
import { exporter } from './plan.js';

const LIB = 'concurrency-limits';

export const concurrencyLimits = exporter(
  LIB,
  'Netflix concurrency-limits',
  '//',
  { lends: true, budget: true },
  (plan, words, differences) => {
    const { partitioned, lends, queueCap, retries, tenants, slots } = plan;
    // Borrowing's closest form: partitions with guaranteed shares.
    if (lends) differences.push(words.shares());
    if (queueCap) differences.push(words.noQueue(LIB, queueCap));
    differences.push(words.noTimeout(LIB, tenants[0].timeoutMs, tenants[1].timeoutMs));
    if (retries) differences.push(words.noRetry(LIB, retries));
    const simple = (name: string, n: number) =>
      `    public static final Limiter<String> ${name} = SimpleLimiter.newBuilder().limit(FixedLimit.of(${n})).build();`;
    return [
      'import com.netflix.concurrency.limits.Limiter;',
      'import com.netflix.concurrency.limits.limit.FixedLimit;',
      `import com.netflix.concurrency.limits.limiter.${lends ? 'AbstractPartitionedLimiter' : 'SimpleLimiter'};`,
      '',
      '// Use: limiter.acquire(tenant) gives a listener, or none when over the limit; call its onSuccess() or onIgnore() when the call ends.',
      'public final class LabLimiters {',
      ...(lends
        ? [
            '    static final class Tenants extends AbstractPartitionedLimiter.Builder<Tenants, String> {',
            '        @Override',
            '        protected Tenants self() {',
            '            return this;',
            '        }',
            '    }',
            '',
            `    /** One limit of ${slots}, each tenant guaranteed its share. */`,
            '    public static final Limiter<String> TENANTS = new Tenants().partitionResolver(tenant -> tenant)',
            ...tenants.map(({ tenant, slots: home }) => `            .partition("${tenant}", ${home / slots})`),
            `            .limit(FixedLimit.of(${slots})).build();`,
          ]
        : partitioned
          ? tenants.map(({ tenant, slots: home }) => simple(`TENANT_${tenant}`, home))
          : [simple('SHARED', slots)]),
      '}',
    ];
  },
);
