// The JSON written by `npm run experiment` and read by the <measured-run> element.
// Field names carry their unit (…Ms, …PerSecond); times inside a run are milliseconds since the
// fault started in that run (negative during the healthy lead before it). Any change that is not
// purely additive bumps RESULT_SCHEMA_VERSION. experiment/README.md describes every field.
import type { LabConfig } from '../src/sim/index.js';

export const RESULT_SCHEMA = 'bulkhead-lab/measured-run';
export const RESULT_SCHEMA_VERSION = 3;

export const POOL_CONFIGS = ['shared', 'per-dependency'] as const;
/** One bulkhead of size P for both dependencies, or one of size P/2 per dependency. */
export type PoolConfig = (typeof POOL_CONFIGS)[number];

export const SCENARIOS = ['healthy', 'slow-a', 'failing-a', 'stalled-a', 'burst-a'] as const;
/**
 * What the fault-injection proxy in front of dependency A does once the fault starts; `burst-a`
 * keeps A healthy and adds bursts of requests to /a instead.
 */
export type Scenario = (typeof SCENARIOS)[number];

export type FaultMode = 'none' | 'delay' | 'fail-fast' | 'stall';

export const SCENARIO_FAULT: Readonly<Record<Scenario, FaultMode>> = {
  healthy: 'none',
  'slow-a': 'delay',
  'failing-a': 'fail-fast',
  'stalled-a': 'stall',
  'burst-a': 'none',
};

/** `<pool>/<scenario>`, optionally followed by settings of its own: `/pool-N`, `/queue-N`, `/wait-T`, `/connections-N`. */
export type RunName = `${PoolConfig}/${Scenario}` | `${PoolConfig}/${Scenario}/${string}`;

/** A run's bulkhead and connection settings: the options', unless its name says otherwise. */
export interface RunSettings {
  /** P: the shared bulkhead's limit; each per-dependency bulkhead gets floor(P / 2). */
  poolSize: number;
  /** Queue places of each cockatiel bulkhead; 0 when the bulkhead is a waiting semaphore. */
  queueSize: number;
  /** Null: cockatiel's bulkhead. A number: a semaphore whose callers wait at most this long for a slot. */
  maxWaitMs: number | null;
  /** Most connections the service's outbound agent opens, to both dependencies together; null: no limit. */
  connections: number | null;
}

/** The resources a run watches, in the order the report names them. */
export const RESOURCES = ['pool', 'connections', 'event-loop'] as const;
export type Resource = (typeof RESOURCES)[number];

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
  /** Measured period of each run after the fault starts. */
  durationMs: number;
  /** Load at the same rate before the measured period, with the proxy healthy; not recorded. */
  warmupMs: number;
  /** Measured healthy time before the fault starts, so the charts show the change. */
  leadMs: number;
  /** P: the shared bulkhead's limit; each per-dependency bulkhead gets P/2. */
  poolSize: number;
  /** Queue length of each bulkhead (0: reject as soon as every slot is busy). */
  queueSize: number;
  /** Null: cockatiel's bulkhead. A number: callers wait at most this long for a slot (then rejected). */
  maxWaitMs: number | null;
  /** Connection limit of the service's outbound HTTP agent, both dependencies together; null: none. */
  connections: number | null;
  /** The service's outbound timeout, identical in both configurations. */
  timeoutMs: number;
  /** The load generator aborts a request this long after actually sending it. */
  generatorTimeoutMs: number;
  /** Delay the proxy adds in the slow-a scenario (default 90 % of timeoutMs). */
  faultDelayMs: number;
  /** Simulated work of the dependency stubs per request. */
  workMs: number;
  /** Width of the time windows of the series (default: one timeout period). */
  windowMs: number;
  /** In `burst-a`, this many extra requests go to /a at once, every burstEveryMs. */
  burstSize: number;
  burstEveryMs: number;
  /** An event-loop delay at least this long counts as the event loop at its limit. */
  stallMs: number;
  /** A send counts as late when it leaves more than this after its intended time. */
  lateThresholdMs: number;
  /** Pause between runs, so sockets and timers of one run do not overlap the next. */
  settleMs: number;
  runs: RunName[];
  /** How many times each run is made, interleaved: every run once, then every run again, and so on. */
  repeat: number;
  /**
   * A run is machine-busy when the service's or the generator's event loop was held up this long,
   * or a request left this late (default an eighth of timeoutMs).
   */
  busyMs: number;
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
  /** What stopped it: a signal's name, or `launcher-gone` when the process that started it ended. */
  stoppedBy: string | null;
  /** How busy the machine was in the second before the first run. */
  busyAtStart: StartCheck;
}

/** The machine just before the first run: already busy when its load or other processes' CPU is high. */
export interface StartCheck {
  /** os.loadavg() over the last minute. */
  loadAverage: number;
  /** CPU other processes used over the second before the first run, in cores. */
  otherCores: number;
  /** loadAverage ≥ the number of cores, or otherCores ≥ half a core. */
  busy: boolean;
}

export interface OutcomeCounts {
  sent: number;
  ok: number;
  /** Service answered 504, or the load generator gave up at generatorTimeoutMs. */
  timeout: number;
  /** Service answered 503 because the bulkhead was full. */
  rejected: number;
  /** Anything else: 502 from the service, another status, a connection error. */
  other: number;
}

