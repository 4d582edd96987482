// Whether the machine disturbed a run, from what the run measured: how long the service's and the
// generator's event loops were held up, and how late requests left. A run held up for options.busyMs
// or more is machine-busy, and no conclusion uses its figures. The machine's own load is checked
// before the first run, so a busy start is said at once.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventLoopDelay, StartCheck } from './types.js';
import { cpuBetween, cpuSnapshot, loadAverage } from './host.js';
import { round } from './windows.js';

/** The largest delay of a thread over the lead and the fault period (its windows cover both). */
const heldUpMs = (loop: EventLoopDelay): number =>
  loop.windows.reduce((peak, window) => Math.max(peak, window.peakMs), loop.peakMs);

/** Why a run is machine-busy, one reason per bound it reached; empty when it is not. */
export function busyReasons(
  run: {
    eventLoop: { service: EventLoopDelay; generator: EventLoopDelay };
    endpoints: readonly { path: string; totals: { sendLagMaxMs: number | null } }[];
  },
  busyMs: number,
  inline: boolean,
): string[] {
  const reasons: string[] = [];
  const service = heldUpMs(run.eventLoop.service);
  if (service >= busyMs) reasons.push(`the service's event loop was held up ${round(service)} ms`);
  const generator = heldUpMs(run.eventLoop.generator);
  if (!inline && generator >= busyMs)
    reasons.push(`the load generator's event loop was held up ${round(generator)} ms`);
  for (const endpoint of run.endpoints) {
    const lag = endpoint.totals.sendLagMaxMs ?? 0;
    if (lag >= busyMs) reasons.push(`a request to ${endpoint.path} left ${round(lag)} ms late`);
  }
  return reasons;
}

/** Other processes' CPU at or above this, in cores, over the second before the first run: busy. */
const START_OTHER_CORES = 0.5;

/** Looks at the machine for `sampleMs` before the first run: its load average and other processes' CPU. */
export async function checkStart(sampleMs = 1000, signal?: AbortSignal): Promise<StartCheck> {
  const before = cpuSnapshot();
  await sleep(sampleMs, undefined, { signal });
  const { otherCores } = cpuBetween(before, cpuSnapshot());
  const [load = 0] = loadAverage();
  return { loadAverage: load, otherCores, busy: load >= os.cpus().length || otherCores >= START_OTHER_CORES };
}
