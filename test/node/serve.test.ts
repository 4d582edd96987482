// `npm start`'s server (scripts/serve.mjs): it listens on 127.0.0.1 only, and a busy port is one
// clear line, before any build. Both run with --no-build, on the dist/ the suite has built.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { test } from 'node:test';

/** A port that was free a moment ago, taken on 127.0.0.1 by `hold` (or released). */
async function freePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as net.AddressInfo;
  return { port, release: () => new Promise<void>((resolve) => holder.close(() => resolve())) };
}

function serve(port: number) {
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--no-build'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const serving = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('Serving http://') && resolve());
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  serving.catch(() => {}); // a test that expects the exit awaits `exited` instead
  return { child, exited, serving, output: () => ({ stdout, stderr }) };
}

/** Connects to host:port; resolves to true when something accepts. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test('npm start listens on 127.0.0.1 only, on PORT', async (t) => {
  const { port, release } = await freePort();
  await release();
  const server = serve(port);
  t.after(() => server.child.kill());
  await server.serving;
  assert.match(server.output().stdout, new RegExp(`Serving http://127\\.0\\.0\\.1:${port}/demo/`));
  const page = await fetch(`http://127.0.0.1:${port}/demo/`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /bulkhead-lab/);
  assert.ok(await accepts('127.0.0.1', port));
  // Every other address of this machine refuses: the socket is bound to loopback, not to all interfaces.
  const others = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);
  for (const address of others)
    assert.equal(await accepts(address, port), false, `${address}:${port} accepted a connection`);
  if (others.length === 0) t.diagnostic('no non-loopback IPv4 address here; only 127.0.0.1 was checked');
  // IPv6 loopback is another interface too.
  assert.equal(await accepts('::1', port), false, `[::1]:${port} accepted a connection`);
});

test('a busy port gives one line naming PORT, and no stack trace', async () => {
  const { port, release } = await freePort();
  try {
    const server = serve(port);
    const code = await server.exited;
    const { stdout, stderr } = server.output();
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.equal(stderr, `port ${port} is in use; set PORT=… to another port, e.g. PORT=${port + 1} npm start\n`);
  } finally {
    await release();
  }
});
