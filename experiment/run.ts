// One run, e.g. `shared/slow-a`: start the stubs, the proxy and the service, drive them with the
// open-loop generator, switch the fault on when the measured period starts, then close everything.
import type { BulkheadWindow, ExperimentOptions, RunName, RunResult } from './types.js';
import { POOL_CONFIGS, SCENARIOS, SCENARIO_FAULT, type PoolConfig, type Scenario } from './types.js';
import { openGenerator } from './generator.js';
import { cpuBetween, cpuSnapshot } from './host.js';
import { warmupLeadMs, type LoadProgress } from './load.js';
import { now } from './net.js';
import { startFaultProxy, type FaultProxy } from './proxy.js';
import { startDependency, type StubServer } from './servers.js';
import { startService, type Service } from './service.js';
import { endpointResult } from './stats.js';
import { tickWindows, watchEventLoop, windowCount, type LoopDelayWatch } from './windows.js';

/** What the service side looked like when a progress line is due. */
export interface RunProgress {
  run: RunName;
  load: LoadProgress;
  bulkheads: { name: string; executing: number; queued: number; capacity: number }[];
}

export interface RunHooks {
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
  /** Called with every server as soon as it listens (the tests check their addresses). */
  onServers?: (servers: { dependencies: StubServer[]; proxy: FaultProxy; service: Service }) => void;
}

/** Time between "generator ready" and the first warm-up send, so no send starts late by design. */
const START_MARGIN_MS = 50;

export function parseRunName(name: string): { pool: PoolConfig; scenario: Scenario } {
  const [pool, scenario, ...rest] = name.split('/');
  if (rest.length > 0 || !POOL_CONFIGS.includes(pool as PoolConfig) || !SCENARIOS.includes(scenario as Scenario)) {
    throw new Error(`unknown run "${name}": expected <${POOL_CONFIGS.join('|')}>/<${SCENARIOS.join('|')}>`);
  }
  return { pool: pool as PoolConfig, scenario: scenario as Scenario };
}

export async function runOne(name: RunName, options: ExperimentOptions, hooks: RunHooks = {}): Promise<RunResult> {
  const { pool, scenario } = parseRunName(name);
  const closers: (() => Promise<void>)[] = [];
  const timers: { stop(): void }[] = [];
  let loop: LoopDelayWatch | undefined;
  let primaryError: unknown;
  try {
    const dependencyA = await startDependency('A', options.workMs);
    closers.push(dependencyA.close);
    const dependencyB = await startDependency('B', options.workMs);
    closers.push(dependencyB.close);
    const proxy = await startFaultProxy({ target: dependencyA.url, mode: 'none', delayMs: options.faultDelayMs });
    closers.push(proxy.close);
    const service = await startService({
      pool,
      poolSize: options.poolSize,
      queueSize: options.queueSize,
      timeoutMs: options.timeoutMs,
      upstream: { A: proxy.url, B: dependencyB.url },
    });
    // Closed first (closers run in reverse), so no new outbound call starts while the rest closes.
    closers.push(service.close);
    hooks.onServers?.({ dependencies: [dependencyA, dependencyB], proxy, service });

    const generator = await openGenerator(options.generator);
    closers.push(generator.close);

    const measureStartAt = now() + START_MARGIN_MS + warmupLeadMs(options);
    const windowsInRun = windowCount(options);
    const bulkheadWindows = new Map(service.bulkheads.map((bulkhead) => [bulkhead, [] as BulkheadWindow[]]));

    let cpuAtStart = cpuSnapshot();
    const measuring = setTimeout(() => {
      proxy.mode = SCENARIO_FAULT[scenario];
      cpuAtStart = cpuSnapshot();
      loop = watchEventLoop();
      // What happened during the warm-up does not count.
      for (const bulkhead of service.bulkheads) bulkhead.resetFigures();
    }, measureStartAt - now());
    timers.push({ stop: () => clearTimeout(measuring) });
    const serviceWindows = tickWindows(measureStartAt, options.windowMs, windowsInRun, (index) => {
      const tMs = index * options.windowMs;
      loop?.endWindow(tMs);
      for (const [bulkhead, windows] of bulkheadWindows) windows.push(bulkhead.takeWindow(tMs));
    });
    timers.push(serviceWindows);

    const startedAt = new Date(Date.now() + (measureStartAt - now())).toISOString();
    const load = await generator.run(
      {
        targets: service.routes.map((route) => ({ path: route.path, url: service.url + route.path })),
        ratePerSecond: options.ratePerSecond,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
        clientTimeoutMs: options.clientTimeoutMs,
        windowMs: options.windowMs,
        measureStartAt,
      },
      {
        signal: hooks.signal,
        onProgress: (progress) =>
          hooks.onProgress?.({
            run: name,
            load: progress,
            bulkheads: service.bulkheads.map((bulkhead) => ({
              name: bulkhead.name,
              executing: bulkhead.executing,
              queued: bulkhead.queued,
              capacity: bulkhead.capacity,
            })),
          }),
      },
    );
    await serviceWindows.done;
    const hostCpu = cpuBetween(cpuAtStart, cpuSnapshot());
    const serviceLoop = loop!.finish();
    loop = undefined;
    const generatorLoop = options.generator === 'inline' ? serviceLoop : load.loop;

    return {
      name,
      pool,
      scenario,
      faultMode: SCENARIO_FAULT[scenario],
      startedAt,
      durationMs: options.durationMs,
      windowMs: options.windowMs,
      endpoints: service.routes.map((route) =>
        endpointResult({
          path: route.path,
          dependency: route.dependency,
          bulkhead: route.bulkhead.name,
          records: load.records.filter((record) => record.path === route.path),
          ratePerSecond: options.ratePerSecond,
          durationMs: options.durationMs,
          windowMs: options.windowMs,
          lateThresholdMs: options.lateThresholdMs,
          poolWindows: bulkheadWindows.get(route.bulkhead) ?? [],
          poolOccupancyPeak: route.bulkhead.runPeaks().occupancyPeak,
          poolCapacity: route.bulkhead.capacity,
          loopWindows: serviceLoop.windows,
          loopPeakMs: serviceLoop.peakMs,
        }),
      ),
      bulkheads: service.bulkheads.map((bulkhead) => ({
        name: bulkhead.name,
        limit: bulkhead.limit,
        queue: bulkhead.queue,
        ...bulkhead.runPeaks(),
        admitted: bulkhead.admitted,
        rejected: bulkhead.rejected,
        windows: bulkheadWindows.get(bulkhead) ?? [],
      })),
      eventLoop: { service: serviceLoop, generator: generatorLoop },
      hostCpu,
    };
  } catch (error) {
    primaryError = error;
    throw error;
  } finally {
    for (const timer of timers) timer.stop();
    loop?.finish();
    const failures: unknown[] = [];
    for (const close of closers.reverse()) await close().catch((error: unknown) => failures.push(error));
    if (failures.length > 0 && primaryError === undefined) {
      // eslint-disable-next-line no-unsafe-finally -- only after a successful run: failing to close then fails it
      throw new AggregateError(failures, `closing run ${name} failed`);
    }
  }
}
