import { expect, html } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadScenario } from '../../src/elements/bulkhead-scenario/bulkhead-scenario.js';
import type { PolicyCompare } from '../../src/elements/policy-compare/policy-compare.js';
import { hear, request } from '../helpers/binding.js';
import { buttonByLabel, deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

/** Each card as a reader sees it: its heading, and each table row's label with A's and B's values. */
function cards(el: Element) {
  return deepAll(el, '.card').map((card) => ({
    heading: textOf(card.querySelector('[role="heading"]')!),
    row: (label: string) => {
      const row = [...card.querySelectorAll('tbody tr')].find((tr) => textOf(tr.querySelector('th')!) === label);
      if (!row) throw new Error(`no row ${label}`);
      return [...row.querySelectorAll('td')].map((td) => textOf(td));
    },
    picture: card.querySelector('svg')!,
  }));
}

const pressed = (el: Element) =>
  deepAll(el, 'button[aria-pressed="true"]').map((b) => b.textContent.replace(/\s+/g, ' ').trim());

/** The tick each picture outlines. */
const outlined = (el: Element) => deepAll(el, 'svg rect.now').map((r) => Number(r.getAttribute('x')));

const WHY = [
  'Kept out by the other tenant',
  'Kept out by its own load',
  'Its own call failed or timed out in service',
  'Unresolved at the horizon',
];

/** The words of a cell's text that a line break splits. */
function brokenWords(cell: Element): string[] {
  const broken: string[] = [];
  const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode())
    for (const match of node.textContent!.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (range.getClientRects().length > 1) broken.push(match[0]);
    }
  return broken;
}

