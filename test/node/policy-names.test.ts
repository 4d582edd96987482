// Only the two tables name policies: the model's rules (src/sim/config.ts, its presets included) and
// the elements' words for them (src/elements/labels.ts). Every other module reads a policy's rules or
// words from them, so a new policy is one record in each table, and nothing special-cases one by name.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const POLICIES = ['shared-fifo', 'shared-round-robin', 'strict-partitions', 'borrowing'];
const TABLES = ['src/sim/config.ts', 'src/elements/labels.ts'];

test('no module but the two tables names a policy in its code', () => {
  const named: string[] = [];
  for (const file of fs.readdirSync('src', { recursive: true, encoding: 'utf8' })) {
    const where = path.join('src', file);
    if (!where.endsWith('.ts') || TABLES.includes(where) || where.includes(`${path.sep}generated${path.sep}`)) continue;
    const code = fs
      .readFileSync(where, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    // A name as a whole string: 'borrowing', not the words of a sentence or a step's "policy=…" check.
    for (const policy of POLICIES)
      if (new RegExp(`['"\`]${policy}['"\`]`).test(code)) named.push(`${where}: ${policy}`);
  }
  assert.deepEqual(named, []);
});
