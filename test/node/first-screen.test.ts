// The lab's first screen puts cause beside effect: with the lab's top at the top of the viewport, a
// laptop's screen holds the Scheduling policy, the slot-by-tick picture and both tenants'
// full-window gates; on a phone, the policy and B's gate are less than a screen apart. Measured on
// the built bundle in a blog's 680 px column of 19 px serif and on a plain full-width page, for
// every preset, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servedRepo } from './browser.js';

const repo = servedRepo();

const PRESETS = ['stalled-dependency', 'count-every-request', 'slow-vs-dead', 'retry-storm'];
const page = (
  preset: string,
  blog: boolean,
  dark: boolean,
) => `<!doctype html><html lang="en"${dark ? ' class="dark"' : ''}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>First screen</title>
<style>html { color-scheme: ${dark ? 'dark' : 'light'}; } body { margin: 0; ${blog ? 'font: 19px/1.6 Georgia, serif;' : ''} }
${blog ? 'article { max-width: 680px; margin: 0 auto; padding: 1.5rem 1rem; }' : 'article { padding: 8px; }'}</style>
<link rel="stylesheet" href="/dist/bulkhead-lab.css"><script type="module" src="/dist/bulkhead-lab.js"></script></head>
<body><article><h1>A bulkhead, explained</h1><p>Some text before the lab.</p>
<bulkhead-lab preset="${preset}"></bulkhead-lab><p>Some text after it.</p></article></body></html>`;

interface Box {
  top: number;
  bottom: number;
}

/** Opens the page, brings the lab's top to the top of the viewport, waits for its first screen, and measures it. */
async function firstScreen(width: number, height: number, preset: string, blog: boolean, dark: boolean) {
  const tab = await repo.browser.newPage({ viewport: { width, height } });
  await tab.route('**/first-screen.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: page(preset, blog, dark) }),
  );
  await tab.goto(`${repo.url}/first-screen.html`);
  await tab.evaluate(() => customElements.whenDefined('bulkhead-lab'));
  await tab.evaluate(() => document.querySelector('bulkhead-lab')!.scrollIntoView({ block: 'start' }));
  // Plain JavaScript, not a function of this file: tsx would wrap its inner functions in a helper
  // the page lacks.
  const boxes = await tab.waitForFunction(`(() => {
    const lab = document.querySelector('bulkhead-lab');
    const find = (selector) => {
      const roots = [lab.shadowRoot];
      for (let at = roots.shift(); at; at = roots.shift()) {
        const found = at.querySelector(selector);
        if (found) return found;
        for (const el of at.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
      }
      return null;
    };
    const picture = find('table[part="grid"]');
    if (!picture || !picture.querySelector('tbody tr') || picture.closest('.measuring')) return null;
    const box = (selector) => {
      const rect = find(selector).getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    };
    return {
      labTop: lab.getBoundingClientRect().top,
      policy: box('#policy'),
      picture: box('table[part="grid"]'),
      gateA: box('.bench outcome-gate[tenant="A"]'),
      gateB: box('.bench outcome-gate[tenant="B"]'),
    };
  })()`);
  const result = (await boxes.jsonValue()) as Record<'policy' | 'picture' | 'gateA' | 'gateB', Box> & {
    labTop: number;
  };
  await tab.close();
  return result;
}

const inside = (box: Box, height: number) => box.top >= 0 && box.bottom <= height;

for (const blog of [true, false])
  for (const preset of PRESETS)
    test(`${blog ? 'a blog column' : 'a full-width page'}, ${preset}: one 1280×800 screen holds the policy, the picture and both gates`, async (t) => {
      for (const dark of [false, true]) {
        const at = await firstScreen(1280, 800, preset, blog, dark);
        t.diagnostic(
          `${dark ? 'dark' : 'light'}: lab top ${at.labTop}, policy ${at.policy.top}, gates end ${Math.max(at.gateA.bottom, at.gateB.bottom)}, picture ${at.picture.top}–${at.picture.bottom}`,
        );
        assert.ok(Math.abs(at.labTop) <= 1, `the lab's top at the viewport's (${at.labTop})`);
        for (const name of ['policy', 'picture', 'gateA', 'gateB'] as const)
          assert.ok(inside(at[name], 800), `${name} ${JSON.stringify(at[name])} inside 800 px`);
      }
    });

for (const preset of PRESETS)
  test(`a blog column on a 390×844 phone, ${preset}: the policy and B's full-window gate are a screen apart at most`, async (t) => {
    const at = await firstScreen(390, 844, preset, true, false);
    const apart = at.gateB.bottom - at.policy.top;
    t.diagnostic(`from the policy's top to the end of B's gate: ${Math.round(apart)} px`);
    assert.ok(apart <= 844, `${Math.round(apart)} px apart`);
  });
