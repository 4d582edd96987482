// What a source announces, when the element API may be used, and that the controls and notices
// always show the config in use.
import { expect, fixtureSync, html } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { OutcomeGate } from '../../src/elements/outcome-gate/outcome-gate.js';
import type { LabConfig } from '../../src/sim/index.js';
import { allNotices, hear, nextTask, noticesOf, request } from '../helpers/binding.js';
import { FakeTime } from '../helpers/fake-time.js';
import { choose, deep, settled, settledFixture, textOf, typeInto } from '../helpers/ui.js';

describe('announcements', () => {
  it('bulkhead-tick fires only when the tick or the play state changed', async () => {
    const lab = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    const time = new FakeTime();
    lab.timeSource = time;
    const ear = hear(lab);
    request(lab, 'bulkhead-seek-request', { tick: 0 }); // already at 0
    request(lab, 'bulkhead-pause-request'); // already paused
    request(lab, 'bulkhead-restart-request'); // paused at 0
    request(lab, 'bulkhead-config-request', { changes: { policy: 'shared-fifo', slots: 4 } }); // as they are
    expect(ear.types(), 'nothing changed').to.deep.equal([]);
    request(lab, 'bulkhead-seek-request', { tick: 5 });
    expect(ear.types(), 'seek to 5').to.deep.equal(['bulkhead-tick']);
    expect(ear.heard[0]!.detail).to.include({ tick: 5, playing: false });
    ear.clear();
    request(lab, 'bulkhead-seek-request', { tick: 5 });
    expect(ear.types(), 'seek to 5 again').to.deep.equal([]);
    request(lab, 'bulkhead-play-request');
    expect(ear.types(), 'play').to.deep.equal(['bulkhead-tick']);
    ear.clear();
    request(lab, 'bulkhead-play-request');
    expect(ear.types(), 'play while playing').to.deep.equal([]);
    request(lab, 'bulkhead-pause-request');
    expect(ear.types(), 'pause').to.deep.equal(['bulkhead-tick']);
    ear.clear();
    request(lab, 'bulkhead-pause-request');
    expect(ear.types(), 'pause while paused').to.deep.equal([]);
    request(lab, 'bulkhead-restart-request');
    expect(ear.types(), 'restart from 5').to.deep.equal(['bulkhead-tick']);
    expect(ear.heard[0]!.detail).to.include({ tick: 0 });
    ear.stop();
  });

  it('bulkhead-run fires only when the config really changed', async () => {
    const lab = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" policy="strict-partitions"></bulkhead-lab>`,
    );
    const ear = hear(lab);
    request(lab, 'bulkhead-config-request', { changes: { policy: 'strict-partitions' } });
    request(lab, 'bulkhead-config-request', { changes: { slots: '4', target: 90 } }); // the same values, as text
    request(lab, 'bulkhead-config-request', { changes: {} });
    expect(
      ear.types().filter((t) => t === 'bulkhead-run'),
      'unchanged config',
    ).to.deep.equal([]);
    request(lab, 'bulkhead-config-request', { changes: { target: 50 } });
    const runs = ear.heard.filter((h) => h.type === 'bulkhead-run');
    expect(runs, 'changed config').to.have.length(1);
    expect((runs[0]!.detail as { config: LabConfig }).config.target).to.equal(50);
    ear.stop();
  });

  it('property and attribute sets announce nothing, even when they change the tick or config', async () => {
    const lab = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    const ear = hear(document);
    lab.config = { policy: 'borrowing' };
    lab.tick = 7;
    lab.setAttribute('slots', '6');
    lab.tick = 7;
    await settled(lab);
    ear.stop();
    expect(ear.types()).to.deep.equal([]);
    expect(lab.tick).to.equal(7);
    expect(lab.config).to.include({ slots: 6 });
  });
});

