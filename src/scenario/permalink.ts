/**
 * One lab's settings and inspected tick in the URL hash, as `#<key>.<field>=<value>&…`, so a
 * reader can share exactly what they see. Other keys in the hash (other labs') are kept as they are.
 * Values are only ever parsed as numbers or matched against known names, never rendered as markup.
 *
 * Also the key itself, which names a lab in the hash and in stored notes (see `labKey`).
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

/** A lab as the key registry sees it: an element that re-renders when asked. */
export interface KeyedLab extends Element {
  requestUpdate(): void;
}

const connected = new Set<KeyedLab>();

/** The element and the shadow hosts it sits inside, outermost first. */
function hostChain(el: Element): Element[] {
  const chain = [el];
  for (let root = el.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode())
    chain.unshift(root.host);
  return chain;
}

/** Whether `a` comes before `b` in the page, looking into shadow roots (a host before its shadow tree). */
function precedes(a: Element, b: Element): boolean {
  const ca = hostChain(a);
  const cb = hostChain(b);
  let i = 0;
  while (i < ca.length && i < cb.length && ca[i] === cb[i]) i++;
  if (i === ca.length) return true;
  if (i === cb.length) return false;
  return Boolean(ca[i]!.compareDocumentPosition(cb[i]!) & Node.DOCUMENT_POSITION_FOLLOWING);
}

/** Doubles every `~`, so an escaped id never holds the single `~` that ends a derived key's name. */
const escapeTilde = (text: string) => text.replaceAll('~', '~~');

const baseOf = (lab: Element) => lab.getAttribute('preset') || 'lab';

/** The place of `lab` among the connected labs that `same` counts with it, in document order, from 1. */
function placeOf(lab: Element, same: (other: Element) => boolean): number {
  let place = 1;
  for (const other of connected) if (other !== lab && same(other) && precedes(other, lab)) place++;
  return place;
}

/** A lab's place among the labs with its id: 1 for the first, or the only one. */
const idPlace = (lab: Element) => placeOf(lab, (other) => other.id === lab.id);

/** Whether an earlier lab on the page has this lab's id, so that this one's key is numbered (see `labKey`). */
export const idTaken = (lab: Element): boolean => lab.id !== '' && idPlace(lab) > 1;

/**
 * What tells a lab apart in the URL hash and in stored notes, across the whole page (shadow roots
 * included).
 *
 * - A lab with an `id` uses the id, with any `~` doubled: `fifo`, `a.b`. A later lab with an id an
 *   earlier lab already has (invalid HTML, but it happens) is numbered after it: `fifo~id2`.
 * - A lab without one uses its preset (else `lab`) and its place among the id-less labs with that
 *   preset on the page, in document order: `stalled-dependency~1`, `stalled-dependency~2`. The same
 *   page gives the same keys on every load; adding, removing or moving labs renumbers the ones after.
 *
 * A derived key holds a single `~` before its number (or before `id` and its number), which an
 * escaped id never does, so no id (not even `stalled-dependency~1`) can take a derived key, and no
 * two labs ever share a key.
 */
export function labKey(lab: Element): string {
  if (lab.id) {
    const place = idPlace(lab);
    return place === 1 ? escapeTilde(lab.id) : `${escapeTilde(lab.id)}~id${place}`;
  }
  const base = baseOf(lab);
  return `${escapeTilde(base)}~${placeOf(lab, (other) => !other.id && baseOf(other) === base)}`;
}

/** Whether the labs re-render once this task's changes are done, to show their new keys. */
let refreshing = false;

/** Adds or removes a lab; after the task's last change, every lab re-renders once with its key. */
function change(edit: () => void) {
  edit();
  if (refreshing) return;
  refreshing = true;
  queueMicrotask(() => {
    refreshing = false;
    for (const lab of connected) lab.requestUpdate();
  });
}

/**
 * Counts a connected lab in the numbering of id-less labs, and has the labs re-render with their
 * keys. Returns what to call when the lab disconnects.
 */
export function joinLabKeys(lab: KeyedLab): () => void {
  change(() => connected.add(lab));
  return () => change(() => connected.delete(lab));
}
