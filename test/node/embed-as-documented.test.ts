// Every embed snippet in README.md, docs/EMBEDDING.md and docs/ELEMENTS.md, done exactly as its text says: the files
// the sentence beside it says to copy ("Copy `dist/…` … into your site's `/assets/`") go into an
// empty folder, which is all that is served, and a page with the snippet must draw every element it
// names with no console error and no request that fails. A lab must draw whole: every section, with
// Compare, Sweep, Every request and the notes open. Then the per-element build, with one file it
// fetches deleted: the lab says which part could not be loaded, draws the rest, and tries again when
// the reader opens the section again.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { serveStatic } from './static-server.js';

let browser: Browser;
before(async () => (browser = await launchChromium()));
after(() => browser?.close());

interface Snippet {
  /** Where it is: file and line, for messages. */
  where: string;
  html: string;
  /** The files and folders under dist/ its text says to copy, and where to. */
  copy: string[];
  into: string;
}

/** The embed snippets of a Markdown file: each ```html block with a script tag, and its copy sentence. */
export function snippetsOf(file: string): Snippet[] {
  const text = fs.readFileSync(file, 'utf8');
  const snippets: Snippet[] = [];
  for (const block of text.matchAll(/^```html\n([\s\S]*?)^```\n/gm)) {
    if (!/<script[^>]*\ssrc=/.test(block[1]!)) continue;
    const where = `${file}:${text.slice(0, block.index).split('\n').length}`;
    // The text that follows, up to the next heading or code block.
    const after = text.slice(block.index + block[0].length).split(/^(?:#|```)/m)[0]!;
    const sentence = /Copy (.*?) into your site's `([^`]+)`/.exec(after.replace(/\s+/g, ' '));
    assert.ok(sentence, `${where}: no "Copy … into your site's \`/…/\`" sentence after the snippet`);
    const copy = [...sentence[1]!.matchAll(/`(dist\/[^`]*)`/g)].map((m) => m[1]!);
    assert.ok(copy.length, `${where}: the copy sentence names no file of dist/`);
    snippets.push({ where, html: block[1]!, copy, into: sentence[2]! });
  }
  return snippets;
}

/** An empty folder with exactly the files a snippet's text says to copy, and a page with the snippet. */
function siteFor({ html, copy, into }: Snippet): string {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-embed-'));
  const assets = path.join(site, into);
  fs.mkdirSync(assets, { recursive: true });
  for (const item of copy) fs.cpSync(item, path.join(assets, path.basename(item)), { recursive: true });
  fs.writeFileSync(
    path.join(site, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">
<style>body { font: 19px/1.6 Georgia, serif; max-width: 680px; margin: 0 auto; padding: 1rem; }</style></head>
<body><h1>A post</h1><p>Some text before the lab.</p>
${html}
<p>Some text after it.</p></body></html>`,
  );
  return site;
}

/** Opens a site's page, recording errors, console errors and failed requests. */
async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      problems.push(`${response.status()}: ${response.url()}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems };
}

/** Waits a few frames, for what draws in turns of its own. (No named function inside: see browser.ts.) */
const frames = (page: Page, n = 5) =>
  page.evaluate(async (count) => {
    for (let i = 0; i < count; i++)
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
  }, n);

/**
 * Reads a lab as a reader does: scrolls through it so that each section draws as it comes near,
 * opens every closed section, and waits until everything it fetched has drawn.
 */
async function readWholeLab(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height + 900; y += 600) {
    await page.mouse.wheel(0, 600);
    await frames(page, 2);
  }
  for (const summary of await page.locator('bulkhead-lab details > summary').all()) {
    await summary.scrollIntoViewIfNeeded();
    await summary.click();
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => (document.querySelector('bulkhead-lab') as unknown as { updateComplete: unknown }).updateComplete,
  );
  await frames(page);
}

/** What a lab shows of each part, once read whole. */
const labParts = (page: Page) =>
  page.$eval('bulkhead-lab', (lab) => {
    const root = lab.shadowRoot!;
    const parts: Record<string, number | boolean> = {
      undrawn: root.querySelectorAll('[data-section]').length,
      hidden: Array.from(root.querySelectorAll('section')).filter((s) => getComputedStyle(s).visibility === 'hidden')
        .length,
      steps: root.querySelectorAll('[part="steps"] li').length,
      scope: root.querySelectorAll('#scope a').length,
      controls: root.querySelectorAll('lab-controls').length,
      failed: root.textContent.includes('could not be loaded'),
    };
    for (const [key, tag, selector] of [
      ['picture', 'tick-timeline', 'tbody tr'],
      ['compare', 'policy-compare', '[part="card"]'],
      ['sweep', 'sweep-chart', 'svg'],
      ['notes', 'lab-notebook', 'textarea'],
      ['requests', 'request-inspector', 'tbody tr'],
    ])
      parts[key!] = root.querySelector(tag!)?.shadowRoot?.querySelectorAll(selector!).length ?? 0;
    return parts as Record<
      'undrawn' | 'hidden' | 'steps' | 'scope' | 'controls' | 'picture' | 'compare' | 'sweep' | 'notes' | 'requests',
      number
    > & { failed: boolean };
  });

const WHOLE_LAB = (parts: Awaited<ReturnType<typeof labParts>>, where: string) => {
  assert.equal(parts.undrawn, 0, `${where}: every section drawn`);
  assert.equal(parts.hidden, 0, `${where}: no section hidden`);
  assert.equal(parts.failed, false, `${where}: no part failed to load`);
  for (const key of ['steps', 'scope', 'controls', 'picture', 'notes', 'requests', 'sweep'] as const)
    assert.ok(parts[key] > 0, `${where}: ${key} drawn (${JSON.stringify(parts)})`);
  assert.equal(parts.compare, 4, `${where}: Compare shows the four policies`);
};

const snippets = ['README.md', 'docs/EMBEDDING.md', 'docs/ELEMENTS.md'].flatMap(snippetsOf);

test('README.md and docs/EMBEDDING.md each have an embed snippet that says what to copy', () => {
  assert.ok(snippets.some((s) => s.where.startsWith('README.md') && s.html.includes('<bulkhead-lab')));
  assert.ok(snippets.filter((s) => s.where.startsWith('docs/EMBEDDING.md')).length >= 3);
});

for (const snippet of snippets) {
  test(`${snippet.where}: copying ${snippet.copy.join(', ')} into ${snippet.into} as the text says, it draws`, async () => {
    const site = siteFor(snippet);
    const server = await serveStatic(site);
    try {
      const { page, problems } = await open(`${server.url}/index.html`);
      const tags = [...new Set([...snippet.html.matchAll(/<([a-z]+-[a-z-]+)/g)].map((m) => m[1]!))];
      if (tags.includes('bulkhead-lab')) {
        await readWholeLab(page);
        WHOLE_LAB(await labParts(page), snippet.where);
      }
      for (const tag of tags) {
        await page.waitForFunction((name) => customElements.get(name), tag, { timeout: 10_000 });
        const text = await page.$eval(tag, (el) => el.shadowRoot?.textContent?.trim().length ?? 0);
        assert.ok(text > 0, `${snippet.where}: <${tag}> draws`);
      }
      assert.deepEqual(problems, [], snippet.where);
      await page.close();
    } finally {
      await server.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
}

test('the all-in-one file alone, on an English page, fetches nothing but itself', async () => {
  const site = siteFor({
    where: '',
    html: '<script type="module" src="/assets/bulkhead-lab.js"></script><bulkhead-lab></bulkhead-lab>',
    copy: ['dist/bulkhead-lab.js'],
    into: '/assets/',
  });
  const server = await serveStatic(site);
  try {
    const { page, problems } = await open(`${server.url}/index.html`);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await readWholeLab(page);
    WHOLE_LAB(await labParts(page), 'bundle alone');
    assert.deepEqual(fetched, []);
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

/** A site with the per-element build (`dist/elements/`) and a lab page, in `lang`. */
function elementsSite(lang = 'en'): string {
  const site = siteFor({
    where: '',
    html: '<script type="module" src="/assets/elements/bulkhead-lab.js"></script><bulkhead-lab></bulkhead-lab>',
    copy: ['dist/elements/'],
    into: '/assets/',
  });
  const page = path.join(site, 'index.html');
  fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('<html lang="en">', `<html lang="${lang}">`));
  return site;
}

const NOTICE = (file: string) => `This part of the lab could not be loaded (${file}). Reload the page to try again.`;

test('a view whose file is missing says so in its section, the rest draws, and opening it again tries again', async () => {
  const site = elementsSite();
  const file = path.join(site, 'assets/elements/policy-compare.js');
  const kept = fs.readFileSync(file);
  fs.rmSync(file);
  const server = await serveStatic(site);
  try {
    const { page, problems } = await open(`${server.url}/index.html`);
    await readWholeLab(page);
    const parts = await labParts(page);
    assert.equal(parts.compare, 0);
    assert.equal(parts.undrawn, 0);
    assert.equal(parts.hidden, 0);
    for (const key of ['steps', 'scope', 'picture', 'notes', 'requests', 'sweep'] as const)
      assert.ok(parts[key] > 0, key);
    const compareText = () =>
      page.$eval('bulkhead-lab', (lab) => lab.shadowRoot!.querySelector('#compare')!.textContent.replace(/\s+/g, ' '));
    assert.ok((await compareText()).includes(NOTICE('policy-compare.js')), await compareText());
    assert.deepEqual(
      problems.filter((p) => !p.includes('policy-compare.js') && !p.startsWith('console: Failed to load resource')),
      [],
      'nothing fails but the missing file',
    );
    // The file is back: closed and opened again, the section tries again and draws.
    fs.writeFileSync(file, kept);
    const summary = page.locator('bulkhead-lab #compare > summary');
    await summary.click();
    await summary.click();
    await page.waitForLoadState('networkidle');
    await frames(page);
    assert.equal((await labParts(page)).compare, 4);
    assert.ok(!(await compareText()).includes('could not be loaded'));
    await page.close();
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

test('guided steps whose file is missing: the lab says so where they would be, and shows everything else', async () => {
  const site = elementsSite();
  const chunk = fs.readdirSync(path.join(site, 'assets/elements/chunks')).find((f) => /^steps-.*\.js$/.test(f))!;
  fs.rmSync(path.join(site, 'assets/elements/chunks', chunk));
  const server = await serveStatic(site);
  try {
    const { page } = await open(`${server.url}/index.html`);
    await readWholeLab(page);
    const parts = await labParts(page);
    assert.equal(parts.hidden, 0, 'no section hidden');
    assert.equal(parts.undrawn, 0);
    assert.equal(parts.steps, 0);
    assert.ok(parts.picture > 0 && parts.controls > 0 && parts.compare === 4);
    const text = await page.$eval('bulkhead-lab', (lab) => lab.shadowRoot!.textContent.replace(/\s+/g, ' '));
    assert.ok(text.includes(NOTICE(chunk)), 'where the steps would be');
    await page.close();
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

test('a German page without the German words shows the lab in English, with one notice', async () => {
  const site = siteFor({
    where: '',
    html: '<script type="module" src="/assets/bulkhead-lab.js"></script><bulkhead-lab></bulkhead-lab>',
    copy: ['dist/bulkhead-lab.js'],
    into: '/assets/',
  });
  const page0 = path.join(site, 'index.html');
  fs.writeFileSync(page0, fs.readFileSync(page0, 'utf8').replace('<html lang="en">', '<html lang="de">'));
  const server = await serveStatic(site);
  try {
    const { page } = await open(`${server.url}/index.html`);
    await readWholeLab(page);
    WHOLE_LAB({ ...(await labParts(page)), failed: false }, 'German without its words');
    const notices = await page.evaluate(() => {
      const found: string[] = [];
      const roots: (Document | ShadowRoot)[] = [document];
      for (let root = roots.pop(); root; root = roots.pop())
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (el.shadowRoot) roots.push(el.shadowRoot);
          if (el.matches('[part="notices"], .notices')) found.push(el.textContent.replace(/\s+/g, ' ').trim());
        }
      return found;
    });
    assert.deepEqual(notices, [NOTICE('bulkhead-lab.de.js')]);
    assert.ok(
      (await page.$eval('bulkhead-lab', (lab) => lab.shadowRoot!.textContent)).includes(
        '60-second scheduler inspection',
      ),
      'in English',
    );
    await page.close();
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});
