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
  Outcome,
  OutcomeCounts,
  ServiceCounts,
} from './types.js';
import { round, windowIndex, windowSpan } from './windows.js';

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
  /** This endpoint's measured records (lead and fault period), sorted by intended send time. */
  records: readonly RequestRecord[];
  /** The service's answer to each measured request of the fault period it received, by load id. */
  answers: ReadonlyMap<string, Outcome>;
  targetRatePerSecond: number;
  leadMs: number;
  durationMs: number;
  windowMs: number;
  lateThresholdMs: number;
  poolWindows: readonly BulkheadWindow[];
  poolOccupancyPeak: number;
  poolCapacity: number;
  concurrentPeak: number;
  loopWindows: readonly { tMs: number; peakMs: number }[];
  loopPeakMs: number;
}

export function endpointResult(input: EndpointInputs): EndpointResult {
  const late = (record: RequestRecord): boolean => record.sendLagMs > input.lateThresholdMs;
  const records = input.records.filter((record) => record.intendedMs >= 0);
  const leadRecords = input.records.filter((record) => record.intendedMs < 0);
  const all = percentiles(records.map((record) => record.latencyMs));
  const ok = percentiles(records.filter((record) => record.outcome === 'ok').map((record) => record.latencyMs));
  const lags = percentiles(records.map((record) => record.sendLagMs));
  const counts = countOutcomes(records);

  const span = windowSpan(input);
  const byWindow: RequestRecord[][] = Array.from({ length: span.count }, () => []);
  for (const record of input.records) byWindow[windowIndex(record.intendedMs, input)]!.push(record);
  const windows = byWindow.map((inWindow, index): EndpointWindow => {
    const { p50Ms, p99Ms } = percentiles(inWindow.map((record) => record.latencyMs));
    return {
      tMs: (span.first + index) * input.windowMs,
      ...countOutcomes(inWindow),
      p50Ms,
      p99Ms,
      lateSends: inWindow.filter(late).length,
      poolOccupancyPeak: input.poolWindows[index]?.occupancyPeak ?? 0,
      eventLoopDelayPeakMs: input.loopWindows[index]?.peakMs ?? 0,
    };
  });
  const leadLatency = percentiles(leadRecords.map((record) => record.latencyMs));

  return {
    path: input.path,
    dependency: input.dependency,
    bulkhead: input.bulkhead,
    totals: {
      ...counts,
      generatorTimeouts: records.filter((record) => record.generatorTimeout).length,
      successRate: counts.sent > 0 ? Math.round((counts.ok / counts.sent) * 10000) / 10000 : null,
      ...all,
      okP50Ms: ok.p50Ms,
      okP99Ms: ok.p99Ms,
      targetRatePerSecond: input.targetRatePerSecond,
      achievedRatePerSecond: achievedRate(records, input.durationMs),
      lateSends: records.filter(late).length,
      sendLagP99Ms: lags.p99Ms,
      sendLagMaxMs: lags.maxMs,
      poolOccupancyPeak: input.poolOccupancyPeak,
      poolCapacity: input.poolCapacity,
      eventLoopDelayPeakMs: input.loopPeakMs,
      concurrentPeak: input.concurrentPeak,
      firstFailureMs: firstFailure(records),
    },
    lead: { ...countOutcomes(leadRecords), p50Ms: leadLatency.p50Ms, p99Ms: leadLatency.p99Ms },
    service: serviceCounts(records, input.answers),
    windows,
  };
}

function firstFailure(records: readonly RequestRecord[]): number | null {
  const failed = records.find((record) => record.outcome !== 'ok');
  return failed ? round(failed.intendedMs) : null;
}

/**
 * The service's count of the same requests, joined by load id. Where the two outcomes differ, the
 * generator gave up before the answer came (or the connection failed), so it recorded a timeout or
 * an error instead; `answeredAfterClientGaveUp` counts those.
 */
export function serviceCounts(records: readonly RequestRecord[], answers: ReadonlyMap<string, Outcome>): ServiceCounts {
  const counts: ServiceCounts = {
    received: answers.size,
    ok: 0,
    timeout: 0,
    rejected: 0,
    other: 0,
    notReceived: 0,
    answeredAfterClientGaveUp: 0,
  };
  for (const outcome of answers.values()) counts[outcome]++;
  for (const record of records) {
    const answer = answers.get(record.id);
    if (answer === undefined) counts.notReceived++;
    else if (answer !== record.outcome) counts.answeredAfterClientGaveUp++;
  }
  return counts;
}

/**
 * Requests sent per second over the fault period, stretched by how late the last one left. A
 * generator that keeps its schedule gets exactly the target; one that falls behind, less.
 */
function achievedRate(records: readonly RequestRecord[], durationMs: number): number {
  if (records.length === 0) return 0;
  let lastIntended = -Infinity;
  let lastSent = -Infinity;
  for (const record of records) {
    lastIntended = Math.max(lastIntended, record.intendedMs);
    lastSent = Math.max(lastSent, record.intendedMs + record.sendLagMs);
  }
  return round((records.length * 1000) / (durationMs + Math.max(0, lastSent - lastIntended)));
}
