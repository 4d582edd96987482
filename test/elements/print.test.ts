// A page printed before its reader came near a lab still prints all of it: nothing can be fetched
// between `beforeprint` and the print layout, so the files of its open sections are fetched once
// the page is idle. This file runs in a page of its own, so that no lab has fetched them before.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import '../../src/bundle.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { deep, deepAll, textOf } from '../helpers/ui.js';

describe('a page printed before the reader came near its lab', () => {
  it('prints the guided steps, the notes and the scope of a lab far below the viewport', async () => {
    const page = fixtureSync<HTMLElement>(html`<div><div style="height: 8000px"></div></div>`);
    page.insertAdjacentHTML('beforeend', '<bulkhead-lab preset="stalled-dependency"></bulkhead-lab>');
    const lab = page.querySelector<BulkheadLab>('bulkhead-lab')!;
    await waitUntil(() => customElements.get('lab-notebook'), 'the notes fetched once the page is idle', {
      timeout: 15_000,
    });
    // The steps come in a file of their own, fetched beside the notes: here once that import settles.
    await import('../../src/elements/bulkhead-lab/steps.js');
    await waitUntil(() => lab.shadowRoot?.querySelector('header'), 'the header drawn');
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
