// `npm run figures`: measures how tall each element renders, in a plain page and in the blog-like
// demo page, with the built bundle in headless Chromium (a lab drawn whole, `loading="eager"`), and
// writes the table and the size table into docs/EMBEDDING.md between their figures markers, and
// the size budgets into the sentences of README.md and docs/EMBEDDING.md that give them. Node tests
// fail when any of them is stale.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import {
  BUDGETS,
  KB,
  TRANSLATIONS,
  checkBudgets,
  closure,
  closureSize,
  isTranslation,
  measure,
  pageCosts,
} from './size.mjs';
import { serveStatic } from '../test/node/static-server.js';

export const DOC = 'docs/EMBEDDING.md';
export const README = 'README.md';
export { SIZES_START, SIZES_END, BUDGETS_START, BUDGETS_END };
const START = '<!-- figures:heights (written by npm run figures) -->';
const END = '<!-- /figures:heights -->';
const SIZES_START = '<!-- figures:sizes (written by npm run figures) -->';
const SIZES_END = '<!-- /figures:sizes -->';
const BUDGETS_START = '<!-- figures:budgets -->';
const BUDGETS_END = '<!-- /figures:budgets -->';

const TAGS = ['bulkhead-lab', 'tick-timeline', 'outcome-gate', 'outcome-table'] as const;
/** Plain page: the browser's default 16 px sans-serif, each element the full width of the viewport. */
const PLAIN_WIDTHS = [320, 390, 768, 1280];
/** demo/blog.html: 19 px serif in a 680 px column. */
const BLOG_WIDTHS = [320, 390, 1280];

const plainPage = (tag: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${tag}</title>
<style>body { margin: 0; }</style><script type="module" src="/dist/bulkhead-lab.js"></script></head>
<body><${tag} preset="stalled-dependency" loading="eager"></${tag}></body></html>`;

export interface Heights {
  plain: Record<number, Record<string, number>>;
  blog: Record<number, Record<string, number>>;
}

/** Draws every lab whole (`loading="eager"`), and waits until every element has drawn all of itself. */
const drawn = (page: import('playwright-core').Page) =>
  page.evaluate(async () => {
    for (const lab of Array.from(document.querySelectorAll('bulkhead-lab'))) lab.setAttribute('loading', 'eager');
    await customElements.whenDefined('bulkhead-lab');
    for (let i = 0; i < 3; i++) {
      const todo: Element[] = Array.from(document.querySelectorAll('body *'));
      for (let el = todo.shift(); el; el = todo.shift()) {
        await (el as Element & { updateComplete?: Promise<unknown> }).updateComplete;
        if (el.shadowRoot) todo.push(...Array.from(el.shadowRoot.querySelectorAll('*')));
      }
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
    }
  });

/** Every height, in CSS pixels rounded up, once the elements have rendered. */
export async function measureHeights(): Promise<Heights> {
  const root = process.cwd();
  const server = await serveStatic(root);
  const browser = await chromium.launch({ executablePath: chromiumPath()!, args: chromiumArgs });
  const heights: Heights = { plain: {}, blog: {} };
  try {
    for (const width of PLAIN_WIDTHS) {
      heights.plain[width] = {};
      for (const tag of TAGS) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.route('**/figures-page.html', (route) =>
          route.fulfill({ contentType: 'text/html', body: plainPage(tag) }),
        );
        await page.goto(`${server.url}/figures-page.html`);
        await drawn(page);
        heights.plain[width][tag] = await page.$eval(tag, (el) => Math.ceil(el.getBoundingClientRect().height));
        await page.close();
      }
    }
    for (const width of BLOG_WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${server.url}/demo/blog.html`);
      await drawn(page);
      heights.blog[width] = await page.evaluate(
        (tags) =>
          Object.fromEntries(
            tags.map((tag) => [tag, Math.ceil(document.querySelector(tag)!.getBoundingClientRect().height)]),
          ),
        [...TAGS],
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return heights;
}

const px = (n: number | undefined) => `${(n ?? 0).toLocaleString('en-US')} px`;

/** The Markdown block the docs hold for `heights`. */
export function heightsBlock(heights: Heights): string {
  const row = (label: string, values: Record<string, number> | undefined) =>
    `| ${label} | ${TAGS.map((tag) => px(values?.[tag])).join(' | ')} |`;
  return [
    START,
    `| page and viewport width | ${TAGS.map((tag) => `\`<${tag}>\``).join(' | ')} |`,
    '|---|---|---|---|---|',
    ...PLAIN_WIDTHS.map((w) => row(`plain page, ${w} px`, heights.plain[w])),
    ...BLOG_WIDTHS.map((w) => row(`blog column (19 px serif, 680 px at most), ${w} px`, heights.blog[w])),
    END,
  ].join('\n');
}

/** The block between `start` and `end` the docs hold now, or null when the markers are missing. */
export function currentBlock(doc = fs.readFileSync(DOC, 'utf8'), start = START, end = END): string | null {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  return from < 0 || to < from ? null : doc.slice(from, to + end.length);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The budgets as the docs' sentences give them, inline: `34 KB for the all-in-one bundle and …`. */
export function budgetsBlock(): string {
  const each = BUDGETS.map(
    ({ label, limit }) => `${limit / KB} KB for the ${label.replace(/<[\w-]+>/g, (tag) => `\`${tag}\``)}`,
  );
  return `${BUDGETS_START}${each.join(' and ')}${BUDGETS_END}`;
}

/**
 * What a standalone gate fetches only when it needs it: each file by its name, and when. A file
 * this does not know fails, so that the docs say what a new one is for.
 */
const FETCHED_WHEN: Record<string, string> = {
  source: 'what answers requests and plays (with the source side of the binding), on the first request',
  'notice-words': 'the words of the notices about bad attributes and inputs, when one is due',
  'document-styles': 'its styles as `<style>` elements, when it is moved into another document (a same-origin iframe)',
};

async function fetchedOnDemand(): Promise<string[]> {
  const entry = 'dist/elements/outcome-gate.js';
  const loaded = new Set(await closure(entry));
  const later = await closure(entry, { dynamic: (file) => !isTranslation(file) });
  return later
    .filter((file) => !loaded.has(file))
    .map((file) => {
      const name = path.basename(file).replace(/-[\w-]{8}\.js$/, '');
      const when = FETCHED_WHEN[name];
      if (!when) throw new Error(`${file}: a file a gate fetches on demand that FETCHED_WHEN does not describe`);
      return `| \`dist/elements/chunks/${name}-….js\`: ${when} | ${kb(measure(file).gzip)} |`;
    });
}

