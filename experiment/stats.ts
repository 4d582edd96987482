// Turns the generator's request records and the service's samples into the per-endpoint figures.
import * as hdr from 'hdr-histogram-js';
import type { RequestRecord } from './load.js';
import type {
  BulkheadName,
  BulkheadWindow,
  DependencyName,
  EndpointPath,
  EndpointResult,
  EndpointWindow,
  OutcomeCounts,
} from './types.js';
import { round, windowCount } from './windows.js';

const MICROSECONDS_PER_MS = 1000;

interface Percentiles {
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

/** p50, p99 and max of latencies in ms, through an HdrHistogram with 3 significant digits. */
export function percentiles(latenciesMs: readonly number[]): Percentiles {
  if (latenciesMs.length === 0) return { p50Ms: null, p99Ms: null, maxMs: null };
  const histogram = hdr.build({ lowestDiscernibleValue: 1, numberOfSignificantValueDigits: 3 });
  for (const latency of latenciesMs) histogram.recordValue(Math.max(0, Math.round(latency * MICROSECONDS_PER_MS)));
  // A percentile is reported as the top of its histogram bucket, which can lie above the largest
  // value recorded; clamp so that p50 ≤ p99 ≤ max always holds in the output.
  const ms = (microseconds: number): number => round(Math.min(microseconds, histogram.maxValue) / MICROSECONDS_PER_MS);
  return {
    p50Ms: ms(histogram.getValueAtPercentile(50)),
    p99Ms: ms(histogram.getValueAtPercentile(99)),
    maxMs: ms(histogram.maxValue),
  };
}

function countOutcomes(records: readonly RequestRecord[]): OutcomeCounts {
  const counts: OutcomeCounts = { sent: records.length, ok: 0, timeout: 0, rejected: 0, other: 0 };
  for (const record of records) counts[record.outcome]++;
  return counts;
}

export interface EndpointInputs {
  path: EndpointPath;
  dependency: DependencyName;
  bulkhead: BulkheadName;
  /** This endpoint's records, sorted by intended send time. */
  records: readonly RequestRecord[];
  ratePerSecond: number;
  durationMs: number;
  windowMs: number;
  lateThresholdMs: number;
  poolWindows: readonly BulkheadWindow[];
  poolOccupancyPeak: number;
  poolCapacity: number;
  loopWindows: readonly { tMs: number; peakMs: number }[];
  loopPeakMs: number;
}

export function endpointResult(input: EndpointInputs): EndpointResult {
  const { records } = input;
  const late = (record: RequestRecord): boolean => record.sendLagMs > input.lateThresholdMs;
  const all = percentiles(records.map((record) => record.latencyMs));
  const ok = percentiles(records.filter((record) => record.outcome === 'ok').map((record) => record.latencyMs));
  const lags = percentiles(records.map((record) => record.sendLagMs));
  const counts = countOutcomes(records);

  const count = windowCount(input);
  const byWindow: RequestRecord[][] = Array.from({ length: count }, () => []);
  for (const record of records) {
    byWindow[Math.min(count - 1, Math.max(0, Math.floor(record.intendedMs / input.windowMs)))]!.push(record);
  }
  const windows = byWindow.map((inWindow, index): EndpointWindow => {
    const { p50Ms, p99Ms } = percentiles(inWindow.map((record) => record.latencyMs));
    return {
      tMs: index * input.windowMs,
      ...countOutcomes(inWindow),
      p50Ms,
      p99Ms,
      lateSends: inWindow.filter(late).length,
      poolOccupancyPeak: input.poolWindows[index]?.occupancyPeak ?? 0,
      eventLoopDelayPeakMs: input.loopWindows[index]?.peakMs ?? 0,
    };
  });

  return {
    path: input.path,
    dependency: input.dependency,
    bulkhead: input.bulkhead,
    totals: {
      ...counts,
      clientTimeouts: records.filter((record) => record.clientTimeout).length,
      successRate: counts.sent > 0 ? Math.round((counts.ok / counts.sent) * 10000) / 10000 : null,
      ...all,
      okP50Ms: ok.p50Ms,
      okP99Ms: ok.p99Ms,
      targetRatePerSecond: input.ratePerSecond,
      achievedRatePerSecond: achievedRate(records, input.ratePerSecond),
      lateSends: records.filter(late).length,
      sendLagP99Ms: lags.p99Ms,
      sendLagMaxMs: lags.maxMs,
      poolOccupancyPeak: input.poolOccupancyPeak,
      poolCapacity: input.poolCapacity,
      eventLoopDelayPeakMs: input.loopPeakMs,
    },
    windows,
  };
}

/**
 * Requests sent per second between the first intended send and one interval after the last actual
 * send. A generator that keeps its schedule gets exactly the target; one that falls behind, less.
 */
function achievedRate(records: readonly RequestRecord[], ratePerSecond: number): number {
  if (records.length === 0) return 0;
  const first = records[0]!.intendedMs;
  const lastSend = records.reduce(
    (latest, record) => Math.max(latest, record.intendedMs + record.sendLagMs),
    -Infinity,
  );
  return round((records.length * 1000) / (lastSend - first + 1000 / ratePerSecond));
}
