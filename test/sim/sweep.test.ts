// docs/MODEL.md, Sweeps: each point of a sweep against a run simulated on its own.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  POLICIES,
  metricsAt,
  presets,
  simulate,
  sweep,
  type LabConfig,
  type SweepField,
  type SweepMeasure,
  type TenantMetrics,
} from '../../src/sim/index.js';
import { SWEEP_MEASURES } from '../../src/sim/sweep.js';
import { configs } from './arbitraries.js';

/** The UI ranges of docs/MODEL.md, Inputs, written out again. */
const RANGE: Record<SweepField, (c: LabConfig) => [number, number]> = {
  slots: () => [1, 8],
  reservedA: (c) => [0, c.slots - 1],
  aPerTick: () => [0, 3],
  bEvery: () => [1, 12],
  aHold: () => [1, 12],
  bHold: () => [1, 12],
  aTimeout: () => [1, 20],
  bTimeout: () => [1, 20],
  queueCap: () => [0, 12],
  target: () => [0, 100],
};

const READ: Record<SweepMeasure, (m: { A: TenantMetrics; B: TenantMetrics }) => number | null> = {
  'b-completion-rate': ({ B }) => (B.offered === 0 ? null : B.completed / B.offered),
  'a-completion-rate': ({ A }) => (A.offered === 0 ? null : A.completed / A.offered),
  'b-completed': ({ B }) => B.completed,
  'b-timed-out': ({ B }) => B.timedOutWaiting + B.timedOutRunning,
  'b-rejected': ({ B }) => B.rejected,
  'b-p95': ({ B }) => B.p95,
};

/** Random configs inside the UI ranges (the window is fixed there: horizon 20, arrivals through 11). */
const uiConfigs = configs.map((c) => ({ ...c, horizon: 20, lastArrival: 11 }));

describe('sweep (docs/MODEL.md, Sweeps)', () => {
  it('gives, at every value and policy, the full-window measure of that config simulated alone', () => {
    fc.assert(
      fc.property(
        uiConfigs,
        fc.constantFrom(...(Object.keys(RANGE) as SweepField[])),
        fc.constantFrom(...SWEEP_MEASURES),
        (config, field, measure) => {
          const [min, max] = RANGE[field](config);
          const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
          const result = sweep(config, field, measure);
          expect(result.field).to.equal(field);
          expect(result.measure).to.equal(measure);
          expect(result.values).to.deep.equal(values);
          expect(Object.keys(result.lines)).to.deep.equal([...POLICIES]);
          for (const policy of POLICIES) {
            const expected = values.map((value) => {
              const changed: LabConfig = { ...config, policy, [field]: value };
              // Fewer slots lower A's reserved ones, so B keeps a slot.
              if (field === 'slots') changed.reservedA = Math.min(config.reservedA, value - 1);
              return READ[measure](metricsAt(simulate(changed), 20));
            });
            expect(result.lines[policy], `${policy}, ${field}, ${measure}`).to.deep.equal(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('on the stalled-dependency preset, shared FIFO completes 25 % of B down to A timeout 6 and 100 % at 4', () => {
    const { values, lines } = sweep(presets['stalled-dependency'].config, 'aTimeout', 'b-completion-rate');
    const at = (timeout: number) => lines['shared-fifo'][values.indexOf(timeout)];
    expect([12, 10, 8, 6, 4].map(at)).to.deep.equal([0.25, 0.25, 0.25, 0.25, 1]);
    expect(values).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('measures B completion rate by default', () => {
    const config = presets['stalled-dependency'].config;
    expect(sweep(config, 'queueCap')).to.deep.equal(sweep(config, 'queueCap', 'b-completion-rate'));
  });

  it('takes a config outside the UI ranges as the elements do: clamped into them', () => {
    const wide = simulate({ slots: 12, reservedA: 9, horizon: 30, lastArrival: 25 }).config;
    const clamped = { ...presets['stalled-dependency'].config, slots: 8, reservedA: 7 };
    expect(sweep(wide, 'bTimeout', 'b-completed')).to.deep.equal(sweep(clamped, 'bTimeout', 'b-completed'));
    expect(sweep(wide, 'reservedA').values).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves out p95 where nothing completed, and a rate where nothing was offered', () => {
    // One slot held by a stalled A call from tick 0 to 12: B never completes under shared FIFO.
    const config = { ...presets['stalled-dependency'].config, slots: 1, reservedA: 0 };
    expect(sweep(config, 'bHold', 'b-p95').lines['shared-fifo'].every((v) => v === null)).to.equal(true);
    expect(sweep(config, 'aPerTick', 'a-completion-rate').lines.borrowing[0]).to.equal(null);
  });
});
