// Serves the repository as plain static files on 127.0.0.1 (no transforms, no module resolution),
// the way a blog or CDN would serve the built bundle.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** `delayFor(pathname)` holds a response back that many milliseconds, like a slow network. */
export async function serveStatic(
  root: string,
  headers: Record<string, string> = {},
  delayFor: (pathname: string) => number = () => 0,
) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = path.join(root, decodeURIComponent(url.pathname).replace(/\/$/, '/index.html'));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    const send = () => {
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...headers });
      fs.createReadStream(file).pipe(res);
    };
    const delay = delayFor(url.pathname);
    if (delay > 0) setTimeout(send, delay);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StaticServer = Awaited<ReturnType<typeof serveStatic>>;
