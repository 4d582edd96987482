/** An element's config attributes: their names, and the inputs they give a scenario. */
import { DEFAULT_CONFIG, FIELDS, PRESET_CONFIGS, type LabConfig, type PresetName } from '../sim/config.js';
import type { ScenarioInput } from './scenario.js';

/** Each input's attribute, worked out once: elements read them on every update. */
const ATTRIBUTES: ReadonlyMap<keyof LabConfig, string> = new Map(
  FIELDS.map((field) => [field, field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)]),
);

/** `reservedA` ↔ `reserved-a`. */
export const attributeOf = (field: keyof LabConfig): string => ATTRIBUTES.get(field)!;
export const CONFIG_ATTRIBUTES = [...ATTRIBUTES.values(), 'preset'];

/** The preset the element's `preset` attribute names, or null (none given, or an unknown name). */
export function presetOf(element: Element): PresetName | null {
  const name = element.getAttribute('preset');
  return name !== null && Object.hasOwn(PRESET_CONFIGS, name) ? (name as PresetName) : null;
}

/** The element's `preset` when it names none, else null. */
export const unknownPresetOf = (element: Element): string | null =>
  presetOf(element) ? null : element.getAttribute('preset');

/**
 * The raw inputs an element's attributes give: the preset's changes to the defaults, then each
 * config attribute (a `preset` that names none gives the defaults). A function of the current
 * attributes only.
 */
export function readConfigAttributes(element: Element): ScenarioInput {
  const input: ScenarioInput = {};
  const name = presetOf(element);
  if (name) {
    const preset = PRESET_CONFIGS[name];
    for (const field of FIELDS) if (preset[field] !== DEFAULT_CONFIG[field]) input[field] = preset[field];
  }
  for (const [field, attribute] of ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (value !== null) input[field] = value;
  }
  return input;
}
