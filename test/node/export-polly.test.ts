// The exported C# (Polly v8): no .NET SDK on these machines, so the code is checked against golden
// files (test/node/fixtures/export/polly/*.cs), read and reviewed by a person when they change.
// Regenerate them after a deliberate change with:
//   UPDATE_GOLDEN=1 node --import tsx --test test/node/export-polly.test.ts
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { exportConfig, type LabConfig } from '../../src/sim/index.js';

const FOLDER = path.resolve('test/node/fixtures/export/polly');

const CASES: Record<string, Partial<LabConfig>> = {
  'strict-partitions-from-arrival': { policy: 'strict-partitions' },
  'strict-partitions-from-start-retries': {
    policy: 'strict-partitions',
    timeoutFrom: 'start',
    retries: 2,
    retryDelay: 3,
  },
  'shared-fifo-one-limiter': { policy: 'shared-fifo', retries: 1, retryBudget: 10 },
  'strict-partitions-no-home-slot': { policy: 'strict-partitions', reservedA: 0, queueCap: 0 },
  'borrowing-none': { policy: 'borrowing' },
};

describe('exported C# (Polly v8), against golden files', () => {
  for (const [name, config] of Object.entries(CASES))
    test(name, () => {
      const { code, verdict, differences } = exportConfig(config, 'polly', { tickMs: 100 });
      const text = `${code}\n// verdict: ${verdict}\n${differences.map((d) => `// difference: ${d}\n`).join('')}`;
      const file = path.join(FOLDER, `${name}.cs`);
      if (process.env.UPDATE_GOLDEN) fs.writeFileSync(file, text);
      assert.equal(
        text,
        fs.readFileSync(file, 'utf8'),
        `${name}.cs differs: rerun with UPDATE_GOLDEN=1 once the change is meant`,
      );
      // What a compiler would trip over first: unbalanced brackets.
      for (const [open, close] of ['()', '{}'])
        assert.equal(code.split(open!).length, code.split(close!).length, `${name}: ${open}${close} balance`);
    });
});
