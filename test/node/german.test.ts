// German from the built files: an English page never fetches the German words; a German page
// fetches them once, whichever way it includes the elements. The catalogue is complete and in step
// with the source: every message has a translation with the same placeholders; each German file
// holds only the words of the build that fetches it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openPage, servedRepo, shadowText, wholeLabs } from './browser.js';

const repo = servedRepo();

/** A German file of the build: the bundle's, the per-element entries' chunk, or <measured-run>'s. */
const GERMAN = /\/bulkhead-lab\.de\.js$|\/elements\/chunks\/de-[\w-]+\.js$|\/elements\/measured-run\.de\.js$/;

/** Opens `page`, draws every lab and opens every closed section, and lists the scripts it fetched. */
async function scriptsFetched(page: string, width = 1280) {
  const fetched: string[] = [];
  const { page: tab, errors } = await openPage(repo.browser, 'about:blank', width);
  tab.on('request', (request) => void (request.resourceType() === 'script' && fetched.push(request.url())));
  await tab.goto(`${repo.url}${page}`, { waitUntil: 'load' });
  await wholeLabs(tab);
  await tab.evaluate(async () => {
    for (const lab of Array.from(document.querySelectorAll('bulkhead-lab')))
      for (const details of Array.from(lab.shadowRoot?.querySelectorAll('details') ?? [])) details.open = true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  await tab.waitForLoadState('networkidle');
  await tab.close();
  return { fetched, errors };
}

test('an English page fetches no German: the bundle, the per-element entries, the autoloader, <measured-run>', async () => {
  for (const page of [
    '/demo/blog.html',
    '/demo/',
    '/demo/docs.html',
    '/test/node/fixtures/autoload.html',
    '/demo/measured.html',
  ]) {
    const { fetched, errors } = await scriptsFetched(page);
    assert.ok(
      fetched.some((url) => /bulkhead-lab\.js$|\/elements\//.test(url)),
      `${page} loads the library`,
    );
    assert.deepEqual(
      fetched.filter((url) => GERMAN.test(url)),
      [],
      page,
    );
    assert.deepEqual(errors, [], page);
  }
});

test('a German page fetches the German words once, and shows German', async () => {
  const { fetched, errors } = await scriptsFetched('/demo/de.html');
  assert.deepEqual(
    fetched.filter((url) => GERMAN.test(url)).map((url) => path.basename(url)),
    ['bulkhead-lab.de.js'],
  );
  assert.deepEqual(errors, []);
  const { page } = await openPage(repo.browser, `${repo.url}/demo/de.html`);
  await page.waitForFunction(() =>
    document.querySelector('bulkhead-lab')?.shadowRoot?.textContent?.includes('Ihr Experiment'),
  );
  await page.close();
});

test('a German page with <measured-run> fetches its own German words once, and shows German', async () => {
  const page = '/test/node/fixtures/measured-de.html';
  const { fetched, errors } = await scriptsFetched(page);
  assert.deepEqual(
    fetched.filter((url) => GERMAN.test(url)).map((url) => path.basename(url)),
    ['measured-run.de.js'],
  );
  assert.deepEqual(errors, []);
  const { page: tab } = await openPage(repo.browser, `${repo.url}${page}`);
  await tab.locator('measured-run table').waitFor();
  assert.equal(await shadowText(tab, 'measured-run', 'h3:last-of-type'), 'Alle Läufe');
  await tab.close();
});

test('<measured-run> fetches its own German words once when its page turns German, and shows German', async () => {
  const fetched: string[] = [];
  const { page, errors } = await openPage(repo.browser, 'about:blank');
  page.on('request', (request) => void (request.resourceType() === 'script' && fetched.push(request.url())));
  await page.goto(`${repo.url}/demo/measured.html`, { waitUntil: 'load' });
  await page.locator('measured-run table').nth(1).waitFor();
  assert.equal(await shadowText(page, 'measured-run', 'h3:last-of-type'), 'Every run');
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'de'));
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('measured-run')).every((el) =>
      el.shadowRoot?.textContent?.includes('Alle Läufe'),
    ),
  );
  const meta = await shadowText(page, 'measured-run', '.meta');
  assert.match(meta, /^Gemessen am \d{4}-\d\d-\d\d mit Node v[\d.]+ auf \d+ Kernen \(/);
  assert.match(meta, /Load Average \d+(,\d+)? zu Beginn/);
  assert.deepEqual(
    fetched.filter((url) => GERMAN.test(url)).map((url) => path.basename(url)),
    ['measured-run.de.js'],
  );
  assert.deepEqual(errors, []);
  await page.close();
});

