// Every rule of docs/MODEL.md, Workload to Direct handoff, on a case small enough to work out by hand
// (the comments do).
import { expect } from '@open-wc/testing';
import { simulate, stateAt, type LabConfig, type LabRun, type RequestRecord } from '../../src/sim/index.js';

const byId = (run: LabRun, id: string): RequestRecord => {
  const record = run.requests.find((r) => r.id === id);
  if (!record) throw new Error(`no request ${id}`);
  return record;
};

/** A quiet base: nothing offered unless a test says so, generous timeouts and queues. */
const quiet: Partial<LabConfig> = {
  aPerTick: 0,
  bEvery: 1,
  aFault: 'none',
  aHold: 1,
  bHold: 1,
  aTimeout: 10,
  bTimeout: 10,
  queueCap: 6,
  horizon: 20,
  lastArrival: 0,
};

describe('workload (docs/MODEL.md, Workload)', () => {
  it('offers A requests before the B request of a tick, and names them per tenant', () => {
    // aPerTick 2, bEvery 2, lastArrival 2: tick 0 → A0 A1 B0; tick 1 → A2 A3; tick 2 → A4 A5 B1.
    const run = simulate({ ...quiet, aPerTick: 2, bEvery: 2, lastArrival: 2 });
    expect(run.requests.map((r) => `${r.id}@${r.arrival}`)).to.deep.equal([
      'A0@0',
      'A1@0',
      'B0@0',
      'A2@1',
      'A3@1',
      'A4@2',
      'A5@2',
      'B1@2',
    ]);
  });

  it("serves A's offer first when both arrive in one tick", () => {
    // One slot, tick 0: A0 takes the free slot by direct handoff; B0 then finds it taken and waits.
    const run = simulate({ ...quiet, slots: 1, reservedA: 0, aPerTick: 1 });
    expect(byId(run, 'A0').start).to.equal(0);
    expect(byId(run, 'B0').start).to.equal(1);
  });
});

