/** Each request's state and each tenant's results at any tick, from a run's records alone (docs/MODEL.md, States at a tick to The gate). */
import type { LabConfig, Tenant } from './config.js';
import type { LabRun, RequestRecord } from './simulate.js';

export type RequestState = 'upcoming' | 'waiting' | 'running' | 'completed' | 'failed' | 'timed-out' | 'rejected';

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
  /** Running calls held in slots whose home is the other tenant (part of `running`). */
  runningBorrowed: number;
  /** completed / offered, 0–1; null when nothing was offered. */
  completionRate: number | null;
  /** Nearest-rank p95 of completed latencies only; null when none completed. */
  p95: number | null;
  required: number;
  gate: Gate;
}

export function checkTick(run: LabRun, tick: number): void {
  if (!Number.isInteger(tick) || tick < 0 || tick > run.config.horizon) {
    throw new RangeError(`tick: ${String(tick)} is not an integer from 0 to ${run.config.horizon}`);
  }
}

/** A request's state after tick `tick` has been processed. */
export function stateAt(record: RequestRecord, tick: number): RequestState {
  if (tick < record.arrival) return 'upcoming';
  if (record.end !== null && tick >= record.end) return record.outcome as RequestState;
  return record.start !== null && tick >= record.start ? 'running' : 'waiting';
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
    runningBorrowed: 0,
    completionRate: null,
    p95: null,
    required: 0,
    gate: 'no-traffic',
  };
}

/** Per-tenant counts, completion rate, p95, required completions and gate after `tick`. */
export function metricsAt(run: LabRun, tick: number): { A: TenantMetrics; B: TenantMetrics } {
  checkTick(run, tick);
  const metrics = { A: emptyMetrics(), B: emptyMetrics() };
  const latencies: Record<Tenant, number[]> = { A: [], B: [] };
  for (const record of run.requests) {
    if (record.arrival > tick) break;
    const m = metrics[record.tenant];
    m.offered++;
    switch (stateAt(record, tick)) {
      case 'completed':
        m.completed++;
        latencies[record.tenant].push(record.latency!);
        break;
      case 'failed':
        m.failed++;
        break;
      case 'rejected':
        m.rejected++;
        break;
      case 'timed-out':
        if (record.start === null) m.timedOutWaiting++;
        else m.timedOutRunning++;
        break;
      case 'waiting':
        m.waiting++;
        break;
      case 'running':
        m.running++;
        if (record.borrowed) m.runningBorrowed++;
        break;
      case 'upcoming':
        break;
    }
  }
  for (const tenant of ['A', 'B'] as const) {
    const m = metrics[tenant];
    m.p95 = p95(latencies[tenant]);
    m.required = requiredCompletions(m.offered, run.config.target);
    m.completionRate = m.offered === 0 ? null : m.completed / m.offered;
    if (m.offered === 0) m.gate = 'no-traffic';
    else if (m.waiting + m.running > 0 || offersAfter(run.config, tenant, tick)) m.gate = 'pending';
    else m.gate = m.completed >= m.required ? 'pass' : 'fail';
  }
  return metrics;
}
