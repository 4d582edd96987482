// exportConfig (docs/MODEL.md, Exporting a configuration): what each library can express of the
// lab, the verdict, and how the lab's numbers land in the code. The code itself is checked in
// test/node: cockatiel's run, the YAML parsed against each schema, the Java compiled, Polly's golden files.
import { expect } from '@open-wc/testing';
import {
  EXPORT_TARGETS,
  POLICIES,
  exportConfig,
  type ExportTarget,
  type LabConfig,
  type Verdict,
} from '../../src/sim/index.js';

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(RangeError);
    return (error as RangeError).message;
  }
  throw new Error('expected a RangeError');
};

const verdicts = (config: Partial<LabConfig>): Record<ExportTarget, Verdict> =>
  Object.fromEntries(EXPORT_TARGETS.map((t) => [t, exportConfig(config, t).verdict])) as Record<ExportTarget, Verdict>;

describe('exportConfig', () => {
  it('exports to five libraries', () => {
    expect(EXPORT_TARGETS).to.deep.equal(['resilience4j', 'polly', 'cockatiel', 'envoy', 'concurrency-limits']);
  });

  it('names the field, the value and what is allowed', () => {
    expect(messageOf(() => exportConfig({}, 'spring' as ExportTarget))).to.equal(
      'target: "spring" is not one of resilience4j, polly, cockatiel, envoy, concurrency-limits',
    );
    expect(messageOf(() => exportConfig({}, 'polly', { tickMs: 0 }))).to.equal(
      'tickMs: 0 is not an integer from 1 to 60000',
    );
    expect(messageOf(() => exportConfig({}, 'polly', { tickMs: 1.5 }))).to.equal(
      'tickMs: 1.5 is not an integer from 1 to 60000',
    );
    expect(messageOf(() => exportConfig({ slots: 0 }, 'polly'))).to.equal('slots: 0 is not an integer from 1 to 1024');
  });

  it('gives no library round-robin, and lending only to concurrency-limits, approximately', () => {
    for (const target of EXPORT_TARGETS) {
      const { verdict, code, differences } = exportConfig({ policy: 'shared-round-robin' }, target);
      expect([target, verdict]).to.deep.equal([target, 'none']);
      expect(differences[0]).to.contain('alternates between tenants');
      expect(code).to.contain('Use strict partitions instead');
    }
    expect(verdicts({ policy: 'borrowing' })).to.deep.equal({
      resilience4j: 'none',
      polly: 'none',
      cockatiel: 'none',
      envoy: 'none',
      'concurrency-limits': 'approximate',
    });
    expect(exportConfig({ policy: 'borrowing' }, 'concurrency-limits').differences[0]).to.contain('guaranteed shares');
  });

  it('is exact where the library does what the lab modelled', () => {
    // Strict partitions, no queue, no retries: every library but concurrency-limits, which has no timeouts.
    expect(verdicts({ policy: 'strict-partitions', queueCap: 0 })).to.deep.equal({
      resilience4j: 'exact',
      polly: 'exact',
      cockatiel: 'exact',
      envoy: 'exact',
      'concurrency-limits': 'approximate',
    });
    // A queue per tenant: Resilience4j bounds the wait by time; cockatiel 3.2 keeps expired calls queued.
    expect(verdicts({ policy: 'strict-partitions' })).to.include({
      resilience4j: 'approximate',
      polly: 'exact',
      cockatiel: 'approximate',
      envoy: 'exact',
    });
    // From start, no call expires in cockatiel's queue.
    expect(exportConfig({ policy: 'strict-partitions', timeoutFrom: 'start' }, 'cockatiel').verdict).to.equal('exact');
    // One pool with a queue: one queue for both tenants.
    expect(exportConfig({ policy: 'shared-fifo' }, 'polly').differences).to.deep.equal([
      "Polly keeps one queue for both tenants: its limit of 12 stands for the lab's 6 per tenant, so one tenant can fill it.",
    ]);
  });

  it('says each difference in one sentence', () => {
    for (const policy of POLICIES)
      for (const target of EXPORT_TARGETS)
        for (const timeoutFrom of ['arrival', 'start'] as const) {
          const config: Partial<LabConfig> = { policy, timeoutFrom, retries: 2, retryBudget: 20, reservedA: 0 };
          const { verdict, differences } = exportConfig(config, target);
          expect(verdict === 'exact').to.equal(differences.length === 0);
          for (const sentence of differences) expect(sentence).to.match(/^[A-Zc][^\n]*[.)]$/);
        }
  });

  it('turns ticks into durations of tickMs each', () => {
    // A's timeout 12 ticks, B's 4, a retry delay of 2 ticks: at 250 ms a tick, 3 s, 1 s and 500 ms.
    const config: Partial<LabConfig> = { policy: 'strict-partitions', retries: 1, retryDelay: 2 };
    const code = (target: ExportTarget) => exportConfig(config, target, { tickMs: 250 }).code;
    expect(code('resilience4j')).to.contain('timeoutDuration: 3000ms').and.contain('timeoutDuration: 1000ms');
    expect(code('resilience4j')).to.contain('waitDuration: 500ms');
    expect(code('polly')).to.contain('AddTimeout(TimeSpan.FromMilliseconds(3000))');
    expect(code('polly')).to.contain('Delay = TimeSpan.FromMilliseconds(500)');
    expect(code('cockatiel')).to.contain('timeout(3000, TimeoutStrategy.Aggressive)');
    expect(code('cockatiel')).to.contain('new ConstantBackoff(500)');
    expect(code('envoy')).to.contain('timeout: 3s').and.contain('base_interval: 0.5s');
    expect(code('concurrency-limits')).to.contain('// Netflix concurrency-limits: ').and.contain('one tick = 250 ms');
  });

  it('counts retries as each library does', () => {
    const code = (target: ExportTarget) => exportConfig({ retries: 3 }, target).code;
    expect(code('resilience4j')).to.contain('maxAttempts: 4'); // the first attempt too
    expect(code('polly')).to.contain('MaxRetryAttempts = 3');
    expect(code('cockatiel')).to.contain('maxAttempts: 3'); // retries after the first attempt
    expect(code('envoy')).to.contain('num_retries: 3');
    expect(exportConfig({ retries: 3 }, 'concurrency-limits').differences).to.include(
      "concurrency-limits does not retry: the lab's 3 retries need a retry around it.",
    );
    expect(code('resilience4j')).to.not.contain('retryAspectOrder');
    expect(exportConfig({}, 'resilience4j').code).to.not.contain('retry:');
  });

  it('puts the timeout around the bulkhead from arrival, inside it from start', () => {
    const from = (timeoutFrom: 'arrival' | 'start', target: ExportTarget) =>
      exportConfig({ policy: 'strict-partitions', timeoutFrom }, target).code;
    const order = (code: string, first: string, second: string) => code.indexOf(first) < code.indexOf(second);
    expect(from('arrival', 'cockatiel')).to.contain('wrap(timeout(1200, TimeoutStrategy.Aggressive), slotsA)');
    expect(from('start', 'cockatiel')).to.contain('wrap(slotsA, timeout(1200, TimeoutStrategy.Aggressive))');
    expect(order(from('arrival', 'polly'), '.AddTimeout(', '.AddConcurrencyLimiter(')).to.equal(true);
    expect(order(from('start', 'polly'), '.AddConcurrencyLimiter(', '.AddTimeout(')).to.equal(true);
    // Spring's default order puts the TimeLimiter outside; from start the orders put it inside.
    expect(from('arrival', 'resilience4j')).to.not.contain('AspectOrder');
    expect(from('start', 'resilience4j')).to.contain('bulkheadAspectOrder: 2').and.contain('timeLimiterAspectOrder: 3');
    // Envoy: the route timeout spans the wait; a per-try timeout starts when the request gets a stream.
    expect(from('arrival', 'envoy')).to.contain('timeout: 1.2s').and.not.contain('per_try_timeout');
    expect(from('start', 'envoy')).to.contain('timeout: 0s').and.contain('per_try_timeout: 1.2s');
  });

  it('exports configuration only: demand, holds and A’s fault are the experiment', () => {
    for (const target of EXPORT_TARGETS) {
      const experiment = { aPerTick: 3, bEvery: 1, aHold: 7, bHold: 5, aFault: 'fail-fast', aRecovers: 4 } as const;
      expect(exportConfig(experiment, target)).to.deep.equal(exportConfig({}, target));
    }
  });
});
