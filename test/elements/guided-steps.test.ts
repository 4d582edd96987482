// Guided steps that check themselves: a step that asks the reader to do something is marked done,
// visibly and in its text, while the state it asks for holds; a page's own steps say when with
// `data-check`, and the lab sets `data-done` on them.
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import type { Experiment } from '../../src/elements/bulkhead-lab/guides.js';
import { GUIDES } from '../../src/elements/bulkhead-lab/steps.js';
import { parseStepCheck } from '../../src/elements/bulkhead-lab/step-check.js';
import { DEFAULT_CONFIG } from '../../src/sim/index.js';
import { buttonByLabel, choose, deep, deepAll, settled, settledFixture, textOf, typeInto } from '../helpers/ui.js';

const lab = (preset: string) =>
  settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset=${preset}></bulkhead-lab>`);
/** Which of the lab's own steps are marked done, by their place in the list. */
const doneSteps = (el: BulkheadLab) =>
  deepAll(el, '[part="steps"] li').flatMap((li, i) => (li.hasAttribute('data-done') ? [i] : []));

/** Records console warnings while `body` runs. */
async function warningsOf(body: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  try {
    await body();
  } finally {
    console.warn = warn;
  }
  return warnings;
}

describe("the preset's steps check themselves", () => {
  it('every step that asks for an action has a condition that can hold', () => {
    for (const [experiment, steps] of Object.entries(GUIDES) as [Experiment, (typeof GUIDES)[Experiment]][])
      for (const { check } of steps)
        if (check !== undefined) expect(parseStepCheck(check), `${experiment}: ${check}`).to.be.a('function');
  });

  it('stalled dependency: each step is done while its state holds, and only then', async () => {
    const el = await lab('stalled-dependency');
    expect(doneSteps(el)).to.deep.equal([]);
    const policy = deep<HTMLSelectElement>(el, 'lab-controls', '#policy');
    choose(policy, 'strict-partitions');
    await settled(el);
    expect(doneSteps(el)).to.deep.equal([1]);
    const step = deepAll(el, '[part="steps"] li')[1]!;
    expect(textOf(step)).to.match(/✓ Done$/);
    choose(policy, 'borrowing');
    await settled(el);
    expect(doneSteps(el)).to.deep.equal([2]);
    choose(policy, 'shared-fifo');
    await typeInto(deep<HTMLInputElement>(el, 'lab-controls', '#f-aTimeout'), '4');
    await settled(el);
    expect(doneSteps(el)).to.deep.equal([3]);
    buttonByLabel(deep(el, 'tick-timeline'), 'Next tick')!.click();
    await settled(el);
    expect(doneSteps(el)).to.deep.equal([0, 3]);
    expect(textOf(deepAll(el, '[part="steps"] li')[2]!)).not.to.contain('Done');
  });

  it('count every request: scrubbing to tick 1 marks the pending step', async () => {
    const el = await lab('count-every-request');
    deep<HTMLInputElement>(el, 'tick-timeline', '#inspection').focus();
    await sendKeys({ press: 'ArrowRight' });
    await settled(el);
    expect(doneSteps(el)).to.deep.equal([5]);
  });
});

describe("a page's own steps", () => {
  it('get data-done while their condition holds, also when added later', async () => {
    const el = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset="stalled-dependency">
      <ol slot="steps">
        <li data-check="policy=strict-partitions">Switch to Strict tenant partitions.</li>
        <li data-check="policy=strict-partitions, a-timeout=5, tick=0">And A total timeout 5.</li>
        <li>Read the gates.</li>
      </ol>
    </bulkhead-lab>`);
    const [first, second, third] = [...el.querySelectorAll('li')];
    expect(first!.hasAttribute('data-done')).to.equal(false);
    choose(deep<HTMLSelectElement>(el, 'lab-controls', '#policy'), 'strict-partitions');
    await settled(el);
    expect(first!.hasAttribute('data-done')).to.equal(true);
    expect(second!.hasAttribute('data-done')).to.equal(false);
    expect(third!.hasAttribute('data-done')).to.equal(false);
    await typeInto(deep<HTMLInputElement>(el, 'lab-controls', '#f-aTimeout'), '5');
    await settled(el);
    expect(second!.hasAttribute('data-done')).to.equal(true);
    const later = document.createElement('li');
    later.dataset.check = `queue-cap=${DEFAULT_CONFIG.queueCap}`;
    el.querySelector('ol')!.append(later);
    await new Promise((resolve) => setTimeout(resolve));
    expect(later.hasAttribute('data-done')).to.equal(true);
    choose(deep<HTMLSelectElement>(el, 'lab-controls', '#policy'), 'shared-fifo');
    await settled(el);
    // The later step asks for the default queue cap, which still holds.
    expect([first, second, later].map((li) => li!.hasAttribute('data-done'))).to.deep.equal([false, false, true]);
  });

  it('a condition that can never hold is warned about once, and never marks its step', async () => {
    const warnings = await warningsOf(async () => {
      const el = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset="stalled-dependency">
        <ol slot="steps">
          <li data-check="policy=round-robin">A policy that does not exist.</li>
          <li data-check="colour=blue">A field that does not exist.</li>
        </ol>
      </bulkhead-lab>`);
      choose(deep<HTMLSelectElement>(el, 'lab-controls', '#policy'), 'strict-partitions');
      await settled(el);
      choose(deep<HTMLSelectElement>(el, 'lab-controls', '#policy'), 'shared-round-robin');
      await settled(el);
      expect([...el.querySelectorAll('li')].some((li) => li.hasAttribute('data-done'))).to.equal(false);
    });
    const ours = warnings.filter((w) => w.includes('data-check'));
    expect(ours).to.have.length(2);
    expect(ours[0]).to.contain('round-robin').and.contain('is not one of shared-fifo');
    expect(ours[1]).to.contain('"colour" is not a config attribute or tick');
  });
});

describe('steps about retry settings', () => {
  it('tick at the defaults the controls show for retry settings left out', async () => {
    const el = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset="retry-storm">
      <ol slot="steps">
        <li data-check="retry-delay=1">Retry at once.</li>
        <li data-check="retry-budget=none">No budget.</li>
      </ol>
    </bulkhead-lab>`);
    const delay = deep<HTMLInputElement>(el, 'lab-controls', '#f-retryDelay');
    expect(delay.value, 'the control shows the default').to.equal('1');
    expect([...el.querySelectorAll('li')].map((li) => li.hasAttribute('data-done'))).to.deep.equal([true, true]);
  });

  it('tick at no retries in a plain lab', async () => {
    const el = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager">
      <ol slot="steps"><li data-check="retries=0, retry-budget=none">No retries.</li></ol>
    </bulkhead-lab>`);
    expect(el.querySelector('li')!.hasAttribute('data-done')).to.equal(true);
  });

  it('a value the field never takes is warned about once, and never marks its step', async () => {
    const warnings = await warningsOf(async () => {
      const el = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager">
        <ol slot="steps">
          <li data-check="slots=99">Too many slots.</li>
          <li data-check="retries=9">Too many retries.</li>
          <li data-check="retry-budget=35">A budget not offered.</li>
        </ol>
      </bulkhead-lab>`);
      el.setAttribute('slots', '3');
      await settled(el);
      expect([...el.querySelectorAll('li')].some((li) => li.hasAttribute('data-done'))).to.equal(false);
    });
    const ours = warnings.filter((w) => w.includes('data-check'));
    expect(ours).to.have.length(3);
    expect(ours[0]).to.contain('slots=99').and.contain('slots: "99" is never taken: 1..8');
    expect(ours[1]).to.contain('retries: "9" is never taken: 0..3');
    expect(ours[2]).to.contain('retry-budget: "35" is never taken: none, 10, 20, 50, 100');
  });
});

