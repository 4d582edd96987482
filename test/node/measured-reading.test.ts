// The committed sample and what is written about it: the reading on /demo/measured.html and in
// experiment/README.md is generated from the sample, the tick model's figures in it are what the
// model gives today, and its counts reconcile. A stale page, README or sample fails here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { DEFAULT_RUNS } from '../../experiment/options.js';
import { modelOf } from '../../experiment/model.js';
import {
  DEMO_PAGE,
  KINDS_SAMPLE,
  machineWords,
  README,
  readingHtml,
  readingItems,
  readingMarkdown,
  SAMPLE,
} from '../../experiment/reading.js';
import { reconcile } from '../../experiment/report.js';
import { parseRunName } from '../../experiment/run.js';
import { RESULT_SCHEMA_VERSION, type MeasuredRunFile } from '../../experiment/types.js';
import { parseResult } from '../../experiment/read-result.js';
import { expectedFiles } from '../../experiment/write-reading.js';

const read = (file: string) => parseResult(readFileSync(file, 'utf8'), file);
const samples = [read(SAMPLE), read(KINDS_SAMPLE)];

test('the demo page and the README say what the committed sample holds (npm run experiment:reading)', () => {
  for (const [file, expected] of Object.entries(expectedFiles())) {
    assert.ok(readFileSync(file, 'utf8') === expected, `${file} is stale: run npm run experiment:reading`);
  }
});

test('experiment/README.md gives the schema version the experiment writes, in its sentence and its tree', () => {
  const readme = readFileSync(README, 'utf8');
  assert.ok(readme.includes(`\`schemaVersion\` is \`${RESULT_SCHEMA_VERSION}\``), 'the sentence');
  assert.deepEqual(
    [...readme.matchAll(/schemaVersion: (\d+)/g)].map(([, version]) => Number(version)),
    [RESULT_SCHEMA_VERSION],
    'the JSON tree',
  );
  for (const sample of samples) assert.equal(sample.schemaVersion, RESULT_SCHEMA_VERSION);
});

test("the sample's tick-model figures are what the model gives for its runs today", () => {
  for (const sample of samples) {
    for (const run of sample.runs) {
      const { pool, scenario, settings } = parseRunName(run.name, sample.options);
      assert.deepEqual(run.settings, settings, run.name);
      assert.deepEqual(run.model, modelOf({ pool, scenario, settings, options: sample.options }), run.name);
    }
  }
});

test('the sample answers the whole card: default windows, every default run, its counts reconcile', () => {
  const [main, kinds] = samples as [MeasuredRunFile, MeasuredRunFile];
  assert.equal(main.options.windowMs, main.options.timeoutMs, 'one window per timeout period');
  assert.ok(main.options.leadMs > 0, 'a healthy lead before the fault');
  // Every default run, three times, interleaved.
  assert.equal(main.options.repeat, 3);
  assert.deepEqual(
    main.runs.map((run) => `${run.name} ${run.repeat}`),
    [1, 2, 3].flatMap((repeat) => DEFAULT_RUNS.map((name) => `${name} ${repeat}`)),
  );
  assert.deepEqual(
    kinds.runs.map((run) => [run.settings.queueSize > 0, run.settings.maxWaitMs !== null]),
    [1, 2, 3].flatMap(() => [
      [true, false],
      [true, false],
      [false, true],
      [false, true],
    ]),
  );
  for (const sample of samples) {
    assert.equal(sample.schemaVersion, 3);
    for (const run of sample.runs) assert.equal(run.busy, run.busyReasons.length > 0, run.name);
    assert.equal(sample.meta.interrupted, false);
    assert.ok(sample.meta.label.length > 0, 'the label says what else ran on the machine');
    assert.equal(sample.meta.machine.loadAverageAtStart.length, 3);
    for (const run of sample.runs) assert.deepEqual(reconcile(run), [], run.name);
  }
});

test("the samples' labels claim no quiet that their own measurements contradict", () => {
  for (const sample of samples) {
    const others = Math.max(sample.meta.busyAtStart.otherCores, ...sample.runs.map((run) => run.hostCpu.otherCores));
    const held = sample.runs.filter((run) => run.busy).length;
    if (others > 0 || held > 0)
      assert.doesNotMatch(
        sample.meta.label,
        /nothing else|quiet|idle/i,
        `other processes used up to ${others.toFixed(2)} cores, and ${held} runs were machine-busy`,
      );
    assert.equal(sample.options.label, sample.meta.label);
  }
});

