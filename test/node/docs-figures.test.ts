// The heights docs/EMBEDDING.md gives are what the current code renders: measured again here, so
// the table cannot go stale. `npm run figures` rewrites it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  SIZES_END,
  SIZES_START,
  currentBlock,
  heightsBlock,
  measureHeights,
  sizesBlock,
} from '../../scripts/embed-figures.js';

test('the element heights in docs/EMBEDDING.md match a fresh measurement (else: npm run figures)', async () => {
  const documented = currentBlock();
  assert.ok(documented, 'docs/EMBEDDING.md has no figures markers');
  assert.equal(documented, heightsBlock(await measureHeights()));
});

test('the sizes in docs/EMBEDDING.md match the built files (else: npm run figures)', async () => {
  assert.equal(currentBlock(undefined, SIZES_START, SIZES_END), await sizesBlock());
});
