// The service under test: /a calls dependency A, /b calls dependency B, every outbound call goes
// through a bulkhead (one shared, or one per dependency) and is aborted at the same timeout. It
// counts what it answered to every measured request, so the report can reconcile its counts with
// the load generator's, and it watches its outbound connections.
import http from 'node:http';
import { BulkheadRejectedError, TaskCancelledError } from 'cockatiel';
import type { DependencyName, EndpointPath, Outcome, PoolConfig, RunSettings } from './types.js';
import { closeServer, httpGet, keepAliveAgent, listenLoopback, LOAD_ID_HEADER, now, reply } from './net.js';
import { MeasuredBulkhead, type CallTag } from './pools.js';

export interface ServiceOptions extends RunSettings {
  pool: PoolConfig;
  timeoutMs: number;
  /** Base URLs the service calls for each dependency (A usually through the fault proxy). */
  upstream: Record<DependencyName, string>;
}

export interface Route {
  path: EndpointPath;
  dependency: DependencyName;
  bulkhead: MeasuredBulkhead;
  /** Calls of this endpoint executing inside the bulkhead now, and the most at once since measuring began. */
  executing: number;
  concurrentPeak: number;
  /** The service's answer to each measured request of the fault period, by load id. */
  answers: Map<string, Outcome>;
}

export interface Service {
  readonly server: http.Server;
  readonly url: string;
  readonly routes: readonly Route[];
  readonly bulkheads: readonly MeasuredBulkhead[];
  readonly connections: ConnectionWatch;
  /** Peaks from now on; what happened during the warm-up does not count. */
  startMeasuring(): void;
  /** Stops listening, cuts every connection, and waits (at most `graceMs`) until every request it took is answered. */
  close: (graceMs?: number) => Promise<void>;
}

class UpstreamStatusError extends Error {
  constructor(readonly status: number) {
    super(`upstream answered ${status}`);
  }
}

const TIMED_OUT = new Error('outbound call timed out');
const CALLER_GONE = new Error('the caller closed the connection');

function bulkheadsFor(options: ServiceOptions): Record<DependencyName, MeasuredBulkhead> {
  const make = (name: 'shared' | DependencyName, limit: number): MeasuredBulkhead =>
    new MeasuredBulkhead(name, limit, options.queueSize, options.maxWaitMs);
  if (options.pool === 'shared') {
    const shared = make('shared', options.poolSize);
    return { A: shared, B: shared };
  }
  const half = Math.floor(options.poolSize / 2);
  return { A: make('A', half), B: make('B', half) };
}

/**
 * The outbound agent's connections: how many are busy with a call, how many calls wait for one.
 * A call waits when the agent queues it (it is in `agent.requests`) instead of giving it a socket.
 */
export class ConnectionWatch {
  waiting = 0;
  inUsePeak = 0;
  waitingPeak = 0;
  /** Calls of the fault period that had to wait for a connection, per dependency. */
  readonly waited: Record<DependencyName, number> = { A: 0, B: 0 };
  saturatedAt: number | null = null;
  #window = { inUse: 0, waiting: 0 };

  constructor(
    readonly agent: http.Agent,
    readonly limit: number | null,
  ) {}

  inUse(): number {
    let count = 0;
    for (const sockets of Object.values(this.agent.sockets)) count += sockets?.length ?? 0;
    return count;
  }

  track(request: http.ClientRequest, dependency: DependencyName, tag: CallTag, signal: AbortSignal): void {
    const queued = Object.values(this.agent.requests).some((line) => line?.includes(request));
    if (queued) {
      this.waiting++;
      if (tag.faultPeriod) this.waited[dependency]++;
      if (tag.faultPeriod) this.saturatedAt ??= now();
      let counted = true;
      const done = (): void => {
        if (!counted) return;
        counted = false;
        this.waiting--;
        signal.removeEventListener('abort', done);
      };
      request.once('socket', done);
      request.once('close', done);
      signal.addEventListener('abort', done, { once: true });
    }
    this.#observe();
  }

  startMeasuring(): void {
    this.inUsePeak = this.inUse();
    this.waitingPeak = this.waiting;
    this.#window = { inUse: this.inUsePeak, waiting: this.waiting };
  }

