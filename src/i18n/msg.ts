/**
 * The library's words in the reader's language. Every sentence an element shows goes through
 * `msg()`, which `lit-localize extract` finds (it knows `msg` by its type) and writes into
 * `xliff/de.xlf`; `lit-localize build` turns the translations into `src/generated/locales/de.ts`.
 *
 * One page may show elements in several languages at once (a German section in an English
 * article), so there is no page-wide locale: an element draws inside `inLocale(its locale, …)`, and
 * `msg()` answers in that locale. @lit/localize's own `configureLocalization` would set one locale
 * for the whole page, and a page or app that uses @lit/localize itself could configure it only once;
 * the library therefore uses its runtime lookup directly and configures nothing global.
 */
import type { MsgFn } from '@lit/localize';
import { defaultMsg } from '@lit/localize/internal/default-msg.js';
import { Part } from '../scenario/parts.js';

export { str } from '@lit/localize/internal/str-tag.js';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * A message in one locale. Not typed as `MsgFn`: `lit-localize extract` takes every call of one for
 * a message of its own.
 */
export type Lookup = (template: Parameters<MsgFn>[0], options?: Parameters<MsgFn>[1]) => ReturnType<MsgFn>;

/**
 * Where each translation comes from: a file of its own, fetched only by a page that shows it, which
 * also brings the lookup of a message's translation (English needs none).
 */
const TRANSLATIONS: Record<Exclude<Locale, 'en'>, Part<{ translate: Lookup }>> = {
  de: new Part(() => import('./de.js'), 'de.js'),
};

let active: Locale = 'en';

/** The locale of what is being drawn now. */
export const currentLocale = (): Locale => active;

/** Runs `draw` with `msg()` and the number formats answering in `locale`. */
export function inLocale<T>(locale: Locale, draw: () => T): T {
  const before = active;
  active = locale;
  try {
    return draw();
  } finally {
    active = before;
  }
}

/** English, the source: the message as written. */
const english: Lookup = defaultMsg;

export const msg = ((template: Parameters<MsgFn>[0], options?: Parameters<MsgFn>[1]) =>
  ((active !== 'en' && TRANSLATIONS[active].value?.translate) || english)(template, options)) as MsgFn;

/** Whether `locale`'s words are here: English always, another language once its file has loaded. */
export const isLoaded = (locale: Locale): boolean => locale === 'en' || TRANSLATIONS[locale].value !== undefined;

/**
 * Loads `locale`'s translations, once: a page that shows only English never fetches them. A failed
 * load is tried again on the next call; meanwhile elements draw in English.
 */
export const loadLocale = (locale: Locale): Promise<unknown> =>
  locale === 'en' ? Promise.resolve() : TRANSLATIONS[locale].load();

/** The file of `locale`'s words while it could not be loaded, else null. */
export const failedLocale = (locale: Locale): string | null => (locale === 'en' ? null : TRANSLATIONS[locale].failed);

/**
 * The library's locale for a BCP 47 language tag: German for `de` and its regions (`de-AT`,
 * `de-CH`…), English for anything else, the empty tag (unknown language) included.
 */
export const localeOf = (tag: string): Locale => (/^de(-|$)/i.test(tag.trim()) ? 'de' : 'en');
