// The measured companion (experiment/): its parts on loopback, the open-loop generator's
// bookkeeping, and the CLI's way out (on its own and on Ctrl-C). Short runs, real sockets.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runLoad } from '../../experiment/load.js';
import { closeServer, httpGet, keepAliveAgent, listenLoopback, now } from '../../experiment/net.js';
import { defaultOptions, HELP, parseCli } from '../../experiment/options.js';
import { startFaultProxy } from '../../experiment/proxy.js';
import { runOne } from '../../experiment/run.js';
import { startDependency } from '../../experiment/servers.js';
import { startService } from '../../experiment/service.js';
import { percentiles } from '../../experiment/stats.js';
import type { EndpointWindow, MeasuredRunFile, OutcomeCounts, RunName, RunResult } from '../../experiment/types.js';

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

const get = (url: string, timeoutMs = 2000) => {
  const agent = keepAliveAgent();
  return httpGet(url, agent, AbortSignal.timeout(timeoutMs)).finally(() => agent.destroy());
};

describe('experiment parts on loopback', () => {
  test('stubs, proxy and service listen on 127.0.0.1 only and close completely', async () => {
    const before = openHandles();
    const a = await startDependency('A', 1);
    const b = await startDependency('B', 1);
    const proxy = await startFaultProxy({ target: a.url, mode: 'none', delayMs: 50 });
    const service = await startService({
      pool: 'shared',
      poolSize: 4,
      queueSize: 0,
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
      poolSize: 2,
      queueSize: 0,
      timeoutMs: 300,
      upstream: { A: proxy.url, B: b.url },
    });
    const split = await startService({
      pool: 'per-dependency',
      poolSize: 2,
      queueSize: 0,
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
        clientTimeoutMs: 10_000,
        windowMs: 500,
        measureStartAt: now() + 20,
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
      const measureStartAt = now() + 50;
      // Blocks this thread (the generator runs inline here) from 300 to 600 ms into the run.
      const blocker = setTimeout(
        () => {
          while (now() < measureStartAt + 600);
        },
        measureStartAt + 300 - now(),
      );
      const run = await runLoad({
        targets: [{ path: '/a', url: a.url }],
        ratePerSecond: 100,
        warmupMs: 0,
        durationMs: 1000,
        clientTimeoutMs: 2000,
        windowMs: 500,
        measureStartAt,
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
      assert.ok(
        blocked.every((record) => record.latencyMs - record.sendLagMs < 100),
        'measured from the actual send it would look fast',
      );
      assert.ok(run.loop.peakMs >= 250, `event-loop delay shows the block (${run.loop.peakMs} ms)`);
    } finally {
      await a.close();
    }
  });
});

describe('runs', () => {
  const names: RunName[] = ['shared/stalled-a', 'per-dependency/slow-a'];
  const options = defaultOptions({ ratePerSecond: 100, durationMs: 2000, warmupMs: 500, poolSize: 10, runs: names });

  test('every sent request has one outcome, the rate holds, servers are on loopback, nothing stays open', async () => {
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
      for (const endpoint of run.endpoints) {
        const t = endpoint.totals;
        const where = `${run.name} ${endpoint.path}`;
        assert.equal(
          t.sent,
          (options.ratePerSecond * options.durationMs) / 1000,
          `${where}: all scheduled requests sent`,
        );
        assert.equal(outcomeSum(t), t.sent, `${where}: sent = ok + timeout + rejected + other`);
        assert.equal(endpoint.windows.length, 2);
        endpoint.windows.forEach((window: EndpointWindow) =>
          assert.equal(outcomeSum(window), window.sent, `${where} window ${window.tMs}`),
        );
        assert.equal(
          endpoint.windows.reduce((sum, window) => sum + window.sent, 0),
          t.sent,
        );
        const deviation = Math.abs(t.achievedRatePerSecond - t.targetRatePerSecond) / t.targetRatePerSecond;
        assert.ok(deviation <= 0.02, `${where}: achieved ${t.achievedRatePerSecond}/s for ${t.targetRatePerSecond}/s`);
      }
    }
    const [stalled, slow] = results as [RunResult, RunResult];
    // The mechanism, not the figures: a stalled A times out, fills the shared pool, and /b is refused.
    assert.ok(stalled.endpoints[0]!.totals.timeout > 0, 'stalled A: /a times out');
    assert.ok(stalled.endpoints[1]!.totals.rejected > 0, 'shared pool: /b is refused while A holds the slots');
    assert.equal(slow.endpoints[1]!.totals.rejected, 0, 'per-dependency: /b is never refused');
    assert.ok(slow.endpoints[0]!.totals.rejected > 0, 'per-dependency: the slow A is refused at its own bulkhead');
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
  const short = ['--rate', '50', '--duration', '1', '--warmup', '0.2', '--settle', '0.1'];

  test('--help explains every option', () => {
    for (const option of [
      '--rate',
      '--duration',
      '--warmup',
      '--pool',
      '--queue',
      '--timeout',
      '--client-timeout',
      '--fault-delay',
      '--work',
      '--window',
      '--late',
      '--settle',
      '--runs',
      '--generator',
      '--label',
      '--out',
      '--help',
    ]) {
      assert.ok(HELP.includes(option), `help mentions ${option}`);
    }
    const { options } = parseCli(['--duration', '3', '--timeout', '250', '--runs', 'shared/slow-a']);
    assert.equal(options.durationMs, 3000);
    assert.equal(options.clientTimeoutMs, 350);
    assert.equal(options.faultDelayMs, 225);
    assert.throws(() => parseCli(['--runs', 'shared/slow-c']), /unknown run/);
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

  test('Ctrl-C stops the current run, closes everything, keeps the finished runs and exits', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bulkhead-experiment-'));
    try {
      const out = path.join(dir, 'run.json');
      const child = cli([
        ...short,
        '--runs',
        'shared/healthy,shared/stalled-a',
        '--duration',
        '2',
        '--window',
        '250ms',
        '--out',
        out,
      ]);
      const run = collect(child);
      // Interrupt during the second run, after the first run's table was printed.
      for (let attempt = 0; attempt < 200 && !/\[shared\/stalled-a\]/.test(run.output()); attempt++) await sleep(50);
      child.kill('SIGINT');
      const code = await Promise.race([run.exited, sleep(10_000, 'hung', { ref: false })]);
      assert.equal(code, 130, run.output());
      const file = JSON.parse(await readFile(out, 'utf8')) as MeasuredRunFile;
      assert.equal(file.meta.interrupted, true);
      assert.deepEqual(
        file.runs.map((r) => r.name),
        ['shared/healthy'],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
