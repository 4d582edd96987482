// The retry settings as inputs (docs/MODEL.md, Inputs and Retries and recovery): strict checks for
// the API, forgiving corrections for the elements, and what the elements offer.
import { expect } from '@open-wc/testing';
import {
  RETRY_DEFAULTS,
  maxAttempts,
  normalizeConfig,
  presets,
  retrySettings,
  simulate,
  uiRangeOf,
  uiValuesOf,
  validateConfig,
} from '../../src/sim/index.js';

const messageOf = (input: Record<string, unknown>): string => {
  try {
    validateConfig(input);
  } catch (error) {
    expect(error).to.be.instanceOf(RangeError);
    return (error as RangeError).message;
  }
  throw new Error('expected a RangeError');
};

describe('retry settings, strictly (validateConfig / simulate)', () => {
  it('keeps a config without them as it was, and keeps those given', () => {
    expect(Object.keys(simulate().config)).to.not.include.members([
      'aRecovers',
      'retries',
      'retryDelay',
      'retryBudget',
    ]);
    const given = { aRecovers: null, retries: 0, retryDelay: 6, retryBudget: 150 };
    expect(validateConfig(given)).to.include(given);
    expect(retrySettings(validateConfig({}))).to.deep.equal(RETRY_DEFAULTS);
    expect(retrySettings(validateConfig({ retries: 2 }))).to.deep.equal({ ...RETRY_DEFAULTS, retries: 2 });
  });

  it('names the field, the value and the range of a bad retry setting', () => {
    expect(messageOf({ aRecovers: 21 })).to.equal('aRecovers: 21 is not null or an integer from 0 to 20');
    expect(messageOf({ horizon: 10, aRecovers: 11 })).to.equal('aRecovers: 11 is not null or an integer from 0 to 10');
    expect(messageOf({ aRecovers: 'none' })).to.equal('aRecovers: "none" is not null or an integer from 0 to 20');
    expect(messageOf({ retries: -1 })).to.equal('retries: -1 is not an integer from 0 to 1000000');
    expect(messageOf({ retries: 1.5 })).to.equal('retries: 1.5 is not an integer from 0 to 1000000');
    expect(messageOf({ retries: null })).to.equal('retries: null is not an integer from 0 to 1000000');
    expect(messageOf({ retryDelay: 0 })).to.equal('retryDelay: 0 is not an integer from 1 to 1000000');
    expect(messageOf({ retryBudget: -5 })).to.equal('retryBudget: -5 is not null or an integer from 0 to 1000000');
    expect(messageOf({ retryBudget: '10' })).to.equal('retryBudget: "10" is not null or an integer from 0 to 1000000');
  });

  it('counts every attempt a config could send against the limit of 10,000,000', () => {
    // 12 ticks × 500,000 A requests + 4 B requests, each with up to 1 + 3 attempts.
    expect(messageOf({ aPerTick: 500_000, retries: 3 })).to.equal(
      'retries: 3 lets 6000004 requests send up to 24000016 attempts; at most 10000000 are allowed',
    );
    // A retry 21 ticks after an attempt ended never falls within a 20-tick window: one attempt each.
    const late = validateConfig({ aPerTick: 500_000, retries: 3, retryDelay: 21 });
    expect(maxAttempts(late)).to.equal(6_000_004);
    // A retry every 10 ticks: at most 2 retries fit between tick 0 and the horizon 20.
    expect(maxAttempts(validateConfig({ retries: 5, retryDelay: 10 }))).to.equal(28 * 3);
  });
});

