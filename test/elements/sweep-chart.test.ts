// <sweep-chart> used as a reader uses it: read the chart and its numbers, move the cursor with keys
// and the pointer, apply a value, pick another input and measure.
import { expect, fixtureSync, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/index.js';
import type { BulkheadScenario } from '../../src/elements/bulkhead-scenario/bulkhead-scenario.js';
import type { SweepChart } from '../../src/elements/sweep-chart/sweep-chart.js';
import { presets, sweep } from '../../src/sim/index.js';
import { noticesOf } from '../helpers/binding.js';
import { choose, deep, deepAll, laidOut, scrollsSideways, settled, settledFixture, textOf } from '../helpers/ui.js';

const chart = (el: Element) => deep<SVGSVGElement & HTMLElement>(el, 'svg[role="slider"]');
const readout = (el: Element) => textOf(deep(el, 'p[aria-live]'));
const heading = (el: Element) => textOf(deep(el, '[role="heading"]'));

/** Opens "Numbers" as a reader does and returns the table's rows as text, header row first. */
async function numbers(el: SweepChart): Promise<string[][]> {
  const details = deep<HTMLDetailsElement>(el, 'details');
  if (!details.open) {
    deep(el, 'summary').click();
    await new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
    await settled(el);
  }
  return deepAll(el, 'table tr').map((tr) => [...tr.children].map((cell) => textOf(cell)));
}

/** The column of one policy in the table, by value of the input. */
async function column(el: SweepChart, policy: string): Promise<Record<string, string>> {
  const [head, ...rows] = await numbers(el);
  const at = head!.indexOf(policy);
  return Object.fromEntries(rows.map((row) => [row[0]!, row[at]!]));
}

/** The x of the "now" line and of the cursor, in the chart's own units. */
const lineX = (el: Element, selector: string) =>
  Number(/^M([\d.]+)/.exec(deep(el, 'svg[role="slider"]').querySelector(selector)!.getAttribute('d')!)![1]);
const nowX = (el: Element) => lineX(el, 'path[stroke-dasharray="4"]');
const cursorX = (el: Element) => lineX(el, 'path[opacity]');

/** The client position of the input's value `value` on the chart, half way up. */
function positionOf(el: SweepChart, value: number): [number, number] {
  const box = chart(el).getBoundingClientRect();
  const { values } = el.points;
  const x = 44 + (242 * values.indexOf(value)) / (values.length - 1);
  return [Math.round(box.left + (x / 300) * box.width), Math.round(box.top + box.height / 2)];
}

async function press(el: Element, ...keys: string[]) {
  for (const key of keys) await sendKeys({ press: key });
  await settled(el);
}

describe('<sweep-chart>', () => {
  it('charts B completion rate against A total timeout on the stalled preset, with the numbers in a table', async () => {
    const el = await settledFixture<SweepChart>(html`<sweep-chart preset="stalled-dependency"></sweep-chart>`);
    expect(heading(el)).to.equal('B completion rate by A total timeout (ticks)');
    expect(deep<HTMLSelectElement>(el, 'select[name="input"]').value).to.equal('a-timeout');
    expect(deep<HTMLSelectElement>(el, 'select[name="measure"]').value).to.equal('b-completion-rate');
    const svgText = textOf(chart(el));
    for (const label of ['A total timeout (ticks)', 'B completion rate', '0 %', '50 %', '100 %', 'now', '20']) {
      expect(svgText).to.contain(label);
    }
    expect(deepAll(el, 'table')).to.have.length(0); // the table is built only when opened
    const fifo = await column(el, 'Shared FIFO');
    expect([fifo['12'], fifo['10'], fifo['8'], fifo['6'], fifo['4']]).to.deep.equal([
      '25 %',
      '25 %',
      '25 %',
      '25 %',
      '100 %',
    ]);
    expect((await column(el, 'Strict tenant partitions'))['12']).to.equal('100 %');
    expect(textOf(deep(el, 'caption'))).to.equal('B completion rate by A total timeout (ticks)');
    expect(Object.keys(fifo)).to.deep.equal(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(readout(el)).to.equal(
      'A total timeout (ticks): 12 Shared FIFO: 25 % Shared round-robin: 50 % Strict tenant partitions: 100 % Partitions with idle borrowing: 25 %',
    );
    await expect(el).to.be.accessible();
  });

  it('moves the cursor with Home, End and the arrow keys, and says the values there', async () => {
    const el = await settledFixture<SweepChart>(html`<sweep-chart preset="stalled-dependency"></sweep-chart>`);
    chart(el).focus();
    await press(el, 'Home');
    expect(readout(el)).to.contain('A total timeout (ticks): 1 Shared FIFO');
    expect(deep(el, 'p[aria-live]').getAttribute('aria-live')).to.equal('polite');
    await press(el, 'ArrowLeft');
    expect(readout(el)).to.contain('A total timeout (ticks): 1 Shared FIFO');
    await press(el, 'ArrowRight', 'ArrowRight', 'ArrowRight');
    expect(readout(el)).to.match(/A total timeout \(ticks\): 4 Shared FIFO: 100 %/);
    expect(chart(el).getAttribute('aria-valuenow')).to.equal('4');
    await press(el, 'End');
    expect(readout(el)).to.match(/A total timeout \(ticks\): 20 Shared FIFO: 25 %/);
    await press(el, 'ArrowRight');
    expect(chart(el).getAttribute('aria-valuenow')).to.equal('20');
    expect(el.config.aTimeout).to.equal(12); // moving the cursor changes nothing
  });

  it('Enter applies the cursor value to an enclosing <bulkhead-scenario>, and "now" moves there', async () => {
    const source = await settledFixture<BulkheadScenario>(
      html`<bulkhead-scenario preset="stalled-dependency"><sweep-chart></sweep-chart></bulkhead-scenario>`,
    );
    const el = source.querySelector('sweep-chart')!;
    const before = nowX(el);
    chart(el).focus();
    await press(el, 'Home', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    expect(source.config.aTimeout).to.equal(12);
    await press(el, 'Enter');
    expect(source.config.aTimeout).to.equal(4);
    expect(nowX(el)).to.be.below(before);
    expect(nowX(el)).to.equal(cursorX(el));
    expect(readout(el)).to.contain('A total timeout (ticks): 4 Shared FIFO: 100 %');
    await press(el, 'End', ' ');
    expect(source.config.aTimeout).to.equal(20);
    expect(el.points).to.deep.equal(sweep(source.config, 'aTimeout', 'b-completion-rate'));
  });

  it('follows the pointer, and a click applies the value under it', async () => {
    const source = await settledFixture<BulkheadScenario>(
      html`<bulkhead-scenario preset="stalled-dependency"><sweep-chart></sweep-chart></bulkhead-scenario>`,
    );
    const el = source.querySelector('sweep-chart')!;
    await sendMouse({ type: 'move', position: positionOf(el, 5) });
    await settled(el);
    expect(readout(el)).to.match(
      /A total timeout \(ticks\): 5 Shared FIFO: 25 %.*Partitions with idle borrowing: 100 %/,
    );
    expect(source.config.aTimeout).to.equal(12);
    await sendMouse({ type: 'click', position: positionOf(el, 8) });
    await settled(el);
    expect(source.config.aTimeout).to.equal(8);
    expect(nowX(el)).to.equal(cursorX(el));
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('the selects change the input and the measure', async () => {
    const el = await settledFixture<SweepChart>(html`<sweep-chart preset="stalled-dependency"></sweep-chart>`);
    choose(deep<HTMLSelectElement>(el, 'select[name="input"]'), 'b-timeout');
    await settled(el);
    expect(el.input).to.equal('b-timeout');
    expect(heading(el)).to.equal('B completion rate by B total timeout (ticks)');
    expect(readout(el)).to.contain('B total timeout (ticks): 4 Shared FIFO: 25 %');
    choose(deep<HTMLSelectElement>(el, 'select[name="measure"]'), 'b-timed-out');
    await settled(el);
    expect(el.measure).to.equal('b-timed-out');
    expect(heading(el)).to.equal('B timed out by B total timeout (ticks)');
    expect(textOf(chart(el))).to.contain('B timed out');
    // docs/MODEL.md, Reference outcomes: under shared FIFO, 3 of B's 4 requests time out at B timeout 4.
    expect((await column(el, 'Shared FIFO'))['4']).to.equal('3');
    expect(el.points).to.deep.equal(sweep(el.config, 'bTimeout', 'b-timed-out'));
  });

  it('takes the input and the measure from its attributes', async () => {
    const el = await settledFixture<SweepChart>(
      html`<sweep-chart preset="stalled-dependency" input="slots" measure="b-p95"></sweep-chart>`,
    );
    expect(heading(el)).to.equal('B p95 by Total resources');
    expect(deep<HTMLSelectElement>(el, 'select[name="input"]').value).to.equal('slots');
    expect(deep<HTMLSelectElement>(el, 'select[name="measure"]').value).to.equal('b-p95');
    const fifo = await column(el, 'Shared FIFO');
    // With one or two slots, stalled A calls hold them all and no B request completes: no p95.
    expect(fifo).to.deep.equal({ 1: '–', 2: '–', 3: '1', 4: '1', 5: '1', 6: '1', 7: '1', 8: '1' });
    expect((await column(el, 'Shared round-robin'))['4']).to.equal('4');
    expect(el.points).to.deep.equal(sweep(presets['stalled-dependency'].config, 'slots', 'b-p95'));
    el.setAttribute('measure', 'a-completion-rate');
    el.setAttribute('a-per-tick', '0');
    await settled(el);
    expect((await column(el, 'Partitions with idle borrowing'))['4']).to.equal('no traffic');
    expect(noticesOf(el)).to.deep.equal([]);
  });

  it('falls back to the defaults with a notice for bad input and measure attributes', async () => {
    const el = await settledFixture<SweepChart>(
      html`<sweep-chart preset="stalled-dependency" input="horizon" measure="p99"></sweep-chart>`,
    );
    expect(noticesOf(el)).to.deep.equal([
      'input: "horizon" is not slots, reserved-a, a-per-tick, b-every, a-hold, b-hold, a-timeout, b-timeout, queue-cap, target, a-recovers, retries, retry-delay, retry-budget or timeout-from; showing a-timeout',
      'measure: "p99" is not b-completion-rate, a-completion-rate, b-completed, b-timed-out, b-rejected or b-p95; showing b-completion-rate',
    ]);
    expect(heading(el)).to.equal('B completion rate by A total timeout (ticks)');
    expect(el.points).to.deep.equal(sweep(el.config, 'aTimeout', 'b-completion-rate'));
    el.setAttribute('input', 'queue-cap');
    await settled(el);
    expect(noticesOf(el)).to.have.length(1);
    expect(heading(el)).to.equal('B completion rate by Maximum waiting per tenant');
  });

  it("works out one policy's line per turn, says it is busy until the last, and updateComplete waits for all", async () => {
    const el = fixtureSync<SweepChart>(html`<sweep-chart preset="stalled-dependency"></sweep-chart>`);
    // Its first render, in the task that put it on the page: no turn has come yet.
    for (let i = 0; i < 100 && !el.hasUpdated; i++) await Promise.resolve();
    expect(el.hasUpdated, 'rendered within the task').to.equal(true);
    expect(chart(el).getAttribute('aria-busy')).to.equal('true');
    expect(readout(el)).to.equal(
      'A total timeout (ticks): 12 Shared FIFO: … Shared round-robin: … Strict tenant partitions: … Partitions with idle borrowing: …',
    );
    await el.updateComplete;
    expect(chart(el).getAttribute('aria-busy')).to.equal('false');
    expect(readout(el)).to.equal(
      'A total timeout (ticks): 12 Shared FIFO: 25 % Shared round-robin: 50 % Strict tenant partitions: 100 % Partitions with idle borrowing: 25 %',
    );
  });

  it('finishes its lines when put back on the page after its turn went by', async () => {
    const box = await settledFixture<HTMLElement>(
      html`<div><sweep-chart preset="stalled-dependency"></sweep-chart></div>`,
    );
    const el = box.querySelector<SweepChart>('sweep-chart')!;
    choose(deep<HTMLSelectElement>(el, 'select[name="input"]'), 'slots');
    for (let i = 0; i < 100 && !readout(el).includes('…'); i++) await Promise.resolve();
    expect(readout(el), 'waiting for its lines').to.contain('…');
    el.remove();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    box.append(el);
    await settled(el);
    expect(chart(el).getAttribute('aria-busy')).to.equal('false');
    expect(readout(el)).not.to.contain('…');
  });

  it('binds by for=, applies to that source, and computes each sweep once per config', async () => {
    const box = await settledFixture<HTMLElement>(html`<div>
      <bulkhead-scenario id="sweep-source" preset="stalled-dependency" policy="borrowing"></bulkhead-scenario>
      <sweep-chart for="sweep-source" input="reserved-a" heading-level="2"></sweep-chart>
    </div>`);
    const source = box.querySelector<BulkheadScenario>('bulkhead-scenario')!;
    const el = box.querySelector<SweepChart>('sweep-chart')!;
    await settled(el);
    expect(deep(el, '[role="heading"]').getAttribute('aria-level')).to.equal('2');
    expect(el.points.values).to.deep.equal([0, 1, 2, 3]);
    const points = el.points;
    chart(el).focus();
    await press(el, 'ArrowRight');
    expect(el.points).to.equal(points); // the same object: not computed again for a cursor move
    await press(el, 'Enter');
    expect(source.config.reservedA).to.equal(3);
    expect(el.points).not.to.equal(points);
    expect(el.points).to.deep.equal(sweep(source.config, 'reservedA', 'b-completion-rate'));
  });

  it('fits 320 px with its table open, in a 19 px page font: only the table scrolls, in its own box', async () => {
    const box = fixtureSync<HTMLElement>(
      html`<div style="width: 320px; font: 19px/1.6 Georgia, serif"><sweep-chart input="a-timeout"></sweep-chart></div>`,
    );
    const el = box.querySelector<SweepChart>('sweep-chart')!;
    await settled(el);
    const rows = await numbers(el);
    expect(rows).to.have.length(21);
    expect(box.scrollWidth).to.be.at.most(320);
    // Whole words: no header breaks a letter per line, no value breaks at all.
    for (const cell of deepAll(el, 'th'))
      expect(cell.getBoundingClientRect().height, textOf(cell)).to.be.below(
        5 * 1.6 * parseFloat(getComputedStyle(cell).fontSize),
      );
    for (const select of deepAll(el, 'select'))
      expect(select.getBoundingClientRect().right).to.be.at.most(box.getBoundingClientRect().right);
    // Elements inside an SVG have no CSS box of their own (the chart's viewBox scales them), and
    // text for screen readers only sits clipped in a box of 1 px.
    const wide = [el, ...deepAll(el, '*')].filter(
      (node) =>
        !(node instanceof SVGElement && !(node instanceof SVGSVGElement)) &&
        !node.matches('.visually-hidden') &&
        scrollsSideways(node),
    );
    const scroller = deep(el, 'details .scroller');
    expect(wide).to.deep.equal([scroller]);
    await laidOut(el);
    expect(scroller.getAttribute('tabindex')).to.equal('0'); // so the keyboard can scroll it
    expect(scroller.getAttribute('aria-label')).to.equal('B completion rate by A total timeout (ticks)');
    await expect(el).to.be.accessible();
  });

  it('fits 900 px with its table open, which is then no tab stop', async () => {
    const box = fixtureSync<HTMLElement>(html`<div style="width: 900px"><sweep-chart></sweep-chart></div>`);
    const el = box.querySelector<SweepChart>('sweep-chart')!;
    await settled(el);
    await numbers(el);
    await laidOut(el);
    const scroller = deep(el, 'details .scroller');
    expect(scrollsSideways(scroller)).to.equal(false);
    expect(scroller.hasAttribute('tabindex')).to.equal(false);
  });
});
