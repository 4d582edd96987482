// What a hostile page does to the elements, each attack as the page would make it: odd attribute
// values, hostile event details, broken clocks, storage cleared under the lab, duplicate ids,
// elements moved into an iframe, results edited by a page script. Nothing may be lost or stuck.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import { deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

const levelsOf = (el: Element) =>
  deepAll(el, '[role="heading"]').map((heading) => Number(heading.getAttribute('aria-level')));

describe('a hostile page: heading-level', () => {
  it('clamps a level below 1 up to 1 and one above 6 down to 6, and says so', async () => {
    for (const [given, used] of [
      ['0', 1],
      ['-1', 1],
      ['-99', 1],
      ['7', 6],
      ['99', 6],
    ] as const) {
      const gate = await settledFixture<ScenarioElement>(html`<outcome-gate heading-level=${given}></outcome-gate>`);
      expect(levelsOf(gate), `heading-level="${given}"`).to.deep.equal([used]);
      expect(textOf(gate)).to.contain(`heading-level: "${given}" is not a whole number from 1 to 6; using ${used}`);
    }
  });

  it('falls back to the default for a blank or non-numeric level', async () => {
    for (const given of ['', '  ', 'high', '2.5', 'NaN']) {
      const gate = await settledFixture<ScenarioElement>(html`<outcome-gate heading-level=${given}></outcome-gate>`);
      expect(levelsOf(gate), `heading-level="${given}"`).to.deep.equal([3]);
    }
    const gate = await settledFixture<ScenarioElement>(html`<outcome-gate></outcome-gate>`);
    expect(levelsOf(gate)).to.deep.equal([3]);
    expect(textOf(gate)).not.to.contain('heading-level');
  });

  it('a lab at level 0 starts at 1 and its sections follow', async () => {
    const lab = await fixture(html`<bulkhead-lab loading="eager" heading-level="0"></bulkhead-lab>`);
    await settled(lab);
    expect(deep(lab, '.title').getAttribute('aria-level')).to.equal('1');
    expect(Math.min(...levelsOf(lab))).to.equal(1);
  });
});

/** Errors reported to the page while `action` runs (a listener's exception never reaches dispatchEvent's caller). */
async function pageErrors(action: () => unknown): Promise<unknown[]> {
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    errors.push(event.error ?? event.message);
    event.preventDefault();
  };
  window.addEventListener('error', onError);
  try {
    await action();
  } finally {
    window.removeEventListener('error', onError);
  }
  return errors;
}

const hostileProxy = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile read');
      },
      has() {
        throw new Error('hostile has');
      },
      ownKeys() {
        throw new Error('hostile keys');
      },
      getPrototypeOf() {
        throw new Error('hostile prototype');
      },
    },
  );

describe('a hostile page: event details', () => {
  it('a source request whose detail throws on every read is ignored, and binding still works', async () => {
    const lab = await fixture<ScenarioElement>(html`<bulkhead-lab id="hostile-detail" slots="3"></bulkhead-lab>`);
    const errors = await pageErrors(() => {
      for (const target of [lab, document.body]) {
        target.dispatchEvent(
          new CustomEvent('bulkhead-source-request', { detail: hostileProxy(), bubbles: true, composed: true }),
        );
      }
      lab.dispatchEvent(new CustomEvent('bulkhead-config-request', { detail: hostileProxy(), bubbles: true }));
      lab.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: hostileProxy(), bubbles: true }));
    });
    expect(errors).to.deep.equal([]);
    const gate = document.createElement('outcome-gate') as ScenarioElement;
    gate.setAttribute('for', 'hostile-detail');
    lab.after(gate);
    await settled(gate);
    expect(gate.config.slots).to.equal(3);
    gate.remove();
  });
});
