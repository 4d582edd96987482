/** Scenario inputs, their ranges, defaults and presets (SPEC §2.1, §5), plus validation. */

export const POLICIES = ['shared-fifo', 'shared-round-robin', 'strict-partitions', 'borrowing'] as const;
export const FAULTS = ['none', 'stall', 'fail-fast'] as const;

export type Policy = (typeof POLICIES)[number];
export type Fault = (typeof FAULTS)[number];
export type Tenant = 'A' | 'B';

export interface LabConfig {
  policy: Policy;
  slots: number;
  reservedA: number;
  aPerTick: number;
  bEvery: number;
  aHold: number;
  bHold: number;
  aFault: Fault;
  aTimeout: number;
  bTimeout: number;
  queueCap: number;
  target: number;
  horizon: number;
  lastArrival: number;
}

export type NumericField = Exclude<keyof LabConfig, 'policy' | 'aFault'>;

export const DEFAULT_CONFIG: Readonly<LabConfig> = Object.freeze({
  policy: 'shared-fifo',
  slots: 4,
  reservedA: 2,
  aPerTick: 2,
  bEvery: 3,
  aHold: 2,
  bHold: 1,
  aFault: 'stall',
  aTimeout: 12,
  bTimeout: 4,
  queueCap: 6,
  target: 90,
  horizon: 20,
  lastArrival: 11,
});

/** The most requests one simulation may offer in all. */
export const MAX_OFFERED = 10_000_000;

interface Range {
  min: number;
  max: number;
}

const COUNT_MAX = 1_000_000;

/** Ranges the programmatic API accepts. `reservedA` and `lastArrival` depend on other fields. */
function apiRange(field: NumericField, config: LabConfig): Range {
  switch (field) {
    case 'slots': return { min: 1, max: 1024 };
    case 'reservedA': return { min: 0, max: config.slots - 1 };
    case 'aPerTick': return { min: 0, max: COUNT_MAX };
    case 'queueCap': return { min: 0, max: COUNT_MAX };
    case 'target': return { min: 0, max: 100 };
    case 'horizon': return { min: 0, max: COUNT_MAX };
    case 'lastArrival': return { min: 0, max: config.horizon };
    default: return { min: 1, max: COUNT_MAX }; // bEvery, holds, timeouts
  }
}

/** Ranges the elements offer (SPEC §2.1 "UI range"); horizon and lastArrival are fixed there. */
function uiRange(field: NumericField, config: LabConfig): Range {
  switch (field) {
    case 'slots': return { min: 1, max: 8 };
    case 'reservedA': return { min: 0, max: config.slots - 1 };
    case 'aPerTick': return { min: 0, max: 3 };
    case 'bEvery': return { min: 1, max: 12 };
    case 'aHold':
    case 'bHold': return { min: 1, max: 12 };
    case 'aTimeout':
    case 'bTimeout': return { min: 1, max: 20 };
    case 'queueCap': return { min: 0, max: 12 };
    case 'target': return { min: 0, max: 100 };
    case 'horizon': return { min: DEFAULT_CONFIG.horizon, max: DEFAULT_CONFIG.horizon };
    case 'lastArrival': return { min: DEFAULT_CONFIG.lastArrival, max: DEFAULT_CONFIG.lastArrival };
  }
}

/** Field order matters: a field's range may depend on the fields before it. */
export const FIELDS: readonly (keyof LabConfig)[] = [
  'policy', 'slots', 'reservedA', 'aPerTick', 'bEvery', 'aHold', 'bHold', 'aFault',
  'aTimeout', 'bTimeout', 'queueCap', 'target', 'horizon', 'lastArrival',
];

/** Per-field UI range for the current config, for controls such as sliders. */
export function uiRangeOf(field: NumericField, config: LabConfig): Range {
  return uiRange(field, config);
}

/** How many requests a config offers over its window (SPEC §2.2). */
export function offeredCount(config: Pick<LabConfig, 'aPerTick' | 'bEvery' | 'lastArrival'>): number {
  const ticks = config.lastArrival + 1;
  return ticks * config.aPerTick + Math.floor(config.lastArrival / config.bEvery) + 1;
}

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** A value as a message quotes it: short, and never throwing. */
export function quoteValue(value: unknown): string {
  try {
    const text = show(value);
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  } catch {
    return 'a value';
  }
}

/**
 * Merges `input` over the defaults and checks every field strictly.
 * Where the input leaves `reservedA` or `lastArrival` out, their defaults shrink to fit
 * a smaller `slots` or `horizon` given alongside.
 * @throws RangeError naming the field, the value and the allowed range.
 */