describe('the element API before connection and before upgrade', () => {
  it('config, tick and timeSource set before connection apply on connect', async () => {
    const gate = document.createElement('outcome-gate');
    const time = new FakeTime();
    expect(() => {
      gate.config = { policy: 'strict-partitions', target: 50 };
      gate.tick = 5;
      gate.timeSource = time;
    }).not.to.throw();
    gate.setAttribute('window', 'inspected');
    const page = fixtureSync(html`<div></div>`);
    page.append(gate);
    await settled(gate);
    expect(gate.config).to.include({ policy: 'strict-partitions', target: 50 });
    expect(gate.tick).to.equal(5);
    expect(textOf(gate)).to.contain('at tick 5');
    expect(textOf(gate)).to.contain('50 % of');
    request(gate, 'bulkhead-play-request');
    await settled(gate); // a gate on its own fetches what answers requests on the first one
    time.advance(3_000); // one tick at 1×
    await settled(gate);
    expect(gate.tick).to.equal(6);
    expect(textOf(gate)).to.contain('at tick 6');
  });

  it('config and tick set on an element before its class is defined are not lost', async () => {
    const gate = document.createElement('late-gate-1') as OutcomeGate;
    gate.config = { policy: 'strict-partitions', target: 50 };
    gate.tick = 5;
    gate.setAttribute('window', 'inspected');
    customElements.define('late-gate-1', class extends OutcomeGate {});
    const page = fixtureSync(html`<div></div>`);
    page.append(gate);
    await settled(gate);
    expect(gate.config).to.include({ policy: 'strict-partitions', target: 50 });
    expect(gate.tick).to.equal(5);
    expect(textOf(gate)).to.contain('at tick 5');
    expect(textOf(gate)).to.contain('50 % of');
  });

  it('a config set before the class is defined outlasts the preset the element is upgraded with', async () => {
    const page = fixtureSync(html`<div></div>`);
    const gate = document.createElement('late-gate-2') as OutcomeGate;
    gate.setAttribute('preset', 'slow-vs-dead');
    page.append(gate);
    gate.config = { policy: 'strict-partitions', target: 50 };
    customElements.define('late-gate-2', class extends OutcomeGate {});
    await settled(gate);
    expect(gate.config).to.include({ policy: 'strict-partitions', target: 50 });
    expect(textOf(gate)).to.contain('50 % of');
  });
});

describe('config is a function of the current attributes', () => {
  for (const tag of ['outcome-gate', 'bulkhead-lab'] as const) {
    it(`<${tag}>: slots 1 then 4 gives the config of slots="4" from the start`, async () => {
      const page = fixtureSync(html`<div></div>`);
      const fresh = document.createElement(tag);
      fresh.setAttribute('slots', '4');
      const edited = document.createElement(tag);
      edited.setAttribute('slots', '1');
      page.append(fresh, edited);
      await settled(edited);
      edited.setAttribute('slots', '4');
      await settled(edited);
      expect(edited.config).to.deep.equal(fresh.config);
      expect(edited.config.reservedA).to.equal(2);
    });
  }
});

describe('every control shows the config in use', () => {
  const lab = () => settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
  const select = (el: BulkheadLab) => deep<HTMLSelectElement>(el, 'lab-controls', '#policy');
  const radio = (el: BulkheadLab, fault: string) =>
    deep<HTMLInputElement>(el, 'lab-controls', `input[value="${fault}"]`);
  const box = (el: BulkheadLab, field: string) => deep<HTMLInputElement>(el, 'lab-controls', `#f-${field}`);

  it('the policy select after a pick and two page requests', async () => {
    const el = await lab();
    choose(select(el), 'borrowing');
    await settled(el);
    request(el, 'bulkhead-config-request', { changes: { policy: 'strict-partitions' } });
    await settled(el);
    request(el, 'bulkhead-config-request', { changes: { policy: 'borrowing' } });
    await settled(el);
    expect(el.config.policy).to.equal('borrowing');
    expect(select(el).value).to.equal('borrowing');
  });

  it('the policy select when a page request follows a pick before the next render', async () => {
    const el = await lab();
    choose(select(el), 'borrowing');
    request(el, 'bulkhead-config-request', { changes: { policy: 'shared-fifo' } });
    await settled(el);
    expect(el.config.policy).to.equal('shared-fifo');
    expect(select(el).value).to.equal('shared-fifo');
  });

  it('the policy select after a pick, an attribute and a property', async () => {
    const el = await lab();
    choose(select(el), 'strict-partitions');
    await settled(el);
    el.setAttribute('policy', 'shared-round-robin');
    await settled(el);
    el.config = { ...el.config, policy: 'strict-partitions' };
    await settled(el);
    expect(select(el).value).to.equal(el.config.policy);
  });

  it('the fault radios when a page request follows a click before the next render', async () => {
    const el = await lab();
    radio(el, 'fail-fast').click();
    request(el, 'bulkhead-config-request', { changes: { aFault: 'stall' } });
    await settled(el);
    expect(el.config.aFault).to.equal('stall');
    expect(radio(el, 'stall').checked, 'stall checked').to.equal(true);
    expect(radio(el, 'fail-fast').checked, 'fail-fast checked').to.equal(false);
  });

  it('the fault radios after a click, a property and an attribute', async () => {
    const el = await lab();
    radio(el, 'none').click();
    el.config = { ...el.config, aFault: 'stall' };
    await settled(el);
    expect(radio(el, 'stall').checked, 'after the property').to.equal(true);
    radio(el, 'fail-fast').click();
    el.setAttribute('a-fault', 'stall');
    await settled(el);
    expect(el.config.aFault).to.equal('stall');
    expect(radio(el, 'stall').checked, 'after the attribute').to.equal(true);
  });

  it('a number box after typing and a page request before the next render', async () => {
    const el = await lab();
    await typeInto(box(el, 'target'), '50');
    await settled(el);
    const input = box(el, 'bHold');
    input.value = '3';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    request(el, 'bulkhead-config-request', { changes: { bHold: 1 } });
    await settled(el);
    expect(el.config.bHold).to.equal(1);
    expect(box(el, 'bHold').value).to.equal('1');
  });

  it('a focused number box after a property changes it and a request puts back the value it had', async () => {
    const el = await lab();
    const first = el.config.bEvery;
    box(el, 'bEvery').focus(); // as Tab does from the box before it
    el.config = { ...el.config, bEvery: first + 1 };
    await settled(el);
    expect(box(el, 'bEvery').value).to.equal(String(first + 1));
    request(el, 'bulkhead-config-request', { changes: { bEvery: first } });
    await settled(el);
    expect(el.config.bEvery).to.equal(first);
    expect(box(el, 'bEvery').value).to.equal(String(first));
  });

  it('a number box after typing, then a property that puts back the value it had', async () => {
    const el = await lab();
    await typeInto(box(el, 'queueCap'), '9');
    el.config = { ...el.config, queueCap: 6 };
    await settled(el);
    expect(el.config.queueCap).to.equal(6);
    expect(box(el, 'queueCap').value).to.equal('6');
  });
});

