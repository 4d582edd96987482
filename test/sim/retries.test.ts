// Retries and recovery (docs/MODEL.md, Retries and recovery): invariants over thousands of random
// configs that retry, checked against the naive engine and against the rules read off the records.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  explain,
  isolation,
  metricsAt,
  queuesAt,
  recovery,
  requestsAt,
  retrySettings,
  simulate,
  slotsAt,
  stateAt,
  type LabConfig,
  type LabRun,
  type RequestRecord,
  type Tenant,
} from '../../src/sim/index.js';
import { configs, retryConfigs } from './arbitraries.js';
import { deadlineOf, holdOf, naiveSimulate } from './naive-engine.js';

const RUNS = { numRuns: 1000 };
const TENANTS = ['A', 'B'] as const;
const ticks = (run: LabRun) => Array.from({ length: run.config.horizon + 1 }, (_, t) => t);
const ENDED_UNDONE = ['failed', 'timed-out', 'rejected'];

/** The attempts of each request, by request id, first to last (records are in offer order). */
function byRequest(run: LabRun): Map<string, RequestRecord[]> {
  const requests = new Map<string, RequestRecord[]>();
  for (const r of run.requests) {
    if (!requests.has(r.request)) requests.set(r.request, []);
    requests.get(r.request)!.push(r);
  }
  return requests;
}

/** The retries `tenant` sent before a retry offered at `tick` for the request offered `order`th. */
function retriesBefore(run: LabRun, tenant: Tenant, tick: number, order: number): number {
  const orderOf = (id: string) => run.requests.findIndex((r) => r.id === id);
  return run.requests.filter(
    (r) =>
      r.tenant === tenant && r.attempt > 0 && (r.arrival < tick || (r.arrival === tick && orderOf(r.request) < order)),
  ).length;
}

const firstAttemptsBy = (run: LabRun, tenant: Tenant, tick: number) =>
  run.requests.filter((r) => r.tenant === tenant && r.attempt === 0 && r.arrival <= tick).length;

