// What a hostile user of `npm run experiment` meets: options whose errors must name the option at
// fault, and an --out path that cannot be written.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RUNS, parseCli } from '../../experiment/options.js';
import { parseRunName } from '../../experiment/run.js';
import { artilleryScript } from '../../experiment/artillery.js';
import { parseResult } from '../../experiment/read-result.js';
import { busyReasons } from '../../experiment/busy.js';
import { formatStartCheck } from '../../experiment/report.js';
import type { MeasuredRunFile } from '../../experiment/types.js';
import type { ArtilleryScript } from '../../experiment/artillery.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the CLI to its end (at most `limitMs`); returns its exit code and everything it printed. */
async function runCli(
  args: string[],
  limitMs = 30_000,
): Promise<{ code: number | null; output: string; took: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'experiment/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await Promise.race([
    new Promise<number | null>((resolve) => child.on('exit', (exit) => resolve(exit))),
    sleep(limitMs, 'hung' as const, { ref: false }),
  ]);
  if (code === 'hung') child.kill('SIGKILL');
  assert.notEqual(code, 'hung', output);
  return { code: code as number | null, output, took: Date.now() - started };
}

const short = [
  '--repeat',
  '1',
  '--rate',
  '40',
  '--duration',
  '0.4',
  '--lead',
  '0',
  '--warmup',
  '0.1',
  '--settle',
  '0',
  '--window',
  '200ms',
];

describe('options name the option at fault', () => {
  test('a timeout too short for the defaults derived from it is blamed on --timeout', () => {
    assert.throws(
      () => parseCli(['--timeout', '5ms']),
      (error: Error) => error.message.startsWith('--timeout') && /--burst-every|--window/.test(error.message),
    );
    // Given explicitly, the derived options are the user's own: the message names them.
    assert.throws(() => parseCli(['--timeout', '5ms', '--window', '200ms', '--burst-every', '5ms']), {
      message: /^--burst-every must be/,
    });
    assert.doesNotThrow(() =>
      parseCli(['--timeout', '5ms', '--window', '200ms', '--burst-every', '50ms', '--busy', '2ms']),
    );
  });
});

describe('options never invent a run the user did not ask for', () => {
  test('--max-wait keeps every default run; a run whose name sets a line keeps its own kind of line', () => {
    const { options } = parseCli(['--max-wait', '50ms']);
    assert.deepEqual(options.runs, DEFAULT_RUNS);
    const settings = (name: string) => parseRunName(name, options).settings;
    assert.deepEqual(settings('shared/slow-a'), { poolSize: 20, queueSize: 0, maxWaitMs: 50, connections: null });
    assert.deepEqual(settings('shared/slow-a/queue-20'), {
      poolSize: 20,
      queueSize: 20,
      maxWaitMs: null,
      connections: null,
    });
    // And the other way round: a run's own wait replaces the options' queue.
    const queued = parseCli(['--queue', '5', '--runs', 'shared/slow-a/wait-50ms,shared/slow-a']).options;
    assert.deepEqual(
      queued.runs.map((name) => parseRunName(name, queued).settings),
      [
        { poolSize: 20, queueSize: 0, maxWaitMs: 50, connections: null },
        { poolSize: 20, queueSize: 5, maxWaitMs: null, connections: null },
      ],
    );
    // Only a name that asks for both kinds itself is refused, and the message names that run.
    assert.throws(() => parseCli(['--runs', 'shared/slow-a/queue-20/wait-50ms']), {
      message: /^unknown run "shared\/slow-a\/queue-20\/wait-50ms": a queue .* two kinds of bulkhead/,
    });
  });

  test('a setting given twice in a run name is refused with one line naming it', () => {
    assert.throws(() => parseCli(['--runs', 'shared/slow-a/pool-40/pool-2']), {
      message: /^unknown run "shared\/slow-a\/pool-40\/pool-2": "pool-2" sets the pool a second time/,
    });
    assert.throws(() => parseCli(['--runs', 'shared/slow-a/wait-50ms/wait-1s']), {
      message: /"wait-1s" sets the wait a second time/,
    });
    assert.throws(() => parseCli(['--runs', '/pool-40/pool-2']), {
      message: /^unknown run "\/pool-40\/pool-2": no such pool/,
    });
  });

  test('a duration that rounds to no time at all is refused, so no Artillery phase is "0ms"', () => {
    assert.throws(() => parseCli(['--warmup', '0.0004']), {
      message: /^--warmup: "0\.0004" is 0\.4 ms; give 0 or at least 1ms$/,
    });
    assert.throws(() => parseCli(['--lead', '0.5ms']), { message: /^--lead: "0\.5ms" is 0\.5 ms;/ });
    assert.equal(parseCli(['--warmup', '0']).options.warmupMs, 0);
    const { options } = parseCli(['--warmup', '0.0014', '--lead', '0']);
    assert.deepEqual(
      artilleryScript(options, 'http://127.0.0.1:8080').config.phases.map((phase) => phase.duration),
      ['1ms', '10000ms'],
    );
  });
});

