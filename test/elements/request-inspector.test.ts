// The inspector's account of why each request ended as it did, in both of its layouts.
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../../src/elements/request-inspector/define.js';
import type { RequestInspector } from '../../src/elements/request-inspector/request-inspector.js';
import { deepAll, settled, textOf } from '../helpers/ui.js';

const B1 =
  'B1 arrived at tick 3, found all 4 slots it could use held by stalled A calls A0–A3, which keep their slots until ' +
  'their timeouts, and timed out waiting at tick 7.';

/** An inspector on the stalled-dependency preset in a box `width` px wide, its layout measured. */
async function inspector(width: number) {
  const box = await fixture<HTMLDivElement>(
    html`<div style="width: ${width}px"><request-inspector preset="stalled-dependency"></request-inspector></div>`,
  );
  const el = box.firstElementChild as RequestInspector;
  await settle(el);
  return el;
}

async function settle(el: RequestInspector) {
  for (let i = 0; i < 3; i++) {
    await settled(el);
    await nextFrame();
  }
}

const rowOf = (el: RequestInspector, id: string) =>
  deepAll(el, 'table[part="requests"] tbody tr').find((row) => row.firstElementChild!.textContent.trim() === id)!;

describe('<request-inspector> why', () => {
  it('in a wide box, says why each request ended in a Why column, once it has ended', async () => {
    const el = await inspector(1000);
    const heads = deepAll(el, 'table[part="requests"] thead th').map((th) => th.textContent.trim());
    expect(heads.at(-1)).to.equal('Why');
    el.tick = 3; // B1 has just arrived: nothing after tick 3 is known yet
    await settle(el);
    expect(rowOf(el, 'B1').lastElementChild!.textContent.trim()).to.equal('–');
    expect(textOf(rowOf(el, 'B0'))).to.contain(
      'B0 arrived at tick 0, was handed slot 2 at once, and completed at tick 1.',
    );
    el.tick = 7;
    await settle(el);
    expect(textOf(rowOf(el, 'B1').lastElementChild!)).to.equal(B1);
    await expect(el).to.be.accessible();
  });

  it('in a narrow box, says it under the state, and at the horizon tells even unfinished work', async () => {
    const el = await inspector(320);
    expect(deepAll(el, 'table[part="requests"] thead th').length).to.equal(3);
    el.tick = 20;
    await settle(el);
    const state = rowOf(el, 'B1').children[1] as HTMLElement;
    expect(state.innerText).to.equal(`timed out while waiting\n${B1}`);
    // With A's timeout at 20, A0 holds slot 0 to the end: A4 starts in it at tick 20 and A6 still waits.
    const late = await fixture<RequestInspector>(
      html`<request-inspector preset="stalled-dependency" a-timeout="20"></request-inspector>`,
    );
    late.tick = 19;
    await settle(late);
    expect(textOf(late)).to.not.contain('at the horizon');
    late.tick = 20;
    await settle(late);
    expect(textOf(rowOf(late, 'A4'))).to.contain('started in slot 0 at tick 20, and was still running at the horizon.');
    expect(textOf(rowOf(late, 'A6'))).to.contain(
      'A0–A3, which keep their slots until their timeouts, and was still waiting at the horizon.',
    );
    await expect(el).to.be.accessible();
  });

  it('shows a deadline only once a request has one: from start, when it starts', async () => {
    const box = await fixture<HTMLDivElement>(
      html`<div style="width: 1000px"><request-inspector preset="stalled-dependency" timeout-from="start"></request-inspector></div>`,
    );
    const el = box.firstElementChild as RequestInspector;
    await settle(el);
    const deadline = (id: string) => rowOf(el, id).children[2]!.textContent.trim();
    // A4 waits from tick 2 and starts at 12 with deadline 24; B1 waits to the end.
    el.tick = 11;
    await settle(el);
    expect([deadline('A0'), deadline('A4'), deadline('B1')]).to.deep.equal(['12', 'none yet', 'none yet']);
    el.tick = 12;
    await settle(el);
    expect([deadline('A4'), deadline('B1')]).to.deep.equal(['24', 'none yet']);
    // Narrow: the times say so too.
    box.style.width = '320px';
    await settle(el);
    expect(textOf(rowOf(el, 'B1'))).to.contain('arrives 3, no deadline yet');
    expect(textOf(rowOf(el, 'A4'))).to.contain('arrives 2, deadline 24, started 12');
  });
});
