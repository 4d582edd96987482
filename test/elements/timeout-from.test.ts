// Where timeouts start, as a reader meets it: the choice beside the timeouts, the attribute on any
// element (a bad value falls back with a notice), the sweep over both values, and Compare.
import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/index.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import { settingValue } from '../../src/elements/setting-value.js';
import { normalizeConfig } from '../../src/sim/index.js';
import { noticesOf } from '../helpers/binding.js';
import { choose, deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

const cells = (row: Element) => [...row.children].map((cell) => textOf(cell)).join(' ');

describe('where timeouts start, in the elements', () => {
  it('offers the choice beside the timeouts, says what it does, and applies it', async () => {
    const el = await settledFixture<ScenarioElement>(html`<lab-controls preset="stalled-dependency"></lab-controls>`);
    const select = deep<HTMLSelectElement>(el, '#f-timeoutFrom');
    expect(textOf(deep(el, 'label[for="f-timeoutFrom"]'))).to.equal('Timeout counts from');
    expect([...select.options].map((o) => [o.value, o.text])).to.deep.equal([
      ['arrival', 'arrival'],
      ['start', 'start'],
    ]);
    expect(select.value).to.equal('arrival');
    // In the same group as the timeouts, right after them.
    const names = deepAll<HTMLElement>(el, '[name]').map((c) => c.getAttribute('name'));
    expect(names.slice(names.indexOf('aTimeout'), names.indexOf('aTimeout') + 3)).to.deep.equal([
      'aTimeout',
      'bTimeout',
      'timeoutFrom',
    ]);
    const help = 'From arrival, time spent waiting uses up the timeout; from start, a waiting call has no deadline.';
    expect(textOf(deep(el, '#f-timeoutFrom-why'))).to.equal(help);
    choose(select, 'start');
    await settled(el);
    expect(el.config.timeoutFrom).to.equal('start');
    expect(select.value).to.equal('start');

    await expect(el).to.be.accessible();
  });

  it('shows only the choice when asked for it by its attribute name', async () => {
    const el = await settledFixture<ScenarioElement>(
      html`<lab-controls fields="a-timeout timeout-from" timeout-from="start"></lab-controls>`,
    );
    expect(deepAll<HTMLElement>(el, '[name]').map((c) => c.getAttribute('name'))).to.deep.equal([
      'aTimeout',
      'timeoutFrom',
    ]);
    expect(deep<HTMLSelectElement>(el, '#f-timeoutFrom').value).to.equal('start');
    expect(noticesOf(el)).to.deep.equal([]);
  });

  it('falls back from a bad timeout-from on any element, and says so', async () => {
    const gate = await settledFixture<ScenarioElement>(
      html`<outcome-gate tenant="B" timeout-from="queue"></outcome-gate>`,
    );
    expect(gate.config).to.include({ timeoutFrom: 'arrival' });
    expect(noticesOf(gate)).to.deep.equal(['timeoutFrom: "queue" is not one of arrival, start; using arrival']);
  });

  it('reads timeout-from on a standalone gate: B waits on with no deadline, pending', async () => {
    const gate = await settledFixture<ScenarioElement>(
      html`<outcome-gate tenant="B" window="full" preset="stalled-dependency" timeout-from="start"></outcome-gate>`,
    );
    expect(textOf(gate)).to.contain('Pending');
  });

  it('sweeps over arrival and start', async () => {
    const el = await settledFixture<ScenarioElement>(
      html`<sweep-chart preset="stalled-dependency" input="timeout-from" measure="b-timed-out"></sweep-chart>`,
    );
    expect(noticesOf(el)).to.deep.equal([]);
    expect(textOf(deep(el, '.heading'))).to.equal('B timed out by Timeout counts from');
    const details = deep<HTMLDetailsElement>(el, 'details');
    details.querySelector('summary')!.click();
    await oneEvent(details, 'toggle');
    await settled(el);
    expect(deepAll(el, 'table tr').map(cells)).to.deep.equal([
      'Timeout counts from Shared FIFO Shared round-robin Strict tenant partitions Partitions with idle borrowing',
      'arrival 3 2 0 3',
      'start 0 0 0 0',
    ]);
    const chart = deep(el, '[part="chart"]');
    expect([chart.getAttribute('aria-valuenow'), chart.getAttribute('aria-valuetext')]).to.deep.equal(['0', 'arrival']);
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await settled(el);
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settled(el);
    expect(el.config.timeoutFrom).to.equal('start');
    expect([chart.getAttribute('aria-valuenow'), chart.getAttribute('aria-valuetext')]).to.deep.equal(['1', 'start']);
    const axis = deepAll(el, '[part="chart"] text').map((t) => t.textContent.trim());
    expect(axis).to.include.members(['arrival', 'start']);
  });

  it('compares the policies with timeouts from start, and says so', async () => {
    const el = await settledFixture<ScenarioElement>(
      html`<policy-compare preset="stalled-dependency" timeout-from="start"></policy-compare>`,
    );
    expect(textOf(el)).to.contain('Timeouts count from each call’s start: a waiting call has no deadline.');
    const fifo = deepAll(el, '[part="card"]')[0]!;
    const row = (label: string) => cells(deepAll(fifo, 'tr').find((r) => textOf(r).startsWith(label))!);
    expect(row('Completed of offered')).to.equal('Completed of offered 0/24 1/4');
    expect(row('Unresolved at the horizon')).to.equal('Unresolved at the horizon 6 3');
    const before = await settledFixture<ScenarioElement>(
      html`<policy-compare preset="stalled-dependency"></policy-compare>`,
    );
    expect(textOf(before)).to.not.contain('Timeouts count from');
  });

  it('reads a setting left out of the config at its default, as the notebook and the sweep say it', () => {
    // A baseline captured before any retry setting was given compares as 0 retries, not "undefined".
    const { config } = normalizeConfig({});
    expect(
      ['timeoutFrom', 'retries', 'retryBudget', 'aRecovers'].map((f) => settingValue(config, f as never)),
    ).to.deep.equal(['arrival', '0', 'no budget', 'never']);
    expect(settingValue({ ...config, timeoutFrom: 'start' }, 'timeoutFrom')).to.equal('start');
  });
});
