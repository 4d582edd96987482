// The sentence that says why a request ended as it did, for every way a request can end.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { explainText } from '../../src/elements/explain-text.js';
import { explain, presets, simulate, type Ending, type LabConfig } from '../../src/sim/index.js';
import { configs, retryConfigs } from '../sim/arbitraries.js';

/** The sentence for request `id` on the stalled-dependency preset with `changes`. */
function sentence(id: string, changes: Partial<LabConfig> = {}) {
  const run = simulate({ ...presets['stalled-dependency'].config, ...changes });
  return explainText(explain(run, id), run.config);
}

/** What every sentence says of each ending. */
const ENDING_WORDS: Record<Ending, RegExp> = {
  completed: /, and completed at tick \d+\.$/,
  failed: /, and failed fast at tick \d+\.$/,
  'timed-out-waiting': /, and timed out waiting at tick \d+\.$/,
  'timed-out-running': /, and timed out in service at tick \d+\.$/,
  rejected: /^\S+ arrived at tick \d+ and was rejected, as [AB]'s queue was at its cap of \d+, with /,
  pending: /, and was still (waiting|running) at the horizon\.$/,
};

describe('explainText', () => {
  it('names retries one by one in request order, never as a range', () => {
    const run = simulate({ ...presets['retry-storm'].config, slots: 4, aPerTick: 1, retries: 1 });
    expect(explainText(explain(run, 'B11.1'), run.config)).to.contain(
      'found all 4 slots it could use held by B call B10.1 and A calls A8.1, A9.1, and A10.1,',
    );
    const twice = simulate({ ...presets['retry-storm'].config, slots: 4, aPerTick: 1, retries: 2 });
    // Only the calls that held the slots when B9.1 was offered, at tick 12: four for four slots, not
    // also those that took them over its wait.
    expect(explainText(explain(twice, 'B9.1'), twice.config)).to.contain(
      'found all 4 slots it could use held by A calls A2.2, A6.1, A10, and A11, and timed out waiting at tick 14.',
    );
  });

  it('names the holders of the tick a retry was offered, five for five slots, and a comma before its end', () => {
    const run = simulate(presets['retry-storm'].config);
    expect(explainText(explain(run, 'B5.2'), run.config)).to.contain(
      'B5.2, a retry of B5 offered at tick 11 after B5.1 timed out in service at tick 10, found all 5 slots it could ' +
        'use held by B call B10 and A calls A1.2, A2.2, A9, and A10, and timed out waiting at tick 13.',
    );
  });

  it('tells B1 under the shared FIFO pool: four stalled A calls held every slot until it timed out', () => {
    expect(sentence('B1')).to.equal(
      'B1 arrived at tick 3, found all 4 slots it could use held by stalled A calls A0–A3, which keep their slots ' +
        'until their timeouts, and timed out waiting at tick 7.',
    );
  });

  it('tells a direct handoff and each way a call in a slot can end', () => {
    expect(sentence('B0')).to.equal('B0 arrived at tick 0, was handed slot 2 at once, and completed at tick 1.');
    // Stalled: A0 holds slot 0 until its deadline, 0 + 12.
    expect(sentence('A0')).to.equal(
      'A0 arrived at tick 0, was handed slot 0 at once, and timed out in service at tick 12.',
    );
    // Healthy but slow: a hold of 12 outlives a timeout of 5.
    expect(sentence('A0', { aFault: 'none', aHold: 12, aTimeout: 5 })).to.equal(
      'A0 arrived at tick 0, was handed slot 0 at once, and timed out in service at tick 5.',
    );
    expect(sentence('A0', { aFault: 'fail-fast' })).to.equal(
      'A0 arrived at tick 0, was handed slot 0 at once, and failed fast at tick 0.',
    );
    // A window of 5 ticks closes while the stalled A0 still holds its slot.
    expect(sentence('A0', { horizon: 5, lastArrival: 5 })).to.equal(
      'A0 arrived at tick 0, was handed slot 0 at once, and was still running at the horizon.',
    );
  });

  it('tells a wait: how long, who held the slots, where it started and how it ended', () => {
    // Healthy A (hold 2): A4–A7 fill the pool at ticks 2 and 3; A4 completes at 4 and B1 takes slot 0.
    expect(sentence('B1', { aFault: 'none' })).to.equal(
      'B1 arrived at tick 3, found all 4 slots it could use held by A calls A4–A7, waited 1 tick, ' +
        'started in slot 0 at tick 4, and completed at tick 5.',
    );
    expect(sentence('A4', { horizon: 5, lastArrival: 5 })).to.equal(
      'A4 arrived at tick 2, found all 4 slots it could use held by stalled A calls A0–A3, which keep their slots ' +
        'until their timeouts, and was still waiting at the horizon.',
    );
    // Round-robin gives slot 0 to B3 at tick 12, so A5 waits behind both tenants; what it found at
    // tick 2 were the four stalled calls.
    expect(sentence('A5', { policy: 'shared-round-robin' })).to.equal(
      'A5 arrived at tick 2, found all 4 slots it could use held by stalled A calls A0–A3, ' +
        'which keep their slots until their timeouts, waited 11 ticks, started in slot 0 at tick 13, and timed out ' +
        'in service at tick 14.',
    );
  });

  it('tells a wait with no deadline, and when a timeout from start set it', () => {
    // Timeouts from start, shared FIFO: B1 waits from tick 3 to the horizon behind stalled A calls
    // (A0–A3 until ticks 12 and 13, then A4–A7), with no deadline, so it never times out.
    expect(sentence('B1', { timeoutFrom: 'start' })).to.equal(
      'B1 arrived at tick 3, found all 4 slots it could use held by stalled A calls A0–A3, which keep their slots ' +
        'until their timeouts, waited 18 ticks with no deadline: its timeout starts when it starts, ' +
        'and was still waiting at the horizon.',
    );
    // A4 waits from tick 2 until A0 times out at 12; starting then sets its deadline to 12 + 12.
    expect(sentence('A4', { timeoutFrom: 'start' })).to.equal(
      'A4 arrived at tick 2, found all 4 slots it could use held by stalled A calls A0–A3, which keep their slots ' +
        'until their timeouts, waited 10 ticks with no deadline: its timeout starts when it starts, ' +
        'started in slot 0 at tick 12, which set its deadline to tick 24, and was still running at the horizon.',
    );
    // A call handed a slot at once has its deadline from then on either way: nothing more to say.
    expect(sentence('B0', { timeoutFrom: 'start' })).to.equal(sentence('B0'));
  });

  it('tells a rejection: the queue at its cap and who held the slots', () => {
    expect(sentence('B1', { queueCap: 0 })).to.equal(
      "B1 arrived at tick 3 and was rejected, as B's queue was at its cap of 0, with all 4 slots it could use " +
        'held by stalled A calls A0–A3, which keep their slots until their timeouts.',
    );
  });

  it('names home slots under strict partitions and the slots it could use under borrowing', () => {
    expect(sentence('A2', { policy: 'strict-partitions' })).to.contain(
      'found its 2 home slots held by stalled A calls A0 and A1, which keep their slots until their timeouts, waited 11 ticks',
    );
    expect(sentence('A1', { policy: 'strict-partitions', reservedA: 1 })).to.contain(
      'found its one home slot held by stalled A call A0, which keeps its slot until its timeout,',
    );
    expect(sentence('A0', { policy: 'strict-partitions', reservedA: 0 })).to.equal(
      'A0 arrived at tick 0, found no slot of its own under Strict tenant partitions, and timed out waiting at tick 12.',
    );
    expect(sentence('B1', { policy: 'borrowing' })).to.contain(
      'found the slots it could use held by stalled A calls A2 and A3 (borrowed), which keep their slots',
    );
    // At tick 4 A8 may use only A's home slots: B's are lent already, to A2 and A3.
    expect(sentence('A8', { policy: 'borrowing' })).to.contain(
      'found the slots it could use held by stalled A calls A0 and A1, which keep their slots',
    );
    expect(sentence('B0', { slots: 1, reservedA: 0 })).to.contain(
      'found the one slot it could use held by stalled A call A0, which keeps its slot until its timeout,',
    );
  });

  it('never throws, and always names the request and its ending (fast-check)', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulate(config);
        for (const r of run.requests) {
          const account = explain(run, r.id);
          const text = explainText(account, run.config);
          expect(text.startsWith(`${r.id} arrived at tick ${r.arrival}`), text).to.equal(true);
          expect(text, `${r.id}: ${account.ending}`).to.match(ENDING_WORDS[account.ending]);
          expect(text).to.not.match(/undefined|null|NaN| {2}/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('says only numbers the model gives: every tick, slot, wait, cap and holder (fast-check)', () => {
    const numbers = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => Number(m[1]));
    fc.assert(
      fc.property(fc.oneof(configs, retryConfigs), (config) => {
        const run = simulate(config);
        for (const r of run.requests) {
          const account = explain(run, r.id);
          const text = explainText(account, run.config);
          const where = `${r.id}: ${text}`;
          const waitEnd = r.start ?? config.horizon + 1;
          for (const n of numbers(text, /waited (\d+) ticks?/g)) expect(n, where).to.equal(waitEnd - r.arrival);
          for (const n of numbers(text, /set its deadline to tick (\d+)/g)) expect(n, where).to.equal(r.deadline);
          expect(text.includes('with no deadline'), where).to.equal(
            config.timeoutFrom === 'start' && waitEnd > r.arrival && r.outcome !== 'rejected',
          );
          for (const m of text.matchAll(
            /(?:started in|was handed) slot (\d+)(?: \(borrowed\))?(?: at tick (\d+)| at once)/g,
          )) {
            expect(Number(m[1]), where).to.equal(r.slot);
            expect(m[2] === undefined ? r.arrival : Number(m[2]), where).to.equal(r.start);
          }
          for (const n of numbers(
            text,
            /(?:completed|failed fast|timed out waiting|timed out in service) at tick (\d+)\.$/g,
          ))
            expect(n, where).to.equal(r.end);
          for (const n of numbers(text, /all (\d+) slots it could use/g)) expect(n, where).to.equal(config.slots);
          const home = r.tenant === 'A' ? config.reservedA : config.slots - config.reservedA;
          for (const n of numbers(text, /its (\d+) home slots/g)) expect(n, where).to.equal(home);
          if (text.includes('its one home slot')) expect(home, where).to.equal(1);
          for (const n of numbers(text, /cap of (\d+)/g)) expect(n, where).to.equal(config.queueCap);
          // Every id named as a holder (ranges spelled out) held a slot the request could use when it
          // was offered: no more of them than there are such slots.
          const first = account.blocked[0];
          const clause =
            /held by (.+?)(?:, which keeps? |, waited |, started |, and (?:was|timed|completed|failed) |\.(?: |$))/.exec(
              text,
            )?.[1] ?? '';
          const named = [...clause.matchAll(/\b([AB])(\d+)(\.\d+)?(?:–[AB]?(\d+))?/g)].flatMap(
            ([, tenant, from, retry, to]) =>
              retry
                ? [`${tenant}${from}${retry}`]
                : Array.from(
                    { length: Number(to ?? from) - Number(from) + 1 },
                    (_, i) => `${tenant}${Number(from) + i}`,
                  ),
          );
          const held = new Set(first?.holders.map((h) => h.id));
          for (const id of named) expect(held.has(id), `${where} names ${id}`).to.equal(true);
          expect(new Set(named).size, where).to.be.at.most(first?.usable.length ?? 0);
          if (first?.holders[0]) expect(new Set(named).size, where).to.equal(held.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});
