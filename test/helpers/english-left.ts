// English left on a German page, found with the translation catalogue: every English phrase the
// catalogue replaces, looked for in every text a reader or a screen reader meets.
import { localeOf } from '../../src/i18n/msg.js';

/**
 * Every text a reader or a screen reader meets in `root` and the shadow trees inside it, except
 * what is marked as not to be translated: another language than German (`lang="en"` around the
 * English a result file brings), or `translate="no"` (a run's name, which is an identifier).
 */
export function everyText(root: Element): string {
  const parts: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    if (node instanceof Element) {
      const lang = node.getAttribute('lang');
      if ((lang !== null && localeOf(lang) !== 'de') || node.getAttribute('translate') === 'no') return;
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
export async function catalogue(): Promise<Unit[]> {
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
export const englishPhrases = (units: Unit[]): string[] =>
  units.flatMap(({ english, german }) =>
    english
      .map((text) => text.replace(/^[\s,.;:·(–—]+|[\s,.;:·)–—]+$/g, ''))
      .filter((text) => /[a-z]/i.test(text) && (/\s/.test(text) || text.length >= 5) && !german.includes(text)),
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The phrases of `phrases` that `text` holds as words of their own. */
export const leftEnglish = (text: string, phrases: string[]): string[] =>
  [...new Set(phrases)].filter((phrase) => new RegExp(`(^|[^\\p{L}])${escape(phrase)}($|[^\\p{L}])`, 'u').test(text));
