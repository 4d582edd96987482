/** Helpers for words that depend on the locale being drawn: records, plurals, numbers, lists. */
import { currentLocale, type Locale } from './msg.js';

/**
 * A record whose every value is worked out when it is read, so it reads in the locale being drawn
 * (a plain object of strings would be fixed in English when the module loads).
 */
export function wordsOf<K extends PropertyKey, T>(thunks: Record<K, () => T>): Readonly<Record<K, T>> {
  const record = {} as Record<K, T>;
  for (const key of Object.keys(thunks) as K[])
    Object.defineProperty(record, key, { get: thunks[key], enumerable: true });
  return record;
}

/** One `Intl` formatter per locale and options, made on first use. */
function cached<F>(make: (locale: Locale) => F): () => F {
  const made = new Map<Locale, F>();
  return () => {
    const locale = currentLocale();
    let formatter = made.get(locale);
    if (!formatter) made.set(locale, (formatter = make(locale)));
    return formatter;
  };
}

const plurals = cached((locale) => new Intl.PluralRules(locale));
const decimals = cached((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }));
const numerals = cached((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }));
const ands = cached((locale) => new Intl.ListFormat(locale));

/**
 * The form for `n` things: `plural(n, msg(str`${n} tick`), msg(str`${n} ticks`))`. Both languages
 * here have just these two forms.
 */
export const plural = (n: number, one: string, other: string): string => (plurals().select(n) === 'one' ? one : other);

/** A number with at most one decimal, as the locale writes it: `66.7`, `66,7`. */
export const decimal = (n: number): string => decimals().format(n);

/** A number as given, to three decimals, as the locale writes it: `1,500.25`, `1.500,25`; never `-0`. */
export const numeral = (n: number): string => numerals().format(n + 0);

/** `a, b and c` (`a, b und c`). */
export const listAnd = (items: string[]): string => ands().format(items);
