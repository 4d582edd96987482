// Colour schemes on a real blog-like page (demo/blog.html: dark by a class on <html>, `?dark` sets
// it), built and served as static files: in every combination of the page's scheme and the reader's
// OS preference, axe finds no violation (colour contrast included) in the lab or the lone widgets,
// and each lone widget paints its own background and text, both of the page's scheme, not the OS's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { servedRepo, wholeLabs } from './browser.js';

const repo = servedRepo();

const WIDGETS = {
  lab: '#post-lab',
  timeline: 'body > article tick-timeline',
  gate: 'body > article > outcome-gate',
  table: 'body > article > outcome-table',
} as const;
const LONE = ['timeline', 'gate', 'table'] as const;

type Scheme = 'light' | 'dark';

async function open(page: Scheme, reader: Scheme): Promise<Page> {
  const tab = await repo.browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: reader });
  await tab.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await tab.goto(`${repo.url}/demo/blog.html${page === 'dark' ? '?dark' : ''}`, { waitUntil: 'networkidle' });
  await tab.waitForFunction(() => customElements.get('bulkhead-lab') !== undefined);
  await wholeLabs(tab); // every section, as if the reader had scrolled through the lab
  // A busy moment, so that every kind of mark is on screen: borrowed slots, both tenants' cells and
  // queues, timeouts, the baseline table, every request.
  await tab.evaluate(() => {
    const lab = document.querySelector('#post-lab')!;
    lab.dispatchEvent(
      new CustomEvent('bulkhead-config-request', {
        detail: { changes: { policy: 'borrowing', reservedA: 1 } },
        bubbles: true,
        composed: true,
      }),
    );
    Object.assign(lab, { tick: 6 });
    lab.shadowRoot!.querySelector('details')!.open = true;
    Object.assign(document.querySelector('body > article tick-timeline')!, {
      config: { policy: 'borrowing', reservedA: 1 },
      tick: 6,
    });
  });
  await tab.locator('#post-lab lab-notebook').getByRole('button', { name: 'Capture baseline' }).click();
  await tab.evaluate(async () => {
    // Every element in every shadow tree has rendered (a worklist: tsx names inner functions).
    const todo: Element[] = Array.from(document.querySelectorAll('body *')).filter((el) => el.shadowRoot);
    for (let el = todo.shift(); el; el = todo.shift()) {
      await (el as Element & { updateComplete?: Promise<unknown> }).updateComplete;
      todo.push(...Array.from(el.shadowRoot!.querySelectorAll('*')).filter((child) => child.shadowRoot));
    }
  });
  const borrowed = await tab.evaluate(() =>
    [
      document.querySelector('#post-lab')!.shadowRoot!.querySelector('tick-timeline')!,
      document.querySelector('body > article tick-timeline')!,
    ].map((t) => t.shadowRoot!.querySelectorAll('td.borrowed').length),
  );
  assert.ok(
    borrowed.every((n) => n > 0),
    `borrowed cells on show: ${borrowed.join(',')}`,
  );
  await tab.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  return tab;
}

/** axe violations inside one element (its shadow trees included), color-contrast on, as readable lines. */
const violations = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate(async (selector) => {
    interface Node {
      target: unknown[];
      failureSummary?: string;
    }
    interface Result {
      violations: { id: string; nodes: Node[] }[];
    }
    const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document.querySelector(selector)!, { rules: { 'color-contrast': { enabled: true } } });
    return result.violations.flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`,
      ),
    );
  }, selector);

/** The relative luminance (0 black … 1 white) of a computed `rgb()`/`rgba()` colour; null if not opaque. */
function luminance(css: string): number | null {
  const [r, g, b, a = 1] = css.match(/[\d.]+/g)!.map(Number);
  if (a < 1) return null; // not painted: the page shows through
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** A lone widget's own background and text colour, as computed. */
const ownColours = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const style = getComputedStyle(document.querySelector(selector)!);
    return { background: style.backgroundColor, text: style.color };
  }, selector);

for (const pageScheme of ['light', 'dark'] as const) {
  for (const reader of ['light', 'dark'] as const) {
    test(`page ${pageScheme}, reader ${reader}: no axe violation, and the widgets follow the page`, async () => {
      const page = await open(pageScheme, reader);
      try {
        for (const [name, selector] of Object.entries(WIDGETS)) {
          assert.deepEqual(await violations(page, selector), [], `${name}, page ${pageScheme}, reader ${reader}`);
        }
        for (const name of LONE) {
          const colours = await ownColours(page, WIDGETS[name]);
          const [background, text] = [luminance(colours.background), luminance(colours.text)];
          const where = `<${name}> (${colours.background} / ${colours.text}) on a ${pageScheme} page, reader ${reader}`;
          assert.ok(background !== null, `${where}: paints no background of its own`);
          // Both of the page's scheme: a dark surface with light text, or a light one with dark text
          // (mid grey is about 0.18).
          const dark = (l: number) => l < 0.18;
          assert.equal(dark(background), pageScheme === 'dark', `${where}: background`);
          assert.equal(dark(text!), pageScheme === 'light', `${where}: text`);
        }
      } finally {
        await page.close();
      }
    });
  }
}
