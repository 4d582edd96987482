// Playback as docs/ELEMENTS.md, "Playback" describes it, with an injected clock: no test waits on real seconds.
import { expect, fixture, fixtureSync, html, nextFrame, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/tick-timeline/define.js';
import type { TickTimeline } from '../../src/elements/tick-timeline/tick-timeline.js';
import { FakeTime } from '../helpers/fake-time.js';
import { buttonByLabel, deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

async function timeline() {
  const el = await settledFixture<TickTimeline>(html`<tick-timeline></tick-timeline>`);
  const time = new FakeTime();
  el.timeSource = time;
  return { el, time };
}
const button = (el: TickTimeline, label: string) => buttonByLabel(el, label)!;
const status = (el: TickTimeline) => textOf(deep(el, 'output'));

describe('<tick-timeline> playback', () => {
  it('plays the window over 60 s at 1×: a tick every 3 s, tick 20 at 60 s, then stops', async () => {
    const { el, time } = await timeline();
    button(el, 'Play').click();
    await settled(el);
    expect(status(el)).to.contain('tick 0 of 20 · 0:00 of 1:00 · playing at 1×');
    time.advance(2999);
    await settled(el);
    expect(el.tick).to.equal(0);
    time.advance(1);
    await settled(el);
    expect(el.tick).to.equal(1);
    time.advance(57_000);
    await settled(el);
    expect(el.tick).to.equal(20);
    expect(status(el)).to.contain('tick 20 of 20 · 1:00 of 1:00 · paused');
    expect(time.pending).to.equal(0);
    expect(button(el, 'Play again')).to.exist;
  });

  it('keeps the position when the speed changes', async () => {
    const { el, time } = await timeline();
    button(el, 'Play').click();
    time.advance(7_500); // 7.5 s at 1×: tick 2
    deep<HTMLInputElement>(el, 'input[value="2"]').click();
    await settled(el);
    expect(el.tick).to.equal(2);
    expect(status(el)).to.contain('0:07 of 1:00 · playing at 2×');
    time.advance(750); // 1.5 inspection seconds at 2× → 9 s: tick 3
    await settled(el);
    expect(el.tick).to.equal(3);
    deep<HTMLInputElement>(el, 'input[value="0.25"]').click();
    time.advance(11_999); // 2.99 s at 0.25× → 11.99 s: still tick 3
    await settled(el);
    expect(el.tick).to.equal(3);
    time.advance(1);
    await settled(el);
    expect(el.tick).to.equal(4);
  });

  it('Next tick pauses on the next tick', async () => {
    const { el, time } = await timeline();
    button(el, 'Play').click();
    time.advance(4_000);
    button(el, 'Next tick').click();
    await settled(el);
    expect(el.tick).to.equal(2);
    expect(status(el)).to.contain('paused');
    time.advance(30_000);
    expect(el.tick).to.equal(2);
  });

  it('Restart returns to tick 0 keeping inputs and speed', async () => {
    const el = await settledFixture<TickTimeline>(html`<tick-timeline slots="6"></tick-timeline>`);
    const time = new FakeTime();
    el.timeSource = time;
    deep<HTMLInputElement>(el, 'input[value="0.5"]').click();
    button(el, 'Play').click();
    time.advance(20_000); // 10 s at 0.5×: tick 3
    expect(el.tick).to.equal(3);
    button(el, 'Restart').click();
    await settled(el);
    expect(el.tick).to.equal(0);
    expect(el.config.slots).to.equal(6);
    expect(status(el)).to.contain('playing at 0.5×');
  });

  it('seeks with the Inspection slider, a column click and the arrow keys', async () => {
    const { el } = await timeline();
    const slider = deep<HTMLInputElement>(el, '#inspection');
    slider.focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await settled(el);
    expect(el.tick).to.equal(2);
    deepAll<HTMLTableCellElement>(el, 'thead th')[13]!.click(); // the column of tick 12
    await settled(el);
    expect(el.tick).to.equal(12);
    expect(deep(el, 'thead th.current').textContent.trim()).to.equal('12');
    deep(el, '.scroller').focus();
    await sendKeys({ press: 'ArrowLeft' });
    await settled(el);
    expect(el.tick).to.equal(11);
    await sendKeys({ press: 'End' });
    await settled(el);
    expect(el.tick).to.equal(20);
    await sendKeys({ press: 'Home' });
    await settled(el);
    expect(el.tick).to.equal(0);
  });

  it('pauses when the tab is hidden', async () => {
    const { el, time } = await timeline();
    button(el, 'Play').click();
    time.advance(6_000);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as unknown as Record<string, unknown>).visibilityState;
    await settled(el);
    expect(status(el)).to.contain('paused');
    time.advance(30_000);
    expect(el.tick).to.equal(2);
  });

  it('announces ticks during playback as bulkhead-tick events', async () => {
    const { el, time } = await timeline();
    button(el, 'Play').click();
    setTimeout(() => time.advance(3_000));
    const event = await oneEvent(el, 'bulkhead-tick');
    expect(event.detail).to.include({ tick: 1, playing: true, speed: 1 });
  });
});

describe('<tick-timeline> picture', () => {
  it('names the holder of every slot at every tick and marks borrowed cells', async () => {
    const el = await settledFixture<TickTimeline>(html`<tick-timeline policy="borrowing"></tick-timeline>`);
    const rows = deepAll(el, 'tbody tr').map((row) => [...row.children].map((cell) => cell.textContent.trim()));
    // Borrowing, default fixture: tick 0 gives A0 A1 their home slots and B0 slot 2; at tick 1 A2 A3
    // borrow B's idle slots 2 and 3 (B has nobody waiting) and keep them.
    expect(rows[0]!.slice(0, 3)).to.deep.equal(['0 (A)', 'A0', 'A0']);
    expect(rows[2]!.slice(0, 3)).to.deep.equal(['2 (B)', 'B0', 'A2*']);
    expect(rows[3]!.slice(0, 3)).to.deep.equal(['3 (B)', '·', 'A3*']);
    expect(deepAll(el, 'td.borrowed').length).to.be.greaterThan(0);
    const timedOut = rows.find((r) => r[0] === 'Timed out')!;
    expect(timedOut[8]).to.equal('B1'); // B1 (arrival 3, timeout 4) times out at tick 7
    await expect(el).to.be.accessible();
  });

  it('comes a moment after the rest, and is never seen half-drawn', async () => {
    // Not through a fixture helper, which waits for the picture: every change to the shadow tree is
    // looked at instead, as it happens, whatever the frames' timing.
    const host = document.createElement('tick-timeline');
    host.setAttribute('preset', 'stalled-dependency');
    const seen: string[] = [];
    const look = () => {
      const frame = host.shadowRoot?.querySelector('.frame');
      if (frame && !deepAll(host, 'tbody tr').length) seen.push(getComputedStyle(frame).visibility);
    };
    const watch = new MutationObserver(look);
    document.body.append(host);
    watch.observe(host.shadowRoot!, { subtree: true, childList: true, attributes: true });
    await settled(host);
    watch.disconnect();
    expect(seen, 'changes drawn before the picture').to.include('hidden');
    expect(seen).not.to.include('visible');
    expect(getComputedStyle(host.shadowRoot!.querySelector('.frame')!).visibility).to.equal('visible');
    host.remove();
  });
});

describe('<tick-timeline> updateComplete', () => {
  it('waits for the picture, which comes once the layout in use is read', async () => {
    const host = document.createElement('tick-timeline');
    document.body.append(host);
    await host.updateComplete;
    expect(deepAll(host, 'tbody tr').length, 'rows of the picture').to.be.greaterThan(0);
    host.remove();
  });

  it('still resolves where the page hides the timeline, which draws no picture there', async () => {
    const box = fixtureSync<HTMLElement>(html`<div hidden><tick-timeline></tick-timeline></div>`);
    const host = box.querySelector('tick-timeline')!;
    const resolved = await Promise.race([
      host.updateComplete.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
    ]);
    expect(resolved, 'resolved within 3 s').to.equal(true);
  });
});

describe('<tick-timeline> why', () => {
  /** The line under the picture that tells the chosen request's story. */
  const account = (el: TickTimeline) => textOf(deep(el, '[part="account"]'));
  /** The element that has the focus inside the timeline. */
  const focused = (el: TickTimeline) => el.shadowRoot!.activeElement as HTMLTableCellElement;
  const cell = (el: TickTimeline, slot: number, tick: number) =>
    deepAll(el, 'tbody tr')[slot]!.querySelectorAll('td')[tick]!;
  /** Waits until the picture is on screen: a reader clicks and tabs only into what is shown. */
  const shown = async (el: TickTimeline) => {
    await settled(el);
    const frame = deep(el, '.frame');
    for (let i = 0; i < 30 && getComputedStyle(frame).visibility !== 'visible'; i++) await nextFrame();
    expect(getComputedStyle(frame).visibility).to.equal('visible');
  };

  it('tells the story of the request in a clicked cell, and seeks its tick', async () => {
    const el = await settledFixture<TickTimeline>(html`<tick-timeline preset="stalled-dependency"></tick-timeline>`);
    await shown(el);
    const box = cell(el, 0, 3).getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    });
    await settled(el);
    expect(el.tick).to.equal(3);
    expect(account(el)).to.equal(
      'A0 arrived at tick 0, was handed slot 0 at once, and timed out in service at tick 12.',
    );
    cell(el, 2, 0).click(); // B0 in slot 2 at tick 0
    await settled(el);
    expect(el.tick).to.equal(0);
    expect(account(el)).to.equal('B0 arrived at tick 0, was handed slot 2 at once, and completed at tick 1.');
    cell(el, 2, 20).click(); // nobody holds slot 2 at the horizon
    await settled(el);
    expect(account(el)).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('is one tab stop: the arrow keys move between cells and each tells its request’s story', async () => {
    // A button after it, so that Tab has somewhere to go inside the page: past the page's last control,
    // Firefox moves the focus out of the document, and later tests in this page would get no focus events.
    const page = await fixture<HTMLDivElement>(
      html`<div><tick-timeline preset="stalled-dependency"></tick-timeline><button>after</button></div>`,
    );
    const el = page.firstElementChild as TickTimeline;
    await shown(el); // the picture is drawn a moment after the rest
    expect(deepAll(el, '.grid [tabindex="0"]').length).to.equal(1);
    deep<HTMLInputElement>(el, '#inspection').focus();
    await sendKeys({ press: 'Tab' });
    await settled(el);
    expect(focused(el)).to.equal(cell(el, 0, 0));
    expect(account(el)).to.match(/^A0 arrived at tick 0, .* timed out in service at tick 12\.$/);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowRight' });
    await settled(el);
    expect(el.tick).to.equal(1);
    expect(focused(el)).to.equal(cell(el, 1, 1));
    expect(account(el)).to.match(/^A1 arrived at tick 0, .* timed out in service at tick 12\.$/);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' }); // past the last slot: stays on slot 3
    await settled(el);
    expect(focused(el)).to.equal(cell(el, 3, 1));
    expect(account(el)).to.equal(
      'A3 arrived at tick 1, was handed slot 3 at once, and timed out in service at tick 13.',
    );
    expect(deepAll(el, '.grid [tabindex="0"]')).to.deep.equal([cell(el, 3, 1)]);
    await sendKeys({ press: 'Tab' }); // out of the picture in one step
    expect(el.shadowRoot!.activeElement).to.equal(null);
    expect(document.activeElement).to.equal(page.lastElementChild);
    await expect(el).to.be.accessible();
  });

  it('with ticks running down, moves between slots with left and right', async () => {
    const box = await fixture<HTMLDivElement>(
      html`<div style="width: 320px"><tick-timeline preset="stalled-dependency"></tick-timeline></div>`,
    );
    const el = box.firstElementChild as TickTimeline;
    for (let i = 0; i < 3; i++) {
      await settled(el);
      await nextFrame();
    }
    deep(el, '.grid [tabindex="0"]').focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowDown' });
    await settled(el);
    expect(el.tick).to.equal(1);
    // Ticks down: a row per tick, and slot 2 is the third cell of the row.
    expect(focused(el)).to.equal(deepAll(el, 'tbody tr')[1]!.querySelectorAll('td')[2]);
    expect(account(el)).to.match(/^A2 arrived at tick 1, was handed slot 2 at once/);
  });
});

describe('<tick-timeline> cells', () => {
  it('carry only what they show: no template markers, and a few nodes each', async () => {
    const el = await settledFixture<TickTimeline>(html`<tick-timeline preset="stalled-dependency"></tick-timeline>`);
    const table = deep<HTMLTableElement>(el, 'table');
    let nodes = 0;
    let comments = 0;
    for (const section of [table.tHead!, table.tBodies[0]!]) {
      const walker = document.createTreeWalker(section, NodeFilter.SHOW_ALL);
      for (let node = walker.currentNode; node; node = walker.nextNode()!) {
        nodes++;
        if (node.nodeType === Node.COMMENT_NODE) comments++;
      }
    }
    expect(comments).to.equal(0);
    // 4 slots and 2 kinds of ending over 21 ticks, and the headers: a cell is its text, and the
    // holder's letter in a box of its own. With a template per cell it was over 1,400 nodes.
    expect(nodes).to.be.at.most(560);
  });

  it('stay in place when a new run has the same shape: only what changed is rewritten', async () => {
    const el = await settledFixture<TickTimeline>(html`<tick-timeline preset="stalled-dependency"></tick-timeline>`);
    const cells = () => deepAll(el, 'tbody td');
    const before = cells();
    const contents = before.map((cell) => [...cell.childNodes]);
    el.setAttribute('policy', 'strict-partitions');
    await settled(el);
    const after = cells();
    // The same cells, so the browser restyles and lays out only those whose content changed.
    expect(after.length).to.equal(before.length);
    expect(after.every((cell, i) => cell === before[i])).to.equal(true);
    const rewritten = after.filter((cell, i) => cell.firstChild !== contents[i]![0]);
    expect(rewritten.length).to.be.above(0);
    expect(rewritten.length).to.be.below(after.length);
    // And they show the new run: strict partitions keep A in its home slots 0 and 1.
    const rows = deepAll(el, 'tbody tr').map((row) => [...row.children].map((cell) => cell.textContent.trim()));
    expect(rows[2]!.slice(0, 3)).to.deep.equal(['2 (B)', 'B0', '·']);
  });
});
