// The built model is a plain ES module that Node imports with no DOM.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('dist/sim.js runs in Node and exports the whole model API', async () => {
  // A URL import, so the type check does not need the build output.
  const sim = await import(new URL('../../dist/sim.js', import.meta.url).href);
  for (const name of [
    'simulate',
    'stateAt',
    'slotsAt',
    'queuesAt',
    'metricsAt',
    'normalizeConfig',
    'DEFAULT_CONFIG',
    'presets',
  ]) {
    assert.ok(name in sim, `missing export ${name}`);
  }
  const run = sim.simulate();
  assert.equal(run.requests.length, 28);
  assert.equal(sim.metricsAt(run, 20).B.completed, 1);
  assert.equal('document' in globalThis, false);
});
