// One run, e.g. `shared/slow-a`: start the stubs, the proxy and the service, drive them with the
// open-loop generator through a warm-up and a healthy lead, switch the fault on, then close
// everything and put the generator's records and the service's counts side by side.
import type {
  BulkheadWindow,
  ConnectionsResult,
  ExperimentOptions,
  LimitReached,
  RunName,
  RunResult,
  RunSettings,
} from './types.js';
import { POOL_CONFIGS, SCENARIOS, SCENARIO_FAULT, type PoolConfig, type Scenario } from './types.js';
import { openGenerator } from './generator.js';
import { busyReasons } from './busy.js';
import { cpuBetween, cpuSnapshot, loadAverage } from './host.js';
import { firstSendBeforeFaultMs, type LoadPlan, type LoadProgress } from './load.js';
import { modelOf } from './model.js';
import { now } from './net.js';
import { startFaultProxy, type FaultProxy } from './proxy.js';
import { startDependency, type StubServer } from './servers.js';
import { startService, type Service } from './service.js';
import { endpointResult } from './stats.js';
import { round, tickWindows, watchEventLoop, windowSpan } from './windows.js';

/** What the service side looked like when a progress line is due. */
export interface RunProgress {
  run: RunName;
  repeat: number;
  load: LoadProgress;
  bulkheads: { name: string; executing: number; queued: number; capacity: number }[];
}

export interface RunHooks {
  /** Which repeat of the run this is, from 1 (default 1). */
  repeat?: number;
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
  /** Called with every server as soon as it listens (the tests check their addresses). */
  onServers?: (servers: { dependencies: StubServer[]; proxy: FaultProxy; service: Service }) => void;
}

/** Time between "generator ready" and the first warm-up send, so no send starts late by design. */
const START_MARGIN_MS = 50;

/** `60ms`, `1.5s` or a bare number of ms, as in a run name's `/wait-T`. */
function parseMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/**
 * Splits a run name into its pool, scenario and settings: the options' pool size, queue, wait and
 * connection limit unless the name ends in `/pool-N`, `/queue-N`, `/wait-T` or `/connections-N`
 * (several may follow, each once). A name that sets a line of its own sets its kind too: `/queue-N`
 * is a line capped by count whatever --max-wait says, `/wait-T` one capped by time whatever --queue
 * says, so an option never turns a run into one its name does not describe.
 */
export function parseRunName(
  name: string,
  options: Pick<ExperimentOptions, 'poolSize' | 'queueSize' | 'maxWaitMs' | 'connections'>,
): { pool: PoolConfig; scenario: Scenario; settings: RunSettings } {
  const [pool, scenario, ...extras] = name.split('/');
  const fail = (why: string): never => {
    throw new Error(
      `unknown run "${name}": ${why}; expected <${POOL_CONFIGS.join('|')}>/<${SCENARIOS.join('|')}>` +
        ', optionally followed by /pool-N, /queue-N, /wait-T or /connections-N',
    );
  };
  if (!POOL_CONFIGS.includes(pool as PoolConfig) || !SCENARIOS.includes(scenario as Scenario))
    fail('no such pool or scenario');
  const settings: RunSettings = {
    poolSize: options.poolSize,
    queueSize: options.queueSize,
    maxWaitMs: options.maxWaitMs,
    connections: options.connections,
  };
  const given = new Set<string>();
  for (const extra of extras) {
    const [key = '', value = ''] = extra.split(/-(.*)/s);
    const count = /^\d+$/.test(value) ? Number(value) : NaN;
    if (given.has(key)) fail(`"${extra}" sets the ${key} a second time`);
    given.add(key);
    if (key === 'pool' && count >= 2 && count <= 10_000) settings.poolSize = count;
    else if (key === 'queue' && count <= 10_000) settings.queueSize = count;
    else if (key === 'connections' && count >= 1 && count <= 10_000) settings.connections = count;
    else if (key === 'wait' && parseMs(value) <= 60_000) settings.maxWaitMs = parseMs(value);
    else fail(`"${extra}" is not pool-N, queue-N, wait-T or connections-N within their ranges`);
  }
  if (given.has('queue') && !given.has('wait')) settings.maxWaitMs = null;
  if (given.has('wait') && !given.has('queue')) settings.queueSize = 0;
  if (settings.maxWaitMs !== null && settings.queueSize > 0)
    fail(
      'a queue (a line capped by count) and a bounded wait (a line capped by time) are two kinds of bulkhead; give one',
    );
  return { pool: pool as PoolConfig, scenario: scenario as Scenario, settings };
}

