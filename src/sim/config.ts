/** Scenario inputs, their ranges, defaults and presets (docs/MODEL.md, Inputs, Presets), and validation. */

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
    case 'slots':
      return { min: 1, max: 1024 };
    case 'reservedA':
      return { min: 0, max: config.slots - 1 };
    case 'aPerTick':
      return { min: 0, max: COUNT_MAX };
    case 'queueCap':
      return { min: 0, max: COUNT_MAX };
    case 'target':
      return { min: 0, max: 100 };
    case 'horizon':
      return { min: 0, max: COUNT_MAX };
    case 'lastArrival':
      return { min: 0, max: config.horizon };
    default:
      return { min: 1, max: COUNT_MAX }; // bEvery, holds, timeouts
  }
}

/**
 * Ranges the elements offer (docs/MODEL.md, Inputs, "UI range"), for controls such as sliders;
 * horizon and lastArrival are fixed there.
 */
export function uiRangeOf(field: NumericField, config: LabConfig): Range {
  switch (field) {
    case 'slots':
      return { min: 1, max: 8 };
    case 'reservedA':
      return { min: 0, max: config.slots - 1 };
    case 'aPerTick':
      return { min: 0, max: 3 };
    case 'bEvery':
      return { min: 1, max: 12 };
    case 'aHold':
    case 'bHold':
      return { min: 1, max: 12 };
    case 'aTimeout':
    case 'bTimeout':
      return { min: 1, max: 20 };
    case 'queueCap':
      return { min: 0, max: 12 };
    case 'target':
      return { min: 0, max: 100 };
    case 'horizon':
      return { min: DEFAULT_CONFIG.horizon, max: DEFAULT_CONFIG.horizon };
    case 'lastArrival':
      return { min: DEFAULT_CONFIG.lastArrival, max: DEFAULT_CONFIG.lastArrival };
  }
}

/** Field order matters: a field's range may depend on the fields before it. */
export const FIELDS: readonly (keyof LabConfig)[] = [
  'policy',
  'slots',
  'reservedA',
  'aPerTick',
  'bEvery',
  'aHold',
  'bHold',
  'aFault',
  'aTimeout',
  'bTimeout',
  'queueCap',
  'target',
  'horizon',
  'lastArrival',
];

/** How many requests a config offers over its window (docs/MODEL.md, Workload). */
export function offeredCount(config: Pick<LabConfig, 'aPerTick' | 'bEvery' | 'lastArrival'>): number {
  const ticks = config.lastArrival + 1;
  return ticks * config.aPerTick + Math.floor(config.lastArrival / config.bEvery) + 1;
}

/** The longest text `quoteValue` returns. */
const QUOTE_MAX = 40;

/**
 * `open + encode(source) + close`, or when that is longer than `QUOTE_MAX`, the longest prefix of
 * `source` that fits with "…" before `close`. The prefix is cut between code points, never inside a
 * surrogate pair, and encoded as a whole, so an escape is never cut either.
 */
function fit(open: string, source: string, close: string, encode = (s: string) => s): string {
  const whole = source.length <= QUOTE_MAX ? open + encode(source) + close : '';
  if (whole !== '' && whole.length <= QUOTE_MAX) return whole;
  const chars = [...source.slice(0, QUOTE_MAX)];
  let text: string;
  while ((text = `${open}${encode(chars.join(''))}…${close}`).length > QUOTE_MAX) chars.pop();
  return text;
}

/** Read once, so a later change to `Symbol.prototype` cannot make `quoteValue` throw. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(symbol)
const symbolDescription = Object.getOwnPropertyDescriptor(Symbol.prototype, 'description')?.get;

/**
 * A short, readable rendering of any value for a message: strings JSON-quoted, numbers, booleans,
 * null and undefined as text, bigints as `12n`, symbols as `Symbol(description)`, anything else
 * described ("an array", "a function", "an object"). At most 40 characters; never throws, and never
 * calls the value's own methods.
 */
