// Stub servers standing in for dependencies A and B: each answers after a few ms of simulated work.
import http from 'node:http';
import type { DependencyName } from './types.js';
import { closeServer, listenLoopback, reply } from './net.js';

export interface StubServer {
  readonly name: DependencyName;
  readonly server: http.Server;
  readonly url: string;
  close: () => Promise<void>;
}

export async function startDependency(name: DependencyName, workMs: number): Promise<StubServer> {
  const server = http.createServer((request, response) => {
    request.resume();
    // The work is a wait, not CPU: the dependency lives in another process in real life, so it
    // should not take CPU from the service under test here.
    const timer = setTimeout(() => reply(response, 200, 'ok', `dependency ${name}`), workMs);
    response.on('close', () => clearTimeout(timer));
  });
  const url = await listenLoopback(server);
  return { name, server, url, close: () => closeServer(server) };
}
