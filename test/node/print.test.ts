// A lab printed to PDF on A4 from a 1280 px window, with every section open: no table row, gate or
// list item is cut by a page break, and no line prints on top of another. Chromium prints it; the
// PDF's text, read back with PDF.js, says on which page each part starts and ends and where each
// line lies. Each part is marked in the page first: a tiny `@@s7@@` where it starts and `@@e7@@`
// where it ends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openEverything, servedRepo, wholeLabs } from './browser.js';

const repo = servedRepo();

const page = (preset: string, blog: boolean, before: number) => `<!doctype html><html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Print</title>
<style>body { margin: 0; ${blog ? 'font: 19px/1.6 Georgia, serif;' : ''} }
${blog ? 'article { max-width: 680px; margin: 0 auto; padding: 1.5rem 1rem; }' : 'article { padding: 8px; }'}</style>
<link rel="stylesheet" href="/dist/bulkhead-lab.css"><script type="module" src="/dist/bulkhead-lab.js"></script></head>
<body><article><h1>A bulkhead, explained</h1><p style="min-height: ${before}px">Some text before the lab.</p>
<bulkhead-lab preset="${preset}"></bulkhead-lab><p>Some text after it.</p></article></body></html>`;

/**
 * Marks every table row, gate and list item in the lab and the views inside it; returns what each
 * mark names. Plain JavaScript: tsx would wrap inner functions in a helper the page lacks.
 */
const MARK = `(() => {
  const named = [];
  const mark = (text) => {
    const span = document.createElement('span');
    span.textContent = text;
    span.style.cssText = 'font: 2px monospace; color: black';
    return span;
  };
  const roots = [document.querySelector('bulkhead-lab').shadowRoot];
  for (let root = roots.pop(); root; root = roots.pop())
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (!el.matches('tr, li, outcome-gate') || el.closest('.visually-hidden')) continue;
      const k = named.length;
      named.push(el.localName + ': ' + (el.shadowRoot ?? el).textContent.replace(/\\s+/g, ' ').trim().slice(0, 60));
      const start = el.localName === 'tr' ? el.cells[0] : el.shadowRoot ?? el;
      const end = el.localName === 'tr' ? el.cells[el.cells.length - 1] : el.shadowRoot ?? el;
      start.prepend(mark('@@s' + k + '@@'));
      end.append(mark('@@e' + k + '@@'));
    }
  return named;
})()`;

interface Line {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  turned: boolean;
}

/** Every piece of text of the PDF, with its page and box (PDF points, y upwards from the baseline). */
async function linesOf(pdf: Uint8Array): Promise<Line[]> {
  const document = await getDocument({ data: pdf, useSystemFonts: false, isEvalSupported: false }).promise;
  const lines: Line[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const { items } = await (await document.getPage(n)).getTextContent();
    for (const item of items)
      if ('str' in item && item.str.trim())
        lines.push({
          page: n,
          text: item.str,
          x: item.transform[4],
          y: item.transform[5],
          width: item.width,
          height: item.height,
          turned: item.transform[1] !== 0 || item.transform[2] !== 0,
        });
  }
  await document.destroy();
  return lines;
}

/** Pairs of pieces of text on one page whose boxes cover each other. */
function overlaps(lines: Line[]): string[] {
  const found: string[] = [];
  // Turned text (a chart's axis title) has no upright box: left out.
  const text = lines.filter((line) => !line.text.includes('@@') && line.height > 3 && !line.turned);
  for (let i = 0; i < text.length; i++)
    for (let j = i + 1; j < text.length; j++) {
      const [a, b] = [text[i]!, text[j]!];
      if (a.page !== b.page) continue;
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (across > 1 && down > 0.3 * Math.min(a.height, b.height))
        found.push(`page ${a.page}: "${a.text}" and "${b.text}"`);
    }
  return found;
}

// Text of two heights before the lab moves every page break to another place in it.
for (const preset of ['stalled-dependency', 'retry-storm'])
  for (const blog of [false, true])
    for (const before of [0, 450])
      test(`${preset} in ${blog ? 'a blog column' : 'a full-width page'} after ${before} px of text, printed on A4: no row, gate or list item cut, nothing overlaps`, async () => {
        const tab = await repo.browser.newPage({ viewport: { width: 1280, height: 800 } });
        await tab.route('**/print.html', (route) =>
          route.fulfill({ contentType: 'text/html', body: page(preset, blog, before) }),
        );
        await tab.goto(`${repo.url}/print.html`);
        await tab.waitForFunction(() => customElements.get('bulkhead-lab') !== undefined);
        await wholeLabs(tab);
        await openEverything(tab);
        const named = await tab.evaluate<string[]>(MARK);
        const pdf = await tab.pdf({ format: 'A4', margin: { top: '1cm', bottom: '1cm' } });
        const lines = await linesOf(new Uint8Array(pdf));
        await tab.close();
        const pages = new Map<string, number>();
        for (const line of lines)
          for (const [, mark] of line.text.matchAll(/@@([se]\d+)@@/g)) pages.set(mark!, line.page);
        const printed = named.filter((_, k) => pages.has(`s${k}`) && pages.has(`e${k}`));
        assert.ok(printed.length >= 60, `marks found for ${printed.length} of ${named.length} parts`);
        assert.ok(
          printed.some((part) => part.startsWith('tr: Unresolved at the horizon')),
          'the full-window table is printed',
        );
        const cut = named.flatMap((part, k) => {
          const [start, end] = [pages.get(`s${k}`), pages.get(`e${k}`)];
          return start !== undefined && end !== undefined && start !== end ? [`${part} (pages ${start}–${end})`] : [];
        });
        assert.deepEqual(cut, [], 'parts cut by a page break');
        assert.deepEqual(overlaps(lines), [], 'text printed on top of other text');
      });
