/**
 * The parts of the measured companion's JSON (`npm run experiment`, schema
 * `bulkhead-lab/measured-run` versions 1 to 3, described in experiment/README.md) that the chart
 * reads, and a check that a fetched file has them, each within its range. Fields only later
 * versions have are optional here.
 */
import { msg, str } from '../../i18n/msg.js';
import { decimal } from '../../i18n/words.js';

export interface OutcomeCounts {
  sent: number;
  ok: number;
  timeout: number;
  rejected: number;
  other: number;
}

export interface EndpointWindow extends OutcomeCounts {
  tMs: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

export interface EndpointResult {
  path: string;
  totals: OutcomeCounts & {
    successRate: number | null;
    p50Ms: number | null;
    p99Ms: number | null;
    achievedRatePerSecond: number;
    lateSends: number;
    poolOccupancyPeak: number;
    poolCapacity: number;
    eventLoopDelayPeakMs: number;
  };
  windows: EndpointWindow[];
}

export interface RunResult {
  name: string;
  /** Version 3: which repeat of this configuration the run is, from 1. */
  repeat?: number;
  /** Version 3: true when a busy machine held the run up; its figures then count for nothing. */
  busy?: boolean | null;
  busyReasons?: string[];
  pool: string;
  scenario: string;
  durationMs: number;
  windowMs: number;
  /** Version 2: the healthy time measured before the fault (windows with tMs < 0). */
  leadMs?: number;
  faultMode?: string;
  /** Version 2: resources in the order they reached their limit after the fault. */
  limits?: { resource: string; atMs: number }[];
  /** Version 2: the tick model's closest configuration, in words, and what it predicts. */
  model?: { note: string; predicted: { a: number; b: number } | null };
  endpoints: EndpointResult[];
}

export interface MeasuredRunFile {
  schema: 'bulkhead-lab/measured-run';
  schemaVersion: number;
  meta: {
    date: string;
    label?: string;
    machine: {
      nodeVersion: string;
      cpuCount: number;
      cpuModel: string;
      platform: string;
      loadAverageAtStart?: number[];
    };
  };
  options: {
    ratePerSecond: number;
    durationMs: number;
    poolSize: number;
    timeoutMs: number;
    leadMs?: number;
    /** Version 3: how many times each configuration ran. */
    repeat?: number;
  };
  runs: RunResult[];
}

/** The most windows per endpoint the chart draws; a 300-unit-wide chart shows far fewer anyway. */
export const MAX_WINDOWS_PER_ENDPOINT = 10_000;
/** The most runs the chart shows: what the experiment writes at most (32 configurations, 10 repeats each). */
export const MAX_RUNS = 320;
/** The most configurations (distinct run names) the chart draws: what `--runs` names at most. */
export const MAX_CONFIGURATIONS = 32;
/** The most windows in a whole file: the most runs with two endpoints of a default run's 55 windows, and room. */
export const MAX_WINDOWS = 50_000;

/** Counts and times beyond these are not measurements of one run on one machine. */
const MAX_COUNT = 1e9;
const MAX_MS = 1e7;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A bad value as a message quotes it: strings in quotes, long ones cut to about 40 characters. */
export function quote(value: unknown): string {
  if (value === undefined) return msg('nothing');
  if (Array.isArray(value)) return anArray();
  if (typeof value === 'object' && value !== null) return anObject();
  // Objects and arrays are described above; what is left prints as itself.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * What is wrong with a file. Its message is worded each time it is read, so an element shows it in
 * its own language, and again in another if its `lang` changes.
 */
export class ReadError extends RangeError {
  readonly #words: () => string;

  constructor(words: () => string) {
    super();
    this.#words = words;
  }

  override get message(): string {
    return this.#words();
  }
}

/** What a field should have held, in a few words: `a number`, `a share from 0 to 1`. */
type Expected = () => string;

const anObject: Expected = () => msg('an object');
const anArray: Expected = () => msg('an array');
const aString: Expected = () => msg('a string');
const aNumber: Expected = () => msg('a number');
const aShare: Expected = () => msg('a share from 0 to 1');
const wholeFrom =
  (low: number, high: number): Expected =>
  () =>
    msg(str`a whole number from ${decimal(low)} to ${decimal(high)}`);
const timeFrom =
  (low: number, high: number): Expected =>
  () =>
    msg(str`a time from ${decimal(low)} to ${decimal(high)} ms`);

class BadField extends ReadError {
  constructor(path: string, expected: Expected, value: unknown) {
    super(() => msg(str`${path}: expected ${expected()}, got ${quote(value)}`));
  }
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) throw new BadField(path, anObject, value);
  return value;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new BadField(path, anArray, value);
  return value;
}

function strings(owner: Record<string, unknown>, path: string, ...keys: string[]) {
  for (const key of keys) {
    if (typeof owner[key] !== 'string') throw new BadField(`${path}.${key}`, aString, owner[key]);
  }
}

function numbers(owner: Record<string, unknown>, path: string, ...keys: string[]) {
  for (const key of keys) {
    const value = owner[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new BadField(`${path}.${key}`, aNumber, value);
  }
}

function numbersOrNull(owner: Record<string, unknown>, path: string, ...keys: string[]) {
  for (const key of keys) {
    const value = owner[key];
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new BadField(`${path}.${key}`, () => msg('a number or null'), value);
    }
  }
}

function inRange(
  owner: Record<string, unknown>,
  path: string,
  keys: readonly string[],
  low: number,
  high: number,
  expected: Expected,
  { whole = false, orNull = false } = {},
) {
  for (const key of keys) {
    const value = owner[key];
    if (orNull && value === null) continue;
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < low ||
      value > high ||
      (whole && !Number.isInteger(value))
    )
      throw new BadField(`${path}.${key}`, orNull ? () => msg(str`${expected()} or null`) : expected, value);
  }
}

