// The exported Java (Netflix concurrency-limits) compiles with javac. Maven's registry is not
// reachable on the machines this runs on, so it compiles against small stubs of the library's
// classes written for this test (test/node/fixtures/export/java-stubs): the same packages, classes
// and method signatures as https://github.com/Netflix/concurrency-limits, without their behaviour.
// Without a JDK the test is skipped, and says so.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { POLICIES, exportConfig } from '../../src/sim/index.js';

const STUBS = path.resolve('test/node/fixtures/export/java-stubs');
const javac = spawnSync('javac', ['-version'], { encoding: 'utf8' });
const skip = javac.error ? 'javac is not installed: the exported Java is not compiled' : false;

describe('exported Java (concurrency-limits)', () => {
  for (const policy of POLICIES)
    test(`compiles for ${policy}`, { skip }, () => {
      const { code, verdict } = exportConfig({ policy, retries: 1 }, 'concurrency-limits');
      if (verdict === 'none') {
        // Comments only: nothing to compile, and the code says what to use instead.
        assert.match(code, /^(\/\/ .*\n)+$/);
        return;
      }
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-java-'));
      try {
        fs.writeFileSync(path.join(folder, 'LabLimiters.java'), code);
        execFileSync('javac', ['-Xlint:all', '-Werror', '-sourcepath', STUBS, '-d', folder, 'LabLimiters.java'], {
          cwd: folder,
          stdio: 'pipe',
        });
        assert.ok(fs.existsSync(path.join(folder, 'LabLimiters.class')));
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
});
