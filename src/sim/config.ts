/** Scenario inputs, their ranges, defaults and presets (docs/MODEL.md, Inputs, Presets), and validation. */

export type Tenant = 'A' | 'B';

/**
 * A scheduling policy's rules (docs/MODEL.md, Policies): all that `simulate`, `explain`,
 * `isolation` and the slot views know of it. Which slots a tenant may use follows from them (see
 * `mayUse`): for a free slot at dispatch, for a new request's direct handoff, and for the usable
 * slots of an explanation and of the isolation reading alike.
 */
export interface PolicyRules {
  /**
   * Each slot has a home tenant (A's are slots 0 to `reservedA` − 1, B's the rest) and serves it
   * first. Else every slot is one pool either tenant may use.
   */
  readonly partitioned: boolean;
  /**
   * Partitions only: while nobody of a slot's home tenant waits, the slot may take the other
   * tenant's request, at dispatch or by direct handoff; that call runs borrowed and keeps the slot
   * until it ends.
   */
  readonly lends: boolean;
  /**
   * One pool only: when both tenants wait, a free slot serves the tenant that did not start a call
   * last. Else, and before any start, the older request goes first (FIFO).
   */
  readonly roundRobin: boolean;
}

/** Every policy's rules, in the order the elements list them. */
const RULES = {
  'shared-fifo': { partitioned: false, lends: false, roundRobin: false },
  'shared-round-robin': { partitioned: false, lends: false, roundRobin: true },
  'strict-partitions': { partitioned: true, lends: false, roundRobin: false },
  borrowing: { partitioned: true, lends: true, roundRobin: false },
} as const satisfies Record<string, PolicyRules>;

export type Policy = keyof typeof RULES;

/** A table of policies: each one's rules, by name, and the names in order; both frozen. */
export interface PolicyTable<P extends string = string> {
  readonly rules: Readonly<Record<P, PolicyRules>>;
  readonly names: readonly P[];
}

/** Makes a frozen table of policies from their rules, in the order given: the library's, or a test's own. */
export function policyTable<P extends string>(rules: Record<P, PolicyRules>): PolicyTable<P> {
  const copied = Object.fromEntries(
    Object.entries<PolicyRules>(rules).map(([name, rule]) => [name, Object.freeze({ ...rule })]),
  ) as Record<P, PolicyRules>;
  return Object.freeze({ rules: Object.freeze(copied), names: Object.freeze(Object.keys(copied) as P[]) });
}

const TABLE = policyTable(RULES);
/** Every policy's rules, by name: all that the model knows of a policy. Frozen. */
export const POLICY_RULES: Readonly<Record<Policy, PolicyRules>> = TABLE.rules;
/** Every policy, in the order the elements list them. Frozen. */
export const POLICIES: readonly Policy[] = TABLE.names;

/**
 * Whether a tenant may use a slot under `rules`: any slot of a shared pool; under partitions, its
 * home slots (`own`), and, where slots are lent, the other tenant's while `othersWaiting` is 0.
 */
export const mayUse = (rules: PolicyRules, own: boolean, othersWaiting: number): boolean =>
  !rules.partitioned || own || (rules.lends && othersWaiting === 0);

export const FAULTS = ['none', 'stall', 'fail-fast'] as const;
export type Fault = (typeof FAULTS)[number];

/**
 * Where a call's timeout starts: at its `arrival`, so time in the queue uses it up (the timeout
 * wraps the bulkhead), or at its `start` (the timeout sits inside the bulkhead: a waiting call has
 * no deadline).
 */
export const TIMEOUT_FROM = ['arrival', 'start'] as const;
export type TimeoutFrom = (typeof TIMEOUT_FROM)[number];

/** The inputs of retries and recovery, in the order they are checked (after `horizon`, which `aRecovers` depends on). */
export const RETRY_FIELDS = ['aRecovers', 'retries', 'retryDelay', 'retryBudget'] as const;
export type RetryField = (typeof RETRY_FIELDS)[number];

