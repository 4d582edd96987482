// Notes in two real tabs of one browser profile, on the built bundle: two labs without an id keep
// their own notes across a reload, and a change in one tab shows up in the other.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, wholeLabs } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

let server: StaticServer;
let browser: Browser;
let context: BrowserContext;

before(async () => {
  server = await serveStatic(process.cwd());
  browser = await launchChromium();
  context = await browser.newContext();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const notes = (page: Page, lab: number) => page.locator('bulkhead-lab').nth(lab).locator('lab-notebook textarea');

/** Waits until lab `lab`'s notes box in `page` shows `text`, without a reload. */
const shows = (page: Page, lab: number, text: string) =>
  page.waitForFunction(
    ([index, expected]) => {
      const host = document.querySelectorAll('bulkhead-lab')[index]!;
      return host.shadowRoot!.querySelector('lab-notebook')!.shadowRoot!.querySelector('textarea')!.value === expected;
    },
    [lab, text] as const,
    { timeout: 5000 },
  );

async function open(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/test/node/fixtures/two-labs.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  await wholeLabs(page); // the second lab's notes are below the fold, drawn as a reader scrolls to them
  await notes(page, 1).waitFor();
  return page;
}

test('two tabs and a reload: each id-less lab keeps its own notes, and tabs follow each other', async () => {
  const one = await open();
  const two = await open();
  await notes(one, 1).pressSequentially('second lab');
  await shows(two, 1, 'second lab');
  assert.equal(await notes(two, 0).inputValue(), '');

  // The later write wins, and the first tab builds on it rather than writing its old text back.
  await notes(two, 1).press('End');
  await notes(two, 1).pressSequentially(', edited in tab two');
  await shows(one, 1, 'second lab, edited in tab two');
  await notes(one, 1).press('End');
  await notes(one, 1).pressSequentially('!');
  await one.reload({ waitUntil: 'load' });
  await one.waitForFunction(() => customElements.get('bulkhead-lab'));
  await wholeLabs(one);
  await notes(one, 1).waitFor();
  assert.equal(await notes(one, 1).inputValue(), 'second lab, edited in tab two!');
  assert.equal(await notes(one, 0).inputValue(), '');
});
