// Strict validation for the API, forgiving normalization for elements (SPEC §2.1).
import { expect } from '@open-wc/testing';
import { DEFAULT_CONFIG, normalizeConfig, presets, simulate, validateConfig } from '../../src/sim/index.js';

const rangeError = (input: unknown): RangeError => {
  try {
    simulate(input as never);
  } catch (error) {
    expect(error).to.be.instanceOf(RangeError);
    return error as RangeError;
  }
  throw new Error(`expected a RangeError for ${JSON.stringify(input)}`);
};

describe('validateConfig / simulate (strict)', () => {
  it('uses the defaults of SPEC §2.1', () => {
    expect(simulate().config).to.deep.equal({
      policy: 'shared-fifo', slots: 4, reservedA: 2, aPerTick: 2, bEvery: 3, aHold: 2, bHold: 1, aFault: 'stall',
      aTimeout: 12, bTimeout: 4, queueCap: 6, target: 90, horizon: 20, lastArrival: 11,
    });
  });

  it('names the field, the value and the range of a bad number', () => {
    expect(rangeError({ slots: 2.5 }).message).to.equal('slots: 2.5 is not an integer from 1 to 1024');
    expect(rangeError({ slots: 0 }).message).to.equal('slots: 0 is not an integer from 1 to 1024');
    expect(rangeError({ target: 101 }).message).to.equal('target: 101 is not an integer from 0 to 100');
    expect(rangeError({ queueCap: -1 }).message).to.contain('queueCap: -1');
    expect(rangeError({ bEvery: 0 }).message).to.equal('bEvery: 0 is not an integer from 1 to 1000000');
    expect(rangeError({ aHold: Number.NaN }).message).to.contain('aHold: NaN');
    expect(rangeError({ aTimeout: '4' }).message).to.equal('aTimeout: "4" is not an integer from 1 to 1000000');
  });

  it('checks ranges that depend on other fields', () => {
    expect(rangeError({ slots: 3, reservedA: 3 }).message).to.equal('reservedA: 3 is not an integer from 0 to 2');
    expect(rangeError({ horizon: 10, lastArrival: 11 }).message).to.equal(
      'lastArrival: 11 is not an integer from 0 to 10',
    );
  });

  it('rejects an unknown policy, fault or field', () => {
    expect(rangeError({ policy: 'lifo' }).message).to.equal(
      'policy: "lifo" is not one of shared-fifo, shared-round-robin, strict-partitions, borrowing',
    );
    expect(rangeError({ aFault: 'slow' }).message).to.equal('aFault: "slow" is not one of none, stall, fail-fast');
    expect(rangeError({ slot: 4 }).message).to.contain('unknown field "slot"');
    expect(rangeError(null).message).to.contain('expected an object');
  });

  it('caps the total number of offered requests at 10,000,000', () => {
    expect(() => simulate({ horizon: 1_000_000, lastArrival: 999_999, aPerTick: 10, bEvery: 1_000_000 })).to.throw(
      RangeError, 'they offer 10000001 requests; at most 10000000 are allowed',
    );
  });

  it('shrinks the unspecified reservedA and lastArrival defaults to fit', () => {
    expect(validateConfig({ slots: 1 }).reservedA).to.equal(0);
    expect(validateConfig({ horizon: 5 }).lastArrival).to.equal(5);
  });

  it('has presets that are valid configs inside the elements\' ranges', () => {
    for (const { config } of Object.values(presets)) {
      expect(validateConfig(config)).to.deep.equal(config);
      expect(normalizeConfig({ ...config }).problems).to.deep.equal([]);
    }
  });

  it('keeps DEFAULT_CONFIG and presets immutable', () => {
    expect(Object.isFrozen(DEFAULT_CONFIG)).to.equal(true);
    expect(Object.isFrozen(presets['slow-vs-dead'].config)).to.equal(true);
  });
});

describe('normalizeConfig (forgiving)', () => {
  it('accepts numbers given as strings without complaint', () => {
    const { config, problems } = normalizeConfig({ slots: '6', policy: 'borrowing' });
    expect(config).to.include({ slots: 6, policy: 'borrowing' });
    expect(problems).to.deep.equal([]);
  });

  it('clamps to the UI range and reports each correction', () => {
    const { config, problems } = normalizeConfig({ slots: 99, aPerTick: -2, target: '12.6', horizon: 50 });
    expect(config).to.include({ slots: 8, aPerTick: 0, target: 13, horizon: 20 });
    expect(problems.map((p) => [p.field, p.used])).to.deep.equal([
      ['slots', 8], ['aPerTick', 0], ['target', 13], ['horizon', 20],
    ]);
    expect(problems[0]!.message).to.equal('slots: 99 is not a whole number from 1 to 8; using 8');
    expect(problems[3]!.message).to.equal('horizon: 50 is not fixed at 20; using 20');
  });

  it('falls back to the default for garbage, unknown names and empty values', () => {
    const { config, problems } = normalizeConfig({ bHold: 'many', policy: 'lifo', aFault: '', colour: 'red', queueCap: '' });
    expect(config).to.include({ bHold: 1, policy: 'shared-fifo', aFault: 'stall', queueCap: 6 });
    expect(problems.map((p) => p.field).sort()).to.deep.equal(['aFault', 'bHold', 'colour', 'policy', 'queueCap']);
  });

  it('caps reservedA below the normalized slot count', () => {
    const { config, problems } = normalizeConfig({ slots: 2, reservedA: 5 });
    expect(config).to.include({ slots: 2, reservedA: 1 });
    expect(problems[0]!.message).to.equal('reservedA: 5 is not a whole number from 0 to 1; using 1');
    expect(normalizeConfig({ slots: 1 }).config.reservedA).to.equal(0);
  });

  it('always yields a config that simulate accepts', () => {
    const { config } = normalizeConfig({ slots: 'x', reservedA: 'y', bEvery: 0, aTimeout: 1e9 });
    expect(() => simulate(config)).not.to.throw();
  });
});
