// Many labs on one page, from the built bundle over loopback: a lab far below the viewport draws
// only its header until the reader scrolls near it, yet a view that names it still finds it, and it answers
// a page script at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { servedRepo } from './browser.js';

const repo = servedRepo();

const PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Far labs</title>
<link rel="stylesheet" href="/dist/bulkhead-lab.css"><script type="module" src="/dist/bulkhead-lab.js"></script>
<outcome-gate for="last" tenant="B"></outcome-gate>
${Array.from({ length: 20 }, (_, i) => `<p>Paragraph ${i}.</p><bulkhead-lab id="lab-${i}" preset="stalled-dependency"></bulkhead-lab>`).join('\n')}
<bulkhead-lab id="last" preset="stalled-dependency" policy="strict-partitions"></bulkhead-lab>
</html>`;

/** A gate that names a lab far below it, which a page script adds later, as a framework would. */
const LONE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>A far lab</title>
<script type="module" src="/dist/bulkhead-lab.js"></script>
<outcome-gate for="last" tenant="B"></outcome-gate><div style="height: 5000px"></div>
<script type="module">
  import '/dist/bulkhead-lab.js';
  const lab = document.createElement('bulkhead-lab');
  Object.assign(lab, { id: 'last' });
  lab.setAttribute('policy', 'strict-partitions');
  setTimeout(() => document.body.append(lab), 100);
</script>
</html>`;

async function open(body = PAGE): Promise<{ page: Page; errors: string[] }> {
  const page = await repo.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await page.route('**/far-labs.html', (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto(`${repo.url}/test/node/far-labs.html`, { waitUntil: 'load' });
  return { page, errors };
}

/** How many elements each lab's shadow trees hold, in page order (a worklist: tsx names inner functions). */
const drawn = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('bulkhead-lab'), (lab) => {
      let count = 0;
      const roots = [lab.shadowRoot];
      for (let root = roots.shift(); root; root = roots.shift()) {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          count++;
          if (el.shadowRoot) roots.push(el.shadowRoot);
        }
      }
      return count;
    }),
  );

test('21 labs: the first is drawn, every other one is an empty box until the reader comes near', async () => {
  const { page, errors } = await open();
  await page.waitForFunction(() => document.querySelector('#lab-0')!.shadowRoot?.querySelector('lab-controls'));
  for (let i = 0; i < 10; i++)
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  const counts = await drawn(page);
  assert.ok(counts[0]! > 50, `the first lab holds ${counts[0]} elements`);
  // A far lab draws its header (title, kicker, tagline) and an empty box: no view, no section.
  const far = counts.slice(2);
  assert.ok(
    far.every((count) => count === far[0] && count < 12),
    far.join(', '),
  );
  await page.locator('#lab-10').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#lab-10')!.shadowRoot!.querySelector('lab-controls'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a view that names a far lab added later binds to it, with no notice', async () => {
  const { page, errors } = await open(LONE);
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  const gate = await page.waitForFunction(() => {
    const text = document.querySelector('outcome-gate')!.shadowRoot!.textContent.replace(/\s+/g, ' ');
    return text.includes('4 completed of 4 required') && text; // strict partitions, as the last lab says
  });
  assert.doesNotMatch(String(await gate.jsonValue()), /no scenario source/);
  assert.ok((await drawn(page)).at(-1)! < 12); // the lab it names still shows only its header
  assert.deepEqual(errors, []);
  await page.close();
});

test('a far lab answers a page script at once, still without drawing', async () => {
  const { page, errors } = await open();
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  const policy = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const lab = document.querySelector('#lab-15')!;
        lab.addEventListener('bulkhead-run', (e) => resolve((e as CustomEvent).detail.config.policy), { once: true });
        lab.dispatchEvent(
          new CustomEvent('bulkhead-config-request', {
            detail: { changes: { policy: 'borrowing' } },
            bubbles: true,
            composed: true,
          }),
        );
      }),
  );
  assert.equal(policy, 'borrowing');
  assert.ok((await drawn(page))[15]! < 12); // still only its header
  assert.deepEqual(errors, []);
  await page.close();
});
