// Retries and recovery in the lab, as a reader meets them: the controls, the retries in the picture,
// attempts and recovery in the gates and tables, the story of each attempt, the comparison and the
// sweep, and the retry storm's guided steps, each checked against what the lab shows.
import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import { GUIDES } from '../../src/elements/bulkhead-lab/steps.js';
import { noticesOf } from '../helpers/binding.js';
import { choose, deep, deepAll, settled, settledFixture, textOf, textOfAll, typeInto } from '../helpers/ui.js';

const storm = () =>
  settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset="retry-storm"></bulkhead-lab>`);
/** Where a reader finds an input: beside the picture, or under More inputs. */
const FIRST = '.bench lab-controls';
const MORE = '#more-inputs lab-controls';
const control = <T extends HTMLElement = HTMLInputElement>(el: Element, where: string, field: string) =>
  deep<T>(el, where, `#f-${field}`);
const gate = (el: Element, tenant: 'A' | 'B') => textOf(deep(el, `.bench outcome-gate[tenant="${tenant}"]`));
/** The recovery reading under the first screen's picture. */
const recovered = (el: Element) => deepAll(el, '#inspection .recovery').map((p) => textOf(p));
const recoveredA = (el: Element) => recovered(el)[0] ?? '';
const recoveredB = (el: Element) => recovered(el)[1] ?? '';
/** A table row as the reader reads it: its cells, one after another. */
const cells = (row: Element) => [...row.children].map((cell) => textOf(cell)).join(' ');
/** The full-window table's row that starts with `label`. */
const fullRow = (el: Element, label: string) =>
  cells(deepAll(el, 'outcome-table[window="full"]', 'tr').find((r) => textOf(r).startsWith(label))!);

async function pick(select: HTMLSelectElement, value: string, el: Element) {
  choose(select, value);
  await settled(el);
}

async function open(el: BulkheadLab, id: string) {
  const details = deep<HTMLDetailsElement>(el, `details#${id}`);
  details.querySelector('summary')!.click();
  await oneEvent(details, 'toggle');
  await settled(el);
}

