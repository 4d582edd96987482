// The whole test suite, as `npm test` runs it: the browsers (installed first where they can be), type check (`npm run typecheck`, so the
// two cannot drift), lint (`npm run lint`: ESLint and Prettier's check), build, size budgets (an exceeded budget counts as one failure; the tests still
// run), the Node tests, then the browser tests in all three engines at once: Chromium, Firefox ESR
// and WebKitGTK (scripts/engines.mjs starts and stops WebKitWebDriver). Ends with a line per engine
// and one plain closing line "N passed, N failed" for everything. The counts come from the runners
// themselves: node:test through scripts/count-reporter.mjs, Web Test Runner through
// scripts/summary-reporter.mjs, each writing JSON to a file this script reads; printed text is only
// echoed, never parsed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINES, engineVersions, provideEngines } from './engines.mjs';

// Every engine, always: a machine without one gets it here (as root on Debian), or the run stops,
// loudly, with the one command to run, instead of skipping it.
if (!provideEngines(ENGINES)) process.exit(1);

const bin = (name) => path.join('node_modules', '.bin', name);

let current = null;
/** Runs a command with the terminal; resolves to its exit code. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    current = child;
    child.on('close', (code, signal) => {
      current = null;
      if (signal) console.log(`(${path.basename(command)} was ended by ${signal})`);
      resolve(code ?? 1);
    });
  });
}

// Interrupted: the running step is told (again, for Ctrl+C, which reaches it too), and this script
// waits until it has stopped, and cleaned up after itself, before giving up.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    if (!current) process.exit(code);
    current.kill(signal);
    current.once('close', () => {
      console.log(`\n0 passed, 1 failed  (interrupted by ${signal})`);
      process.exit(code);
    });
  });
}

async function step(label, command, args) {
  console.log(`\n> ${label}`);
  if ((await run(command, args)) !== 0) {
    console.log(`\n0 passed, 1 failed  (${label} failed)`);
    process.exit(1);
  }
}

const counts = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-test-'));
process.on('exit', () => fs.rmSync(counts, { recursive: true, force: true }));

/** The counts a reporter wrote; a runner that failed without counting a failure counts as one. */
function read(file, code) {
  let result = { passed: 0, failed: 1, skipped: 0 };
  try {
    result = { skipped: 0, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
  } catch {
    console.log(`(no counts in ${path.basename(file)}: the runner stopped before reporting)`);
  }
  if (code !== 0 && result.failed === 0) result.failed = 1;
  return result;
}

await step('type check (npm run typecheck)', 'npm', ['run', '--silent', 'typecheck']);
await step('lint (npm run lint)', 'npm', ['run', '--silent', 'lint']);
await step('build', 'npm', ['run', '--silent', 'build']);
// A budget over its limit is one failure, but the tests still run: their results matter as much.
console.log('\n> size budgets');
const sizeCode = await run(process.execPath, ['scripts/size.mjs']);

const nodeTests = fs
  .readdirSync('test/node', { recursive: true })
  .filter((file) => /\.test\.(ts|mjs)$/.test(file))
  .map((file) => path.join('test/node', file));
console.log('\n> Node tests');
const nodeFile = path.join(counts, 'node.json');
const nodeCode = await run(process.execPath, [
  '--import',
  'tsx',
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/count-reporter.mjs',
  `--test-reporter-destination=${nodeFile}`,
  ...nodeTests,
]);
const nodeCounts = read(nodeFile, nodeCode);

console.log(`\n> Browser tests (${engineVersions(ENGINES).join(', ')})`);
const browserFile = path.join(counts, 'browser.json');
const browserStart = Date.now();
const browserEnv = { ...process.env, TEST_COUNTS_FILE: browserFile };
delete browserEnv.TEST_ENGINES; // every engine, always
const browserCode = await run(bin('web-test-runner'), [], browserEnv);
const browserCounts = read(browserFile, browserCode);
const seconds = Math.round((Date.now() - browserStart) / 1000);
console.log(`(browser tests: ${Math.floor(seconds / 60)} min ${seconds % 60} s)`);

// A line per engine; a runner that failed without saying in which engine counts under "browser tests".
const engines = browserCounts.engines ?? { 'browser tests': browserCounts };
const lines = [['Node', nodeCounts], ...Object.entries(engines)];
if (sizeCode !== 0) lines.push(['Size budgets', { passed: 0, failed: 1, skipped: 0 }]);
const all = { passed: 0, failed: 0, skipped: 0 };
console.log('');
for (const [name, c] of lines) {
  console.log(`${name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
  for (const key of Object.keys(all)) all[key] += c[key] ?? 0;
}
if (browserCode !== 0 && Object.values(engines).every((c) => c.failed === 0)) all.failed++;
console.log(`${all.passed} passed, ${all.failed} failed${all.skipped ? `, ${all.skipped} skipped` : ''}`);
process.exit(all.failed > 0 ? 1 : 0);