describe('retries and recovery (fast-check, 1,000 configs each)', () => {
  it('agrees record for record with the naive transcription of docs/MODEL.md, every time, at any target', () => {
    fc.assert(
      fc.property(retryConfigs, fc.integer({ min: 0, max: 100 }), (config, target) => {
        const run = simulate(config);
        expect(run.requests).to.deep.equal(naiveSimulate(config));
        expect(simulate(config)).to.deep.equal(run);
        expect(simulate({ ...config, target }).requests).to.deep.equal(run.requests);
      }),
      RUNS,
    );
  });

  it('gives every attempt exactly one consistent outcome, healthy from the tick A recovers, at home under strict partitions', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const { aRecovers } = retrySettings(config);
        for (const r of simulate(config).requests) {
          expect(r.deadline).to.equal(deadlineOf(config, r));
          if (r.outcome === 'completed') {
            expect(r.end).to.equal(r.start! + holdOf(config, r));
            expect(r.latency).to.equal(r.end! - r.arrival);
          }
          if (r.outcome === 'failed') {
            expect([r.tenant, config.aFault, r.end]).to.deep.equal(['A', 'fail-fast', r.start]);
            expect(aRecovers === null || r.start! < aRecovers).to.equal(true);
          }
          if (r.outcome === 'timed-out') expect(r.end).to.equal(r.deadline);
          if (r.outcome === 'rejected') expect([r.start, r.end]).to.deep.equal([null, r.arrival]);
          // Strict partitions: an attempt only ever runs in its tenant's home slots.
          if (config.policy === 'strict-partitions' && r.slot !== null)
            expect([r.borrowed, r.slot < config.reservedA ? 'A' : 'B']).to.deep.equal([false, r.tenant]);
          // An A call that starts once A has recovered holds its slot for aHold, like a healthy one.
          if (r.tenant === 'A' && r.start !== null && aRecovers !== null && r.start >= aRecovers) {
            expect(r.outcome).to.not.equal('failed');
            if (r.end !== null) expect(r.end).to.equal(Math.min(r.start + config.aHold, r.deadline!));
          }
        }
      }),
      RUNS,
    );
  });

  it('names attempts A3, A3.1, A3.2, retries only what did not complete, retryDelay after it ended, at most 1 + retries', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const { retries, retryDelay } = retrySettings(config);
        const run = simulate(config);
        for (const [request, attempts] of byRequest(run)) {
          expect(attempts.length).to.be.at.most(1 + retries);
          attempts.forEach((a, k) => {
            expect([a.attempt, a.id, a.request]).to.deep.equal([k, k === 0 ? request : `${request}.${k}`, request]);
            expect(a.tenant).to.equal(attempts[0]!.tenant);
            expect(a.arrival).to.be.at.most(config.horizon);
            if (k > 0) {
              const before = attempts[k - 1]!;
              expect(ENDED_UNDONE).to.include(before.outcome);
              expect(a.arrival).to.equal(before.end! + retryDelay);
            }
          });
          // The last attempt: either nothing was due, or the budget refused what was.
          const last = attempts[attempts.length - 1]!;
          const due =
            ENDED_UNDONE.includes(last.outcome) && last.attempt < retries && last.end! + retryDelay <= config.horizon;
          if (due) {
            const tick = last.end! + retryDelay;
            const order = run.requests.indexOf(attempts[0]!);
            const sent = retriesBefore(run, last.tenant, tick, order);
            expect(config.retryBudget, `${last.id}: a due retry was not sent`).to.be.a('number');
            expect(100 * (sent + 1)).to.be.greaterThan(config.retryBudget! * firstAttemptsBy(run, last.tenant, tick));
          }
        }
      }),
      RUNS,
    );
  });

  it('never sends a retry beyond its tenant’s budget, and offers retries after the new requests of their tick', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const run = simulate(config);
        run.requests.forEach((r, i) => {
          const previous = run.requests[i - 1];
          // Offer order: by tick; in a tick, new requests before retries, retries by their request's order.
          if (previous?.arrival === r.arrival && previous.attempt > 0) {
            expect(r.attempt).to.be.greaterThan(0);
            const order = (x: RequestRecord) => run.requests.findIndex((y) => y.id === x.request);
            expect(order(r)).to.be.greaterThan(order(previous));
          }
          if (r.attempt === 0 || config.retryBudget === null || config.retryBudget === undefined) return;
          const sentBefore = run.requests.slice(0, i).filter((x) => x.tenant === r.tenant && x.attempt > 0).length;
          expect(100 * (sentBefore + 1)).to.be.at.most(config.retryBudget * firstAttemptsBy(run, r.tenant, r.arrival));
        });
      }),
      RUNS,
    );
  });

  it('conserves requests and attempts at every tick, with retrying requests counted once', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const run = simulate(config);
        const attempts = byRequest(run);
        for (const t of ticks(run)) {
          const metrics = metricsAt(run, t);
          const views = requestsAt(run, t);
          for (const tenant of TENANTS) {
            const m = metrics[tenant];
            let offered = 0;
            for (let k = 0; k <= Math.min(t, config.lastArrival); k++)
              offered += tenant === 'A' ? config.aPerTick : k % config.bEvery === 0 ? 1 : 0;
            expect(m.offered).to.equal(offered);
            expect(
              m.completed +
                m.failed +
                m.timedOutWaiting +
                m.timedOutRunning +
                m.rejected +
                m.waiting +
                m.running +
                m.retrying,
            ).to.equal(offered);
            const sent = run.requests.filter((r) => r.tenant === tenant && r.arrival <= t);
            expect(m.attempts).to.equal(sent.length);
            expect(m.retries).to.equal(sent.filter((r) => r.attempt > 0).length);
            expect(m.amplification).to.equal(offered === 0 ? null : sent.length / offered);
            expect(m.completionRate).to.equal(offered === 0 ? null : m.completed / offered);
            if (m.retrying > 0) expect(m.gate).to.equal('pending');
          }
          // Each request, read off its attempts: the latest offered by t, and retrying between attempts.
          for (const view of views) {
            const mine = attempts.get(view.id)!;
            const offeredSoFar = mine.filter((a) => a.arrival <= t);
            const latest = offeredSoFar[offeredSoFar.length - 1]!;
            const next = mine[offeredSoFar.length];
            expect(view.latest).to.equal(latest);
            expect(view.arrival).to.equal(mine[0]!.arrival);
            const ended = latest.end !== null && t >= latest.end;
            expect(view.state).to.equal(next && ended ? 'retrying' : stateAt(latest, t));
            expect(view.latency).to.equal(view.state === 'completed' ? latest.end! - mine[0]!.arrival : null);
          }
          // Per attempt: every slot holds at most one running attempt, queues stay within their caps.
          const running = run.requests.filter((r) => stateAt(r, t) === 'running');
          expect(new Set(running.map((r) => r.slot)).size).to.equal(running.length);
          expect(slotsAt(run, t).filter((s) => s.holder !== null).length).to.equal(running.length);
          const queues = queuesAt(run, t);
          expect(Math.max(queues.A.length, queues.B.length)).to.be.at.most(config.queueCap);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('takes the p95 over completed requests, from each request’s first arrival', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const run = simulate(config);
        const { horizon } = config;
        for (const tenant of TENANTS) {
          const latencies = [...byRequest(run).values()]
            .filter((attempts) => attempts[0]!.tenant === tenant)
            .flatMap((attempts) => {
              const done = attempts.find((a) => a.outcome === 'completed');
              return done ? [done.end! - attempts[0]!.arrival] : [];
            })
            .sort((a, b) => a - b);
          const rank = Math.ceil(0.95 * latencies.length - 1e-9);
          expect(metricsAt(run, horizon)[tenant].p95).to.equal(latencies.length ? latencies[rank - 1] : null);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads recovery as the first tick from which every new request completes', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const run = simulate(config);
        const requests = [...byRequest(run).values()];
        const reading = recovery(run);
        for (const tenant of TENANTS) {
          const mine = requests.filter((attempts) => attempts[0]!.tenant === tenant);
          const completes = (attempts: RequestRecord[]) => attempts.some((a) => a.outcome === 'completed');
          // Brute force: try every arrival tick, earliest first.
          const arrivals = [...new Set(mine.map((attempts) => attempts[0]!.arrival))];
          const from = arrivals.find((tick) => mine.every((a) => a[0]!.arrival < tick || completes(a)));
          expect(reading[tenant], tenant).to.equal(from ?? null);
        }
      }),
      RUNS,
    );
  });

  it('with retries 0 and A never recovering, gives exactly the records, metrics and readings of a config without them', () => {
    const quiet = fc.record({
      retryDelay: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      retryBudget: fc.option(fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }), { nil: undefined }),
      aRecovers: fc.constantFrom(null, undefined),
    });
    fc.assert(
      fc.property(configs, quiet, (config, extra) => {
        const plain = simulate(config);
        const settled: Partial<LabConfig> = { ...config, retries: 0 };
        for (const [field, value] of Object.entries(extra))
          if (value !== undefined) (settled as Record<string, unknown>)[field] = value;
        const run = simulate(settled);
        expect(run.requests).to.deep.equal(plain.requests);
        for (const r of run.requests) expect([r.attempt, r.request]).to.deep.equal([0, r.id]);
        for (const t of ticks(run)) {
          expect(metricsAt(run, t)).to.deep.equal(metricsAt(plain, t));
          expect(requestsAt(run, t)).to.deep.equal(requestsAt(plain, t));
        }
        expect(isolation(run)).to.deep.equal(isolation(plain));
        expect(recovery(run)).to.deep.equal(recovery(plain));
        for (const r of run.requests) expect(explain(run, r.id)).to.deep.equal(explain(plain, r.id));
      }),
      { numRuns: 300 },
    );
  });
});
