// Strict validation for the API, forgiving normalization for elements (docs/MODEL.md, Inputs).
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  DEFAULT_CONFIG,
  FIELDS,
  normalizeConfig,
  offeredCount,
  presets,
  quoteValue,
  simulate,
  validateConfig,
} from '../../src/sim/index.js';

const rangeError = (input: unknown): RangeError => {
  try {
    simulate(input as never);
  } catch (error) {
    expect(error).to.be.instanceOf(RangeError);
    return error as RangeError;
  }
  throw new Error(`expected a RangeError for ${quoteValue(input)}`);
};

describe('validateConfig / simulate (strict)', () => {
  it('uses the defaults of docs/MODEL.md, Inputs', () => {
    expect(simulate().config).to.deep.equal({
      policy: 'shared-fifo',
      slots: 4,
      reservedA: 2,
      aPerTick: 2,
      bEvery: 3,
      aHold: 2,
      bHold: 1,
      aFault: 'stall',
      aTimeout: 12,
      bTimeout: 4,
      queueCap: 6,
      target: 90,
      horizon: 20,
      lastArrival: 11,
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
      RangeError,
      'they offer 10000001 requests; at most 10000000 are allowed',
    );
  });

  it('shrinks the unspecified reservedA and lastArrival defaults to fit', () => {
    expect(validateConfig({ slots: 1 }).reservedA).to.equal(0);
    expect(validateConfig({ horizon: 5 }).lastArrival).to.equal(5);
  });

  it("has presets that are valid configs inside the elements' ranges", () => {
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
      ['slots', 8],
      ['aPerTick', 0],
      ['target', 13],
      ['horizon', 20],
    ]);
    expect(problems[0]!.message).to.equal('slots: 99 is not a whole number from 1 to 8; using 8');
    expect(problems[3]!.message).to.equal('horizon: 50 is not fixed at 20; using 20');
  });

  it('takes a number too large for a double as it takes any huge number: the nearest end of the range', () => {
    for (const field of FIELDS.filter((f) => f !== 'policy' && f !== 'aFault')) {
      for (const [beyond, huge] of [
        ['1e400', '1e6'],
        ['-1e400', '-1e6'],
        [Number.POSITIVE_INFINITY, 1e6],
        ['-Infinity', '-1e6'],
      ] as const) {
        const used = (value: unknown) => normalizeConfig({ [field]: value }).config[field];
        expect(used(beyond), `${field}: ${beyond}`).to.equal(used(huge));
      }
    }
    expect(normalizeConfig({ retries: '1e400', retryDelay: '1e400', retryBudget: '1e400' }).config).to.include({
      retries: 3,
      retryDelay: 6,
      retryBudget: 100,
    });
    expect(normalizeConfig({ retries: '1e400' }).problems[0]!.message).to.equal(
      'retries: "1e400" is not a whole number from 0 to 3; using 3',
    );
  });

  it('falls back to the default for garbage, unknown names and empty values', () => {
    const { config, problems } = normalizeConfig({
      bHold: 'many',
      policy: 'lifo',
      aFault: '',
      colour: 'red',
      queueCap: '',
    });
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

const MB = 'x'.repeat(1 << 20);
/**
 * `text`, once checked to be short: a failure then reports its length, not a megabyte of it. The
 * longest message names an unknown field and lists every known one.
 */
const brief = (text: string): string => {
  expect(text.length, 'message length').to.be.at.most(80 + FIELDS.join(', ').length);
  return text;
};
const boom = (): never => {
  throw new Error('boom');
};
/** Values whose conversion to text or a number throws. */
const throwingToString = { toString: boom };
const throwingValueOf = { valueOf: boom, toString: boom };
const throwingToPrimitive = { [Symbol.toPrimitive]: boom };
const nullPrototype = (fields: object) => Object.assign(Object.create(null) as object, fields);
const throwingGetter = (field: string) =>
  Object.defineProperty({ policy: 'borrowing' }, field, { get: boom, enumerable: true });
const proxyWithThrowing = (trap: keyof ProxyHandler<object>, target: object = { slots: 3 }) =>
  new Proxy(target, { [trap]: boom });
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({ slots: 3 }, {});
  revoke();
  return proxy;
};
/** Runs `read` while Object.prototype has an inherited `slots`, removing it before returning. */
function withPollutedPrototype<T>(read: () => T): T {
  (Object.prototype as Record<string, unknown>).slots = 1;
  try {
    return read();
  } finally {
    delete (Object.prototype as Record<string, unknown>).slots;
  }
}

describe('quoteValue', () => {
  it('quotes strings as JSON and gives numbers, booleans, null and undefined as text', () => {
    expect(quoteValue('abc')).to.equal('"abc"');
    expect(quoteValue('')).to.equal('""');
    expect(quoteValue(2.5)).to.equal('2.5');
    expect(quoteValue(Number.NaN)).to.equal('NaN');
    expect(quoteValue(true)).to.equal('true');
    expect(quoteValue(null)).to.equal('null');
    expect(quoteValue(undefined)).to.equal('undefined');
  });

  it('gives bigints as 12n, symbols as Symbol(description) and describes objects', () => {
    expect(quoteValue(12n)).to.equal('12n');
    expect(quoteValue(Symbol('s'))).to.equal('Symbol(s)');
    expect(quoteValue(Symbol())).to.equal('Symbol()');
    expect(quoteValue([1, 2])).to.equal('an array');
    expect(quoteValue({ slots: 4 })).to.equal('an object');
    expect(quoteValue(nullPrototype({}))).to.equal('an object');
    expect(quoteValue(() => 1)).to.equal('a function');
  });

  it('never calls the value, even when its conversions or traps throw', () => {
    expect(quoteValue(throwingToString)).to.equal('an object');
    expect(quoteValue(throwingValueOf)).to.equal('an object');
    expect(quoteValue(throwingToPrimitive)).to.equal('an object');
    expect(quoteValue(proxyWithThrowing('get'))).to.equal('an object');
    expect(quoteValue(revoked())).to.equal('an object');
  });

  it('cuts long values to at most 40 characters, marking the cut with …', () => {
    const long = brief(quoteValue(MB));
    expect(long).to.equal(`"${'x'.repeat(37)}…"`);
    expect(quoteValue('x'.repeat(38))).to.equal(`"${'x'.repeat(38)}"`);
    expect(quoteValue('\u0000'.repeat(50)))
      .to.have.length.at.most(40)
      .and.match(/^"(\\u0000)+…"$/);
    expect(quoteValue('😀'.repeat(50))).to.equal(`"${'😀'.repeat(18)}…"`);
    expect(quoteValue(10n ** 100n)).to.equal(`1${'0'.repeat(37)}…n`);
    expect(brief(quoteValue(Symbol(MB))))
      .to.have.length.at.most(40)
      .and.match(/^Symbol\(x+…\)$/);
    expect(quoteValue(-Number.MAX_VALUE).length).to.be.at.most(40);
  });
});

describe('validateConfig / simulate with hostile input', () => {
  it('names the whole input when it is not an object of fields', () => {
    const got = (input: unknown) =>
      brief(rangeError(input).message).replace('config: expected an object of fields, got ', '');
    expect(got(5)).to.equal('5');
    expect(got('slots')).to.equal('"slots"');
    expect(got([4])).to.equal('an array');
    expect(got(Symbol('s'))).to.equal('Symbol(s)');
    expect(got(12n)).to.equal('12n');
    expect(got(() => 1)).to.equal('a function');
    expect(got(MB)).to.equal(`"${'x'.repeat(37)}…"`);
  });

  it('names the whole input when its fields cannot be listed', () => {
    for (const input of [proxyWithThrowing('ownKeys'), proxyWithThrowing('getOwnPropertyDescriptor'), revoked()]) {
      expect(rangeError(input).message).to.equal(
        'config: expected an object of fields, got an object whose fields cannot be listed',
      );
    }
  });

  it('names a field whose value cannot be read', () => {
    expect(rangeError(throwingGetter('slots')).message).to.equal(
      'slots: an unreadable value is not an integer from 1 to 1024',
    );
    expect(rangeError(throwingGetter('aFault')).message).to.equal(
      'aFault: an unreadable value is not one of none, stall, fail-fast',
    );
    expect(rangeError(proxyWithThrowing('get')).message).to.equal(
      'slots: an unreadable value is not an integer from 1 to 1024',
    );
  });

  it('reads own fields only: no traps beyond listing and reading, no inherited values', () => {
    expect(simulate(proxyWithThrowing('has')).config.slots).to.equal(3);
    expect(simulate(nullPrototype({ slots: 3, policy: 'borrowing' })).config).to.include({
      slots: 3,
      policy: 'borrowing',
    });
    expect(withPollutedPrototype(() => validateConfig({}))).to.deep.equal(DEFAULT_CONFIG);
    expect(withPollutedPrototype(() => simulate({ aPerTick: 1 })).config.slots).to.equal(4);
  });

  it('quotes hostile and huge field values shortly', () => {
    expect(rangeError(Object.freeze({ slots: 12n })).message).to.equal('slots: 12n is not an integer from 1 to 1024');
    expect(rangeError({ slots: nullPrototype({}) }).message).to.equal(
      'slots: an object is not an integer from 1 to 1024',
    );
    for (const value of [throwingToString, throwingValueOf, throwingToPrimitive]) {
      expect(rangeError({ target: value }).message).to.equal('target: an object is not an integer from 0 to 100');
      expect(rangeError({ policy: value }).message).to.match(/^policy: an object is not one of /);
    }
    expect(brief(rangeError({ policy: Symbol(MB) }).message)).to.match(
      /^policy: Symbol\(x{31}…\) is not one of shared-fifo, /,
    );
    expect(brief(rangeError({ bHold: MB }).message)).to.equal(
      `bHold: "${'x'.repeat(37)}…" is not an integer from 1 to 1000000`,
    );
    expect(brief(rangeError({ [MB]: 1 }).message)).to.match(/^config: unknown field "x+…"; known fields are policy, /);
  });
});

describe('normalizeConfig with hostile input', () => {
  const defaults = normalizeConfig({}).config;
  const whole = (input: unknown) => {
    const { config, problems } = normalizeConfig(input);
    expect(config).to.deep.equal(defaults);
    expect(problems).to.have.length(1);
    expect(problems[0]).to.include({ field: 'config', value: input, used: undefined });
    return brief(problems[0]!.message);
  };

  it('treats null and undefined as no settings', () => {
    expect(normalizeConfig(null)).to.deep.equal({ config: defaults, problems: [] });
    expect(normalizeConfig(undefined)).to.deep.equal({ config: defaults, problems: [] });
  });

  it('gives the defaults and one problem for input that is not an object of settings', () => {
    expect(whole(5)).to.equal('config: 5 is not an object of settings; using the defaults');
    expect(whole('slots')).to.equal('config: "slots" is not an object of settings; using the defaults');
    expect(whole([4])).to.equal('config: an array is not an object of settings; using the defaults');
    expect(whole(Symbol('s'))).to.equal('config: Symbol(s) is not an object of settings; using the defaults');
    expect(whole(12n)).to.equal('config: 12n is not an object of settings; using the defaults');
    expect(whole(() => 1)).to.equal('config: a function is not an object of settings; using the defaults');
    expect(whole(MB)).to.equal(`config: "${'x'.repeat(37)}…" is not an object of settings; using the defaults`);
  });

  it('gives the defaults and one problem for an object whose settings cannot be listed', () => {
    for (const input of [proxyWithThrowing('ownKeys'), proxyWithThrowing('getOwnPropertyDescriptor'), revoked()]) {
      expect(whole(input)).to.equal('config: the settings of an object could not be listed; using the defaults');
    }
  });

  it('falls back to the default for a setting whose value cannot be read, keeping the others', () => {
    const { config, problems } = normalizeConfig(throwingGetter('slots'));
    expect(config).to.include({ slots: 4, policy: 'borrowing' });
    expect(problems).to.deep.equal([
      {
        field: 'slots',
        value: undefined,
        used: 4,
        message: 'slots: an unreadable value is not a whole number from 1 to 8; using 4',
      },
    ]);
    expect(normalizeConfig(throwingGetter('policy')).problems[0]!.message).to.equal(
      'policy: an unreadable value is not one of shared-fifo, shared-round-robin, strict-partitions, borrowing; using shared-fifo',
    );
    expect(normalizeConfig(proxyWithThrowing('get')).problems.map((p) => p.message)).to.deep.equal([
      'slots: an unreadable value is not a whole number from 1 to 8; using 4',
    ]);
  });

  it('reads own settings only: no traps beyond listing and reading, no inherited values', () => {
    expect(normalizeConfig(proxyWithThrowing('has'))).to.deep.equal({
      config: { ...defaults, slots: 3, reservedA: 2 },
      problems: [],
    });
    expect(normalizeConfig(Object.freeze(nullPrototype({ slots: '3' }))).config.slots).to.equal(3);
    expect(withPollutedPrototype(() => normalizeConfig({}))).to.deep.equal({ config: defaults, problems: [] });
  });

  it('quotes hostile and huge values shortly', () => {
    const messages = (input: Record<string, unknown>) => normalizeConfig(input).problems.map((p) => brief(p.message));
    expect(messages({ slots: 12n, aFault: 1n })).to.deep.equal([
      'slots: 12n is not a whole number from 1 to 8; using 4',
      'aFault: 1n is not one of none, stall, fail-fast; using stall',
    ]);
    expect(messages({ slots: nullPrototype({}), policy: [1] })).to.deep.equal([
      'policy: an array is not one of shared-fifo, shared-round-robin, strict-partitions, borrowing; using shared-fifo',
      'slots: an object is not a whole number from 1 to 8; using 4',
    ]);
    for (const value of [throwingToString, throwingValueOf, throwingToPrimitive]) {
      expect(messages({ target: value, aFault: value })).to.deep.equal([
        'aFault: an object is not one of none, stall, fail-fast; using stall',
        'target: an object is not a whole number from 0 to 100; using 90',
      ]);
    }
    expect(messages({ bHold: MB })).to.deep.equal([
      `bHold: "${'x'.repeat(37)}…" is not a whole number from 1 to 12; using 1`,
    ]);
    // A megabyte of nines is a number too large for a double: as huge as it reads, it clamps to the top.
    expect(messages({ bHold: ` ${'9'.repeat(1 << 20)} ` })).to.deep.equal([
      `bHold: " ${'9'.repeat(36)}…" is not a whole number from 1 to 12; using 12`,
    ]);
    expect(messages({ policy: Symbol(MB) })[0]).to.match(/^policy: Symbol\(x{31}…\) is not one of shared-fifo, /);
    expect(messages({ [MB]: 1 })).to.deep.equal([`"${'x'.repeat(37)}…": unknown setting, ignored`]);
  });
});

describe('hostile input (fast-check, 500 inputs each)', () => {
  const RUNS = { numRuns: 500 };
  const keys = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 }));
  const anything = fc.anything({
    key: keys,
    maxDepth: 2,
    withBigInt: true,
    withNullPrototype: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
    withObjectString: true,
    withUnicodeString: true,
  });
  const nasty = fc.oneof(
    anything,
    fc.string().map((description) => Symbol(description)),
    fc.bigInt(),
    fc.integer({ min: -2, max: 30 }).map(String),
    fc.constantFrom<unknown>(
      throwingToString,
      throwingValueOf,
      throwingToPrimitive,
      'x'.repeat(5000),
      nullPrototype({ slots: 3 }),
      () => 4,
      [4],
    ),
  );
  // Proxies and throwing getters are built inside each property, as fast-check itself inspects the values it makes.
  type Wrap = 'as-is' | 'null-prototype' | 'frozen' | 'getter' | 'revoked' | keyof ProxyHandler<object>;
  const build = ([value, how, field]: [unknown, Wrap, string]): unknown => {
    if (how === 'as-is') return value;
    const fields = { ...(value as object) };
    switch (how) {
      case 'null-prototype':
        return nullPrototype(fields);
      case 'frozen':
        return Object.freeze(fields);
      case 'getter':
        return Object.defineProperty(fields, field, { get: boom, enumerable: true, configurable: true });
      case 'revoked':
        return revoked();
      default:
        return proxyWithThrowing(how, fields);
    }
  };
  const inputs = fc.oneof(
    fc.tuple(fc.oneof(anything, nasty), fc.constant<Wrap>('as-is'), fc.constant('')),
    fc.tuple(
      fc.dictionary(keys, nasty, { maxKeys: 5 }),
      fc.constantFrom<Wrap>(
        'as-is',
        'null-prototype',
        'frozen',
        'getter',
        'revoked',
        'ownKeys',
        'get',
        'getOwnPropertyDescriptor',
        'has',
      ),
      fc.constantFrom<string>(...FIELDS),
    ),
  );
  const fieldOrConfig = new RegExp(`^(config|${FIELDS.join('|')}|aPerTick, bEvery, lastArrival): `);

  it('normalizeConfig never throws and always gives a valid config with short messages', () => {
    fc.assert(
      fc.property(inputs, (recipe) => {
        const input = build(recipe);
        const { config, problems } = normalizeConfig(input);
        expect(validateConfig(config)).to.deep.equal(config);
        for (const { field, message } of problems) {
          expect(message).to.be.a('string').with.length.at.most(160);
          if (field === 'config') expect(config).to.deep.equal(normalizeConfig().config);
        }
      }),
      RUNS,
    );
  });

  it('simulate and validateConfig throw only a RangeError naming the field, briefly', () => {
    fc.assert(
      fc.property(inputs, (recipe) => {
        const input = build(recipe);
        let config;
        try {
          config = validateConfig(input as never);
        } catch (error) {
          expect(error).to.be.instanceOf(RangeError);
          const { message } = error as RangeError;
          expect(message).to.match(fieldOrConfig);
          brief(message);
          expect(() => simulate(input as never)).to.throw(RangeError, message);
          return;
        }
        // large but valid configs are left out only to keep the test quick
        if (offeredCount(config) <= 100_000 && config.horizon <= 100_000) {
          expect(simulate(input as never).config).to.deep.equal(config);
        }
      }),
      RUNS,
    );
  });
});
