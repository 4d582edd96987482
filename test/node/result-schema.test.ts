// The experiment writes result files and <measured-run> reads them: the reader's view of the schema
// must stay a subset of what the writer produces, checked by the type checker and on real files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import type { MeasuredRunFile as Written } from '../../experiment/types.js';
import { checkResultFile, type MeasuredRunFile as Read } from '../../src/elements/measured-run/result-file.js';

// Fails to compile if a field the chart reads is renamed or retyped in experiment/types.ts.
const readable = (file: Written): Read => file;

for (const file of ['experiment/sample/sample-run.json', 'experiment/sample/bulkhead-kinds.json']) {
  test(`${file} is a result file the chart can read`, () => {
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as Written;
    const read = checkResultFile(readable(written));
    assert.ok(read.runs.length > 0);
    for (const run of read.runs) for (const endpoint of run.endpoints) assert.ok(endpoint.windows.length > 0);
  });
}
