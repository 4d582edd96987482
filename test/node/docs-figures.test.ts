// The sizes docs/EMBEDDING.md gives are those of the built files: measured again here, so the table
// cannot go stale. `npm run figures` rewrites it. (The heights table beside it depends on the fonts
// of the machine that measured it; what readers meet, that nothing shifts, is tested in
// embedding.test.ts and layout-shift.test.ts instead.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIZES_END, SIZES_START, currentBlock, sizesBlock } from '../../scripts/embed-figures.js';

test('the sizes in docs/EMBEDDING.md match the built files (else: npm run figures)', async () => {
  assert.equal(currentBlock(undefined, SIZES_START, SIZES_END), await sizesBlock());
});
