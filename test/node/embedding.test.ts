// The built files as an embedder uses them, served as plain static files to a real Chromium: one
// script tag, per-element entries, the bundle twice, a strict Content-Security-Policy, and the space
// an element takes before and after it upgrades. Pages: test/node/fixtures/.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { LIT_MARKER, launchChromium, openPage, shadowText, wholeLabs } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

const FIXTURES = '/test/node/fixtures';
const CSP = "script-src 'self'; style-src 'self'";
// Stricter still: nothing else may load, and DOM sinks such as innerHTML need Trusted Types.
const STRICTER = `default-src 'none'; ${CSP}; require-trusted-types-for 'script'`;
// Trusted Types with the one policy name docs/EMBEDDING.md asks a page to allow, which every copy
// of the library's Lit on a page must share (a second createPolicy('lit-html') throws).
const TRUSTED_TYPES = `${CSP}; connect-src 'self'; require-trusted-types-for 'script'; trusted-types lit-html`;

let plain: StaticServer;
let strict: StaticServer;
let stricter: StaticServer;
let trusted: StaticServer;
let slow: StaticServer;
let browser: Browser;

before(async () => {
  plain = await serveStatic(process.cwd());
  strict = await serveStatic(process.cwd(), { 'content-security-policy': CSP });
  stricter = await serveStatic(process.cwd(), { 'content-security-policy': STRICTER });
  trusted = await serveStatic(process.cwd(), { 'content-security-policy': TRUSTED_TYPES });
  // Scripts arrive late, as from a distant CDN, so the page paints before the elements upgrade.
  slow = await serveStatic(process.cwd(), {}, (pathname) => (pathname.endsWith('.js') ? 400 : 0));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await Promise.all([plain?.close(), strict?.close(), stricter?.close(), trusted?.close(), slow?.close()]);
});

const open = (url: string, width?: number) => openPage(browser, url, width);

test('one script tag and one element: the lab renders and answers a page script', async () => {
  const { page, errors } = await open(`${plain.url}${FIXTURES}/script-tag.html`);
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  await wholeLabs(page); // drawn a frame after it upgrades, once it knows it is on screen
  assert.equal(
    await page.$eval(
      'bulkhead-lab',
      (lab) => lab.shadowRoot!.querySelector('[role="heading"][aria-level="2"]')!.textContent,
    ),
    'Failure isolation: contain a stalled dependency',
  );
  const completed = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const lab = document.querySelector('bulkhead-lab')!;
        type RunEvent = CustomEvent<{ run: { requests: { tenant: string; outcome: string }[] } }>;
        lab.addEventListener(
          'bulkhead-run',
          (event) =>
            resolve(
              (event as RunEvent).detail.run.requests.filter((r) => r.tenant === 'B' && r.outcome === 'completed')
                .length,
            ),
          { once: true },
        );
        lab.dispatchEvent(
          new CustomEvent('bulkhead-config-request', {
            detail: { changes: { policy: 'strict-partitions' } },
            bubbles: true,
            composed: true,
          }),
        );
      }),
  );
  assert.equal(completed, 4); // docs/MODEL.md, Reference outcomes: strict partitions, B completes 4 of 4
  assert.deepEqual(errors, []);
  await page.close();
});

