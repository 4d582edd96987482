// The open-loop load generator. Request i of a target is due at a fixed time, whatever happened to
// earlier requests, and its latency counts from that due ("intended") time. A generator that waits
// for answers, or that measures from the actual send, hides exactly the stalls this experiment is
// about (coordinated omission).
import type { EndpointPath, EventLoopDelay, Outcome, OutcomeCounts } from './types.js';
import { httpGet, keepAliveAgent, LOAD_ID_HEADER, now, type HttpReply } from './net.js';
import { tickWindows, watchEventLoop, windowSpan } from './windows.js';

export interface LoadTarget {
  path: EndpointPath;
  url: string;
}

export interface LoadPlan {
  targets: LoadTarget[];
  ratePerSecond: number;
  /** Requests before the measured lead, at the same rate; sent but not recorded. */
  warmupMs: number;
  /** Measured time before the fault starts (tMs < 0). */
  leadMs: number;
  /** Measured time from the fault's start. */
  durationMs: number;
  /** Each request is aborted this long after it actually left. */
  generatorTimeoutMs: number;
  windowMs: number;
  /** Shared-clock time (see net.now) at which the fault starts: tMs 0. */
  faultAt: number;
  /** Extra requests to one target, `size` at once every `everyMs`, half a period after each boundary. */
  bursts?: { target: number; size: number; everyMs: number } | null;
}

export interface RequestRecord {
  path: EndpointPath;
  /** `<stream>.<index>`, as sent in the x-load-id header; the index is negative in the lead. */
  id: string;
  /** Intended send time, ms since the fault started (negative in the lead). */
  intendedMs: number;
  /** Actual send minus intended send. */
  sendLagMs: number;
  /** Outcome time minus intended send time. */
  latencyMs: number;
  outcome: Outcome;
  /** True when the generator itself gave up (counted as a timeout). */
  generatorTimeout: boolean;
}

