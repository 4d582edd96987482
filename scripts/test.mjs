// The whole test suite, as `npm test` runs it: browser check, type check (`npm run typecheck`, so the
// two cannot drift), lint (`npm run lint`: ESLint and Prettier's check), build, size budgets (an exceeded budget counts as one failure; the tests still
// run), the Node tests, then the browser tests in Chromium. Ends
// with one plain line "N passed, N failed" for both. The counts come from the runners themselves:
// node:test through scripts/count-reporter.mjs, Web Test Runner through scripts/summary-reporter.mjs,
// each writing JSON to a file this script reads; printed text is only echoed, never parsed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';

if (!chromiumPath()) {
  console.error('No Chromium or Chrome found. Install it with:  apt-get install -y chromium');
  console.error('(or set CHROME_PATH to a Chrome or Chromium binary), then run the tests again.');
  process.exit(1);
}

const bin = (name) => path.join('node_modules', '.bin', name);

/** Runs a command with the terminal; resolves to its exit code. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
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

console.log('\n> Browser tests (Chromium)');
const browserFile = path.join(counts, 'browser.json');
const browserCode = await run(bin('web-test-runner'), [], { TEST_COUNTS_FILE: browserFile });
const browserCounts = read(browserFile, browserCode);

const passed = nodeCounts.passed + browserCounts.passed;
const failed = nodeCounts.failed + browserCounts.failed + (sizeCode === 0 ? 0 : 1);
const skipped = nodeCounts.skipped + browserCounts.skipped;
console.log(
  `\nNode: ${nodeCounts.passed} passed, ${nodeCounts.failed} failed; browser: ${browserCounts.passed} passed, ${browserCounts.failed} failed${sizeCode === 0 ? '' : '; size budgets: 1 failed'}`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
