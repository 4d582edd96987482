// Page load in headless Chromium against the built bundle, served as static files over loopback:
// for a page with one lab, the four-lab demo page and a page of 50 labs, at full speed and with
// the CPU throttled 4×, how soon the first lab is usable, the long tasks and layout shift of the
// whole load, and what the page holds once it is quiet (DOM nodes, elements, JS heap), beside the
// same page without the library (the same text, no script or stylesheet) as a floor; then 200
// labs at full speed, and the 50 labs scrolled through. Each page is loaded several times in fresh
// tabs, as the first paint's work varies from load to load.
// Prints figures only; it asserts nothing. `npm run bench` runs it; `npm run figures:pages` (with
// `--write`) also writes the figures into docs/EMBEDDING.md between their markers.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { serveStatic } from '../test/node/static-server.ts';
import { writeFigures } from './write-figures.mjs';

export const START = '<!-- figures:page-load (written by npm run figures:pages) -->';
export const END = '<!-- /figures:page-load -->';
const DOCS = ['docs/EMBEDDING.md'];

/** The README's first embed snippet, less the element. */
const SNIPPET =
  '<link rel="stylesheet" href="/dist/bulkhead-lab.css"><script type="module" src="/dist/bulkhead-lab.js"></script>';
const PRESETS = ['stalled-dependency', 'count-every-request', 'slow-vs-dead'];
const PARAGRAPH =
  'Two tenants share a few processing slots. When the dependency behind one of them stalls, what ' +
  'happens to the other depends only on how the slots are handed out, which the lab below replays.';