describe('retries and recovery: the controls', () => {
  it('shows the retry storm its retries and budget beside the picture, recovery and delay under More inputs', async () => {
    const el = await storm();
    const label = (where: string, id: string) => textOf(deep(el, where, `label[for="f-${id}"]`));
    expect(label(FIRST, 'retries')).to.equal('Retries per request');
    expect(control(el, FIRST, 'retries').value).to.equal('3');
    expect(label(FIRST, 'retryBudget')).to.equal('Retry budget (%)');
    expect(control<HTMLSelectElement>(el, FIRST, 'retryBudget').value).to.equal('none');
    expect([...control<HTMLSelectElement>(el, FIRST, 'retryBudget').options].map((o) => o.text)).to.deep.equal([
      'no budget',
      '10 %',
      '20 %',
      '50 %',
      '100 %',
    ]);
    expect(label(MORE, 'aRecovers')).to.equal('A recovers at tick');
    expect(control<HTMLSelectElement>(el, MORE, 'aRecovers').value).to.equal('3');
    expect(label(MORE, 'retryDelay')).to.equal('Retry delay (ticks)');
    expect(control(el, MORE, 'retryDelay').value).to.equal('1');
    expect(deepAll(el, MORE, '#f-retries')).to.have.length(0);
    // The timeouts moved under More inputs.
    expect(control(el, MORE, 'aTimeout').value).to.equal('3');
  });

  it('keeps the other experiments without retries: the retry inputs are under More inputs, off', async () => {
    const el = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`,
    );
    expect(deepAll(el, FIRST, '#f-retries')).to.have.length(0);
    expect(control(el, MORE, 'retries').value).to.equal('0');
    expect(control<HTMLSelectElement>(el, MORE, 'aRecovers').value).to.equal('none');
    // Without retries, a delay and a budget mean nothing, and say so.
    expect(control(el, MORE, 'retryDelay').disabled).to.equal(true);
    expect(textOfAll(el, MORE)).to.contain('No retries, so no delay.').and.contain('No retries, so nothing to budget.');
    expect(gate(el, 'A')).not.to.contain('Attempts');
    expect(recovered(el)).to.deep.equal([]);
  });

  it('recomputes when the reader types retries, picks a budget or a recovery tick', async () => {
    const el = await storm();
    expect(gate(el, 'A')).to.contain('4 completed of 11 required');
    expect(recovered(el)).to.deep.equal([
      'Not recovered: no tick from which every new A request completes within the window.',
      'Not recovered: no tick from which every new B request completes within the window.',
    ]);
    await typeInto(control(el, FIRST, 'retries'), '0');
    await settled(el);
    expect(gate(el, 'A')).to.contain('9 completed of 11 required');
    expect(recovered(el)).to.deep.equal([
      'Recovered: every A request offered from tick 3 on completes.',
      'Recovered: every B request offered from tick 0 on completes.',
    ]);
    expect(gate(el, 'A')).not.to.contain('Attempts');
    expect(control<HTMLSelectElement>(el, FIRST, 'retryBudget').disabled).to.equal(true);
    await typeInto(control(el, FIRST, 'retries'), '3');
    await pick(control<HTMLSelectElement>(el, FIRST, 'retryBudget'), '10', el);
    expect(recoveredA(el)).to.equal('Recovered: every A request offered from tick 3 on completes.');
    expect(gate(el, 'B')).to.contain('12 completed of 11 required');
    await pick(control<HTMLSelectElement>(el, MORE, 'aRecovers'), 'none', el);
    expect(gate(el, 'A')).to.contain('0 completed of 11 required');
    expect(recoveredA(el)).to.contain('Not recovered');
  });

  it('refuses a typed number out of range and keeps the value', async () => {
    const el = await storm();
    await typeInto(control(el, FIRST, 'retries'), '7');
    await settled(el);
    expect(control(el, FIRST, 'retries').value).to.equal('3');
    expect(textOfAll(el, FIRST)).to.contain(
      '“7” is not accepted: this takes a whole number from 0 to 3, so it stays 3.',
    );
  });

  it('falls back from bad attributes with a notice for each, and shows what it uses', async () => {
    const el = await settledFixture(
      html`<lab-controls retries="9" retry-delay="x" retry-budget="15" a-recovers="soon"></lab-controls>`,
    );
    expect(noticesOf(el)).to.have.members([
      'retries: "9" is not a whole number from 0 to 3; using 3',
      'retryDelay: "x" is not a whole number from 1 to 6; using 1',
      'retryBudget: "15" is not none, 10, 20, 50 or 100; using 10',
      'aRecovers: "soon" is not none or a whole number from 0 to 20; using none',
    ]);
    expect(deep<HTMLInputElement>(el, '#f-retries').value).to.equal('3');
    expect(deep<HTMLSelectElement>(el, '#f-retryBudget').value).to.equal('10');
    expect(deep<HTMLSelectElement>(el, '#f-aRecovers').value).to.equal('none');
  });
});

describe('retries and recovery: the picture', () => {
  it('marks each retry, by its raised attempt and an edge besides its colour, and says whose retry it is', async () => {
    const el = await settledFixture(html`<tick-timeline preset="retry-storm"></tick-timeline>`);
    const cells = deepAll<HTMLTableCellElement>(el, 'tbody td:not(.events)');
    // Its full id is what a screen reader reads and a copy takes; the dot is not seen.
    const retry = cells.find((td) => textOf(td) === 'A0.1')!;
    const first = cells.find((td) => textOf(td) === 'A0')!;
    const attempt = retry.querySelector('.attempt')!;
    expect(attempt.textContent).to.equal('.1');
    expect(attempt.querySelector('.visually-hidden')!.textContent).to.equal('.');
    expect(parseFloat(getComputedStyle(attempt).fontSize)).to.be.below(parseFloat(getComputedStyle(retry).fontSize));
    expect(getComputedStyle(retry).borderLeftStyle).to.equal('dotted');
    expect(first.querySelector('.attempt')).to.equal(null);
    expect(getComputedStyle(first).borderLeftStyle).not.to.equal('dotted');
    expect(textOf(deep(el, '.legend'))).to.contain(
      'A dotted edge marks a retry, named after its request with its attempt raised: A3¹ is the first retry of A3 (A3.1 in the stories)',
    );
    retry.click();
    await settled(el);
    expect(textOf(deep(el, '[part="account"]'))).to.equal(
      'A0.1, a retry of A0 offered at tick 4 after A0 timed out in service at tick 3, found all 5 slots it could use ' +
        'held by B calls B3 and B4, A calls A3 and A4, and stalled A call A2, which keeps its slot until its timeout, waited 1 tick, started in slot 1 at tick 5, and timed ' +
        'out in service at tick 7. It was retried as A0.2 at tick 8. Attempts of A0: A0, A0.1, A0.2, and A0.3.',
    );
  });

  it('has no mark and no retry legend without retries', async () => {
    const el = await settledFixture(html`<tick-timeline preset="stalled-dependency"></tick-timeline>`);
    expect(deepAll(el, 'td.retry')).to.have.length(0);
    expect(textOf(deep(el, '.legend'))).not.to.contain('retry');
  });

  for (const width of [680, 1280])
    it(`fits every id on one line, retries included, with the ticks across a ${width} px column`, async () => {
      const box = await settledFixture(
        html`<div style="width: ${width}px; font: 16px/1.6 Georgia, serif"><tick-timeline preset="retry-storm"></tick-timeline></div>`,
      );
      const el = box.querySelector('tick-timeline')!;
      await settled(el);
      expect(deep(el, 'table').classList.contains('rows'), 'ticks across').to.equal(true);
      const ids = deepAll<HTMLElement>(el, 'tbody .id');
      const line = Math.max(...ids.filter((id) => !id.querySelector('.attempt')).map((id) => id.offsetHeight));
      const retries = ids.filter((id) => id.querySelector('.attempt'));
      expect(retries.map((id) => id.textContent)).to.include.members(['A0.1', 'A0.2', 'A0.3']);
      expect(ids.filter((id) => id.offsetHeight > line).map((id) => id.textContent)).to.deep.equal([]);
      const scroller = deep(el, '.scroller');
      expect(scroller.scrollWidth).to.be.at.most(scroller.clientWidth + 1);
    });
});

describe('retries and recovery: gates and tables', () => {
  it('shows attempts per request in the gate, only when clients retry', async () => {
    const a = await settledFixture(html`<outcome-gate tenant="A" preset="retry-storm"></outcome-gate>`);
    expect(textOf(a)).to.contain('Attempts: 33, 2.8 per request');
    const inspected = await settledFixture(
      html`<outcome-gate tenant="A" preset="retry-storm" window="inspected"></outcome-gate>`,
    );
    expect(textOf(inspected)).to.contain('Attempts: 1, 1 per request');
    const none = await settledFixture(html`<outcome-gate tenant="A" preset="retry-storm" retries="0"></outcome-gate>`);
    expect(textOf(none)).not.to.contain('Attempts');
    const plain = await settledFixture(html`<outcome-gate tenant="B"></outcome-gate>`);
    expect(textOf(plain)).not.to.contain('Attempts');
    await expect(a).to.be.accessible();
  });

  it('counts attempts, retries and requests waiting to retry in the tables, and reads recovery per tenant', async () => {
    const el = await storm();
    expect(fullRow(el, 'Attempts sent')).to.equal('Attempts sent 33 33');
    expect(fullRow(el, 'Retries sent')).to.equal('Retries sent 21 21');
    expect(fullRow(el, 'Attempts per request')).to.equal('Attempts per request 2.8 2.8');
    expect(fullRow(el, 'Every new request completes from')).to.equal(
      'Every new request completes from not within the window not within the window',
    );
    await typeInto(control(el, FIRST, 'retries'), '0');
    await settled(el);
    expect(fullRow(el, 'Every new request completes from')).to.equal('Every new request completes from tick 3 tick 0');
    expect(deepAll(el, 'outcome-table', 'tr').map(cells)).not.to.include('Attempts sent 12 12');
  });
});

describe('retries and recovery: every attempt explained', () => {
  it('lists every attempt, and tells each retry whose it is and what came of it', async () => {
    const el = await settledFixture<ScenarioElement>(
      html`<request-inspector preset="retry-storm"></request-inspector>`,
    );
    el.tick = 20;
    await settled(el);
    expect(textOf(deep(el, '[part="requests"] caption'))).to.equal(
      'Every attempt at tick 20 (24 requests offered, 66 attempts in the window)',
    );
    const row = (id: string) =>
      textOf(deepAll(el, '[part="requests"] tbody tr').find((tr) => textOf(tr.querySelector('th')!) === id)!);
    expect(row('A0.3')).to.contain('A0.3, a retry of A0 offered at tick').and.contain('It was the last attempt');
    expect(row('A0')).to.contain('It was retried as A0.1 at tick 4. Attempts of A0: A0, A0.1, A0.2, and A0.3.');
  });

  it('says when the budget refused a retry', async () => {
    const el = await settledFixture<ScenarioElement>(
      html`<request-inspector preset="retry-storm" retry-budget="10"></request-inspector>`,
    );
    el.tick = 20;
    await settled(el);
    expect(textOf(el)).to.contain('was refused by the retry budget');
    expect(textOf(deep(el, '[part="requests"] caption'))).to.equal(
      'Every request at tick 20 (24 offered in the window)',
    );
  });
});

describe('retries and recovery: compare and sweep', () => {
  it('compares attempts per request and recovery under each policy', async () => {
    const el = await settledFixture(html`<policy-compare preset="retry-storm"></policy-compare>`);
    const rows = (k: number) => deepAll(el, '[part="card"]')[k]!.querySelectorAll('tr');
    const row = (k: number, label: string) => cells([...rows(k)].find((r) => textOf(r).startsWith(label))!);
    expect(row(0, 'Attempts per request')).to.equal('Attempts per request 2.8 2.8');
    expect(row(0, 'Every new request completes from')).to.equal('Every new request completes from never never');
    // Strict partitions: B whole again, A's own retries fill its slots.
    expect(row(2, 'Completed of offered')).to.equal('Completed of offered 2/12 12/12');
    expect(row(2, 'Attempts per request')).to.equal('Attempts per request 3.3 1');
    expect(row(2, 'Every new request completes from')).to.equal('Every new request completes from never tick 0');
  });

  it('sweeps the retry budget, none last, and applies a chosen value', async () => {
    const el = await settledFixture<ScenarioElement>(
      html`<sweep-chart preset="retry-storm" input="retry-budget" measure="a-completion-rate"></sweep-chart>`,
    );
    expect(textOf(deep(el, '.heading'))).to.equal('A completion rate by Retry budget (%)');
    const details = deep<HTMLDetailsElement>(el, 'details');
    details.querySelector('summary')!.click();
    await oneEvent(details, 'toggle');
    await settled(el);
    expect(deepAll(el, 'table tr').map(cells)).to.deep.equal([
      'Retry budget (%) Shared FIFO Shared round-robin Strict tenant partitions Partitions with idle borrowing',
      '10 75 % 75 % 75 % 75 %',
      '20 75 % 75 % 41.7 % 75 %',
      '50 33.3 % 33.3 % 16.7 % 33.3 %',
      '100 33.3 % 33.3 % 16.7 % 33.3 %',
      'no budget 33.3 % 33.3 % 16.7 % 33.3 %',
    ]);
    const chart = deep(el, '[part="chart"]');
    expect(chart.getAttribute('aria-valuetext')).to.equal('no budget');
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await settled(el);
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settled(el);
    expect(el.config.retryBudget).to.equal(10);
    expect(chart.getAttribute('aria-valuetext')).to.equal('10');
  });

  it('offers recovery and every retry input in its list of inputs', async () => {
    const el = await settledFixture(html`<sweep-chart></sweep-chart>`);
    const options = deepAll<HTMLOptionElement>(el, 'select[name="input"] option').map((o) => o.textContent.trim());
    expect(options.slice(-5, -1)).to.deep.equal([
      'A recovers at tick',
      'Retries per request',
      'Retry delay (ticks)',
      'Retry budget (%)',
    ]);
  });
});

describe('the retry storm, step by step', () => {
  it('lets the reader find out exactly what each guided step says', async () => {
    const steps = GUIDES['retry-storm'].map((step) => step.text);
    expect(steps[0]).to.contain('A completes 4 of 12 and never recovers').and.contain('B completes 7 of 12');
    expect(steps[1]).to.contain('A completes 9 of 12, every A request offered from tick 3 on completes');
    expect(steps[2]).to.contain('B completes 12 of 12 again, but A completes only 2 of 12 and still does not recover');
    expect(steps[3]).to.contain('At 10 % no retry is sent at all').and.contain('At 20 % A sends one retry and B two');
    expect(steps[3]).to.contain('B completes only 8 of 12');
    const el = await storm();
    expect(textOf(deep(el, '[part="steps"]'))).to.contain(steps[0]!);
    const policy = deep<HTMLSelectElement>(el, FIRST, '#policy');
    const budget = () => control<HTMLSelectElement>(el, FIRST, 'retryBudget');
    const completes = (tenant: 'A' | 'B', n: number) => expect(gate(el, tenant)).to.contain(`${n} completed of 11`);
    completes('A', 4);
    completes('B', 7);
    expect(recoveredA(el)).to.contain('Not recovered');
    await typeInto(control(el, FIRST, 'retries'), '0');
    await settled(el);
    completes('A', 9);
    completes('B', 12);
    expect(recoveredA(el)).to.contain('from tick 3 on completes');
    await typeInto(control(el, FIRST, 'retries'), '3');
    await pick(policy, 'strict-partitions', el);
    completes('A', 2);
    completes('B', 12);
    expect(recoveredA(el)).to.contain('Not recovered');
    await pick(policy, 'borrowing', el);
    completes('B', 7);
    await pick(policy, 'shared-fifo', el);
    await pick(budget(), '10', el);
    completes('A', 9);
    completes('B', 12);
    expect(recoveredA(el)).to.contain('from tick 3 on completes');
    // Not one retry: an attempt per request.
    expect(gate(el, 'A')).to.contain('Attempts: 12,');
    expect(gate(el, 'B')).to.contain('Attempts: 12,');
    await pick(budget(), '20', el);
    expect(gate(el, 'A')).to.contain('Attempts: 13,');
    expect(gate(el, 'B')).to.contain('Attempts: 14,');
    expect(recoveredA(el)).to.contain('from tick 3 on completes');
    completes('B', 8);
    expect(recoveredB(el)).to.contain('every B request offered from tick 11 on completes');
    for (const value of ['50', '100']) {
      await pick(budget(), value, el);
      expect(recoveredA(el)).to.contain('Not recovered');
      expect(recoveredB(el)).to.contain('Not recovered');
    }
    await open(el, 'sweep');
    const input = deep<HTMLSelectElement>(el, 'sweep-chart', 'select[name="input"]');
    await pick(input, 'retry-budget', el);
    expect(textOf(deep(el, 'sweep-chart', '.heading'))).to.equal('B completion rate by Retry budget (%)');
  });

  it('passes axe with every section open', async () => {
    const el = await storm();
    for (const id of ['ordering', 'compare', 'sweep', 'requests']) await open(el, id);
    await expect(el).to.be.accessible();
  });
});