const counts = (owner: Record<string, unknown>, path: string, ...keys: string[]) =>
  inRange(owner, path, keys, 0, MAX_COUNT, () => msg(str`a count (a whole number from 0 to ${decimal(MAX_COUNT)})`), {
    whole: true,
  });
const millisecondsOrNull = (owner: Record<string, unknown>, path: string, ...keys: string[]) =>
  inRange(owner, path, keys, 0, MAX_MS, timeFrom(0, MAX_MS), { orNull: true });
const positive = (owner: Record<string, unknown>, path: string, high: number, ...keys: string[]) =>
  inRange(owner, path, keys, Number.MIN_VALUE, high, () => msg(str`a number above 0, at most ${decimal(high)}`));

/** ok + timeout + rejected + other must be what was sent: each request has one outcome. */
function outcomesAddUp(owner: Record<string, unknown>, path: string) {
  const sum = (owner.ok as number) + (owner.timeout as number) + (owner.rejected as number) + (owner.other as number);
  if (sum !== owner.sent)
    throw new ReadError(() =>
      msg(str`${path}: ok + timeout + rejected + other is ${decimal(sum)}, but sent is ${quote(owner.sent)}`),
    );
}

const COUNTS = ['sent', 'ok', 'timeout', 'rejected', 'other'];

function checkEndpoint(value: unknown, path: string) {
  const endpoint = object(value, path);
  strings(endpoint, path, 'path');
  const totals = object(endpoint.totals, `${path}.totals`);
  const at = `${path}.totals`;
  numbers(totals, at, ...COUNTS, 'achievedRatePerSecond', 'lateSends', 'poolOccupancyPeak', 'poolCapacity');
  numbers(totals, at, 'eventLoopDelayPeakMs');
  numbersOrNull(totals, at, 'successRate', 'p50Ms', 'p99Ms');
  counts(totals, at, ...COUNTS, 'lateSends', 'poolOccupancyPeak', 'poolCapacity');
  outcomesAddUp(totals, at);
  inRange(totals, at, ['successRate'], 0, 1, aShare, { orNull: true });
  millisecondsOrNull(totals, at, 'p50Ms', 'p99Ms', 'eventLoopDelayPeakMs');
  inRange(totals, at, ['achievedRatePerSecond'], 0, MAX_COUNT, () => msg(str`a rate from 0 to ${decimal(MAX_COUNT)}`));
  const windows = list(endpoint.windows, `${path}.windows`);
  if (windows.length > MAX_WINDOWS_PER_ENDPOINT) {
    throw new ReadError(() =>
      msg(
        str`${path}.windows: there are ${decimal(windows.length)} windows, and this chart draws at most ${decimal(MAX_WINDOWS_PER_ENDPOINT)} per endpoint (use longer windows)`,
      ),
    );
  }
  windows.forEach((item, w) => {
    const at = `${path}.windows[${w}]`;
    const entry = object(item, at);
    numbers(entry, at, 'tMs', ...COUNTS);
    numbersOrNull(entry, at, 'p50Ms', 'p99Ms');
    counts(entry, at, ...COUNTS);
    outcomesAddUp(entry, at);
    inRange(entry, at, ['tMs'], -MAX_MS, MAX_MS, timeFrom(-MAX_MS, MAX_MS));
    millisecondsOrNull(entry, at, 'p50Ms', 'p99Ms');
  });
  return windows.length;
}

/**
 * Throws an Error saying what is wrong when `data` is not a result file this chart can read: each
 * message names the path of the first bad field, such as `runs[0].endpoints[1].windows[3].p99Ms`.
 */