  takeWindow(tMs: number): { tMs: number; inUsePeak: number; waitingPeak: number } {
    const taken = this.#window;
    this.#window = { inUse: this.inUse(), waiting: this.waiting };
    return { tMs, inUsePeak: taken.inUse, waitingPeak: taken.waiting };
  }

  #observe(): void {
    const inUse = this.inUse();
    this.inUsePeak = Math.max(this.inUsePeak, inUse);
    this.waitingPeak = Math.max(this.waitingPeak, this.waiting);
    this.#window.inUse = Math.max(this.#window.inUse, inUse);
    this.#window.waiting = Math.max(this.#window.waiting, this.waiting);
  }
}

/** The tag of a request from its load id: no id is a warm-up request. */
function tagOf(request: http.IncomingMessage): { id: string | null; tag: CallTag } {
  const id = request.headers[LOAD_ID_HEADER];
  if (typeof id !== 'string') return { id: null, tag: { measured: false, faultPeriod: false } };
  const index = Number(id.slice(id.indexOf('.') + 1));
  return { id, tag: { measured: true, faultPeriod: index >= 0 } };
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const agent = keepAliveAgent(options.connections ?? undefined);
  const connections = new ConnectionWatch(agent, options.connections);
  const pools = bulkheadsFor(options);
  const route = (path: EndpointPath, dependency: DependencyName): Route => ({
    path,
    dependency,
    bulkhead: pools[dependency],
    executing: 0,
    concurrentPeak: 0,
    answers: new Map(),
  });
  const routes: Route[] = [route('/a', 'A'), route('/b', 'B')];
  let handling = 0;
  let idle: (() => void) | undefined;

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    request.resume();
    const target = routes.find((candidate) => candidate.path === request.url);
    if (!target) {
      reply(response, 404, 'not-found');
      return;
    }
    const { id, tag } = tagOf(request);
    const answer = (status: number, outcome: Outcome, text: string, body?: string): void => {
      if (id !== null && tag.faultPeriod) target.answers.set(id, outcome);
      reply(response, status, text, body);
    };
    const abort = new AbortController();
    // The timeout starts when the request arrives, so time spent queued in the bulkhead counts.
    const timer = setTimeout(() => abort.abort(TIMED_OUT), options.timeoutMs);
    response.on('close', () => {
      if (!response.writableFinished) abort.abort(CALLER_GONE);
    });
    try {
      const upstream = await target.bulkhead.execute(
        async (signal) => {
          target.executing++;
          target.concurrentPeak = Math.max(target.concurrentPeak, target.executing);
          try {
            const url = options.upstream[target.dependency] + target.path;
            const got = await httpGet(url, agent, signal, {}, (outbound) =>
              connections.track(outbound, target.dependency, tag, signal),
            );
            if (got.status !== 200) throw new UpstreamStatusError(got.status);
            return got;
          } finally {
            target.executing--;
          }
        },
        abort.signal,
        tag,
      );
      answer(200, 'ok', 'ok', upstream.body);
    } catch (error) {
      if (error instanceof BulkheadRejectedError) answer(503, 'rejected', 'rejected');
      else if (abort.signal.reason === TIMED_OUT || error instanceof TaskCancelledError)
        answer(504, 'timeout', 'timeout');
      else
        answer(
          502,
          'other',
          'upstream-error',
          error instanceof Error ? `upstream-error: ${error.message}` : 'upstream-error',
        );
    } finally {
      clearTimeout(timer);
    }
  };

  const server = http.createServer((request, response) => {
    handling++;
    void handle(request, response).finally(() => {
      if (--handling === 0) idle?.();
    });
  });
  const url = await listenLoopback(server);
  const bulkheads = [...new Set(Object.values(pools))];
  return {
    server,
    url,
    routes,
    bulkheads,
    connections,
    startMeasuring: () => {
      for (const bulkhead of bulkheads) bulkhead.startMeasuring();
      for (const r of routes) r.concurrentPeak = r.executing;
      connections.startMeasuring();
    },
    close: async (graceMs = 2000) => {
      await closeServer(server);
      agent.destroy();
      // Cut connections abort the calls still running; their answers are counted as they settle.
      if (handling > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}