describe('one tick (docs/MODEL.md, One tick, in order)', () => {
  it('lets a completion exactly at the deadline win', () => {
    // B0 arrives at 0 with timeout 4 (deadline 4) and hold 4: it completes at 0 + 4 = 4 before expiry.
    const onTime = byId(simulate({ ...quiet, slots: 1, reservedA: 0, bHold: 4, bTimeout: 4 }), 'B0');
    expect(onTime).to.include({ outcome: 'completed', end: 4, latency: 4 });
    // With hold 5 it would complete at 5, so it times out in service at its deadline 4.
    const late = byId(simulate({ ...quiet, slots: 1, reservedA: 0, bHold: 5, bTimeout: 4 }), 'B0');
    expect(late).to.include({ outcome: 'timed-out', end: 4, latency: null, start: 0 });
  });

  it('frees the slot of an expired call in the same tick', () => {
    // One slot. Tick 0: stalled A0 (deadline 3) takes it; B0 waits. Tick 3: A0 expires in service,
    // then dispatch at tick 3 gives the slot to B0, which completes at 4.
    const run = simulate({ ...quiet, slots: 1, reservedA: 0, aPerTick: 1, aFault: 'stall', aTimeout: 3 });
    expect(byId(run, 'A0')).to.include({ outcome: 'timed-out', end: 3 });
    expect(byId(run, 'B0')).to.include({ start: 3, slot: 0, outcome: 'completed', end: 4, latency: 4 });
  });

  it('hands a request straight to a free slot even when queueCap is 0', () => {
    // One slot, bHold 2, queueCap 0. Tick 0: B0 direct. Tick 1: slot busy, no queue → B1 rejected.
    // Tick 2: B0 completes first, so B2 gets the slot directly.
    const run = simulate({ ...quiet, slots: 1, reservedA: 0, bHold: 2, queueCap: 0, lastArrival: 2 });
    expect(byId(run, 'B0')).to.include({ start: 0, outcome: 'completed', end: 2 });
    expect(byId(run, 'B1')).to.include({ start: null, outcome: 'rejected', end: 1, latency: null });
    expect(byId(run, 'B2')).to.include({ start: 2, outcome: 'completed' });
  });

  it('counts only waiting work against queueCap', () => {
    // One slot, queueCap 1, bHold 3. Tick 0: B0 runs. Tick 1: 0 waiting < 1 → B1 waits (the running
    // B0 is not counted). Tick 2: 1 waiting → B2 rejected.
    const run = simulate({ ...quiet, slots: 1, reservedA: 0, bHold: 3, queueCap: 1, lastArrival: 2 });
    expect(byId(run, 'B1')).to.include({ start: 3, outcome: 'completed' });
    expect(byId(run, 'B2')).to.include({ outcome: 'rejected', end: 2 });
  });

  it('lets a fail-fast call free its slot for the next call in the same tick', () => {
    // One slot, A fails fast. Tick 0: A0 starts and fails, A1 starts and fails, B0 takes the slot.
    const run = simulate({ ...quiet, slots: 1, reservedA: 0, aPerTick: 2, aFault: 'fail-fast' });
    for (const id of ['A0', 'A1']) {
      expect(byId(run, id)).to.include({ start: 0, slot: 0, end: 0, outcome: 'failed', latency: 0 });
      expect(stateAt(byId(run, id), 0)).to.equal('failed'); // never shown running
    }
    expect(byId(run, 'B0')).to.include({ start: 0, slot: 0, outcome: 'completed', end: 1 });
  });

  it('keeps dispatching into a slot whose call failed fast', () => {
    // One slot, bHold 3, bEvery 3. Tick 0: A0, A1 fail by handoff; B0 runs until 3. Ticks 1–2: A2…A5
    // wait. Tick 3: B0 completes; the slot takes A2…A5 in turn, each failing at once, then A6 and A7
    // fail by handoff and B1 gets the slot.
    const run = simulate({
      ...quiet,
      slots: 1,
      reservedA: 0,
      aPerTick: 2,
      aFault: 'fail-fast',
      bHold: 3,
      bEvery: 3,
      lastArrival: 3,
    });
    expect(byId(run, 'A2')).to.include({ start: 3, end: 3, outcome: 'failed', latency: 2 });
    expect(byId(run, 'A3')).to.include({ start: 3, end: 3, outcome: 'failed' });
    expect(byId(run, 'B1')).to.include({ arrival: 3, start: 3, slot: 0 });
  });

  it('runs a stalled call until its deadline, ignoring aHold', () => {
    // Stalled A0 (deadline 0 + 5) holds slot 0 from 0 and times out in service at 5.
    const run = simulate({ ...quiet, slots: 2, reservedA: 1, aPerTick: 1, aFault: 'stall', aHold: 1, aTimeout: 5 });
    const a0 = byId(run, 'A0');
    expect(a0).to.include({ start: 0, slot: 0, end: 5, outcome: 'timed-out', latency: null });
    expect(stateAt(a0, 4)).to.equal('running');
    expect(stateAt(a0, 5)).to.equal('timed-out');
  });

  it('leaves work unfinished at the horizon pending', () => {
    // Horizon 5, one slot, stalled A with timeout 12: A0 runs at 5, A1 waits at 5; neither has ended.
    const run = simulate({
      ...quiet,
      slots: 1,
      reservedA: 0,
      aPerTick: 1,
      bEvery: 100,
      aFault: 'stall',
      aTimeout: 12,
      horizon: 5,
      lastArrival: 1,
    });
    expect(byId(run, 'A0')).to.include({ start: 0, end: null, outcome: 'pending', latency: null });
    expect(byId(run, 'A1')).to.include({ start: null, end: null, outcome: 'pending' });
  });
});