/** A page shaped like demo/blog.html: a 680 px serif column, paragraphs, and `labs` labs among them. */
export const articlePage = (labs, library = true) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${labs} labs</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; font: 19px/1.6 Georgia, serif; } article { max-width: 680px; margin: 0 auto; padding: 1.5rem 1rem; }</style>
${library ? SNIPPET : ''}</head><body><article><h1>A bulkhead, explained</h1>
${Array.from(
  { length: labs },
  (_, i) => `<h2>Experiment ${i + 1}</h2><p>${PARAGRAPH}</p>
<bulkhead-lab preset="${PRESETS[i % 3]}"></bulkhead-lab><p>${PARAGRAPH}</p>`,
).join('\n')}
</article></body></html>`;

const demoPage = (library = true) => {
  const page = fs.readFileSync('demo/index.html', 'utf8');
  const tags = [
    '<link rel="stylesheet" href="../dist/bulkhead-lab.css">',
    '<script type="module" src="../dist/bulkhead-lab.js"></script>',
  ];
  for (const tag of tags) if (!page.includes(tag)) throw new Error(`demo/index.html no longer holds ${tag}`);
  return library ? page : tags.reduce((html, tag) => html.replace(tag, ''), page);
};

/** Loads of each page for each figure. */
const LOADS = 5;

export const PAGES = [
  { label: 'one lab', path: '/bench/page-one.html', html: (library) => articlePage(1, library) },
  { label: 'four labs (demo/)', path: '/demo/index.html', html: demoPage },
  { label: '50 labs', path: '/bench/page-50.html', html: (library) => articlePage(50, library) },
  { label: '200 labs', path: '/bench/page-200.html', html: (library) => articlePage(200, library), throttles: [1] },
];

// Runs before any script of the page: records from the start long tasks, layout shifts not caused
// by input, and long animation frames (over 50 ms: what ran in them, by script), and (on pages with
// a lab) when the first lab became usable.
export const OBSERVE = () => {
  const seen = { longTasks: [], shifts: [], frames: [], usable: null };
  window.benchSeen = seen;
  new PerformanceObserver((list) =>
    seen.longTasks.push(...list.getEntries().map(({ startTime, duration }) => ({ startTime, duration }))),
  ).observe({ type: 'longtask' });
  new PerformanceObserver((list) => {
    for (const { hadRecentInput, startTime, value } of list.getEntries())
      if (!hadRecentInput) seen.shifts.push({ startTime, value });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries())
      seen.frames.push({
        startTime: frame.startTime,
        duration: frame.duration,
        blockingDuration: frame.blockingDuration,
        renderStart: frame.renderStart,
        scripts: frame.scripts.map(({ duration, sourceURL, invoker, invokerType }) => ({
          duration,
          sourceURL,
          invoker,
          invokerType,
        })),
      });
  }).observe({ type: 'long-animation-frame', buffered: true });
};

/** The sum of layout shift scores: at least the page's CLS, which is the largest burst of them. */
export const shiftOf = (shifts) => shifts.reduce((sum, shift) => sum + shift.value, 0);

// Usable: the first lab's controls are on screen, and a change of policy made as soon as they are
// has been answered in the controls (the policy's help text changed) and painted. Checked every
// frame, so a frame the main thread could not give counts as not usable yet.
const PROBE = () => {
  const find = (root, ...selectors) => {
    let node = root;
    for (const s of selectors) node = (node?.shadowRoot ?? node)?.querySelector(s) ?? null;
    return node;
  };
  const check = () => {
    const lab = document.querySelector('bulkhead-lab');
    const select = lab && find(lab, 'lab-controls', '#policy');
    if (!select?.getBoundingClientRect().height) return requestAnimationFrame(check);
    setTimeout(() => {
      const help = find(lab, 'lab-controls', '#policy-help');
      const before = help.textContent;
      select.value = 'strict-partitions';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      const answered = () => {
        if (find(lab, 'lab-controls', '#policy-help').textContent === before) return requestAnimationFrame(answered);
        window.benchSeen.usable = performance.now();
      };
      requestAnimationFrame(answered);
    });
  };
  requestAnimationFrame(check);
};

/**
 * Resolves once the page has had ten full idle periods in a row: nothing left to do at load; or
 * after `limit` ms, even if no idle period came.
 */
export const QUIET = (limit) =>
  new Promise((resolve) => {
    const end = performance.now() + limit;
    setTimeout(resolve, limit);
    let calm = 0;
    const next = () =>
      requestIdleCallback((deadline) => {
        calm = deadline.timeRemaining() >= 40 ? calm + 1 : 0;
        if (calm >= 10 || performance.now() > end) resolve();
        else setTimeout(next, 20);
      });
    next();
  });

/** Elements in the page, counting those inside every shadow tree. */
const ELEMENTS = () => {
  let count = 0;
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      count++;
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return count;
};

/**
 * A fresh tab, its CPU throttled, that gets `html` at `url` and runs OBSERVE and then each of
 * `scripts` before the page's own; `goto()` loads the page and waits until it is quiet.
 */
export async function openPage(browser, url, { html, throttle = 1, width = 1280, height = 900, scripts = [] }) {
  const page = await browser.newPage({ viewport: { width, height } });
  const cdp = await page.context().newCDPSession(page);
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  for (const script of [OBSERVE, ...scripts]) await page.addInitScript(script);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const goto = async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(QUIET, 30_000 * throttle);
  };
  return { page, cdp, errors, goto };
}

/**
 * One load of `html` at `url` in a fresh tab, until quiet: when the first lab became usable, long
 * tasks, layout shift, DOM nodes, elements, the JS heap after a collection, and the main thread's
 * time in script and in tasks (CDP `Performance.getMetrics`), in ms.
 */
export async function load(browser, url, { html, throttle, probe, width = 1280 }) {
  const { page, cdp, errors, goto } = await openPage(browser, url, {
    html,
    throttle,
    width,
    scripts: probe ? [PROBE] : [],
  });
  await cdp.send('Performance.enable');
  await goto();
  const seen = await page.evaluate(() => {
    const script = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/bulkhead-lab.js'));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { ...window.benchSeen, scriptArrived: script?.responseEnd ?? null, painted: paint?.startTime ?? null };
  });
  const elements = await page.evaluate(ELEMENTS);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const nodes = metric('Nodes');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await page.close();
  if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
  return {
    usable: seen.usable,
    afterScript: seen.usable !== null && seen.scriptArrived !== null ? seen.usable - seen.scriptArrived : null,
    painted: seen.painted,
    longTasks: seen.longTasks,
    shift: shiftOf(seen.shifts),
    nodes,
    elements,
    heap: usedSize,
    script: metric('ScriptDuration') * 1000,
    tasks: metric('TaskDuration') * 1000,
  };
}

/**
 * An article of `labs` labs, loaded and quiet: scroll to the end `step` px at a time (default a
 * screen), a step every 100 ms, with `scrollBy` from the page. Long tasks and the longest gap
 * between frames while scrolling; the long animation frames and layout shifts (OBSERVE) of the
 * load and of the scroll, apart.
 */
export async function scrolling(
  browser,
  server,
  throttle,
  { labs = 50, step = null, width = 1280, height = 900 } = {},
) {
  const path = `/bench/page-${labs}-scroll.html`;
  const { page, goto } = await openPage(browser, `${server.url}${path}`, {
    html: articlePage(labs),
    throttle,
    width,
    height,
  });
  await goto();
  const result = await page.evaluate(async (step) => {
    const longTasks = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const gaps = [];
    let last = performance.now();
    let scrolling = true;
    const frame = (now) => {
      gaps.push(now - last);
      last = now;
      if (scrolling) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const started = performance.now();
    let steps = 0;
    // Bounded: a page that keeps growing as it is scrolled still ends.
    while (scrollY + innerHeight < document.documentElement.scrollHeight - 1 && steps < 5000) {
      scrollBy(0, step ?? innerHeight);
      steps++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    scrolling = false;
    await new Promise((resolve) => setTimeout(resolve, 500));
    observer.disconnect();
    const during = (entries) => entries.filter((e) => e.startTime >= started);
    const before = (entries) => entries.filter((e) => e.startTime < started);
    const { frames, shifts } = window.benchSeen;
    return {
      seconds: (performance.now() - started) / 1000,
      steps,
      longTasks,
      longestFrame: Math.max(...gaps),
      frames: during(frames),
      shifts: during(shifts),
      load: { frames: before(frames), shifts: before(shifts) },
    };
  }, step);
  await page.close();
  return result;
}

const ms = (n) => (n === null || Number.isNaN(n) ? '–' : `${Math.round(n).toLocaleString('en-US')} ms`);
const whole = (n) => Math.round(n).toLocaleString('en-US');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ratio = (a, b) => (a === null || b === null || !b ? '–' : `${(a / b).toFixed(1)}×`);
const tasks = (list) =>
  list.length ? `${list.length}, ${ms(list.reduce((a, b) => a + b, 0))}, longest ${ms(Math.max(...list))}` : '0';
/** Of several loads, how many had a long task, and each one's longest (0: none). */
const longest = (list) => `${list.filter((t) => t > 0).length} of ${list.length}: ${list.map(Math.round).join(', ')}`;

export const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? null;

/**
 * The same page loaded `loads` times, each in a fresh tab: a first paint's work (fonts, form
 * controls, compiling the script) varies from load to load, so one load can say too much or too
 * little. The median of each figure, and every load's longest task.
 */
async function loads(browser, url, options, count) {
  const all = [];
  for (let i = 0; i < count; i++) all.push(await load(browser, url, options));
  const mid = (key) => median(all.map((one) => one[key]).filter((value) => value !== null));
  return {
    usable: mid('usable'),
    afterScript: mid('afterScript'),
    painted: mid('painted'),
    longest: all.map((one) => Math.max(0, ...one.longTasks.map((t) => t.duration))),
    shift: Math.max(...all.map((one) => one.shift)),
    nodes: mid('nodes'),
    elements: mid('elements'),
    heap: mid('heap'),
  };
}

/** Every figure: each page at full speed and throttled, with its floor, then 50 labs scrolled. */
export async function measurePages({ throttles = [1, 4], count = LOADS } = {}) {
  const server = await serveStatic(process.cwd());
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const rows = [];
  const scrolls = [];
  try {
    for (const throttle of throttles) {
      for (const { label, path, html, throttles: only } of PAGES) {
        if (only && !only.includes(throttle)) continue;
        const url = `${server.url}${path}`;
        // The change of policy that tells when a lab is usable is a load of its own: it changes what the page holds.
        const { usable, afterScript } = await loads(browser, url, { html: html(true), throttle, probe: true }, count);
        const lab = {
          ...(await loads(browser, url, { html: html(true), throttle, probe: false }, count)),
          usable,
          afterScript,
        };
        const floor = await loads(browser, url, { html: html(false), throttle, probe: false }, count);
        rows.push({ label, throttle, lab, floor });
      }
      scrolls.push({ throttle, ...(await scrolling(browser, server, throttle)) });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { chromium: browser.version(), rows, scrolls };
}

/** The figures as a Markdown table (the block the docs hold between the page-load markers). */
export function figuresBlock({ chromium: version, rows, scrolls }) {
  const speed = (throttle) => (throttle === 1 ? 'full speed' : `CPU ${throttle}× slower`);
  const lines = [
    START,
    `Chromium ${version.split('.')[0]} headless at 1280×900, the built files over loopback, each page loaded ${rows[0]?.lab.longest.length} times in fresh tabs: medians, the largest CLS, and each load's longest task. Usable: the first lab's controls are drawn and a change of policy made at once is answered on screen. Floor: the same page without the library (no script, no stylesheet); × is the ratio to it.`,
    '',
    "| page | usable, from the script's arrival (from navigation; floor painted; ×) | loads with a task > 50 ms: each load's longest, ms (floor) | CLS (floor) | DOM nodes (floor; ×) | elements, shadow trees included (floor; ×) | JS heap (floor; ×) |",
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ label, throttle, lab, floor }) =>
        `| ${label}, ${speed(throttle)} | ${ms(lab.afterScript)} (${ms(lab.usable)}; ${ms(floor.painted)}; ${ratio(lab.usable, floor.painted)}) | ${longest(lab.longest)} (${longest(floor.longest)}) | ${lab.shift.toFixed(3)} (${floor.shift.toFixed(3)}) | ${whole(lab.nodes)} (${whole(floor.nodes)}; ${ratio(lab.nodes, floor.nodes)}) | ${whole(lab.elements)} (${whole(floor.elements)}; ${ratio(lab.elements, floor.elements)}) | ${mb(lab.heap)} (${mb(floor.heap)}; ${ratio(lab.heap, floor.heap)}) |`,
    ),
    '',
    ...scrolls.map(
      (s) =>
        `50 labs scrolled to the end a screen every 100 ms, ${speed(s.throttle)}: ${s.seconds.toFixed(1)} s; long tasks ${tasks(s.longTasks)}; longest frame ${ms(s.longestFrame)}.`,
    ),
    END,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measurePages();
  const block = figuresBlock(figures);
  console.log(`\nPage-load bench\n${block.split('\n').slice(1, -1).join('\n')}`);
  if (process.argv.includes('--write')) writeFigures(DOCS, START, END, block);
}
