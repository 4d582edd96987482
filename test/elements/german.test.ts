// German: every element speaks the language of its own `lang`, else of the nearest ancestor's
// (through shadow roots), else of the document's, and follows a change of it. A German lab, with
// every section open, holds none of the English phrases the translation catalogue replaces.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { percent, ticks } from '../../src/elements/format.js';
import { langOf } from '../../src/i18n/locale-controller.js';
import { inLocale, loadLocale, localeOf } from '../../src/i18n/msg.js';
import { buttonByLabel, deep, deepAll, settled, textOf } from '../helpers/ui.js';

/** Every text a reader or a screen reader meets in `root` and the shadow trees inside it. */
function everyText(root: Element): string {
  const parts: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    if (node instanceof Element) {
      for (const name of ['aria-label', 'aria-valuetext', 'title', 'placeholder'])
        if (node.hasAttribute(name)) parts.push(node.getAttribute(name)!);
      if (node.shadowRoot) visit(node.shadowRoot);
    }
    for (const child of node.childNodes) visit(child);
  };
  visit(root);
  return parts.join(' ').replace(/\s+/g, ' ');
}

interface Unit {
  id: string;
  /** The English text between the placeholders. */
  english: string[];
  german: string;
}

/** The translation catalogue the library ships, as translators edit it. */
async function catalogue(): Promise<Unit[]> {
  const xml = new DOMParser().parseFromString(await (await fetch('/xliff/de.xlf')).text(), 'application/xml');
  return [...xml.querySelectorAll('trans-unit')].map((unit) => ({
    id: unit.id,
    english: [...unit.querySelector('source')!.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent!.trim()),
    german: unit.querySelector('target')?.textContent ?? '',
  }));
}

/**
 * The English phrases a German page must not show: every stretch of a catalogue entry between its
 * placeholders, of two words or more, or one word of five letters or more, that its German
 * translation does not keep as it is (a term such as "Slot", "Timeout" or "Baseline").
 */
const englishPhrases = (units: Unit[]) =>
  units.flatMap(({ english, german }) =>
    english
      .map((text) => text.replace(/^[\s,.;:·(–—]+|[\s,.;:·)–—]+$/g, ''))
      .filter((text) => /[a-z]/i.test(text) && (/\s/.test(text) || text.length >= 5) && !german.includes(text)),
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const leftEnglish = (text: string, phrases: string[]) =>
  [...new Set(phrases)].filter((phrase) => new RegExp(`(^|[^\\p{L}])${escape(phrase)}($|[^\\p{L}])`, 'u').test(text));

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
