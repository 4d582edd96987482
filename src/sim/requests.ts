/**
 * Requests rather than attempts (docs/MODEL.md, Retries and recovery): each request's state at a
 * tick, and per tenant, the tick from which every new request completes.
 */
import type { Tenant } from './config.js';
import { checkTick, forEachRequestAt, type RequestState } from './derive.js';
import type { LabRun, RequestRecord } from './simulate.js';

/** One request as it stands after a tick, whichever attempt it is at. */
export interface RequestView {
  /** The request's id: its first attempt's. */
  id: string;
  tenant: Tenant;
  /** The tick its first attempt was offered. */
  arrival: number;
  /** Its latest attempt offered by the tick; `latest.attempt + 1` attempts were offered by then. */
  latest: RequestRecord;
  state: RequestState;
  /** For a completed request: its completing attempt's end − `arrival`; else null. */
  latency: number | null;
}

/** Every request offered by `tick`, in offer order, with its state after `tick`. */
export function requestsAt(run: LabRun, tick: number): RequestView[] {
  checkTick(run, tick);
  const views: RequestView[] = [];
  forEachRequestAt(run, tick, (latest, state, first) =>
    views.push({
      id: first.id,
      tenant: first.tenant,
      arrival: first.arrival,
      latest,
      state,
      latency: state === 'completed' ? latest.end! - first.arrival : null,
    }),
  );
  return views;
}

/**
 * The recovery reading of a whole run, per tenant: the first tick from which every request the
 * tenant offers completes — the earliest of its arrival ticks after the last arrival of a request
 * that did not complete (failed, timed out, was rejected or is still pending at the horizon), or
 * its first arrival tick when all complete — or null when no such tick is within the window (its
 * last request did not complete, or it offered nothing).
 */
export function recovery(run: LabRun): Record<Tenant, number | null> {
  const from: Record<Tenant, number | null> = { A: null, B: null };
  const lastFailed: Record<Tenant, number> = { A: -1, B: -1 };
  forEachRequestAt(run, run.config.horizon, (_, state, { tenant, arrival }) => {
    if (state !== 'completed') {
      from[tenant] = null;
      lastFailed[tenant] = arrival;
    } else if (from[tenant] === null && arrival > lastFailed[tenant]) {
      from[tenant] = arrival;
    }
  });
  return from;
}