export function validateConfig(input: Partial<LabConfig> = {}): LabConfig {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new RangeError(`config: expected an object of fields, got ${show(input)}`);
  }
  for (const key of Object.keys(input)) {
    if (!FIELDS.includes(key as keyof LabConfig)) {
      throw new RangeError(`config: unknown field ${show(key)}; known fields are ${FIELDS.join(', ')}`);
    }
  }
  const config = { ...DEFAULT_CONFIG } as LabConfig;
  for (const field of FIELDS) {
    const given = input[field];
    if (given === undefined) {
      if (field === 'reservedA') config.reservedA = Math.min(DEFAULT_CONFIG.reservedA, config.slots - 1);
      if (field === 'lastArrival') config.lastArrival = Math.min(DEFAULT_CONFIG.lastArrival, config.horizon);
      continue;
    }
    if (field === 'policy' || field === 'aFault') {
      const allowed: readonly string[] = field === 'policy' ? POLICIES : FAULTS;
      if (!allowed.includes(given as string)) {
        throw new RangeError(`${field}: ${show(given)} is not one of ${allowed.join(', ')}`);
      }
      (config as unknown as Record<string, unknown>)[field] = given;
      continue;
    }
    const { min, max } = apiRange(field, config);
    if (typeof given !== 'number' || !Number.isInteger(given) || given < min || given > max) {
      throw new RangeError(`${field}: ${show(given)} is not an integer from ${min} to ${max}`);
    }
    config[field] = given;
  }
  const offered = offeredCount(config);
  if (offered > MAX_OFFERED) {
    throw new RangeError(
      `aPerTick, bEvery, lastArrival: they offer ${offered} requests; at most ${MAX_OFFERED} are allowed`,
    );
  }
  return config;
}

export interface ConfigProblem {
  field: string;
  value: unknown;
  /** The value used instead, or undefined for an ignored field. */
  used: unknown;
  message: string;
}

function parseInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? Math.round(n) : undefined;
  }
  return undefined;
}

/**
 * The forgiving twin of `validateConfig`, for elements: every field is coerced into its UI range
 * (numbers may be given as strings), unknown values fall back to defaults, unknown fields are
 * ignored, and each correction is listed in `problems`. Never throws.
 */
export function normalizeConfig(input: Record<string, unknown> = {}): { config: LabConfig; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const source = input !== null && typeof input === 'object' ? input : {};
  for (const key of Object.keys(source)) {
    if (!FIELDS.includes(key as keyof LabConfig)) {
      problems.push({ field: key, value: source[key], used: undefined, message: `${key}: unknown setting, ignored` });
    }
  }
  const config = { ...DEFAULT_CONFIG } as LabConfig;
  for (const field of FIELDS) {
    const given = source[field];
    if (field === 'policy' || field === 'aFault') {
      const allowed: readonly string[] = field === 'policy' ? POLICIES : FAULTS;
      if (given === undefined) continue;
      if (allowed.includes(given as string)) {
        (config as unknown as Record<string, unknown>)[field] = given;
      } else {
        const used = DEFAULT_CONFIG[field];
        problems.push({ field, value: given, used, message: `${field}: ${show(given)} is not one of ${allowed.join(', ')}; using ${used}` });
      }
      continue;
    }
    const { min, max } = uiRange(field, config);
    if (given === undefined) {
      config[field] = Math.min(max, Math.max(min, DEFAULT_CONFIG[field]));
      continue;
    }
    const parsed = parseInteger(given);
    const fallback = Math.min(max, Math.max(min, DEFAULT_CONFIG[field]));
    const used = parsed === undefined ? fallback : Math.min(max, Math.max(min, parsed));
    config[field] = used;
    if (parsed === undefined || used !== Number(given)) {
      const range = min === max ? `fixed at ${min}` : `a whole number from ${min} to ${max}`;
      problems.push({ field, value: given, used, message: `${field}: ${show(given)} is not ${range}; using ${used}` });
    }
  }
  return { config, problems };
}

export type PresetName = 'stalled-dependency' | 'count-every-request' | 'slow-vs-dead';

export interface Preset {
  title: string;
  config: LabConfig;
}

/** A preset is a few changes to the defaults (a test checks each against `validateConfig`). */
const presetConfig = (changes: Partial<LabConfig>): LabConfig => Object.freeze({ ...DEFAULT_CONFIG, ...changes });

export const presets: Readonly<Record<PresetName, Readonly<Preset>>> = Object.freeze({
  'stalled-dependency': {
    title: 'Contain a stalled dependency',
    config: presetConfig({ policy: 'shared-fifo' }),
  },
  'count-every-request': {
    title: 'Count every offered request',
    config: presetConfig({ policy: 'shared-round-robin' }),
  },
  'slow-vs-dead': {
    title: 'A slow dependency hurts more than a dead one',
    config: presetConfig({
      policy: 'shared-fifo', slots: 4, reservedA: 2, aPerTick: 1, bEvery: 1, aFault: 'none',
      aHold: 9, aTimeout: 10, bHold: 1, bTimeout: 4, queueCap: 0,
    }),
  },
});
