// Views derived from the records at a tick (docs/MODEL.md, States at a tick to The gate), on the
// default fixture worked out by hand.
import { expect } from '@open-wc/testing';
import {
  endedAt,
  metricsAt,
  p95,
  queuesAt,
  requestsAt,
  requiredCompletions,
  simulate,
  slotsAt,
  stateAt,
} from '../../src/sim/index.js';

// Default fixture, shared FIFO, 4 slots, stalled A with timeout 12, B hold 1 and timeout 4, queueCap 6.
// t0: A0 A1 → slots 0 1, B0 → slot 2 (completes at 1). t1: A2 A3 → slots 2 3.
// t2: A4 A5 wait. t3: A6 A7 B1 wait. t4: A8 A9 wait (6 A waiting). t5: A10 A11 rejected.
// t7: B1 times out waiting (deadline 7). t12: A0 A1 time out in service; A4 A5 take slots 0 1.
const fifo = simulate();

describe('stateAt', () => {
  it('follows a request from upcoming to its outcome', () => {
    const b1 = fifo.requests.find((r) => r.id === 'B1')!;
    expect([2, 3, 6, 7].map((t) => stateAt(b1, t))).to.deep.equal(['upcoming', 'waiting', 'waiting', 'timed-out']);
    const a0 = fifo.requests.find((r) => r.id === 'A0')!;
    expect([0, 11, 12].map((t) => stateAt(a0, t))).to.deep.equal(['running', 'running', 'timed-out']);
    const a10 = fifo.requests.find((r) => r.id === 'A10')!;
    expect(stateAt(a10, 5)).to.equal('rejected');
  });
});

describe('slotsAt and queuesAt', () => {
  it('shows the holder of every slot, in slot order', () => {
    expect(slotsAt(fifo, 0).map((s) => s.holder)).to.deep.equal(['A0', 'A1', 'B0', null]);
    expect(slotsAt(fifo, 1).map((s) => s.holder)).to.deep.equal(['A0', 'A1', 'A2', 'A3']);
    expect(slotsAt(fifo, 12).map((s) => s.holder)).to.deep.equal(['A4', 'A5', 'A2', 'A3']);
    expect(slotsAt(fifo, 0)[0]).to.deep.equal({ slot: 0, home: null, holder: 'A0', tenant: 'A', borrowed: false });
  });

  it('gives home tenants under partitions', () => {
    const strict = simulate({ policy: 'strict-partitions' });
    expect(slotsAt(strict, 0).map((s) => s.home)).to.deep.equal(['A', 'A', 'B', 'B']);
  });

  it('lists waiting ids oldest first', () => {
    expect(queuesAt(fifo, 4)).to.deep.equal({ A: ['A4', 'A5', 'A6', 'A7', 'A8', 'A9'], B: ['B1'] });
    expect(queuesAt(fifo, 12)).to.deep.equal({ A: ['A6', 'A7', 'A8', 'A9'], B: ['B3'] });
  });

  it('rejects a tick outside the window', () => {
    expect(() => slotsAt(fifo, 21)).to.throw(RangeError, 'tick: 21 is not an integer from 0 to 20');
    expect(() => metricsAt(fifo, 1.5)).to.throw(RangeError, 'tick: 1.5');
  });
});

describe('metricsAt', () => {
  it('counts every state at a tick', () => {
    const { A, B } = metricsAt(fifo, 5);
    expect(A).to.include({ offered: 12, running: 4, waiting: 6, rejected: 2, completed: 0, gate: 'pending' });
    expect(B).to.include({ offered: 2, completed: 1, waiting: 1, p95: 1, required: 2, gate: 'pending' });
  });

  it('splits timeouts into waiting and in service', () => {
    // A0–A3 expire in service at 12–13; A4–A9 then start and expire in service at 14–16;
    // the queue stays full from tick 4 to 11, so A10–A23 are all rejected.
    // B1, B2, B3 wait behind A and time out waiting at 7, 10, 13.
    const { A, B } = metricsAt(fifo, 20);
    expect(A).to.include({ offered: 24, timedOutRunning: 10, timedOutWaiting: 0, rejected: 14, completed: 0 });
    expect(A.completionRate).to.equal(0);
    expect(B).to.include({ offered: 4, completed: 1, timedOutWaiting: 3, timedOutRunning: 0, gate: 'fail' });
    expect(B.completionRate).to.equal(0.25);
  });

  it('keeps the gate pending while offers are still to come', () => {
    // At tick 1, B0 has completed and nothing of B waits or runs, but B1 arrives at tick 3.
    expect(metricsAt(fifo, 1).B).to.include({ offered: 1, completed: 1, waiting: 0, running: 0, gate: 'pending' });
    // With bEvery 12, B0 is B's only offer, so the gate decides at tick 1.
    const single = simulate({ bEvery: 12 });
    expect(metricsAt(single, 1).B).to.include({ offered: 1, completed: 1, gate: 'pass' });
  });

  it('reports no traffic rather than a rate for a silent tenant', () => {
    const { A } = metricsAt(simulate({ aPerTick: 0 }), 20);
    expect(A).to.include({ offered: 0, completionRate: null, p95: null, gate: 'no-traffic' });
  });

  it('never counts pending work as completed at the end of the window', () => {
    const run = simulate({ aTimeout: 20, horizon: 20 });
    const { A } = metricsAt(run, 20);
    expect(A.running).to.be.greaterThan(0);
    expect(A.gate).to.equal('pending');
  });
});

