// `npm run figures:screenshot`: the picture at the top of the README, taken from the built bundle in
// headless Chromium. The blog-like demo page (demo/blog.html, a 680 px serif column) at 1280×800;
// the lab's first screen, from its title to the end of the slot-by-tick picture, with the Play
// button pressed and the inspection moved to tick 8, so that the picture shows who holds what.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { serveStatic } from '../test/node/static-server.js';

const OUT = 'docs/first-screen.png';

const server = await serveStatic(process.cwd());
const browser = await chromium.launch({ executablePath: chromiumPath()!, args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(`${server.url}/demo/blog.html`, { waitUntil: 'load' });
  const lab = page.locator('bulkhead-lab');
  await lab.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    document
      .querySelector('bulkhead-lab')
      ?.shadowRoot?.querySelector('tick-timeline')
      ?.shadowRoot?.querySelector('tbody tr'),
  );
  await page.evaluate(() =>
    document
      .querySelector('bulkhead-lab')!
      .dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: { tick: 8 }, bubbles: true, composed: true })),
  );
  await page.evaluate(
    () => (document.querySelector('bulkhead-lab') as unknown as { updateComplete: unknown }).updateComplete,
  );
  await page.waitForTimeout(300);
  const box = await page.evaluate(() => {
    const el = document.querySelector('bulkhead-lab')!;
    const picture = el.shadowRoot!.querySelector('tick-timeline')!.getBoundingClientRect();
    const top = el.getBoundingClientRect();
    return { x: top.x, y: top.y + scrollY, width: top.width, height: picture.bottom - top.y + 16 };
  });
  await page.screenshot({ path: OUT, clip: box, fullPage: true });
  console.log(`${OUT}: ${Math.round(box.width)}×${Math.round(box.height)} px`);
} finally {
  await browser.close();
  await server.close();
}
