// German: every element speaks the language of its own `lang`, else of the nearest ancestor's
// (through shadow roots), else of the document's, and follows a change of it. A German lab, with
// every section open, holds none of the English phrases the translation catalogue replaces.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { percent, ticks } from '../../src/elements/format.js';
import { langOf } from '../../src/i18n/locale-controller.js';
import { inLocale, loadLocale, localeOf } from '../../src/i18n/msg.js';
import { catalogue, englishPhrases, everyText, leftEnglish } from '../helpers/english-left.js';
import { buttonByLabel, deep, deepAll, settled, textOf } from '../helpers/ui.js';

/** Opens every closed section and every `<details>` in the lab, and waits until all of it is drawn. */
async function openEverything(lab: BulkheadLab) {
  await settled(lab);
  for (let round = 0; round < 3; round++) {
    for (const details of deepAll<HTMLDetailsElement>(lab, 'details')) details.open = true;
    for (const el of deepAll(lab, '*'))
      if (el.shadowRoot) for (const d of el.shadowRoot.querySelectorAll('details')) d.open = true;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settled(lab);
  }
}

describe('German', () => {
  const english = () => document.documentElement.setAttribute('lang', 'en');
  beforeEach(english);
  afterEach(english);

  it('reads a language tag as German for de and its regions, else English', () => {
    expect(['de', 'DE', 'de-AT', 'de-CH', 'de-DE-1996'].map(localeOf)).to.deep.equal(['de', 'de', 'de', 'de', 'de']);
    expect(['', 'en', 'en-GB', 'fr', 'deu', 'dex', 'nl-de'].map(localeOf)).to.deep.equal([
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('finds the language through shadow roots: own lang, else the nearest ancestor, else the document', async () => {
    const outer = await fixture<HTMLElement>(html`<section lang="de-CH"><div><span></span></div></section>`);
    const host = outer.querySelector('span')!;
    const inner = host.attachShadow({ mode: 'open' });
    inner.innerHTML = '<p><b></b></p><i lang="fr"></i>';
    expect(langOf(inner.querySelector('b')!)).to.equal('de-CH');
    expect(langOf(inner.querySelector('i')!)).to.equal('fr');
    outer.removeAttribute('lang');
    expect(langOf(inner.querySelector('b')!)).to.equal('en'); // the document's
  });

  it('writes numbers and plurals the German way, once the German words are loaded', async () => {
    await loadLocale('de');
    expect(inLocale('de', () => [percent(2 / 3), percent(null), ticks(1), ticks(3), ticks(null)])).to.deep.equal([
      '66,7 %',
      'kein Verkehr',
      '1 Tick',
      '3 Ticks',
      'kein Wert',
    ]);
    expect(inLocale('en', () => [percent(2 / 3), ticks(1), ticks(3)])).to.deep.equal(['66.7 %', '1 tick', '3 ticks']);
  });

  it('has a German translation for every message of the catalogue', async () => {
    const units = await catalogue();
    expect(units.length).to.be.greaterThan(250);
    expect(units.filter((unit) => unit.german.trim() === '').map((unit) => unit.id)).to.deep.equal([]);
  });

  it('shows a German lab with no English left, every section open', async () => {
    const phrases = englishPhrases(await catalogue());
    const wrapper = await fixture<HTMLElement>(
      html`<div lang="de"><bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab></div>`,
    );
    const lab = wrapper.querySelector<BulkheadLab>('bulkhead-lab')!;
    await lab.updateComplete;
    await openEverything(lab);
    // A baseline, a tick in the middle and a request picked: the texts those bring are German too.
    buttonByLabel(deep(lab, 'lab-notebook'), 'Baseline festhalten')!.click();
    lab.tick = 7;
    await settled(lab);
    deep(lab, 'tick-timeline', 'td[tabindex="0"]').click();
    await settled(lab);
    const text = everyText(lab);
    expect(text).to.contain('Scheduling-Strategie');
    expect(text).to.contain('Strikte Mandanten-Partitionen');
    expect(textOf(deep(lab, 'tick-timeline', '[part="account"]'))).to.match(/ kam bei Tick \d+ an/);
    expect(leftEnglish(text, phrases)).to.deep.equal([]);
    // Numbers with a decimal comma, even in the speed labels.
    const speeds = deepAll(lab, 'tick-timeline', '.speed label').map((label) =>
      label.textContent.replace(/\(.*\)/, '').trim(),
    );
    expect(speeds).to.deep.equal(['0,25×', '0,5×', '1×', '2×']);
    // The references keep their English titles, marked as English for a screen reader's voice.
    const titles = deepAll<HTMLAnchorElement>(lab, '#scope li a');
    expect(titles.map((a) => a.textContent)).to.include('Bulkhead pattern');
    expect(titles.filter((a) => a.lang !== 'en' || a.hreflang !== 'en')).to.deep.equal([]);
  });

  it('finds English left on a German page (the check can fail)', async () => {
    const phrases = englishPhrases(await catalogue());
    const lab = await fixture<BulkheadLab>(
      html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`,
    );
    await lab.updateComplete;
    expect(leftEnglish(everyText(lab), phrases)).to.include.members(['Scheduling policy', 'Full-window calculation']);
  });

  it('speaks German in a lang="de" section of an English page, and English around it', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <outcome-gate preset="stalled-dependency" tenant="B"></outcome-gate>
      <section lang="de"><outcome-gate preset="stalled-dependency" tenant="B"></outcome-gate></section>
      <outcome-gate lang="de" preset="stalled-dependency" tenant="A"></outcome-gate>
    </div>`);
    const [english, german, own] = [...page.querySelectorAll('outcome-gate')];
    await Promise.all([english, german, own].map((el) => settled(el!)));
    expect(textOf(english!)).to.contain('Tenant B gate Fail full window');
    expect(textOf(german!)).to.contain('Gate von Mandant B Nicht bestanden ganzes Fenster');
    expect(textOf(own!)).to.contain('Gate von Mandant A');
  });

  it('follows a lang changed at runtime, on an ancestor or on the document', async () => {
    const page = await fixture<HTMLElement>(
      html`<div><bulkhead-lab loading="eager" preset="count-every-request"></bulkhead-lab></div>`,
    );
    const lab = page.querySelector<BulkheadLab>('bulkhead-lab')!;
    await lab.updateComplete;
    const policyLabel = () => textOf(deep(lab, 'lab-controls', 'label[for="policy"]'));
    expect(policyLabel()).to.equal('Scheduling policy');
    page.setAttribute('lang', 'de');
    await new Promise((resolve) => setTimeout(resolve, 0)); // the observer's record
    await settled(lab);
    expect(policyLabel()).to.equal('Scheduling-Strategie');
    page.setAttribute('lang', 'en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(lab);
    expect(policyLabel()).to.equal('Scheduling policy');
    page.removeAttribute('lang');
    document.documentElement.setAttribute('lang', 'de-AT');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(lab);
    expect(policyLabel()).to.equal('Scheduling-Strategie');
  });

  it('says corrected attributes in German', async () => {
    const gate = await fixture<HTMLElement>(
      html`<outcome-gate lang="de" tenant="C" a-timeout="99" heading-level="9"></outcome-gate>`,
    );
    await settled(gate);
    const notices = textOf(deep(gate, '[part="notices"]'));
    expect(notices).to.contain('aTimeout: "99" ist keine ganze Zahl von 1 bis 20; verwendet wird 20');
    expect(notices).to.contain('tenant: "C" ist weder A noch B; angezeigt wird B');
    expect(notices).to.contain('heading-level: "9" ist keine ganze Zahl von 1 bis 6; verwendet wird 6');
  });
});