export async function runOne(name: RunName, options: ExperimentOptions, hooks: RunHooks = {}): Promise<RunResult> {
  const { pool, scenario, settings } = parseRunName(name, options);
  const repeat = hooks.repeat ?? 1;
  const loadAverageAtStart = loadAverage();
  const closers: (() => Promise<void>)[] = [];
  const timers: { stop(): void }[] = [];
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
      ...settings,
      timeoutMs: options.timeoutMs,
      upstream: { A: proxy.url, B: dependencyB.url },
    });
    // Closed first (closers run in reverse), so no new outbound call starts while the rest closes.
    closers.push(service.close);
    hooks.onServers?.({ dependencies: [dependencyA, dependencyB], proxy, service });

    const generator = await openGenerator(options.generator);
    closers.push(generator.close);

    const burst = scenario === 'burst-a' ? { size: options.burstSize, everyMs: options.burstEveryMs } : null;
    const schedule = {
      targets: service.routes,
      ratePerSecond: options.ratePerSecond,
      warmupMs: options.warmupMs,
      leadMs: options.leadMs,
      durationMs: options.durationMs,
      bursts: burst && { target: 0, ...burst },
    };
    const faultAt = now() + START_MARGIN_MS + firstSendBeforeFaultMs(schedule);
    const leadAt = faultAt - options.leadMs;
    const span = windowSpan(options);
    const bulkheadWindows = new Map(service.bulkheads.map((bulkhead) => [bulkhead, [] as BulkheadWindow[]]));
    const connectionWindows: ConnectionsResult['windows'] = [];

    const loop = watchEventLoop({ faultAt, stallMs: options.stallMs });
    timers.push({ stop: () => loop.finish() });
    let cpuAtStart = cpuSnapshot();
    const atLead = setTimeout(() => {
      cpuAtStart = cpuSnapshot();
      loop.reset();
      service.startMeasuring();
    }, leadAt - now());
    const atFault = setTimeout(() => {
      proxy.mode = SCENARIO_FAULT[scenario];
      loop.startFault();
    }, faultAt - now());
    timers.push({ stop: () => clearTimeout(atLead) }, { stop: () => clearTimeout(atFault) });
    const serviceWindows = tickWindows(
      faultAt + span.first * options.windowMs,
      options.windowMs,
      span.count,
      (index) => {
        const tMs = (span.first + index) * options.windowMs;
        loop.endWindow(tMs);
        for (const [bulkhead, windows] of bulkheadWindows) windows.push(bulkhead.takeWindow(tMs));
        connectionWindows.push(service.connections.takeWindow(tMs));
      },
    );
    timers.push(serviceWindows);

    const startedAt = new Date(Date.now() + (faultAt - now())).toISOString();
    const plan: LoadPlan = {
      ...schedule,
      targets: service.routes.map((route) => ({ path: route.path, url: service.url + route.path })),
      generatorTimeoutMs: options.generatorTimeoutMs,
      windowMs: options.windowMs,
      faultAt,
    };
    const load = await generator.run(plan, {
      signal: hooks.signal,
      onProgress: (progress) =>
        hooks.onProgress?.({
          run: name,
          repeat,
          load: progress,
          bulkheads: service.bulkheads.map((bulkhead) => ({
            name: bulkhead.name,
            executing: bulkhead.executing,
            queued: bulkhead.queued,
            capacity: bulkhead.capacity,
          })),
        }),
    });
    await serviceWindows.done;
    const hostCpu = cpuBetween(cpuAtStart, cpuSnapshot());
    const serviceLoop = loop.finish();
    // Every measured request has been answered or given up on; closing now aborts what the service
    // still holds, so its counts are final before they are read.
    await service.close();
    const generatorLoop = options.generator === 'inline' ? serviceLoop : load.loop;
    const sinceFault = (at: number | null): number | null => (at === null ? null : round(at - faultAt));

    const limits: LimitReached[] = [];
    const poolAt = service.bulkheads
      .map((bulkhead) => bulkhead.saturatedAt)
      .reduce<number | null>((first, at) => (at === null ? first : first === null ? at : Math.min(first, at)), null);
    if (poolAt !== null) limits.push({ resource: 'pool', atMs: sinceFault(poolAt)! });
    if (service.connections.saturatedAt !== null)
      limits.push({ resource: 'connections', atMs: sinceFault(service.connections.saturatedAt)! });
    if (serviceLoop.firstStallMs !== null) limits.push({ resource: 'event-loop', atMs: serviceLoop.firstStallMs });
    limits.sort((x, y) => x.atMs - y.atMs);

    const endpoints = service.routes.map((route) =>
      endpointResult({
        path: route.path,
        dependency: route.dependency,
        bulkhead: route.bulkhead.name,
        records: load.records.filter((record) => record.path === route.path),
        answers: route.answers,
        targetRatePerSecond:
          options.ratePerSecond + (burst && route.path === '/a' ? round((burst.size * 1000) / burst.everyMs) : 0),
        leadMs: options.leadMs,
        durationMs: options.durationMs,
        windowMs: options.windowMs,
        lateThresholdMs: options.lateThresholdMs,
        poolWindows: bulkheadWindows.get(route.bulkhead) ?? [],
        poolOccupancyPeak: route.bulkhead.runPeaks().occupancyPeak,
        poolCapacity: route.bulkhead.capacity,
        concurrentPeak: route.concurrentPeak,
        loopWindows: serviceLoop.windows,
        loopPeakMs: serviceLoop.peakMs,
      }),
    );
    const eventLoop = { service: serviceLoop, generator: generatorLoop };
    const reasons = busyReasons({ eventLoop, endpoints }, options.busyMs, options.generator === 'inline');

    return {
      name,
      repeat,
      busy: reasons.length > 0,
      busyReasons: reasons,
      loadAverageAtStart,
      pool,
      scenario,
      faultMode: SCENARIO_FAULT[scenario],
      settings,
      startedAt,
      durationMs: options.durationMs,
      leadMs: options.leadMs,
      windowMs: options.windowMs,
      burst,
      endpoints,
      bulkheads: service.bulkheads.map((bulkhead) => ({
        name: bulkhead.name,
        kind: bulkhead.kind,
        limit: bulkhead.limit,
        queue: bulkhead.kind === 'cockatiel' ? bulkhead.queue : 0,
        maxWaitMs: bulkhead.maxWaitMs,
        ...bulkhead.runPeaks(),
        admitted: bulkhead.admitted,
        rejected: bulkhead.rejected,
        waitExpired: bulkhead.waitExpired,
        firstSaturatedMs: sinceFault(bulkhead.saturatedAt),
        windows: bulkheadWindows.get(bulkhead) ?? [],
      })),
      connections: {
        limit: service.connections.limit,
        inUsePeak: service.connections.inUsePeak,
        waitingPeak: service.connections.waitingPeak,
        waited: { ...service.connections.waited },
        firstSaturatedMs: sinceFault(service.connections.saturatedAt),
        windows: connectionWindows,
      },
      limits,
      model: modelOf({ pool, scenario, settings, options }),
      eventLoop,
      hostCpu,
    };
  } catch (error) {
    primaryError = error;
    throw error;
  } finally {
    for (const timer of timers) timer.stop();
    const failures: unknown[] = [];
    for (const close of closers.reverse()) await close().catch((error: unknown) => failures.push(error));
    if (failures.length > 0 && primaryError === undefined) {
      // eslint-disable-next-line no-unsafe-finally -- only after a successful run: failing to close then fails it
      throw new AggregateError(failures, `closing run ${name} failed`);
    }
  }
}
