// Each view of the lab keeps a declared space until it is drawn (src/elements/bulkhead-lab/sections.ts,
// `size`): here every preset's lab is drawn whole in the blog-like column (19 px serif, 680 px at
// most) on a phone and on a laptop, and each view's height is held against what its section
// declares for that width (read from the lab's own style, as a view not drawn yet keeps it), within
// 2em or a tenth. A view that grew or shrank fails here with the height to declare.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servedRepo } from './browser.js';

const repo = servedRepo();

const page = (
  preset: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>body { font: 19px/1.6 Georgia, serif; max-width: 680px; margin: 0 auto; padding: 1rem; }</style>
<script type="module" src="/dist/bulkhead-lab.js"></script></head>
<body><bulkhead-lab preset="${preset}" loading="eager"></bulkhead-lab></body></html>`;

const PRESETS = ['stalled-dependency', 'count-every-request', 'slow-vs-dead', 'retry-storm'];

for (const width of [390, 1280])
  for (const preset of PRESETS)
    test(`${preset} at ${width} px: each view as tall as its section declares`, async () => {
      const tab = await repo.browser.newPage({ viewport: { width, height: 900 } });
      await tab.route(`${repo.url}/sizes.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: page(preset) }),
      );
      await tab.goto(`${repo.url}/sizes.html`);
      await tab.waitForFunction(() => customElements.get('bulkhead-lab'));
      const drawn = await tab.evaluate(async () => {
        const lab = document.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>('bulkhead-lab')!;
        await lab.updateComplete;
        // The layouts chosen by width, then the picture, each a frame or two later.
        for (let i = 0; i < 10; i++)
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
        await lab.updateComplete;
        const article = lab.shadowRoot!.querySelector('article')!;
        const style = getComputedStyle(article);
        const em = parseFloat(style.fontSize);
        // The container query's width: the lab's content box.
        const wide = (article.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)) / em >= 40;
        return Array.from(lab.shadowRoot!.querySelectorAll<HTMLElement>('[data-view]')).map((view) => ({
          id: view.dataset.view!,
          height: view.getBoundingClientRect().height / em,
          declared: parseFloat(getComputedStyle(view).getPropertyValue(wide ? '--_wide' : '--_narrow')),
          where: `${wide ? 'wide' : 'narrow'}${article.classList.contains('retrying') ? ', retrying' : ''}`,
        }));
      });
      await tab.close();
      const declared = drawn.filter((view) => !Number.isNaN(view.declared));
      assert.ok(declared.length >= 7, `every view with a size: ${drawn.map((view) => view.id).join(', ')}`);
      const wrong = declared
        .filter(({ height, declared }) => Math.abs(height - declared) > Math.max(2, declared / 10))
        .map(
          ({ id, height, declared, where }) => `${id}: drawn ${height.toFixed(1)}em, declared ${declared}em (${where})`,
        );
      assert.deepEqual(wrong, []);
    });
