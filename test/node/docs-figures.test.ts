// The sizes docs/EMBEDDING.md gives are those of the built files: measured again here, so the table
// cannot go stale, and the budgets README.md and docs/EMBEDDING.md give are those of
// scripts/size.mjs. `npm run figures` rewrites them. (The heights table beside them depends on the
// fonts of the machine that measured it; what readers meet, that nothing shifts, is tested in
// embedding.test.ts and layout-shift.test.ts instead.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import {
  BUDGETS_END,
  BUDGETS_START,
  DOC,
  README,
  SIZES_END,
  SIZES_START,
  budgetsBlock,
  currentBlock,
  sizesBlock,
} from '../../scripts/embed-figures.js';

test('the sizes in docs/EMBEDDING.md match the built files (else: npm run figures)', async () => {
  assert.equal(currentBlock(undefined, SIZES_START, SIZES_END), await sizesBlock());
});

test('the budgets README.md and docs/EMBEDDING.md give are those of scripts/size.mjs (else: npm run figures)', () => {
  for (const file of [README, DOC])
    assert.equal(currentBlock(fs.readFileSync(file, 'utf8'), BUDGETS_START, BUDGETS_END), budgetsBlock(), file);
});
