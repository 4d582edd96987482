// The UI figures of docs/EMBEDDING.md, "UI figures", in headless Chromium against the built bundle,
// served as static files:
// input change → updated DOM for a whole <bulkhead-lab>; long tasks during a 2× playback of the
// window in real time (30 s); JS heap and DOM counters after mounting, playing and removing 500 labs.
// Prints figures only; it asserts no times. Run with `npm run bench` (builds first); `npm run
// figures:ui` (or `--write`) also writes them into docs/EMBEDDING.md between their markers.
import os from 'node:os';
import { build as histogram } from 'hdr-histogram-js';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { serveStatic } from '../test/node/static-server.ts';
import { writeFigures } from './write-figures.mjs';

const START = '<!-- figures:ui (written by npm run figures:ui) -->';
const END = '<!-- /figures:ui -->';

const CHANGES = 100;
const WARMUP = 10;
const LABS = 500;
const ROUNDS = 3;

/** Median, p95 and maximum of millisecond samples, kept at microsecond precision. */
function summary(samples) {
  const h = histogram();
  for (const ms of samples) h.recordValue(Math.max(1, Math.round(ms * 1000)));
  const ms = (percentile) => (h.getValueAtPercentile(percentile) / 1000).toFixed(1);
  return `median ${ms(50)} ms, p95 ${ms(95)} ms, max ${(h.maxValue / 1000).toFixed(1)} ms`;
}

// In the page: every Lit element in a subtree, through shadow roots, and a wait for all of them.
const PAGE_HELPERS = `
  window.benchElements = (root) => {
    const found = [];
    const walk = (node) => {
      for (const el of node.querySelectorAll('*')) {
        if ('updateComplete' in el) found.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(root);
    return found;
  };
  window.benchSettled = async (lab) => {
    // An update may request more updates further down, so wait until a pass finds nothing pending.
    for (;;) {
      const elements = [lab, ...benchElements(lab.shadowRoot)];
      const settled = await Promise.all(elements.map((el) => el.updateComplete));
      if (settled.every(Boolean) && !elements.some((el) => el.isUpdatePending)) return;
    }
  };
`;

async function inputChanges(page) {
  return page.evaluate(
    async ({ changes, warmup }) => {
      const stage = document.getElementById('stage');
      stage.innerHTML = '<bulkhead-lab preset="stalled-dependency"></bulkhead-lab>';
      const lab = stage.firstElementChild;
      await benchSettled(lab);
      const policies = ['shared-fifo', 'shared-round-robin', 'strict-partitions', 'borrowing'];
      const toDom = [];
      const toLayout = [];
      for (let i = 0; i < warmup + changes; i++) {
        const t0 = performance.now();
        lab.dispatchEvent(
          new CustomEvent('bulkhead-config-request', {
            detail: { changes: { policy: policies[i % 4], slots: 3 + (i % 6) } },
            bubbles: true,
            composed: true,
          }),
        );
        await benchSettled(lab);
        const t1 = performance.now();
        void lab.offsetHeight; // style and layout of the new DOM, which the next frame would need
        const t2 = performance.now();
        if (i >= warmup) {
          toDom.push(t1 - t0);
          toLayout.push(t2 - t0);
        }
        await new Promise(requestAnimationFrame);
      }
      stage.innerHTML = '';
      return { toDom, toLayout };
    },
    { changes: CHANGES, warmup: WARMUP },
  );
}

async function playback(page) {
  return page.evaluate(async () => {
    const stage = document.getElementById('stage');
    stage.innerHTML = '<bulkhead-lab preset="stalled-dependency"></bulkhead-lab>';
    const lab = stage.firstElementChild;
    await benchSettled(lab);
    const longTasks = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const perTick = [];
    const ask = (type, detail = {}) =>
      lab.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    const started = performance.now();
    const ticks = await new Promise((resolve) => {
      const seen = new Set();
      lab.addEventListener('bulkhead-tick', async (event) => {
        const t0 = performance.now();
        seen.add(event.detail.tick);
        await benchSettled(lab);
        perTick.push(performance.now() - t0);
        if (!event.detail.playing && event.detail.tick === 20) resolve(seen.size);
      });
      ask('bulkhead-speed-request', { speed: 2 });
      ask('bulkhead-play-request');
    });
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    observer.disconnect();
    stage.innerHTML = '';
    return { ticks, seconds, longTasks, perTick };
  });
}

