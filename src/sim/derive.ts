/** Each request's state and each tenant's results at any tick, from a run's records alone (docs/MODEL.md, States at a tick to The gate). */
import { quoteValue, type LabConfig, type Tenant } from './config.js';
import type { LabRun, RequestRecord } from './simulate.js';

/**
 * A request's state at a tick: its latest attempt's, or `retrying` between an attempt that ended
 * without completing and the offer of the next.
 */
export type RequestState =
  'upcoming' | 'waiting' | 'running' | 'completed' | 'failed' | 'timed-out' | 'rejected' | 'retrying';

/** One attempt's state at a tick: an attempt is never retrying, its request is. */
export type AttemptState = Exclude<RequestState, 'retrying'>;

export type Gate = 'pass' | 'fail' | 'pending' | 'no-traffic';

export interface TenantMetrics {
  offered: number;
  completed: number;
  failed: number;
  timedOutWaiting: number;
  timedOutRunning: number;
  rejected: number;
  waiting: number;
  running: number;
  /** Requests between an attempt that did not complete and their next attempt. */
  retrying: number;
  /** Running calls held in slots whose home is the other tenant (part of `running`). */
  runningBorrowed: number;
  /** Attempts offered: first attempts (`offered`) and retries. */
  attempts: number;
  /** Retries offered: `attempts` − `offered`. */
  retries: number;
  /** attempts / offered; null when nothing was offered. */
  amplification: number | null;
  /** completed / offered, 0–1; null when nothing was offered. */
  completionRate: number | null;
  /** Nearest-rank p95 of completed latencies only; null when none completed. */
  p95: number | null;
  required: number;
  gate: Gate;
}

/** @throws RangeError naming the tick as given (quoted, as `simulate` quotes a config value) and its range. */
export function checkTick(run: LabRun, tick: number): void {
  if (!Number.isInteger(tick) || tick < 0 || tick > run.config.horizon) {
    throw new RangeError(`tick: ${quoteValue(tick)} is not an integer from 0 to ${run.config.horizon}`);
  }
}

/**
 * An attempt's state after tick `tick` has been processed.
 * @throws RangeError when `tick` is not an integer of 0 or more.
 */
export function stateAt(record: RequestRecord, tick: number): AttemptState {
  if (!Number.isInteger(tick) || tick < 0)
    throw new RangeError(`tick: ${quoteValue(tick)} is not an integer of 0 or more`);
  if (tick < record.arrival) return 'upcoming';
  if (record.end !== null && tick >= record.end) return record.outcome as AttemptState;
  return record.start !== null && tick >= record.start ? 'running' : 'waiting';
}

/**
 * For each record (by index), the index of the next attempt of its request, or -1; null for a run
 * whose config makes no retries.
 */
export function nextAttempts(run: LabRun): Int32Array | null {
  if (!run.config.retries) return null;
  const records = run.requests;
  const next = new Int32Array(records.length).fill(-1);
  const latest = new Map<string, number>();
  records.forEach(({ request, attempt }, i) => {
    if (attempt > 0) next[latest.get(request)!] = i;
    latest.set(request, i);
  });
  return next;
}

/**
 * Visits every request offered by `tick`, in offer order, with its first attempt, its latest attempt
 * offered by `tick`, and its state after `tick`.
 */
export function forEachRequestAt(
  run: LabRun,
  tick: number,
  visit: (latest: RequestRecord, state: RequestState, first: RequestRecord) => void,
): void {
  const records = run.requests;
  const next = nextAttempts(run);
  for (let i = 0; i < records.length; i++) {
    const first = records[i]!;
    if (first.arrival > tick) break;
    if (first.attempt > 0) continue;
    let j = i;
    while (next && next[j]! >= 0 && records[next[j]!]!.arrival <= tick) j = next[j]!;
    const latest = records[j]!;
    const retrying = next !== null && next[j]! >= 0 && latest.end !== null && tick >= latest.end;
    visit(latest, retrying ? 'retrying' : stateAt(latest, tick), first);
  }
}

/** ceil(offered × target / 100) in integers, so 4 offers at 51 % require 3. */
export function requiredCompletions(offered: number, target: number): number {
  return Math.floor((offered * target + 99) / 100);
}

/** Nearest rank: sorted ascending, the value at rank ceil(0.95 × n); null for no values. */
export function p95(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor((95 * sorted.length + 99) / 100) - 1]!;
}

/** Whether `tenant` has offers at some tick after `tick`. */
function offersAfter(config: LabConfig, tenant: Tenant, tick: number): boolean {
  const last = Math.min(config.lastArrival, config.horizon);
  if (tick >= last) return false;
  if (tenant === 'A') return config.aPerTick > 0;
  return Math.floor(last / config.bEvery) * config.bEvery > tick;
}

function emptyMetrics(): TenantMetrics {
  return {
    offered: 0,
    completed: 0,
    failed: 0,
    timedOutWaiting: 0,
    timedOutRunning: 0,
    rejected: 0,
    waiting: 0,
    running: 0,
    retrying: 0,
    runningBorrowed: 0,
    attempts: 0,
    retries: 0,
    amplification: null,
    completionRate: null,
    p95: null,
    required: 0,
    gate: 'no-traffic',
  };
}

/**
 * Per-tenant counts of requests, each in its latest attempt's state (or retrying); completion rate,
 * p95 (from each request's first arrival), required completions and gate; and attempts after `tick`.
 */
export function metricsAt(run: LabRun, tick: number): { A: TenantMetrics; B: TenantMetrics } {
  checkTick(run, tick);
  const metrics = { A: emptyMetrics(), B: emptyMetrics() };
  const latencies: Record<Tenant, number[]> = { A: [], B: [] };
  forEachRequestAt(run, tick, (latest, state, first) => {
    const m = metrics[latest.tenant];
    m.offered++;
    m.attempts += latest.attempt + 1;
    switch (state) {
      case 'completed':
        m.completed++;
        latencies[latest.tenant].push(latest.end! - first.arrival);
        break;
      case 'failed':
        m.failed++;
        break;
      case 'rejected':
        m.rejected++;
        break;
      case 'timed-out':
        if (latest.start === null) m.timedOutWaiting++;
        else m.timedOutRunning++;
        break;
      case 'waiting':
        m.waiting++;
        break;
      case 'running':
        m.running++;
        if (latest.borrowed) m.runningBorrowed++;
        break;
      case 'retrying':
        m.retrying++;
        break;
      case 'upcoming':
        break;
    }
  });
  for (const tenant of ['A', 'B'] as const) {
    const m = metrics[tenant];
    m.p95 = p95(latencies[tenant]);
    m.required = requiredCompletions(m.offered, run.config.target);
    m.retries = m.attempts - m.offered;
    m.completionRate = m.offered === 0 ? null : m.completed / m.offered;
    m.amplification = m.offered === 0 ? null : m.attempts / m.offered;
    if (m.offered === 0) m.gate = 'no-traffic';
    else if (m.waiting + m.running + m.retrying > 0 || offersAfter(run.config, tenant, tick)) m.gate = 'pending';
    else m.gate = m.completed >= m.required ? 'pass' : 'fail';
  }
  return metrics;
}