export function quoteValue(value: unknown): string {
  try {
    switch (typeof value) {
      case 'string':
        return fit('"', value, '"', (s) => JSON.stringify(s).slice(1, -1));
      case 'bigint':
        return fit('', String(value), 'n');
      case 'symbol': {
        const description: unknown = symbolDescription?.call(value);
        return fit('Symbol(', typeof description === 'string' ? description : '', ')');
      }
      case 'function':
        return 'a function';
      case 'object':
        if (value === null) return 'null';
        return Array.isArray(value) ? 'an array' : 'an object';
      default:
        return String(value); // number, boolean, undefined
    }
  } catch {
    return typeof value === 'function' ? 'a function' : 'an object'; // e.g. a revoked Proxy
  }
}

/** Marks a field whose value could not be read (a throwing getter or Proxy trap). */
const UNREADABLE: unique symbol = Symbol('unreadable');
type Entries = Map<string, unknown>;

const shown = (value: unknown) => (value === UNREADABLE ? 'an unreadable value' : quoteValue(value));

/** The own enumerable string keys of `input`, or undefined when listing them throws. */
function keysOf(input: object): string[] | undefined {
  try {
    return Object.keys(input);
  } catch {
    return undefined;
  }
}

/** The fields `keys` of `input`, each read once; a read that throws gives `UNREADABLE`. Never throws. */
function readEntries(input: object, keys: readonly string[]): Entries {
  const entries: Entries = new Map();
  for (const key of keys) {
    let value: unknown;
    try {
      value = (input as Record<string, unknown>)[key];
    } catch {
      value = UNREADABLE;
    }
    entries.set(key, value);
  }
  return entries;
}

/** Whether `value` is a non-array object (a revoked Proxy counts as one). Never throws. */
function isPlainInput(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  try {
    return !Array.isArray(value);
  } catch {
    return true;
  }
}

/** An unknown key as the start of a message: as it is when short and plain, else quoted. */
const keyText = (key: string) => (/^[\w$-]{1,40}$/.test(key) ? key : quoteValue(key));

/**
 * Merges the own enumerable fields of `input` over the defaults and checks every field strictly.
 * Where the input leaves `reservedA` or `lastArrival` out, their defaults shrink to fit
 * a smaller `slots` or `horizon` given alongside.
 * @throws RangeError naming the field (or `config` for the whole input), the value, shortened by
 *   `quoteValue`, and the allowed range; never any other error, whatever `input` is.
 */
