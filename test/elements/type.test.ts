// The page's type: a lab in an article's 19 px serif column reads at 19 px in that serif, its
// headings are never smaller than the text under them, its small print stays readable, and request
// ids keep a monospace font.
import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { deep, deepAll, settled, settledFixture } from '../helpers/ui.js';

const ARTICLE_PX = 19;

/** A lab in a column like a blog's: 19 px Georgia. */
async function labInArticle(style = '') {
  const column = await settledFixture<HTMLElement>(html`<div style="font: ${ARTICLE_PX}px/1.6 Georgia, serif; ${style}">
    <bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab></div>`);
  const lab = column.querySelector('bulkhead-lab') as BulkheadLab;
  lab.shadowRoot!.querySelector('details')!.open = true;
  // The request tables show once their section is open, as a reader opens it.
  const requests = lab.shadowRoot!.querySelector<HTMLDetailsElement>('details#requests')!;
  requests.open = true;
  await oneEvent(requests, 'toggle');
  await settled(lab);
  return lab;
}

/** Every element in the shadow trees under `root`, with the element whose shadow tree holds it. */
function everyShadowElement(root: Element): { el: Element; host: Element }[] {
  const found: { el: Element; host: Element }[] = [];
  for (const el of root.shadowRoot?.querySelectorAll('*') ?? []) {
    found.push({ el, host: root });
    if (el.shadowRoot) found.push(...everyShadowElement(el));
  }
  return found;
}

const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
const family = (el: Element) => getComputedStyle(el).fontFamily;
/** Whether an element has text of its own (not only inside its children). */
const ownText = (el: Element) =>
  [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');

/** The lab's text against the article's: 0.85 unless the page sets --bulkhead-font-size. */
const LAB_SCALE = 0.85;

describe('type follows the page', () => {
  it(`reads at ${LAB_SCALE} of the article's ${ARTICLE_PX} px, in its serif, or as --bulkhead-font-size says`, async () => {
    const lab = await labInArticle();
    const body = [
      lab,
      deep(lab, '[part="steps"] li'),
      deep(lab, 'lab-controls', 'label[for="policy"]'),
      deep(lab, 'tick-timeline', 'output'),
      deep(lab, 'outcome-gate', 'p'),
      deep(lab, 'outcome-table', 'tbody th'),
      deep(lab, 'lab-notebook', 'button'),
      deep(lab, 'request-inspector', 'caption'),
    ];
    expect(px(lab), 'the lab element itself').to.equal(ARTICLE_PX);
    for (const el of body.slice(1)) {
      expect(px(el), `${el.localName} font size`).to.be.closeTo(LAB_SCALE * ARTICLE_PX, 0.01);
      expect(family(el), `${el.localName} font family`).to.equal('Georgia, serif');
    }
    const full = await labInArticle('--bulkhead-font-size: 1em');
    expect(px(deep(full, 'lab-controls', 'label[for="policy"]'))).to.equal(ARTICLE_PX);
  });

  it('has no heading smaller than the text under it', async () => {
    const lab = await labInArticle();
    const headings = everyShadowElement(lab).filter(
      ({ el }) => /^h[1-6]$/.test(el.localName) || el.getAttribute('role') === 'heading',
    );
    expect(headings.length).to.be.greaterThan(10);
    for (const { el, host } of headings) {
      const text = `<${host.localName}> ${el.localName} "${el.textContent.trim().slice(0, 30)}" (${px(el)} px)`;
      expect(px(el), text).to.be.at.least(px(host) * (host === lab ? LAB_SCALE : 1) - 0.01);
    }
  });

  it("keeps small print at 0.85 of the lab's text or more, and at 12 px or more everywhere", async () => {
    const lab = await labInArticle();
    // The slot-by-tick picture is exempt from the first: to fit 21 ticks in a column its ids are
    // 0.75em (never below 12 px), and the same requests are listed at full size in the tables.
    const texts = everyShadowElement(lab).filter(({ el }) => ownText(el) && !el.closest('.visually-hidden'));
    expect(texts.filter(({ el }) => px(el) < 12).map(({ el }) => `${el.localName} ${px(el)} px`)).to.deep.equal([]);
    const small = texts
      .filter(({ el }) => !el.closest('.grid') && px(el) < 0.85 * LAB_SCALE * ARTICLE_PX - 0.01)
      .map(({ el, host }) => `<${host.localName}> ${el.localName}.${el.className} ${px(el)} px`);
    expect(small).to.deep.equal([]);
  });

  it('shows request ids in a monospace font', async () => {
    const lab = await labInArticle();
    Object.assign(lab, { tick: 3 });
    await new Promise((resolve) => setTimeout(resolve));
    const ids = [
      deep(lab, 'tick-timeline', 'td.A'),
      deep(lab, 'slot-board', '.holder'),
      deep(lab, 'slot-board', '.queue p'),
      deep(lab, 'request-inspector', '[part="requests"] tbody th'),
    ];
    for (const el of ids) expect(family(el), `${el.localName}.${el.className}`).to.contain('monospace');
    // The row labels beside the ids stay in the page's font.
    expect(family(deep(lab, 'tick-timeline', 'tbody th'))).to.equal('Georgia, serif');
  });

  it('takes --bulkhead-font and --bulkhead-font-mono over the page', async () => {
    const lab = await labInArticle('--bulkhead-font: Verdana, sans-serif; --bulkhead-font-mono: Courier, monospace');
    for (const el of [lab, deep(lab, 'outcome-gate', 'p'), ...deepAll(lab, 'lab-controls', 'legend')]) {
      expect(family(el)).to.equal('Verdana, sans-serif');
    }
    expect(family(deep(lab, 'slot-board', '.holder'))).to.equal('Courier, monospace');
  });
});
