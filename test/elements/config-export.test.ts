// <config-export> as a reader uses it: pick a library, set how long a tick is, read the verdict and
// the differences, and copy the code, whether the page may use the clipboard or not.
import { expect, html } from '@open-wc/testing';
import '../../src/index.js';
import type { ConfigExport } from '../../src/elements/config-export/config-export.js';
import type { BulkheadScenario } from '../../src/elements/bulkhead-scenario/bulkhead-scenario.js';
import { noticesOf } from '../helpers/binding.js';
import { buttonByLabel, choose, deep, deepAll, settled, settledFixture, textOf, typeInto } from '../helpers/ui.js';

const code = (el: Element) => deep(el, 'pre[part="code"]').textContent;
const verdict = (el: Element) => textOf(deep(el, 'p strong'));
const differences = (el: Element) => deepAll(el, '[part="differences"] li').map((li) => textOf(li));
const status = (el: Element) => textOf(deep(el, '.code [role="status"]'));

/** Puts a fake clipboard on `navigator` for the test, recording what is written or refusing it. */
function fakeClipboard(refuse: boolean) {
  const written: string[] = [];
  const clipboard = {
    writeText: (text: string) =>
      refuse
        ? Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
        : (written.push(text), Promise.resolve()),
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return { written, restore: () => delete (navigator as unknown as Record<string, unknown>).clipboard };
}

describe('<config-export>', () => {
  afterEach(() => getSelection()?.removeAllRanges());

  it('exports the config it is given, for the library the reader picks', async () => {
    const el = await settledFixture<ConfigExport>(
      html`<config-export preset="stalled-dependency" policy="strict-partitions"></config-export>`,
    );
    expect(textOf(deep(el, '.heading'))).to.equal('Configuration for your service');
    expect(code(el)).to.contain('resilience4j:').and.contain('maxConcurrentCalls: 2');
    expect(verdict(el)).to.equal(
      'Approximate: the library does nearly what the lab modelled; the differences are below.',
    );
    expect(differences(el)).to.deep.equal([
      "Resilience4j bounds the wait by time (maxWaitDuration), not by count: the lab's queue cap of 6 has no equivalent.",
    ]);
    const library = deep<HTMLSelectElement>(el, 'select[name="library"]');
    expect([...library.options].map((o) => o.text)).to.deep.equal([
      'Resilience4j (Spring Boot YAML)',
      'Polly v8 (C#)',
      'cockatiel (TypeScript)',
      'Envoy (YAML)',
      'Netflix concurrency-limits (Java)',
    ]);
    choose(library, 'polly');
    await settled(el);
    expect(code(el)).to.contain('.AddConcurrencyLimiter(2, 6)');
    expect(verdict(el)).to.equal('Exact: the library does what the lab modelled.');
    expect(deepAll(el, '[part="differences"]')).to.deep.equal([]);
    choose(library, 'cockatiel');
    await settled(el);
    expect(code(el)).to.contain("from 'cockatiel'");
    await expect(el).to.be.accessible();
  });

  it('says so when the library cannot express the policy', async () => {
    const el = await settledFixture<ConfigExport>(
      html`<config-export policy="borrowing" library="envoy"></config-export>`,
    );
    expect(verdict(el)).to.equal('None: the library cannot express this policy; the code says what to use instead.');
    expect(differences(el)).to.deep.equal(['Envoy has no bulkhead that lends idle slots to the other tenant.']);
    expect(code(el)).to.contain('# Use strict partitions instead');
  });

  it('turns ticks into the tick length the reader types, and corrects one out of range', async () => {
    const el = await settledFixture<ConfigExport>(html`<config-export library="polly"></config-export>`);
    const box = deep<HTMLInputElement>(el, 'input[name="tickMs"]');
    expect(box.value).to.equal('100');
    expect(code(el)).to.contain('AddTimeout(TimeSpan.FromMilliseconds(1200))');
    await typeInto(box, '250');
    await settled(el);
    expect(code(el)).to.contain('AddTimeout(TimeSpan.FromMilliseconds(3000))');
    expect(textOf(deep(el, '#tick-help'))).to.equal(
      "Ticks become durations of 250 ms; the lab's results stay as they are.",
    );
    await typeInto(box, '70000');
    await settled(el);
    expect(box.value).to.equal('60000');
    expect(noticesOf(el)).to.deep.equal(['tick-ms: "70000" is not a whole number from 1 to 60000; using 60000']);
    expect(code(el)).to.contain('TimeSpan.FromMilliseconds(720000)');
  });

  it('falls back from bad attributes with a notice', async () => {
    const el = await settledFixture<ConfigExport>(
      html`<config-export library="spring" tick-ms="soon"></config-export>`,
    );
    expect(noticesOf(el)).to.deep.equal([
      'library: "spring" is not resilience4j, polly, cockatiel, envoy or concurrency-limits; showing resilience4j',
      'tick-ms: "soon" is not a whole number from 1 to 60000; using 100',
    ]);
    expect(code(el)).to.contain('resilience4j:');
    expect(deep<HTMLInputElement>(el, 'input[name="tickMs"]').value).to.equal('100');
  });

  it('copies the code to the clipboard, and says so', async () => {
    const clipboard = fakeClipboard(false);
    try {
      const el = await settledFixture<ConfigExport>(html`<config-export library="cockatiel"></config-export>`);
      buttonByLabel(el, 'Copy')!.click();
      await settled(el);
      expect(clipboard.written).to.deep.equal([code(el)]);
      expect(status(el)).to.equal('Copied.');
      // Another library: the status was about the code copied before.
      choose(deep<HTMLSelectElement>(el, 'select[name="library"]'), 'envoy');
      await settled(el);
      expect(status(el)).to.equal('');
    } finally {
      clipboard.restore();
    }
  });

  it('selects the code for the reader to copy by hand when the clipboard is refused', async () => {
    const clipboard = fakeClipboard(true);
    try {
      const el = await settledFixture<ConfigExport>(html`<config-export library="envoy"></config-export>`);
      const copy = buttonByLabel(el, 'Copy')!;
      copy.focus();
      copy.click();
      await settled(el);
      await new Promise((resolve) => setTimeout(resolve));
      expect(status(el)).to.equal(
        'This page may not use the clipboard: the code is selected, so copy it with your keyboard or menu.',
      );
      const pre = deep(el, 'pre[part="code"]');
      expect(el.shadowRoot!.activeElement).to.equal(pre);
      // The whole code is selected (WebKit reports the selection's nodes at the host, so its text is compared).
      expect(getSelection()!.toString().trim(), 'the code is selected').to.equal(pre.textContent.trim());
    } finally {
      clipboard.restore();
    }
  });

  it('shows the source it is bound to, and follows its changes', async () => {
    const source = await settledFixture<BulkheadScenario>(
      html`<bulkhead-scenario policy="strict-partitions" queue-cap="0"><config-export library="cockatiel"></config-export></bulkhead-scenario>`,
    );
    const el = source.querySelector('config-export')!;
    await settled(el);
    expect(code(el)).to.contain('const slotsA = bulkhead(2, 0);');
    expect(verdict(el)).to.equal('Exact: the library does what the lab modelled.');
    source.setAttribute('timeout-from', 'start');
    source.setAttribute('queue-cap', '3');
    await settled(el);
    expect(code(el)).to.contain('const slotsA = bulkhead(2, 3);').and.contain('wrap(slotsA, timeout(');
    expect(verdict(el)).to.equal('Exact: the library does what the lab modelled.');
  });

  it('speaks German', async () => {
    const el = await settledFixture<ConfigExport>(
      html`<config-export lang="de" policy="shared-fifo" library="polly"></config-export>`,
    );
    expect(textOf(deep(el, '.heading'))).to.equal('Konfiguration für Ihren Dienst');
    expect(buttonByLabel(el, 'Kopieren')).to.not.equal(undefined);
    expect(verdict(el)).to.equal(
      'Annähernd: Die Bibliothek tut fast, was das Labor modelliert hat; die Unterschiede stehen unten.',
    );
    expect(differences(el)[0]).to.equal(
      'Polly hat eine Warteschlange für beide Mandanten: Ihr Limit von 12 steht für die 6 pro Mandant im Labor, sodass ein Mandant sie allein füllen kann.',
    );
  });
});
