// A page printed before its reader came near a lab still prints all of it: nothing can be fetched
// between `beforeprint` and the print layout, so the parts of its open sections are loaded once the
// page is idle (in the all-in-one bundle they are in the file; in the per-element build they are
// fetched then). This file runs in a page of its own, so that no lab has loaded them before.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import '../../src/bundle.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { deep, deepAll, textOf } from '../helpers/ui.js';

describe('a page printed before the reader came near its lab', () => {
  it('prints the guided steps, the notes and the scope of a lab far below the viewport', async () => {
    const page = fixtureSync<HTMLElement>(html`<div><div style="height: 8000px"></div></div>`);
    page.insertAdjacentHTML('beforeend', '<bulkhead-lab preset="stalled-dependency"></bulkhead-lab>');
    const lab = page.querySelector<BulkheadLab>('bulkhead-lab')!;
    await waitUntil(() => lab.shadowRoot?.querySelector('header'), 'the header drawn');
    // The page is idle: the lab's parts are loaded then, and settle in the tasks after.
    await new Promise((resolve) =>
      'requestIdleCallback' in window ? requestIdleCallback(resolve, { timeout: 15_000 }) : setTimeout(resolve, 3_500),
    );
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve));
    expect(lab.shadowRoot!.querySelector('lab-notebook'), 'nothing drawn for the fetch').to.equal(null);
    window.dispatchEvent(new Event('beforeprint'));
    try {
      // The lab draws in the listener, and what it fetched comes in the microtasks after it,
      // before the print layout: no task may run in between.
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(deepAll(lab, 'ol[part="steps"] li').length, 'the guided steps').to.be.greaterThan(2);
      expect(textOf(deep(lab, 'lab-notebook')), 'the notes').to.contain('Capture baseline');
      expect(textOf(deep(lab, '#scope')), 'the scope').to.contain('deterministic');
    } finally {
      window.dispatchEvent(new Event('afterprint'));
    }
  });
});
