// Sweeps over the retry settings (docs/MODEL.md, Sweeps): each point against a run simulated alone.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  POLICIES,
  RETRY_FIELDS,
  metricsAt,
  normalizeConfig,
  presets,
  simulate,
  sweep,
  uiValuesOf,
} from '../../src/sim/index.js';
import { SWEEP_MEASURES } from '../../src/sim/sweep.js';
import { configs } from './arbitraries.js';

describe('sweep over the retry settings', () => {
  /** Random configs inside the UI ranges, with retries. */
  const uiConfigs = fc
    .tuple(configs, fc.nat(21), fc.nat(3), fc.integer({ min: 1, max: 6 }), fc.constantFrom(10, 20, 50, 100, null))
    .map(([c, recovers, retries, retryDelay, retryBudget]) => ({
      ...c,
      horizon: 20,
      lastArrival: 11,
      aRecovers: recovers === 21 ? null : recovers,
      retries,
      retryDelay,
      retryBudget,
    }));

  it('gives, at every value offered and every policy, the full-window measure of that config alone (fast-check)', () => {
    fc.assert(
      fc.property(
        uiConfigs,
        fc.constantFrom(...RETRY_FIELDS),
        fc.constantFrom(...SWEEP_MEASURES),
        (config, field, measure) => {
          const result = sweep(config, field, measure);
          expect(result.values).to.deep.equal(uiValuesOf(field, config));
          for (const policy of POLICIES) {
            const expected = result.values.map((value) => {
              const m = metricsAt(simulate({ ...config, policy, [field]: value }), 20);
              const read = {
                'b-completion-rate': m.B.completionRate,
                'a-completion-rate': m.A.completionRate,
                'b-completed': m.B.completed,
                'b-timed-out': m.B.timedOutWaiting + m.B.timedOutRunning,
                'b-rejected': m.B.rejected,
                'b-p95': m.B.p95,
              };
              return read[measure];
            });
            expect(result.lines[policy], `${policy}, ${field}, ${measure}`).to.deep.equal(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('on the retry-storm preset, shared FIFO completes all of B with a 10 % budget, 8 of 12 at 20 %, 5 at 50 % and 100 %, 7 with none', () => {
    const { values, lines } = sweep(presets['retry-storm'].config, 'retryBudget', 'b-completed');
    expect(values).to.deep.equal([10, 20, 50, 100, null]);
    expect(lines['shared-fifo']).to.deep.equal([12, 8, 5, 5, 7]);
    expect(lines['strict-partitions']).to.deep.equal([12, 12, 12, 12, 12]);
  });

  it('takes a retry setting outside the elements’ values as the elements do', () => {
    const wide = simulate({ ...normalizeConfig({}).config, retries: 9, retryBudget: 15 }).config;
    expect(sweep(wide, 'retryDelay')).to.deep.equal(sweep({ ...wide, retries: 3, retryBudget: 10 }, 'retryDelay'));
  });
});
