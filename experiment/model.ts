// The lab's tick model next to a measured run: the closest model configuration to the run's
// parameters, and the completion rate of each endpoint it predicts. experiment/README.md, "The
// model meets the measurement", states the mapping and why the two differ.
import { simulate, type LabConfig } from '../src/sim/index.js';
import type { ExperimentOptions, PoolConfig, RunModel, RunSettings, Scenario } from './types.js';

/** The largest pool the model can hold (its `slots` range). */
const MODEL_MAX_SLOTS = 1024;

export interface ModelInputs {
  pool: PoolConfig;
  scenario: Scenario;
  settings: RunSettings;
  options: Pick<ExperimentOptions, 'ratePerSecond' | 'timeoutMs' | 'faultDelayMs' | 'workMs' | 'durationMs'>;
}

const ticks = (ms: number, tickMs: number, round: (x: number) => number): number =>
  Math.max(1, round(Number((ms / tickMs).toFixed(6))));

/** Why a run has no model configuration, or null when it has one. */
function unmodelled({ pool, scenario, settings }: ModelInputs): string | null {
  if (scenario === 'burst-a')
    return 'the tick model offers the same number of A requests at every tick, so it has no bursts';
  if (settings.maxWaitMs !== null)
    return 'the tick model has no bounded wait: a waiting request leaves only at its timeout';
  if (settings.queueSize > 0)
    return "the tick model's waiting line is per tenant, not one line per bulkhead; only runs without a queue are mapped";
  if (settings.connections !== null) return 'the tick model has slots only, no second limit such as connections';
  if ((pool === 'shared' ? settings.poolSize : settings.poolSize - (settings.poolSize % 2)) > MODEL_MAX_SLOTS)
    return `the tick model holds at most ${MODEL_MAX_SLOTS} slots`;
  return null;
}

/**
 * The mapping: one tick is one arrival interval (1000 / rate ms), so each tick offers one A and one
 * B request (`aPerTick` 1, `bEvery` 1). The shared pool is `shared-fifo` with P slots; the
 * per-dependency bulkheads are `strict-partitions` with P/2 slots each. A call's hold is its time in
 * the dependency (A's: fault delay + work in slow-a; work otherwise) rounded up to whole ticks, the
 * timeout is rounded down, so a call completes in the model only if it would in time. A failing A
 * is `fail-fast`, a stalled A `stall`. Arrivals cover the fault period; the window runs one timeout
 * further, so nothing is left pending.
 */
export function modelConfig(inputs: ModelInputs): { tickMs: number; config: LabConfig | null; note: string } {
  const { pool, scenario, settings, options } = inputs;
  const tickMs = 1000 / options.ratePerSecond;
  const why = unmodelled(inputs);
  if (why !== null) return { tickMs, config: null, note: `No tick model for this run: ${why}.` };
  const half = Math.floor(settings.poolSize / 2);
  const timeout = ticks(options.timeoutMs, tickMs, Math.floor);
  const aHoldMs = scenario === 'slow-a' ? options.faultDelayMs + options.workMs : options.workMs;
  const lastArrival = Math.max(0, Math.round(options.durationMs / tickMs) - 1);
  const config: LabConfig = {
    policy: pool === 'shared' ? 'shared-fifo' : 'strict-partitions',
    slots: pool === 'shared' ? settings.poolSize : 2 * half,
    reservedA: half,
    aPerTick: 1,
    bEvery: 1,
    aHold: ticks(aHoldMs, tickMs, Math.ceil),
    bHold: ticks(options.workMs, tickMs, Math.ceil),
    aFault: scenario === 'failing-a' ? 'fail-fast' : scenario === 'stalled-a' ? 'stall' : 'none',
    aTimeout: timeout,
    bTimeout: timeout,
    queueCap: 0,
    target: 90,
    horizon: lastArrival + timeout,
    lastArrival,
  };
  const count = (n: number): string => `${n} tick${n === 1 ? '' : 's'}`;
  const slots =
    pool === 'shared' ? `${config.slots} shared slots (shared FIFO)` : `${half} slots for each (strict partitions)`;
  const hold =
    config.aFault === 'stall'
      ? 'A stalls until its timeout'
      : config.aFault === 'fail-fast'
        ? 'A fails at once'
        : `A holds a slot ${count(config.aHold)}`;
  return {
    tickMs,
    config,
    note:
      `Tick model: 1 tick = ${Number(tickMs.toFixed(2))} ms (one request to each endpoint), ${slots}, ` +
      `${hold}, B ${count(config.bHold)}, timeouts ${count(timeout)}, no waiting line, ${count(lastArrival + 1)} of arrivals.`,
  };
}

/** The model configuration of a run and the share of each endpoint's requests it completes. */
export function modelOf(inputs: ModelInputs): RunModel {
  const { tickMs, config, note } = modelConfig(inputs);
  if (config === null) return { tickMs: roundTo(tickMs, 4), config, predicted: null, note };
  const { requests } = simulate(config);
  const rate = (tenant: 'A' | 'B'): number => {
    const mine = requests.filter((request) => request.tenant === tenant);
    return roundTo(mine.filter((request) => request.outcome === 'completed').length / mine.length, 4);
  };
  return { tickMs: roundTo(tickMs, 4), config, predicted: { a: rate('A'), b: rate('B') }, note };
}

const roundTo = (value: number, digits: number): number => Number(value.toFixed(digits));
