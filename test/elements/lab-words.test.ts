// The lab in the words of the experiment: the names of its controls, policies and sections, what
// each section explains, guided steps that say exactly what to look for, headings that fit the
// article's outline, and small texts that read right.
import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { GUIDES } from '../../src/elements/bulkhead-lab/steps.js';
import { FakeTime } from '../helpers/fake-time.js';
import { choose, deep, deepAll, settled, settledFixture, textOf, textOfAll, typeInto } from '../helpers/ui.js';

const lab = (preset = 'stalled-dependency') =>
  settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset=${preset}></bulkhead-lab>`);
const labelOf = (el: BulkheadLab, id: string) => textOf(deep(el, 'lab-controls', `label[for="${id}"]`));
const box = (el: BulkheadLab, field: string) => deep<HTMLInputElement>(el, 'lab-controls', `#f-${field}`);
const gateB = (el: BulkheadLab) => textOf(deep(el, 'outcome-gate[tenant="B"]:not([window])'));
/** Headings as a screen reader lists them: [level, text]. */
const headings = (el: Element): [number, string][] =>
  deepAll(el, '[role="heading"]').map((h) => [Number(h.getAttribute('aria-level')), textOf(h)]);

describe('the words of the experiment', () => {
  it('names the controls and policies as the experiment does', async () => {
    const el = await lab();
    expect(labelOf(el, 'policy')).to.equal('Scheduling policy');
    expect(
      deepAll<HTMLOptionElement>(el, 'lab-controls', '#policy option').map((o) => o.textContent.trim()),
    ).to.deep.equal([
      'Shared FIFO',
      'Shared round-robin',
      'Strict tenant partitions',
      'Partitions with idle borrowing',
    ]);
    expect(
      ['slots', 'reservedA', 'aPerTick', 'bEvery', 'aHold', 'bHold', 'aTimeout', 'bTimeout', 'queueCap', 'target'].map(
        (field) => labelOf(el, `f-${field}`),
      ),
    ).to.deep.equal([
      'Total resources',
      'Slots reserved for A',
      'A arrivals per tick',
      'B arrival every N ticks',
      'A resource hold (ticks)',
      'B resource hold (ticks)',
      'A total timeout (ticks)',
      'B total timeout (ticks)',
      'Maximum waiting per tenant',
      'Completion target (%)',
    ]);
    expect(textOf(deep(el, 'lab-controls'))).to.contain('Stall all A calls until timeout');
  });

  it('has the sections of the experiment, and says what each shows', async () => {
    const el = await lab();
    expect(
      headings(el)
        .filter(([level]) => level === 3)
        .map(([, text]) => text),
    ).to.deep.equal([
      '60-second scheduler inspection',
      'Your experiment',
      'More inputs',
      'Event ordering and limits',
      'Outcomes at the inspected tick',
      'Full-window calculation',
      'Compare policies',
      'From the lab to your service',
      'Sweep',
      'Baseline and notes',
      'Every request and resource',
      'Scope and references',
    ]);
    const text = textOf(el);
    expect(text).to.contain('Follow each request from arrival to completion, rejection or timeout.');
    // The rules show once the reader opens their section.
    const details = deepAll<HTMLDetailsElement>(el, 'details')[0]!;
    details.querySelector('summary')!.click();
    await oneEvent(details, 'toggle');
    await settled(el);
    const ordering = textOf(details);
    for (const rule of [
      'work that is due finishes',
      'completes exactly at its deadline counts as completed',
      'from tick 0 through tick 11',
      'still be waiting or running',
      'caps waiting requests only',
      'handed it directly',
      'No policy preempts',
      'cannot interrupt a running call',
      'start at arrival',
      'numeric order',
    ]) {
      expect(ordering).to.contain(rule);
    }
    for (const point of [
      'known before you press Play',
      'every offered one',
      'nearest-rank',
      'completed requests only',
      'not the gate',
      'stays pending',
    ]) {
      expect(text).to.contain(point);
    }
    for (const caveat of [
      'not measured throughput',
      'not a security boundary',
      'no circuit-breaker state machine',
      'real cancellation can be slower',
      'does not make A healthy',
    ]) {
      expect(text).to.contain(caveat);
    }
  });

  it('links the sources of its ideas, each with what it relates to', async () => {
    const links = deepAll<HTMLAnchorElement>(await lab(), '#scope a');
    expect(links.map((a) => textOf(a))).to.deep.equal([
      'Bulkhead pattern',
      'Release It! (Michael T. Nygard)',
      'Resilience4j Bulkhead',
      'Polly concurrency limiter',
      'cockatiel bulkhead',
      'Netflix concurrency-limits',
    ]);
    for (const a of links) {
      expect(a.protocol, a.href).to.equal('https:');
      expect(a.rel).to.equal('noopener');
      expect(textOf(a.parentElement!).length, a.href).to.be.greaterThan(textOf(a).length + 40);
    }
    expect(textOf(links.at(-1)!.parentElement!)).to.contain('Partitions with idle borrowing');
    // The measured companion uses cockatiel's limit, but not its queue (experiment/pools.ts).
    expect(textOf(links[4]!.parentElement!)).to.contain(
      'The measured companion of this lab uses its limit where calls never wait, and a semaphore of its own where they wait in a line',
    );
  });

  it("names the count preset's parts with its own experiment's headings", async () => {
    const legends = (el: BulkheadLab) => deepAll(el, 'lab-controls', 'legend').map((l) => textOf(l));
    const count = await lab('count-every-request');
    expect(legends(count)).to.include.members([
      'Inspect admission and unresolved work',
      'Choose capacity and demand deliberately',
      'Change the target without changing work',
    ]);
    const sections = headings(count).map(([, text]) => text);
    expect(sections).to.include.members([
      'Compare the stalled-tenant experiment',
      'Control inspection and preserve evidence',
    ]);
    const stalled = await lab();
    expect(legends(stalled)).to.include.members(['Choose dispatch and admission rules', 'Allocate workers and demand']);
    expect(headings(stalled).map(([, text]) => text)).to.include.members(['Compare policies', 'Baseline and notes']);
  });

  it('states each experiment its own scope', async () => {
    expect(textOf(await lab('count-every-request'))).to.contain('not a contractual SLA estimate');
    expect(textOf(await lab('slow-vs-dead'))).to.contain("A's latency is fixed at 9 ticks");
  });

  it('names each speed by its visible label, then in words', async () => {
    const el = await lab();
    const radios = deepAll<HTMLInputElement>(el, 'tick-timeline', 'input[name="speed"]');
    // No aria-label replaces the label's text: the name is what the label holds.
    expect(radios.filter((r) => r.hasAttribute('aria-label') || r.hasAttribute('aria-labelledby'))).to.deep.equal([]);
    const labels = radios.map((r) => r.closest('label')!);
    // What the label shows: its text beside the radio, without what only a screen reader reads.
    const visible = labels.map((label) =>
      [...label.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim(),
    );
    expect(visible).to.deep.equal(['0.25×', '0.5×', '1×', '2×']);
    expect(labels.map(textOf)).to.deep.equal([
      '0.25× (quarter speed)',
      '0.5× (half speed)',
      '1× (normal speed)',
      '2× (double speed)',
    ]);
  });
});

describe('guided steps that teach exactly', () => {
  it('stalled dependency: B stays at 1 of 4 until A total timeout is 4 or less', async () => {
    const step = GUIDES['stalled-dependency'][3]!.text;
    expect(step).to.contain('B stays at 1 of 4 all the way down to 5 ticks').and.contain('4 ticks or less');
    const el = await lab();
    for (const [timeout, completed] of [
      [12, 1],
      [8, 1],
      [5, 1],
      [4, 4],
      [2, 4],
    ] as const) {
      await typeInto(box(el, 'aTimeout'), String(timeout));
      await settled(el);
      expect(gateB(el), `A total timeout ${timeout}`).to.contain(`${completed} completed of 4 required`);
    }
  });

  it('count every request: target and timeout move separately, and rejections hide behind a good p95', async () => {
    const steps = GUIDES['count-every-request'].map((step) => step.text).join(' ');
    expect(steps).to.contain('at 3 ticks just 1 of 4 completes, yet the p95 improves to 1 tick');
    expect(steps).to.contain('at 8 ticks 3 of 4 complete and the p95 grows to 7');
    expect(steps).to.contain("three of B's requests are rejected");
    const el = await lab('count-every-request');
    await typeInto(box(el, 'target'), '50');
    await settled(el);
    expect(gateB(el)).to.contain('Pass').and.contain('2 completed of 2 required');
    await typeInto(box(el, 'target'), '51');
    await settled(el);
    expect(gateB(el)).to.contain('Fail').and.contain('2 completed of 3 required');
    await typeInto(box(el, 'target'), '90');
    await typeInto(box(el, 'bTimeout'), '3');
    await settled(el);
    expect(gateB(el)).to.contain('1 completed of 4 required').and.contain('p95 latency: 1 tick');
    await typeInto(box(el, 'bTimeout'), '8');
    await settled(el);
    expect(gateB(el)).to.contain('3 completed of 4 required').and.contain('p95 latency: 7 ticks');
    await typeInto(box(el, 'bTimeout'), '4');
    await typeInto(box(el, 'queueCap'), '0');
    await settled(el);
    expect(gateB(el)).to.contain('Fail').and.contain('1 completed of 4 required').and.contain('p95 latency: 1 tick');
    const rejected = deepAll(el, 'outcome-table[window="full"]', 'tr').find((r) => textOf(r).startsWith('Rejected'));
    expect(textOf(rejected!)).to.match(/3\b/);
  });

  it("an author can put their own steps in place of the preset's", async () => {
    const el = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset="stalled-dependency">
      <ol slot="steps"><li>Press Play and count B's requests.</li></ol>
    </bulkhead-lab>`);
    const slot = deep<HTMLSlotElement>(el, 'slot[name="steps"]');
    expect(slot.assignedElements().map((e) => textOf(e))).to.deep.equal(["Press Play and count B's requests."]);
    expect(deep(el, '[part="steps"]').checkVisibility()).to.equal(false);
  });
});

describe('headings that fit the article', () => {
  it("start at level 2 by default: sections and the first screen's gates at 3, the widgets in sections at 4", async () => {
    const el = await lab();
    expect(headings(el)[0]).to.deep.equal([2, 'Failure isolation: contain a stalled dependency']);
    expect(headings(deep(el, 'outcome-gate:not([window])'))[0]![0]).to.equal(3);
    expect(headings(deep(el, 'outcome-gate[window="inspected"]'))[0]![0]).to.equal(4);
    expect(headings(deep(el, 'slot-board'))[0]![0]).to.equal(4);
  });

  it('start at the level heading-level gives, and say so when it is not one', async () => {
    const el = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency" heading-level="3"></bulkhead-lab>`,
    );
    expect(headings(el)[0]![0]).to.equal(3);
    expect(headings(el).filter(([level]) => level === 4).length).to.equal(12);
    expect(headings(deep(el, 'outcome-gate:not([window])'))[0]![0]).to.equal(4);
    expect(headings(deep(el, 'outcome-gate[window="inspected"]'))[0]![0]).to.equal(5);
    el.setAttribute('heading-level', 'high');
    await settled(el);
    expect(headings(el)[0]![0]).to.equal(2);
    expect(textOf(el)).to.contain('heading-level: "high" is not a whole number from 1 to 6; using 2');
    const gate = await settledFixture(html`<outcome-gate heading-level="2"></outcome-gate>`);
    expect(headings(gate)[0]![0]).to.equal(2);
  });
});

