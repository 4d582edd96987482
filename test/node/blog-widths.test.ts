// The blog-like demo page (a 680 px serif column at 19 px), built and served as plain static files:
// at a desktop width and on phones the page never scrolls sideways and the slot-by-tick picture
// shows every tick without a scrollbar of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servedRepo, openPage, wholeLabs } from './browser.js';

const repo = servedRepo();

for (const width of [1280, 390, 320]) {
  test(`demo/blog.html at ${width} px: no sideways scroll, every tick of both timelines on screen`, async () => {
    const { page, errors } = await openPage(repo.browser, `${repo.url}/demo/blog.html`, width);
    await page.waitForFunction(() => customElements.get('bulkhead-lab') !== undefined);
    await wholeLabs(page); // the lab's timeline is below the fold, drawn as a reader scrolls to it
    await page.evaluate(() => {
      document.querySelector('bulkhead-lab')!.shadowRoot!.querySelector('details')!.open = true;
    });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const found = await page.evaluate(() => {
      const lab = document.querySelector('bulkhead-lab')!.shadowRoot!.querySelector('tick-timeline')!;
      const alone = document.querySelector('article > figure > tick-timeline')!;
      return {
        page: document.documentElement.scrollWidth,
        timelines: [lab, alone].map((timeline) => {
          const scroller = timeline.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
          const table = scroller.querySelector('table')!;
          const ticks = table.classList.contains('rows')
            ? table.querySelectorAll('thead th').length - 1
            : table.querySelectorAll('tbody th[scope="row"]').length;
          return { inner: scroller.scrollWidth - scroller.clientWidth, ticks };
        }),
      };
    });
    assert.ok(found.page <= width, `document scrollWidth ${found.page} at ${width} px`);
    assert.deepEqual(found.timelines, [
      { inner: 0, ticks: 21 },
      { inner: 0, ticks: 21 },
    ]);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
