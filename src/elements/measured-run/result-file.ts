/**
 * The parts of the measured companion's JSON (`npm run experiment`, schema
 * `bulkhead-lab/measured-run` versions 1 and 2, described in experiment/README.md) that the chart
 * reads, and a check that a fetched file has them. Fields only version 2 has are optional here.
 */

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
  options: { ratePerSecond: number; durationMs: number; poolSize: number; timeoutMs: number; leadMs?: number };
  runs: RunResult[];
}

/** The most windows per endpoint the chart draws; a 300-unit-wide chart shows far fewer anyway. */
export const MAX_WINDOWS_PER_ENDPOINT = 10_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A bad value as a message quotes it: strings in quotes, long ones cut to about 40 characters. */
export function quote(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  // Objects and arrays are described above; what is left prints as itself.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

class BadField extends Error {
  constructor(path: string, expected: string, value: unknown) {
    super(`${path}: expected ${expected}, got ${quote(value)}`);
  }
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) throw new BadField(path, 'an object', value);
  return value;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new BadField(path, 'an array', value);
  return value;
}

function strings(owner: Record<string, unknown>, path: string, ...keys: string[]) {
  for (const key of keys) {
    if (typeof owner[key] !== 'string') throw new BadField(`${path}.${key}`, 'a string', owner[key]);
  }
}

function numbers(owner: Record<string, unknown>, path: string, ...keys: string[]) {
  for (const key of keys) {
    const value = owner[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new BadField(`${path}.${key}`, 'a number', value);
  }
}

function numbersOrNull(owner: Record<string, unknown>, path: string, ...keys: string[]) {
  for (const key of keys) {
    const value = owner[key];
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new BadField(`${path}.${key}`, 'a number or null', value);
    }
  }
}

const COUNTS = ['sent', 'ok', 'timeout', 'rejected', 'other'];

function checkEndpoint(value: unknown, path: string) {
  const endpoint = object(value, path);
  strings(endpoint, path, 'path');
  const totals = object(endpoint.totals, `${path}.totals`);
  numbers(
    totals,
    `${path}.totals`,
    ...COUNTS,
    'achievedRatePerSecond',
    'lateSends',
    'poolOccupancyPeak',
    'poolCapacity',
    'eventLoopDelayPeakMs',
  );
  numbersOrNull(totals, `${path}.totals`, 'successRate', 'p50Ms', 'p99Ms');
  const windows = list(endpoint.windows, `${path}.windows`);
  if (windows.length > MAX_WINDOWS_PER_ENDPOINT) {
    throw new Error(
      `${path}.windows: there are ${windows.length} windows, and this chart draws at most ` +
        `${MAX_WINDOWS_PER_ENDPOINT} per endpoint (use longer windows)`,
    );
  }
  windows.forEach((item, w) => {
    const at = `${path}.windows[${w}]`;
    const entry = object(item, at);
    numbers(entry, at, 'tMs', ...COUNTS);
    numbersOrNull(entry, at, 'p50Ms', 'p99Ms');
  });
}

/**
 * Throws an Error saying what is wrong when `data` is not a result file this chart can read: each
 * message names the path of the first bad field, such as `runs[0].endpoints[1].windows[3].p99Ms`.
 */
export function checkResultFile(data: unknown): MeasuredRunFile {
  if (!isObject(data) || data.schema !== 'bulkhead-lab/measured-run') {
    throw new Error('this is not a bulkhead-lab measured-run file (no "schema": "bulkhead-lab/measured-run")');
  }
  if (data.schemaVersion !== 1 && data.schemaVersion !== 2)
    throw new Error(`schema version ${quote(data.schemaVersion)} is not supported (expected 1 or 2)`);
  const second = data.schemaVersion === 2;
  const meta = object(data.meta, 'meta');
  strings(meta, 'meta', 'date');
  if (meta.label !== undefined) strings(meta, 'meta', 'label');
  const machine = object(meta.machine, 'meta.machine');
  strings(machine, 'meta.machine', 'nodeVersion', 'cpuModel', 'platform');
  numbers(machine, 'meta.machine', 'cpuCount');
  if (machine.loadAverageAtStart !== undefined) {
    list(machine.loadAverageAtStart, 'meta.machine.loadAverageAtStart').forEach((value, i) => {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new BadField(`meta.machine.loadAverageAtStart[${i}]`, 'a number', value);
    });
  }
  const options = object(data.options, 'options');
  numbers(options, 'options', 'ratePerSecond', 'durationMs', 'poolSize', 'timeoutMs');
  if (second) numbers(options, 'options', 'leadMs');
  list(data.runs, 'runs').forEach((item, r) => {
    const run = object(item, `runs[${r}]`);
    const at = `runs[${r}]`;
    strings(run, at, 'name', 'pool', 'scenario');
    numbers(run, at, 'durationMs', 'windowMs');
    if (second) {
      numbers(run, at, 'leadMs');
      strings(run, at, 'faultMode');
      list(run.limits, `${at}.limits`).forEach((limit, l) => {
        strings(object(limit, `${at}.limits[${l}]`), `${at}.limits[${l}]`, 'resource');
        numbers(limit as Record<string, unknown>, `${at}.limits[${l}]`, 'atMs');
      });
      const model = object(run.model, `${at}.model`);
      strings(model, `${at}.model`, 'note');
      if (model.predicted !== null)
        numbers(object(model.predicted, `${at}.model.predicted`), `${at}.model.predicted`, 'a', 'b');
    }
    list(run.endpoints, `runs[${r}].endpoints`).forEach((endpoint, e) =>
      checkEndpoint(endpoint, `runs[${r}].endpoints[${e}]`),
    );
  });
  return data as unknown as MeasuredRunFile;
}
