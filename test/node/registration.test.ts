// When the bundle registers each tag, counted in frames from the one that runs it: every tag at once,
// on a page with a lab or without, so that a page script after the bundle's finds every element
// defined. Pages: test/node/fixtures/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servedRepo } from './browser.js';

const repo = servedRepo();

/** Opens a fixture and returns, by tag, the frame in which the page registered it (0: the first). */
async function registrations(fixture: string): Promise<Record<string, number>> {
  const page = await repo.browser.newPage();
  // As text: the test's TypeScript compiler would wrap named functions in a helper the page lacks.
  await page.addInitScript(`
    let frames = 0;
    requestAnimationFrame(function count() {
      frames++;
      requestAnimationFrame(count);
    });
    window.registered = {};
    const define = customElements.define.bind(customElements);
    customElements.define = (tag, element, options) => {
      window.registered[tag] = frames;
      define(tag, element, options);
    };
  `);
  await page.goto(`${repo.url}/test/node/fixtures/${fixture}`);
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  const seen = await page.evaluate(() => (window as unknown as { registered: Record<string, number> }).registered);
  await page.close();
  const first = Math.min(...Object.values(seen));
  return Object.fromEntries(Object.entries(seen).map(([tag, frame]) => [tag, frame - first]));
}

const VIEWS = ['lab-controls', 'outcome-table', 'slot-board', 'tick-timeline'];

for (const [page, fixture] of [
  ['a page with a lab', 'lab-beside-gate.html'],
  ['a page with no lab', 'widgets-bundle.html'],
]) {
  test(`${page}: every tag at once`, async () => {
    const at = await registrations(fixture!);
    for (const tag of [...VIEWS, 'outcome-gate', 'bulkhead-scenario', 'bulkhead-lab']) assert.equal(at[tag], 0, tag);
  });
}

test('requests a page script sends right after the bundle reach the lab, as they were sent', async () => {
  const page = await repo.browser.newPage();
  await page.goto(`${repo.url}/test/node/fixtures/lab-early-requests.html`);
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  await page.waitForFunction(() => (window as unknown as { earlyRuns: number }).earlyRuns >= 3, null, {
    timeout: 5_000,
  });
  const seen = await page.evaluate(() => {
    type Shown = HTMLElement & { scenario: { config: Record<string, unknown> } };
    const [lab, inside] = ['lab', 'inside'].map((id) => document.getElementById(id) as Shown);
    const { policy, reservedA, aTimeout, bTimeout } = lab!.scenario.config;
    return {
      sentEarly: (window as unknown as { sentEarly: boolean }).sentEarly,
      runs: (window as unknown as { earlyRuns: number }).earlyRuns,
      lab: { policy, reservedA, aTimeout, bTimeout },
      shared: inside!.scenario === lab!.scenario,
    };
  });
  await page.close();
  assert.ok(!seen.sentEarly, 'the lab was registered before the page script ran');
  assert.deepEqual(seen.lab, { policy: 'shared-round-robin', reservedA: 3, aTimeout: 9, bTimeout: 4 });
  assert.equal(seen.runs, 3, 'each request answered once, by the lab');
  assert.ok(seen.shared, "the view inside shows the lab's scenario");
});