test("the README's table has one row per configuration and endpoint of each file, labelled by its file", () => {
  const [main, kinds] = samples as [MeasuredRunFile, MeasuredRunFile];
  const markdown = readingMarkdown(main, kinds);
  const rows = markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| run') && !line.startsWith('| ---'))
    .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |\|$/g, '').trim()));
  let [run, file] = ['', ''];
  const labelled = rows.map(([name, from, endpoint]) => {
    if (name) [run, file] = [name, from!];
    return `${file} ${run} ${endpoint}`;
  });
  const expected = [
    ...[...new Set(main.runs.map((r) => r.name))].flatMap((name) => [
      `sample-run.json ${name} /a`,
      `sample-run.json ${name} /b`,
    ]),
    ...[...new Set(kinds.runs.map((r) => r.name))].flatMap((name) => [
      `bulkhead-kinds.json ${name} /a`,
      `bulkhead-kinds.json ${name} /b`,
    ]),
  ];
  assert.deepEqual(labelled, expected);
  // A configuration in both files is named with its file wherever the reading gives its figures.
  const twice = kinds.runs.map((r) => r.name).filter((name) => main.runs.some((r) => r.name === name));
  assert.ok(twice.length > 0, 'the samples share a configuration; otherwise this test proves nothing');
  for (const name of new Set(twice)) {
    const items = readingItems(main, kinds).filter((item) => item.includes(`\`${name}\``));
    assert.ok(items.length >= 2, name);
    for (const item of items) {
      const mentions = [...item.matchAll(new RegExp(`\`${name.replaceAll('/', '\\/')}\`.{0,80}`, 'g'))];
      for (const [mention] of mentions)
        assert.match(mention, /sample-run\.json|bulkhead-kinds\.json|measured again/, mention);
    }
  }
});

test('text from the file reaches the README as text: a hostile label or run name is escaped', () => {
  const hostile = '<img src=x onerror=alert(1)> **bold** `code` | [link](javascript:x) _x_';
  const file = structuredClone(samples[0]!);
  file.meta.label = hostile;
  file.runs[0]!.name = `shared/healthy${hostile}` as MeasuredRunFile['runs'][number]['name'];
  const markdown = readingMarkdown(file, samples[1]!);
  assert.doesNotMatch(markdown, /(?<!\\)<img/, 'no unescaped markup');
  assert.ok(
    markdown.includes(
      '\\<img src=x onerror=alert(1)\\> \\*\\*bold\\*\\* \\`code\\` \\| \\[link\\](javascript:x) \\_x\\_',
    ),
  );
  for (const row of markdown.split('\n').filter((line) => line.startsWith('| shared/healthy')))
    assert.equal(row.split(/(?<!\\)\|/).length, 18, `a | in a name does not add a column: ${row}`);
  const page = readingHtml(file, samples[1]!);
  assert.doesNotMatch(page, /<img|<strong>bold/);
  assert.ok(page.includes('&lt;img src=x onerror=alert(1)&gt; **bold** `code` | [link](javascript:x) _x_'));
});

