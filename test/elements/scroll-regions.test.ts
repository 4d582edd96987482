// A table's scroll box is a tab stop only while there is something in it to scroll: one the
// keyboard reaches although nothing moves is a Tab press that does nothing.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import { deepAll, laidOut, scrollsSideways, settled } from '../helpers/ui.js';

/** Each scroll box of the element: whether it scrolls, and whether it is a tab stop. */
const boxes = (el: Element) =>
  deepAll(el, '.scroller').map((box) => ({
    scrolls: scrollsSideways(box) || box.scrollHeight > box.clientHeight + 1,
    tabStop: box.getAttribute('tabindex') === '0',
  }));

describe('scroll boxes', () => {
  for (const tag of ['outcome-table', 'request-inspector', 'lab-notebook']) {
    it(`<${tag}>: a tab stop while its table is wider than its box, and not once it fits`, async () => {
      const box = await fixture<HTMLDivElement>(html`<div style="width: 1400px"></div>`);
      box.innerHTML = `<${tag} preset="stalled-dependency" window="full"></${tag}>`;
      const el = box.firstElementChild!;
      if (tag === 'lab-notebook') {
        // The notebook's table is its comparison with a baseline.
        await settled(el);
        deepAll<HTMLButtonElement>(el, 'button')
          .find((b) => /baseline/i.test(b.textContent))!
          .click();
      }
      await laidOut(el);
      const wide = boxes(el);
      expect(wide.length).to.be.above(0);
      expect(
        wide.every((b) => !b.scrolls && !b.tabStop),
        JSON.stringify(wide),
      ).to.equal(true);

      box.style.width = '120px'; // too narrow for any of its tables: each box scrolls
      await laidOut(el);
      const narrow = boxes(el);
      expect(narrow.some((b) => b.scrolls)).to.equal(true);
      expect(
        narrow.every((b) => b.scrolls === b.tabStop),
        JSON.stringify(narrow),
      ).to.equal(true);

      box.style.width = '1400px';
      await laidOut(el);
      expect(boxes(el).every((b) => !b.tabStop)).to.equal(true);
      localStorage.clear(); // the notebook's baseline
    });
  }
});

describe('scroll boxes after a render', () => {
  it('are measured when the browser lays the page out, never inside the render', async () => {
    const el = await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
      html`<outcome-table preset="stalled-dependency" window="full"></outcome-table>`,
    );
    await laidOut(el);
    // Reading a box's scroll size right after a render makes the browser lay out the page inside
    // the script, once per element that renders; a resize observer reads it after layout instead.
    const descriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth')!;
    let reads = 0;
    Object.defineProperty(Element.prototype, 'scrollWidth', {
      configurable: true,
      get(this: Element) {
        reads++;
        return descriptor.get!.call(this) as number;
      },
    });
    try {
      el.setAttribute('policy', 'borrowing');
      await el.updateComplete;
    } finally {
      Object.defineProperty(Element.prototype, 'scrollWidth', descriptor);
    }
    expect(reads).to.equal(0);
  });
});
