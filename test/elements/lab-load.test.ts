// What a lab costs its page while it loads: it draws the sections a reader can see, the rest as the
// reader nears them, a closed section when it is opened, and nothing at all while it is far below
// the viewport, until it comes near or something asks for it.
import { expect, fixtureSync, html, nextFrame, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { Scenario } from '../../src/scenario/scenario.js';
import { hear, request } from '../helpers/binding.js';
import { deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

/** A few frames: enough for the lab to draw each section that has come near the viewport. */
async function frames(n = 12) {
  for (let i = 0; i < n; i++) {
    await nextFrame();
    await new Promise((resolve) => setTimeout(resolve));
  }
}

/** Every element in `root`'s shadow tree and the shadow trees inside it. */
function shadowElements(root: Element): Element[] {
  const found: Element[] = [];
  for (const el of root.shadowRoot?.querySelectorAll('*') ?? []) {
    found.push(el, ...shadowElements(el));
  }
  return found;
}

/** A box as wide as a blog's column, in its 19 px serif, far enough below `gap` px of page. */
const article = (gap = 0, attributes = 'preset="stalled-dependency"') => {
  const box = fixtureSync<HTMLElement>(html`<div style="width: 680px; font: 19px/1.6 Georgia, serif">
    <div style="height: ${gap}px"></div></div>`);
  box.insertAdjacentHTML('beforeend', `<bulkhead-lab ${attributes}></bulkhead-lab>`);
  return box.querySelector<BulkheadLab>('bulkhead-lab')!;
};

describe('a lab while its page loads', () => {
  beforeEach(() => window.scrollTo(0, 0)); // a test before may have scrolled down

  it('draws its title and the sections on screen, within a budget of elements', async () => {
    const lab = article();
    await frames();
    // Elements in the lab's shadow trees stand in for Chrome's DOM node count, which also counts
    // text, comments and garbage not yet collected, and so is not the same from run to run.
    const loaded = shadowElements(lab).length;
    expect(deep(lab, 'lab-controls', '#policy')).to.exist;
    expect(deepAll(lab, 'outcome-table, lab-notebook, request-inspector')).to.deep.equal([]);
    expect(loaded, 'elements at load').to.be.at.most(220);
    // Awaiting the lab asks for all of it: every open section, still not the closed ones.
    await settled(lab);
    const whole = shadowElements(lab).length;
    expect(deepAll(lab, 'outcome-table')).to.have.length(2);
    expect(deepAll(lab, 'request-inspector, policy-compare, sweep-chart')).to.deep.equal([]);
    expect(whole, 'elements of the whole lab').to.be.at.most(1300);
    expect(loaded).to.be.below(whole / 2);
  });

  it('draws the next sections as the reader scrolls down to them', async () => {
    const lab = article();
    await frames();
    expect(deepAll(lab, 'lab-notebook')).to.deep.equal([]);
    // A screen at a time, as a reader scrolls, until the notes come.
    for (let i = 0; i < 12 && !lab.shadowRoot!.querySelector('lab-notebook'); i++) {
      window.scrollBy(0, innerHeight);
      await frames(4);
    }
    await settled(deep(lab, 'lab-notebook'));
    expect(textOf(deep(lab, 'lab-notebook'))).to.contain('Capture baseline');
    expect(deepAll(lab, 'outcome-gate')).to.have.length(4); // the sections above it came first
  });

  it('draws every section once the reader presses Tab in it, so the keyboard reaches them all', async () => {
    const lab = article();
    await frames();
    expect(deepAll(lab, 'lab-notebook')).to.deep.equal([]);
    deep<HTMLSelectElement>(lab, 'lab-controls', '#policy').focus();
    await sendKeys({ press: 'Tab' });
    await frames(2);
    expect(deepAll(lab, 'tick-timeline, lab-notebook')).to.have.length(2);
  });

  it('renders a closed section only once a reader opens it', async () => {
    const lab = await settledFixture<BulkheadLab>(html`<bulkhead-lab preset="stalled-dependency"></bulkhead-lab>`);
    const sections: [string, string, string][] = [
      ['ordering', 'li', 'Each tick runs in this order'],
      ['compare', 'policy-compare', 'Use Strict tenant partitions'],
      ['sweep', 'sweep-chart', 'A total timeout'],
      ['requests', 'request-inspector', 'Every request at tick 0'],
    ];
    for (const [id, inside, words] of sections) {
      const details = deep<HTMLDetailsElement>(lab, `details#${id}`);
      expect(details.querySelector(inside), `${id} before it is opened`).to.equal(null);
      details.querySelector('summary')!.click();
      await oneEvent(details, 'toggle');
      await settled(lab);
      expect(textOf(details.querySelector(inside)!), id).to.contain(words);
    }
    await expect(lab).to.be.accessible();
  });
});

describe('a lab far below the viewport', () => {
  let calls: string[];
  const originals = new Map<string, unknown>();
  // Every scenario a lab works with goes through these: binding to it subscribes, drawing reads
  // its derived views, a request sends. A lab that does no work calls none of them.
  beforeEach(() => {
    window.scrollTo(0, 0); // a test before may have scrolled down
    calls = [];
    for (const name of ['subscribe', 'at', 'send'] as const) {
      const original = Scenario.prototype[name] as (...args: unknown[]) => unknown;
      originals.set(name, original);
      (Scenario.prototype as unknown as Record<string, unknown>)[name] = function (this: Scenario, ...args: unknown[]) {
        calls.push(name);
        return original.apply(this, args);
      };
    }
  });
  afterEach(() => {
    for (const [name, original] of originals)
      (Scenario.prototype as unknown as Record<string, unknown>)[name] = original;
  });

  it('does no work until the reader scrolls near it: no scenario, no render, only its space', async () => {
    const lab = article(8000);
    await frames();
    expect(calls, 'scenario calls while far away').to.deep.equal([]);
    expect(shadowElements(lab)).to.have.length(1); // an empty box
    expect(lab.getBoundingClientRect().height).to.be.at.least(innerHeight); // a screen without bulkhead-lab.css
    lab.scrollIntoView();
    await frames();
    expect(calls).to.include('subscribe');
    expect(textOf(lab)).to.contain('Contain a stalled dependency');
    expect(deep(lab, 'lab-controls', '#policy')).to.exist;
  });

  it('wakes for a request from the page, and answers it', async () => {
    const lab = article(8000);
    await frames();
    const { types, stop } = hear(lab);
    request(lab, 'bulkhead-config-request', { changes: { policy: 'strict-partitions' } });
    stop();
    expect(types()).to.deep.equal(['bulkhead-run']);
    expect(lab.config.policy).to.equal('strict-partitions');
    expect(shadowElements(lab)).to.have.length(1); // still not drawn
  });

  it('wakes for a view that names it, placed before it on the page', async () => {
    const box = fixtureSync<HTMLElement>(html`<div>
      <outcome-gate for="far-lab" tenant="B"></outcome-gate>
      <div style="height: 8000px"></div>
      <bulkhead-lab id="far-lab" preset="stalled-dependency" policy="strict-partitions"></bulkhead-lab>
    </div>`);
    await frames();
    const gate = box.querySelector('outcome-gate')!;
    await settled(gate);
    expect(textOf(gate)).to.contain('4 completed of 4 required');
    expect(textOf(gate)).not.to.contain('no scenario source');
  });
});
