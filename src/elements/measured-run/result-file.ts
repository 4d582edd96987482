/**
 * The parts of the measured companion's JSON (`npm run experiment`, schema
 * `bulkhead-lab/measured-run` versions 1 to 3, described in experiment/README.md) that the chart
 * reads, and a check that a fetched file has them, each within its range. Fields only later
 * versions have are optional here. The check is done in steps (`readingResultFile`), so a page can
 * read a large file a slice at a time; every list it reads is bounded, and every text cut short.
 */
import { msg, str } from '../../i18n/msg.js';
import { decimal } from '../../i18n/words.js';
import { atOnce } from './slices.js';

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
/** The most endpoints of one run the chart draws: the experiment writes two, /a and /b. */
export const MAX_ENDPOINTS_PER_RUN = 8;
/** The most endpoints (table rows) in a whole file: twice the most the experiment writes, 320 runs of two. */
export const MAX_ENDPOINTS = 1_280;
/** The most entries of a short list (a run's busy reasons or limits, the load averages); the experiment writes at most four. */
export const MAX_ENTRIES = 16;
/** The longest free text kept (the label, a note, a busy reason); longer ones are cut, with an ellipsis. */
export const MAX_TEXT = 2_000;
/** The longest name (a run's, a pool's, a path) or machine fact kept. */
export const MAX_NAME = 200;

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

/** `text`, or its first `max` characters and an ellipsis when it is longer. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Cuts the strings at `keys` of `copy` (the chart's own copy of an object of the file) to `max` characters. */
function cutTexts(copy: Record<string, unknown>, max: number, ...keys: string[]) {
  for (const key of keys) if (typeof copy[key] === 'string') copy[key] = cut(copy[key], max);
}

/** The list at `path`, refused when it holds more than `max` entries. */
function shortList(value: unknown, path: string, max = MAX_ENTRIES): unknown[] {
  const entries = list(value, path);
  if (entries.length > max)
    throw new ReadError(() =>
      msg(str`${path}: there are ${decimal(entries.length)} entries, and this chart reads at most ${max}`),
    );
  return entries;
}

/** Windows checked between two steps of the reading. */
const WINDOWS_PER_STEP = 256;

function* readEndpoint(value: unknown, path: string): Generator<void, EndpointResult> {
  const endpoint = { ...object(value, path) };
  strings(endpoint, path, 'path');
  cutTexts(endpoint, MAX_NAME, 'path');
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
  for (let w = 0; w < windows.length; w++) {
    const at = `${path}.windows[${w}]`;
    const entry = object(windows[w], at);
    numbers(entry, at, 'tMs', ...COUNTS);
    numbersOrNull(entry, at, 'p50Ms', 'p99Ms');
    counts(entry, at, ...COUNTS);
    outcomesAddUp(entry, at);
    inRange(entry, at, ['tMs'], -MAX_MS, MAX_MS, timeFrom(-MAX_MS, MAX_MS));
    millisecondsOrNull(entry, at, 'p50Ms', 'p99Ms');
    if (w % WINDOWS_PER_STEP === WINDOWS_PER_STEP - 1) yield;
  }
  return endpoint as unknown as EndpointResult;
}

/**
 * Reads `data` as a result file in steps (run them with `inSlices`, or `checkResultFile` at once):
 * returns the chart's own copy of it, with every text cut short, or throws a ReadError saying what
 * is wrong. Each message names the path of the first bad field, such as
 * `runs[0].endpoints[1].windows[3].p99Ms`.
 */
