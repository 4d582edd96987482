// The demo pages on phones with everything a reader can open opened: each lab's closed sections
// (Event ordering and limits, Compare policies, Sweep, Every request and resource) and every
// <details> inside them, such as a sweep's Numbers, and the docs page's own sweep. The page must
// never scroll sideways.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { servedRepo, openPage, wholeLabs } from './browser.js';

const repo = servedRepo();

/**
 * Opens every closed <details> in the page and in every shadow root, until a round finds none
 * closed after the views the last one opened were fetched and drawn.
 */
async function openEverything(page: Page): Promise<void> {
  for (let round = 0; round < 10; round++) {
    await page.waitForLoadState('networkidle');
    const opened = await page.evaluate(async () => {
      // Twice: the elements to wait for, then, once drawn, the <details> they hold.
      let all: Element[] = [];
      for (const pass of [0, 1]) {
        all = [];
        const roots: (Document | ShadowRoot)[] = [document];
        for (let root = roots.pop(); root; root = roots.pop())
          for (const el of Array.from(root.querySelectorAll('*'))) {
            all.push(el);
            if (el.shadowRoot) roots.push(el.shadowRoot);
          }
        if (pass === 1) break;
        await Promise.all(all.map((el) => (el as Element & { updateComplete?: unknown }).updateComplete));
        // Each layout, measured in a frame, then drawn in the next.
        for (let i = 0; i < 5; i++)
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
      }
      const closed = all.filter((el) => el instanceof HTMLDetailsElement && !el.open);
      for (const details of closed) (details as HTMLDetailsElement).open = true;
      return closed.length;
    });
    if (opened === 0 && round > 0) return;
  }
  throw new Error('a <details> stays closed');
}

/** What a lab shows with everything open: the sections' views and the sweep's table. */
const drawn = (page: Page) =>
  page.$$eval('bulkhead-lab', (labs) =>
    labs.map((lab) => {
      const root = lab.shadowRoot!;
      return {
        ordering: root.querySelector('#ordering[open]') !== null,
        compare: root.querySelector('policy-compare') !== null,
        numbers: root.querySelector('sweep-chart')?.shadowRoot?.querySelector('details[open] table') != null,
        requests: root.querySelector('request-inspector')?.shadowRoot?.querySelector('table') != null,
      };
    }),
  );

for (const path of ['/demo/index.html', '/demo/docs.html', '/demo/blog.html', '/demo/de.html']) {
  for (const width of [320, 360, 390]) {
    test(`${path} with every section open never scrolls sideways at ${width} px`, async () => {
      const { page, errors } = await openPage(repo.browser, repo.url + path, width);
      await page.waitForFunction(() => customElements.get('bulkhead-lab') !== undefined);
      await wholeLabs(page);
      await openEverything(page);
      const labs = await drawn(page);
      const all = { ordering: true, compare: true, numbers: true, requests: true };
      assert.deepEqual(
        labs,
        labs.map(() => all),
      );
      // The docs page has no lab, but a sweep of its own.
      const sweepNumbers = await page.$$eval('sweep-chart', (charts) =>
        charts.map((chart) => chart.shadowRoot!.querySelector('details[open] table') !== null),
      );
      assert.ok(labs.length + sweepNumbers.length > 0 && sweepNumbers.every(Boolean), 'every sweep shows its numbers');
      const sizes = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: innerWidth }));
      assert.ok(sizes.scroll <= sizes.inner, `scrollWidth ${sizes.scroll} at ${sizes.inner} px`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
