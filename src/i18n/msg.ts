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
import type { MsgFn, TemplateMap } from '@lit/localize';
import { runtimeMsg } from '@lit/localize/internal/runtime-msg.js';

export { str } from '@lit/localize/internal/str-tag.js';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** Where each translation comes from: a file of its own, fetched only by a page that shows it. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ templates: TemplateMap }>> = {
  de: () => import('../generated/locales/de.js'),
};

/** Translations loaded so far, by locale; English is the source and needs none. */
const catalogues: Partial<Record<Locale, TemplateMap>> = {};
const loading: Partial<Record<Locale, Promise<void>>> = {};

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

export const msg = ((template: Parameters<MsgFn>[0], options?: Parameters<MsgFn>[1]) =>
  runtimeMsg(catalogues[active], template, options)) as MsgFn;

/** Whether `locale`'s words are here: English always, another language once its file has loaded. */
export const isLoaded = (locale: Locale): boolean => locale === 'en' || catalogues[locale] !== undefined;

/**
 * Loads `locale`'s translations, once: a page that shows only English never fetches them. A failed
 * load is tried again on the next call; meanwhile elements draw in English.
 */
export function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || isLoaded(locale)) return Promise.resolve();
  return (loading[locale] ??= LOADERS[locale]().then(
    (module) => {
      catalogues[locale] = module.templates;
    },
    (error: unknown) => {
      delete loading[locale];
      console.warn(`bulkhead-lab: the ${locale} translations could not be loaded; showing English`, error);
    },
  ));
}

/**
 * The library's locale for a BCP 47 language tag: German for `de` and its regions (`de-AT`,
 * `de-CH`…), English for anything else, the empty tag (unknown language) included.
 */
export const localeOf = (tag: string): Locale => (/^de(-|$)/i.test(tag.trim()) ? 'de' : 'en');
