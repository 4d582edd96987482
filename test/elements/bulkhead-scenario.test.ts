// <bulkhead-scenario>: a scenario source with no UI of its own. The views inside it, and those that
// name it with `for`, show and drive its one scenario; it answers a page's requests and announces
// what they change, and shows only its notices itself.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadScenario } from '../../src/elements/bulkhead-scenario/bulkhead-scenario.js';
import type { OutcomeGate } from '../../src/elements/outcome-gate/outcome-gate.js';
import { hear, noticesOf, request } from '../helpers/binding.js';
import { buttonByLabel, settled, textOf } from '../helpers/ui.js';

describe('<bulkhead-scenario>', () => {
  it('serves the views inside it and those that name it one scenario, which a click in one drives', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <bulkhead-scenario id="s" preset="count-every-request">
        <outcome-gate tenant="B"></outcome-gate>
      </bulkhead-scenario>
      <tick-timeline for="s"></tick-timeline>
      <outcome-gate for="s" tenant="B" window="inspected"></outcome-gate>
    </div>`);
    const source = page.querySelector<BulkheadScenario>('bulkhead-scenario')!;
    const [inside, named] = page.querySelectorAll<OutcomeGate>('outcome-gate');
    for (const view of [inside!, named!]) await settled(view);
    expect(inside!.scenario).to.equal(source.scenario);
    expect(named!.scenario).to.equal(source.scenario);
    expect(textOf(inside!)).to.contain('2 completed of 4 required'); // round-robin: B completes 2 of 4
    const timeline = page.querySelector('tick-timeline')!;
    await settled(timeline);
    const ear = hear(source);
    buttonByLabel(timeline, 'Next tick')!.click();
    await settled(named!);
    ear.stop();
    expect(source.tick).to.equal(1);
    expect(textOf(named!)).to.contain('at tick 1');
    expect(ear.types()).to.deep.equal(['bulkhead-tick']);
  });

  it("answers a page's requests, announcing what they change, and keeps the page's content as it is", async () => {
    const source = await fixture<BulkheadScenario>(
      html`<bulkhead-scenario preset="stalled-dependency"><p>The page's own words.</p></bulkhead-scenario>`,
    );
    const ear = hear(source);
    request(source, 'bulkhead-config-request', { changes: { policy: 'strict-partitions' } });
    request(source, 'bulkhead-seek-request', { tick: 12 });
    ear.stop();
    expect(ear.types()).to.deep.equal(['bulkhead-run', 'bulkhead-tick']);
    expect(source.config.policy).to.equal('strict-partitions');
    expect(source.tick).to.equal(12);
    expect(getComputedStyle(source).display).to.equal('contents');
    expect(source.textContent.trim()).to.equal("The page's own words.");
  });

  it('shows a notice for a bad attribute, and nothing else of its own', async () => {
    const source = await fixture<BulkheadScenario>(html`<bulkhead-scenario slots="99"></bulkhead-scenario>`);
    await settled(source);
    expect(noticesOf(source)).to.deep.equal(['slots: "99" is not a whole number from 1 to 8; using 8']);
    expect(source.config.slots).to.equal(8);
  });
});