export function checkResultFile(data: unknown): MeasuredRunFile {
  if (!isObject(data) || data.schema !== 'bulkhead-lab/measured-run') {
    throw new ReadError(() =>
      msg('this is not a bulkhead-lab measured-run file (no "schema": "bulkhead-lab/measured-run")'),
    );
  }
  if (data.schemaVersion !== 1 && data.schemaVersion !== 2 && data.schemaVersion !== 3)
    throw new ReadError(() =>
      msg(str`schema version ${quote(data.schemaVersion)} is not supported (expected 1, 2 or 3)`),
    );
  const second = data.schemaVersion !== 1;
  const third = data.schemaVersion === 3;
  const meta = object(data.meta, 'meta');
  strings(meta, 'meta', 'date');
  if (meta.label !== undefined) strings(meta, 'meta', 'label');
  const machine = object(meta.machine, 'meta.machine');
  strings(machine, 'meta.machine', 'nodeVersion', 'cpuModel', 'platform');
  numbers(machine, 'meta.machine', 'cpuCount');
  inRange(machine, 'meta.machine', ['cpuCount'], 1, 1e5, wholeFrom(1, 1e5), { whole: true });
  if (machine.loadAverageAtStart !== undefined) {
    list(machine.loadAverageAtStart, 'meta.machine.loadAverageAtStart').forEach((value, i) => {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new BadField(`meta.machine.loadAverageAtStart[${i}]`, aNumber, value);
      if (value < 0 || value > 1e6)
        throw new BadField(
          `meta.machine.loadAverageAtStart[${i}]`,
          () => msg(str`a number from 0 to ${decimal(1e6)}`),
          value,
        );
    });
  }
  const options = object(data.options, 'options');
  numbers(options, 'options', 'ratePerSecond', 'durationMs', 'poolSize', 'timeoutMs');
  positive(options, 'options', 1e6, 'ratePerSecond', 'poolSize');
  positive(options, 'options', MAX_MS, 'durationMs', 'timeoutMs');
  if (second) {
    numbers(options, 'options', 'leadMs');
    inRange(options, 'options', ['leadMs'], 0, MAX_MS, timeFrom(0, MAX_MS));
  }
  if (third) inRange(options, 'options', ['repeat'], 1, 1000, wholeFrom(1, 1000), { whole: true });
  const runs = list(data.runs, 'runs');
  if (runs.length > MAX_RUNS) {
    throw new ReadError(() =>
      msg(
        str`runs: there are ${decimal(runs.length)} runs, and this chart shows at most ${decimal(MAX_RUNS)} (${MAX_CONFIGURATIONS} configurations of ${MAX_RUNS / MAX_CONFIGURATIONS} repeats; split the file, or chart fewer repeats)`,
      ),
    );
  }
  let windowCount = 0;
  const names = new Set<unknown>();
  runs.forEach((item, r) => {
    const run = object(item, `runs[${r}]`);
    const at = `runs[${r}]`;
    strings(run, at, 'name', 'pool', 'scenario');
    names.add(run.name);
    if (names.size > MAX_CONFIGURATIONS) {
      throw new ReadError(() =>
        msg(
          str`runs: there are more than ${MAX_CONFIGURATIONS} configurations (run names), and this chart draws at most ${MAX_CONFIGURATIONS}, each with its repeats (split the file)`,
        ),
      );
    }
    numbers(run, at, 'durationMs', 'windowMs');
    positive(run, at, MAX_MS, 'durationMs', 'windowMs');
    if (third) {
      inRange(run, at, ['repeat'], 1, 1000, wholeFrom(1, 1000), { whole: true });
      if (typeof run.busy !== 'boolean') throw new BadField(`${at}.busy`, () => msg('true or false'), run.busy);
      list(run.busyReasons, `${at}.busyReasons`).forEach((reason, i) => {
        if (typeof reason !== 'string') throw new BadField(`${at}.busyReasons[${i}]`, aString, reason);
      });
    }
    if (second) {
      numbers(run, at, 'leadMs');
      inRange(run, at, ['leadMs'], 0, MAX_MS, timeFrom(0, MAX_MS));
      strings(run, at, 'faultMode');
      list(run.limits, `${at}.limits`).forEach((limit, l) => {
        strings(object(limit, `${at}.limits[${l}]`), `${at}.limits[${l}]`, 'resource');
        numbers(limit as Record<string, unknown>, `${at}.limits[${l}]`, 'atMs');
        inRange(
          limit as Record<string, unknown>,
          `${at}.limits[${l}]`,
          ['atMs'],
          -MAX_MS,
          MAX_MS,
          timeFrom(-MAX_MS, MAX_MS),
        );
      });
      const model = object(run.model, `${at}.model`);
      strings(model, `${at}.model`, 'note');
      if (model.predicted !== null) {
        const predicted = object(model.predicted, `${at}.model.predicted`);
        numbers(predicted, `${at}.model.predicted`, 'a', 'b');
        inRange(predicted, `${at}.model.predicted`, ['a', 'b'], 0, 1, aShare);
      }
    }
    list(run.endpoints, `runs[${r}].endpoints`).forEach((endpoint, e) => {
      windowCount += checkEndpoint(endpoint, `runs[${r}].endpoints[${e}]`);
      if (windowCount > MAX_WINDOWS)
        throw new ReadError(() =>
          msg(
            str`runs: there are more than ${decimal(MAX_WINDOWS)} windows in the file, and this chart draws at most that many (use longer windows, or fewer runs)`,
          ),
        );
    });
  });
  return data as unknown as MeasuredRunFile;
}
