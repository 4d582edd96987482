// The demo pages on phones with everything a reader can open opened: each lab's closed sections
// (Event ordering and limits, Compare policies, Sweep, Every request and resource) and every
// <details> inside them, such as a sweep's Numbers, and the docs page's own sweep. The page must
// never scroll sideways.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { servedRepo, openEverything, openPage, wholeLabs } from './browser.js';

const repo = servedRepo();

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
