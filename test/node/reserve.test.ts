// The README's first embed snippet (bulkhead-lab.css, the script, the element) on the blog-like page
// (demo/blog.html), built and served as static files: the stylesheet reserves the lab's measured
// height before the script arrives, so nothing on the page moves while the lab loads.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';
import {
  RESERVE_END,
  RESERVE_START,
  STYLESHEET,
  currentBlock,
  measureReserve,
  reserveBlock,
} from '../../scripts/embed-figures.js';

let slow: StaticServer;
let browser: Browser;

before(async () => {
  // Scripts arrive late, as from a distant CDN, so the page paints before the lab upgrades.
  slow = await serveStatic(process.cwd(), {}, (pathname) => (pathname.endsWith('.js') ? 400 : 0));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await slow?.close();
});

const SHEET = '<link rel="stylesheet" href="../dist/bulkhead-lab.css">';

/** demo/blog.html, or the same page without the stylesheet. */
async function openBlog(width: number, withSheet: boolean): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  if (!withSheet) {
    const blog = fs.readFileSync('demo/blog.html', 'utf8');
    assert.ok(blog.includes(SHEET), 'demo/blog.html loads bulkhead-lab.css as the README says');
    await page.route('**/demo/blog.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: blog.replace(SHEET, '') }),
    );
  }
  await page.addInitScript(() => {
    const seen = { shift: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${slow.url}/demo/blog.html`, { waitUntil: 'load' });
  return page;
}

/** The page's layout shift once every element has upgraded and drawn, and a few frames more. */
async function shiftOnceLoaded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await customElements.whenDefined('bulkhead-lab');
    for (let i = 0; i < 10; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    return (window as unknown as { seen: { shift: number } }).seen.shift;
  });
}

for (const width of [1280, 390]) {
  test(`the README's snippet on demo/blog.html at ${width} px: no layout shift while the lab loads`, async (t) => {
    const page = await openBlog(width, true);
    const shift = await shiftOnceLoaded(page);
    await page.close();
    const bare = await openBlog(width, false);
    const without = await shiftOnceLoaded(bare);
    await bare.close();
    t.diagnostic(`CLS at ${width} px: ${shift.toFixed(4)} with bulkhead-lab.css, ${without.toFixed(4)} without`);
    assert.ok(
      without > 0.01,
      `without the stylesheet the page should shift (CLS ${without}); else this proves nothing`,
    );
    assert.ok(shift <= 0.01, `CLS ${shift}`);
  });

  test(`at ${width} px the space reserved is the height the lab draws, to a tenth of an em`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${slow.url}/demo/blog.html`, { waitUntil: 'commit' });
    // Read while the script is still on its way: the lab is not defined yet.
    const reserved = await (
      await page.waitForFunction(() => {
        const lab = document.querySelector('bulkhead-lab');
        const height = lab?.getBoundingClientRect().height ?? 0;
        return !customElements.get('bulkhead-lab') && height > 0 ? height : 0;
      })
    ).jsonValue();
    const { drawn, em } = await page.evaluate(async () => {
      await customElements.whenDefined('bulkhead-lab');
      const lab = document.querySelector('bulkhead-lab') as Element & { updateComplete: Promise<unknown> };
      await lab.updateComplete; // every section drawn
      for (let i = 0; i < 4; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      return { drawn: lab.getBoundingClientRect().height, em: parseFloat(getComputedStyle(lab).fontSize) };
    });
    assert.ok(reserved >= drawn && reserved - drawn <= em / 10 + 0.5, `reserved ${reserved} px, drawn ${drawn} px`);
    await page.close();
  });
}

test('the heights in src/bulkhead-lab.css match a fresh measurement (else: npm run figures)', async () => {
  const sheet = fs.readFileSync(STYLESHEET, 'utf8');
  assert.equal(currentBlock(sheet, RESERVE_START, RESERVE_END), reserveBlock(await measureReserve()));
});

test('the build ships the stylesheet beside the bundle', () => {
  assert.equal(fs.readFileSync('dist/bulkhead-lab.css', 'utf8'), fs.readFileSync(STYLESHEET, 'utf8'));
});
