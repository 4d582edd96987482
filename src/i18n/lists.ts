/** Lists of words, joined as the locale being drawn joins them. */
import { msg, str } from './msg.js';

/** `a`, `a and b`, `a, b, and c` (`a, b und c`): written out, as `Intl.ListFormat`'s first use is slow too. */
export function listAnd(items: string[]): string {
  const last = items.at(-1) ?? '';
  if (items.length < 2) return last;
  const head = items.slice(0, -1).join(', ');
  return items.length === 2 ? msg(str`${head} and ${last}`) : msg(str`${head}, and ${last}`);
}
