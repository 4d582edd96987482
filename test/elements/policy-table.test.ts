// A policy no build ships, registered from this file's own table, as a reader finds it: in the
// select, on a compare card, as a sweep line in the legend and the numbers, and in the
// explanations. It has strict partitions' rules under words of its own, so wherever it shows, it
// gives what strict partitions give.
import { expect, html } from '@open-wc/testing';
import '../../src/index.js';
import { registerPolicy, type PolicyWords } from '../../src/elements/labels.js';
import type { LabControls } from '../../src/elements/lab-controls/lab-controls.js';
import type { PolicyCompare } from '../../src/elements/policy-compare/policy-compare.js';
import type { RequestInspector } from '../../src/elements/request-inspector/request-inspector.js';
import type { SweepChart } from '../../src/elements/sweep-chart/sweep-chart.js';
import type { PolicyRules } from '../../src/sim/config.js';
import { buttonByLabel, choose, deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

/** Policies only these tests know. */
const TEST_POLICIES: Record<string, { rules: PolicyRules; words: () => PolicyWords }> = {
  'own-slots-only': {
    rules: { partitioned: true, lends: false, roundRobin: false },
    words: () => ({
      label: 'Own slots only',
      help: 'A policy of the tests: each tenant keeps to its own slots.',
    }),
  },
};
for (const [name, { rules, words }] of Object.entries(TEST_POLICIES)) registerPolicy(name, rules, words);

const STRICT = 'Strict tenant partitions';
const OWN = 'Own slots only';

describe('a registered policy', () => {
  it('is the last option of the policy select, and choosing it shows its help and lets A reserve slots', async () => {
    const el = await settledFixture<LabControls>(html`<lab-controls preset="stalled-dependency"></lab-controls>`);
    const select = deep<HTMLSelectElement>(el, '#policy');
    expect([...select.options].map((o) => [o.value, o.textContent.trim()]).at(-1)).to.deep.equal([
      'own-slots-only',
      OWN,
    ]);
    expect(deep<HTMLInputElement>(el, '#f-reservedA').disabled).to.equal(true);
    choose(select, 'own-slots-only');
    await settled(el);
    expect(el.scenario.config.policy).to.equal('own-slots-only');
    expect(select.value).to.equal('own-slots-only');
    expect(textOf(deep(el, '#policy-help'))).to.equal('A policy of the tests: each tenant keeps to its own slots.');
    expect(deep<HTMLInputElement>(el, '#f-reservedA').disabled).to.equal(false);
  });

  it('has a compare card of its own, with the figures of strict partitions, and a Use button', async () => {
    const el = await settledFixture<PolicyCompare>(html`<policy-compare preset="stalled-dependency"></policy-compare>`);
    const cards = deepAll(el, '.card');
    const headings = cards.map((card) => textOf(card.querySelector('[role="heading"]')!));
    expect(headings).to.have.length(5);
    expect(headings.at(-1)).to.equal(OWN);
    const figures = (heading: string) => textOf(cards[headings.indexOf(heading)]!.querySelector('table')!);
    expect(figures(OWN)).to.contain('4/4').and.equal(figures(STRICT));
    buttonByLabel(el, `Use ${OWN}`)!.click();
    await settled(el);
    expect(el.scenario.config.policy).to.equal('own-slots-only');
    expect(textOf(deepAll(el, '.card')[4]!.querySelector('[role="heading"]')!)).to.equal(`${OWN} (in use)`);
  });

  it('is a visible line of the sweep, in its legend and its numbers, on the line of strict partitions', async () => {
    const el = await settledFixture<SweepChart>(html`<sweep-chart preset="stalled-dependency"></sweep-chart>`);
    const lines = deep(el, 'svg[role="slider"]').querySelectorAll('path[class^="c"][stroke-dasharray]');
    expect(lines).to.have.length(5);
    expect(Number(lines[4]!.getAttribute('stroke-width'))).to.be.at.least(1);
    expect(lines[4]!.getAttribute('d')).to.equal(lines[2]!.getAttribute('d'));
    expect(textOf(deep(el, 'p[aria-live]'))).to.contain(`${OWN}: 100 %`);
    const opened = new Promise((resolve) => deep(el, 'details').addEventListener('toggle', resolve, { once: true }));
    deep(el, 'summary').click();
    await opened;
    await settled(el);
    const [head, ...rows] = deepAll(el, 'table tr').map((tr) => [...tr.children].map((cell) => textOf(cell)));
    expect(head!.at(-1)).to.equal(OWN);
    for (const row of rows) expect(row.at(-1)).to.equal(row[head!.indexOf(STRICT)]);
  });

  it('explains a waiting request by its rules, and one without slots by its name', async () => {
    const explained = async (reservedA: number) => {
      const el = await settledFixture<RequestInspector>(
        html`<request-inspector preset="stalled-dependency" policy="own-slots-only" reserved-a=${reservedA}></request-inspector>`,
      );
      el.tick = 20;
      await settled(el);
      return textOf(el);
    };
    expect(await explained(2)).to.contain(
      "A8 arrived at tick 4 and was rejected, as A's queue was at its cap of 6, with its 2 home slots held by " +
        'stalled A calls A0 and A1, which keep their slots until their timeouts.',
    );
    expect(await explained(0)).to.contain(
      `A0 arrived at tick 0, found no slot of its own under ${OWN}, and timed out waiting at tick 12.`,
    );
  });
});
