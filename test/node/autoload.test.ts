// The autoloader as a page uses it: one script tag, and each element's entry fetched only when its
// tag appears (in the page at load, added later, or inside one of the library's shadow roots).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, servedRepo, shadowText } from './browser.js';
import { TAGS } from '../../src/elements/tags.js';

const repo = servedRepo();

/** The element entries (`dist/elements/<tag>.js`) the page has fetched so far. */
const fetchedEntries = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/dist\/elements\/[\w-]+\.js$/.test(path))
      .map((path) => path.slice('/dist/elements/'.length, -'.js'.length))
      .sort(),
  );

test('the autoloader knows every element the build has an entry for', () => {
  const built = fs
    .readdirSync('src/elements', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(`src/elements/${entry.name}/define.ts`))
    .map((entry) => entry.name)
    .sort();
  assert.deepEqual([...TAGS].sort(), built);
});

test('a page with one gate fetches only the gate, then each element as its tag appears', async () => {
  const { page, errors } = await openPage(repo.browser, `${repo.url}/test/node/fixtures/autoload.html`);
  await page.waitForFunction(() => customElements.get('outcome-gate'));
  assert.match(await shadowText(page, 'outcome-gate'), /Tenant B gate Fail full window/);
  assert.deepEqual(await fetchedEntries(page), ['outcome-gate']);

  // Added later by a page script.
  await page.evaluate(() => document.body.append(document.createElement('tick-timeline')));
  await page.waitForFunction(() => customElements.get('tick-timeline'));
  assert.deepEqual(await fetchedEntries(page), ['outcome-gate', 'tick-timeline']);

  // Inside the shadow root of one of the library's own elements.
  await page.evaluate(() => {
    const gate = document.querySelector('outcome-gate')!;
    gate.shadowRoot!.append(document.createElement('slot-board'));
  });
  await page.waitForFunction(() => customElements.get('slot-board'));
  assert.deepEqual(await fetchedEntries(page), ['outcome-gate', 'slot-board', 'tick-timeline']);
  assert.deepEqual(errors, []);
  await page.close();
});
