// The open-loop load generator. Request i of a target is due at a fixed time, whatever happened to
// earlier requests, and its latency counts from that due ("intended") time. A generator that waits
// for answers, or that measures from the actual send, hides exactly the stalls this experiment is
// about (coordinated omission).
import type { EndpointPath, EventLoopDelay, Outcome, OutcomeCounts } from './types.js';
import { httpGet, keepAliveAgent, now, type HttpReply } from './net.js';
import { tickWindows, watchEventLoop, windowCount } from './windows.js';

export interface LoadTarget {
  path: EndpointPath;
  url: string;
}

export interface LoadPlan {
  targets: LoadTarget[];
  ratePerSecond: number;
  /** Requests before the measured period, at the same rate; sent but not recorded. */
  warmupMs: number;
  durationMs: number;
  /** Each request is aborted this long after it actually left. */
  clientTimeoutMs: number;
  windowMs: number;
  /** Shared-clock time (see net.now) at which the measured period starts. */
  measureStartAt: number;
}

export interface RequestRecord {
  path: EndpointPath;
  /** Intended send time, ms since the start of the measured period. */
  intendedMs: number;
  /** Actual send minus intended send. */
  sendLagMs: number;
  /** Outcome time minus intended send time. */
  latencyMs: number;
  outcome: Outcome;
  /** True when the generator itself gave up (counted as a timeout). */
  clientTimeout: boolean;
}

export interface LoadProgress {
  /** End of the window just finished, ms since the start of the measured period. */
  tMs: number;
  /** Measured requests sent so far and the outcomes known so far, per target. */
  counts: Partial<Record<EndpointPath, OutcomeCounts>>;
}

export interface LoadRun {
  records: RequestRecord[];
  /** Event-loop delay of the thread the generator ran on. */
  loop: EventLoopDelay;
}

export interface LoadHooks {
  onProgress?: (progress: LoadProgress) => void;
  /** Aborting stops sending, aborts what is in flight, and rejects with the signal's reason. */
  signal?: AbortSignal;
}

const CLIENT_TIMEOUT = new Error('client timeout');

function classify(answer: HttpReply): Outcome {
  if (answer.status === 200) return 'ok';
  if (answer.status === 503 && answer.headers['x-outcome'] === 'rejected') return 'rejected';
  if (answer.status === 504) return 'timeout';
  return 'other';
}

/** How many requests of one target fall in the warm-up and in the measured period. */
export function requestCounts(plan: Pick<LoadPlan, 'ratePerSecond' | 'warmupMs' | 'durationMs'>): {
  warmup: number;
  measured: number;
} {
  const interval = 1000 / plan.ratePerSecond;
  return { warmup: Math.floor(plan.warmupMs / interval), measured: Math.round(plan.durationMs / interval) };
}

/** How long before the measured period the first warm-up request is due. */
export function warmupLeadMs(plan: Pick<LoadPlan, 'ratePerSecond' | 'warmupMs' | 'durationMs'>): number {
  return requestCounts(plan).warmup * (1000 / plan.ratePerSecond);
}

export async function runLoad(plan: LoadPlan, hooks: LoadHooks = {}): Promise<LoadRun> {
  const agent = keepAliveAgent();
  const interval = 1000 / plan.ratePerSecond;
  const counts = requestCounts(plan);
  const total = counts.warmup + counts.measured;
  // Targets are staggered inside one interval so their sends do not arrive in pairs.
  const intendedAt = (target: number, index: number): number =>
    plan.measureStartAt + (index - counts.warmup) * interval + (target * interval) / plan.targets.length;

  const records: RequestRecord[] = [];
  const progress = plan.targets.map((): OutcomeCounts => ({ sent: 0, ok: 0, timeout: 0, rejected: 0, other: 0 }));
  const inFlight = new Set<AbortController>();
  const answers: Promise<void>[] = [];
  const next = plan.targets.map(() => 0);
  const stop = hooks.signal;
  let pumpTimer: NodeJS.Timeout | undefined;

  const send = (target: number, index: number, intended: number): void => {
    const sentAt = now();
    const measured = index >= counts.warmup;
    if (measured) progress[target]!.sent++;
    const abort = new AbortController();
    inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(CLIENT_TIMEOUT), plan.clientTimeoutMs);
    const answer = httpGet(plan.targets[target]!.url, agent, abort.signal)
      .then(classify, (): Outcome => (abort.signal.reason === CLIENT_TIMEOUT ? 'timeout' : 'other'))
      .then((outcome) => {
        const doneAt = now();
        clearTimeout(timer);
        inFlight.delete(abort);
        if (!measured || stop?.aborted) return;
        progress[target]![outcome]++;
        records.push({
          path: plan.targets[target]!.path,
          intendedMs: intended - plan.measureStartAt,
          sendLagMs: sentAt - intended,
          latencyMs: doneAt - intended,
          outcome,
          clientTimeout: abort.signal.reason === CLIENT_TIMEOUT,
        });
      });
    answers.push(answer);
  };

  let endSchedule!: () => void;
  const scheduled = new Promise<void>((resolve) => {
    endSchedule = resolve;
    const pump = (): void => {
      pumpTimer = undefined;
      if (stop?.aborted) return resolve();
      const t = now();
      let due = Infinity;
      plan.targets.forEach((_, target) => {
        while (next[target]! < total) {
          const at = intendedAt(target, next[target]!);
          if (at > t) {
            due = Math.min(due, at);
            break;
          }
          send(target, next[target]!++, at);
        }
      });
      if (due === Infinity) return resolve();
      pumpTimer = setTimeout(pump, Math.max(0, due - now()));
    };
    pump();
  });

  const loop = watchEventLoop();
  const warmupEnd = setTimeout(() => loop.reset(), Math.max(0, plan.measureStartAt - now()));
  const windows = tickWindows(plan.measureStartAt, plan.windowMs, windowCount(plan), (index) => {
    const tMs = index * plan.windowMs;
    loop.endWindow(tMs);
    hooks.onProgress?.({
      tMs: tMs + plan.windowMs,
      counts: Object.fromEntries(plan.targets.map((target, k) => [target.path, { ...progress[k]! }])),
    });
  });

  const onStop = (): void => {
    clearTimeout(pumpTimer);
    endSchedule();
    windows.stop();
    for (const abort of inFlight) abort.abort(stop?.reason);
  };
  stop?.addEventListener('abort', onStop, { once: true });
  if (stop?.aborted) onStop();

  let loopDelay: EventLoopDelay;
  try {
    await scheduled;
    // Every request ends by its client timeout, and the last window at the end of the measured
    // period, so both waits are bounded.
    await Promise.all(answers);
    await windows.done;
  } finally {
    stop?.removeEventListener('abort', onStop);
    clearTimeout(pumpTimer);
    clearTimeout(warmupEnd);
    windows.stop();
    agent.destroy();
    loopDelay = loop.finish();
  }
  if (stop?.aborted) throw stop.reason;
  records.sort((x, y) => x.intendedMs - y.intendedMs);
  return { records, loop: loopDelay };
}