/** The source maps beside a closure's files, which a browser fetches only for its devtools. */
function mapsOf(files: string[]): string {
  const maps = files.map((file) => measure(`${file}.map`));
  const raw = maps.reduce((sum, map) => sum + map.raw, 0);
  const gzip = maps.reduce((sum, map) => sum + map.gzip, 0);
  return `${kb(raw)} raw, ${kb(gzip)} gzip`;
}

/** The size table: gzip -9 of each entry with everything it loads, against its budget (built files). */
export async function sizesBlock(): Promise<string> {
  const budgets = await checkBudgets();
  const verdict = (label: string) => {
    const b = budgets.find((r) => r.label === label);
    if (!b) return '';
    return b.verdict === 'ok' ? `≤ ${kb(b.limit)}: met` : `≤ ${kb(b.limit)}: **over by ${kb(b.gzip - b.limit)}**`;
  };
  const rows: string[] = [];
  const entry = async (label: string, file: string, budget?: string) => {
    const { raw, gzip, files } = await closureSize(file);
    rows.push(
      `| ${label} (${files.length} file${files.length === 1 ? '' : 's'}) | ${kb(raw)} | **${kb(gzip)}** | ${budget ? verdict(budget) : ''} |`,
    );
  };
  await entry('`dist/bulkhead-lab.js`, the lab and its widgets in one file', 'dist/bulkhead-lab.js', BUDGETS[0]?.label);
  await entry('`dist/elements/outcome-gate.js` with what it loads', 'dist/elements/outcome-gate.js', BUDGETS[1]?.label);
  for (const tag of ['tick-timeline', 'measured-run', 'bulkhead-lab'])
    await entry(`\`dist/elements/${tag}.js\` with what it loads`, `dist/elements/${tag}.js`);
  for (const [file, whose] of [
    [TRANSLATIONS.bundle, 'the German words'],
    [TRANSLATIONS.measuredRun, "`<measured-run>`'s German words"],
  ] as const) {
    const german = measure(file);
    rows.push(
      `| \`${file}\`, ${whose}, fetched only by a page that shows German | ${kb(german.raw)} | ${kb(german.gzip)} | |`,
    );
  }
  const sim = measure('dist/sim.js');
  rows.push(`| \`dist/sim.js\`, the model for Node (not minified) | ${kb(sim.raw)} | ${kb(sim.gzip)} | |`);
  const code = (text: string) => text.replace(/<[\w-]+>/g, (tag) => `\`${tag}\``);
  const pages = (await pageCosts()).map((row) => `| ${code(row.label)} | ${row.files} | **${kb(row.gzip)}** |`);
  const gate = await closure('dist/elements/outcome-gate.js');
  return [
    SIZES_START,
    '| output | raw | gzip -9 | budget (`scripts/size.mjs`) |',
    '|---|---|---|---|',
    ...rows,
    '',
    'What a page fetches, by how it includes the elements:',
    '',
    '| page, included by | files | gzip -9 |',
    '|---|---|---|',
    ...pages,
    '',
    'What a standalone `<outcome-gate>` fetches only when it needs it:',
    '',
    '| file, and when | gzip -9 |',
    '|---|---|',
    ...(await fetchedOnDemand()),
    '',
    `The source maps beside them: the bundle's, ${mapsOf(['dist/bulkhead-lab.js'])}; the gate's ${gate.length}, ${mapsOf(gate)}.`,
    SIZES_END,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const budgets = budgetsBlock();
  for (const [file, blocks] of [
    [
      DOC,
      [
        [heightsBlock(await measureHeights()), START, END],
        [await sizesBlock(), SIZES_START, SIZES_END],
        [budgets, BUDGETS_START, BUDGETS_END],
      ],
    ],
    [README, [[budgets, BUDGETS_START, BUDGETS_END]]],
  ] as const) {
    let doc = fs.readFileSync(file, 'utf8');
    for (const [block, start, end] of blocks) {
      const old = currentBlock(doc, start, end);
      if (old === null) throw new Error(`${file} has no ${start} marker`);
      doc = doc.replace(old, block);
      console.log(block);
    }
    fs.writeFileSync(file, doc);
  }
}