/** How clients retry and when A recovers (docs/MODEL.md, Retries and recovery). */
export interface RetrySettings {
  /** The first tick from which A calls that start are healthy; null: A stays faulty all window. */
  aRecovers: number | null;
  /** Extra attempts a client makes for one request after an attempt failed, timed out or was rejected. */
  retries: number;
  /** Ticks from the end of an attempt to the offer of the next. */
  retryDelay: number;
  /** Percent: a tenant sends a retry only while 100 × (its retries sent + 1) ≤ this × its first attempts offered; null: no budget. */
  retryBudget: number | null;
}

/** A config's retry settings, each left out one at its default. */
export const retrySettings = ({
  aRecovers = null,
  retries = 0,
  retryDelay = 1,
  retryBudget = null,
}: Partial<RetrySettings>): RetrySettings => ({ aRecovers, retries, retryDelay, retryBudget });

/** Without retry settings, the model is the one without retries: A faulty all window, no retries. */
export const RETRY_DEFAULTS: Readonly<RetrySettings> = Object.freeze(retrySettings({}));

/**
 * The inputs of one scenario. The retry settings and `timeoutFrom` are optional: a config keeps only
 * those it was given, and one without them is exactly the model without retries, its timeouts
 * counted from arrival.
 */
export interface LabConfig extends Partial<RetrySettings> {
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
  /** Where timeouts start (see `TIMEOUT_FROM`); left out: `arrival`. */
  timeoutFrom?: TimeoutFrom;
}

/** The inputs chosen by name. */
export type ChoiceField = 'policy' | 'aFault' | 'timeoutFrom';

/** The inputs that are always a whole number (the retry settings are not: some may be none). */
export type NumericField = Exclude<keyof LabConfig, ChoiceField | RetryField>;

/** Each input chosen by name, and the names it takes. */
export const CHOICES: Readonly<Record<ChoiceField, readonly string[]>> = {
  policy: POLICIES,
  aFault: FAULTS,
  timeoutFrom: TIMEOUT_FROM,
};

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

/** The most requests one simulation may offer in all, and the most attempts it may send counting every retry. */
export const MAX_OFFERED = 10_000_000;

interface Range {
  min: number;
  max: number;
}

const COUNT_MAX = 1_000_000;

/** Ranges the programmatic API accepts. `reservedA`, `lastArrival` and `aRecovers` depend on other fields. */
function apiRange(field: NumericField | RetryField, config: LabConfig): Range {
  switch (field) {
    case 'aRecovers':
      return { min: 0, max: config.horizon };
    case 'retries':
    case 'retryBudget':
      return { min: 0, max: COUNT_MAX };
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
      return { min: 1, max: COUNT_MAX }; // bEvery, holds, timeouts, retryDelay
  }
}

/**
 * Ranges the elements offer (docs/MODEL.md, Inputs, "UI range"), for controls such as sliders;
 * horizon and lastArrival are fixed there. For a retry setting: its lowest and highest number
 * (`uiValuesOf` in `sweep.ts` lists every value, none included).
 */
