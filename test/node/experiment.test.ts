// The measured companion (experiment/): its parts on loopback, the open-loop generator's
// bookkeeping, and the CLI's way out (on its own and on Ctrl-C). Short runs, real sockets.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runLoad } from '../../experiment/load.js';
import { closeServer, httpGet, keepAliveAgent, listenLoopback, LOAD_ID_HEADER, now } from '../../experiment/net.js';
import { DEFAULT_RUNS, defaultOptions, HELP, parseCli } from '../../experiment/options.js';
import { startFaultProxy } from '../../experiment/proxy.js';
import { reconcile } from '../../experiment/report.js';
import { parseRunName, runOne } from '../../experiment/run.js';
import { startDependency } from '../../experiment/servers.js';
import { startService } from '../../experiment/service.js';
import { percentiles } from '../../experiment/stats.js';
import type {
  EndpointTotals,
  EndpointWindow,
  MeasuredRunFile,
  OutcomeCounts,
  RunName,
  RunResult,
} from '../../experiment/types.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

const outcomeSum = (counts: OutcomeCounts): number => counts.ok + counts.timeout + counts.rejected + counts.other;

function assertLoopback(server: http.Server): void {
  assert.equal((server.address() as AddressInfo).address, '127.0.0.1');
}

/** Handle types (TCP servers and sockets, timers, workers…) and how many of each are open. */
function openHandles(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of process.getActiveResourcesInfo()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

/** Waits (at most 2 s: closed handles leave the list a moment after their close callback) until
 * no handle type is more frequent than in `before`. */
async function assertNoHandlesLeft(before: Map<string, number>): Promise<void> {
  const extra = (): string[] =>
    [...openHandles()]
      .filter(([name, count]) => count > (before.get(name) ?? 0))
      .map(([name, count]) => `${name}×${count}`);
  for (let attempt = 0; attempt < 40 && extra().length > 0; attempt++) await sleep(50);
  assert.deepEqual(extra(), [], 'handles left open after the run');
}

const get = (url: string, timeoutMs = 2000, headers: Record<string, string> = {}) => {
  const agent = keepAliveAgent();
  return httpGet(url, agent, AbortSignal.timeout(timeoutMs), headers).finally(() => agent.destroy());
};

/** A service with a pool of 4, no queue, no bounded wait and no connection limit; tests override. */
const noLimits = { poolSize: 4, queueSize: 0, maxWaitMs: null, connections: null };

describe('experiment parts on loopback', () => {
  test('stubs, proxy and service listen on 127.0.0.1 only and close completely', async () => {
    const before = openHandles();
    const a = await startDependency('A', 1);
    const b = await startDependency('B', 1);
    const proxy = await startFaultProxy({ target: a.url, mode: 'none', delayMs: 50 });
    const service = await startService({
      pool: 'shared',
      ...noLimits,
      timeoutMs: 200,
      upstream: { A: proxy.url, B: b.url },
    });
    for (const server of [a.server, b.server, proxy.server, service.server]) assertLoopback(server);
    assert.equal((await get(`${service.url}/a`)).status, 200);
    for (const close of [service.close, proxy.close, b.close, a.close]) await close();
    for (const server of [a.server, b.server, proxy.server, service.server]) assert.equal(server.listening, false);
    await assertNoHandlesLeft(before);
  });

  test('the proxy forwards, delays, fails fast, or stalls until the caller gives up', async () => {
    const a = await startDependency('A', 1);
    const proxy = await startFaultProxy({ target: a.url, mode: 'none', delayMs: 150 });
    try {
      assert.equal((await get(proxy.url)).body, 'dependency A');

      proxy.mode = 'fail-fast';
      let started = now();
      assert.equal((await get(proxy.url)).status, 503);
      assert.ok(now() - started < 140, 'fail-fast answers at once, well before the delay would end');

      proxy.mode = 'delay';
      started = now();
      assert.equal((await get(proxy.url)).status, 200);
      assert.ok(now() - started >= 145, 'delay adds about its latency');

      proxy.mode = 'stall';
      await assert.rejects(get(proxy.url, 200));
      for (let attempt = 0; attempt < 20 && proxy.pending() > 0; attempt++) await sleep(10);
      assert.equal(proxy.pending(), 0, 'a stalled request is let go when its caller disconnects');
    } finally {
      await proxy.close();
      await a.close();
    }
  });

  test('the service answers 503 "rejected" from a full bulkhead, 504 "timeout" and 502 on upstream errors', async () => {
    const a = await startDependency('A', 1);
    const b = await startDependency('B', 1);
    const proxy = await startFaultProxy({ target: a.url, mode: 'stall', delayMs: 0 });
    const shared = await startService({
      pool: 'shared',
      ...noLimits,
      poolSize: 2,
      timeoutMs: 300,
      upstream: { A: proxy.url, B: b.url },
    });
    const split = await startService({
      pool: 'per-dependency',
      ...noLimits,
      poolSize: 2,
      timeoutMs: 300,
      upstream: { A: proxy.url, B: b.url },
    });
    try {
      // Shared pool of 2: two stalled calls to A take both slots, so /b is refused too.
      const stalled = [get(`${shared.url}/a`), get(`${shared.url}/a`)];
      await sleep(50);
      const starved = await get(`${shared.url}/b`);
      assert.equal(starved.status, 503);
      assert.equal(starved.headers['x-outcome'], 'rejected');
      for (const reply of await Promise.all(stalled)) {
        assert.equal(reply.status, 504);
        assert.equal(reply.headers['x-outcome'], 'timeout');
      }
      assert.equal(shared.bulkheads[0]!.runPeaks().occupancyPeak, 2);

      // One bulkhead of 1 per dependency: a stalled A fills only A's.
      const stalledA = get(`${split.url}/a`);
      await sleep(50);
      assert.equal((await get(`${split.url}/a`)).headers['x-outcome'], 'rejected');
      assert.equal((await get(`${split.url}/b`)).status, 200);
      assert.equal((await stalledA).status, 504);

      proxy.mode = 'fail-fast';
      assert.equal((await get(`${split.url}/a`)).status, 502);
    } finally {
      for (const close of [shared.close, split.close, proxy.close, b.close, a.close]) await close();
    }
  });
});

describe('open-loop load generator', () => {
  test('keeps its schedule against a server that answers one request at a time: latency grows over the run', async () => {
    // 20 ms per request, one at a time, is 50 per second; the generator sends 100 per second.
    let queue = Promise.resolve();
    const server = http.createServer((request, response) => {
      request.resume();
      queue = queue.then(() => sleep(20)).then(() => void response.end('done'));
    });
    const url = await listenLoopback(server);
    try {
      assertLoopback(server);
      const run = await runLoad({
        targets: [{ path: '/a', url }],
        ratePerSecond: 100,
        warmupMs: 0,
        durationMs: 1500,
        leadMs: 0,
        generatorTimeoutMs: 10_000,
        windowMs: 500,
        faultAt: now() + 20,
      });
      assert.equal(run.records.length, 150, 'every request was sent although answers lagged');
      assert.ok(run.records.every((record) => record.outcome === 'ok'));
      // Open loop: the last request left on schedule (about 1.5 s), long before the last answer.
      const lastSend = Math.max(...run.records.map((record) => record.intendedMs + record.sendLagMs));
      const lastAnswer = Math.max(...run.records.map((record) => record.intendedMs + record.latencyMs));
      assert.ok(lastSend < 1800, `last send at ${lastSend} ms`);
      assert.ok(lastAnswer > 2500, `last answer at ${lastAnswer} ms`);
      const p50 = [0, 1, 2].map(
        (window) =>
          percentiles(
            run.records
              .filter((record) => Math.floor(record.intendedMs / 500) === window)
              .map((record) => record.latencyMs),
          ).p50Ms!,
      );
      assert.ok(p50[0]! < p50[1]! && p50[1]! < p50[2]!, `p50 per window grows: ${p50.join(', ')} ms`);
      // Request i ends near 20·(i+1) ms and was due at 10·i ms: the last ones wait about 1.5 s.
      assert.ok(p50[2]! > p50[0]! + 400, `late requests wait far longer than early ones: ${p50.join(', ')} ms`);
    } finally {
      await closeServer(server);
    }
  });

  test('a blocked event loop delays sends: counted as late and inside the latency', async () => {
    const a = await startDependency('A', 1);
    try {
      const faultAt = now() + 50;
      // Blocks this thread (the generator runs inline here) from 300 to 600 ms into the run.
      const blocker = setTimeout(
        () => {
          while (now() < faultAt + 600);
        },
        faultAt + 300 - now(),
      );
      const run = await runLoad({
        targets: [{ path: '/a', url: a.url }],
        ratePerSecond: 100,
        warmupMs: 0,
        leadMs: 0,
        durationMs: 1000,
        generatorTimeoutMs: 2000,
        windowMs: 500,
        faultAt,
      });
      clearTimeout(blocker);
      const blocked = run.records.filter((record) => record.intendedMs >= 310 && record.intendedMs <= 590);
      assert.ok(blocked.length >= 25, `requests due during the block: ${blocked.length}`);
      for (const record of blocked) {
        assert.ok(record.sendLagMs > 2, 'sent late');
        assert.ok(record.intendedMs + record.latencyMs >= 595, 'latency runs from the intended time, past the block');
      }
      assert.ok(
        blocked.some((record) => record.latencyMs > 250),
        'the first request due in the block waited most of it',
      );
      // Measured from the actual send, the same requests would look much faster: the median, beside
      // the median from the intended send, as a loaded machine slows every answer alike.
      const fromSend = percentiles(blocked.map((record) => record.latencyMs - record.sendLagMs)).p50Ms!;
      const fromIntended = percentiles(blocked.map((record) => record.latencyMs)).p50Ms!;
      assert.ok(
        fromSend < fromIntended / 2,
        `measured from the actual send it would look fast: ${fromSend} ms against ${fromIntended} ms`,
      );
      assert.ok(run.loop.peakMs >= 250, `event-loop delay shows the block (${run.loop.peakMs} ms)`);
    } finally {
      await a.close();
    }
  });
});

describe('bulkhead kinds and the connection limit', () => {
  /** A measured request of the fault period, as the load generator labels it. */
  const measured = (id: string) => ({ [LOAD_ID_HEADER]: id });

  test('a semaphore with a bounded wait lets a caller wait for a slot, then refuses it', async () => {
    const a = await startDependency('A', 1);
    const b = await startDependency('B', 1);
    const proxy = await startFaultProxy({ target: a.url, mode: 'stall', delayMs: 60 });
    const service = await startService({
      pool: 'shared',
      ...noLimits,
      poolSize: 2,
      maxWaitMs: 150,
      timeoutMs: 500,
      upstream: { A: proxy.url, B: b.url },
    });
    const bulkhead = service.bulkheads[0]!;
    try {
      // Both slots held by stalled A calls: a third caller waits 150 ms and is refused.
      const stalled = [get(`${service.url}/a`, 2000, measured('0.0')), get(`${service.url}/a`, 2000, measured('0.1'))];
      await sleep(50);
      let started = now();
      const refused = await get(`${service.url}/b`, 2000, measured('1.0'));
      const waited = now() - started;
      assert.equal(refused.headers['x-outcome'], 'rejected');
      // Refused (503), not timed out (504, at 500 ms), after waiting at least the 150 ms.
      assert.ok(waited >= 140, `refused after waiting 150 ms (${Math.round(waited)} ms)`);
      for (const reply of await Promise.all(stalled)) assert.equal(reply.status, 504);
      assert.deepEqual([bulkhead.rejected, bulkhead.waitExpired, bulkhead.kind], [1, 1, 'semaphore']);

      // A slow A frees its slot after 60 ms: a caller that waits for it gets it and succeeds.
      proxy.mode = 'delay';
      const slow = [get(`${service.url}/a`), get(`${service.url}/a`)];
      await sleep(20);
      started = now();
      assert.equal((await get(`${service.url}/b`)).status, 200);
      assert.ok(now() - started >= 20, 'the caller waited for a slot');
      for (const reply of await Promise.all(slow)) assert.equal(reply.status, 200);
    } finally {
      for (const close of [service.close, proxy.close, b.close, a.close]) await close();
    }
  });

  test('with a connection limit, a call waits for a connection and the watch says when', async () => {
    const a = await startDependency('A', 1);
    const b = await startDependency('B', 1);
    const proxy = await startFaultProxy({ target: a.url, mode: 'delay', delayMs: 200 });
    const service = await startService({
      pool: 'per-dependency',
      ...noLimits,
      connections: 1,
      timeoutMs: 1000,
      upstream: { A: proxy.url, B: b.url },
    });
    try {
      const slow = get(`${service.url}/a`, 2000, measured('0.0'));
      await sleep(50);
      // /b has a bulkhead of its own, yet the one connection is A's until A answers.
      const started = now();
      const waiting = await get(`${service.url}/b`, 2000, measured('1.0'));
      assert.equal(waiting.status, 200);
      assert.ok(now() - started >= 100, `/b waited for the connection (${Math.round(now() - started)} ms)`);
      assert.equal((await slow).status, 200);
      const watch = service.connections;
      assert.deepEqual([watch.limit, watch.waited, watch.waitingPeak, watch.waiting], [1, { A: 0, B: 1 }, 1, 0]);
      assert.ok(watch.saturatedAt !== null);
      assert.deepEqual(
        service.bulkheads.map((bulkhead) => bulkhead.saturatedAt),
        [null, null],
        'no bulkhead was full: the connection was the limit',
      );
    } finally {
      for (const close of [service.close, proxy.close, b.close, a.close]) await close();
    }
  });
});

describe('runs', () => {
  const names: RunName[] = ['shared/stalled-a', 'per-dependency/slow-a'];
  const options = defaultOptions({
    ratePerSecond: 100,
    durationMs: 1000,
    leadMs: 400,
    warmupMs: 300,
    poolSize: 10,
    runs: names,
  });

  test('every sent request has one outcome, counts reconcile, servers are on loopback, nothing stays open', async () => {
    const before = openHandles();
    const results: RunResult[] = [];
    for (const name of names) {
      results.push(
        await runOne(name, options, {
          onServers: ({ dependencies, proxy, service }) => {
            for (const server of [...dependencies.map((d) => d.server), proxy.server, service.server])
              assertLoopback(server);
          },
        }),
      );
    }
    await assertNoHandlesLeft(before);

    for (const run of results) {
      assert.deepEqual(reconcile(run), [], `${run.name}: the counts reconcile`);
      for (const endpoint of run.endpoints) {
        const t = endpoint.totals;
        const where = `${run.name} ${endpoint.path}`;
        assert.equal(t.sent, 100, `${where}: all scheduled requests of the fault period sent`);
        assert.equal(endpoint.lead.sent, 40, `${where}: and of the lead`);
        assert.equal(outcomeSum(t), t.sent, `${where}: sent = ok + timeout + rejected + other`);
        // One timeout period per window: two in the lead, five after the fault.
        assert.deepEqual(
          endpoint.windows.map((window) => window.tMs),
          Array.from({ length: 7 }, (_, k) => (k - 2) * 200),
        );
        endpoint.windows.forEach((window: EndpointWindow) =>
          assert.equal(outcomeSum(window), window.sent, `${where} window ${window.tMs}`),
        );
        const sentIn = (lead: boolean) =>
          endpoint.windows.filter((w) => w.tMs < 0 === lead).reduce((sum, window) => sum + window.sent, 0);
        assert.deepEqual([sentIn(true), sentIn(false)], [endpoint.lead.sent, t.sent]);
        // Loose: a busy machine can hold the generator's thread back for a while near the end.
        const deviation = Math.abs(t.achievedRatePerSecond - t.targetRatePerSecond) / t.targetRatePerSecond;
        assert.ok(deviation <= 0.25, `${where}: achieved ${t.achievedRatePerSecond}/s for ${t.targetRatePerSecond}/s`);
      }
    }
    const [stalled, slow] = results as [RunResult, RunResult];
    // The mechanism, not the figures: a stalled A times out, fills the shared pool, and /b is refused.
    assert.ok(stalled.endpoints[0]!.totals.timeout > 0, 'stalled A: /a times out');
    assert.ok(stalled.endpoints[1]!.totals.rejected > 0, 'shared pool: /b is refused while A holds the slots');
    assert.ok(
      stalled.limits.some((limit) => limit.resource === 'pool' && limit.atMs >= 0),
      'the report says the pool reached its limit after the fault',
    );
    // Not "never": a stall of this shared machine's CPU can bring a pile of /b requests at once.
    const [slowA, slowB] = slow.endpoints.map((endpoint) => endpoint.totals) as [EndpointTotals, EndpointTotals];
    assert.ok(slowB.successRate! > slowA.successRate!, 'per-dependency: /b fares better than the slow /a');
    assert.ok(
      slow.bulkheads[0]!.rejected > slow.bulkheads[1]!.rejected,
      "per-dependency: the slow A is refused at its own bulkhead more than B at B's",
    );
    assert.equal(slow.connections.limit, null);
    assert.deepEqual(slow.connections.waited, { A: 0, B: 0 }, 'without a connection limit no call waits for one');

    // The model meets the measurement: 100 requests/s is a tick of 10 ms; A's 180 + 2 ms rounds up to
    // 19 ticks, the 200 ms timeout down to 20; 1 s of arrivals are ticks 0 to 99.
    const config = {
      policy: 'strict-partitions',
      slots: 10,
      reservedA: 5,
      aPerTick: 1,
      bEvery: 1,
      aHold: 19,
      bHold: 1,
      aFault: 'none',
      aTimeout: 20,
      bTimeout: 20,
      queueCap: 0,
      target: 90,
      horizon: 119,
      lastArrival: 99,
    };
    assert.equal(slow.model.tickMs, 10);
    assert.deepEqual(slow.model.config, config);
    // A's 5 home slots take the calls of ticks 0–4, then each slot frees 19 ticks after it was taken:
    // 5 starts in every 19 ticks, 5 full rounds (25) and ticks 95–99 (5), all completing in time:
    // 30 of 100. B's 5 slots, held 1 tick each, take every B request.
    assert.deepEqual(slow.model.predicted, { a: 0.3, b: 1 });
    assert.deepEqual(stalled.model.config && [stalled.model.config.policy, stalled.model.config.aFault], [
      'shared-fifo',
      'stall',
    ]);
  });

  test('under overload the generator, the service and the bulkheads still count every request once', async (t) => {
    // A generator timeout shorter than the service's, and this thread (the service's) blocked for
    // 300 ms twice: at the end of the first window of the lead, and half a second after the fault.
    // Requests pile up, fill the pool of 6 before and after the fault, and are answered after the
    // generator gave up on them, or never read at all.
    const overload = defaultOptions({
      ratePerSecond: 200,
      durationMs: 1500,
      leadMs: 600,
      warmupMs: 200,
      poolSize: 6,
      generatorTimeoutMs: 80,
      runs: ['shared/slow-a'],
    });
    const block = () => {
      const until = now() + 300;
      while (now() < until);
    };
    // Each block happens once, at the first progress report at or after its time: a busy machine
    // may report late, but never skips a block.
    const blocksAt = [-400, 600];
    const run = await runOne('shared/slow-a', overload, {
      onProgress: ({ load }) => {
        if (blocksAt.length > 0 && load.tMs >= blocksAt[0]!) {
          blocksAt.shift();
          block();
        }
      },
    });
    assert.deepEqual(reconcile(run), []);
    assert.equal(run.busy, true, 'a thread held up 300 ms makes the run machine-busy');
    assert.ok(
      run.busyReasons.some((reason) => /^the service's event loop was held up \d+/.test(reason)),
      run.busyReasons.join('; '),
    );
    const gaveUp = run.endpoints.reduce(
      (sum, endpoint) => sum + endpoint.service.answeredAfterClientGaveUp + endpoint.service.notReceived,
      0,
    );
    assert.ok(gaveUp > 0, 'the generator gave up on some requests before the service answered');
    const leadRejections = run.bulkheads[0]!.windows.filter((w) => w.tMs < 0).reduce((sum, w) => sum + w.rejected, 0);
    // The lead's pile-up needs the block to land before the fault, which a machine busy with other
    // test files can delay; the counts below must reconcile either way.
    if (leadRejections === 0) t.diagnostic('no call of the lead was refused on this run: the lead case went unchecked');
    const bulkhead = run.bulkheads[0]!;
    assert.equal(bulkhead.rejected, run.endpoints[0]!.service.rejected + run.endpoints[1]!.service.rejected);
  });

  test('bursts: /a needs more than its half of the pool, which the shared pool gives and its own bulkhead refuses', async () => {
    // Bursts of 3 calls that each take 20 ms, in a pool of 4: more than the 2 slots of A's own bulkhead.
    const burst = defaultOptions({
      ratePerSecond: 20,
      durationMs: 1000,
      leadMs: 0,
      warmupMs: 200,
      poolSize: 4,
      workMs: 20,
      burstSize: 3,
      burstEveryMs: 100,
      generator: 'inline',
      runs: ['shared/burst-a', 'per-dependency/burst-a'],
    });
    const shared = await runOne('shared/burst-a', burst);
    const split = await runOne('per-dependency/burst-a', burst);
    for (const run of [shared, split]) {
      assert.deepEqual(reconcile(run), []);
      const a = run.endpoints[0]!.totals;
      assert.equal(a.sent, 20 + 10 * 3, 'the steady /a requests and ten bursts of three');
      assert.equal(a.targetRatePerSecond, 50);
      assert.deepEqual(run.burst, { size: 3, everyMs: 100 });
      assert.equal(run.model.config, null, 'the tick model has no bursts');
    }
    assert.ok(shared.endpoints[0]!.totals.concurrentPeak >= 3, '/a had 3 calls at once in the shared pool');
    assert.ok(split.endpoints[0]!.totals.rejected > 0, "A's own bulkhead of 2 refused part of each burst");
  });
});

describe('CLI', () => {
  const cli = (args: string[]) =>
    spawn(process.execPath, ['--import', 'tsx', 'experiment/cli.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const collect = (child: ReturnType<typeof cli>) => {
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { output: () => out, exited };
  };
  const short = [
    '--repeat',
    '1',
    '--rate',
    '50',
    '--duration',
    '1',
    '--lead',
    '0.2',
    '--warmup',
    '0.2',
    '--settle',
    '0.1',
  ];
  const twoRuns = ['--runs', 'shared/healthy,shared/stalled-a', '--window', '250ms'];
  /** Waits until the first run's table is out and the second run is going. */
  const duringSecondRun = async (output: () => string) => {
    for (let attempt = 0; attempt < 300 && !/\[shared\/stalled-a\]/.test(output()); attempt++) await sleep(50);
  };

  test('--help explains every option', () => {
    for (const option of [
      '--rate',
      '--duration',
      '--warmup',
      '--lead',
      '--pool',
      '--queue',
      '--max-wait',
      '--connections',
      '--burst',
      '--burst-every',
      '--stall',
      '--timeout',
      '--generator-timeout',
      '--fault-delay',
      '--work',
      '--window',
      '--late',
      '--settle',
      '--runs',
      '--generator',
      '--label',
      '--out',
      '--repeat',
      '--busy',
      '--export-artillery',
      '--target',
      '--help',
    ]) {
      assert.ok(HELP.includes(option), `help mentions ${option}`);
    }
    const { options } = parseCli(['--duration', '3', '--timeout', '250', '--runs', 'shared/slow-a']);
    assert.equal(options.durationMs, 3000);
    assert.equal(options.generatorTimeoutMs, 350);
    assert.equal(options.faultDelayMs, 225);
    assert.equal(options.windowMs, 250, 'one window per timeout period');
    assert.throws(() => parseCli(['--runs', 'shared/slow-c']), /unknown run/);
    // A run may carry settings of its own; "default" stands for the default list.
    const listed = parseCli(['--runs', 'default,shared/slow-a/wait-50ms/pool-8']).options;
    assert.equal(listed.runs.length, DEFAULT_RUNS.length + 1);
    assert.deepEqual(parseRunName('shared/slow-a/wait-50ms/pool-8', listed).settings, {
      poolSize: 8,
      queueSize: 0,
      maxWaitMs: 50,
      connections: null,
    });
    assert.throws(() => parseCli(['--runs', 'shared/slow-a/queue-5/wait-50ms']), /two kinds of bulkhead/);
    assert.throws(() => parseCli(['--queue', '5', '--max-wait', '50ms']), /two kinds of bulkhead/);
    assert.throws(() => parseCli(['--runs', 'shared/slow-a/connections-0']), /unknown run/);
  });

  test('exits on its own and writes the JSON file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bulkhead-experiment-'));
    try {
      const out = path.join(dir, 'run.json');
      const child = collect(cli([...short, '--runs', 'shared/healthy', '--out', out]));
      const code = await Promise.race([child.exited, sleep(20_000, 'hung', { ref: false })]);
      assert.equal(code, 0, child.output());
      const file = JSON.parse(await readFile(out, 'utf8')) as MeasuredRunFile;
      assert.equal(file.schema, 'bulkhead-lab/measured-run');
      assert.equal(file.meta.interrupted, false);
      assert.equal(file.runs[0]!.name, 'shared/healthy');
      assert.match(child.output(), /shared\/healthy/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    test(`${signal} stops the current run, closes everything, keeps the finished runs and exits`, async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'bulkhead-experiment-'));
      try {
        const out = path.join(dir, 'run.json');
        const child = cli([...short, ...twoRuns, '--out', out]);
        const run = collect(child);
        await duringSecondRun(run.output);
        child.kill(signal);
        const exit = await Promise.race([run.exited, sleep(10_000, 'hung', { ref: false })]);
        assert.equal(exit, code, run.output());
        // Had anything stayed open, the command would have named it 5 s later before exiting.
        assert.doesNotMatch(run.output(), /Still open/);
        const file = JSON.parse(await readFile(out, 'utf8')) as MeasuredRunFile;
        assert.deepEqual([file.meta.interrupted, file.meta.stoppedBy], [true, signal]);
        assert.deepEqual(
          file.runs.map((r) => r.name),
          ['shared/healthy'],
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  test(
    'terminating the npm process that started it stops the experiment too',
    { skip: process.platform !== 'linux' && 'reads /proc' },
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'bulkhead-experiment-'));
      try {
        const out = path.join(dir, 'run.json');
        const npm = spawn('npm', ['run', '--silent', 'experiment', '--', ...short, ...twoRuns, '--out', out], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const run = collect(npm);
        await duringSecondRun(run.output);
        const started = descendants(npm.pid!);
        assert.ok(started.length >= 2, `npm started tsx and the experiment: ${started.join(', ')}`);
        npm.kill('SIGTERM');
        // The experiment notices within a quarter of a second, stops its run and writes the file.
        for (let attempt = 0; attempt < 160 && started.some(alive); attempt++) await sleep(50);
        assert.deepEqual(started.filter(alive), [], 'no process of the experiment is left');
        const file = JSON.parse(await readFile(out, 'utf8')) as MeasuredRunFile;
        assert.deepEqual([file.meta.interrupted, file.meta.stoppedBy], [true, 'launcher-gone']);
        assert.deepEqual(
          file.runs.map((r) => r.name),
          ['shared/healthy'],
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

/** Every process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number): void => {
    for (const [child, of] of parents) {
      if (of === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/** Whether a process is running (a zombie waiting for its parent to read its status is not). */
function alive(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