/** The message ids a built German file holds, by the keys lit-localize gives them. */
const idsIn = (file: string) => new Set(fs.readFileSync(file, 'utf8').match(/\b[sh][0-9a-f]{16}(?=:)/g));

test("each German file holds its own build's words: the lab's none of <measured-run>'s, nor the other way", () => {
  const catalogue = fs.readFileSync('xliff/de.xlf', 'utf8');
  const idOf = (source: string) =>
    new RegExp(`<trans-unit id="(\\w+)">\\s*<source>${source}</source>`).exec(catalogue)![1]!;
  const [lab, measured] = [idsIn('dist/bulkhead-lab.de.js'), idsIn('dist/elements/measured-run.de.js')];
  const elements = fs
    .readdirSync('dist/elements/chunks')
    .filter((name) => /^de-.*\.js$/.test(name))
    .map((name) => idsIn(path.join('dist/elements/chunks', name)));
  assert.equal(elements.length, 1);
  const [labWord, measuredWord] = [idOf('Bulkhead lab'), idOf('Every run')];
  assert.ok(lab.has(labWord) && elements[0]!.has(labWord) && !measured.has(labWord), 'a word of the lab');
  assert.ok(
    measured.has(measuredWord) && !lab.has(measuredWord) && !elements[0]!.has(measuredWord),
    'a word of <measured-run>',
  );
  // Every message is in the file of a build that shows it.
  const all = units(catalogue).map((unit) => unit.id);
  assert.deepEqual(
    all.filter((id) => !lab.has(id) && !measured.has(id)),
    [],
  );
  assert.ok(measured.size < all.length / 3, `<measured-run>'s file holds ${measured.size} of ${all.length} messages`);
});

/** The catalogue's messages: id, the source's and the target's placeholders, and whether it has a target. */
function units(xliff: string) {
  return [...xliff.matchAll(/<trans-unit id="([^"]+)">([\s\S]*?)<\/trans-unit>/g)].map(([, id, body]) => {
    const part = (tag: string) => /<(\w+)>([\s\S]*?)<\/\1>/.exec(body!.slice(body!.indexOf(`<${tag}>`)))?.[2];
    const holes = (text = '') => [...text.matchAll(/<x id="(\d+)"/g)].map((m) => m[1]).sort();
    return { id: id!, source: holes(part('source')), target: part('target'), targetHoles: holes(part('target')) };
  });
}

test('every message has a German translation with the same placeholders', () => {
  const all = units(fs.readFileSync('xliff/de.xlf', 'utf8'));
  assert.ok(all.length > 250, `${all.length} messages`);
  assert.deepEqual(
    all.filter((unit) => !unit.target?.trim()).map((unit) => unit.id),
    [],
    'messages without a translation',
  );
  assert.deepEqual(
    all.filter((unit) => unit.source.join() !== unit.targetHoles.join()).map((unit) => unit.id),
    [],
    'translations whose placeholders differ from the source',
  );
});

test('the catalogue is in step with the source: no message missing, none left over', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-xliff-'));
  try {
    const config = JSON.parse(fs.readFileSync('lit-localize.json', 'utf8')) as Record<string, unknown>;
    const out = path.join(dir, 'lit-localize.json');
    fs.writeFileSync(
      out,
      JSON.stringify({
        ...config,
        tsConfig: path.resolve('tsconfig.build.json'),
        interchange: { format: 'xliff', xliffDir: dir },
      }),
    );
    execFileSync(path.resolve('node_modules/.bin/lit-localize'), ['extract', '--config', out], { stdio: 'pipe' });
    const ids = (file: string) =>
      units(fs.readFileSync(file, 'utf8'))
        .map((unit) => unit.id)
        .sort();
    assert.deepEqual(
      ids('xliff/de.xlf'),
      ids(path.join(dir, 'de.xlf')),
      'run npm run localize:extract, then translate',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
