/** Reading a value a page script handed over (a config, an event's detail) without trusting it. */
import type { ScenarioInput } from './scenario.js';

/** A copy of an object's own enumerable fields, or null when it is not a readable plain object. */
export function ownFields(value: unknown): ScenarioInput | null {
  try {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const copy: ScenarioInput = {};
    for (const key of Object.keys(value)) copy[key] = (value as ScenarioInput)[key];
    return copy;
  } catch {
    return null; // a Proxy or getter that throws
  }
}
