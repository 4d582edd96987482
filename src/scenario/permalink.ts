/**
 * One lab's settings and inspected tick in the URL hash, as `#<key>.<field>=<value>&…`, so a
 * reader can share exactly what they see. Other keys in the hash (other labs') are kept as they are.
 * Values are only ever parsed as numbers or matched against known names, never rendered as markup.
 * A lab's key is its own (`src/elements/bulkhead-lab/lab-key.ts`).
 */
import { FIELDS, normalizeConfig, type LabConfig } from '../sim/index.js';

const MAX_VALUE_LENGTH = 40;

/**
 * The lab key and field of a hash entry. Field names never contain a dot, so the entry splits at its
 * last dot and a lab key may hold dots of its own: `a.b.slots` is field `slots` of lab `a.b`, never
 * anything of lab `a`.
 */
function splitEntry(name: string): { key: string; field: string } | null {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? null : { key: name.slice(0, dot), field: name.slice(dot + 1) };
}

const isEntryOf = (name: string, key: string) => splitEntry(name)?.key === key;

/** The valid changes and tick a hash holds for lab `key`; anything else in it is ignored. */
export function readPermalink(
  hash: string,
  key: string,
  current: LabConfig,
): { changes: Partial<LabConfig>; tick: number | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const given: Record<string, string> = {};
  let tick: number | null = null;
  for (const [name, value] of params) {
    const entry = splitEntry(name);
    if (entry?.key !== key || value.length > MAX_VALUE_LENGTH) continue;
    const { field } = entry;
    if (field === 'tick' && /^\d{1,7}$/.test(value)) tick = Number(value);
    else if ((FIELDS as readonly string[]).includes(field)) given[field] = value;
  }
  const { config, problems } = normalizeConfig({ ...current, ...given });
  const rejected = new Set(problems.map((p) => p.field));
  const changes: Partial<LabConfig> = {};
  for (const field of Object.keys(given) as (keyof LabConfig)[]) {
    if (!rejected.has(field)) (changes as Record<string, unknown>)[field] = config[field];
  }
  return { changes, tick };
}

/** The hash with lab `key`'s entries replaced: every setting that differs from `base`, and the tick. */
export function writePermalink(hash: string, key: string, config: LabConfig, base: LabConfig, tick: number): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  for (const name of [...params.keys()]) if (isEntryOf(name, key)) params.delete(name);
  for (const field of FIELDS) if (config[field] !== base[field]) params.set(`${key}.${field}`, String(config[field]));
  if (tick > 0) params.set(`${key}.tick`, String(tick));
  const text = params.toString();
  return text ? `#${text}` : '';
}