/** Latency percentiles from intended send time, over every outcome; null when nothing was sent. */
export interface Percentiles {
  p50Ms: number | null;
  p99Ms: number | null;
}

/** Figures of the fault period (tMs ≥ 0); the lead before it has its own `lead` counts. */
export interface EndpointTotals extends OutcomeCounts {
  /** The part of `timeout` where the load generator aborted, not the service. */
  generatorTimeouts: number;
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
  /** Peak event-loop delay of the service's thread during the fault period. */
  eventLoopDelayPeakMs: number;
  /** Most calls of this endpoint executing inside the bulkhead at once (its demand, where the pool let it). */
  concurrentPeak: number;
  /** Intended send time of the first request of the fault period that did not succeed; null if none. */
  firstFailureMs: number | null;
}

/**
 * The same requests counted by the service: every measured request of the fault period it received,
 * by the answer it gave. The generator's count differs only where it gave up before that answer came.
 */
export interface ServiceCounts extends Omit<OutcomeCounts, 'sent'> {
  received: number;
  /** Sent but never read by the service (the generator gave up first and closed the connection). */
  notReceived: number;
  /** Received, but the generator recorded another outcome: it gave up before the answer. */
  answeredAfterClientGaveUp: number;
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
  /** The fault period. */
  totals: EndpointTotals;
  /** The healthy lead before the fault. */
  lead: OutcomeCounts & Percentiles;
  service: ServiceCounts;
  /** From the first window of the lead to the last of the fault period; tMs < 0 in the lead. */
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
  /** `cockatiel`: bulkhead(limit, queue). `semaphore`: callers wait at most maxWaitMs for a slot. */
  kind: 'cockatiel' | 'semaphore';
  limit: number;
  queue: number;
  maxWaitMs: number | null;
  executingPeak: number;
  queuedPeak: number;
  /** Peak of executing + queued; equals limit + queue when the bulkhead was full. */
  occupancyPeak: number;
  /** Measured calls of the fault period it let through (at once or after waiting) and refused. */
  admitted: number;
  rejected: number;
  /** The part of `rejected` that waited maxWaitMs for a slot and gave up (semaphore only). */
  waitExpired: number;
  /** When a call of the fault period first found every slot busy (it had to wait or was refused); null if never. */
  firstSaturatedMs: number | null;
  windows: BulkheadWindow[];
}

/** The service's outbound HTTP agent: connections to A and B together. */
export interface ConnectionsResult {
  /** Null when the agent had no limit. */
  limit: number | null;
  /** Most connections busy with a call at once, and most calls waiting for one. */
  inUsePeak: number;
  waitingPeak: number;
  /** Calls of the fault period that had to wait for a connection, per dependency. */
  waited: Record<DependencyName, number>;
  /** When a call of the fault period first found no connection free; null if never. */
  firstSaturatedMs: number | null;
  windows: { tMs: number; inUsePeak: number; waitingPeak: number }[];
}

export interface EventLoopDelay {
  /** perf_hooks.monitorEventLoopDelay over the fault period, in ms. */
  peakMs: number;
  p99Ms: number;
  meanMs: number;
  /** Share of the fault period the thread was busy (performance.eventLoopUtilization), 0…1. */
  utilization: number;
  /** When, from the fault's start on, the delay first reached options.stallMs; null if never. */
  firstStallMs: number | null;
  windows: { tMs: number; peakMs: number; utilization: number }[];
}

/** One resource reaching its limit in the fault period: the first call that found nothing free, or the first stall. */
export interface LimitReached {
  resource: Resource;
  atMs: number;
}

/** The tick model's closest configuration to a run, and what it predicts (experiment/model.ts). */
export interface RunModel {
  /** One tick: one request to each endpoint. */
  tickMs: number;
  /** Null when the run has something the model cannot express; `note` says what. */
  config: LabConfig | null;
  /** Completed of offered over the model's whole window, per endpoint; null without a config. */
  predicted: { a: number; b: number } | null;
  note: string;
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
  /** Which repeat of this run it is, from 1. */
  repeat: number;
  /**
   * True when the machine held the experiment up (options.busyMs): no figure of this run is used
   * for a conclusion. Null in files written before version 3, which did not check.
   */
  busy: boolean | null;
  /** What made it busy, in words; empty when it was not. */
  busyReasons: string[];
  /** os.loadavg() (1, 5, 15 minutes) when the run started. */
  loadAverageAtStart: number[];
  pool: PoolConfig;
  scenario: Scenario;
  faultMode: FaultMode;
  settings: RunSettings;
  /** ISO 8601 start of the fault period (tMs 0). */
  startedAt: string;
  /** Fault period, and the healthy lead measured before it. */
  durationMs: number;
  leadMs: number;
  windowMs: number;
  /** In burst-a: extra /a requests sent at once, and how often; null otherwise. */
  burst: { size: number; everyMs: number } | null;
  endpoints: EndpointResult[];
  bulkheads: BulkheadResult[];
  connections: ConnectionsResult;
  /** Every watched resource that reached its limit, earliest first; the first is limits[0]. */
  limits: LimitReached[];
  model: RunModel;
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
