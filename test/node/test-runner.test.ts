// The browser test run itself (web-test-runner.config.mjs): a browser driver's promise that fails
// outside any test must not end the run before it reports.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

test('a promise that fails outside any test is reported on stderr, and the run goes on to report', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-runner-'));
  const counts = path.join(folder, 'counts.json');
  try {
    const run = spawnSync(
      process.execPath,
      ['node_modules/.bin/web-test-runner', 'test/node/fixtures/runner/one-check.js'],
      {
        encoding: 'utf8',
        timeout: 120_000,
        env: {
          ...process.env,
          CI: '1',
          TEST_ENGINES: 'chromium',
          TEST_COUNTS_FILE: counts,
          NODE_OPTIONS: '--require ./test/node/fixtures/runner/stray-rejection.cjs',
        },
      },
    );
    assert.match(run.stderr, /failed outside any test; the run goes on:\nError: a stray rejection/);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.deepEqual(JSON.parse(fs.readFileSync(counts, 'utf8')), {
      passed: 1,
      failed: 0,
      skipped: 0,
      engines: { Chromium: { passed: 1, failed: 0, skipped: 0 } },
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