describe('policies (docs/MODEL.md, Policies)', () => {
  it('round-robin alternates tenants, counting a direct handoff as a start', () => {
    // One slot. Tick 0: A0 takes it by handoff (last start: A); A1 and B0 wait. Tick 1: A0 completes;
    // both tenants wait and A started last, so B0 goes next, then A1 at tick 2.
    const config = { ...quiet, slots: 1, reservedA: 0, aPerTick: 2 };
    const rr = simulate({ ...config, policy: 'shared-round-robin' });
    expect(byId(rr, 'B0').start).to.equal(1);
    expect(byId(rr, 'A1').start).to.equal(2);
    // FIFO takes the oldest instead: A1 (offered before B0 in tick 0).
    const fifo = simulate({ ...config, policy: 'shared-fifo' });
    expect(byId(fifo, 'A1').start).to.equal(1);
    expect(byId(fifo, 'B0').start).to.equal(2);
  });

  it('round-robin counts a call that fails fast as a start', () => {
    // One slot, A fails fast, bHold 2. Tick 0: A0, A1 fail by handoff; B0 runs until 2 (last: B).
    // Tick 1: A2, A3, B1 wait. Tick 2: B0 completes; A's turn: A2 fails (last: A), so B1 goes next
    // and A3 waits until B1 completes at 4, where it fails.
    const run = simulate({
      ...quiet,
      policy: 'shared-round-robin',
      slots: 1,
      reservedA: 0,
      aPerTick: 2,
      aFault: 'fail-fast',
      bHold: 2,
      lastArrival: 1,
    });
    expect(byId(run, 'A2')).to.include({ start: 2, outcome: 'failed' });
    expect(byId(run, 'B1')).to.include({ start: 2, end: 4 });
    expect(byId(run, 'A3')).to.include({ start: 4, end: 4, outcome: 'failed' });
  });

  it('strict partitions never lend a slot, even to a waiting tenant while it stays idle', () => {
    // Slots 2, A's home is slot 0; only B traffic, bHold 3. Tick 0: B0 runs in slot 1 (its home).
    // Tick 1: B1 waits although slot 0 is idle; it starts in slot 1 when B0 completes at 3.
    const config = { ...quiet, slots: 2, reservedA: 1, bHold: 3, lastArrival: 1 };
    const strict = simulate({ ...config, policy: 'strict-partitions' });
    expect(byId(strict, 'B0')).to.include({ slot: 1, borrowed: false });
    expect(byId(strict, 'B1')).to.include({ start: 3, slot: 1, borrowed: false });
    // Borrowing lends the idle slot 0 at once.
    const borrowing = simulate({ ...config, policy: 'borrowing' });
    expect(byId(borrowing, 'B1')).to.include({ start: 1, slot: 0, borrowed: true });
  });

  it('borrowing prefers a home slot to a lower-numbered foreign one', () => {
    // Slots 2, A's home is slot 0, both free at tick 0: B0 goes to its home slot 1.
    const run = simulate({ ...quiet, policy: 'borrowing', slots: 2, reservedA: 1 });
    expect(byId(run, 'B0')).to.include({ slot: 1, borrowed: false });
  });

  it('borrowing lends only when the home queue is empty, and never preempts', () => {
    // Slots 2 (slot 0 A's home, slot 1 B's), aHold 1, bHold 3, one A and one B per tick, ticks 0–2.
    // t0: A0 → slot 0 (ends 1); B0 → slot 1 (ends 3).
    // t1: A0 completes; A1 → slot 0 (ends 2); B1 waits (home busy, slot 0 taken).
    // t2: A1 completes; no A waits, so slot 0 lends itself to B1 (borrowed, ends 5). A2 then finds
    //     its home slot borrowed and waits (no preemption); B2 waits.
    // t3: B0 completes; slot 1 takes B2 from its home queue although A2 is older.
    // t5: B1 completes; slot 0 returns to A: A2 starts.
    const run = simulate({
      ...quiet,
      policy: 'borrowing',
      slots: 2,
      reservedA: 1,
      aPerTick: 1,
      aHold: 1,
      bHold: 3,
      lastArrival: 2,
    });
    expect(byId(run, 'B1')).to.include({ slot: 0, borrowed: true, start: 2, end: 5, outcome: 'completed' });
    expect(byId(run, 'B2')).to.include({ slot: 1, borrowed: false, start: 3 });
    expect(byId(run, 'A2')).to.include({ slot: 0, borrowed: false, start: 5 });
  });

  it('visits free slots in numeric order during dispatch', () => {
    // Shared FIFO, 3 slots, bHold 2: t0 B0 → slot 0; t1 B1 → slot 1; t2 B0 done, B2 → slot 0 (lowest).
    const run = simulate({ ...quiet, slots: 3, reservedA: 0, bHold: 2, lastArrival: 2 });
    expect(run.requests.map((r) => r.slot)).to.deep.equal([0, 1, 0]);
  });
});