describe('--out that cannot be written', () => {
  for (const [what, out] of [
    ['a full device', '/dev/full'],
    ['a path under a file', path.join(root, 'package.json', 'run.json')],
    ['a directory', os.tmpdir()],
  ] as const) {
    test(`${what} is refused before anything is measured, with a message and no stack`, async () => {
      const run = await runCli([...short, '--runs', 'shared/healthy', '--out', out]);
      assert.equal(run.code, 2, run.output);
      assert.match(run.output, new RegExp(`^--out ${out.replaceAll('/', '\\/')}: `, 'm'));
      assert.doesNotMatch(run.output, /\n\s+at /, 'no stack trace');
      assert.doesNotMatch(run.output, /counts reconcile|Stopping/, 'no run was measured');
    });
  }

  test('a path that breaks during the runs still keeps the result, and says where', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bulkhead-out-'));
    const out = path.join(dir, 'sub', 'run.json');
    try {
      const child = runCli([...short, '--runs', 'shared/healthy,shared/healthy', '--out', out]);
      // The folder of --out turns into a file while the experiment runs (the check made it).
      for (let attempt = 0; attempt < 200 && !existsSync(path.dirname(out)); attempt++) await sleep(25);
      await sleep(100);
      await rm(path.join(dir, 'sub'), { recursive: true, force: true });
      await writeFile(path.join(dir, 'sub'), 'in the way');
      const run = await child;
      assert.equal(run.code, 1, run.output);
      assert.doesNotMatch(run.output, /\n\s+at /, 'no stack trace');
      const kept = /kept the result in (\S+\.json)/.exec(run.output)?.[1];
      assert.ok(kept, run.output);
      try {
        const file = JSON.parse(await readFile(kept, 'utf8')) as { runs: unknown[] };
        assert.equal(file.runs.length, 2);
      } finally {
        await rm(kept, { force: true });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the card's client timeout is the service's --timeout", () => {
  test("the load generator's own timeout is --generator-timeout; --client-timeout says so", () => {
    assert.equal(parseCli(['--generator-timeout', '250ms']).options.generatorTimeoutMs, 250);
    assert.throws(() => parseCli(['--client-timeout', '1s']), {
      message: /^--client-timeout is now --generator-timeout.*--timeout/,
    });
  });

  test('a file of version 2, which called it clientTimeoutMs, reads in the new names', () => {
    const old = JSON.parse(readFileSync(path.join(root, 'test/node/fixtures/measured-v2.json'), 'utf8')) as {
      options: Record<string, unknown>;
    };
    assert.equal(old.options.clientTimeoutMs, 300);
    const file = parseResult(JSON.stringify(old), 'old.json');
    assert.equal(file.options.generatorTimeoutMs, 300);
    assert.ok(!('clientTimeoutMs' in file.options));
    assert.deepEqual(
      file.runs.map((run) => [run.repeat, run.busy, run.endpoints[0]!.totals.generatorTimeouts]),
      file.runs.map(() => [1, null, 0]),
    );
  });
});

describe('repeats and a busy machine', () => {
  test('--repeat runs every configuration again, interleaved, and sums them up by median and range', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bulkhead-repeat-'));
    try {
      const out = path.join(dir, 'run.json');
      const run = await runCli([...short, '--repeat', '2', '--runs', 'shared/healthy,shared/failing-a', '--out', out]);
      assert.equal(run.code, 0, run.output);
      const file = JSON.parse(await readFile(out, 'utf8')) as MeasuredRunFile;
      assert.equal(file.options.repeat, 2);
      assert.deepEqual(
        file.runs.map((r) => `${r.name} ${r.repeat}`),
        ['shared/healthy 1', 'shared/failing-a 1', 'shared/healthy 2', 'shared/failing-a 2'],
      );
      for (const r of file.runs) {
        assert.equal(typeof r.busy, 'boolean');
        assert.equal(r.busy, r.busyReasons.length > 0);
        assert.equal(r.loadAverageAtStart.length, 3);
      }
      assert.equal(typeof file.meta.busyAtStart.busy, 'boolean');
      assert.match(run.output, /Median \(range\) over the repeats that were not machine-busy/);
      assert.match(run.output, /shared\/failing-a\s+\/a\s+\d of 2\s+(0\.0%|–)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a run is machine-busy when a thread was held up or a request left late by the bound', () => {
    const loop = (peakMs: number, windowPeakMs = 0) => ({
      peakMs,
      p99Ms: 0,
      meanMs: 0,
      utilization: 0,
      firstStallMs: null,
      windows: [{ tMs: -200, peakMs: windowPeakMs, utilization: 0 }],
    });
    const endpoints = (lag: number) => [
      { path: '/a', totals: { sendLagMaxMs: lag } },
      { path: '/b', totals: { sendLagMaxMs: null } },
    ];
    const quiet = { eventLoop: { service: loop(11), generator: loop(13) }, endpoints: endpoints(18) };
    assert.deepEqual(busyReasons(quiet, 25, false), []);
    // In the lead too: the windows before the fault count.
    const leadStall = { ...quiet, eventLoop: { service: loop(11, 247), generator: loop(4) } };
    assert.deepEqual(busyReasons(leadStall, 25, false), ["the service's event loop was held up 247 ms"]);
    const late = { eventLoop: { service: loop(3), generator: loop(40) }, endpoints: endpoints(31.5) };
    assert.deepEqual(busyReasons(late, 25, false), [
      "the load generator's event loop was held up 40 ms",
      'a request to /a left 31.5 ms late',
    ]);
    assert.deepEqual(busyReasons(late, 25, true), ['a request to /a left 31.5 ms late'], 'inline: one loop');
  });

  test('a machine already busy at the start is said then', () => {
    assert.equal(formatStartCheck({ loadAverage: 0.4, otherCores: 0.1, busy: false }, 2), null);
    assert.match(
      formatStartCheck({ loadAverage: 4.7, otherCores: 1.3, busy: true }, 2)!,
      /^This machine is already busy: load average 4\.7 on 2 cores, and other processes used 1\.30 cores/,
    );
  });
});

describe('--export-artillery: the same load from a distributed engine', () => {
  test('writes an Artillery 2 script: its phases, arrival rate, timeout and both endpoints, and measures nothing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bulkhead-artillery-'));
    try {
      const file = path.join(dir, 'load.yml');
      const run = await runCli([
        '--rate',
        '120',
        '--warmup',
        '1',
        '--lead',
        '0.5',
        '--duration',
        '5',
        '--generator-timeout',
        '250ms',
        '--export-artillery',
        file,
        '--target',
        'http://127.0.0.1:8080/',
      ]);
      assert.equal(run.code, 0, run.output);
      assert.ok(run.took < 10_000, 'nothing measured');
      const text = await readFile(file, 'utf8');
      assert.match(text, /^# Artillery 2 script/);
      // JSON after the comments: a YAML reader such as Artillery's reads it as it is.
      const script = JSON.parse(text.replace(/^#.*\n/gm, '')) as ArtilleryScript;
      assert.equal(script.config.target, 'http://127.0.0.1:8080');
      assert.equal(script.config.http.timeout, 0.25, "Artillery's timeout, in seconds, is the generator's");
      assert.deepEqual(
        script.config.phases.map((phase) => [phase.duration, phase.arrivalRate]),
        [
          ['1000ms', 120],
          ['500ms', 120],
          ['5000ms', 120],
        ],
      );
      const [scenario] = script.scenarios;
      assert.equal(script.scenarios.length, 1, 'one scenario: no random pick between endpoints');
      assert.deepEqual(
        scenario!.flow.flatMap((step) => step.parallel.map((request) => request.get.url)),
        ['/a', '/b'],
        'every arrival sends /a and /b at once, so each gets the full rate',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('needs a target, refuses one that is not http(s) or has a query or fragment, and the bursts of burst-a', () => {
    assert.throws(() => parseCli(['--export-artillery', 'x.yml']), /--target URL go together/);
    assert.throws(() => parseCli(['--target', 'http://x']), /go together/);
    assert.throws(() => parseCli(['--export-artillery', 'x.yml', '--target', 'ftp://x']), /not an http or https URL/);
    assert.throws(() => parseCli(['--export-artillery', 'x.yml', '--target', 'nowhere']), /not a URL/);
    for (const target of [
      'http://x/base?token=1#frag',
      'http://x/base?token=1',
      'http://x/base#frag',
      'http://x/base?',
    ])
      assert.throws(() => parseCli(['--export-artillery', 'x.yml', '--target', target]), {
        message: `--target: "${target}" has a query or a fragment, which the requests to /a and /b would not keep; give the service's base URL, such as http://127.0.0.1:8080/api`,
      });
    assert.throws(
      () => parseCli(['--export-artillery', 'x.yml', '--target', 'http://x', '--runs', 'shared/burst-a']),
      /bursts of burst-a/,
    );
    assert.deepEqual(parseCli(['--export-artillery', 'x.yml', '--target', 'https://x.example/api/']).exportArtillery, {
      file: 'x.yml',
      target: 'https://x.example/api',
    });
  });
});
