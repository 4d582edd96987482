// The committed sample and what is written about it: the reading on /demo/measured.html and in
// experiment/README.md is generated from the sample, the tick model's figures in it are what the
// model gives today, and its counts reconcile. A stale page, README or sample fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_RUNS } from '../../experiment/options.js';
import { modelOf } from '../../experiment/model.js';
import { KINDS_SAMPLE, SAMPLE } from '../../experiment/reading.js';
import { reconcile } from '../../experiment/report.js';
import { parseRunName } from '../../experiment/run.js';
import type { MeasuredRunFile } from '../../experiment/types.js';
import { expectedFiles } from '../../experiment/write-reading.js';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as MeasuredRunFile;
const samples = [read(SAMPLE), read(KINDS_SAMPLE)];

test('the demo page and the README say what the committed sample holds (npm run experiment:reading)', () => {
  for (const [file, expected] of Object.entries(expectedFiles())) {
    assert.ok(readFileSync(file, 'utf8') === expected, `${file} is stale: run npm run experiment:reading`);
  }
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
  assert.deepEqual(
    main.runs.map((run) => run.name),
    DEFAULT_RUNS,
  );
  assert.deepEqual(
    kinds.runs.map((run) => [run.settings.queueSize > 0, run.settings.maxWaitMs !== null]),
    [
      [true, false],
      [true, false],
      [false, true],
      [false, true],
    ],
  );
  for (const sample of samples) {
    assert.equal(sample.schemaVersion, 2);
    assert.equal(sample.meta.interrupted, false);
    assert.ok(sample.meta.label.length > 0, 'the label says what else ran on the machine');
    assert.equal(sample.meta.machine.loadAverageAtStart.length, 3);
    for (const run of sample.runs) assert.deepEqual(reconcile(run), [], run.name);
  }
});
