// The demo pages, built and served as plain static files, in a real Chromium: everything works from
// the one script tag, nothing logs an error, and nothing overflows a 320 px wide screen.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { MeasuredRunFile } from '../../experiment/types.js';
import { servedRepo, openPage, shadowText, wholeLabs } from './browser.js';

const repo = servedRepo();

async function open(path: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(repo.browser, repo.url + path, width);
  // The measured page loads only <measured-run>; every other page, the bundle with the lab.
  const tag = path.includes('measured') ? 'measured-run' : 'bulkhead-lab';
  await page.waitForFunction((name) => customElements.get(name) !== undefined, tag);
  await wholeLabs(page); // every lab whole, as if the reader had scrolled through the page
  return { page, errors };
}

test('the demo page shows the four experiments as labs', async () => {
  const { page, errors } = await open('/demo/index.html', 1280);
  const titles = await page.$$eval('bulkhead-lab', (labs) =>
    labs.map((lab) => lab.shadowRoot!.querySelector('[role="heading"][aria-level="2"]')!.textContent),
  );
  assert.deepEqual(titles, [
    'Failure isolation: contain a stalled dependency',
    'Tenant service targets: count every offered request',
    'Failure isolation: a slow dependency hurts more than a dead one',
    'Retries and recovery: a retry storm outlasts its cause',
  ]);
  const slowB = await shadowText(page, '#slow', 'outcome-gate[tenant="B"]:not([window])');
  assert.match(slowB, /3 completed of 11 required \(90 % of 12 offered\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the minified templates keep the spaces between words and the values beside them', async () => {
  const { page, errors } = await open('/demo/index.html', 1280);
  const label = await shadowText(page, '#slow', '#more-inputs lab-controls', 'label[for="f-aHold"]');
  assert.equal(label, 'A resource hold (ticks)');
  await page.evaluate(() =>
    document.getElementById('slow')!.dispatchEvent(
      new CustomEvent('bulkhead-config-request', {
        detail: { changes: { policy: 'strict-partitions' } },
        bubbles: true,
        composed: true,
      }),
    ),
  );
  assert.equal(await shadowText(page, '#slow', 'tick-timeline', 'tbody th[scope="row"]'), '0 (A)');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the docs page composes widgets around one source, plus a standalone gate', async () => {
  const { page, errors } = await open('/demo/docs.html', 1280);
  await page.evaluate(() => {
    const source = document.getElementById('docs-scenario')!;
    source.dispatchEvent(
      new CustomEvent('bulkhead-config-request', {
        detail: { changes: { target: 50 } },
        bubbles: true,
        composed: true,
      }),
    );
  });
  assert.match(
    await shadowText(page, '#target-heading + p + .docs-grid outcome-gate'),
    /Tenant B gate Pass full window/,
  );
  assert.match(await shadowText(page, '#alone-heading ~ outcome-gate'), /12 completed of 11 required/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the measured page charts the committed sample runs', async () => {
  const { page, errors } = await open('/demo/measured.html', 1280);
  const samples = ['sample-run', 'bulkhead-kinds'].map(
    (name) => JSON.parse(readFileSync(`experiment/sample/${name}.json`, 'utf8')) as MeasuredRunFile,
  );
  await page.locator('measured-run table').nth(1).waitFor();
  const rows = samples.reduce((sum, sample) => sum + sample.runs.length * 2, 0);
  assert.equal(await page.locator('measured-run tbody tr').count(), rows);
  const { date, machine } = samples[0]!.meta;
  assert.ok(
    (await shadowText(page, 'measured-run', '.meta')).includes(
      `Measured ${date.slice(0, 10)} with Node ${machine.nodeVersion} on ${machine.cpuCount} cores`,
    ),
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('in forced-colors mode the slot picture keeps its marks in system colours', async () => {
  const page = await repo.browser.newPage({ viewport: { width: 1280, height: 900 }, forcedColors: 'active' });
  await page.goto(`${repo.url}/demo/index.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('bulkhead-lab') !== undefined);
  await wholeLabs(page);
  const marks = await page.evaluate(() => {
    const timeline = document.querySelector('#stalled')!.shadowRoot!.querySelector('tick-timeline')!.shadowRoot!;
    const cell = timeline.querySelector('td.A')!;
    const style = getComputedStyle(cell);
    return {
      active: matchMedia('(forced-colors: active)').matches,
      adjust: style.forcedColorAdjust,
      border: style.borderTopStyle,
      text: cell.textContent.trim(),
      current: getComputedStyle(timeline.querySelector('th.current')!).outlineStyle,
    };
  });
  assert.deepEqual(marks, { active: true, adjust: 'none', border: 'solid', text: 'A0', current: 'solid' });
  await page.close();
});

test('loading the bundle twice on one page throws nothing', async () => {
  const { page, errors } = await open('/demo/index.html', 1280);
  await page.evaluate((url) => import(url), '/dist/bulkhead-lab.js?copy=2');
  assert.deepEqual(errors, []);
  await page.close();
});

for (const path of ['/demo/index.html', '/demo/docs.html', '/demo/measured.html']) {
  test(`${path} never scrolls sideways at 320 px`, async () => {
    const { page } = await open(path, 320);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() =>
      document.querySelectorAll('bulkhead-lab').forEach((lab: Element) => {
        lab.shadowRoot!.querySelector('details')!.open = true; // the widest table
      }),
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `scrollWidth ${width}`);
    await page.close();
  });
}

test('notes survive a real reload, and Export notes downloads them', async () => {
  const { page } = await open('/demo/index.html', 1280);
  const notes = page.locator('#count lab-notebook textarea');
  await notes.fill('The p95 hides two timeouts.');
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('bulkhead-lab') !== undefined);
  await wholeLabs(page);
  assert.equal(await page.locator('#count lab-notebook textarea').inputValue(), 'The p95 hides two timeouts.');
  assert.equal(await page.locator('#stalled lab-notebook textarea').inputValue(), '');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#count lab-notebook').getByRole('button', { name: 'Export notes' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'bulkhead-lab-notes-count.md');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  assert.match(text, /The p95 hides two timeouts\./);
  assert.match(text, /\| Scheduling policy \| Shared round-robin \|/);
  assert.match(text, /\| B \| 2 \/ 4 \| 50 % \|/);
  await page.evaluate(() => localStorage.clear());
  await page.close();
});

for (const path of ['/demo/index.html', '/demo/docs.html', '/demo/measured.html']) {
  test(`${path} has no axe violations`, async () => {
    const { page } = await open(path, 1280);
    await page.waitForLoadState('networkidle');
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Document) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
        }
      ).axe;
      const result = await axe.run(document);
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    assert.deepEqual(violations, []);
    await page.close();
  });
}