export function* readingResultFile(data: unknown): Generator<void, MeasuredRunFile> {
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
  const meta = { ...object(data.meta, 'meta') };
  strings(meta, 'meta', 'date');
  if (meta.label !== undefined) strings(meta, 'meta', 'label');
  cutTexts(meta, MAX_NAME, 'date');
  cutTexts(meta, MAX_TEXT, 'label');
  const machine = (meta.machine = { ...object(meta.machine, 'meta.machine') });
  strings(machine, 'meta.machine', 'nodeVersion', 'cpuModel', 'platform');
  cutTexts(machine, MAX_NAME, 'nodeVersion', 'cpuModel', 'platform');
  numbers(machine, 'meta.machine', 'cpuCount');
  inRange(machine, 'meta.machine', ['cpuCount'], 1, 1e5, wholeFrom(1, 1e5), { whole: true });
  if (machine.loadAverageAtStart !== undefined) {
    shortList(machine.loadAverageAtStart, 'meta.machine.loadAverageAtStart').forEach((value, i) => {
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
  const given = list(data.runs, 'runs');
  if (given.length > MAX_RUNS) {
    throw new ReadError(() =>
      msg(
        str`runs: there are ${decimal(given.length)} runs, and this chart shows at most ${decimal(MAX_RUNS)} (${MAX_CONFIGURATIONS} configurations of ${MAX_RUNS / MAX_CONFIGURATIONS} repeats; split the file, or chart fewer repeats)`,
      ),
    );
  }
  let windowCount = 0;
  let endpointCount = 0;
  const names = new Set<unknown>();
  const runs: RunResult[] = [];
  for (let r = 0; r < given.length; r++) {
    const at = `runs[${r}]`;
    const run = { ...object(given[r], at) };
    strings(run, at, 'name', 'pool', 'scenario');
    // Two names alike in their first MAX_NAME characters are read as one configuration.
    cutTexts(run, MAX_NAME, 'name', 'pool', 'scenario');
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
      run.busyReasons = shortList(run.busyReasons, `${at}.busyReasons`).map((reason, i) => {
        if (typeof reason !== 'string') throw new BadField(`${at}.busyReasons[${i}]`, aString, reason);
        return cut(reason, MAX_TEXT);
      });
    }
    if (second) {
      numbers(run, at, 'leadMs');
      inRange(run, at, ['leadMs'], 0, MAX_MS, timeFrom(0, MAX_MS));
      strings(run, at, 'faultMode');
      cutTexts(run, MAX_NAME, 'faultMode');
      run.limits = shortList(run.limits, `${at}.limits`).map((item, l) => {
        const limit = { ...object(item, `${at}.limits[${l}]`) };
        strings(limit, `${at}.limits[${l}]`, 'resource');
        cutTexts(limit, MAX_NAME, 'resource');
        numbers(limit, `${at}.limits[${l}]`, 'atMs');
        inRange(limit, `${at}.limits[${l}]`, ['atMs'], -MAX_MS, MAX_MS, timeFrom(-MAX_MS, MAX_MS));
        return limit;
      });
      const model = (run.model = { ...object(run.model, `${at}.model`) });
      strings(model, `${at}.model`, 'note');
      cutTexts(model, MAX_TEXT, 'note');
      if (model.predicted !== null) {
        const predicted = object(model.predicted, `${at}.model.predicted`);
        numbers(predicted, `${at}.model.predicted`, 'a', 'b');
        inRange(predicted, `${at}.model.predicted`, ['a', 'b'], 0, 1, aShare);
      }
    }
    const endpoints = list(run.endpoints, `${at}.endpoints`);
    if (endpoints.length > MAX_ENDPOINTS_PER_RUN)
      throw new ReadError(() =>
        msg(
          str`${at}.endpoints: there are ${decimal(endpoints.length)} endpoints, and this chart draws at most ${MAX_ENDPOINTS_PER_RUN} per run (the experiment writes 2, /a and /b)`,
        ),
      );
    endpointCount += endpoints.length;
    if (endpointCount > MAX_ENDPOINTS)
      throw new ReadError(() =>
        msg(
          str`runs: there are more than ${decimal(MAX_ENDPOINTS)} endpoints in the file, and this chart draws at most that many (split the file)`,
        ),
      );
    const read: EndpointResult[] = [];
    for (let e = 0; e < endpoints.length; e++) {
      const endpoint = yield* readEndpoint(endpoints[e], `${at}.endpoints[${e}]`);
      read.push(endpoint);
      windowCount += endpoint.windows.length;
      if (windowCount > MAX_WINDOWS)
        throw new ReadError(() =>
          msg(
            str`runs: there are more than ${decimal(MAX_WINDOWS)} windows in the file, and this chart draws at most that many (use longer windows, or fewer runs)`,
          ),
        );
      yield;
    }
    run.endpoints = read;
    runs.push(run as unknown as RunResult);
  }
  return { ...data, meta, runs } as unknown as MeasuredRunFile;
}

/** `readingResultFile` at once: the file as the chart reads it, or a ReadError saying what is wrong. */
export const checkResultFile = (data: unknown): MeasuredRunFile => atOnce(readingResultFile(data));
