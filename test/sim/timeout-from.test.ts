// Where a timeout starts (docs/MODEL.md, Where the timeout starts): the input, strictly and
// forgivingly, and its rule on cases small enough to work out by hand (the comments do). The
// property tests compare the engine with the naive one on random configs with both values.
import { expect } from '@open-wc/testing';
import {
  TIMEOUT_FROM,
  explain,
  isolation,
  metricsAt,
  normalizeConfig,
  simulate,
  sweep,
  validateConfig,
  type LabConfig,
  type LabRun,
  type RequestRecord,
} from '../../src/sim/index.js';

const byId = (run: LabRun, id: string): RequestRecord => {
  const record = run.requests.find((r) => r.id === id);
  if (!record) throw new Error(`no request ${id}`);
  return record;
};

const messageOf = (input: Record<string, unknown>): string => {
  try {
    validateConfig(input);
  } catch (error) {
    expect(error).to.be.instanceOf(RangeError);
    return (error as RangeError).message;
  }
  throw new Error('expected a RangeError');
};

/** The facts of a record the rule decides. */
const facts = ({ id, deadline, start, end, outcome, latency }: RequestRecord) => ({
  id,
  deadline,
  start,
  end,
  outcome,
  latency,
});

describe('timeoutFrom as an input', () => {
  it('keeps a config without it as it was, and keeps it given', () => {
    expect(Object.keys(simulate().config)).to.not.include('timeoutFrom');
    expect(validateConfig({ timeoutFrom: 'start' })).to.include({ timeoutFrom: 'start' });
    expect(validateConfig({ timeoutFrom: 'arrival' })).to.include({ timeoutFrom: 'arrival' });
    expect(TIMEOUT_FROM).to.deep.equal(['arrival', 'start']);
  });

  it('names the field, the value and the values it takes', () => {
    expect(messageOf({ timeoutFrom: 'queue' })).to.equal('timeoutFrom: "queue" is not one of arrival, start');
    expect(messageOf({ timeoutFrom: null })).to.equal('timeoutFrom: null is not one of arrival, start');
  });

  it('corrects a bad value forgivingly, and leaves it out when not given', () => {
    expect(normalizeConfig({}).config).to.not.have.any.keys('timeoutFrom');
    expect(normalizeConfig({ timeoutFrom: 'start' })).to.deep.equal({
      config: validateConfig({ timeoutFrom: 'start' }),
      problems: [],
    });
    const { config, problems } = normalizeConfig({ timeoutFrom: 'later' });
    expect(config).to.include({ timeoutFrom: 'arrival' });
    expect(problems.map((p) => [p.field, p.used, p.message])).to.deep.equal([
      ['timeoutFrom', 'arrival', 'timeoutFrom: "later" is not one of arrival, start; using arrival'],
    ]);
  });

  it('changes no record when given as arrival', () => {
    const config: Partial<LabConfig> = { retries: 2, aRecovers: 5 };
    expect(simulate({ ...config, timeoutFrom: 'arrival' }).requests).to.deep.equal(simulate(config).requests);
  });
});

