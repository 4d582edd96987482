// Every element fits a blog column and a phone: mounted in a box 320, 390, 600 and 680 px wide, in a
// 19 px serif page font as blogs use, nothing inside scrolls sideways and the host is no wider than
// the box. The timeline shows every tick in both of its layouts, and seeks in both.
import { expect, fixtureSync, html, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import type { TickTimeline } from '../../src/elements/tick-timeline/tick-timeline.js';
import { buttonByLabel, deep, deepAll, scrollsSideways, settled, textOf } from '../helpers/ui.js';

const WIDTHS = [320, 390, 600, 680];

/** Mounts `tag` (with `attributes`) in a box `width` px wide and waits until its layout has settled. */
async function mountIn<T extends ScenarioElement>(
  width: number,
  tag: string,
  attributes = '',
): Promise<{ box: HTMLElement; el: T }> {
  const box = fixtureSync<HTMLDivElement>(
    html`<div style="width: ${width}px; font: 19px/1.6 Georgia, 'Times New Roman', serif"></div>`,
  );
  box.innerHTML = `<${tag} ${attributes}></${tag}>`;
  const el = box.firstElementChild as T;
  await layoutSettled(el);
  return { box, el };
}

/**
 * Renders, lets the resize observers answer, and renders again, until no view is still measuring
 * the width it has (a view draws the layout its width calls for in the frame after it knows it).
 */
async function layoutSettled(el: Element) {
  for (let i = 0; i < 30; i++) {
    await settled(el);
    await nextFrame();
    if (i >= 2 && !shadowElements(el).some((inner) => inner.classList.contains('measuring'))) return;
  }
}

/** Every element of `root`'s shadow tree, and of the shadow trees inside it. */
function shadowElements(root: Element): Element[] {
  const found: Element[] = [];
  for (const el of root.shadowRoot?.querySelectorAll('*') ?? []) {
    found.push(el);
    if (el.shadowRoot) found.push(...shadowElements(el));
  }
  return found;
}

/** Whether `el` is clipped on purpose to hide it from sight (text only for screen readers). */
const clipped = (el: Element | null): boolean =>
  el !== null && (getComputedStyle(el).clip !== 'auto' || clipped(el.parentElement));

/** Whether `el` is drawn inside an SVG, with no CSS box of its own: the SVG's viewBox scales it. */
const inSvg = (el: Element) => el instanceof SVGElement && !(el instanceof SVGSVGElement);

/** Elements whose content is wider than their box. */
function overflowing(root: Element, allowed: (el: Element) => boolean = () => false): string[] {
  return shadowElements(root)
    .filter((el) => !clipped(el) && !inSvg(el) && !allowed(el))
    .filter(scrollsSideways)
    .map((el) => `<${el.localName} class="${el.getAttribute('class') ?? ''}"> ${el.scrollWidth} > ${el.clientWidth}`);
}

function expectFits(box: HTMLElement, el: Element, width: number) {
  expect(overflowing(el), `${el.localName} at ${width} px`).to.deep.equal([]);
  expect(el.getBoundingClientRect().width, `${el.localName} host at ${width} px`).to.be.at.most(width);
  expect(box.scrollWidth, `box of ${el.localName} at ${width} px`).to.be.at.most(width);
}

describe('widths: each element in a box of 320, 390, 600 and 680 px', () => {
  for (const width of WIDTHS) {
    for (const [tag, attributes] of [
      ['tick-timeline', 'preset="stalled-dependency"'],
      ['tick-timeline', 'preset="slow-vs-dead" policy="borrowing" a-per-tick="3"'],
      ['outcome-table', 'preset="stalled-dependency" window="full"'],
      ['outcome-table', 'preset="stalled-dependency"'],
      ['slot-board', 'preset="stalled-dependency"'],
      ['policy-compare', 'preset="stalled-dependency" policy="borrowing"'],
      ['request-inspector', 'preset="stalled-dependency"'],
      ['outcome-gate', 'preset="stalled-dependency" tenant="B"'],
      ['lab-controls', 'preset="stalled-dependency"'],
      ['sweep-chart', 'preset="stalled-dependency" input="target" measure="b-p95"'],
      ['config-export', 'preset="stalled-dependency" library="concurrency-limits"'],
    ] as const) {
      it(`<${tag} ${attributes}> fits ${width} px`, async () => {
        const { box, el } = await mountIn(width, tag, attributes);
        expectFits(box, el, width);
      });
    }

    it(`<lab-notebook> with a changed baseline fits ${width} px`, async () => {
      const { box, el } = await mountIn(width, 'lab-notebook', 'preset="stalled-dependency"');
      buttonByLabel(el, 'Capture baseline')!.click();
      el.dispatchEvent(
        new CustomEvent('bulkhead-config-request', {
          detail: { changes: { policy: 'strict-partitions' } },
          bubbles: true,
          composed: true,
        }),
      );
      await layoutSettled(el);
      expect(deepAll(el, 'table').length).to.be.greaterThan(0);
      expectFits(box, el, width);
    });

    it(`<bulkhead-lab> with every table open fits ${width} px`, async () => {
      const { box, el } = await mountIn(width, 'bulkhead-lab', 'preset="stalled-dependency" loading="eager"');
      for (const details of deepAll<HTMLDetailsElement>(el, 'details')) details.open = true;
      buttonByLabel(deep(el, 'lab-notebook'), 'Capture baseline')!.click();
      el.dispatchEvent(
        new CustomEvent('bulkhead-config-request', {
          detail: { changes: { policy: 'borrowing' } },
          bubbles: true,
          composed: true,
        }),
      );
      await layoutSettled(el);
      expectFits(box, el, width);
    });
  }
});

describe('widths: a long word in a heading', () => {
  it('wraps at 320 px: neither the lab nor the page scrolls sideways', async () => {
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrente'; // 54 letters
    const { box, el } = await mountIn(320, 'bulkhead-lab', `heading="${word}" loading="eager"`);
    expect(textOf(deep(el, '.title'))).to.equal(word);
    expectFits(box, el, 320);
    const page = document.scrollingElement!;
    expect(page.scrollWidth, 'the page').to.be.at.most(page.clientWidth);
  });
});

describe('widths: the timeline shows all 21 ticks', () => {
  for (const width of [680, 1280]) {
    it(`ticks across, one column per tick, at ${width} px`, async () => {
      const { el } = await mountIn<TickTimeline>(width, 'tick-timeline', 'preset="stalled-dependency"');
      const ticks = deepAll(el, 'table thead th')
        .slice(1)
        .map((th) => th.textContent.trim());
      expect(ticks).to.deep.equal(Array.from({ length: 21 }, (_, t) => String(t)));
      expect(deepAll(el, 'tbody th[scope="row"]').map((th) => th.textContent.trim())).to.deep.equal([
        '0',
        '1',
        '2',
        '3',
        'Timed out',
        'Rejected',
      ]);
      const scroller = deep(el, '.scroller');
      expect(scroller.scrollWidth).to.be.at.most(scroller.clientWidth);
    });
  }

  for (const width of [320, 390]) {
    it(`ticks down, one row per tick, at ${width} px`, async () => {
      const { el } = await mountIn<TickTimeline>(width, 'tick-timeline', 'preset="stalled-dependency"');
      const ticks = deepAll(el, 'tbody th[scope="row"]').map((th) => th.textContent.trim());
      expect(ticks).to.deep.equal(Array.from({ length: 21 }, (_, t) => String(t)));
      expect(deepAll(el, 'thead th[scope="col"]').map((th) => th.textContent.trim())).to.deep.equal([
        'Tick',
        '0',
        '1',
        '2',
        '3',
        'Timed out',
        'Rejected',
      ]);
      const last = deepAll(el, 'tbody tr').at(-1)!.getBoundingClientRect();
      expect(last.right).to.be.at.most(el.getBoundingClientRect().right);
    });
  }

  it('ticks down: a row click, the arrow keys, Home and End seek, and the inspected tick is marked', async () => {
    const { el } = await mountIn<TickTimeline>(320, 'tick-timeline', 'preset="stalled-dependency"');
    deepAll<HTMLTableCellElement>(el, 'tbody th[scope="row"]')[12]!.click();
    await settled(el);
    expect(el.tick).to.equal(12);
    expect(deep(el, 'tbody th.current').textContent.trim()).to.equal('12');
    expect(deep(el, 'tbody th[aria-current="true"]').textContent.trim()).to.equal('12');
    expect(deepAll(el, 'tbody tr')[12]!.querySelectorAll('td.current').length).to.equal(6);
    deepAll<HTMLTableCellElement>(el, 'tbody tr')[3]!.querySelector('td')!.click();
    await settled(el);
    expect(el.tick).to.equal(3);
    deep(el, '.scroller').focus();
    await sendKeys({ press: 'ArrowDown' });
    await settled(el);
    expect(el.tick).to.equal(4);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    await settled(el);
    expect(el.tick).to.equal(2);
    await sendKeys({ press: 'End' });
    await settled(el);
    expect(el.tick).to.equal(20);
    await sendKeys({ press: 'Home' });
    await settled(el);
    expect(el.tick).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('keeps every cell: the same holders and endings in both layouts', async () => {
    const attributes = 'preset="stalled-dependency" policy="borrowing"';
    const across = (await mountIn<TickTimeline>(680, 'tick-timeline', attributes)).el;
    const down = (await mountIn<TickTimeline>(320, 'tick-timeline', attributes)).el;
    const cells = (el: Element) =>
      deepAll(el, 'tbody tr').map((row) =>
        [...row.querySelectorAll('td')].map((td) => td.textContent.replace(/\s+/g, ' ').trim()),
      );
    const rows = cells(across);
    const transposed = rows[0]!.map((_, t) => rows.map((row) => row[t]));
    expect(cells(down)).to.deep.equal(transposed);
    expect(rows[2]![1]).to.equal('A2*');
  });

  it('switches layout when its box is resized', async () => {
    const { box, el } = await mountIn<TickTimeline>(680, 'tick-timeline', 'preset="stalled-dependency"');
    expect(deep(el, 'table').classList.contains('rows')).to.equal(true);
    box.style.width = '320px';
    await layoutSettled(el);
    expect(deep(el, 'table').classList.contains('columns')).to.equal(true);
    box.style.width = '680px';
    await layoutSettled(el);
    expect(deep(el, 'table').classList.contains('rows')).to.equal(true);
  });
});
