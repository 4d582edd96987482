// The complete lab, used as a reader would: set the controls, read the results.
import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/bulkhead-lab/define.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { FakeTime } from '../helpers/fake-time.js';
import { choose, deep, deepAll, settled, settledFixture, textOf, typeInto } from '../helpers/ui.js';

const lab = (markup = html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`) =>
  settledFixture<BulkheadLab>(markup);
const control = (el: BulkheadLab, id: string) => deep<HTMLInputElement>(el, 'lab-controls', `#${id}`);
/** A row of the full-window table, as [label, A, B]. */
const fullRow = (el: BulkheadLab, label: string) => {
  const row = deepAll(el, 'outcome-table[window="full"]', 'tbody tr').find(
    (r) => r.firstElementChild!.textContent === label,
  )!;
  return [...row.children].map((c) => c.textContent.trim());
};
const gateB = (el: BulkheadLab) => textOf(deep(el, 'outcome-gate[tenant="B"]:not([window])'));

describe('<bulkhead-lab loading="eager">', () => {
  it('shows the preset, its guided steps, the scope, and the full-window result before playback', async () => {
    const el = await lab();
    const text = textOf(el);
    expect(text).to.contain('Failure isolation: contain a stalled dependency');
    expect(deepAll(el, '[part="steps"] li').length).to.equal(5);
    expect(text).to.contain('not a security boundary');
    expect(el.tick).to.equal(0);
    expect(fullRow(el, 'Completed')).to.deep.equal(['Completed', '0', '1']);
    expect(gateB(el)).to.contain('1 completed of 4 required (90 % of 4 offered)');
    await expect(el).to.be.accessible();
  });

  it('opens Compare policies and Sweep on demand, each bound to the lab', async () => {
    const el = await lab();
    const section = (id: string) => deep<HTMLDetailsElement>(el, `details#${id}`);
    // Closed at first, and nothing rendered inside until a reader opens them.
    expect(section('compare').open).to.equal(false);
    expect(deepAll(el, 'policy-compare, sweep-chart')).to.deep.equal([]);
    const open = async (id: string) => {
      const toggled = oneEvent(section(id), 'toggle');
      section(id).querySelector('summary')!.click();
      await toggled;
      await settled(el);
    };
    await open('compare');
    const compare = deep(el, 'policy-compare');
    expect(textOf(compare)).to.contain('Strict tenant partitions');
    [...compare.shadowRoot!.querySelectorAll('button')]
      .find((b) => textOf(b) === 'Use Strict tenant partitions')!
      .click();
    await settled(el);
    expect(el.config.policy).to.equal('strict-partitions');
    expect(gateB(el)).to.contain('4 completed of 4 required');
    await open('sweep');
    const sweep = deep(el, 'sweep-chart');
    expect(textOf(sweep)).to.contain('A total timeout');
    expect(textOf(deepAll(el, '[part="steps"] li')[3]!)).to.contain('Open Sweep below');
    await expect(el).to.be.accessible();
  });

  describe('reference outcomes of docs/MODEL.md, set through the controls', () => {
    const expected: [string, string, string][] = [
      // policy, B completed / offered, B p95
      ['shared-fifo', '1 / 4', '1'],
      ['shared-round-robin', '2 / 4', '4'],
      ['strict-partitions', '4 / 4', '1'],
      ['borrowing', '1 / 4', '1'],
    ];
    for (const [policy, completedOfOffered, p95] of expected) {
      it(`${policy}: B completes ${completedOfOffered}, p95 ${p95}`, async () => {
        // Start from the plain defaults and enter the fixture by hand, as a reader would.
        const el = await lab(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
        choose(deep<HTMLSelectElement>(el, 'lab-controls', '#policy'), policy);
        await settled(el);
        for (const [id, value] of [
          ['f-slots', '4'],
          ['f-aPerTick', '2'],
          ['f-bEvery', '3'],
          ['f-aTimeout', '12'],
          ['f-bTimeout', '4'],
          ['f-bHold', '1'],
        ] as const) {
          await typeInto(control(el, id), value);
        }
        if (policy === 'strict-partitions' || policy === 'borrowing') await typeInto(control(el, 'f-reservedA'), '2');
        deep<HTMLInputElement>(el, 'lab-controls', 'input[value="stall"]').click();
        await settled(el);
        const [completed, offered] = completedOfOffered.split(' / ');
        expect(fullRow(el, 'Completed')[2]).to.equal(completed);
        expect(fullRow(el, 'Offered')[2]).to.equal(offered);
        expect(fullRow(el, 'p95 of completed only (ticks)')[2]).to.equal(p95);
        expect(fullRow(el, 'Completed')[1]).to.equal('0'); // A completes nothing
        expect(gateB(el)).to.contain(`${completed} completed of`);
        expect(gateB(el)).to.contain(`p95 latency: ${p95} tick`);
      });
    }

    it('round-robin: the B gate passes at target 50 and fails at 51', async () => {
      const el = await lab(html`<bulkhead-lab loading="eager" preset="count-every-request"></bulkhead-lab>`);
      await typeInto(control(el, 'f-target'), '50');
      await settled(el);
      expect(gateB(el)).to.contain('Tenant B gate Pass');
      expect(gateB(el)).to.contain('2 completed of 2 required');
      await typeInto(control(el, 'f-target'), '51');
      await settled(el);
      expect(gateB(el)).to.contain('Tenant B gate Fail');
      expect(gateB(el)).to.contain('2 completed of 3 required');
    });
  });

  it('recomputes on an edit without starting playback, keeping the inspected tick', async () => {
    const el = await lab();
    const time = new FakeTime();
    el.timeSource = time;
    el.tick = 5;
    choose(deep<HTMLSelectElement>(el, 'lab-controls', '#policy'), 'strict-partitions');
    await settled(el);
    expect(fullRow(el, 'Completed')[2]).to.equal('4');
    expect(el.scenario.playing).to.equal(false);
    expect(el.tick).to.equal(5);
    expect(time.pending).to.equal(0);
  });

  it('says why a control is disabled', async () => {
    const el = await lab();
    expect(control(el, 'f-reservedA').disabled).to.equal(true);
    expect(textOf(deep(el, 'lab-controls', '#f-reservedA-why'))).to.contain('Only the partitioned policies');
    expect(control(el, 'f-aHold').disabled).to.equal(true);
    expect(textOf(deep(el, 'lab-controls', '#f-aHold-why'))).to.contain('A is faulted');
    deep<HTMLInputElement>(el, 'lab-controls', 'input[value="none"]').click();
    await settled(el);
    expect(control(el, 'f-aHold').disabled).to.equal(false);
  });

  it('puts back the value in use when a typed number is out of range', async () => {
    const el = await lab();
    await typeInto(control(el, 'f-slots'), '99');
    await settled(el);
    expect(control(el, 'f-slots').value).to.equal('4');
    expect(el.config.slots).to.equal(4);
  });

  it('lists every request and every slot at the inspected tick as text', async () => {
    const el = await lab();
    el.tick = 7;
    const section = deep<HTMLDetailsElement>(el, 'details#requests');
    section.querySelector('summary')!.click(); // the tables show once the reader opens their section
    await oneEvent(section, 'toggle');
    await settled(el);
    const rows = deepAll(el, 'request-inspector', 'table[part="requests"] tbody tr');
    expect(rows.length).to.equal(28);
    const b1 = rows.find((r) => r.firstElementChild!.textContent === 'B1')!;
    expect(textOf(b1)).to.contain('timed out while waiting');
    const slots = deepAll(el, 'request-inspector', 'table[part="resources"] tbody tr').map((r) =>
      [...r.children].map((c) => c.textContent.trim()).join(' '),
    );
    expect(slots).to.deep.equal(['0 shared A0 no', '1 shared A1 no', '2 shared A2 no', '3 shared A3 no']);
  });

  it('announces tick and gate changes in a polite live region', async () => {
    const el = await lab();
    const region = deep(el, '[aria-live="polite"]');
    el.tick = 3;
    await settled(el);
    expect(region.textContent).to.equal('Tick 3 of 20. Gate A Pending, gate B Pending.');
  });
});
