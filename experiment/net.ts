// Loopback HTTP helpers shared by the stubs, the proxy, the service and the load generator.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

const LOOPBACK = '127.0.0.1';

/** The header the load generator puts on measured requests: `<stream>.<index>`, index < 0 in the lead. */
export const LOAD_ID_HEADER = 'x-load-id';

/**
 * Milliseconds on a clock that threads of one process agree on (to well under a millisecond),
 * so the load-generator worker and the service can share a start time.
 */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

/** Listens on 127.0.0.1 at a port the OS picks; resolves to the base URL. */
export function listenLoopback(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      server.off('error', reject);
      const { address, port } = server.address() as AddressInfo;
      resolve(`http://${address}:${port}`);
    });
  });
}

/** Stops accepting, destroys every connection (idle keep-alive ones too) and waits for the close. */
export function closeServer(server: http.Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * A keep-alive agent. Without `maxTotalSockets` it opens as many connections as calls need, so the
 * bulkhead is the only limit; with it, calls beyond that many wait in the agent for a connection.
 */
export function keepAliveAgent(maxTotalSockets?: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: Infinity, ...(maxTotalSockets ? { maxTotalSockets } : {}) });
}

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * GET with an abort signal; rejects on connection errors, on abort and on a cut-off body.
 * `onRequest` sees the request as soon as the agent has it (given a connection, or waiting for one).
 */
export function httpGet(
  url: string,
  agent: http.Agent,
  signal: AbortSignal,
  headers: http.OutgoingHttpHeaders = {},
  onRequest?: (request: http.ClientRequest) => void,
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, signal, headers }, (response) => {
      const chunks: Buffer[] = [];
      let ended = false;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        ended = true;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
      response.on('error', reject);
      response.on('close', () => {
        if (!ended) reject(signal.aborted ? signal.reason : new Error('response closed before its end'));
      });
    });
    request.on('error', reject);
    onRequest?.(request);
  });
}

/** Writes a short plain-text answer unless the caller has already gone. */
export function reply(response: http.ServerResponse, status: number, outcome: string, body: string = outcome): void {
  if (response.destroyed || response.headersSent) return;
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-outcome': outcome });
  response.end(body);
}