describe('conditions', () => {
  const holds = (condition: string, changes = {}, tick = 0) => {
    const check = parseStepCheck(condition);
    if (typeof check !== 'function') throw new Error(check.problem);
    return check({ ...DEFAULT_CONFIG, ...changes }, tick);
  };
  it('reads pairs, alternatives and ranges, and every pair must hold', () => {
    expect(holds('policy=shared-fifo')).to.equal(DEFAULT_CONFIG.policy === 'shared-fifo');
    expect(holds('a-timeout=1..4', { aTimeout: 4 })).to.equal(true);
    expect(holds('a-timeout=1..4', { aTimeout: 5 })).to.equal(false);
    expect(holds('target=50|51', { target: 51 })).to.equal(true);
    expect(holds('tick=3', {}, 3)).to.equal(true);
    expect(holds(' tick = 3 , queue-cap = 0 ', { queueCap: 0 }, 3)).to.equal(true);
    expect(holds('tick=3,queue-cap=0', { queueCap: 1 }, 3)).to.equal(false);
    expect(holds('slots=6..99', { slots: 8 })).to.equal(true);
    expect(holds('retry-budget=10..50', { retryBudget: 20 })).to.equal(true);
  });
  it('names what makes garbage a condition that can never hold', () => {
    for (const [condition, problem] of [
      ['', 'is not field=value'],
      ['policy', 'is not field=value'],
      ['a=b=c', 'is not field=value'],
      ['__proto__=1', 'is not a config attribute'],
      ['reservedA=1', 'is not a config attribute'],
      ['a-timeout=soon', 'is not a whole number'],
      ['a-timeout=5..1', 'is an empty range'],
      ['tick=-1', 'is not a whole number'],
      ['a-fault=dead', 'is not one of none, stall'],
      ['slots=99', 'is never taken: 1..8'],
      ['slots=9..12', 'is never taken: 1..8'],
      ['reserved-a=8', 'is never taken: 0..7'],
      ['tick=21', 'is never taken: 0..20'],
      ['retry-delay=0|7', 'is never taken: 1..6'],
      ['retry-budget=30..40', 'is never taken: none, 10, 20, 50, 100'],
    ] as const)
      expect((parseStepCheck(condition) as { problem: string }).problem, condition).to.contain(problem);
  });
});
