// A lab's settings in the URL hash carry every input, where timeouts start too.
import { expect } from '@open-wc/testing';
import { readPermalink, writePermalink } from '../../src/scenario/permalink.js';
import { normalizeConfig } from '../../src/sim/index.js';

const base = normalizeConfig({}).config;

describe('permalink', () => {
  it('writes and reads timeoutFrom', () => {
    const config = { ...base, timeoutFrom: 'start' as const };
    const hash = writePermalink('#other.slots=2', 'lab', config, base, 3);
    expect(hash).to.equal('#other.slots=2&lab.timeoutFrom=start&lab.tick=3');
    expect(readPermalink(hash, 'lab', base)).to.deep.equal({ changes: { timeoutFrom: 'start' }, tick: 3 });
  });

  it('ignores a bad value in the hash', () => {
    expect(readPermalink('#lab.timeoutFrom=queue', 'lab', base).changes).to.deep.equal({});
  });
});
