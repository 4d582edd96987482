// docs/ELEMENTS.md, "Composing widgets" and "Events": sources, `for=` and enclosing binding, events in both
// directions, and independence.
import { expect, fixture, html, oneEvent, fixtureSync } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { define } from '../../src/elements/define.js';
import { OutcomeGate } from '../../src/elements/outcome-gate/outcome-gate.js';
import { BulkheadScenario } from '../../src/elements/bulkhead-scenario/bulkhead-scenario.js';
import { FakeTime } from '../helpers/fake-time.js';
import { choose, deep, settled, textOf } from '../helpers/ui.js';

/** Records every announcement that reaches the document. */
function listen() {
  const heard: string[] = [];
  const record = (e: Event) => heard.push(e.type);
  document.addEventListener('bulkhead-run', record);
  document.addEventListener('bulkhead-tick', record);
  return {
    heard,
    stop: () => ['bulkhead-run', 'bulkhead-tick'].forEach((n) => document.removeEventListener(n, record)),
  };
}

describe('composition', () => {
  it('a control change in one widget updates a gate bound by for=', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-scenario id="shared-1" preset="stalled-dependency"></bulkhead-scenario>
      <lab-controls for="shared-1"></lab-controls>
      <outcome-gate for="shared-1" tenant="B"></outcome-gate>
    </div>`);
    const gate = page.querySelector('outcome-gate')!;
    await settled(gate);
    expect(textOf(gate)).to.contain('1 completed of 4 required');
    const source = page.querySelector('bulkhead-scenario')!;
    const announced = oneEvent(source, 'bulkhead-run');
    choose(deep<HTMLSelectElement>(page.querySelector('lab-controls')!, '#policy'), 'strict-partitions');
    const { detail } = await announced;
    expect(detail.config.policy).to.equal('strict-partitions');
    await settled(gate);
    expect(textOf(gate)).to.contain('Tenant B gate Pass');
    expect(textOf(gate)).to.contain('4 completed of 4 required');
  });

  it('binds a view to its enclosing source', async () => {
    const source = await fixture(html`<bulkhead-scenario policy="strict-partitions">
      <outcome-gate tenant="B"></outcome-gate>
    </bulkhead-scenario>`);
    const gate = source.querySelector('outcome-gate')!;
    await settled(gate);
    expect(gate.scenario).to.equal((source as BulkheadLab).scenario);
    expect(textOf(gate)).to.contain('4 completed of 4 required');
  });

  it('binds to an enclosing source that upgrades after the view', async () => {
    const source = document.createElement('late-scenario-source');
    source.setAttribute('policy', 'strict-partitions');
    const gate = document.createElement('outcome-gate');
    source.append(gate);
    document.body.append(source);
    try {
      await settled(gate);
      expect(textOf(gate)).to.contain('1 completed of 4 required'); // on its own for now: default FIFO
      customElements.define('late-scenario-source', class extends BulkheadScenario {});
      await settled(gate);
      expect(gate.scenario).to.equal((source as unknown as BulkheadScenario).scenario);
      expect(textOf(gate)).to.contain('4 completed of 4 required');
    } finally {
      source.remove();
    }
  });

  it('binds by for= to a source that comes later in the page', async () => {
    const page = fixtureSync(html`<div>
      <outcome-gate for="later-1" tenant="B"></outcome-gate>
      <bulkhead-scenario id="later-1" policy="strict-partitions"></bulkhead-scenario>
    </div>`);
    const gate = page.querySelector('outcome-gate')!;
    await new Promise((r) => setTimeout(r));
    await settled(gate);
    expect(textOf(gate)).to.contain('4 completed of 4 required');
    expect(textOf(gate)).not.to.contain('no scenario source');
  });

  it("the docs' snippet gives an outline without a skipped level", async () => {
    const doc = await (await fetch('/docs/ELEMENTS.md')).text();
    const snippet = /## Composing widgets[\s\S]*?```html\n([\s\S]*?)```/.exec(doc)![1]!;
    const page = await fixture<HTMLDivElement>(html`<div></div>`);
    page.innerHTML = snippet;
    const views = [...page.querySelectorAll('outcome-gate, tick-timeline')];
    for (const view of views) await settled(view);
    // Headings in reading order: the page's own, then each widget's inside its shadow root.
    const levels = [...page.querySelectorAll('h1, h2, h3, h4, h5, h6, outcome-gate, tick-timeline')].flatMap((el) =>
      el.shadowRoot
        ? [...el.shadowRoot.querySelectorAll('[role="heading"]')].map((h) => Number(h.getAttribute('aria-level')))
        : [Number(el.localName[1])],
    );
    expect(levels).to.deep.equal([1, 2, 2, 3, 3]);
  });

  it('runs standalone, with a visible notice, when for= names nothing', async () => {
    const gate = await fixture<OutcomeGate>(html`<outcome-gate for="nowhere" tenant="B"></outcome-gate>`);
    expect(textOf(gate)).to.contain('for: no scenario source with id "nowhere"; showing this widget on its own');
    expect(textOf(gate)).to.contain('1 completed of 4 required');
  });

  it('a page script drives a lab with the request events and hears its announcements', async () => {
    const lab = await fixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`,
    );
    const runs: string[] = [];
    lab.addEventListener('bulkhead-run', (e) => runs.push(e.detail.config.policy));
    lab.dispatchEvent(
      new CustomEvent('bulkhead-config-request', {
        detail: { changes: { policy: 'strict-partitions', target: 75 } },
        bubbles: true,
        composed: true,
      }),
    );
    const ticked = oneEvent(lab, 'bulkhead-tick');
    lab.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: { tick: 9 }, bubbles: true, composed: true }));
    expect((await ticked).detail.tick).to.equal(9);
    await settled(lab);
    expect(runs).to.deep.equal(['strict-partitions']);
    expect(lab.config).to.include({ policy: 'strict-partitions', target: 75 });
    expect(textOf(deep(lab, 'tick-timeline', 'output'))).to.contain('tick 9 of 20');
    const time = new FakeTime();
    lab.timeSource = time;
    lab.dispatchEvent(
      new CustomEvent('bulkhead-speed-request', { detail: { speed: 2 }, bubbles: true, composed: true }),
    );
    lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { bubbles: true, composed: true }));
    time.advance(1_500); // 3 inspection seconds at 2×
    expect(lab.tick).to.equal(10);
    lab.dispatchEvent(new CustomEvent('bulkhead-pause-request', { bubbles: true, composed: true }));
    expect(lab.scenario.playing).to.equal(false);
  });

  it('setting a property or attribute from the page emits nothing, but the views follow', async () => {
    const lab = await fixture<BulkheadLab>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    const { heard, stop } = listen();
    lab.config = { policy: 'strict-partitions' };
    lab.tick = 4;
    lab.setAttribute('target', '50');
    await settled(lab);
    stop();
    expect(heard).to.deep.equal([]);
    expect(lab.config).to.include({ policy: 'strict-partitions', target: 50 });
    expect(textOf(deep(lab, 'tick-timeline', 'output'))).to.contain('tick 4 of 20');
    expect(textOf(deep(lab, 'outcome-gate[tenant="B"]:not([window])'))).to.contain('4 completed of 2 required');
  });

  it('keeps two labs on one page independent', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-lab loading="eager" id="one" preset="stalled-dependency"></bulkhead-lab>
      <bulkhead-lab loading="eager" id="two" preset="stalled-dependency"></bulkhead-lab>
    </div>`);
    await settled(page);
    const [one, two] = [...page.querySelectorAll('bulkhead-lab')] as BulkheadLab[];
    const time = new FakeTime();
    one!.timeSource = time;
    choose(deep<HTMLSelectElement>(one!, 'lab-controls', '#policy'), 'strict-partitions');
    one!.dispatchEvent(new CustomEvent('bulkhead-play-request', { bubbles: true, composed: true }));
    time.advance(9_000);
    await settled(page);
    expect(one!.config.policy).to.equal('strict-partitions');
    expect(one!.tick).to.equal(3);
    expect(two!.config.policy).to.equal('shared-fifo');
    expect(two!.tick).to.equal(0);
    expect(two!.scenario).not.to.equal(one!.scenario);
  });

  it('guards registration: defining a tag twice does not throw', () => {
    expect(() => define('outcome-gate', class extends HTMLElement {})).not.to.throw();
    expect(customElements.get('outcome-gate')).to.equal(OutcomeGate);
  });

  it('stops its timers and listeners when removed', async () => {
    const lab = await fixture<BulkheadLab>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    const time = new FakeTime();
    lab.timeSource = time;
    lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { bubbles: true, composed: true }));
    expect(time.pending).to.equal(1);
    lab.remove();
    expect(time.pending).to.equal(0);
    lab.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: { tick: 7 }, bubbles: true, composed: true }));
    expect(lab.tick).to.equal(0); // nobody listens any more
    const { heard, stop } = listen();
    time.advance(60_000);
    stop();
    expect(heard).to.deep.equal([]);
  });
});