export function validateConfig(input: Partial<LabConfig> = {}): LabConfig {
  const expected = (got: string) => new RangeError(`config: expected an object of fields, got ${got}`);
  if (!isPlainInput(input)) throw expected(quoteValue(input));
  const keys = keysOf(input);
  if (keys === undefined) throw expected('an object whose fields cannot be listed');
  for (const key of keys) {
    if (!FIELDS.includes(key as keyof LabConfig)) {
      throw new RangeError(`config: unknown field ${quoteValue(key)}; known fields are ${FIELDS.join(', ')}`);
    }
  }
  const entries = readEntries(input, keys);
  const config = { ...DEFAULT_CONFIG };
  for (const field of FIELDS) {
    const given = entries.get(field);
    if (given === undefined) {
      if (field === 'reservedA') config.reservedA = Math.min(DEFAULT_CONFIG.reservedA, config.slots - 1);
      if (field === 'lastArrival') config.lastArrival = Math.min(DEFAULT_CONFIG.lastArrival, config.horizon);
      continue;
    }
    if (field === 'policy' || field === 'aFault') {
      const allowed: readonly string[] = field === 'policy' ? POLICIES : FAULTS;
      if (!allowed.includes(given as string)) {
        throw new RangeError(`${field}: ${shown(given)} is not one of ${allowed.join(', ')}`);
      }
      (config as unknown as Record<string, unknown>)[field] = given;
      continue;
    }
    const { min, max } = apiRange(field, config);
    if (typeof given !== 'number' || !Number.isInteger(given) || given < min || given > max) {
      throw new RangeError(`${field}: ${shown(given)} is not an integer from ${min} to ${max}`);
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

/** The number a number or numeric string stands for, without calling anything on other values. */
function numberIn(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

function parseInteger(value: unknown): number | undefined {
  const n = numberIn(value);
  return Number.isFinite(n) ? Math.round(n) : undefined;
}

/**
 * The forgiving twin of `validateConfig`, for elements: every field is coerced into its UI range
 * (numbers may be given as strings), unknown values fall back to defaults, unknown fields are
 * ignored, and each correction is listed in `problems`. Only own enumerable fields are read, each
 * once. Never throws: input that is not an object of settings, or cannot be read, gives the
 * defaults and one problem for `config`.
 */
export function normalizeConfig(input: unknown = {}): { config: LabConfig; problems: ConfigProblem[] } {
  // Nothing below throws: every read of `input` is guarded where it happens.
  if (input === null || input === undefined) return normalizeEntries(new Map());
  if (!isPlainInput(input)) {
    return wholeInputProblem(input, `config: ${quoteValue(input)} is not an object of settings; using the defaults`);
  }
  const keys = keysOf(input);
  if (keys === undefined) {
    return wholeInputProblem(input, 'config: the settings of an object could not be listed; using the defaults');
  }
  return normalizeEntries(readEntries(input, keys));
}

function wholeInputProblem(input: unknown, message: string): { config: LabConfig; problems: ConfigProblem[] } {
  const { config } = normalizeEntries(new Map());
  return { config, problems: [{ field: 'config', value: input, used: undefined, message }] };
}

function normalizeEntries(entries: Entries): { config: LabConfig; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const valueOf = (given: unknown) => (given === UNREADABLE ? undefined : given);
  for (const [key, given] of entries) {
    if (!FIELDS.includes(key as keyof LabConfig)) {
      problems.push({
        field: key,
        value: valueOf(given),
        used: undefined,
        message: `${keyText(key)}: unknown setting, ignored`,
      });
    }
  }
  const config = { ...DEFAULT_CONFIG };
  for (const field of FIELDS) {
    const given = entries.get(field);
    if (field === 'policy' || field === 'aFault') {
      const allowed: readonly string[] = field === 'policy' ? POLICIES : FAULTS;
      if (given === undefined) continue;
      if (allowed.includes(given as string)) {
        (config as unknown as Record<string, unknown>)[field] = given;
      } else {
        const used = DEFAULT_CONFIG[field];
        problems.push({
          field,
          value: valueOf(given),
          used,
          message: `${field}: ${shown(given)} is not one of ${allowed.join(', ')}; using ${used}`,
        });
      }
      continue;
    }
    const { min, max } = uiRangeOf(field, config);
    if (given === undefined) {
      config[field] = Math.min(max, Math.max(min, DEFAULT_CONFIG[field]));
      continue;
    }
    const parsed = parseInteger(given);
    const fallback = Math.min(max, Math.max(min, DEFAULT_CONFIG[field]));
    const used = parsed === undefined ? fallback : Math.min(max, Math.max(min, parsed));
    config[field] = used;
    if (parsed === undefined || used !== numberIn(given)) {
      const range = min === max ? `fixed at ${min}` : `a whole number from ${min} to ${max}`;
      problems.push({
        field,
        value: valueOf(given),
        used,
        message: `${field}: ${shown(given)} is not ${range}; using ${used}`,
      });
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
      policy: 'shared-fifo',
      slots: 4,
      reservedA: 2,
      aPerTick: 1,
      bEvery: 1,
      aFault: 'none',
      aHold: 9,
      aTimeout: 10,
      bHold: 1,
      bTimeout: 4,
      queueCap: 0,
    }),
  },
});
