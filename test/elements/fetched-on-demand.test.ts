// What a gate on its own fetches only when it needs it: the code that answers requests, on the
// first request it gets, and the words of its notices about its inputs, when one is due. This file
// runs in a page of its own, so that neither is here when its tests begin.
import { expect, fixture, fixtureSync, html } from '@open-wc/testing';
import '../../src/elements/outcome-gate/define.js';
import { REQUESTS } from '../../src/scenario/events.js';
import { hear, noticesOf, request } from '../helpers/binding.js';
import { settled, textOf } from '../helpers/ui.js';

describe('requests dispatched at a gate on its own right after it connects', () => {
  it('are answered in order and announced once the code that answers them is here, and reach no one else', async () => {
    const page = fixtureSync(html`<div></div>`);
    const escaped: string[] = [];
    const record = (event: Event) => escaped.push(event.type);
    for (const name of REQUESTS) page.addEventListener(name, record);
    const ear = hear(document);
    const gate = document.createElement('outcome-gate');
    gate.setAttribute('window', 'inspected');
    page.append(gate);
    request(gate, 'bulkhead-seek-request', { tick: 4 });
    request(gate, 'bulkhead-config-request', { changes: { slots: 2 } });
    request(gate, 'bulkhead-seek-request', { tick: 7 });
    request(gate, 'bulkhead-step-request');
    expect(gate.tick, 'held until the code is here').to.equal(0);
    await settled(gate);
    ear.stop();
    expect(gate.tick).to.equal(8);
    expect(gate.config.slots).to.equal(2);
    expect(textOf(gate)).to.contain('at tick 8');
    expect(ear.types()).to.deep.equal(['bulkhead-tick', 'bulkhead-run', 'bulkhead-tick', 'bulkhead-tick']);
    expect(escaped).to.deep.equal([]);
  });
});

describe('the notices of a gate on its own about its attributes', () => {
  it('are shown when its update is complete, though their words come in a file of their own', async () => {
    const gate = await fixture(
      html`<outcome-gate slots="99" preset="nope" tenant="C" window="later" heading-level="9"></outcome-gate>`,
    );
    expect(noticesOf(gate)).to.deep.equal([
      'preset: "nope" is not one of stalled-dependency, count-every-request, slow-vs-dead, retry-storm; using the defaults',
      'slots: "99" is not a whole number from 1 to 8; using 8',
      'tenant: "C" is not A or B; showing B',
      'window: "later" is not full or inspected; showing the full window',
      'heading-level: "9" is not a whole number from 1 to 6; using 6',
    ]);
  });
});
