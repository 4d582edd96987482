import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { jsonSteps } from '../../src/elements/measured-run/json-steps.js';
import { atOnce } from '../../src/elements/measured-run/slices.js';

/** What JSON.parse gives for `text`, or the kind of error it throws. */
function parsed(parse: (text: string) => unknown, text: string): { value: unknown } | { error: string } {
  try {
    return { value: parse(text) };
  } catch (error) {
    return { error: (error as Error).name };
  }
}
const inSteps = (text: string) => atOnce(jsonSteps(text));

describe('jsonSteps, the JSON parser <measured-run> reads files with a piece at a time', () => {
  it('gives what JSON.parse gives, for any JSON and any spoiled JSON', () => {
    const same = (text: string) => {
      expect(parsed(inSteps, text)).to.deep.equal(parsed(JSON.parse, text));
    };
    fc.assert(fc.property(fc.json(), same), { numRuns: 500 });
    fc.assert(
      fc.property(fc.jsonValue(), (value) => same(JSON.stringify(value, null, 2))),
      { numRuns: 300 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), same), { numRuns: 500 });
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 2 }), (text, at, inserted) => {
        const i = at % (text.length + 1);
        same(text.slice(0, i) + inserted + text.slice(i));
      }),
      { numRuns: 500 },
    );
    for (const text of ['[1,2,]', '{"a":1,}', '01', '1.', '"a\tb"', '"\\x"', 'nul', 'true false', '', ' ']) same(text);
  });

  it('reads long strings, escapes included, in pieces, and keeps a key named __proto__ a plain key', () => {
    const long = `${'x'.repeat(200_000)}"\\é${'y'.repeat(70_000)}`;
    const text = JSON.stringify({ long, __proto__: 1 }).replace('"__proto__"', '"a"') + ' ';
    const steps = jsonSteps(text);
    let pieces = 0;
    while (!steps.next().done) pieces++;
    expect(pieces).to.be.above(3);
    expect(inSteps(text)).to.deep.equal(JSON.parse(text));
    const own = inSteps('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(own)).to.equal(Object.prototype);
    expect(Object.keys(own)).to.deep.equal(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('yields every so often on a large file, so no step takes long', () => {
    const text = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ i, name: `n${i}` })));
    const steps = jsonSteps(text);
    let pieces = 0;
    while (!steps.next().done) pieces++;
    expect(pieces).to.be.at.least(50);
  });
});
