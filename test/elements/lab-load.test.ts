// What a lab costs its page, and how a reader still reaches all of it: it draws its first screen
// when it comes near the viewport, each later section as the reader nears it, a closed section when
// it is opened, and everything for `loading="eager"` or for print. Tab and find-in-page reach a
// section not drawn yet. Awaiting `updateComplete` only waits: it draws nothing.
import { expect, fixtureSync, html, nextFrame, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import type { LabControls } from '../../src/elements/lab-controls/lab-controls.js';
import { Scenario } from '../../src/scenario/scenario.js';
import { hear, request } from '../helpers/binding.js';
import { deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

/** A few frames and tasks: enough for the lab to draw each section that has come near the viewport. */
async function frames(n = 12) {
  for (let i = 0; i < n; i++) {
    await nextFrame();
    await new Promise((resolve) => setTimeout(resolve));
  }
}

/**
 * Waits, frame by frame, until the lab shows its first screen and has outlined the sections after
 * it, as a reader waits for it.
 */
async function shown(lab: BulkheadLab) {
  const showing = () => lab.shadowRoot?.querySelector('.lab.outline tick-timeline');
  for (let i = 0; i < 200 && !showing(); i++) await frames(1);
  expect(showing(), 'the first screen shown').to.not.equal(null);
}

/** Scrolls down half a screen at a time, as a reader does, until the lab has drawn `selector`. */
async function readDownTo(lab: Element, selector: string) {
  for (let i = 0; i < 20 && !lab.shadowRoot!.querySelector(selector); i++) {
    window.scrollBy(0, innerHeight / 2);
    await frames(3);
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

/** A box as wide as a blog's column, in its 19 px serif, below `gap` px of page. */
const article = (gap = 0, attributes = 'preset="stalled-dependency"') => {
  const box = fixtureSync<HTMLElement>(html`<div style="width: 680px; font: 19px/1.6 Georgia, serif">
    <div style="height: ${gap}px"></div></div>`);
  box.insertAdjacentHTML('beforeend', `<bulkhead-lab ${attributes}></bulkhead-lab>`);
  return box.querySelector<BulkheadLab>('bulkhead-lab')!;
};

/** The views of the first screen, then the views of the later sections, by tag. */
const FIRST_SCREEN = ['lab-controls', 'outcome-gate', 'tick-timeline'];
const LATER = ['outcome-table', 'lab-notebook', 'slot-board'];
const present = (lab: BulkheadLab, tags: string[]) => tags.filter((tag) => lab.shadowRoot!.querySelector(tag));

describe('a lab while its page loads', () => {
  beforeEach(() => window.scrollTo(0, 0)); // a test before may have scrolled down

  it('draws its first screen, and later sections only as the reader scrolls down to them', async () => {
    const lab = article();
    await shown(lab);
    expect(present(lab, FIRST_SCREEN)).to.deep.equal(FIRST_SCREEN);
    const waiting = [...lab.shadowRoot!.querySelectorAll('[data-section]')];
    expect(waiting.length, 'sections not drawn yet').to.be.greaterThan(0);
    for (const view of waiting) expect(view.getBoundingClientRect().top).to.be.greaterThan(innerHeight);
    expect(lab.shadowRoot!.querySelector('lab-notebook')).to.equal(null);
    expect(shadowElements(lab).length, 'elements at load').to.be.at.most(900);
    await readDownTo(lab, 'lab-notebook');
    await settled(deep(lab, 'lab-notebook'));
    expect(textOf(deep(lab, 'lab-notebook'))).to.contain('Capture baseline');
    expect(present(lab, LATER)).to.deep.equal(LATER); // the sections above it came first
  });

  it('as a reader meets it: a policy change shows beside the control, and below once drawn', async () => {
    const lab = article();
    await shown(lab);
    const gateB = () => textOf(deep(lab, 'outcome-gate[tenant="B"]:not([window])'));
    expect(gateB()).to.contain('1 completed of 4 required');
    deep<HTMLSelectElement>(lab, 'lab-controls', '#policy').focus();
    await sendKeys({ press: 'ArrowDown' }); // shared round-robin
    await sendKeys({ press: 'ArrowDown' }); // strict tenant partitions
    await settled(lab);
    expect(lab.config.policy).to.equal('strict-partitions');
    expect(gateB()).to.contain('4 completed of 4 required');
    // The full-window table, drawn only as the reader scrolls down to it, shows the same run.
    await readDownTo(lab, 'outcome-table[window="full"]');
    const table = deep(lab, 'outcome-table[window="full"]');
    await settled(table);
    const completed = deepAll(table, 'tbody tr').find((row) => row.firstElementChild!.textContent === 'Completed')!;
    expect([...completed.children].map((cell) => cell.textContent.trim())).to.deep.equal(['Completed', '0', '4']); // A stalled in its own slots
  });

  it('renders itself once for each section it draws as the reader scrolls: not for being told one is near', async () => {
    const lab = article();
    await shown(lab);
    await frames();
    const waiting = () => lab.shadowRoot!.querySelectorAll('[data-section]').length;
    const before = waiting();
    let renders = 0;
    // Counted where Lit renders: `update`, protected, which every render of the lab goes through.
    const counted = lab as unknown as { update(changed: Map<string, unknown>): void };
    const update = counted.update.bind(lab);
    Object.assign(lab, {
      update: (changed: Map<string, unknown>) => {
        renders++;
        update(changed);
      },
    });
    await readDownTo(lab, 'outcome-table[window="full"]');
    await frames(2);
    const drawn = before - waiting();
    expect(drawn, 'sections drawn on the way').to.be.greaterThan(0);
    expect(renders).to.equal(drawn);
  });

  it('draws the first screen a section per turn', async () => {
    const lab = article();
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      const now = present(lab, FIRST_SCREEN).join();
      if (now !== seen.at(-1)) seen.push(now);
    });
    await lab.updateComplete;
    watch.observe(lab.shadowRoot!, { childList: true, subtree: true });
    await shown(lab);
    watch.disconnect();
    expect(seen).to.include.members(['lab-controls', 'lab-controls,outcome-gate', FIRST_SCREEN.join()]);
  });

  it('has one form of inputs beside the picture and one under More inputs, as a reader sees them', async () => {
    const lab = article();
    await shown(lab);
    await readDownTo(lab, '#more-inputs lab-controls');
    const forms = [...lab.shadowRoot!.querySelectorAll<LabControls>('lab-controls')];
    expect(forms.map((form) => form.getAttribute('fields'))).to.deep.equal([
      'policy a-fault reserved-a a-timeout b-timeout',
      'queue-cap slots a-per-tick b-every a-hold b-hold timeout-from a-recovers retries retry-delay retry-budget target',
    ]);
    expect(forms[0]!.closest('section')!.classList.contains('bench'), 'the first beside the gates').to.equal(true);
  });

  it('draws its header alone, and outlines its first screen in a later task', async () => {
    // At the top of the page, the lab knows it is near before its header is drawn.
    const lab = article();
    const drawn: { header: boolean; sections: number }[] = [];
    const watch = new MutationObserver(() => {
      const root = lab.shadowRoot!;
      drawn.push({ header: root.querySelector('header') !== null, sections: root.querySelectorAll('section').length });
    });
    watch.observe(lab.shadowRoot!, { childList: true, subtree: true });
    await shown(lab);
    watch.disconnect();
    expect(drawn[0], 'the first drawing').to.deep.equal({ header: true, sections: 0 });
    expect(drawn.at(-1)!.sections, 'outlined since').to.be.greaterThan(0);
  });

  it('shows its first screen whole: hidden until its views and the picture are drawn', async () => {
    const lab = article();
    const looks: { hidden: boolean; views: string; rows: number }[] = [];
    const look = () => {
      const bench = lab.shadowRoot!.querySelector('.bench');
      if (!bench) return;
      looks.push({
        hidden: getComputedStyle(bench).visibility === 'hidden',
        views: present(lab, FIRST_SCREEN).join(),
        rows: deepAll(lab, 'tick-timeline', 'tbody tr').length,
      });
    };
    await lab.updateComplete;
    const watch = new MutationObserver(look);
    watch.observe(lab.shadowRoot!, { childList: true, subtree: true, attributes: true });
    await shown(lab);
    watch.disconnect();
    look();
    const visible = looks.filter((seen) => !seen.hidden);
    expect(
      looks.some((seen) => seen.hidden),
      'hidden while it draws',
    ).to.equal(true);
    expect(visible.length, 'shown').to.be.greaterThan(0);
    for (const seen of visible) {
      expect(seen.views).to.equal(FIRST_SCREEN.join());
      expect(seen.rows, "the picture's rows").to.be.greaterThan(0);
    }
  });

  it('shows the outline of every later section with its first screen', async () => {
    const lab = article();
    const headings = () => lab.shadowRoot!.querySelectorAll('.heading.section, summary').length;
    await shown(lab);
    const shownWith = headings();
    await frames();
    expect(shownWith, 'every heading').to.equal(headings());
    expect(shownWith).to.equal(12);
  });

  it('draws nothing while taken off the page mid-way, and goes on where it was once put back', async () => {
    const lab = article();
    const box = lab.parentElement!;
    const headings = () => lab.shadowRoot!.querySelectorAll('.heading.section, summary').length;
    // Taken off once its timeline is there, before the picture's turn came.
    const frame = () => lab.shadowRoot!.querySelector('tick-timeline')?.shadowRoot?.querySelector('.frame');
    for (let i = 0; i < 100 && !frame(); i++) await frames(1);
    await nextFrame();
    expect(deepAll(lab, 'tick-timeline', 'tbody tr'), 'the picture drawn').to.have.length(0);
    lab.remove();
    const off = { views: present(lab, FIRST_SCREEN).join(), headings: headings() };
    await frames(16);
    expect({ views: present(lab, FIRST_SCREEN).join(), headings: headings() }, 'drawn off the page').to.deep.equal(off);
    box.append(lab);
    await shown(lab);
    const picture = deep(lab, 'tick-timeline', '.frame');
    for (let i = 0; i < 30 && getComputedStyle(picture).visibility !== 'visible'; i++) await frames(1);
    expect(getComputedStyle(picture).visibility, "the timeline's picture").to.equal('visible');
    const drawn = headings();
    await frames(4);
    expect(headings(), 'the outline whole').to.equal(drawn);
    expect(drawn).to.be.above(off.headings);
  });

  it('leaves its sections far from the viewport unrendered where find-in-page still finds them, and shows them right', async () => {
    const lab = article();
    await shown(lab);
    await readDownTo(lab, 'lab-notebook');
    await settled(lab);
    window.scrollTo(0, 0);
    await frames(3);
    // The engines whose find-in-page reaches text the browser skips (they have `beforematch`).
    const skips = 'onbeforematch' in HTMLElement.prototype;
    const rendered = (id: string) => deep(lab, `#h-${id}`).checkVisibility({ contentVisibilityAuto: true });
    expect(rendered('inspection'), 'the first screen').to.equal(true);
    expect(rendered('notes'), 'a section far below').to.equal(!skips);
    expect(textOf(deep(lab, '#notes')), 'its text, for find-in-page').to.contain('Baseline and notes');
    // A change made while the sections below are skipped shows in them once the reader is there.
    deep<HTMLSelectElement>(lab, 'lab-controls', '#policy').focus();
    await sendKeys({ press: 'ArrowDown' }); // shared round-robin
    await sendKeys({ press: 'ArrowDown' }); // strict tenant partitions
    await settled(lab);
    const table = deep(lab, 'outcome-table[window="full"]');
    table.scrollIntoView();
    await frames(3);
    expect(rendered('full-window')).to.equal(true);
    expect(getComputedStyle(deep(table, '.frame')).visibility).to.equal('visible');
    const completed = deepAll(table, 'tbody tr').find((row) => row.firstElementChild!.textContent === 'Completed')!;
    expect([...completed.children].map((cell) => cell.textContent.trim())).to.deep.equal(['Completed', '0', '4']);
  });

  it('takes Tab into a section not drawn yet: its heading takes the focus and the section draws', async () => {
    const lab = article();
    await shown(lab);
    expect(lab.shadowRoot!.querySelector('lab-notebook')).to.equal(null);
    const heading = deep(lab, '#h-notes');
    expect(heading.tabIndex, 'a section not drawn is a tab stop').to.equal(0);
    // Focus moves to the heading as a Tab from the element before it would move it.
    heading.focus();
    await settled(lab);
    expect(lab.shadowRoot!.activeElement).to.equal(heading);
    expect(lab.shadowRoot!.querySelector('lab-notebook'), 'the section is drawn').not.to.equal(null);
    expect(lab.shadowRoot!.querySelector('request-inspector'), 'the rest is not').to.equal(null);
    expect(heading.tabIndex, 'once drawn, Tab goes into its view').to.equal(-1);
    await sendKeys({ press: 'Tab' });
    expect(deep(lab, 'lab-notebook').shadowRoot!.activeElement?.textContent?.trim()).to.equal('Capture baseline');
  });

  it('lets find-in-page reveal a section not drawn yet, and draws it', async () => {
    const lab = article(4000);
    lab.setAttribute('loading', 'lazy');
    lab.scrollIntoView();
    await shown(lab);
    window.scrollTo(0, 0);
    const hint = deep(lab, '#full-window [hidden]');
    expect(hint.getAttribute('hidden')).to.equal('until-found');
    expect(textOf(hint)).to.contain('why unfinished requests did not complete');
    // What the browser does when find-in-page matches text inside it.
    hint.dispatchEvent(new Event('beforematch', { bubbles: true }));
    await settled(lab);
    expect(deepAll(lab, '#full-window outcome-table')).to.have.length(1);
  });

  it('renders a closed section only once a reader opens it', async () => {
    const lab = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`,
    );
    const sections: [string, string, string][] = [
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

  it('draws every open section at once with loading="eager", in its first update', async () => {
    const lab = article(8000, 'preset="stalled-dependency" loading="eager"');
    await lab.updateComplete;
    expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([...FIRST_SCREEN, ...LATER]);
    expect(lab.shadowRoot!.querySelector('policy-compare'), 'a closed section').to.equal(null);
    const picture = deep(lab, 'tick-timeline', '.frame');
    expect(deepAll(picture, 'td').length, 'the picture drawn').to.be.greaterThan(0);
    expect(getComputedStyle(picture).visibility, 'and shown').to.equal('visible');
  });

  it('reads loading="EAGER" as eager, in any case, as <img loading> does', async () => {
    const lab = article(8000, 'preset="stalled-dependency" loading="EAGER"');
    await lab.updateComplete;
    expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([...FIRST_SCREEN, ...LATER]);
  });

  it('keeps what loading="eager" drew when set back to lazy', async () => {
    const lab = article(8000, 'preset="stalled-dependency" loading="eager"');
    await lab.updateComplete;
    lab.setAttribute('loading', 'lazy');
    await lab.updateComplete;
    await frames(3);
    expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([...FIRST_SCREEN, ...LATER]);
  });

  it("a page script's lone beforeprint, with no afterprint, leaves later labs drawing in turns", async () => {
    window.dispatchEvent(new Event('beforeprint'));
    await frames(2);
    const lab = article();
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      const now = present(lab, FIRST_SCREEN).join();
      if (now !== seen.at(-1)) seen.push(now);
    });
    await lab.updateComplete;
    watch.observe(lab.shadowRoot!, { childList: true, subtree: true });
    await shown(lab);
    watch.disconnect();
    expect(seen, 'a section per turn, not all at once').to.include.members([
      'lab-controls',
      'lab-controls,outcome-gate',
    ]);
  });

  it('only waits when a script awaits updateComplete: it draws nothing for it', async () => {
    const lab = article(8000);
    await lab.updateComplete;
    await lab.updateComplete;
    expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([]);
  });

  it('draws all of itself, and the picture, before the page prints', async () => {
    const lab = article(8000);
    await frames(2);
    window.dispatchEvent(new Event('beforeprint'));
    try {
      // The lab drew in the listener; its views draw in the microtasks after it, before print layout.
      expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([...FIRST_SCREEN, ...LATER]);
      await Promise.resolve();
      await new Promise((resolve) => queueMicrotask(() => resolve(null)));
      const timeline = deep<BulkheadLab>(lab, 'tick-timeline');
      await timeline.updateComplete;
      expect(timeline.shadowRoot!.querySelectorAll('tbody tr').length).to.be.greaterThan(4);
      expect(getComputedStyle(timeline.shadowRoot!.querySelector('.frame')!).visibility).to.equal('visible');
      // A view that picks its layout by its width reads it at once: no frame comes before print.
      for (const view of ['outcome-table[window="full"]', 'outcome-table[window="inspected"]']) {
        const frame = deep(lab, view, '.frame');
        expect(getComputedStyle(frame).visibility, view).to.equal('visible');
      }
      expect(deepAll(lab, 'outcome-table[window="full"]', 'tbody tr').length).to.be.greaterThan(4);
    } finally {
      window.dispatchEvent(new Event('afterprint'));
    }
  });
});

describe('a lab far below the viewport', () => {
  beforeEach(() => window.scrollTo(0, 0)); // a test before may have scrolled down

  it('holds a screen from its upgrade on, and draws only its header', async () => {
    const lab = article(8000); // upgraded at once: its element is defined
    expect(lab.shadowRoot!.childElementCount === 0, 'drawn with its upgrade').to.equal(true);
    expect(lab.getBoundingClientRect().height).to.be.at.least(innerHeight);
    await lab.updateComplete;
    expect(textOf(lab)).to.contain('Failure isolation: contain a stalled dependency');
    expect(lab.shadowRoot!.querySelectorAll('section')).to.have.length(0);
    expect(lab.getBoundingClientRect().height).to.be.at.least(innerHeight);
  });

  it('makes its scenario after its upgrade, not while upgrading', async () => {
    // A source watches its scenario from the moment it is made: that is when it subscribes.
    let subscribed = 0;
    const original = Scenario.prototype.subscribe;
    Scenario.prototype.subscribe = function (this: Scenario, listener) {
      subscribed++;
      return original.call(this, listener);
    };
    try {
      const lab = article(8000);
      expect(subscribed, 'made while upgrading').to.equal(0);
      await lab.updateComplete;
      expect(subscribed, 'made by its first update').to.be.greaterThan(0);
    } finally {
      Scenario.prototype.subscribe = original;
    }
  });

  it('simulates nothing and draws only its header until the reader scrolls near it', async () => {
    // Reading a scenario's run is what simulates it, the first time.
    let runs = 0;
    let watched: Scenario | null = null;
    const original = Object.getOwnPropertyDescriptor(Scenario.prototype, 'run')!;
    Object.defineProperty(Scenario.prototype, 'run', {
      ...original,
      get(this: Scenario) {
        if (this === watched) runs++;
        return original.get!.call(this);
      },
    });
    try {
      const lab = article(8000);
      watched = lab.scenario;
      await frames();
      expect(runs, 'simulations while far away').to.equal(0);
      expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([]);
      expect(textOf(lab)).to.contain('Failure isolation: contain a stalled dependency');
      expect(lab.getBoundingClientRect().height).to.be.at.least(innerHeight); // a screen, without bulkhead-lab.css
      lab.scrollIntoView();
      await shown(lab);
      expect(runs).to.be.greaterThan(0);
      expect(present(lab, FIRST_SCREEN)).to.deep.equal(FIRST_SCREEN);
    } finally {
      Object.defineProperty(Scenario.prototype, 'run', original);
    }
  });

  it('takes Tab from the page into its first screen, however fast the keys come', async () => {
    const lab = article(8000);
    await lab.updateComplete; // its header, and nothing else
    const around = ['before', 'after'].map((name) =>
      Object.assign(document.createElement('button'), { textContent: name }),
    );
    lab.before(around[0]!);
    lab.after(around[1]!);
    around[0]!.focus();
    const title = deep(lab, '.title');
    expect(title.tabIndex, 'its title is a tab stop, also where there is no full-screen button').to.equal(0);
    await sendKeys({ press: 'Tab' });
    // Compared as booleans: a failing comparison of two elements would print the whole lab.
    expect(lab.shadowRoot!.activeElement === title, 'the title takes the focus').to.equal(true);
    // Past the full-screen button, where there is one, at once: no frame for the lab to draw in turns.
    await sendKeys({ press: 'Tab' });
    if (document.fullscreenEnabled) await sendKeys({ press: 'Tab' });
    expect(document.activeElement === lab, 'the focus stays in the lab').to.equal(true);
    expect(deep(lab, 'lab-controls').shadowRoot!.activeElement?.id, 'and goes into its inputs').to.equal('policy');
    expect(title.tabIndex, 'once its first screen shows, Tab goes into it').to.equal(-1);
    around.forEach((button) => button.remove());
  });

  it('draws every section at once for a link to what follows it, so nothing above that grows later', async () => {
    const lab = article(8000);
    await lab.updateComplete;
    const after = Object.assign(document.createElement('p'), { id: 'after-the-lab', textContent: 'After' });
    lab.after(after);
    try {
      location.hash = 'after-the-lab';
      await oneEvent(window, 'hashchange');
      await lab.updateComplete;
      expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([...FIRST_SCREEN, ...LATER]);
      expect(lab.shadowRoot!.querySelectorAll('[data-section]'), 'no view left to draw').to.have.length(0);
    } finally {
      after.remove();
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('leaves a link to what comes before it alone: it draws nothing for it', async () => {
    const lab = article(8000);
    await lab.updateComplete;
    const before = Object.assign(document.createElement('p'), { id: 'before-the-lab', textContent: 'Before' });
    lab.parentElement!.prepend(before); // a screen and more above it
    try {
      location.hash = 'before-the-lab';
      await oneEvent(window, 'hashchange');
      await frames(3);
      expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([]);
    } finally {
      before.remove();
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('is never the scroll anchor, and writes nothing into the page: what follows it keeps its place', async () => {
    const lab = article(8000);
    await lab.updateComplete;
    // WebKit knows no overflow-anchor (and anchors no scrolling): there the lab holds a link's target itself.
    if (CSS.supports('overflow-anchor', 'none')) expect(getComputedStyle(lab).overflowAnchor).to.equal('none');
    expect(lab.getAttribute('style'), 'its own style attribute').to.equal(null);
  });

  it('answers a request from the page at once, still drawing nothing', async () => {
    const lab = article(8000);
    await frames();
    const { types, stop } = hear(lab);
    request(lab, 'bulkhead-config-request', { changes: { policy: 'strict-partitions' } });
    stop();
    expect(types()).to.deep.equal(['bulkhead-run']);
    expect(lab.config.policy).to.equal('strict-partitions');
    expect(present(lab, [...FIRST_SCREEN, ...LATER])).to.deep.equal([]);
  });

  it('serves a view that names it, placed before it on the page', async () => {
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

describe("a reader's input", () => {
  it('is painted before the lab draws what it changed, which comes in the next frame', async () => {
    const lab = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`,
    );
    const gateB = () => textOf(deep(lab, 'outcome-gate[tenant="B"]:not([window])'));
    const before = gateB();
    const select = deep<HTMLSelectElement>(lab, 'lab-controls', '#policy');
    select.value = 'strict-partitions';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(lab.config.policy, 'answered at once').to.equal('strict-partitions');
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(gateB(), 'not drawn before the paint').to.equal(before);
    await settled(lab);
    expect(gateB()).to.contain('4 completed of 4 required');
  });
});
