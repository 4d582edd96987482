// The whole test suite, as `npm test` runs it: browser check, type check, build, size budgets, the
// Node tests, then the browser tests in Chromium. Ends with one plain line "N passed, N failed" for both.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';

if (!chromiumPath()) {
  console.error('No Chromium or Chrome found. Install it with:  apt-get install -y chromium');
  console.error('(or set CHROME_PATH to a Chrome or Chromium binary), then run the tests again.');
  process.exit(1);
}

const bin = (name) => path.join('node_modules', '.bin', name);

/** Runs a command, echoing its output; resolves to its exit code and everything it printed. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const echo = (stream) => (chunk) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function step(label, command, args) {
  console.log(`\n> ${label}`);
  const { code } = await run(command, args);
  if (code !== 0) {
    console.log(`\n0 passed, 1 failed  (${label} failed)`);
    process.exit(1);
  }
}

await step('type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
await step('type check (Node side)', bin('tsc'), ['-p', 'tsconfig.node.json']);
await step('build', 'npm', ['run', '--silent', 'build']);
await step('size budgets', process.execPath, ['scripts/size.mjs']);

const nodeTests = fs.readdirSync('test/node', { recursive: true })
  .filter((file) => /\.test\.(ts|mjs)$/.test(file))
  .map((file) => path.join('test/node', file));
console.log('\n> Node tests');
const node = await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeTests]);
const counted = (output, word) => Number(output.match(new RegExp(`^\\S*\\s*${word} (\\d+)`, 'm'))?.[1] ?? 0);
const nodeCounts = { passed: counted(node.output, 'pass'), failed: counted(node.output, 'fail') };
if (node.code !== 0 && nodeCounts.failed === 0) nodeCounts.failed = 1;

console.log('\n> Browser tests (Chromium)');
const browser = await run(bin('web-test-runner'), []);
const summary = browser.output.match(/^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m);
const browserCounts = summary
  ? { passed: Number(summary[1]), failed: Number(summary[2]), skipped: Number(summary[3] ?? 0) }
  : { passed: 0, failed: 1, skipped: 0 };
if (browser.code !== 0 && browserCounts.failed === 0) browserCounts.failed = 1;

const passed = nodeCounts.passed + browserCounts.passed;
const failed = nodeCounts.failed + browserCounts.failed;
const skipped = browserCounts.skipped;
console.log(`\nNode: ${nodeCounts.passed} passed, ${nodeCounts.failed} failed; browser: ${browserCounts.passed} passed, ${browserCounts.failed} failed`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
