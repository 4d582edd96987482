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
import { noExport, verdictOf, type ConfigExport, type ExportWords, type Plan } from './plan.js';

const LIB = 'concurrency-limits';

export function concurrencyLimits(plan: Plan, words: ExportWords): ConfigExport {
  if (plan.roundRobin) return noExport(plan, LIB, '//', words.roundRobin(LIB));
  const { partitioned, lends, queueCap, retries, tenants, slots } = plan;
  const differences: string[] = [];
  // Borrowing's closest form: partitions with guaranteed shares.
  if (lends) differences.push(words.shares());
  if (queueCap) differences.push(words.noQueue(LIB, queueCap));
  differences.push(words.noTimeout(LIB, tenants[0].timeoutMs, tenants[1].timeoutMs));
  if (retries) differences.push(words.noRetry(LIB, retries));
  const simple = (name: string, n: number) =>
    `    public static final Limiter<String> ${name} = SimpleLimiter.newBuilder().named("${name.toLowerCase()}").limit(FixedLimit.of(${n})).build();`;
  const lines = [
    `// Netflix concurrency-limits: ${plan.title}.`,
    'import com.netflix.concurrency.limits.Limiter;',
    'import com.netflix.concurrency.limits.limit.FixedLimit;',
    `import com.netflix.concurrency.limits.limiter.${lends ? 'AbstractPartitionedLimiter' : 'SimpleLimiter'};`,
    'import java.util.concurrent.Callable;',
    '',
    'public final class LabLimiters {',
  ];
  if (lends)
    lines.push(
      '    /** Builds a limiter whose partitions are named by the tenant, "A" or "B". */',
      '    static final class TenantLimiterBuilder extends AbstractPartitionedLimiter.Builder<TenantLimiterBuilder, String> {',
      '        @Override',
      '        protected TenantLimiterBuilder self() {',
      '            return this;',
      '        }',
      '    }',
      '',
      `    /** One limit of ${slots}, each tenant guaranteed its home share of it. */`,
      '    public static final Limiter<String> TENANTS = new TenantLimiterBuilder()',
      '            .named("tenants")',
      '            .partitionResolver(tenant -> tenant)',
      ...tenants.map(({ tenant, slots: home }) => `            .partition("${tenant}", ${home / slots})`),
      `            .limit(FixedLimit.of(${slots}))`,
      '            .build();',
    );
  else if (partitioned)
    lines.push(
      '    /** A limiter per tenant, fixed at its home slots. */',
      ...tenants.map(({ tenant, slots: home }) => simple(`TENANT_${tenant}`, home)),
    );
  else lines.push(`    /** One limiter of ${slots} for both tenants. */`, simple('SHARED', slots));
  lines.push(
    '',
    '    /** Runs `call` with a permit of `limiter`, or throws at once when it has none free. */',
    '    public static <T> T call(Limiter<String> limiter, String tenant, Callable<T> call) throws Exception {',
    '        Limiter.Listener listener = limiter.acquire(tenant).orElseThrow(() -> new IllegalStateException("rejected"));',
    '        try {',
    '            T result = call.call();',
    '            listener.onSuccess();',
    '            return result;',
    '        } catch (Exception e) {',
    '            listener.onIgnore();',
    '            throw e;',
    '        }',
    '    }',
    '}',
  );
  return { code: `${lines.join('\n')}\n`, verdict: verdictOf(differences), differences };
}
