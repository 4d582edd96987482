import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/outcome-gate/define.js';
import type { OutcomeGate } from '../../src/elements/outcome-gate/outcome-gate.js';
import { noticesOf } from '../helpers/binding.js';
import { textOf } from '../helpers/ui.js';

describe('<outcome-gate>', () => {
  it('shows the full-window gate of a standalone scenario from its attributes', async () => {
    const el = await fixture<OutcomeGate>(html`<outcome-gate tenant="B" policy="shared-round-robin"></outcome-gate>`);
    expect(textOf(el)).to.contain('Tenant B gate Fail full window');
    expect(textOf(el)).to.contain('2 completed of 4 required (90 % of 4 offered)');
    expect(textOf(el)).to.contain('Completion rate: 50 %');
    expect(textOf(el)).to.contain('p95 latency: 4 ticks');
    expect(textOf(el)).to.contain('leaves out the 2 offered requests that did not complete');
    await expect(el).to.be.accessible();
  });

  it('says plainly when the p95 leaves nothing out', async () => {
    const el = await fixture<OutcomeGate>(
      html`<outcome-gate preset="slow-vs-dead" policy="strict-partitions"></outcome-gate>`,
    );
    expect(textOf(el)).to.contain('12 completed of 11 required (90 % of 12 offered)');
    expect(textOf(el)).to.contain('completed requests only; every offered request completed');
    expect(textOf(el)).not.to.contain('leaves out the 0');
  });

  it('falls back to B and says so for a bad tenant', async () => {
    const el = await fixture<OutcomeGate>(html`<outcome-gate tenant="C"></outcome-gate>`);
    expect(textOf(el)).to.contain('tenant: "C" is not A or B; showing B');
    expect(textOf(el)).to.contain('Tenant B gate');
  });

  it('shows its notices in a status region that passes axe', async () => {
    const el = await fixture<OutcomeGate>(html`<outcome-gate tenant="C" window="later" slots="99"></outcome-gate>`);
    expect(noticesOf(el)).to.have.length(3);
    await expect(el).to.be.accessible();
  });
});
