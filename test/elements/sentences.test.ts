// Every sentence a lab shows at the inspected tick, for every preset at every tick, read as a reader
// sees it and checked number by number against the model: each gate, each slot's holder, each queue.
import { expect, html } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import {
  metricsAt,
  presets,
  queuesAt,
  simulate,
  slotsAt,
  type PresetName,
  type TenantMetrics,
} from '../../src/sim/index.js';
import { deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10} %`);
const ticks = (n: number | null) => (n === null ? 'none' : `${n} ${n === 1 ? 'tick' : 'ticks'}`);

/** What a gate must say of these metrics. */
function gateSays(text: string, m: TenantMetrics, target: number, where: string) {
  const verdict = { pass: 'Pass', fail: 'Fail', pending: 'Pending', 'no-traffic': 'No traffic' }[m.gate];
  expect(text, where).to.contain(verdict);
  if (m.offered === 0) return;
  expect(text, where).to.contain(
    `${m.completed} completed of ${m.required} required (${target} % of ${m.offered} offered)`,
  );
  expect(text, where).to.contain(`Completion rate: ${percent(m.completionRate)}`);
  expect(text, where).to.contain(`p95 latency: ${ticks(m.p95)}`);
  const unfinished = m.offered - m.completed;
  if (unfinished > 0) expect(text, where).to.match(new RegExp(`leaves out the ${unfinished} offered requests? that`));
  else expect(text, where).to.contain('every offered request');
}

for (const preset of Object.keys(presets) as PresetName[]) {
  it(`${preset}: every gate, slot and queue at every tick says what the model says`, async () => {
    const el = await settledFixture<BulkheadLab>(html`<bulkhead-lab loading="eager" preset=${preset}></bulkhead-lab>`);
    const { config } = presets[preset];
    const run = simulate(config);
    for (let tick = 0; tick <= config.horizon; tick++) {
      el.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: { tick }, bubbles: true, composed: true }));
      await settled(el);
      const metrics = metricsAt(run, tick);
      for (const tenant of ['A', 'B'] as const)
        gateSays(
          textOf(deep(el, `outcome-gate[tenant="${tenant}"][window="inspected"]`)),
          metrics[tenant],
          config.target,
          `${preset}, tick ${tick}, gate ${tenant}`,
        );
      const board = deep(el, 'slot-board');
      expect(textOf(board)).to.contain(`Slots at tick ${tick}`);
      const holders = deepAll(board, '.holder').map((h) => h.textContent.trim());
      expect(holders, `${preset}, tick ${tick}, slots`).to.deep.equal(
        slotsAt(run, tick).map((s) => s.holder ?? 'free'),
      );
      const queues = queuesAt(run, tick);
      for (const tenant of ['A', 'B'] as const)
        expect(textOf(board), `${preset}, tick ${tick}, queue ${tenant}`).to.contain(
          `Tenant ${tenant} waiting: ${queues[tenant].length} of at most ${config.queueCap}`,
        );
    }
    // The full-window gates say the last tick's figures.
    for (const tenant of ['A', 'B'] as const)
      gateSays(
        textOf(deep(el, `outcome-gate[tenant="${tenant}"]:not([window])`)),
        metricsAt(run, config.horizon)[tenant],
        config.target,
        `${preset}, full window, gate ${tenant}`,
      );
  });
}
