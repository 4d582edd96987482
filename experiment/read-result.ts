// Reads a result file of `npm run experiment` back: JSON, the shape the reading and the chart need,
// and the names older versions used. Every problem is one Error naming the file and the field.
import { checkResultFile } from '../src/elements/measured-run/result-file.js';
import type { MeasuredRunFile } from './types.js';

type Loose = Record<string, unknown>;

/** Fields the reading uses beyond what the chart checks, as paths inside one run. */
const RUN_NUMBERS = [
  'hostCpu.otherCores',
  'eventLoop.service.peakMs',
  'eventLoop.generator.peakMs',
  'settings.poolSize',
  'settings.queueSize',
  'connections.waitingPeak',
  'connections.waited.A',
  'connections.waited.B',
];
const ENDPOINT_NUMBERS = ['lead.sent', 'lead.ok', 'service.notReceived', 'service.answeredAfterClientGaveUp'];
const ENDPOINT_PATHS = ['/a', '/b'];
/** Lists the reading walks in each run. */
const RUN_LISTS = ['eventLoop.service.windows', 'eventLoop.generator.windows', 'bulkheads', 'limits'];

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((owner, key) => (owner as Loose | null)?.[key], value);
}

function requireNumbers(owner: unknown, where: string, paths: readonly string[]): void {
  for (const path of paths) {
    const value = at(owner, path);
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new Error(`${where}.${path}: expected a number, got ${JSON.stringify(value) ?? 'nothing'}`);
  }
}

function requireLists(owner: unknown, where: string, paths: readonly string[]): void {
  for (const path of paths) {
    const value = at(owner, path);
    if (!Array.isArray(value))
      throw new Error(`${where}.${path}: expected a list, got ${JSON.stringify(value) ?? 'nothing'}`);
  }
}

/**
 * Files before version 3 called the load generator's timeout `clientTimeoutMs` (and its count
 * `clientTimeouts`), ran each configuration once and marked no run busy: read them in today's names,
 * each run as its only repeat, with `busy` null (not checked).
 */
function upgrade(file: Loose): void {
  const options = file.options as Loose;
  if ('clientTimeoutMs' in options) {
    options.generatorTimeoutMs ??= options.clientTimeoutMs;
    delete options.clientTimeoutMs;
  }
  options.repeat ??= 1;
  for (const run of file.runs as Loose[]) {
    run.repeat ??= 1;
    run.busy ??= null;
    run.busyReasons ??= [];
    for (const endpoint of run.endpoints as Loose[]) {
      const totals = endpoint.totals as Loose;
      if ('clientTimeouts' in totals) {
        totals.generatorTimeouts ??= totals.clientTimeouts;
        delete totals.clientTimeouts;
      }
    }
  }
}

/** The result file in `text` (read from `where`), or an Error whose message is one line. */
export function parseResult(text: string, where: string): MeasuredRunFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON (${(error as Error).message})`, { cause: error });
  }
  try {
    checkResultFile(data);
    const file = data as Loose;
    const runs = file.runs as Loose[];
    // The reading sets /a beside /b in every run, and figures over all runs: it needs both, and a run.
    if (runs.length === 0) throw new Error('runs: there is no run to read');
    if (typeof at(file, 'meta.finishedAt') !== 'string')
      throw new Error(
        `meta.finishedAt: expected a string, got ${JSON.stringify(at(file, 'meta.finishedAt')) ?? 'nothing'}`,
      );
    requireNumbers(file.meta, 'meta', ['machine.totalMemoryMb']);
    runs.forEach((run, r) => {
      requireNumbers(run, `runs[${r}]`, RUN_NUMBERS);
      requireLists(run, `runs[${r}]`, RUN_LISTS);
      const endpoints = run.endpoints as Loose[];
      endpoints.forEach((endpoint, e) => requireNumbers(endpoint, `runs[${r}].endpoints[${e}]`, ENDPOINT_NUMBERS));
      for (const path of ENDPOINT_PATHS)
        if (!endpoints.some((endpoint) => endpoint.path === path))
          throw new Error(
            `runs[${r}].endpoints: there is no ${path} endpoint; the reading needs /a and /b in every run`,
          );
    });
    upgrade(file);
    return data as MeasuredRunFile;
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
  }
}
