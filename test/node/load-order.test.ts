// Views and their sources loading in either order, from the built per-element entries: a view whose
// source may still arrive says nothing; one whose source is still missing once the page has loaded
// shows its notice and warns once. Pages: test/node/fixtures/.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, openPage, shadowText } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

const FIXTURES = '/test/node/fixtures';
const MISSING = /no scenario source/;

let server: StaticServer;
let browser: Browser;

before(async () => {
  // The source's entry arrives late, as from a slow network: its views upgrade well before it.
  server = await serveStatic(process.cwd(), {}, (pathname) =>
    pathname === '/dist/elements/bulkhead-scenario.js' ? 500 : 0,
  );
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Until the gate shows its source's preset (slow versus dead: B completes 3 of 11 required). */
const boundToSource = (text: string) => /3 completed of 11 required/.test(text);

for (const [fixture, how] of [
  ['view-before-source.html', "a view's entry loads before its source's"],
  ['source-after-load.html', "its source's entry loads after the page has loaded"],
]) {
  test(`${how}: the view binds, and nothing warns or shows a notice meanwhile`, async () => {
    const { page, errors, console } = await openPage(browser, `${server.url}${FIXTURES}/${fixture}`);
    const notices = new Set<string>();
    // Every state the gate shows until it is bound, read at each of its renders.
    for (let i = 0; i < 100; i++) {
      const text = await shadowText(page, 'outcome-gate');
      if (MISSING.test(text)) notices.add(text);
      if (boundToSource(text)) break;
      await page.waitForTimeout(20);
    }
    assert.ok(boundToSource(await shadowText(page, 'outcome-gate')), 'the gate binds to its source');
    assert.deepEqual([...notices], []);
    assert.deepEqual(
      console.filter((text) => MISSING.test(text)),
      [],
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a for that names nothing once the page has loaded: a notice, and one warning', async () => {
  const { page, console } = await openPage(browser, `${server.url}${FIXTURES}/missing-source.html`);
  await page.waitForFunction(() => customElements.get('outcome-gate'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  for (const tenant of ['A', 'B'])
    assert.match(
      await shadowText(page, `outcome-gate[tenant="${tenant}"]`),
      /for: no scenario source with id "nowhere"; showing this widget on its own/,
    );
  assert.deepEqual(
    console.filter((text) => MISSING.test(text)),
    ['<outcome-gate> for: no scenario source with id "nowhere"; showing this widget on its own'],
  );
  await page.close();
});
