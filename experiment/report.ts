// What a person reads (tables, progress lines) and what a program reads (the JSON file).
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MeasuredRunFile, RunResult } from './types.js';
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
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
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

export function formatRunTable(run: RunResult): string {
  const rows = run.endpoints.map((endpoint) => {
    const t = endpoint.totals;
    return [
      `${endpoint.path} → ${endpoint.dependency}`,
      String(t.sent),
      String(t.ok),
      t.clientTimeouts > 0 ? `${t.timeout} (${t.clientTimeouts} client)` : String(t.timeout),
      String(t.rejected),
      String(t.other),
      t.successRate === null ? '–' : `${(t.successRate * 100).toFixed(1)}%`,
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
  const bulkheads = run.bulkheads.map(
    (b) =>
      `${b.name}: limit ${b.limit}, queue ${b.queue}, peak ${b.executingPeak} executing + ${b.queuedPeak} queued, ${b.rejected} rejected`,
  );
  return [
    `${run.name}  (fault: ${run.faultMode}, ${run.durationMs / 1000} s measured from ${run.startedAt})`,
    line(COLUMNS),
    ...rows.map(line),
    `  bulkheads — ${bulkheads.join('; ')}`,
    `  event-loop delay peak — service ${figure(run.eventLoop.service.peakMs)} ms, load generator ${figure(run.eventLoop.generator.peakMs)} ms`,
    `  CPU (cores, of ${os.cpus().length}) — busy ${figure(run.hostCpu.busyCores, 2)}: this experiment ${figure(run.hostCpu.experimentCores, 2)}, other processes ${figure(run.hostCpu.otherCores, 2)}`,
  ].join('\n');
}

export function formatProgress(progress: RunProgress, durationMs: number): string {
  const endpoints = Object.entries(progress.load.counts).map(
    ([endpoint, c]) =>
      `${endpoint} sent ${c.sent} ok ${c.ok} timeout ${c.timeout} rejected ${c.rejected} other ${c.other}`,
  );
  const pools = progress.bulkheads.map((b) => `${b.name} ${b.executing + b.queued}/${b.capacity}`);
  return `[${progress.run}] ${(progress.load.tMs / 1000).toFixed(0)}/${(durationMs / 1000).toFixed(0)} s  ${endpoints.join(' | ')}  pool ${pools.join(' ')}`;
}
