/** An element's config attributes: their names, and the inputs they give a scenario. */
import { DEFAULT_CONFIG, FIELDS, PRESET_CONFIGS, type LabConfig, type PresetName } from '../sim/config.js';
import type { ScenarioInput } from './scenario.js';

/** `reservedA` ↔ `reserved-a`. */
export const attributeOf = (field: keyof LabConfig): string => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const CONFIG_ATTRIBUTES = [...FIELDS.map(attributeOf), 'preset'];

/**
 * The raw inputs an element's attributes give: the preset's changes to the defaults, then each
 * config attribute; and a `preset` that names none (whose defaults are used). A function of the
 * current attributes only.
 */
export function readConfigAttributes(element: Element): { input: ScenarioInput; unknownPreset: string | null } {
  const input: ScenarioInput = {};
  const name = element.getAttribute('preset');
  const preset = name !== null && Object.hasOwn(PRESET_CONFIGS, name) ? PRESET_CONFIGS[name as PresetName] : undefined;
  if (preset) {
    for (const field of FIELDS) if (preset[field] !== DEFAULT_CONFIG[field]) input[field] = preset[field];
  }
  for (const field of FIELDS) {
    const value = element.getAttribute(attributeOf(field));
    if (value !== null) input[field] = value;
  }
  return { input, unknownPreset: preset ? null : name };
}