export function uiRangeOf(field: NumericField | RetryField, config: LabConfig): Range {
  switch (field) {
    case 'aRecovers':
      return { min: 0, max: config.horizon };
    case 'retries':
      return { min: 0, max: 3 };
    case 'retryDelay':
      return { min: 1, max: 6 };
    case 'retryBudget':
      return { min: 10, max: 100 };
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

/** The retry budgets the elements offer, in percent, besides none. */
export const UI_RETRY_BUDGETS: readonly number[] = [10, 20, 50, 100];

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
  ...RETRY_FIELDS,
  'timeoutFrom',
];

/** The fields that may be none (null). */
const NONE_FIELDS: readonly string[] = ['aRecovers', 'retryBudget'];

const isRetryField = (field: string): field is RetryField => field in RETRY_DEFAULTS;

/** How many requests a config offers over its window (docs/MODEL.md, Workload). */
export function offeredCount(config: Pick<LabConfig, 'aPerTick' | 'bEvery' | 'lastArrival'>): number {
  const ticks = config.lastArrival + 1;
  return ticks * config.aPerTick + Math.floor(config.lastArrival / config.bEvery) + 1;
}

/**
 * The most attempts a config can send: each request at most 1 + `retries`, and no more than one
 * attempt every `retryDelay` ticks from its first arrival to the horizon.
 */
export function maxAttempts(config: LabConfig): number {
  const { retries, retryDelay } = retrySettings(config);
  return offeredCount(config) * (1 + Math.min(retries, Math.floor(config.horizon / retryDelay)));
}

/** The longest text `quoteValue` returns. */
const QUOTE_MAX = 40;

/**
 * `open + encode(source) + close`, or when that is longer than `max`, the longest prefix of
 * `source` that fits with "…" before `close`. The prefix is cut between code points, never inside a
 * surrogate pair, and encoded as a whole, so an escape is never cut either.
 */
function fit(open: string, source: string, close: string, encode = (s: string) => s, max = QUOTE_MAX): string {
  const whole = source.length <= max ? open + encode(source) + close : '';
  if (whole !== '' && whole.length <= max) return whole;
  const chars = [...source.slice(0, max)];
  let text: string;
  while ((text = `${open}${encode(chars.join(''))}…${close}`).length > max) chars.pop();
  return text;
}

/** A string in JSON quotes, at most `max` characters (see `fit`). */
const quoteString = (value: string, max?: number) => fit('"', value, '"', (s) => JSON.stringify(s).slice(1, -1), max);

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
        return quoteString(value);
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
 * a smaller `slots` or `horizon` given alongside; retry settings it leaves out stay out.
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
      // The key is cut shorter than a value, so that the message stays short with every known field listed.
      throw new RangeError(`config: unknown field ${quoteString(key, 30)}; known fields are ${FIELDS.join(', ')}`);
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
    const allowed = CHOICES[field as ChoiceField];
    if (allowed) {
      if (!allowed.includes(given as string)) {
        throw new RangeError(`${field}: ${shown(given)} is not one of ${allowed.join(', ')}`);
      }
      (config as unknown as Record<string, unknown>)[field] = given;
      continue;
    }
    const { min, max } = apiRange(field as NumericField | RetryField, config);
    const noneAllowed = NONE_FIELDS.includes(field);
    if (!(noneAllowed && given === null)) {
      if (typeof given !== 'number' || !Number.isInteger(given) || given < min || given > max) {
        const kind = `${noneAllowed ? 'null or ' : ''}an integer`;
        throw new RangeError(`${field}: ${shown(given)} is not ${kind} from ${min} to ${max}`);
      }
    }
    (config as Record<string, unknown>)[field] = given;
  }
  const offered = offeredCount(config);
  if (offered > MAX_OFFERED) {
    throw new RangeError(
      `aPerTick, bEvery, lastArrival: they offer ${offered} requests; at most ${MAX_OFFERED} are allowed`,
    );
  }
  const attempts = maxAttempts(config);
  if (attempts > MAX_OFFERED) {
    throw new RangeError(
      `retries: ${config.retries} lets ${offered} requests send up to ${attempts} attempts; at most ${MAX_OFFERED} are allowed`,
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

/** The whole number nearest a value; a number too large for a double (`1e400`) stays ±Infinity, to clamp like `1e6`. */
function parseInteger(value: unknown): number | undefined {
  const n = numberIn(value);
  return Number.isNaN(n) ? undefined : Math.round(n);
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
    const allowed = CHOICES[field as ChoiceField];
    if (allowed) {
      if (given === undefined) continue;
      if (allowed.includes(given as string)) {
        (config as unknown as Record<string, unknown>)[field] = given;
      } else {
        // Where timeouts start, the one choice a config may leave out, means its first value then.
        const used = ((config as unknown as Record<string, unknown>)[field] =
          DEFAULT_CONFIG[field as ChoiceField] ?? allowed[0]);
        problems.push({
          field,
          value: valueOf(given),
          used,
          message: `${field}: ${shown(given)} is not one of ${allowed.join(', ')}; using ${used}`,
        });
      }
      continue;
    }
    const number = field as NumericField | RetryField;
    const retry = isRetryField(number);
    const { min, max } = uiRangeOf(number, config);
    const clamp = (n: number) => Math.min(max, Math.max(min, n));
    const fallback = retry ? RETRY_DEFAULTS[number] : clamp(DEFAULT_CONFIG[number]);
    if (given === undefined) {
      // A retry setting left out stays out, which means its default.
      if (!retry) config[number] = fallback!;
      continue;
    }
    const noneAllowed = NONE_FIELDS.includes(field);
    if (noneAllowed && (given === null || (typeof given === 'string' && /^\s*none\s*$/i.test(given)))) {
      (config as Record<string, unknown>)[field] = null;
      continue;
    }
    const parsed = parseInteger(given);
    // A budget goes to the nearest one offered; of two as near, the smaller.
    const used =
      parsed === undefined
        ? fallback
        : field === 'retryBudget'
          ? UI_RETRY_BUDGETS.reduce((best, v) =>
              Math.abs(v - clamp(parsed)) < Math.abs(best - clamp(parsed)) ? v : best,
            )
          : clamp(parsed);
    (config as Record<string, unknown>)[field] = used;
    if (used !== numberIn(given)) {
      const range =
        min === max
          ? `fixed at ${min}`
          : field === 'retryBudget'
            ? UI_RETRY_BUDGETS.join(', ')
            : `a whole number from ${min} to ${max}`;
      problems.push({
        field,
        value: valueOf(given),
        used,
        message: `${field}: ${shown(given)} is not ${noneAllowed ? 'none or ' : ''}${range}; using ${used ?? 'none'}`,
      });
    }
  }
  return { config, problems };
}

export type PresetName = 'stalled-dependency' | 'count-every-request' | 'slow-vs-dead' | 'retry-storm';

export interface Preset {
  title: string;
  config: LabConfig;
}

/** A preset is a few changes to the defaults (a test checks each against `validateConfig`). */
const presetConfig = (changes: Partial<LabConfig>): LabConfig => Object.freeze({ ...DEFAULT_CONFIG, ...changes });

/** Each preset's config: all the elements read of a preset. */
export const PRESET_CONFIGS: Readonly<Record<PresetName, LabConfig>> = Object.freeze({
  'stalled-dependency': presetConfig({ policy: 'shared-fifo' }),
  'count-every-request': presetConfig({ policy: 'shared-round-robin' }),
  'slow-vs-dead': presetConfig({
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
  'retry-storm': presetConfig({
    policy: 'shared-fifo',
    slots: 5,
    reservedA: 3,
    aPerTick: 1,
    bEvery: 1,
    aFault: 'stall',
    aHold: 3,
    aTimeout: 3,
    bHold: 2,
    bTimeout: 2,
    queueCap: 6,
    aRecovers: 3,
    retries: 3,
  }),
});

/** The presets with their titles: the model's API (the elements read `PRESET_CONFIGS`). */
export const presets: Readonly<Record<PresetName, Readonly<Preset>>> = /* @__PURE__ */ presetsWithTitles();

/**
 * The presets with their titles, made in a function so that a build which never reads `presets`
 * (the elements read `PRESET_CONFIGS`) leaves all of it out, the reads of `PRESET_CONFIGS` included.
 */
function presetsWithTitles(): Readonly<Record<PresetName, Readonly<Preset>>> {
  return Object.freeze({
    'stalled-dependency': {
      title: 'Failure isolation: contain a stalled dependency',
      config: PRESET_CONFIGS['stalled-dependency'],
    },
    'count-every-request': {
      title: 'Tenant service targets: count every offered request',
      config: PRESET_CONFIGS['count-every-request'],
    },
    'slow-vs-dead': {
      title: 'Failure isolation: a slow dependency hurts more than a dead one',
      config: PRESET_CONFIGS['slow-vs-dead'],
    },
    'retry-storm': {
      title: 'Retries and recovery: a retry storm outlasts its cause',
      config: PRESET_CONFIGS['retry-storm'],
    },
  });
}
