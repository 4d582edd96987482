// The whole experiment: every requested run in turn, a pause between runs, and the result file's content.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  RESULT_SCHEMA,
  RESULT_SCHEMA_VERSION,
  type ExperimentOptions,
  type MeasuredRunFile,
  type RunResult,
} from './types.js';
import { loadAverage, machineInfo } from './host.js';
import { runOne, type RunProgress } from './run.js';

export interface ExperimentHooks {
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
    },
    options,
    runs,
  });
  try {
    for (const [index, name] of options.runs.entries()) {
      if (index > 0) await sleep(options.settleMs, undefined, { signal: hooks.signal });
      const run = await runOne(name, options, { signal: hooks.signal, onProgress: hooks.onProgress });
      runs.push(run);
      hooks.onRunDone?.(run);
    }
  } catch (error) {
    if (!hooks.signal?.aborted) throw error;
  }
  return result();
}

function stopReason(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
