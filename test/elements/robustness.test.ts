// Garbage attributes never throw: each element renders with the nearest valid value and says so.
import { expect, fixture, fixtureSync } from '@open-wc/testing';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import '../../src/index.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import { settled, textOf } from '../helpers/ui.js';

const TAGS = [
  'bulkhead-lab',
  'bulkhead-scenario',
  'tick-timeline',
  'outcome-gate',
  'outcome-table',
  'lab-controls',
  'slot-board',
  'request-inspector',
  'policy-compare',
  'sweep-chart',
  'config-export',
];

const cases: { name: string; attributes: string; expect: Record<string, unknown>; notice: string }[] = [
  {
    name: 'text in a number',
    attributes: 'slots="many"',
    expect: { slots: 4 },
    notice: 'slots: "many" is not a whole number from 1 to 8; using 4',
  },
  {
    name: 'a number out of range',
    attributes: 'a-timeout="99"',
    expect: { aTimeout: 20 },
    notice: 'aTimeout: "99" is not a whole number from 1 to 20; using 20',
  },
  {
    name: 'a negative number',
    attributes: 'queue-cap="-3"',
    expect: { queueCap: 0 },
    notice: 'queueCap: "-3" is not a whole number from 0 to 12; using 0',
  },
  {
    name: 'a fraction',
    attributes: 'target="50.4"',
    expect: { target: 50 },
    notice: 'target: "50.4" is not a whole number from 0 to 100; using 50',
  },
  {
    name: 'an unknown policy',
    attributes: 'policy="lifo"',
    expect: { policy: 'shared-fifo' },
    notice: 'policy: "lifo" is not one of',
  },
  {
    name: 'an unknown fault',
    attributes: 'a-fault="slow"',
    expect: { aFault: 'stall' },
    notice: 'aFault: "slow" is not one of',
  },
  {
    name: 'an empty value',
    attributes: 'b-hold=""',
    expect: { bHold: 1 },
    notice: 'bHold: "" is not a whole number from 1 to 12; using 1',
  },
  {
    name: 'reserved slots beyond the total',
    attributes: 'slots="3" reserved-a="5"',
    expect: { reservedA: 2 },
    notice: 'reservedA: "5" is not a whole number from 0 to 2; using 2',
  },
  {
    name: 'a number too large for a double',
    attributes: 'retries="1e400" retry-delay="-1e400"',
    expect: { retries: 3, retryDelay: 1 },
    notice: 'retries: "1e400" is not a whole number from 0 to 3; using 3',
  },
  {
    name: 'a retry budget too large for a double',
    attributes: 'retry-budget="1e400" a-recovers="1e400"',
    expect: { retryBudget: 100, aRecovers: 20 },
    notice: 'retryBudget: "1e400" is not none, 10, 20, 50 or 100; using 100',
  },
  {
    name: 'an unknown preset',
    attributes: 'preset="nope"',
    expect: { policy: 'shared-fifo' },
    notice: 'preset: "nope" is not one of',
  },
];

describe('bad attributes', () => {
  let warn: typeof console.warn;
  const warnings: string[] = [];
  before(() => {
    warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
  });
  after(() => {
    console.warn = warn;
  });

  for (const tag of TAGS) {
    for (const c of cases) {
      it(`<${tag}> with ${c.name} renders the nearest valid value and a visible notice`, async () => {
        const el = await fixture<ScenarioElement>(
          staticHtml`<${unsafeStatic(tag)} ${unsafeStatic(c.attributes)}></${unsafeStatic(tag)}>`,
        );
        await settled(el);
        expect(el.config).to.include(c.expect);
        expect(textOf(el)).to.contain(c.notice);
        expect(warnings.some((w) => w.startsWith(`<${tag}> `) && w.includes(c.notice))).to.equal(true);
      });
    }
  }

  it('warns once per tag and kind of problem, whatever the values and however many widgets share it', async () => {
    fixtureSync(
      staticHtml`<div><outcome-gate slots="zero"></outcome-gate><outcome-gate slots="zero"></outcome-gate></div>`,
    );
    const gate = await fixture(staticHtml`<outcome-gate></outcome-gate>`);
    for (let i = 0; i < 50; i++) {
      gate.setAttribute('slots', `bad ${i}`);
      await settled(gate);
    }
    await new Promise((r) => setTimeout(r));
    expect(warnings.filter((w) => w.startsWith('<outcome-gate> slots:'))).to.have.length(1);
  });

  it('a bad tenant or window on a view falls back visibly', async () => {
    const gate = await fixture(staticHtml`<outcome-gate tenant="" window="later"></outcome-gate>`);
    expect(textOf(gate)).to.contain('tenant: "" is not A or B; showing B');
    expect(textOf(gate)).to.contain('window: "later" is not full or inspected; showing the full window');
    const table = await fixture(staticHtml`<outcome-table window="sometimes"></outcome-table>`);
    expect(textOf(table)).to.contain('window: "sometimes" is not full or inspected; showing the inspected tick');
  });

  it('a page can fix an attribute later, and the notice goes away', async () => {
    const el = await fixture<ScenarioElement>(staticHtml`<outcome-gate slots="many"></outcome-gate>`);
    el.setAttribute('slots', '6');
    await settled(el);
    expect(el.config.slots).to.equal(6);
    expect(textOf(el)).not.to.contain('is not a whole number');
  });
});
