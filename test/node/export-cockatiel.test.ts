// The exported cockatiel policies, run as a reader would copy them: the code exportConfig writes is
// saved as a module and imported, and its policies call a fake service in this process (A stalls
// until its call is aborted; B answers after its hold). Time is node:test's mock clock, moved a tick
// at a time, so a run of many ticks takes milliseconds and never depends on the machine's load.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, mock, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { IPolicy } from 'cockatiel';
import { exportConfig, metricsAt, simulate, type LabConfig, type Tenant } from '../../src/sim/index.js';

const TICK = 10;
let folder = '';
let modules = 0;

before(() => {
  // A folder of its own, with the project's packages, in which the exported module is an ES module.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-export-'));
  fs.symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(folder, 'package.json'), '{ "type": "module" }\n');
});
after(() => fs.rmSync(folder, { recursive: true, force: true }));

type Policies = Record<'policyA' | 'policyB', IPolicy>;

/** The cockatiel code exported for `config`, saved and imported: the module a reader would write. */
async function exported(config: Partial<LabConfig>): Promise<{ policies: Policies; verdict: string }> {
  const { code, verdict } = exportConfig(config, 'cockatiel', { tickMs: TICK });
  const file = path.join(folder, `policy-${++modules}.ts`);
  fs.writeFileSync(file, code);
  return { policies: (await import(pathToFileURL(file).href)) as Policies, verdict };
}

/** What the fake service's call throws when its signal aborts: only a timeout aborts one here. */
class Aborted extends Error {}

/** What happened to one call (a request and its retries): how it ended, at which tick, after how many attempts. */
interface Ended {
  tenant: Tenant;
  offered: number;
  outcome: 'completed' | 'timed-out' | 'rejected';
  end: number;
  attempts: number;
}

/**
 * Runs the lab's workload of `config` through the exported policies for ticks 0…horizon on the mock
 * clock, in the lab's order within a tick: calls due end (their timers fire), waiting calls take the
 * freed slots (cockatiel's queue, in the promise jobs that follow), then the tick's new calls are
 * offered. A stalled A call runs until its signal aborts; a healthy call answers a millisecond before
 * its hold ends, so that a call finishing exactly at its deadline completes, as in the lab.
 */
async function run(config: Partial<LabConfig>) {
  const lab = simulate(config).config;
  const { policies, verdict } = await exported(config);
  const running = { A: 0, B: 0 };
  let peak = 0;
  let peakOf = { A: 0, B: 0 };
  const ended: Ended[] = [];
  let now = 0;
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const call =
    (tenant: Tenant, attempts: { n: number }) =>
    ({ signal }: { signal: AbortSignal }) =>
      new Promise<void>((resolve, reject) => {
        attempts.n++;
        running[tenant]++;
        peak = Math.max(peak, running.A + running.B);
        peakOf = { ...peakOf, [tenant]: Math.max(peakOf[tenant], running[tenant]) };
        let done = false;
        const stop = () => {
          if (!done) running[tenant]--;
          done = true;
        };
        const hold = tenant === 'A' ? (lab.aFault === 'stall' ? null : lab.aHold) : lab.bHold;
        const timer = hold === null ? undefined : setTimeout(() => (stop(), resolve()), hold * TICK - 1);
        // cockatiel aborts the signal at the timeout, and also once the call has returned.
        signal.addEventListener('abort', () => {
          if (done) return;
          clearTimeout(timer);
          stop();
          reject(new Aborted());
        });
      });
  const offer = (tenant: Tenant) => {
    const attempts = { n: 0 };
    const offered = now;
    policies[`policy${tenant}`].execute(call(tenant, attempts)).then(
      () => ended.push({ tenant, offered, outcome: 'completed', end: Math.ceil(now / TICK), attempts: attempts.n }),
      (error: { isBulkheadRejectedError?: boolean; isTaskCancelledError?: boolean }) => {
        // A full bulkhead, or a timeout: cockatiel's own error, or the call's as it stops when its
        // signal aborts (which may come first). Anything else is a fault of the run.
        const timedOut = error.isTaskCancelledError || error instanceof Aborted;
        if (!error.isBulkheadRejectedError && !timedOut) throw error as Error;
        const outcome = error.isBulkheadRejectedError ? 'rejected' : 'timed-out';
        ended.push({ tenant, offered, outcome, end: Math.ceil(now / TICK), attempts: attempts.n });
      },
    );
  };
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    for (let tick = 0; tick <= lab.horizon; tick++) {
      // To this tick, a millisecond at a time, letting the calls that end go on after each.
      while (now < tick * TICK) {
        now++;
        mock.timers.tick(1);
        await settle();
      }
      if (tick <= lab.lastArrival) {
        for (let i = 0; i < lab.aPerTick; i++) offer('A');
        if (tick % lab.bEvery === 0) offer('B');
      }
      await settle();
    }
  } finally {
    mock.timers.reset();
  }
  const count = (tenant: Tenant, outcome: Ended['outcome']) =>
    ended.filter((e) => e.tenant === tenant && e.outcome === outcome).length;
  const of = (tenant: Tenant) => ({
    completed: count(tenant, 'completed'),
    timedOut: count(tenant, 'timed-out'),
    rejected: count(tenant, 'rejected'),
  });
  return { verdict, peak, peakOf, ended, A: of('A'), B: of('B'), lab };
}

