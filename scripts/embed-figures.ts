// `npm run figures`: measures how tall each element renders, in a plain page and in the blog-like
// demo page, with the built bundle in headless Chromium, and writes the table into
// docs/EMBEDDING.md between its figures markers. A Node test fails when the table there is stale.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { serveStatic } from '../test/node/static-server.js';

export const DOC = 'docs/EMBEDDING.md';
const START = '<!-- figures:heights (written by npm run figures) -->';
const END = '<!-- /figures:heights -->';

const TAGS = ['bulkhead-lab', 'tick-timeline', 'outcome-gate', 'outcome-table'] as const;
/** Plain page: the browser's default 16 px sans-serif, each element the full width of the viewport. */
const PLAIN_WIDTHS = [320, 390, 768, 1280];
/** demo/blog.html: 19 px serif in a 680 px column. */
const BLOG_WIDTHS = [320, 390, 1280];

const plainPage = (tag: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${tag}</title>
<style>body { margin: 0; }</style><script type="module" src="/dist/bulkhead-lab.js"></script></head>
<body><${tag} preset="stalled-dependency"></${tag}></body></html>`;

export interface Heights {
  plain: Record<number, Record<string, number>>;
  blog: Record<number, Record<string, number>>;
}

/** Every height, in CSS pixels rounded up, once the elements have rendered. */
export async function measureHeights(): Promise<Heights> {
  const root = process.cwd();
  const server = await serveStatic(root);
  const browser = await chromium.launch({ executablePath: chromiumPath()!, args: chromiumArgs });
  const heights: Heights = { plain: {}, blog: {} };
  const settle = (page: import('playwright-core').Page) =>
    page.evaluate(async () => {
      await customElements.whenDefined('bulkhead-lab');
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
    });
  try {
    for (const width of PLAIN_WIDTHS) {
      heights.plain[width] = {};
      for (const tag of TAGS) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.route('**/figures-page.html', (route) =>
          route.fulfill({ contentType: 'text/html', body: plainPage(tag) }),
        );
        await page.goto(`${server.url}/figures-page.html`);
        await settle(page);
        heights.plain[width][tag] = await page.$eval(tag, (el) => Math.ceil(el.getBoundingClientRect().height));
        await page.close();
      }
    }
    for (const width of BLOG_WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${server.url}/demo/blog.html`);
      await settle(page);
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

/** The block the docs hold now, or null when the markers are missing. */
export function currentBlock(doc = fs.readFileSync(DOC, 'utf8')): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? null : doc.slice(start, end + END.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const block = heightsBlock(await measureHeights());
  const doc = fs.readFileSync(DOC, 'utf8');
  const old = currentBlock(doc);
  if (old === null) throw new Error(`${DOC} has no figures markers`);
  fs.writeFileSync(DOC, doc.replace(old, block));
  console.log(block);
}
