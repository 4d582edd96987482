// An element first drawn in an iframe while it is still fetching code of its own (the words of a
// notice, here), in a page that has fetched neither: `updateComplete` waits for both, so the
// element is styled for the iframe's document when it resolves. This file must run in a page of
// its own, before anything else has fetched those files.
import { expect } from '@open-wc/testing';
import '../../src/elements/outcome-gate/define.js';

describe('an element first drawn in an iframe while it fetches its notice words', () => {
  it('is styled there once its updateComplete resolves', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const gate = document.createElement('outcome-gate');
    gate.setAttribute('tenant', 'C'); // a notice, whose words come in a file of their own
    frame.contentDocument!.body.append(gate);
    await gate.updateComplete;
    expect(frame.contentWindow!.getComputedStyle(gate).display).to.equal('block');
    expect(gate.shadowRoot!.textContent).to.contain('"C" is not A or B');
    frame.remove();
  });
});
