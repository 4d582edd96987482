// The service under test: /a calls dependency A, /b calls dependency B, every outbound call goes
// through a bulkhead (one shared, or one per dependency) and is aborted at the same timeout.
import http from 'node:http';
import { BulkheadRejectedError, TaskCancelledError } from 'cockatiel';
import type { DependencyName, EndpointPath, PoolConfig } from './types.js';
import { closeServer, httpGet, keepAliveAgent, listenLoopback, reply } from './net.js';
import { MeasuredBulkhead } from './pools.js';

export interface ServiceOptions {
  pool: PoolConfig;
  /** P: the shared limit; each per-dependency bulkhead gets floor(P / 2). */
  poolSize: number;
  queueSize: number;
  timeoutMs: number;
  /** Base URLs the service calls for each dependency (A usually through the fault proxy). */
  upstream: Record<DependencyName, string>;
}

export interface Route {
  path: EndpointPath;
  dependency: DependencyName;
  bulkhead: MeasuredBulkhead;
}

export interface Service {
  readonly server: http.Server;
  readonly url: string;
  readonly routes: readonly Route[];
  readonly bulkheads: readonly MeasuredBulkhead[];
  close: () => Promise<void>;
}

class UpstreamStatusError extends Error {
  constructor(readonly status: number) {
    super(`upstream answered ${status}`);
  }
}

const TIMED_OUT = new Error('outbound call timed out');
const CALLER_GONE = new Error('the caller closed the connection');

function bulkheadsFor(pool: PoolConfig, poolSize: number, queueSize: number): Record<DependencyName, MeasuredBulkhead> {
  if (pool === 'shared') {
    const shared = new MeasuredBulkhead('shared', poolSize, queueSize);
    return { A: shared, B: shared };
  }
  const half = Math.floor(poolSize / 2);
  return { A: new MeasuredBulkhead('A', half, queueSize), B: new MeasuredBulkhead('B', half, queueSize) };
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const agent = keepAliveAgent();
  const pools = bulkheadsFor(options.pool, options.poolSize, options.queueSize);
  const routes: Route[] = [
    { path: '/a', dependency: 'A', bulkhead: pools.A },
    { path: '/b', dependency: 'B', bulkhead: pools.B },
  ];

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    request.resume();
    const route = routes.find((candidate) => candidate.path === request.url);
    if (!route) {
      reply(response, 404, 'not-found');
      return;
    }
    const abort = new AbortController();
    // The timeout starts when the request arrives, so time spent queued in the bulkhead counts.
    const timer = setTimeout(() => abort.abort(TIMED_OUT), options.timeoutMs);
    response.on('close', () => {
      if (!response.writableFinished) abort.abort(CALLER_GONE);
    });
    try {
      const answer = await route.bulkhead.execute(async (signal) => {
        const upstream = await httpGet(options.upstream[route.dependency] + route.path, agent, signal);
        if (upstream.status !== 200) throw new UpstreamStatusError(upstream.status);
        return upstream;
      }, abort.signal);
      reply(response, 200, 'ok', answer.body);
    } catch (error) {
      if (error instanceof BulkheadRejectedError) reply(response, 503, 'rejected');
      else if (abort.signal.reason === TIMED_OUT || error instanceof TaskCancelledError)
        reply(response, 504, 'timeout');
      else
        reply(
          response,
          502,
          'upstream-error',
          error instanceof Error ? `upstream-error: ${error.message}` : 'upstream-error',
        );
    } finally {
      clearTimeout(timer);
    }
  };

  const server = http.createServer((request, response) => void handle(request, response));
  const url = await listenLoopback(server);
  const bulkheads = [...new Set(Object.values(pools))];
  return {
    server,
    url,
    routes,
    bulkheads,
    close: async () => {
      await closeServer(server);
      agent.destroy();
    },
  };
}
