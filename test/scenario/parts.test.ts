// A part of an element in a file of its own: a failed fetch says which file, and the next ask fetches
// again. The imports here are real: a file the test server does not have fails as a 404 would.
import { expect } from '@open-wc/testing';
import { Part } from '../../src/scenario/parts.js';

const missing = '/test/scenario/no-such-part.js';

describe('a part in a file of its own', () => {
  it('that cannot be fetched names its file, and is fetched again the next time it is asked for', async () => {
    let url = missing;
    const part = new Part<{ value: number }>(() => import(/* @vite-ignore */ url), 'no-such-part.js');
    expect(await part.load()).to.equal(undefined);
    expect(part.failed).to.equal('no-such-part.js');
    expect(part.value).to.equal(undefined);
    // The file is here now (the page was fixed): asked again, it comes.
    url = '/test/scenario/fixtures/a-part.ts';
    const came = await part.load();
    expect(came?.value).to.equal(42);
    expect(part.failed).to.equal(null);
    expect(part.value).to.equal(came);
  });

  it('names the file the build names on the error', async () => {
    const error = Object.assign(new TypeError('Importing a module script failed.'), { file: 'steps-x1.js' });
    const part = new Part(() => Promise.reject(error), 'steps.js');
    await part.load();
    expect(part.failed).to.equal('steps-x1.js');
  });

  it('is fetched once however many ask at once', async () => {
    let fetches = 0;
    const part = new Part(() => {
      fetches++;
      return import('./fixtures/a-part.js');
    }, 'a-part.js');
    const [first, second] = await Promise.all([part.load(), part.load()]);
    expect(first).to.equal(second);
    await part.load();
    expect(fetches).to.equal(1);
  });
});
