// How long <measured-run> holds the main thread while it reads and draws a file: hostile files (a
// run of 2,000 or 20,000 endpoints, a 30 MB label, 50 MB of data it does not draw) and the largest
// real ones (the committed sample, 320 runs), each loaded by `src` in headless Chromium from the
// built dist/elements/measured-run.js. For each: the time until it shows, the longest task by the
// clock (PerformanceObserver `longtask`), and by the main thread's CPU time (a trace's RunTask
// `tdur`), which a busy machine does not stretch; and whether the page scrolls sideways at 320 px.
// `node --import tsx bench/measured-run-bench.mjs [ROOT]`: ROOT holds the dist/ to measure (default
// this repository, built), so an older build can be measured beside it; BENCH_FILES=a.json,b.json
// measures only those.
/* global document, customElements, requestAnimationFrame -- the page functions run in the browser */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const root = path.resolve(process.argv[2] ?? '.');
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'measured-run-bench-'));

/** The hostile and the largest real files, written into `files`. */
function writeFiles() {
  const sample = JSON.parse(fs.readFileSync('experiment/sample/sample-run.json', 'utf8'));
  const oneRun = (change) => {
    const data = structuredClone(sample);
    data.runs = [data.runs[0]];
    change(data);
    return data;
  };
  const endpoints = (count) => (data) => {
    const [first] = data.runs[0].endpoints;
    data.runs[0].endpoints = Array.from({ length: count }, (_, i) => ({ ...first, path: `/e${i}`, windows: [] }));
  };
  const written = {
    'sample-run.json': sample,
    'endpoints-2000.json': oneRun(endpoints(2_000)),
    'endpoints-20000.json': oneRun(endpoints(20_000)),
    'label-30mb.json': oneRun((data) => (data.meta.label = 'L'.repeat(30_000_000))),
    'name-10k.json': oneRun((data) => (data.runs[0].name += `/${'n'.repeat(10_000)}`)),
    'undrawn-50mb.json': oneRun(
      (data) => (data.extra = Array.from({ length: 1_500_000 }, (_, i) => ({ i, v: i / 7 }))),
    ),
    'runs-320.json': {
      ...sample,
      runs: Array.from({ length: 320 }, (_, i) => ({ ...sample.runs[i % 32], repeat: Math.floor(i / 32) + 1 })),
    },
  };
  for (const [name, data] of Object.entries(written)) fs.writeFileSync(path.join(files, name), JSON.stringify(data));
  return Object.keys(written);
}

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0">');
      return;
    }
    const file = url.pathname.startsWith('/files/')
      ? path.join(files, path.basename(url.pathname))
      : path.join(root, path.normalize(url.pathname));
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    // Not application/json: DevTools, which drives the browser here, decodes every text answer for
    // its Network panel in one task of the page, which a page without DevTools does not.
    res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The longest RunTask of the page's main thread in a trace, by the clock and by CPU time. */
function longestInTrace(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`));
  return Math.round(Math.max(0, ...tasks.map((e) => e.tdur ?? 0)) / 1000);
}

async function measure(browser, base, name, width) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/`);
  await page.addScriptTag({ url: '/dist/elements/measured-run.js', type: 'module' });
  await page.waitForFunction(() => customElements.get('measured-run'));
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      ...(process.env.BENCH_TRACE ? ['v8', 'blink', 'loading'] : []),
    ],
  });
  const result = await page.evaluate(async (src) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const el = document.createElement('measured-run');
    el.setAttribute('timeout', '600000');
    document.body.append(el);
    const started = performance.now();
    el.src = src;
    const text = () => el.shadowRoot?.textContent ?? '';
    while (text() === '' || text().includes('Loading')) await new Promise((resolve) => setTimeout(resolve, 20));
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200)));
    const shownMs = Math.round(performance.now() - started);
    observer.disconnect();
    return {
      shownMs,
      longestMs: Math.round(Math.max(0, ...tasks)),
      refused: el.shadowRoot.querySelector('[role="alert"]')?.textContent.trim() ?? '',
      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  }, `/files/${name}`);
  const trace = await browser.stopTracing();
  if (process.env.BENCH_TRACE) fs.writeFileSync(`${process.env.BENCH_TRACE}-${name}`, trace);
  const longestCpuMs = longestInTrace(trace);
  await page.close();
  return { ...result, longestCpuMs };
}

const only = process.env.BENCH_FILES?.split(',');
const names = writeFiles().filter((name) => !only || only.includes(name));
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  console.log(`<measured-run> from ${path.relative(process.cwd(), root) || '.'}/dist, Chromium ${browser.version()}`);
  console.log('file                    width  shown ms  longest task ms (clock / CPU)  sideways  refused');
  for (const name of names) {
    for (const width of name === 'name-10k.json' || name === 'label-30mb.json' ? [320] : [1280]) {
      const r = await measure(browser, base, name, width);
      console.log(
        `${name.padEnd(24)}${String(width).padStart(5)}${String(r.shownMs).padStart(10)}` +
          `${`${r.longestMs} / ${r.longestCpuMs}`.padStart(33)}${String(r.sideways).padStart(10)}  ${r.refused.slice(33, 110)}`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
  fs.rmSync(files, { recursive: true, force: true });
}
