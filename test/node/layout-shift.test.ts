// The README's first embed snippet (bulkhead-lab.css, the script, the element) on the blog-like page
// (demo/blog.html), built and served as static files with the scripts held back, as from a distant
// CDN: nothing on the page moves while the lab loads, nor while the reader scrolls through it and
// its sections draw. Without the stylesheet's one rule the page does move at load, so the check can
// fail.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

let slow: StaticServer;
let browser: Browser;

before(async () => {
  slow = await serveStatic(process.cwd(), {}, (pathname) => (pathname.endsWith('.js') ? 400 : 0));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await slow?.close();
});

const SHEET = '<link rel="stylesheet" href="../dist/bulkhead-lab.css">';

/** demo/blog.html at `width`, or the same page without the stylesheet, recording layout shifts. */
async function openBlog(width: number, height: number, withSheet = true): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
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

/** The layout shift so far, once the lab has upgraded and drawn what is near, and a few frames more. */
const shiftSoFar = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    await customElements.whenDefined('bulkhead-lab');
    for (let i = 0; i < 10; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    return (window as unknown as { seen: { shift: number } }).seen.shift;
  });

/** Scrolls to the end of the page, 200 px every 100 ms as a reader might, then reads the shift of the scroll alone. */
const shiftWhileScrolling = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const seen = (window as unknown as { seen: { shift: number } }).seen;
    const before = seen.shift;
    while (scrollY + innerHeight < document.documentElement.scrollHeight - 1) {
      scrollBy(0, 200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let i = 0; i < 5; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    return seen.shift - before;
  });

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`demo/blog.html at ${width} px: no layout shift while the lab loads, nor while the reader scrolls`, async (t) => {
    const page = await openBlog(width, height);
    const atLoad = await shiftSoFar(page);
    const scrolling = await shiftWhileScrolling(page);
    await page.close();
    const bare = await openBlog(width, height, false);
    const without = await shiftSoFar(bare);
    await bare.close();
    t.diagnostic(
      `CLS at ${width} px: at load ${atLoad.toFixed(4)} (${without.toFixed(4)} without bulkhead-lab.css), while scrolling ${scrolling.toFixed(4)}`,
    );
    assert.ok(
      without > 0.01,
      `without the stylesheet the page should shift (CLS ${without}); else this proves nothing`,
    );
    assert.ok(atLoad <= 0.01, `CLS at load ${atLoad}`);
    assert.ok(scrolling <= 0.01, `CLS while scrolling ${scrolling}`);
  });
}

test('dist/bulkhead-lab.css is src/bulkhead-lab.css: one rule, written by hand', () => {
  const sheet = fs.readFileSync('src/bulkhead-lab.css', 'utf8');
  assert.equal(fs.readFileSync('dist/bulkhead-lab.css', 'utf8'), sheet);
  assert.equal(sheet.match(/\{/g)?.length, 1, 'one rule');
});
