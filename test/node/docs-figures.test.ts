// The heights docs/EMBEDDING.md gives are what the current code renders: measured again here, so
// the table cannot go stale. `npm run figures` rewrites it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentBlock, heightsBlock, measureHeights } from '../../scripts/embed-figures.js';

test('the element heights in docs/EMBEDDING.md match a fresh measurement (else: npm run figures)', async () => {
  const documented = currentBlock();
  assert.ok(documented, 'docs/EMBEDDING.md has no figures markers');
  assert.equal(documented, heightsBlock(await measureHeights()));
});