describe('<policy-compare>', () => {
  it("fits each card's table in its card, from a phone to a desktop, in English and German", async () => {
    const overflows: string[] = [];
    for (const lang of ['en', 'de'])
      for (const width of [250, 320, 500, 760, 992, 1024, 1280]) {
        const box = await settledFixture<HTMLDivElement>(
          html`<div lang=${lang} style="width: ${width}px"><policy-compare preset="stalled-dependency"></policy-compare></div>`,
        );
        expect(textOf(box.firstElementChild!)).to.contain(lang === 'de' ? 'Mandant A' : 'Tenant A');
        for (const card of deepAll(box.firstElementChild!, '.card')) {
          const style = getComputedStyle(card);
          const inside =
            card.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
          const right = card.querySelector('table')!.getBoundingClientRect().right;
          if (right > inside + 0.5) overflows.push(`${lang} ${width} px: ${(right - inside).toFixed(1)} px`);
          // Only a label in the first column may break inside a word: a tenant's heading and the
          // figures never do.
          for (const cell of card.querySelectorAll('th:not(:first-child), td'))
            for (const word of brokenWords(cell)) overflows.push(`${lang} ${width} px: "${word}" broken`);
        }
      }
    expect(overflows).to.deep.equal([]);
  });

  it('shows every policy on the stalled preset: B completes 1/4, 2/4, 4/4 and 1/4', async () => {
    const el = await settledFixture<PolicyCompare>(html`<policy-compare preset="stalled-dependency"></policy-compare>`);
    const shown = cards(el);
    expect(shown.map((c) => c.heading)).to.deep.equal([
      'Shared FIFO (in use)',
      'Shared round-robin',
      'Strict tenant partitions',
      'Partitions with idle borrowing',
    ]);
    expect(shown.map((c) => c.row('Completed of offered')[1])).to.deep.equal(['1/4', '2/4', '4/4', '1/4']);
    expect(shown.map((c) => c.row('Completion rate')[1])).to.deep.equal(['25 %', '50 %', '100 %', '25 %']);
    expect(shown.map((c) => c.row('p95')[1])).to.deep.equal(['1 tick', '4 ticks', '1 tick', '1 tick']);
    expect(shown.map((c) => c.row('Gate')[1])).to.deep.equal(['Fail', 'Fail', 'Pass', 'Fail']);
    expect(shown.map((c) => c.row('Completed of offered')[0])).to.deep.equal(['0/24', '0/24', '0/24', '0/24']);
    await expect(el).to.be.accessible();
  });

  it("sorts each tenant's unfinished requests: the shared pool lets A keep B out, partitions do not", async () => {
    const el = await settledFixture<PolicyCompare>(html`<policy-compare preset="stalled-dependency"></policy-compare>`);
    const [fifo, , strict, borrowing] = cards(el);
    // B: B1, B2 and B3 wait behind stalled A calls in every slot and time out.
    expect(WHY.map((why) => fifo!.row(why)[1])).to.deep.equal(['3', '0', '0', '0']);
    expect(WHY.map((why) => strict!.row(why)[1])).to.deep.equal(['0', '0', '0', '0']);
    expect(WHY.map((why) => borrowing!.row(why)[1])).to.deep.equal(['3', '0', '0', '0']);
    // A's 24 never complete under strict partitions, and none of them is blamed on B.
    const a = WHY.map((why) => Number(strict!.row(why)[0]));
    expect(a[0]).to.equal(0);
    expect(a.reduce((x, y) => x + y)).to.equal(24);
  });

  it('draws who holds each slot: B holds 4 slot-ticks under strict partitions, A borrows under borrowing', async () => {
    const el = await settledFixture<PolicyCompare>(html`<policy-compare preset="stalled-dependency"></policy-compare>`);
    const [fifo, , strict, borrowing] = cards(el);
    expect(strict!.picture.getAttribute('role')).to.equal('img');
    expect(strict!.picture.getAttribute('aria-label')).to.contain('B 4;');
    expect(fifo!.picture.getAttribute('aria-label')).to.contain('B 1;');
    // One path per kind, not an element per cell; only borrowing has borrowed calls.
    expect(strict!.picture.querySelectorAll('path')).to.have.length(5);
    expect(strict!.picture.querySelector('path.borrowed')!.getAttribute('d')).to.equal('');
    // A2 and A3 borrow B's slots 2 and 3 from tick 1 until they time out at 13; then two A calls
    // that arrived at tick 3 borrow them until their own timeout at 15.
    expect(borrowing!.picture.querySelector('path.borrowed')!.getAttribute('d')).to.equal(
      'M1 2.1h12v.8h-12zM1 3.1h12v.8h-12zM13 2.1h2v.8h-2zM13 3.1h2v.8h-2z',
    );
  });

  it('a Use button changes the enclosing source, and every view and mark follows', async () => {
    const source = await settledFixture<BulkheadScenario>(html`<bulkhead-scenario preset="stalled-dependency">
      <policy-compare></policy-compare>
      <outcome-gate tenant="B"></outcome-gate>
    </bulkhead-scenario>`);
    const el = source.querySelector('policy-compare')!;
    const gate = source.querySelector('outcome-gate')!;
    expect(pressed(el)).to.deep.equal(['Use Shared FIFO']);
    expect(textOf(gate)).to.contain('Tenant B gate Fail');
    const page = hear(source);
    buttonByLabel(el, 'Use Strict tenant partitions')!.click();
    await settled(source);
    page.stop();
    expect(page.types()).to.include('bulkhead-run');
    expect(source.config.policy).to.equal('strict-partitions');
    expect(textOf(gate)).to.contain('Tenant B gate Pass');
    expect(textOf(gate)).to.contain('4 completed of 4 required');
    expect(pressed(el)).to.deep.equal(['Use Strict tenant partitions']);
    expect(cards(el).map((c) => c.heading)).to.deep.equal([
      'Shared FIFO',
      'Shared round-robin',
      'Strict tenant partitions (in use)',
      'Partitions with idle borrowing',
    ]);
    // The same four results: only which one is in use moved.
    expect(cards(el).map((c) => c.row('Completed of offered')[1])).to.deep.equal(['1/4', '2/4', '4/4', '1/4']);
    await expect(el).to.be.accessible();
  });

  it("outlines the source's inspected tick in every picture as it seeks", async () => {
    const source = await settledFixture<BulkheadScenario>(html`<bulkhead-scenario preset="stalled-dependency">
      <policy-compare></policy-compare>
    </bulkhead-scenario>`);
    const el = source.querySelector('policy-compare')!;
    expect(outlined(el)).to.deep.equal([0, 0, 0, 0]);
    request(source, 'bulkhead-seek-request', { tick: 9 });
    await settled(source);
    expect(outlined(el)).to.deep.equal([9, 9, 9, 9]);
    expect(textOf(el)).to.contain('tick 9 is outlined');
    expect(deep(el, 'svg').getAttribute('aria-label')).to.contain('tick 9 outlined');
    source.tick = 14;
    await settled(source);
    expect(outlined(el)).to.deep.equal([14, 14, 14, 14]);
  });

  it('binds by for= to a source elsewhere on the page', async () => {
    const page = await settledFixture<HTMLElement>(html`<div>
      <bulkhead-scenario id="compare-src" preset="stalled-dependency" policy="borrowing"></bulkhead-scenario>
      <policy-compare for="compare-src"></policy-compare>
    </div>`);
    const source = page.querySelector<BulkheadScenario>('bulkhead-scenario')!;
    const el = page.querySelector('policy-compare')!;
    expect(pressed(el)).to.deep.equal(['Use Partitions with idle borrowing']);
    buttonByLabel(el, 'Use Shared round-robin')!.click();
    await settled(page);
    expect(source.config.policy).to.equal('shared-round-robin');
    expect(pressed(el)).to.deep.equal(['Use Shared round-robin']);
  });

  it('works on its own from its attributes, with its headings at the level asked for', async () => {
    const el = await settledFixture<PolicyCompare>(
      html`<policy-compare preset="slow-vs-dead" policy="strict-partitions" heading-level="2"></policy-compare>`,
    );
    expect(pressed(el)).to.deep.equal(['Use Strict tenant partitions']);
    // Slow A calls fill the shared pool and B is turned away; B's home slots keep it whole.
    expect(cards(el).map((c) => c.row('Completed of offered'))).to.deep.equal([
      ['7/12', '3/12'],
      ['7/12', '3/12'],
      ['4/12', '12/12'],
      ['7/12', '3/12'],
    ]);
    const levels = deepAll(el, '[role="heading"]').map((h) => h.getAttribute('aria-level'));
    expect(levels).to.deep.equal(['2', '3', '3', '3', '3']);
    const page = hear(el);
    buttonByLabel(el, 'Use Shared FIFO')!.click();
    await settled(el);
    page.stop();
    expect(el.config.policy).to.equal('shared-fifo');
    expect(page.types()).to.deep.equal(['bulkhead-run']);
    expect(pressed(el)).to.deep.equal(['Use Shared FIFO']);
    await expect(el).to.be.accessible();
  });
});
