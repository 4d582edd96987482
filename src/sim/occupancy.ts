/** Who holds each slot, who waits and who ended at any tick, from a run's records alone (docs/MODEL.md, States at a tick). */
import { POLICY_RULES, type LabConfig, type Tenant } from './config.js';
import { checkTick, stateAt } from './derive.js';
import type { LabRun } from './simulate.js';

export interface SlotView {
  slot: number;
  /** The slot's home tenant under the partitioned policies, else null. */
  home: Tenant | null;
  holder: string | null;
  tenant: Tenant | null;
  borrowed: boolean;
}

export const isPartitioned = (config: LabConfig): boolean => POLICY_RULES[config.policy].partitioned;

export function homeOf(config: LabConfig, slot: number): Tenant | null {
  if (!isPartitioned(config)) return null;
  return slot < config.reservedA ? 'A' : 'B';
}

/** Every slot and the call it holds at `tick`, in slot order. */
export function slotsAt(run: LabRun, tick: number): SlotView[] {
  checkTick(run, tick);
  const views: SlotView[] = [];
  for (let slot = 0; slot < run.config.slots; slot++) {
    views.push({ slot, home: homeOf(run.config, slot), holder: null, tenant: null, borrowed: false });
  }
  for (const record of run.requests) {
    if (record.arrival > tick) break;
    if (record.slot !== null && stateAt(record, tick) === 'running') {
      const view = views[record.slot]!;
      view.holder = record.id;
      view.tenant = record.tenant;
      view.borrowed = record.borrowed;
    }
  }
  return views;
}

/** Ids of the requests waiting at `tick`, oldest first. */
export function queuesAt(run: LabRun, tick: number): { A: string[]; B: string[] } {
  checkTick(run, tick);
  const queues: { A: string[]; B: string[] } = { A: [], B: [] };
  for (const record of run.requests) {
    if (record.arrival > tick) break;
    if (stateAt(record, tick) === 'waiting') queues[record.tenant].push(record.id);
  }
  return queues;
}

/** Requests that ended one way at a tick, by tenant. */
export interface EndedAt {
  timedOut: Record<Tenant, string[]>;
  rejected: Record<Tenant, string[]>;
}

/** Ids of the requests that timed out or were rejected at exactly `tick`. */
export function endedAt(run: LabRun, tick: number): EndedAt {
  checkTick(run, tick);
  const ended: EndedAt = { timedOut: { A: [], B: [] }, rejected: { A: [], B: [] } };
  for (const record of run.requests) {
    if (record.arrival > tick) break;
    if (record.end !== tick) continue;
    if (record.outcome === 'timed-out') ended.timedOut[record.tenant].push(record.id);
    if (record.outcome === 'rejected') ended.rejected[record.tenant].push(record.id);
  }
  return ended;
}