test('two per-element entries share one copy of Lit', async () => {
  const page = await browser.newPage();
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  const withLit: string[] = [];
  page.on('response', async (response) => {
    if ((await response.text().catch(() => '')).includes(LIT_MARKER)) withLit.push(new URL(response.url()).pathname);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${plain.url}${FIXTURES}/elements.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('outcome-gate') && customElements.get('tick-timeline'));
  assert.equal(
    await page.evaluate((marker) => (globalThis as unknown as Record<string, unknown[]>)[marker]!.length, LIT_MARKER),
    1,
  );
  assert.equal(withLit.length, 1, `Lit came in ${withLit.join(', ')}`);
  // Lit is in the gate's entry, the core every other entry imports (rollup.config.mjs, chunkOf).
  assert.equal(withLit[0], '/dist/elements/outcome-gate.js');
  // docs/MODEL.md, Reference outcomes: slow versus dead
  assert.match(await shadowText(page, 'outcome-gate'), /3 completed of 11 required/);
  assert.match(await shadowText(page, 'tick-timeline'), /Play/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the bundle twice plus a per-element entry on one page: both copies run, nothing throws', async () => {
  const { page, errors } = await open(`${plain.url}${FIXTURES}/twice.html`);
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  assert.equal(
    await page.evaluate((marker) => (globalThis as unknown as Record<string, unknown[]>)[marker]!.length, LIT_MARKER),
    3,
  );
  assert.match(await shadowText(page, 'outcome-gate'), /2 completed of 4 required/); // round-robin: B 2 of 4 at target 90
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [policy, server] of [
  [CSP, () => strict],
  [STRICTER, () => stricter],
] as const) {
  test(`under "${policy}" the lab runs and is styled with no violation reported`, async () => {
    const { page, errors, console } = await open(`${server().url}${FIXTURES}/csp.html`);
    await page.waitForFunction(() => customElements.get('bulkhead-lab'));
    // Styled: the gate's 6 px tenant stripe comes from its adopted stylesheet.
    const stripe = await page.$eval(
      'outcome-gate',
      (gate) => getComputedStyle(gate.shadowRoot!.querySelector('.gate')!).borderLeftWidth,
    );
    assert.equal(stripe, '6px');
    assert.match(await shadowText(page, 'outcome-gate'), /3 completed of 11 required/);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), []);
    assert.deepEqual(
      console.filter((text) => /Content Security Policy/i.test(text)),
      [],
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test(`under "trusted-types lit-html", the bundle and measured-run.js share one policy and both draw`, async () => {
  const { page, errors } = await open(`${trusted.url}${FIXTURES}/trusted-types-measured.html`);
  await page.waitForFunction(() => customElements.get('measured-run') && customElements.get('outcome-gate'));
  await page.waitForFunction(() => document.querySelector('measured-run')?.shadowRoot?.querySelector('svg'), null, {
    timeout: 10_000,
  });
  assert.match(await shadowText(page, 'measured-run'), /Every run/);
  assert.match(await shadowText(page, 'outcome-gate'), /3 completed of 11 required/);
  assert.deepEqual(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test(`under "trusted-types lit-html", two bundles, the autoloader and an element's entry log no error`, async () => {
  const { page, errors } = await open(`${trusted.url}${FIXTURES}/trusted-types-twice.html`);
  await page.waitForFunction(() => customElements.get('outcome-gate'));
  assert.equal(
    await page.evaluate((marker) => (globalThis as unknown as Record<string, unknown[]>)[marker]!.length, LIT_MARKER),
    3,
  );
  assert.match(await shadowText(page, 'outcome-gate'), /3 completed of 11 required/);
  assert.deepEqual(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('control: the same policy does report inline script and inline styles', async () => {
  const { page } = await open(`${strict.url}${FIXTURES}/csp-inline.html`);
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  assert.ok(
    violations.some((v) => v.startsWith('script-src-elem')),
    violations.join('; '),
  );
  assert.ok(
    violations.some((v) => v.startsWith('style-src-elem')),
    violations.join('; '),
  );
  assert.ok(
    violations.some((v) => v.startsWith('style-src-attr')),
    violations.join('; '),
  );
  assert.notEqual(await page.title(), 'inline script ran');
  await page.close();
});

/** Cumulative layout shift of the page so far (shifts right after input excluded, as CLS does). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Two frames after the last render, every shift has been reported.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(total), 100)));
      }),
  );
}

async function measureShift(fixture: string, width: number): Promise<number> {
  const { page, errors } = await open(`${slow.url}${FIXTURES}/${fixture}`, width);
  await page.waitForFunction(
    () =>
      document.querySelector('#after') &&
      Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.localName.includes('-'))
        .every((el) => el.shadowRoot?.childElementCount),
  );
  const shift = await layoutShift(page);
  assert.deepEqual(errors, []);
  await page.close();
  return shift;
}

for (const kind of ['lab', 'widgets']) {
  for (const width of [1280, 320]) {
    test(`reserved space: upgrading the ${kind} moves nothing at ${width} px (without it, the page shifts)`, async (t) => {
      const bare = await measureShift(`layout-${kind}-bare.html`, width);
      const reserved = await measureShift(`layout-${kind}-reserved.html`, width);
      t.diagnostic(
        `CLS ${kind} at ${width} px: ${bare.toFixed(4)} without reserved space, ${reserved.toFixed(4)} with it`,
      );
      assert.ok(bare > 0.01, `the bare page should shift (CLS ${bare}); otherwise this test proves nothing`);
      assert.equal(reserved, 0);
    });
  }
}