describe('a timeout from start (docs/MODEL.md, Where the timeout starts)', () => {
  /** One slot, B alone: B0 B1 B2 at ticks 0–2, each holding 3 ticks, timeout 4. */
  const line: Partial<LabConfig> = {
    slots: 1,
    reservedA: 0,
    aPerTick: 0,
    bEvery: 1,
    bHold: 3,
    bTimeout: 4,
    queueCap: 6,
    horizon: 10,
    lastArrival: 2,
  };

  it('counts a waiting call against its timeout only from arrival', () => {
    // From arrival: B0 runs 0–3. B1 (deadline 1 + 4 = 5) starts at 3, would end at 6: times out in
    // service at 5. B2 (deadline 6) starts at 5, would end at 8: times out in service at 6.
    expect(simulate(line).requests.map(facts)).to.deep.equal([
      { id: 'B0', deadline: 4, start: 0, end: 3, outcome: 'completed', latency: 3 },
      { id: 'B1', deadline: 5, start: 3, end: 5, outcome: 'timed-out', latency: null },
      { id: 'B2', deadline: 6, start: 5, end: 6, outcome: 'timed-out', latency: null },
    ]);
    // From start: B1 starts at 3 with deadline 3 + 4 = 7 and completes at 6; B2 starts at 6 with
    // deadline 10 and completes at 9. Latency still counts from arrival: 6 − 1 and 9 − 2.
    expect(simulate({ ...line, timeoutFrom: 'start' }).requests.map(facts)).to.deep.equal([
      { id: 'B0', deadline: 4, start: 0, end: 3, outcome: 'completed', latency: 3 },
      { id: 'B1', deadline: 7, start: 3, end: 6, outcome: 'completed', latency: 5 },
      { id: 'B2', deadline: 10, start: 6, end: 9, outcome: 'completed', latency: 7 },
    ]);
  });

  it('gives a call that never starts no deadline', () => {
    // Horizon 4: B1 starts at 3 (deadline 7, still running at 4); B2 still waits, with no deadline.
    // A rejected call never starts either: queue cap 0 rejects B1 and B2 at arrival.
    const short = simulate({ ...line, horizon: 4, timeoutFrom: 'start' });
    expect([byId(short, 'B1').deadline, byId(short, 'B1').outcome]).to.deep.equal([7, 'pending']);
    expect([byId(short, 'B2').deadline, byId(short, 'B2').outcome]).to.deep.equal([null, 'pending']);
    const capped = simulate({ ...line, queueCap: 0, timeoutFrom: 'start' });
    expect(capped.requests.map((r) => [r.id, r.deadline, r.outcome])).to.deep.equal([
      ['B0', 4, 'completed'],
      ['B1', null, 'rejected'],
      ['B2', null, 'rejected'],
    ]);
  });

  it('lets a completion exactly at the deadline win', () => {
    // Hold 4 = timeout 4. B0 completes at 4, its deadline; B1 starts at 4 (deadline 8) and
    // completes at 8, its deadline too.
    const run = simulate({ ...line, bHold: 4, timeoutFrom: 'start' });
    expect(facts(byId(run, 'B1'))).to.deep.equal({
      id: 'B1',
      deadline: 8,
      start: 4,
      end: 8,
      outcome: 'completed',
      latency: 7,
    });
    expect(facts(byId(run, 'B0'))).to.deep.include({ deadline: 4, end: 4, outcome: 'completed' });
  });

  it('sets a retry its deadline when it starts', () => {
    // Stalled A and one B, one slot, FIFO; A's timeout 2, one retry 1 tick after an attempt ends.
    // Tick 0: A0 takes the slot (deadline 2); A1 and B0 wait with no deadline. Tick 2: A0 times
    // out; A1 starts (deadline 4). Tick 3: A0.1 is offered and waits. Tick 4: A1 times out; B0, older
    // than A0.1, starts (deadline 8) and completes at 5. Tick 5: A0.1 starts (deadline 7); A1.1 is
    // offered and waits. At the horizon, 6, A0.1 runs and A1.1 waits with no deadline.
    const run = simulate({
      slots: 1,
      reservedA: 0,
      aPerTick: 2,
      bEvery: 100,
      lastArrival: 0,
      aFault: 'stall',
      aTimeout: 2,
      horizon: 6,
      retries: 1,
      retryDelay: 1,
      timeoutFrom: 'start',
    });
    expect(run.requests.map((r) => [r.id, r.arrival, r.deadline, r.start, r.end, r.outcome])).to.deep.equal([
      ['A0', 0, 2, 0, 2, 'timed-out'],
      ['A1', 0, 4, 2, 4, 'timed-out'],
      ['B0', 0, 8, 4, 5, 'completed'],
      ['A0.1', 3, 7, 5, null, 'pending'],
      ['A1.1', 5, null, null, null, 'pending'],
    ]);
  });

  it('leaves B waiting with no deadline behind a stalled A in a shared pool', () => {
    // The stalled-dependency fixture, shared FIFO. Tick 0: A0 A1 B0 take slots 0–2 (B0 completes
    // at 1); tick 1: A2 A3 take slots 2 and 3. Every A call stalls: from arrival or start alike,
    // A0–A3 time out in service at 12 and 13. A4–A9 fill A's queue by tick 4; A10–A23 are rejected.
    // B1 (tick 3), B2 (6), B3 (9) wait. Tick 12: the oldest waiting, A4 and A5, take slots 0 and 1;
    // tick 13: A6 and A7. Their deadlines, 24 and 25, fall after the horizon: they run on, B1–B3
    // never start and, with no deadline, never expire.
    const run = simulate({ policy: 'shared-fifo', timeoutFrom: 'start' });
    const { A, B } = metricsAt(run, 20);
    expect(B).to.include({ offered: 4, completed: 1, timedOutWaiting: 0, waiting: 3, gate: 'pending' });
    expect(A).to.include({ offered: 24, completed: 0, timedOutRunning: 4, rejected: 14, running: 4, waiting: 2 });
    expect(['B1', 'B2', 'B3'].map((id) => byId(run, id).deadline)).to.deep.equal([null, null, null]);
    expect(['A4', 'A5', 'A6', 'A7'].map((id) => byId(run, id).deadline)).to.deep.equal([24, 24, 25, 25]);
    expect(isolation(run).B).to.include({ unresolved: 3, keptOutByOther: 0 });
    // From arrival (the reference row): B1–B3 time out waiting; B completes 1 of 4 and fails.
    const before = metricsAt(simulate({ policy: 'shared-fifo' }), 20).B;
    expect(before).to.include({ completed: 1, timedOutWaiting: 3, waiting: 0, gate: 'fail' });
  });

  it('keeps strict partitions whole for B', () => {
    // B's home slots 2 and 3 serve only B: B0–B3 each start at arrival and complete a tick later.
    const run = simulate({ policy: 'strict-partitions', timeoutFrom: 'start' });
    expect(metricsAt(run, 20).B).to.include({ offered: 4, completed: 4, gate: 'pass' });
  });

  it('sweeps over both values', () => {
    // The two cases above: B's waiting calls time out from arrival, and wait on from start.
    const { values, lines } = sweep(simulate().config, 'timeoutFrom', 'b-timed-out');
    expect(values).to.deep.equal(['arrival', 'start']);
    expect(lines['shared-fifo']).to.deep.equal([3, 0]);
    expect(lines['strict-partitions']).to.deep.equal([0, 0]);
  });

  it('says when each explained call got its deadline', () => {
    // From start: A4 got its deadline when it started at 12, B1 never; from arrival, at arrival.
    const run = simulate({ timeoutFrom: 'start' });
    expect(['A4', 'B1', 'B0'].map((id) => explain(run, id).deadlineSet)).to.deep.equal([12, null, 0]);
    expect(['A4', 'B1'].map((id) => explain(simulate(), id).deadlineSet)).to.deep.equal([2, 3]);
  });
});
