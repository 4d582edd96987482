// A closed section's view comes in a file of its own, fetched as the reader shows an intent to open
// the section: the pointer over its summary, or the keyboard's focus on it. This file runs in a page
// of its own, with the lab alone, so that no view of a closed section is here when its tests begin.
import { expect, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/elements/bulkhead-lab/define.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { deep, settledFixture, textOf } from '../helpers/ui.js';

/** Waits up to a few seconds for a tag to be defined: its module fetched and run. */
async function definedSoon(tag: string): Promise<boolean> {
  for (let i = 0; i < 100 && !customElements.get(tag); i++) await new Promise((resolve) => setTimeout(resolve, 30));
  return Boolean(customElements.get(tag));
}

/** The summary of a closed section, by its id. */
const summaryOf = (lab: BulkheadLab, id: string) => deep(lab, `details#${id} > summary`);

describe('the view of a closed section', () => {
  it('is fetched when the pointer comes over its summary or the focus comes to it, before it opens', async () => {
    const lab = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`,
    );
    expect(
      ['policy-compare', 'sweep-chart', 'request-inspector'].filter((tag) => customElements.get(tag)),
    ).to.deep.equal([]);
    const sweep = summaryOf(lab, 'sweep');
    sweep.scrollIntoView({ block: 'center' });
    const box = sweep.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.x + 10), Math.round(box.y + box.height / 2)] });
    expect(await definedSoon('sweep-chart'), 'after the pointer came over Sweep').to.equal(true);

    summaryOf(lab, 'compare').focus();
    expect(await definedSoon('policy-compare'), 'after the focus came to Compare policies').to.equal(true);
    expect(customElements.get('request-inspector'), 'a section not reached').to.equal(undefined);
    expect(deep<HTMLDetailsElement>(lab, 'details#sweep').open, 'still closed').to.equal(false);
    expect(deep<HTMLDetailsElement>(lab, 'details#compare').open, 'still closed').to.equal(false);
  });

  it('is waited for by every script that awaits the lab, not only the first', async () => {
    const lab = await settledFixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`,
    );
    expect(customElements.get('request-inspector'), 'not fetched yet').to.equal(undefined);
    const requests = deep<HTMLDetailsElement>(lab, 'details#requests');
    const toggled = oneEvent(requests, 'toggle');
    requests.open = true;
    await toggled;
    const first = lab.updateComplete;
    await lab.updateComplete;
    expect(textOf(deep(lab, 'request-inspector')), 'the second one waited for its file too').to.contain('B1');
    await first;
  });
});