async function heap(page, cdp) {
  const measureHeap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
    return { usedSize, nodes, jsEventListeners };
  };
  const mountAndRemove = (count) =>
    page.evaluate(async (n) => {
      const stage = document.getElementById('stage');
      for (let done = 0; done < n; done += 50) {
        const batch = Math.min(50, n - done);
        stage.innerHTML = Array.from(
          { length: batch },
          (_, i) =>
            `<bulkhead-lab preset="${['stalled-dependency', 'count-every-request', 'slow-vs-dead'][i % 3]}"></bulkhead-lab>`,
        ).join('');
        await Promise.all([...stage.children].map((lab) => benchSettled(lab)));
        // Removed while playing: a playback timer left behind would keep the lab alive.
        for (const lab of stage.children)
          lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { bubbles: true, composed: true }));
        stage.innerHTML = '';
      }
    }, count);
  await mountAndRemove(20); // first use fills one-time caches (templates, style sheets)
  const before = await measureHeap();
  const noise = await measureHeap();
  // A leak grows by about the same amount every round; compiled code and caches settle down.
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    await mountAndRemove(LABS);
    rounds.push(await measureHeap());
  }
  return { before, noise, rounds };
}

const progress = (text) => process.stderr.write(`UI bench: ${text}\n`);

/** The figures as Markdown (the block docs/EMBEDDING.md holds between the UI markers). */
function figuresBlock({ version, load, changes, play, memory }) {
  const { before, noise, rounds } = memory;
  const kb = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
  const signed = (bytes) => `${bytes >= 0 ? '+' : '−'}${kb(Math.abs(bytes))}`;
  const readings = [before, ...rounds];
  const same = (key) =>
    readings.every((r) => r[key] === before[key])
      ? `${before[key]}, unchanged`
      : readings.map((r) => r[key]).join(' → ');
  const longest = play.longTasks.length ? `, longest ${Math.max(...play.longTasks).toFixed(0)} ms` : '';
  return [
    START,
    `Chromium ${version} headless at full speed, 1280×900, the built bundle over loopback. The machine's load average was ${load[0].toFixed(1)} at the start and ${load[1].toFixed(1)} at the end (2 cores).`,
    '',
    '| measure | figure | goal |',
    '|---|---|---|',
    `| input change (a \`bulkhead-config-request\`) → every element of the lab updated, ${CHANGES} changes | ${summary(changes.toDom)} | by the second frame (33 ms): the input's own paint, then the redraw |`,
    `| the same, plus style and layout of the new DOM | ${summary(changes.toLayout)} | |`,
    `| long tasks (> 50 ms) during a 2× playback of the whole window, in real time (${play.seconds.toFixed(1)} s, ${play.ticks} ticks) | ${play.longTasks.length}${longest} | none |`,
    `| tick event → every element updated, during that playback | ${summary(play.perTick)} | within a frame (16 ms) |`,
    `| JS heap after GC, per round of mounting, playing and removing ${LABS} labs (${ROUNDS} rounds, from ${kb(before.usedSize)}; two readings in a row differ by ${kb(Math.abs(noise.usedSize - before.usedSize))}) | ${rounds.map((r, i) => signed(r.usedSize - readings[i].usedSize)).join(', ')} | no growth after the first round |`,
    `| DOM nodes, and JS event listeners, before and after each round | ${same('nodes')}; ${same('jsEventListeners')} | none left |`,
    END,
  ].join('\n');
}

const server = await serveStatic(process.cwd());
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/bench/ui-bench.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('bulkhead-lab'));
  await page.evaluate(PAGE_HELPERS);
  const cdp = await page.context().newCDPSession(page);

  const load = [os.loadavg()[0]];
  const changes = await inputChanges(page);
  progress('playback at 2× in real time (the whole window, about 30 s) …');
  const play = await playback(page);
  progress(`mounting and removing ${LABS} labs, ${ROUNDS} rounds …`);
  const memory = await heap(page, cdp);
  load.push(os.loadavg()[0]);
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  const block = figuresBlock({ version: browser.version(), load, changes, play, memory });
  console.log(`\nUI bench\n${block.split('\n').slice(1, -1).join('\n')}`);
  if (process.argv.includes('--write')) writeFigures(['docs/EMBEDDING.md'], START, END, block);
} finally {
  await browser.close();
  await server.close();
}
