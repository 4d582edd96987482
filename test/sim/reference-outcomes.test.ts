// docs/MODEL.md, Reference outcomes: the stalled-dependency table and the experiments (Presets).
import { expect } from '@open-wc/testing';
import { metricsAt, presets, simulate, type LabConfig, type Policy } from '../../src/sim/index.js';

const fixture: Partial<LabConfig> = {
  slots: 4,
  reservedA: 2,
  aPerTick: 2,
  bEvery: 3,
  aFault: 'stall',
  aTimeout: 12,
  bTimeout: 4,
  bHold: 1,
};

const fullWindow = (config: Partial<LabConfig>) => {
  const run = simulate(config);
  return metricsAt(run, run.config.horizon);
};

describe('reference outcomes (docs/MODEL.md)', () => {
  const table: [Policy, number, number, number][] = [
    // policy, B completed, B timed out, B p95 (B offered 4 and A completed 0 in every row)
    ['shared-fifo', 1, 3, 1],
    ['shared-round-robin', 2, 2, 4],
    ['strict-partitions', 4, 0, 1],
    ['borrowing', 1, 3, 1],
  ];
  for (const [policy, completed, timedOut, p95] of table) {
    it(`${policy}: B completes ${completed} of 4, ${timedOut} time out, p95 ${p95}; A completes 0`, () => {
      const { A, B } = fullWindow({ ...fixture, policy });
      expect(B.offered).to.equal(4);
      expect(B.completed).to.equal(completed);
      expect(B.timedOutWaiting + B.timedOutRunning).to.equal(timedOut);
      expect(B.p95).to.equal(p95);
      expect(A.completed).to.equal(0);
    });
  }

  it('round-robin B gate passes at target 50 and fails at 51, with identical records', () => {
    const at50 = simulate({ ...fixture, policy: 'shared-round-robin', target: 50 });
    const at51 = simulate({ ...fixture, policy: 'shared-round-robin', target: 51 });
    expect(at51.requests).to.deep.equal(at50.requests);
    expect(metricsAt(at50, 20).B).to.include({ required: 2, gate: 'pass' });
    expect(metricsAt(at51, 20).B).to.include({ required: 3, gate: 'fail' });
  });

  it('the default config is the fixture under shared FIFO', () => {
    expect(simulate().requests).to.deep.equal(simulate({ ...fixture, policy: 'shared-fifo' }).requests);
  });
});

describe('experiments (docs/MODEL.md, Presets and Reference outcomes)', () => {
  it('stalled-dependency and count-every-request are the fixture under FIFO and round-robin', () => {
    expect(presets['stalled-dependency'].config).to.deep.equal(simulate({ ...fixture, policy: 'shared-fifo' }).config);
    expect(presets['count-every-request'].config).to.deep.equal(
      simulate({ ...fixture, policy: 'shared-round-robin' }).config,
    );
  });

  describe('slow-vs-dead', () => {
    const base = presets['slow-vs-dead'].config;
    const cases: [string, Partial<LabConfig>, number, number][] = [
      // name, changes, B completed of 12, A completed of 12
      ['slow A, shared pool', {}, 3, 7],
      ['slow A, strict partitions', { policy: 'strict-partitions' }, 12, 4],
      ['failing A, shared pool', { aFault: 'fail-fast' }, 12, 0],
      ['failing A, strict partitions', { aFault: 'fail-fast', policy: 'strict-partitions' }, 12, 0],
      ['healthy A, shared pool', { aHold: 1 }, 12, 12],
      ['healthy A, strict partitions', { aHold: 1, policy: 'strict-partitions' }, 12, 12],
    ];
    for (const [name, changes, bCompleted, aCompleted] of cases) {
      it(`${name}: B completes ${bCompleted} of 12, A ${aCompleted} of 12`, () => {
        const { A, B } = fullWindow({ ...base, ...changes });
        expect([B.completed, B.offered]).to.deep.equal([bCompleted, 12]);
        expect([A.completed, A.offered]).to.deep.equal([aCompleted, 12]);
      });
    }
  });
});