/** The model's full-window counts for `config`, in the measured shape. */
function predicted(config: Partial<LabConfig>) {
  const m = metricsAt(simulate(config), simulate(config).config.horizon);
  const of = (t: Tenant) => ({
    completed: m[t].completed,
    timedOut: m[t].timedOutWaiting + m[t].timedOutRunning,
    rejected: m[t].rejected,
  });
  return { A: of('A'), B: of('B') };
}

/** A stalled A and a healthy B, whose every request has ended by the horizon. */
const stalled: Partial<LabConfig> = {
  aFault: 'stall',
  aTimeout: 4,
  bTimeout: 3,
  bHold: 1,
  horizon: 30,
  lastArrival: 11,
};

describe('the exported cockatiel policies, run', () => {
  test('strict partitions: A never holds more than its slots, B completes, and rejections are counted', async () => {
    // No queue, timeouts from arrival: the export is exact, and the run gives the model's counts.
    const config: Partial<LabConfig> = { ...stalled, policy: 'strict-partitions', queueCap: 0 };
    const measured = await run(config);
    assert.equal(measured.verdict, 'exact');
    assert.equal(measured.peakOf.A, 2);
    assert.ok(measured.peak <= 4, `at most 4 calls at once, saw ${measured.peak}`);
    assert.deepEqual({ A: measured.A, B: measured.B }, predicted(config));
    assert.ok(measured.A.rejected > 0 && measured.B.completed === 4);
  });

  test('one shared pool: the stalled A fills it, and B is turned away or times out', async () => {
    const config: Partial<LabConfig> = { ...stalled, policy: 'shared-fifo', queueCap: 0 };
    const measured = await run(config);
    assert.equal(measured.verdict, 'exact');
    assert.equal(measured.peak, 4);
    assert.deepEqual({ A: measured.A, B: measured.B }, predicted(config));
    assert.ok(measured.B.completed < 4);
  });

  test('a queue: calls wait their turn, from start with no deadline while they wait', async () => {
    // Strict partitions with a queue of 2 per tenant, timeouts from start: exact.
    const config: Partial<LabConfig> = { ...stalled, policy: 'strict-partitions', queueCap: 2, timeoutFrom: 'start' };
    const measured = await run(config);
    assert.equal(measured.verdict, 'exact');
    assert.deepEqual({ A: measured.A, B: measured.B }, predicted(config));
    // A call that waited times out a whole timeout after it started, not after it arrived.
    const waited = measured.ended.filter(
      (e) => e.tenant === 'A' && e.outcome === 'timed-out' && e.end - e.offered / TICK > 4,
    );
    assert.ok(waited.length > 0, 'some A call waited, then ran its whole timeout');
  });

  test('where the timeout starts: from arrival a queued B call times out in the queue, from start it completes', async () => {
    // One slot for both tenants: the stalled A0 holds it for A's timeout (4 ticks); B0 waits behind it.
    const base: Partial<LabConfig> = {
      ...stalled,
      policy: 'shared-fifo',
      slots: 1,
      reservedA: 0,
      aPerTick: 1,
      bEvery: 100,
      lastArrival: 0,
      queueCap: 1,
      horizon: 12,
    };
    const fromArrival = await run(base);
    const fromStart = await run({ ...base, timeoutFrom: 'start' });
    const b0 = (r: Awaited<ReturnType<typeof run>>) => r.ended.find((e) => e.tenant === 'B')!;
    // From arrival: B0's 3 ticks run out in the queue, at tick 3. From start: it starts when A0 times
    // out at 4 and completes a tick later.
    assert.deepEqual([b0(fromArrival).outcome, b0(fromArrival).end], ['timed-out', 3]);
    assert.deepEqual([b0(fromStart).outcome, b0(fromStart).end], ['completed', 5]);
    assert.deepEqual(predicted({ ...base, timeoutFrom: 'start' }).B, { completed: 1, timedOut: 0, rejected: 0 });
  });

  test('retries: each request tries 1 + retries times, a delay after each attempt ends', async () => {
    const config: Partial<LabConfig> = {
      ...stalled,
      policy: 'strict-partitions',
      queueCap: 0,
      aPerTick: 1,
      lastArrival: 0,
      retries: 2,
      retryDelay: 3,
    };
    const measured = await run(config);
    const a0 = measured.ended.find((e) => e.tenant === 'A')!;
    // A0 times out at 4, retries at 7, times out at 11, retries at 14, times out at 18.
    assert.deepEqual([a0.outcome, a0.attempts, a0.end], ['timed-out', 3, 18]);
    assert.deepEqual({ A: measured.A, B: measured.B }, predicted(config));
  });

  test('cockatiel 3.2 keeps a call that timed out in the queue: as the export says, the run differs from the model', async () => {
    // A has one slot and a queue of 2. At tick 4 the running A0 and the queued A1 both time out: in
    // the lab A2 takes the slot; in cockatiel the freed slot goes to the expired A1, which leaves it
    // idle, and A2 waits on while a later call takes the slot past it.
    const config: Partial<LabConfig> = { ...stalled, policy: 'strict-partitions', reservedA: 1, queueCap: 2 };
    const measured = await run(config);
    assert.equal(measured.verdict, 'approximate');
    assert.notDeepEqual({ A: measured.A, B: measured.B }, predicted(config));
    assert.deepEqual(measured.B, predicted(config).B, "B's own partition is untouched");
  });
});