describe('notices', () => {
  let warn: typeof console.warn;
  let warnings: string[] = [];
  beforeEach(() => {
    warnings = [];
    warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  });
  afterEach(() => {
    console.warn = warn;
  });

  it('a notice for a bad attribute stays while it is bad, when another attribute changes', async () => {
    const gate = await settledFixture<OutcomeGate>(html`<outcome-gate slots="many"></outcome-gate>`);
    expect(noticesOf(gate).join(' ')).to.contain('slots');
    gate.setAttribute('target', '50');
    await settled(gate);
    expect(gate.config.target).to.equal(50);
    expect(noticesOf(gate).join(' ')).to.contain('slots');
    gate.setAttribute('slots', '6');
    await settled(gate);
    expect(noticesOf(gate)).to.deep.equal([]);
  });

  it('a 1 MB attribute value gives a short notice', async () => {
    const gate = await settledFixture<OutcomeGate>(html`<outcome-gate></outcome-gate>`);
    gate.setAttribute('slots', '7'.repeat(1 << 20));
    await settled(gate);
    const notices = noticesOf(gate);
    expect(notices).to.have.length(1);
    expect(notices[0]!.length).to.be.at.most(120);
    expect(
      warnings.every((w) => w.length <= 200),
      'console warnings are short too',
    ).to.equal(true);
  });

  it('50 bad values for one attribute warn at most once per element type', async () => {
    const page = fixtureSync(html`<div><slot-board></slot-board><tick-timeline></tick-timeline></div>`);
    for (let i = 0; i < 50; i++) {
      for (const el of page.children) el.setAttribute('slots', `bad-${i}`);
      await settled(page.lastElementChild!);
      await settled(page.firstElementChild!);
    }
    const about = (tag: string) => warnings.filter((w) => w.includes(`<${tag}>`) && w.includes('slots'));
    expect(about('slot-board').length, '<slot-board>').to.be.at.most(1);
    expect(about('tick-timeline').length, '<tick-timeline>').to.be.at.most(1);
  });

  it('lowering Total slots below the reserved slots in the UI gives no notice and no warning', async () => {
    const el = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" policy="strict-partitions" reserved-a="3" slots="4"></bulkhead-lab>`,
    );
    expect(el.config.reservedA).to.equal(3);
    await typeInto(deep<HTMLInputElement>(el, 'lab-controls', '#f-slots'), '2');
    await nextTask();
    await settled(el);
    expect(el.config.slots).to.equal(2);
    expect(allNotices(el)).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });

  it("raising A's home slots in the UI, then lowering Total slots, gives no notice and no warning", async () => {
    const el = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" policy="strict-partitions" slots="4"></bulkhead-lab>`,
    );
    await typeInto(deep<HTMLInputElement>(el, 'lab-controls', '#f-reservedA'), '3');
    await settled(el);
    expect(el.config.reservedA).to.equal(3);
    await typeInto(deep<HTMLInputElement>(el, 'lab-controls', '#f-slots'), '2');
    await nextTask();
    await settled(el);
    expect(el.config.slots).to.equal(2);
    expect(allNotices(el)).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });
});