test('a line break in a label, run name, CPU model or busy reason starts no heading, item or table row', () => {
  const file = structuredClone(samples[0]!);
  const breaks = ['\n# Heading\n', '\r\n- item\r', '\u2028## Also\u2029', '\n| a | b |\n'];
  file.meta.label = `label${breaks.join('')}end`;
  file.meta.machine.cpuModel = `cpu${breaks[0]}model`;
  for (const run of file.runs.filter((run) => run.name === 'shared/healthy'))
    run.name = `shared/healthy${breaks[3]}x` as MeasuredRunFile['runs'][number]['name'];
  const busy = file.runs.find((run) => run.busy)!;
  busy.busyReasons = [`held up${breaks[1]}long`];
  const clean = readingMarkdown(samples[0]!, samples[1]!).split('\n');
  const markdown = readingMarkdown(file, samples[1]!);
  const lines = markdown.split(/\r\n|\r|\n|\u2028|\u2029/);
  assert.equal(lines.length, clean.length, 'no line more than in the clean reading');
  assert.deepEqual(
    lines.map((line) => /^(#|- |\|)/.exec(line)?.[0] ?? ''),
    clean.map((line) => /^(#|- |\|)/.exec(line)?.[0] ?? ''),
  );
  assert.ok(markdown.includes('label # Heading - item ## Also \\| a \\| b \\| end'), 'the text stays, on one line');
  for (const row of lines.filter((line) => line.startsWith('| shared/healthy')))
    assert.equal(row.split(/(?<!\\)\|/).length, 18, row);
});

describe('npm run experiment:reading on a sample it cannot read', () => {
  const reading = (sample: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'experiment/write-reading.ts', '--sample', sample], {
      encoding: 'utf8',
    });
  for (const [what, text, message] of [
    ['a truncated file', readFileSync(SAMPLE, 'utf8').slice(0, 5000), /is not JSON/],
    ['another JSON file', '{"name": "x"}', /not a bulkhead-lab measured-run file/],
    ['runs of the wrong shape', JSON.stringify({ ...samples[0], runs: [{ name: 'shared/healthy' }] }), /runs\[0\]\./],
    [
      'a run without a /b endpoint',
      JSON.stringify({
        ...samples[0],
        runs: samples[0]!.runs.map((run, r) => (r === 4 ? { ...run, endpoints: run.endpoints.slice(0, 1) } : run)),
      }),
      /: runs\[4\]\.endpoints: there is no \/b endpoint; the reading needs \/a and \/b in every run$/,
    ],
    ['no runs at all', JSON.stringify({ ...samples[0], runs: [] }), /: runs: there is no run to read$/],
    [
      'a run without what the reading reads',
      JSON.stringify({
        ...samples[0],
        runs: [{ ...samples[0]!.runs[0]!, eventLoop: { service: samples[0]!.runs[0]!.eventLoop.service } }],
      }),
      /: runs\[0\]\.eventLoop\.generator\.peakMs: expected a number, got nothing$/,
    ],
  ] as const) {
    test(`${what}: one line that says what is wrong, no stack, nothing written`, () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bulkhead-reading-'));
      try {
        const sample = path.join(dir, 'sample.json');
        writeFileSync(sample, text);
        const before = [README, DEMO_PAGE].map((file) => readFileSync(file, 'utf8'));
        const run = reading(sample);
        assert.equal(run.status, 1);
        const lines = run.stderr.trim().split('\n');
        assert.equal(lines.length, 1, run.stderr);
        assert.match(lines[0]!, message);
        assert.ok(lines[0]!.includes(sample), 'names the file');
        assert.deepEqual(
          [README, DEMO_PAGE].map((file) => readFileSync(file, 'utf8')),
          before,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('the reading weighs repeats', () => {
  const [main, kinds] = samples as [MeasuredRunFile, MeasuredRunFile];
  /** The reading without its last item, which counts every request of every run, busy or not. */
  const conclusions = (file: MeasuredRunFile) => readingItems(file, kinds).slice(0, -1);

  test('no figure of a machine-busy run reaches a conclusion', () => {
    // The sample's runs as if none was busy, then one more repeat that was, with wrecked figures.
    const quiet = structuredClone(main);
    for (const run of quiet.runs) Object.assign(run, { busy: false, busyReasons: [] });
    const file = structuredClone(quiet);
    const wrecked = structuredClone(file.runs.find((run) => run.name === 'shared/slow-a')!);
    Object.assign(wrecked, { repeat: 4, busy: true, busyReasons: ["the service's event loop was held up 900 ms"] });
    for (const endpoint of wrecked.endpoints) {
      Object.assign(endpoint.totals, { ok: 0, other: endpoint.totals.sent, timeout: 0, rejected: 0, successRate: 0 });
      endpoint.totals.p99Ms = 5000;
    }
    file.runs.push(wrecked);
    assert.deepEqual(conclusions(file), conclusions(quiet));
    assert.match(machineWords(file, null), /shared\/slow-a repeat 4 \(the service's event loop was held up 900 ms\)/);
  });

  test('with fewer than two usable repeats, the machine was too busy to tell', () => {
    const file = structuredClone(main);
    for (const run of file.runs) if (run.name === 'shared/slow-a') run.busy = true;
    const [starvation] = conclusions(file);
    assert.match(
      starvation!,
      /^\*\*A slow A and \/b in the shared pool: this machine was too busy to tell \(.*shared\/slow-a had 0 of 3/,
    );
  });

  test("a difference within the repeats' spread is not a conclusion", () => {
    const file = structuredClone(main);
    // Give per-dependency/slow-a's /b exactly the shared pool's figures: no difference at all.
    const shared = file.runs.filter((run) => run.name === 'shared/slow-a');
    file.runs
      .filter((run) => run.name === 'per-dependency/slow-a')
      .forEach((run, k) => {
        run.endpoints[1]!.totals = structuredClone(shared[k]!.endpoints[1]!.totals);
        run.busy = shared[k]!.busy;
      });
    const [starvation] = conclusions(file);
    assert.match(
      starvation!,
      /^\*\*A slow A and \/b in the shared pool: (not distinguishable on this machine|this machine was too busy to tell)/,
    );
  });
});