describe('small texts that read right', () => {
  it('agrees in number: one request that has not completed', async () => {
    const el = await lab();
    const inspected = deep(el, 'outcome-gate[tenant="B"][window="inspected"]');
    expect(textOf(inspected)).to.contain('it leaves out the 1 offered request that has not completed');
  });

  it('moves the elapsed time every second while playing, and freezes it on Pause', async () => {
    const el = await lab();
    const time = new FakeTime();
    el.timeSource = time;
    const clock = () => textOf(deep(el, 'tick-timeline', 'output'));
    deepAll<HTMLButtonElement>(el, 'tick-timeline', 'button')
      .find((b) => textOf(b) === 'Play')!
      .click();
    for (const shown of ['0:01', '0:02', '0:03', '0:04']) {
      time.advance(1_000);
      await settled(el);
      expect(clock()).to.contain(`${shown} of 1:00`);
    }
    deepAll<HTMLButtonElement>(el, 'tick-timeline', 'button')
      .find((b) => textOf(b) === 'Pause')!
      .click();
    await settled(el);
    time.advance(5_000);
    await settled(el);
    expect(clock()).to.contain('0:04 of 1:00').and.contain('paused');
    expect(time.pending).to.equal(0);
  });

  it('says what a field accepts when a typed value is out of range, and keeps the value in use', async () => {
    const el = await lab();
    await typeInto(box(el, 'target'), '150');
    await settled(el);
    expect(el.config.target).to.equal(90);
    expect(box(el, 'target').value).to.equal('90');
    expect(textOf(deep(el, 'lab-controls', '#f-target-refused'))).to.equal(
      '“150” is not accepted: this takes a whole number from 0 to 100, so it stays 90.',
    );
    await typeInto(box(el, 'slots'), '5.5');
    await settled(el);
    expect(el.config.slots).to.equal(4);
    expect(textOf(deep(el, 'lab-controls', '#f-slots-refused'))).to.contain(
      '“5.5” is not accepted: this takes a whole number from 1 to 8',
    );
    // Each field says so for itself until a valid value is typed into it.
    await typeInto(box(el, 'aPerTick'), '-1');
    await settled(el);
    expect(deepAll(el, 'lab-controls', '.refused').map((p) => p.id)).to.deep.equal([
      'f-slots-refused',
      'f-aPerTick-refused',
      'f-target-refused',
    ]);
    await typeInto(box(el, 'aPerTick'), '2');
    await settled(el);
    await typeInto(box(el, 'slots'), '6');
    await settled(el);
    expect(deepAll(el, 'lab-controls', '.refused').map((p) => p.id)).to.deep.equal(['f-target-refused']);
  });

  it('a lowered Total resources lowers the reserved slots quietly, and says so beside them', async () => {
    const el = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency" policy="strict-partitions"></bulkhead-lab>`,
    );
    choose(deep<HTMLSelectElement>(el, 'lab-controls', '#policy'), 'strict-partitions');
    await typeInto(box(el, 'reservedA'), '3');
    await typeInto(box(el, 'slots'), '2');
    await settled(el);
    expect(el.config).to.include({ slots: 2, reservedA: 1 });
    expect(textOfAll(el, 'lab-controls')).to.contain('Lowered to 1 so that B keeps a slot.');
    expect(deepAll(el, '[part="notices"]').length).to.equal(0);
  });
});
