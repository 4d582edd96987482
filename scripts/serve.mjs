// `npm start` and `npm run dev`: serve the demo pages on 127.0.0.1 only.
//
//   node scripts/serve.mjs            build once, then serve dist/ and the demo (npm start)
//   node scripts/serve.mjs --dev      serve the demo on src/ itself, reloading on every change (npm run dev)
//   node scripts/serve.mjs --no-build serve what dist/ holds now
//
// PORT picks the port (default 8000). The port is taken before anything is built, so a busy port
// costs one line and no build. Our own node:http server owns the socket: @web/dev-server, given
// `--hostname 127.0.0.1`, listens on every interface, so here it only handles requests
// (middleware mode) and, with --dev, reloads pages over this server's web socket.
//
// --dev: a request for a bundle (dist/bulkhead-lab.js, dist/elements/<tag>.js) is redirected to its
// TypeScript entry in src/, which the dev server compiles with esbuild on each request, so an edit
// shows on the next reload without a build; the page reloads by itself when a file it loaded
// changes. `tsc --watch` runs beside it and prints type errors.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { startDevServer } from '@web/dev-server';
import config from '../web-dev-server.config.mjs';

const HOST = '127.0.0.1';
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const build = !args.has('--no-build');

const port = Number(process.env.PORT ?? 8000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT=${process.env.PORT} is not a port number (0 to 65535)`);
  process.exit(1);
}

const server = http.createServer((req, res) =>
  res.writeHead(503, { 'retry-after': '5' }).end('building, try again in a moment\n'),
);
try {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
} catch (error) {
  if (error.code === 'EADDRINUSE')
    console.error(
      `port ${port} is in use; set PORT=… to another port, e.g. PORT=${port === 65535 ? 8001 : port + 1} npm ${dev ? 'run dev' : 'start'}`,
    );
  else if (error.code === 'EACCES')
    console.error(`port ${port} needs privileges this user lacks; set PORT=… to a port above 1023`);
  else console.error(`cannot listen on ${HOST}:${port}: ${error.message}`);
  process.exit(1);
}
const { port: actual } = server.address();

const bin = (name) => path.join('node_modules', '.bin', name);
const children = new Set();
/** Runs a command with the terminal; resolves to its exit code. Watchers are stopped when we exit. */
function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { stdio: 'inherit' });
  children.add(child);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    }),
  );
}
const stop = () => {
  for (const child of children) child.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (build && !dev) {
  if ((await run('npm', ['run', '--silent', 'build'])) !== 0) {
    console.error('the build failed; nothing is served');
    process.exit(1);
  }
}
if (dev) run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit', '--watch', '--preserveWatchOutput']);

/** --dev: the TypeScript entry (or the stylesheet) that a built file's URL stands for. */
function sourceOf(pathname) {
  if (pathname === '/dist/bulkhead-lab.js') return '/src/index.ts';
  if (pathname === '/dist/bulkhead-lab.css') return '/src/bulkhead-lab.css';
  const element = pathname.match(/^\/dist\/elements\/([a-z-]+)\.js$/)?.[1];
  return element ? `/src/elements/${element}/define.ts` : null;
}
const fromSource = (context, next) => {
  const source = sourceOf(context.path);
  if (source) return context.redirect(source);
  return next();
};

const devServer = await startDevServer({
  config: {
    ...config,
    port: actual,
    middlewareMode: { server },
    watch: dev,
    middleware: [...(dev ? [fromSource] : []), ...config.middleware],
  },
  readCliArgs: false,
  readFileConfig: false,
  logStartMessage: false,
  autoExitProcess: false,
});
server.removeAllListeners('request');
server.on('request', devServer.koaApp.callback());
console.log(`\nServing http://${HOST}:${actual}/demo/${dev ? ' from src/ (reloads on change; Ctrl-C stops)' : ''}`);
