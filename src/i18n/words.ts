/** Helpers for words that depend on the locale being drawn: records, plurals, numbers. */
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

/** The plural rules of each locale, made on first use. */
const rules = new Map<Locale, Intl.PluralRules>();

/**
 * The form for `n` things, by the locale's plural rules: `plural(n, msg(str`${n} tick`), msg(str`${n}
 * ticks`))`. Both languages here have just these two forms for whole numbers.
 */
export function plural(n: number, one: string, other: string): string {
  const locale = currentLocale();
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return rule.select(n) === 'one' ? one : other;
}

/**
 * A number rounded to one decimal, as the locale writes it: `66.7`, `66,7`. Written out rather than
 * with `Intl.NumberFormat`, whose first use loads the browser's number data: over 100 ms on a
 * phone-class CPU, more than a whole lab's first screen costs.
 */
export const decimal = (n: number): string => {
  const text = String(Math.round(n * 10) / 10);
  return currentLocale() === 'de' ? text.replace('.', ',') : text;
};

/**
 * A number as given, to at most three decimals, as the locale writes it: `0.375`, `0,375`. A
 * function of its own, not an option of `decimal`, so that what loads only `decimal` stays as small.
 */
export const numeral = (n: number): string => {
  const text = String(Math.round(n * 1000) / 1000);
  return currentLocale() === 'de' ? text.replace('.', ',') : text;
};
