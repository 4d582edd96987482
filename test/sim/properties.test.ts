// Invariants of the engine over thousands of random valid configs (fast-check prints the seed and
// the shrunk counterexample of any failure; rerun it with `{ seed, path }` in the parameters).
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { metricsAt, queuesAt, simulate, slotsAt, stateAt, type LabRun } from '../../src/sim/index.js';
import { configs } from './arbitraries.js';
import { deadlineOf, holdOf, naiveSimulate } from './naive-engine.js';

const RUNS = { numRuns: 1000 };

const ticks = (run: LabRun) => Array.from({ length: run.config.horizon + 1 }, (_, t) => t);

describe('engine invariants (fast-check, 1,000 configs each)', () => {
  it('agrees record for record with the naive transcription of docs/MODEL.md', () => {
    fc.assert(
      fc.property(configs, (config) => {
        expect(simulate(config).requests).to.deep.equal(naiveSimulate(config));
      }),
      RUNS,
    );
  });

  it('gives every request exactly one consistent outcome', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate(config);
        for (const r of run.requests) {
          expect(r.deadline).to.equal(deadlineOf(config, r));
          switch (r.outcome) {
            case 'completed':
              expect(r.end).to.equal(r.start! + holdOf(config, r));
              expect(r.end).to.be.at.most(r.deadline!);
              expect(r.latency).to.equal(r.end! - r.arrival);
              break;
            case 'failed':
              expect([r.tenant, config.aFault, r.end, r.latency]).to.deep.equal([
                'A',
                'fail-fast',
                r.start,
                r.start! - r.arrival,
              ]);
              break;
            case 'timed-out':
              expect([r.end, r.latency]).to.deep.equal([r.deadline, null]);
              // A call with no deadline while it waits never times out waiting.
              if (config.timeoutFrom === 'start') expect(r.start).to.not.equal(null);
              break;
            case 'rejected':
              expect([r.start, r.slot, r.end, r.latency]).to.deep.equal([null, null, r.arrival, null]);
              break;
            case 'pending':
              expect([r.end, r.latency]).to.deep.equal([null, null]);
              break;
            default:
              throw new Error(`unknown outcome ${String(r.outcome)}`);
          }
          expect(r.end === null || r.end <= config.horizon).to.equal(true);
        }
      }),
      RUNS,
    );
  });

  it('conserves requests at every tick: offered = completed + failed + timed out + rejected + waiting + running', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate(config);
        for (const t of ticks(run)) {
          const metrics = metricsAt(run, t);
          for (const tenant of ['A', 'B'] as const) {
            const m = metrics[tenant];
            // offered counted from the workload rule, independently of the records
            let offered = 0;
            for (let k = 0; k <= Math.min(t, config.lastArrival); k++) {
              offered += tenant === 'A' ? config.aPerTick : k % config.bEvery === 0 ? 1 : 0;
            }
            expect(m.offered).to.equal(offered);
            expect(
              m.completed + m.failed + m.timedOutWaiting + m.timedOutRunning + m.rejected + m.waiting + m.running,
            ).to.equal(offered);
          }
        }
      }),
      RUNS,
    );
  });

  it('never runs more calls than slots, nor two calls in one slot', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate(config);
        for (const t of ticks(run)) {
          const running = run.requests.filter((r) => stateAt(r, t) === 'running');
          const used = running.map((r) => r.slot!);
          expect(used.every((s) => s >= 0 && s < config.slots)).to.equal(true);
          expect(new Set(used).size).to.equal(used.length);
          expect(slotsAt(run, t).filter((s) => s.holder !== null).length).to.equal(running.length);
        }
      }),
      RUNS,
    );
  });

  it('never lets more than queueCap requests of a tenant wait', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate(config);
        for (const t of ticks(run)) {
          const queues = queuesAt(run, t);
          expect(queues.A.length).to.be.at.most(config.queueCap);
          expect(queues.B.length).to.be.at.most(config.queueCap);
        }
      }),
      RUNS,
    );
  });

  it('never runs foreign work under strict partitions', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const strict = { ...config, policy: 'strict-partitions' as const };
        for (const r of simulate(strict).requests) {
          if (r.slot === null) continue;
          expect(r.borrowed).to.equal(false);
          expect(r.slot < strict.reservedA ? 'A' : 'B').to.equal(r.tenant);
        }
      }),
      RUNS,
    );
  });

  it('never interrupts a borrowed call before it completes or expires', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate({ ...config, policy: 'borrowing' });
        for (const r of run.requests.filter((x) => x.borrowed)) {
          const planned = Math.min(r.start! + holdOf(config, r), r.deadline!);
          if (r.outcome === 'pending') expect(planned).to.be.greaterThan(config.horizon);
          else expect(r.end).to.equal(r.outcome === 'failed' ? r.start : planned);
          // it holds its slot at every tick in between
          for (let t = r.start!; t < (r.end ?? config.horizon + 1); t++) {
            expect(slotsAt(run, t)[r.slot!]!.holder).to.equal(r.id);
          }
        }
      }),
      RUNS,
    );
  });

  it('is deterministic, and the target never changes the records', () => {
    fc.assert(
      fc.property(configs, fc.integer({ min: 0, max: 100 }), (config, target) => {
        const first = simulate(config);
        expect(simulate(config)).to.deep.equal(first);
        expect(simulate({ ...config, target }).requests).to.deep.equal(first.requests);
      }),
      RUNS,
    );
  });
});
