/**
 * The parts of the measured companion's JSON (`npm run experiment`, schema
 * `bulkhead-lab/measured-run` version 1, described in experiment/README.md) that the chart reads,
 * and a check that a fetched file has them.
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
  endpoints: EndpointResult[];
}

export interface MeasuredRunFile {
  schema: 'bulkhead-lab/measured-run';
  schemaVersion: number;
  meta: { date: string; label: string; machine: { nodeVersion: string; cpuCount: number; cpuModel: string; platform: string } };
  options: { ratePerSecond: number; durationMs: number; poolSize: number; timeoutMs: number };
  runs: RunResult[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Throws an Error saying what is missing when `data` is not a result file this chart can read. */
export function checkResultFile(data: unknown): MeasuredRunFile {
  if (!isObject(data) || data.schema !== 'bulkhead-lab/measured-run') {
    throw new Error('this is not a bulkhead-lab measured-run file (no "schema": "bulkhead-lab/measured-run")');
  }
  if (data.schemaVersion !== 1) throw new Error(`schema version ${String(data.schemaVersion)} is not supported (expected 1)`);
  if (!isObject(data.meta) || !isObject(data.meta.machine) || !isObject(data.options)) throw new Error('"meta" or "options" is missing');
  if (!Array.isArray(data.runs)) throw new Error('"runs" is missing');
  for (const run of data.runs) {
    if (!isObject(run) || typeof run.name !== 'string' || !Array.isArray(run.endpoints)) throw new Error('a run has no name or endpoints');
    for (const endpoint of run.endpoints) {
      if (!isObject(endpoint) || !isObject(endpoint.totals) || !Array.isArray(endpoint.windows)) {
        throw new Error(`run ${run.name}: an endpoint has no totals or windows`);
      }
    }
  }
  return data as unknown as MeasuredRunFile;
}