export interface LoadProgress {
  /** End of the window just finished, ms since the fault started. */
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

const GENERATOR_TIMEOUT = new Error('the load generator gave up');

function classify(answer: HttpReply): Outcome {
  if (answer.status === 200) return 'ok';
  if (answer.status === 503 && answer.headers['x-outcome'] === 'rejected') return 'rejected';
  if (answer.status === 504) return 'timeout';
  return 'other';
}

/**
 * One schedule of sends to one target: send i (from `first` up to `end`, exclusive) is due at
 * `at(i)` ms from the fault's start, counts from index `measuredFrom`, and belongs to the fault
 * period from index 0.
 */
export interface Stream {
  target: number;
  first: number;
  end: number;
  measuredFrom: number;
  at: (index: number) => number;
}

/**
 * The steady stream of each target (the targets staggered inside one interval, so their sends do
 * not come in pairs) and, if any, the burst stream: `size` sends at once, half a period after each
 * period boundary, so every window of one period holds one burst.
 */
export function streamsOf(
  plan: Omit<LoadPlan, 'targets' | 'generatorTimeoutMs' | 'windowMs' | 'faultAt'> & {
    targets: readonly unknown[];
  },
): Stream[] {
  const interval = 1000 / plan.ratePerSecond;
  const lead = Math.round(plan.leadMs / interval);
  const warmup = Math.floor(plan.warmupMs / interval);
  const streams: Stream[] = plan.targets.map((_, target) => ({
    target,
    first: -(lead + warmup),
    end: Math.round(plan.durationMs / interval),
    measuredFrom: -lead,
    at: (index: number) => index * interval + (target * interval) / plan.targets.length,
  }));
  const bursts = plan.bursts;
  if (bursts) {
    const { size, everyMs } = bursts;
    const burstAt = (burst: number): number => burst * everyMs + everyMs / 2;
    // Bursts whose time falls in [from, to): burst b is due at (b + 1/2)·everyMs.
    const firstBurst = (from: number): number => Math.ceil(from / everyMs - 0.5);
    streams.push({
      target: bursts.target,
      first: firstBurst(-plan.leadMs - plan.warmupMs) * size,
      end: firstBurst(plan.durationMs) * size,
      measuredFrom: firstBurst(-plan.leadMs) * size,
      at: (index: number) => burstAt(Math.floor(index / size)),
    });
  }
  return streams;
}

/** How long before the fault the first send of the plan is due. */
export function firstSendBeforeFaultMs(plan: Parameters<typeof streamsOf>[0]): number {
  return Math.max(0, ...streamsOf(plan).map((stream) => -stream.at(stream.first)));
}

export async function runLoad(plan: LoadPlan, hooks: LoadHooks = {}): Promise<LoadRun> {
  const agent = keepAliveAgent();
  const streams = streamsOf(plan);
  const leadStart = plan.faultAt - plan.leadMs;

  const records: RequestRecord[] = [];
  const progress = plan.targets.map((): OutcomeCounts => ({ sent: 0, ok: 0, timeout: 0, rejected: 0, other: 0 }));
  const inFlight = new Set<AbortController>();
  const answers: Promise<void>[] = [];
  const next = streams.map((stream) => stream.first);
  const stop = hooks.signal;
  let pumpTimer: NodeJS.Timeout | undefined;

  const send = (stream: Stream, index: number, intended: number): void => {
    const sentAt = now();
    const measured = index >= stream.measuredFrom;
    const target = stream.target;
    const id = `${streams.indexOf(stream)}.${index}`;
    if (measured) progress[target]!.sent++;
    const abort = new AbortController();
    inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(GENERATOR_TIMEOUT), plan.generatorTimeoutMs);
    const headers = measured ? { [LOAD_ID_HEADER]: id } : {};
    const answer = httpGet(plan.targets[target]!.url, agent, abort.signal, headers)
      .then(classify, (): Outcome => (abort.signal.reason === GENERATOR_TIMEOUT ? 'timeout' : 'other'))
      .then((outcome) => {
        const doneAt = now();
        clearTimeout(timer);
        inFlight.delete(abort);
        if (!measured || stop?.aborted) return;
        progress[target]![outcome]++;
        records.push({
          path: plan.targets[target]!.path,
          id,
          intendedMs: intended - plan.faultAt,
          sendLagMs: sentAt - intended,
          latencyMs: doneAt - intended,
          outcome,
          generatorTimeout: abort.signal.reason === GENERATOR_TIMEOUT,
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
      streams.forEach((stream, k) => {
        while (next[k]! < stream.end) {
          const at = plan.faultAt + stream.at(next[k]!);
          if (at > t) {
            due = Math.min(due, at);
            break;
          }
          send(stream, next[k]!++, at);
        }
      });
      if (due === Infinity) return resolve();
      pumpTimer = setTimeout(pump, Math.max(0, due - now()));
    };
    pump();
  });

  const loop = watchEventLoop({ faultAt: plan.faultAt });
  const leadBegins = setTimeout(() => loop.reset(), Math.max(0, leadStart - now()));
  const faultBegins = setTimeout(() => loop.startFault(), Math.max(0, plan.faultAt - now()));
  const span = windowSpan(plan);
  const windows = tickWindows(plan.faultAt + span.first * plan.windowMs, plan.windowMs, span.count, (index) => {
    const tMs = (span.first + index) * plan.windowMs;
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
    // Every request ends by the generator's timeout, and the last window at the end of the measured
    // period, so both waits are bounded.
    await Promise.all(answers);
    await windows.done;
  } finally {
    stop?.removeEventListener('abort', onStop);
    clearTimeout(pumpTimer);
    clearTimeout(leadBegins);
    clearTimeout(faultBegins);
    windows.stop();
    agent.destroy();
    loopDelay = loop.finish();
  }
  if (stop?.aborted) throw stop.reason;
  records.sort((x, y) => x.intendedMs - y.intendedMs);
  return { records, loop: loopDelay };
}
