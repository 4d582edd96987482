// The whole experiment: a look at how busy the machine is, every requested run in turn (all of them
// once, then again, as often as options.repeat says), a pause between runs, and the result file's content.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  RESULT_SCHEMA,
  RESULT_SCHEMA_VERSION,
  type ExperimentOptions,
  type MeasuredRunFile,
  type RunResult,
  type StartCheck,
} from './types.js';
import { checkStart } from './busy.js';
import { loadAverage, machineInfo } from './host.js';
import { runOne, type RunProgress } from './run.js';

export interface ExperimentHooks {
  /** Called once before the first run with how busy the machine already is. */
  onStart?: (check: StartCheck) => void;
  onProgress?: (progress: RunProgress) => void;
  onRunDone?: (run: RunResult) => void;
  /**
   * Aborting ends the current run early; the result then holds the finished runs only, and the
   * reason's message (a signal's name, say) is saved as meta.stoppedBy.
   */
  signal?: AbortSignal;
}

export async function runExperiment(options: ExperimentOptions, hooks: ExperimentHooks = {}): Promise<MeasuredRunFile> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const runs: RunResult[] = [];
  let busyAtStart: StartCheck = { loadAverage: loadAtStart[0] ?? 0, otherCores: 0, busy: false };
  const result = (): MeasuredRunFile => ({
    schema: RESULT_SCHEMA,
    schemaVersion: RESULT_SCHEMA_VERSION,
    meta: {
      date: started.toISOString(),
      finishedAt: new Date().toISOString(),
      label: options.label,
      machine: machineInfo(loadAtStart),
      interrupted: hooks.signal?.aborted ?? false,
      stoppedBy: hooks.signal?.aborted ? stopReason(hooks.signal.reason) : null,
      busyAtStart,
    },
    options,
    runs,
  });
  try {
    busyAtStart = await checkStart(1000, hooks.signal);
    hooks.onStart?.(busyAtStart);
    // Interleaved, so a spell of load on the machine falls on different configurations, not on all
    // repeats of one.
    for (let repeat = 1; repeat <= options.repeat; repeat++) {
      for (const name of options.runs) {
        if (runs.length > 0) await sleep(options.settleMs, undefined, { signal: hooks.signal });
        const run = await runOne(name, options, { repeat, signal: hooks.signal, onProgress: hooks.onProgress });
        runs.push(run);
        hooks.onRunDone?.(run);
      }
    }
  } catch (error) {
    if (!hooks.signal?.aborted) throw error;
  }
  return result();
}

function stopReason(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