describe('required completions and p95', () => {
  it('computes required in integers', () => {
    expect(requiredCompletions(4, 51)).to.equal(3);
    expect(requiredCompletions(4, 50)).to.equal(2);
    expect(requiredCompletions(100, 7)).to.equal(7); // 100 × 0.07 is 7.000000000000001 in floating point
    expect(requiredCompletions(3, 0)).to.equal(0);
    expect(requiredCompletions(3, 100)).to.equal(3);
    expect(requiredCompletions(0, 90)).to.equal(0);
  });

  it('takes the nearest rank ceil(0.95 n) of sorted values', () => {
    expect(p95([])).to.equal(null);
    expect(p95([7])).to.equal(7);
    expect(p95([5, 1, 4])).to.equal(5); // rank ceil(2.85) = 3
    expect(p95(Array.from({ length: 20 }, (_, i) => 20 - i))).to.equal(19); // rank 19 of 1…20
    expect(p95(Array.from({ length: 21 }, (_, i) => i + 1))).to.equal(20); // rank ceil(19.95) = 20
    expect(p95([10, 9, 100, 2])).to.equal(100);
  });
});

describe('a caller who passes bad ticks or edits results', () => {
  const tickError = (call: () => unknown): string => {
    try {
      call();
    } catch (error) {
      expect(error).to.be.instanceOf(RangeError);
      return (error as Error).message;
    }
    throw new Error('expected a RangeError');
  };

  it('every view at a tick quotes the tick as given, with its range', () => {
    const run = simulate();
    for (const view of [metricsAt, slotsAt, queuesAt, requestsAt, endedAt]) {
      expect(tickError(() => view(run, '5' as unknown as number))).to.equal('tick: "5" is not an integer from 0 to 20');
      expect(tickError(() => view(run, Number.NaN))).to.equal('tick: NaN is not an integer from 0 to 20');
      expect(tickError(() => view(run, 21))).to.equal('tick: 21 is not an integer from 0 to 20');
    }
  });

  it('stateAt checks its tick the same way', () => {
    const a0 = simulate().requests[0]!;
    expect(tickError(() => stateAt(a0, Number.NaN))).to.equal('tick: NaN is not an integer of 0 or more');
    expect(tickError(() => stateAt(a0, -1))).to.equal('tick: -1 is not an integer of 0 or more');
    expect(tickError(() => stateAt(a0, '3' as unknown as number))).to.equal('tick: "3" is not an integer of 0 or more');
    expect(tickError(() => stateAt(a0, 2.5))).to.equal('tick: 2.5 is not an integer of 0 or more');
    expect(stateAt(a0, 0)).to.equal('running');
  });

  it('a run cannot be edited: the edit throws, and every view still reads the run as simulated', () => {
    const run = simulate();
    const before = metricsAt(run, 20);
    const edits = [
      () => ((run.requests[0] as { tenant: string }).tenant = 'C'),
      () => ((run.requests[0] as { end: number | null }).end = null),
      () => run.requests.push({ ...run.requests[0]! }),
      () => run.requests.pop(),
      () => ((run.config as { horizon: number }).horizon = 99),
      () => ((run as { requests: unknown }).requests = []),
    ];
    for (const edit of edits) expect(edit).to.throw(TypeError);
    expect(metricsAt(run, 20)).to.deep.equal(before);
    expect(Object.isFrozen(run.requests[5])).to.equal(true);
  });
});
