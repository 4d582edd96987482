// The fault-injection proxy in front of dependency A. Its mode can change while it runs, so a run
// can warm up healthy and then switch to the fault at the start of the measured period.
import http from 'node:http';
import type { FaultMode } from './types.js';
import { closeServer, httpGet, keepAliveAgent, listenLoopback, reply } from './net.js';

export interface FaultProxy {
  readonly server: http.Server;
  readonly url: string;
  mode: FaultMode;
  /** Requests the proxy has accepted and not yet answered. */
  pending(): number;
  close: () => Promise<void>;
}

export interface FaultProxyOptions {
  target: string;
  mode: FaultMode;
  /** Added latency in `delay` mode. */
  delayMs: number;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const agent = keepAliveAgent();
  const open = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    request.resume();
    const mode = proxy.mode;
    if (mode === 'fail-fast') {
      reply(response, 503, 'injected-failure');
      return;
    }
    open.add(response);
    const upstream = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    response.on('close', () => {
      open.delete(response);
      clearTimeout(timer);
      upstream.abort();
    });
    // A stalled request holds its socket until the caller gives up or the proxy closes.
    if (mode === 'stall') return;

    const forward = (): void => {
      httpGet(options.target + (request.url ?? '/'), agent, upstream.signal).then(
        (answer) => reply(response, answer.status, String(answer.headers['x-outcome'] ?? 'forwarded'), answer.body),
        () => reply(response, 502, 'proxy-upstream-error'),
      );
    };
    if (mode === 'delay') timer = setTimeout(forward, options.delayMs);
    else forward();
  });

  const url = await listenLoopback(server);
  const proxy: FaultProxy = {
    server,
    url,
    mode: options.mode,
    pending: () => open.size,
    close: async () => {
      await closeServer(server);
      agent.destroy();
    },
  };
  return proxy;
}
