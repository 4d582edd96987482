// The JSON written by `npm run experiment` and read by the <measured-run> element.
// Field names carry their unit (…Ms, …PerSecond); times inside a run are milliseconds since the
// start of that run's measured period. Any change that is not purely additive bumps
// RESULT_SCHEMA_VERSION. experiment/README.md describes every field.

export const RESULT_SCHEMA = 'bulkhead-lab/measured-run';
export const RESULT_SCHEMA_VERSION = 1;

export const POOL_CONFIGS = ['shared', 'per-dependency'] as const;
/** One bulkhead of size P for both dependencies, or one of size P/2 per dependency. */
export type PoolConfig = (typeof POOL_CONFIGS)[number];

export const SCENARIOS = ['healthy', 'slow-a', 'failing-a', 'stalled-a'] as const;
/** What the fault-injection proxy in front of dependency A does during the measured period. */
export type Scenario = (typeof SCENARIOS)[number];

export type FaultMode = 'none' | 'delay' | 'fail-fast' | 'stall';

export const SCENARIO_FAULT: Readonly<Record<Scenario, FaultMode>> = {
  healthy: 'none',
  'slow-a': 'delay',
  'failing-a': 'fail-fast',
  'stalled-a': 'stall',
};

export type RunName = `${PoolConfig}/${Scenario}`;

export type EndpointPath = '/a' | '/b';
export type DependencyName = 'A' | 'B';
/** `shared` in the shared configuration, otherwise the dependency the bulkhead guards. */
export type BulkheadName = 'shared' | DependencyName;

/** Every sent request ends in exactly one of these. */
export type Outcome = 'ok' | 'timeout' | 'rejected' | 'other';

export type GeneratorThread = 'worker' | 'inline';

export interface ExperimentOptions {
  /** Open-loop arrival rate, per endpoint. */
  ratePerSecond: number;
  /** Measured period of each run. */
  durationMs: number;
  /** Load at the same rate before the measured period, with the proxy healthy; not recorded. */
  warmupMs: number;
  /** P: the shared bulkhead's limit; each per-dependency bulkhead gets P/2. */
  poolSize: number;
  /** Queue length of each bulkhead (0: reject as soon as every slot is busy). */
  queueSize: number;
  /** The service's outbound timeout, identical in both configurations. */
  timeoutMs: number;
  /** The load generator aborts a request this long after actually sending it. */
  clientTimeoutMs: number;
  /** Delay the proxy adds in the slow-a scenario (default 90 % of timeoutMs). */
  faultDelayMs: number;
  /** Simulated work of the dependency stubs per request. */
  workMs: number;
  /** Width of the time windows of the series. */
  windowMs: number;
  /** A send counts as late when it leaves more than this after its intended time. */
  lateThresholdMs: number;
  /** Pause between runs, so sockets and timers of one run do not overlap the next. */
  settleMs: number;
  runs: RunName[];
  /** Where the load generator runs: its own worker thread, or the service's event loop. */
  generator: GeneratorThread;
  /** Free text describing the conditions of the measurement. */
  label: string;
}

export interface MachineInfo {
  nodeVersion: string;
  platform: string;
  osRelease: string;
  arch: string;
  cpuCount: number;
  cpuModel: string;
  totalMemoryMb: number;
  /** os.loadavg() (1, 5, 15 minutes) when the experiment started and when it ended. */
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
}

export interface ResultMeta {
  /** ISO 8601 time the experiment started. */
  date: string;
  finishedAt: string;
  label: string;
  machine: MachineInfo;
  /** True when the experiment was stopped early; `runs` then holds only the finished runs. */
  interrupted: boolean;
}

export interface OutcomeCounts {
  sent: number;
  ok: number;
  /** Service answered 504, or the load generator gave up at clientTimeoutMs. */
  timeout: number;
  /** Service answered 503 because the bulkhead was full. */
  rejected: number;
  /** Anything else: 502 from the service, another status, a connection error. */
  other: number;
}

export interface EndpointTotals extends OutcomeCounts {
  /** The part of `timeout` where the load generator aborted, not the service. */
  clientTimeouts: number;
  /** ok / sent, between 0 and 1; null when nothing was sent. */
  successRate: number | null;
  /** Latency of every request, from its intended send time to its outcome. Null when sent is 0. */
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** The same, for successful requests only. */
  okP50Ms: number | null;
  okP99Ms: number | null;
  targetRatePerSecond: number;
  /** Sent requests divided by the time from the first intended send to the last actual send. */
  achievedRatePerSecond: number;
  lateSends: number;
  sendLagP99Ms: number | null;
  sendLagMaxMs: number | null;
  /** Peak executing + queued calls in the bulkhead this endpoint uses, and its capacity. */
  poolOccupancyPeak: number;
  poolCapacity: number;
  /** Peak event-loop delay of the service's thread during the measured period. */
  eventLoopDelayPeakMs: number;
}

/** Requests are put into windows by intended send time; pool and event-loop peaks by wall time. */
export interface EndpointWindow extends OutcomeCounts {
  tMs: number;
  p50Ms: number | null;
  p99Ms: number | null;
  lateSends: number;
  poolOccupancyPeak: number;
  eventLoopDelayPeakMs: number;
}

export interface EndpointResult {
  path: EndpointPath;
  dependency: DependencyName;
  bulkhead: BulkheadName;
  totals: EndpointTotals;
  windows: EndpointWindow[];
}

export interface BulkheadWindow {
  tMs: number;
  occupancyPeak: number;
  executingPeak: number;
  queuedPeak: number;
  rejected: number;
}

export interface BulkheadResult {
  name: BulkheadName;
  limit: number;
  queue: number;
  executingPeak: number;
  queuedPeak: number;
  /** Peak of executing + queued; equals limit + queue when the bulkhead was full. */
  occupancyPeak: number;
  /** Calls the bulkhead let through (started at once or after queueing) and calls it refused. */
  admitted: number;
  rejected: number;
  windows: BulkheadWindow[];
}

export interface EventLoopDelay {
  /** perf_hooks.monitorEventLoopDelay over the measured period, in ms. */
  peakMs: number;
  p99Ms: number;
  meanMs: number;
  windows: { tMs: number; peakMs: number }[];
}

/** Average CPU use over the measured period, in cores (0 … cpuCount). */
export interface HostCpu {
  /** The whole machine, from os.cpus() times. */
  busyCores: number;
  /** This process: service, stubs, proxy and the load-generator thread together. */
  experimentCores: number;
  /** busyCores − experimentCores: everything else running on the machine. */
  otherCores: number;
}

export interface RunResult {
  name: RunName;
  pool: PoolConfig;
  scenario: Scenario;
  faultMode: FaultMode;
  /** ISO 8601 start of the measured period. */
  startedAt: string;
  durationMs: number;
  windowMs: number;
  endpoints: EndpointResult[];
  bulkheads: BulkheadResult[];
  eventLoop: {
    service: EventLoopDelay;
    /** Same figures as `service` when options.generator is `inline` (one shared loop). */
    generator: EventLoopDelay;
  };
  hostCpu: HostCpu;
}

export interface MeasuredRunFile {
  schema: typeof RESULT_SCHEMA;
  schemaVersion: typeof RESULT_SCHEMA_VERSION;
  meta: ResultMeta;
  options: ExperimentOptions;
  runs: RunResult[];
}
