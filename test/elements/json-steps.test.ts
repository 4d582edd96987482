import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { jsonSteps } from '../../src/elements/measured-run/json-steps.js';
import { atOnce } from '../../src/elements/measured-run/slices.js';

/** What `parse` gives for `text`, or the kind of error it throws. */
function parsed(parse: (text: string) => unknown, text: string): { value: unknown } | { error: string } {
  try {
    return { value: parse(text) };
  } catch (error) {
    return { error: (error as Error).name };
  }
}
/** `text` cut at the given places (taken modulo its length), as a file arrives in pieces. */
const cutAt = (text: string, places: number[]) => {
  const at = [...new Set(places.map((place) => place % (text.length + 1)))].sort((x, y) => x - y);
  return [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
};
const inSteps = (text: string, places: number[] = []) => atOnce(jsonSteps(cutAt(text, places)));

describe('jsonSteps, the JSON parser <measured-run> reads files with a piece at a time', () => {
  it('gives what JSON.parse gives, for any JSON and any spoiled JSON, however the text is cut', () => {
    const same = (text: string, places: number[] = []) => {
      expect(parsed((t) => inSteps(t, places), text)).to.deep.equal(parsed(JSON.parse, text));
    };
    const places = fc.array(fc.nat(), { maxLength: 8 });
    fc.assert(fc.property(fc.json(), places, same), { numRuns: 500 });
    fc.assert(
      fc.property(fc.jsonValue(), places, (value, at) => same(JSON.stringify(value, null, 2), at)),
      { numRuns: 300 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), places, same), { numRuns: 500 });
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 2 }), places, (text, at, inserted, cuts) => {
        const i = at % (text.length + 1);
        same(text.slice(0, i) + inserted + text.slice(i), cuts);
      }),
      { numRuns: 500 },
    );
    const tricky = ['[1,2,]', '{"a":1,}', '01', '1.', '-', '1e', '"a\tb"', '"\\x"', 'nul', 'true false', '', ' '];
    for (const text of tricky) same(text);
    // Cut inside a number, a word, an escape and between a backslash and what it escapes.
    for (const text of ['[12.5e-3]', '[true,false,null]', '["\\u00e9\\"\\\\"]'])
      for (let at = 0; at <= text.length; at++) same(text, [at]);
  });

  it('reads long strings in pieces, cuts them at `longest`, and keeps a key named __proto__ a plain key', () => {
    const long = `${'x'.repeat(200_000)}"\\é${'y'.repeat(70_000)}`;
    const text = JSON.stringify({ long, short: 'abc' });
    const steps = jsonSteps([text]);
    let pieces = 0;
    while (!steps.next().done) pieces++;
    expect(pieces).to.be.above(3);
    expect(inSteps(text, [100_000, 200_002])).to.deep.equal(JSON.parse(text));
    expect(atOnce(jsonSteps([text], 3))).to.deep.equal({ long: 'xxx…', short: 'abc' });
    expect(atOnce(jsonSteps([text], 200_001))).to.deep.equal({ long: `${long.slice(0, 200_001)}…`, short: 'abc' });
    const own = inSteps('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(own)).to.equal(Object.prototype);
    expect(Object.keys(own)).to.deep.equal(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('yields every so often on a large file, so no step takes long', () => {
    const text = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ i, name: `n${i}` })));
    const steps = jsonSteps([text]);
    let pieces = 0;
    while (!steps.next().done) pieces++;
    expect(pieces).to.be.at.least(50);
  });
});