describe('retry settings, forgivingly (normalizeConfig)', () => {
  const normalized = (input: Record<string, unknown>) => normalizeConfig(input);

  it('leaves settings that are not given out of the config', () => {
    const { config, problems } = normalized({ retries: '2' });
    expect(config).to.include({ retries: 2 }).and.not.have.any.keys('aRecovers', 'retryDelay', 'retryBudget');
    expect(problems).to.deep.equal([]);
  });

  it('takes none for A’s recovery and the budget, in any case and with spaces', () => {
    for (const none of [null, 'none', ' NONE ', 'None']) {
      expect(normalized({ aRecovers: none, retryBudget: none })).to.deep.include({ problems: [] });
      expect(normalized({ aRecovers: none, retryBudget: none }).config).to.include({
        aRecovers: null,
        retryBudget: null,
      });
    }
  });

  it('clamps to the values the elements offer and says so', () => {
    const messages = (input: Record<string, unknown>) => normalized(input).problems.map((p) => p.message);
    expect(normalized({ retries: 9, retryDelay: '0', aRecovers: 25 }).config).to.include({
      retries: 3,
      retryDelay: 1,
      aRecovers: 20,
    });
    expect(messages({ retries: 9, retryDelay: '0', aRecovers: 25 })).to.deep.equal([
      'aRecovers: 25 is not none or a whole number from 0 to 20; using 20',
      'retries: 9 is not a whole number from 0 to 3; using 3',
      'retryDelay: "0" is not a whole number from 1 to 6; using 1',
    ]);
    expect(messages({ aRecovers: '4', retries: '3', retryDelay: 6, retryBudget: '50' })).to.deep.equal([]);
  });

  it('takes the nearest budget offered, the smaller of two as near', () => {
    const budget = (value: unknown) => normalized({ retryBudget: value }).config.retryBudget;
    expect([0, 10, 14, 15, 16, 35, 36, 75, 99, 1000].map(budget)).to.deep.equal([
      10, 10, 10, 10, 20, 20, 50, 50, 100, 100,
    ]);
    expect(normalized({ retryBudget: 15 }).problems[0]!.message).to.equal(
      'retryBudget: 15 is not none or 10, 20, 50, 100; using 10',
    );
  });

  it('falls back to the default for garbage, an unreadable value included', () => {
    const { config, problems } = normalized({ retries: 'many', aRecovers: 'soon', retryBudget: {}, retryDelay: '' });
    expect(config).to.include({ retries: 0, aRecovers: null, retryBudget: null, retryDelay: 1 });
    expect(problems.map((p) => p.message)).to.deep.equal([
      'aRecovers: "soon" is not none or a whole number from 0 to 20; using none',
      'retries: "many" is not a whole number from 0 to 3; using 0',
      'retryDelay: "" is not a whole number from 1 to 6; using 1',
      'retryBudget: an object is not none or 10, 20, 50, 100; using none',
    ]);
    const unreadable = Object.defineProperty({}, 'retries', {
      get: () => {
        throw new Error('boom');
      },
      enumerable: true,
    });
    expect(normalizeConfig(unreadable).problems.map((p) => p.message)).to.deep.equal([
      'retries: an unreadable value is not a whole number from 0 to 3; using 0',
    ]);
  });

  it('gives configs that simulate accepts and that normalize to themselves', () => {
    const { config } = normalized({ aRecovers: 'x', retries: 99, retryDelay: -3, retryBudget: 12.5 });
    expect(validateConfig(config)).to.deep.equal(config);
    expect(normalizeConfig(config)).to.deep.equal({ config, problems: [] });
  });
});

describe('what the elements offer for the retry settings', () => {
  const config = validateConfig({});

  it('lists every value, none last', () => {
    expect(uiValuesOf('aRecovers', config)).to.deep.equal([...Array.from({ length: 21 }, (_, tick) => tick), null]);
    expect(uiValuesOf('retries', config)).to.deep.equal([0, 1, 2, 3]);
    expect(uiValuesOf('retryDelay', config)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(uiValuesOf('retryBudget', config)).to.deep.equal([10, 20, 50, 100, null]);
  });

  it('gives the lowest and highest number as a range', () => {
    expect(uiRangeOf('aRecovers', config)).to.deep.equal({ min: 0, max: 20 });
    expect(uiRangeOf('retries', config)).to.deep.equal({ min: 0, max: 3 });
    expect(uiRangeOf('retryDelay', config)).to.deep.equal({ min: 1, max: 6 });
    expect(uiRangeOf('retryBudget', config)).to.deep.equal({ min: 10, max: 100 });
  });

  it('has a retry-storm preset inside those values', () => {
    const storm = presets['retry-storm'].config;
    expect(retrySettings(storm)).to.deep.equal({ aRecovers: 3, retries: 3, retryDelay: 1, retryBudget: null });
    expect(normalizeConfig({ ...storm }).problems).to.deep.equal([]);
  });
});
