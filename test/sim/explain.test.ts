// `explain` and `isolation` against the records they are derived from.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  DEFAULT_CONFIG,
  explain,
  isolation,
  metricsAt,
  presets,
  queuesAt,
  simulate,
  slotsAt,
  stateAt,
  type LabConfig,
  type LabRun,
  type Tenant,
} from '../../src/sim/index.js';
import { configs } from './arbitraries.js';

const RUNS = { numRuns: 500 };
const other = (tenant: Tenant): Tenant => (tenant === 'A' ? 'B' : 'A');

/** The slots `tenant` may use at `tick`, from the policy's wording and `queuesAt` alone. */
function usableByRule(run: LabRun, tenant: Tenant, tick: number): number[] {
  const { policy, slots, reservedA } = run.config;
  const all = Array.from({ length: slots }, (_, slot) => slot);
  const home = all.filter((slot) => (tenant === 'A' ? slot < reservedA : slot >= reservedA));
  if (policy === 'shared-fifo' || policy === 'shared-round-robin') return all;
  if (policy === 'strict-partitions') return home;
  return queuesAt(run, tick)[other(tenant)].length === 0 ? all : home;
}

describe('explain', () => {
  const stalled = (changes: Partial<LabConfig> = {}) =>
    simulate({ ...presets['stalled-dependency'].config, ...changes });

  it('tells B1 under the shared FIFO pool: queued behind four stalled A calls, timed out waiting at tick 7', () => {
    const account = explain(stalled(), 'B1');
    expect(account.request.arrival).to.equal(3);
    expect(account.admission).to.equal('queued');
    expect(account.ending).to.equal('timed-out-waiting');
    expect(account.endTick).to.equal(7);
    expect(account.blocked.map((b) => b.tick)).to.deep.equal([3, 4, 5, 6]);
    for (const b of account.blocked) {
      expect(b.usable).to.deep.equal([0, 1, 2, 3]);
      expect(b.holders.map((h) => h.id)).to.deep.equal(['A0', 'A1', 'A2', 'A3']);
      expect(b.holders.every((h) => h.tenant === 'A' && h.stalled && !h.borrowed)).to.equal(true);
    }
    expect(account.keptOutBy).to.equal('other');
  });

  it('tells B0 it was handed a slot at once and completed', () => {
    const account = explain(stalled(), 'B0');
    expect(account).to.include({ admission: 'handoff', ending: 'completed', endTick: 1, keptOutBy: null });
    expect(account.blocked).to.deep.equal([]);
  });

  it('under strict partitions, counts only B’s home slots, which no A call can hold', () => {
    const run = stalled({ policy: 'strict-partitions' });
    for (const r of run.requests.filter((r) => r.tenant === 'B')) {
      const account = explain(run, r.id);
      for (const b of account.blocked) expect(b.usable).to.deep.equal([2, 3]);
      expect(account.keptOutBy).to.not.equal('other');
    }
  });

  it('names a rejected request’s arrival tick and the calls that filled its usable slots', () => {
    const run = stalled({ queueCap: 0 });
    const rejected = run.requests.find((r) => r.tenant === 'B' && r.outcome === 'rejected')!;
    const account = explain(run, rejected.id);
    expect(account.admission).to.equal('rejected');
    expect(account.blocked.map((b) => b.tick)).to.deep.equal([rejected.arrival]);
    expect(account.keptOutBy).to.equal('other');
  });

  it('throws a RangeError naming an id the run does not have', () => {
    const run = simulate(DEFAULT_CONFIG);
    for (const id of ['B99', 'C1', '', 'A-1', '__proto__']) {
      expect(() => explain(run, id)).to.throw(RangeError, /^id: ".*" is not a request of this run$/);
    }
  });

  it('agrees with the records for every request of random runs (fast-check)', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate(config);
        for (const r of run.requests) {
          const account = explain(run, r.id);
          expect(account.request).to.equal(r);
          // The end: the record's outcome and tick.
          expect(account.endTick).to.equal(r.end);
          const ending =
            r.outcome === 'timed-out' ? (r.start === null ? 'timed-out-waiting' : 'timed-out-running') : r.outcome;
          expect(account.ending).to.equal(ending);
          // The waiting interval: exactly the ticks it was waiting (a rejection: its arrival tick).
          const waiting = Array.from({ length: config.horizon + 1 }, (_, t) => t).filter(
            (t) => stateAt(r, t) === 'waiting',
          );
          expect(account.blocked.map((b) => b.tick)).to.deep.equal(r.outcome === 'rejected' ? [r.arrival] : waiting);
          expect(account.admission).to.equal(
            r.outcome === 'rejected' ? 'rejected' : waiting.length === 0 ? 'handoff' : 'queued',
          );
          for (const b of account.blocked) {
            expect(b.usable).to.deep.equal(usableByRule(run, r.tenant, b.tick));
            // Each holder named held that slot at that tick, and every held usable slot is named.
            const slots = slotsAt(run, b.tick);
            for (const h of b.holders) {
              const view = slots[h.slot]!;
              expect(view.holder).to.equal(h.id);
              expect(view.tenant).to.equal(h.tenant);
              expect(view.borrowed).to.equal(h.borrowed);
              expect(h.stalled).to.equal(h.tenant === 'A' && config.aFault === 'stall');
            }
            const held = b.usable.filter((slot) => slots[slot]!.holder !== null);
            expect(b.holders.map((h) => h.slot)).to.deep.equal(held);
          }
        }
      }),
      RUNS,
    );
  });
});

describe('isolation', () => {
  it('makes "strict partitions protect B from A" a number on the stalled-dependency preset', () => {
    const base = presets['stalled-dependency'].config;
    const B = (policy: LabConfig['policy']) => isolation(simulate({ ...base, policy })).B;
    expect(B('shared-fifo').keptOutByOther).to.equal(3);
    expect(B('strict-partitions')).to.deep.equal({
      keptOutByOther: 0,
      noSlots: 0,
      keptOutByOwn: 0,
      ownCallFailed: 0,
      unresolved: 0,
    });
  });

  it('gives a tenant without slots under strict partitions a cause of its own', () => {
    const config = { ...presets['stalled-dependency'].config, policy: 'strict-partitions' as const, reservedA: 0 };
    const run = simulate(config);
    const { A } = isolation(run);
    expect(A.noSlots).to.be.greaterThan(0);
    expect(A.noSlots).to.equal(metricsAt(run, config.horizon).A.offered);
    expect(A.keptOutByOwn + A.keptOutByOther).to.equal(0);
    expect(explain(run, 'A0').keptOutBy).to.equal('no-slots');
    // Borrowing lends A idle B slots, so A is not without slots there.
    expect(isolation(simulate({ ...config, policy: 'borrowing' })).A.noSlots).to.equal(0);
  });

  it('counts each unfinished request once, as its explanation says (fast-check)', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate(config);
        const reading = isolation(run);
        for (const tenant of ['A', 'B'] as const) {
          const accounts = run.requests.filter((r) => r.tenant === tenant).map((r) => explain(run, r.id));
          const count = (test: (a: (typeof accounts)[number]) => boolean) => accounts.filter(test).length;
          expect(reading[tenant]).to.deep.equal({
            keptOutByOther: count((a) => a.keptOutBy === 'other'),
            noSlots: count((a) => a.keptOutBy === 'no-slots'),
            keptOutByOwn: count((a) => a.keptOutBy === 'own'),
            ownCallFailed: count((a) => a.ending === 'failed' || a.ending === 'timed-out-running'),
            unresolved: count((a) => a.ending === 'pending'),
          });
        }
      }),
      RUNS,
    );
  });
});
