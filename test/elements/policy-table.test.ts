// Every element lists the policies from the two tables, in their order and with their words: the
// select, the compare cards, the sweep's lines, legend and numbers. With the module scan of
// test/node/policy-names.test.ts, a policy added to the tables shows everywhere a reader meets one.
import { expect, html } from '@open-wc/testing';
import '../../src/index.js';
import { POLICY_WORDS } from '../../src/elements/labels.js';
import type { LabControls } from '../../src/elements/lab-controls/lab-controls.js';
import type { PolicyCompare } from '../../src/elements/policy-compare/policy-compare.js';
import type { SweepChart } from '../../src/elements/sweep-chart/sweep-chart.js';
import { POLICIES } from '../../src/sim/index.js';
import { choose, deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

const LABELS = POLICIES.map((policy) => POLICY_WORDS[policy].label);

describe('the policies every element lists', () => {
  it('are the options of the policy select, each with its help once chosen', async () => {
    const el = await settledFixture<LabControls>(html`<lab-controls preset="stalled-dependency"></lab-controls>`);
    const select = deep<HTMLSelectElement>(el, '#policy');
    expect([...select.options].map((o) => [o.value, o.textContent.trim()])).to.deep.equal(
      POLICIES.map((policy, i) => [policy, LABELS[i]]),
    );
    for (const policy of POLICIES) {
      choose(select, policy);
      await settled(el);
      expect(textOf(deep(el, '#policy-help'))).to.equal(POLICY_WORDS[policy].help);
    }
  });

  it('are the compare cards, in order', async () => {
    const el = await settledFixture<PolicyCompare>(html`<policy-compare preset="stalled-dependency"></policy-compare>`);
    const headings = deepAll(el, '.card').map((card) => textOf(card.querySelector('[role="heading"]')!));
    expect(headings.map((heading) => heading.replace(' (in use)', ''))).to.deep.equal(LABELS);
  });

  it("are the sweep's lines, its legend and the columns of its numbers", async () => {
    const el = await settledFixture<SweepChart>(html`<sweep-chart preset="stalled-dependency"></sweep-chart>`);
    const lines = deep(el, 'svg[role="slider"]').querySelectorAll('path[class^="c"][stroke-dasharray]');
    expect(lines).to.have.length(POLICIES.length);
    for (const label of LABELS) expect(textOf(deep(el, 'p[aria-live]'))).to.contain(`${label}: `);
    const opened = new Promise((resolve) => deep(el, 'details').addEventListener('toggle', resolve, { once: true }));
    deep(el, 'summary').click();
    await opened;
    await settled(el);
    const [head] = deepAll(el, 'table tr').map((tr) => [...tr.children].map((cell) => textOf(cell)));
    expect(head!.slice(1)).to.deep.equal(LABELS);
  });
});
