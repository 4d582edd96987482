// What a person reads (tables, progress lines) and what a program reads (the JSON file).
import { closeSync, constants, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { figureOf, groupByName, type Spread } from '../src/elements/measured-run/repeats.js';
import type { EndpointTotals, LimitReached, MeasuredRunFile, Outcome, RunResult, StartCheck } from './types.js';
import type { RunProgress } from './run.js';

/** experiment/results/2025-01-31T12-00-00Z.json: the ISO date without characters some file systems refuse. */
export function defaultOutPath(date: Date): string {
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.join(fileURLToPath(new URL('./results/', import.meta.url)), `${stamp}.json`);
}

export async function writeResult(file: string, result: MeasuredRunFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${formatJson(result)}\n`);
}

const WHY: Record<string, string> = {
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EEXIST: 'a part of its path is a file, not a folder',
  ENOSPC: 'the device has no space left (or refuses every write)',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENXIO: 'nothing reads from it',
};

/** A file-system error in a few words: "it is a folder" rather than a stack. */
export function whyNotWritten(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code && WHY[code]) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Throws a one-line Error when `file` cannot be written, without changing it: a folder, a path under
 * a file, a device that refuses writes (/dev/full). A file that does not exist yet is created and
 * removed again; its folders are left, as the write at the end would make them anyway.
 */
export function checkWritable(file: string): void {
  try {
    const existing = statSync(file, { throwIfNoEntry: false });
    if (existing?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    if (existing) {
      // No O_TRUNC: the file stays as it is. A zero-byte write is refused by a device that refuses all
      // (FileHandle.write skips a zero-byte write; writeSync makes it).
      const fd = openSync(file, constants.O_WRONLY | constants.O_NONBLOCK);
      try {
        writeSync(fd, new Uint8Array(0));
      } finally {
        closeSync(fd);
      }
      return;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    closeSync(openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL));
    unlinkSync(file);
  } catch (error) {
    throw new Error(whyNotWritten(error), { cause: error });
  }
}

const isFlat = (value: unknown): boolean =>
  value === null ||
  typeof value !== 'object' ||
  (!Array.isArray(value) && Object.values(value).every((field) => field === null || typeof field !== 'object'));

/**
 * JSON indented like JSON.stringify(value, null, 2), except that an array of plain values is on one
 * line and an array of flat objects (the windows of a series) has one object per line: the file
 * stays readable and diffs line by line, at about half the size.
 */
export function formatJson(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) return JSON.stringify(value);
    const items = value.every(isFlat)
      ? value.map((item) => JSON.stringify(item))
      : value.map((item) => formatJson(item, inner));
    return `[\n${inner}${items.join(`,\n${inner}`)}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    if (entries.length === 0) return '{}';
    const fields = entries.map(([key, field]) => `${JSON.stringify(key)}: ${formatJson(field, inner)}`);
    return `{\n${inner}${fields.join(`,\n${inner}`)}\n${indent}}`;
  }
  return JSON.stringify(value);
}

const COLUMNS = [
  'endpoint',
  'sent',
  'ok',
  'timeout',
  'rejected',
  'other',
  'success',
  'p50 ms',
  'p99 ms',
  'rate/s',
  'late',
  'pool peak',
  'loop delay ms',
];

const figure = (value: number | null, digits = 1): string => (value === null ? '–' : value.toFixed(digits));
const percent = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

const RESOURCE_WORDS: Record<LimitReached['resource'], string> = {
  pool: 'the pool (a call found every slot busy)',
  connections: 'the connection limit (a call waited for a connection)',
  'event-loop': 'the event loop (a stall)',
};

/** "t = 132 ms" from the fault's start; negative is before it. */
const at = (ms: number): string => `${ms < 0 ? '' : '+'}${Math.round(ms)} ms`;

/** Which resource reached its limit first, then the others, from the run's measurements. */
export function describeLimits(run: RunResult): string {
  if (run.limits.length === 0) return 'no watched resource reached its limit';
  const [first, ...rest] = run.limits as [LimitReached, ...LimitReached[]];
  const then = rest.map((limit) => `${limit.resource} at ${at(limit.atMs)}`);
  return `first ${RESOURCE_WORDS[first.resource]} at ${at(first.atMs)} from the fault${then.length > 0 ? `; then ${then.join(', ')}` : ''}`;
}

const OUTCOMES: Outcome[] = ['ok', 'timeout', 'rejected', 'other'];

/**
 * Checks that the run's counts agree: every request the generator sent was received by the service
 * or not, every request the service received has one answer, each bulkhead's admitted and rejected
 * add up to what its endpoints received, and where the generator's outcome differs from the
 * service's answer, the generator gave up first. Returns what does not hold; empty when all does.
 */
export function reconcile(run: RunResult): string[] {
  const problems: string[] = [];
  const expect = (ok: boolean, message: string): void => {
    if (!ok) problems.push(`${run.name}: ${message}`);
  };
  for (const endpoint of run.endpoints) {
    const t = endpoint.totals;
    const s = endpoint.service;
    const where = endpoint.path;
    expect(t.ok + t.timeout + t.rejected + t.other === t.sent, `${where} sent ${t.sent} ≠ sum of its outcomes`);
    expect(
      s.received + s.notReceived === t.sent,
      `${where} received ${s.received} + not received ${s.notReceived} ≠ sent ${t.sent}`,
    );
    expect(
      s.ok + s.timeout + s.rejected + s.other === s.received,
      `${where} received ${s.received} ≠ sum of the service's answers`,
    );
    let unexplained = 0;
    for (const outcome of OUTCOMES) unexplained += Math.max(0, t[outcome] - s[outcome]);
    expect(
      unexplained <= s.answeredAfterClientGaveUp + s.notReceived,
      `${where}: ${unexplained} outcomes the service never gave, but only ${s.answeredAfterClientGaveUp + s.notReceived} requests where the generator gave up first`,
    );
    for (const outcome of ['ok', 'rejected'] as const) {
      const gap = s[outcome] - t[outcome];
      expect(
        gap >= 0 && gap <= s.answeredAfterClientGaveUp,
        `${where}: the service answered ${s[outcome]} ${outcome}, the generator recorded ${t[outcome]}`,
      );
    }
  }
  for (const bulkhead of run.bulkheads) {
    const mine = run.endpoints.filter((endpoint) => endpoint.bulkhead === bulkhead.name);
    const received = mine.reduce((sum, endpoint) => sum + endpoint.service.received, 0);
    const rejected = mine.reduce((sum, endpoint) => sum + endpoint.service.rejected, 0);
    expect(
      bulkhead.admitted + bulkhead.rejected === received,
      `bulkhead ${bulkhead.name}: admitted ${bulkhead.admitted} + rejected ${bulkhead.rejected} ≠ ${received} received`,
    );
    expect(
      bulkhead.rejected === rejected,
      `bulkhead ${bulkhead.name}: rejected ${bulkhead.rejected} ≠ ${rejected} "rejected" answers`,
    );
  }
  return problems;
}

export function formatRunTable(run: RunResult): string {
  const rows = run.endpoints.map((endpoint) => {
    const t = endpoint.totals;
    return [
      `${endpoint.path} → ${endpoint.dependency}`,
      String(t.sent),
      String(t.ok),
      t.generatorTimeouts > 0 ? `${t.timeout} (${t.generatorTimeouts} by the generator)` : String(t.timeout),
      String(t.rejected),
      String(t.other),
      percent(t.successRate),
      figure(t.p50Ms),
      figure(t.p99Ms),
      figure(t.achievedRatePerSecond),
      String(t.lateSends),
      `${t.poolOccupancyPeak}/${t.poolCapacity} ${endpoint.bulkhead}`,
      figure(t.eventLoopDelayPeakMs),
    ];
  });
  const widths = COLUMNS.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  const bulkheads = run.bulkheads.map((b) => {
    const mine = run.endpoints.filter((endpoint) => endpoint.bulkhead === b.name);
    const kind = b.kind === 'semaphore' ? `waits at most ${b.maxWaitMs} ms` : `queue ${b.queue}`;
    const split = mine.map((endpoint) => `${endpoint.path} ${endpoint.service.rejected}`).join(' + ');
    return (
      `${b.name}: limit ${b.limit}, ${kind}, peak ${b.executingPeak} executing + ${b.queuedPeak} waiting; ` +
      `${b.admitted} admitted, ${b.rejected} rejected (${split}${b.waitExpired > 0 ? `; ${b.waitExpired} after waiting` : ''})`
    );
  });
  const served = run.endpoints.map((endpoint) => {
    const s = endpoint.service;
    return `${endpoint.path} received ${s.received} (ok ${s.ok}, timeout ${s.timeout}, rejected ${s.rejected}, other ${s.other}), gave up first on ${s.answeredAfterClientGaveUp}, never read ${s.notReceived}`;
  });
  const c = run.connections;
  const problems = reconcile(run);
  const model = run.model.predicted
    ? `tick model predicts /a ${percent(run.model.predicted.a)}, /b ${percent(run.model.predicted.b)}; measured ${run.endpoints.map((e) => `${e.path} ${percent(e.totals.successRate)}`).join(', ')}`
    : run.model.note;
  return [
    `${run.name}, repeat ${run.repeat}${run.busy ? `  MACHINE BUSY: ${run.busyReasons.join('; ')}` : ''}`,
    `  (fault: ${run.faultMode}${run.burst ? `, bursts of ${run.burst.size} to /a every ${run.burst.everyMs} ms` : ''}; ${run.leadMs / 1000} s lead, then ${run.durationMs / 1000} s from ${run.startedAt})`,
    line(COLUMNS),
    ...rows.map(line),
    `  bulkheads — ${bulkheads.join('; ')}`,
    `  service — ${served.join('; ')}`,
    `  connections — ${c.limit === null ? 'no limit' : `limit ${c.limit}`}, peak ${c.inUsePeak} in use and ${c.waitingPeak} waiting; calls that waited: A ${c.waited.A}, B ${c.waited.B}`,
    `  limits — ${describeLimits(run)}`,
    `  event-loop delay peak — service ${figure(run.eventLoop.service.peakMs)} ms (busy ${percent(run.eventLoop.service.utilization)}), load generator ${figure(run.eventLoop.generator.peakMs)} ms`,
    `  CPU (cores, of ${os.cpus().length}) — busy ${figure(run.hostCpu.busyCores, 2)}: this experiment ${figure(run.hostCpu.experimentCores, 2)}, other processes ${figure(run.hostCpu.otherCores, 2)}`,
    `  ${model}`,
    ...(problems.length > 0
      ? [`  COUNTS DISAGREE — ${problems.join('; ')}`]
      : ['  counts reconcile: generator, service and bulkheads agree']),
  ].join('\n');
}

/** The line said before the first run when the machine is already busy; null when it is not. */
export function formatStartCheck(check: StartCheck, cpuCount = os.cpus().length): string | null {
  if (!check.busy) return null;
  return (
    `This machine is already busy: load average ${check.loadAverage} on ${cpuCount} cores, and other processes ` +
    `used ${check.otherCores.toFixed(2)} cores in the last second. Runs it holds up will be marked busy and ` +
    'left out of the conclusions; with too many of them, the summary will say the machine was too busy to tell.'
  );
}

const spreadText = (spread: Spread | null, format: (value: number) => string): string =>
  spread === null
    ? '–'
    : format(spread.min) === format(spread.max)
      ? format(spread.median)
      : `${format(spread.median)} (${format(spread.min)}–${format(spread.max)})`;

const SUMMARY_FIGURES: [title: string, key: keyof EndpointTotals, format: (value: number) => string][] = [
  ['success', 'successRate', (value) => `${(value * 100).toFixed(1)}%`],
  ['ok', 'ok', String],
  ['timeout', 'timeout', String],
  ['rejected', 'rejected', String],
  ['other', 'other', String],
  ['p50 ms', 'p50Ms', (value) => value.toFixed(1)],
  ['p99 ms', 'p99Ms', (value) => value.toFixed(1)],
  ['rate/s', 'achievedRatePerSecond', (value) => value.toFixed(1)],
  ['late', 'lateSends', String],
  ['pool peak', 'poolOccupancyPeak', String],
  ['loop delay ms', 'eventLoopDelayPeakMs', (value) => value.toFixed(1)],
];

/**
 * Every configuration over its repeats: the median and, in brackets, the range of each figure over
 * the repeats that were not machine-busy (all figures are in the JSON, one run per repeat).
 */
export function formatSummary(runs: readonly RunResult[]): string {
  const columns = ['run', 'endpoint', 'usable', ...SUMMARY_FIGURES.map(([title]) => title)];
  const rows = groupByName(runs).flatMap((group) =>
    (group.runs[0]?.endpoints ?? []).map((endpoint, index) => {
      const totals = group.usable.map((run) => run.endpoints[index]!.totals);
      return [
        index === 0 ? group.name : '',
        endpoint.path,
        `${group.usable.length} of ${group.runs.length}`,
        ...SUMMARY_FIGURES.map(([, key, format]) =>
          spreadText(
            figureOf(totals, (t) => t[key]),
            format,
          ),
        ),
      ];
    }),
  );
  const widths = columns.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  const busy = runs.filter((run) => run.busy);
  return [
    'Median (range) over the repeats that were not machine-busy',
    line(columns),
    ...rows.map(line),
    busy.length === 0
      ? 'No run was machine-busy.'
      : `Machine-busy, left out: ${busy.map((run) => `${run.name} repeat ${run.repeat} (${run.busyReasons.join('; ')})`).join('; ')}`,
  ].join('\n');
}

export function formatProgress(progress: RunProgress, durationMs: number, repeats = 1): string {
  const endpoints = Object.entries(progress.load.counts).map(
    ([endpoint, c]) =>
      `${endpoint} sent ${c.sent} ok ${c.ok} timeout ${c.timeout} rejected ${c.rejected} other ${c.other}`,
  );
  const pools = progress.bulkheads.map((b) => `${b.name} ${b.executing + b.queued}/${b.capacity}`);
  const repeat = repeats > 1 ? ` (repeat ${progress.repeat} of ${repeats})` : '';
  return `[${progress.run}]${repeat} ${(progress.load.tMs / 1000).toFixed(1)}/${(durationMs / 1000).toFixed(0)} s  ${endpoints.join(' | ')}  pool ${pools.join(' ')}`;
}
