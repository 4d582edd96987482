// What the all-in-one bundle's extra bytes cost at load on a phone-class CPU. The all-in-one file
// holds every part of a lab (guided steps, notes, Compare, Sweep, the requests' stories, the words of
// notices), so that a page that copies one file gets all of it; the per-element entry of the lab
// fetches those parts only when they are needed. Both embeds of the same one-lab article, loaded in
// turn in fresh tabs with the CPU throttled 4× (CDP `Emulation.setCPUThrottlingRate`), until the
// page is quiet: when the lab became usable (page-bench.mjs), each load's longest task, and the main
// thread's time in script and in tasks over the whole load. Medians, then the difference.
// Prints figures only; `npm run figures:bundle` (with `--write`) also writes them into
// docs/EMBEDDING.md between their markers.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { serveStatic } from '../test/node/static-server.ts';
import { articlePage, load, median } from './page-bench.mjs';
import { writeFigures } from './write-figures.mjs';

export const START = '<!-- figures:bundle-cost (written by npm run figures:bundle) -->';
export const END = '<!-- /figures:bundle-cost -->';

const RATE = 4;
/** Loads of each embed, taken in turn so that both see the same machine. */
const LOADS = 15;

const ALL_IN_ONE = '<script type="module" src="/dist/bulkhead-lab.js"></script>';
const EMBEDS = [
  { label: 'all-in-one bundle (`dist/bulkhead-lab.js`)', script: ALL_IN_ONE },
  {
    label: 'per-element entry (`dist/elements/bulkhead-lab.js`)',
    script: '<script type="module" src="/dist/elements/bulkhead-lab.js"></script>',
  },
];

const page = (script) => {
  const html = articlePage(1);
  if (!html.includes(ALL_IN_ONE)) throw new Error('the article no longer holds the all-in-one embed');
  return html.replace(ALL_IN_ONE, script);
};

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** The middle half of `list`: from its 25th to its 75th percentile, the spread between loads. */
const middleHalf = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q) => sorted[Math.round(q * (sorted.length - 1))];
  return [at(0.25), at(0.75)];
};

/** A figure's median, and its middle half in brackets. */
const spread = ({ median: mid, half: [low, high] }) => `${ms(mid)} (${ms(low)} to ${ms(high)})`;

const figure = (list) => ({ median: median(list), half: middleHalf(list) });

export async function measureBundleCost({ loads = LOADS } = {}) {
  const server = await serveStatic(process.cwd());
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const all = EMBEDS.map(() => []);
    for (let i = 0; i < loads; i++)
      for (const [k, { script }] of EMBEDS.entries()) {
        process.stderr.write(`bundle cost: load ${i + 1} of ${loads}, ${EMBEDS[k].label}\n`);
        all[k].push(
          await load(browser, `${server.url}/bench/bundle-cost.html`, {
            html: page(script),
            throttle: RATE,
            probe: true,
          }),
        );
      }
    return {
      chromium: browser.version(),
      loads,
      rows: EMBEDS.map(({ label }, k) => ({
        label,
        usable: figure(all[k].map((one) => one.usable)),
        longest: figure(all[k].map((one) => Math.max(0, ...one.longTasks.map((t) => t.duration)))),
        script: figure(all[k].map((one) => one.script)),
        tasks: figure(all[k].map((one) => one.tasks)),
      })),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function figuresBlock({ chromium: version, loads, rows }) {
  const [whole, split] = rows;
  const difference = (key) => {
    const d = whole[key].median - split[key].median;
    return `${d >= 0 ? '+' : '−'}${ms(Math.abs(d))}`;
  };
  return [
    START,
    `Chromium ${version.split('.')[0]} headless, CPU 4× slower, the one-lab article at 1280×900, each embed loaded ${loads} times in turn in fresh tabs: medians, and in brackets the middle half of the loads (25th to 75th percentile). Usable is timed from navigation; script and task time are the main thread's over the whole load, until the page is quiet.`,
    '',
    '| embed | usable | longest task | script | tasks |',
    '|---|---|---|---|---|',
    ...rows.map(
      ({ label, usable, longest, script, tasks }) =>
        `| ${label} | ${spread(usable)} | ${spread(longest)} | ${spread(script)} | ${spread(tasks)} |`,
    ),
    `| the all-in-one bundle's difference, in medians | ${difference('usable')} | ${difference('longest')} | ${difference('script')} | ${difference('tasks')} |`,
    END,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureBundleCost();
  const block = figuresBlock(figures);
  console.log(block);
  if (process.argv.includes('--write')) writeFigures(['docs/EMBEDDING.md'], START, END, block);
}
