/**
 * One lab's settings and inspected tick in the URL hash, as `#<prefix>.<field>=<value>&…`, so a
 * reader can share exactly what they see. Other keys in the hash (other labs') are kept as they are.
 * Values are only ever parsed as numbers or matched against known names, never rendered as markup.
 */
import { FIELDS, normalizeConfig, type LabConfig } from '../sim/index.js';

const MAX_VALUE_LENGTH = 40;

/** The valid changes and tick a hash holds for `prefix`; anything else in it is ignored. */
export function readPermalink(hash: string, prefix: string, current: LabConfig): { changes: Partial<LabConfig>; tick: number | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const given: Record<string, string> = {};
  let tick: number | null = null;
  for (const [key, value] of params) {
    if (!key.startsWith(`${prefix}.`) || value.length > MAX_VALUE_LENGTH) continue;
    const field = key.slice(prefix.length + 1);
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

/** The hash with this lab's entries replaced: every setting that differs from `base`, and the tick. */
export function writePermalink(hash: string, prefix: string, config: LabConfig, base: LabConfig, tick: number): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  for (const key of [...params.keys()]) if (key.startsWith(`${prefix}.`)) params.delete(key);
  for (const field of FIELDS) if (config[field] !== base[field]) params.set(`${prefix}.${field}`, String(config[field]));
  if (tick > 0) params.set(`${prefix}.tick`, String(tick));
  const text = params.toString();
  return text ? `#${text}` : '';
}
