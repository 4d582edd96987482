// How the model's cost grows: median time of simulate() and heap kept per request; and the cost
// of one sweep, as <sweep-chart> computes it, against one frame.
// Run with `npm run bench` (builds first; needs --expose-gc for the heap figures); `npm run
// figures:sim` (with `--write`) also writes the figures into docs/MODEL.md between their markers.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_CONFIG,
  explain,
  isolation,
  metricsAt,
  offeredCount,
  simulate,
  sweep,
  validateConfig,
} from '../dist/sim.js';
import { writeFigures } from './write-figures.mjs';

export const START = '<!-- figures:sim (written by npm run figures:sim) -->';
export const END = '<!-- /figures:sim -->';

const gc = globalThis.gc ?? (() => {});
if (!globalThis.gc) console.warn('run with node --expose-gc for heap figures');

/** A busy mix: healthy but slow A, quick B, queues that fill, every slot in use. */
const grown = (lastArrival, slots) => ({
  policy: 'borrowing',
  slots,
  reservedA: slots / 2,
  aPerTick: 9,
  bEvery: 1,
  aFault: 'none',
  aHold: 20,
  bHold: 3,
  aTimeout: 40,
  bTimeout: 10,
  queueCap: 200,
  horizon: lastArrival + 40,
  lastArrival,
});

const workloads = [
  ['default fixture', {}, 2001],
  ['~10^4 requests', grown(999, 64), 41],
  ['~10^5 requests', grown(9_999, 256), 11],
  ['~10^6 requests', grown(99_999, 1024), 5],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(config, offered, repeats) {
  const times = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    simulate(config);
    times.push(performance.now() - t0);
  }
  // Keep enough runs alive that the heap difference stands well above the collector's noise.
  const copies = Math.ceil(100_000 / offered);
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: copies }, () => simulate(config));
  gc();
  const after = process.memoryUsage().heapUsed;
  const run = kept[0];
  const t0 = performance.now();
  metricsAt(run, run.config.horizon);
  const metricsMs = performance.now() - t0;
  return { ms: median(times), heap: (after - before) / copies, metricsMs, requests: run.requests.length };
}

/** Each workload's figures: `simulate` median and heap kept per request, `metricsAt` at the horizon. */
function measureWorkloads() {
  const rows = [];
  for (const [name, config, repeats] of workloads) {
    const offered = offeredCount(validateConfig(config));
    measure(config, offered, Math.min(repeats, 3)); // warm up
    const { ms, heap, metricsMs, requests } = measure(config, offered, repeats);
    if (requests !== offered) throw new Error('request count mismatch');
    rows.push({ name, requests, ms, heap: globalThis.gc ? heap / requests : null, metricsMs, repeats });
  }
  return rows;
}

/** One whole sweep: 4 policies × A timeouts 1–20 on the defaults, 80 runs of 28 requests each; median ms. */
function measureSweep() {
  const times = [];
  for (let i = 0; i < 25; i++) sweep(DEFAULT_CONFIG, 'aTimeout'); // warm up
  for (let i = 0; i < 201; i++) {
    const t0 = performance.now();
    sweep(DEFAULT_CONFIG, 'aTimeout');
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * `explain` and `isolation` on the ~10^5-request workload: each request offered at its busiest tick,
 * and the whole run's reading; medians in ms.
 */
function measureReadings() {
  const big = simulate(grown(9_999, 256));
  const busiest = big.requests.filter((r) => r.arrival === 5_000);
  const explainTimes = busiest.map((r) => {
    const t0 = performance.now();
    explain(big, r.id);
    return performance.now() - t0;
  });
  const isolationTimes = Array.from({ length: 5 }, () => {
    const t0 = performance.now();
    isolation(big);
    return performance.now() - t0;
  });
  return {
    requests: big.requests.length,
    explained: busiest.length,
    explain: median(explainTimes),
    isolation: median(isolationTimes),
  };
}

const FRAME_MS = 1000 / 60;
const duration = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`);
const count = (n) => n.toLocaleString('en-US');

/** The figures as Markdown: the block docs/MODEL.md holds between the sim markers. */
export function figuresBlock({ node, cores, load, rows, sweepMs, readings }) {
  const heaps = rows.map((r) => r.heap).filter((h) => h !== null);
  return [
    START,
    `Node ${node} on ${cores} cores; the machine's load average was ${load[0].toFixed(1)} at the start and ${load[1].toFixed(1)} at the end.`,
    '',
    '| workload | requests | `simulate` median (runs) | ns / request | heap bytes / request | `metricsAt` at the horizon |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${count(r.requests)} | ${duration(r.ms)} (${r.repeats}) | ${Math.round((r.ms * 1e6) / r.requests)} | ${r.heap === null ? 'n/a' : Math.round(r.heap)} | ${duration(r.metricsMs)} |`,
    ),
    '',
    heaps.length
      ? `Heap kept per request: ${Math.round(Math.min(...heaps))} to ${Math.round(Math.max(...heaps))} bytes across the workloads.`
      : 'Heap per request not measured (run with `node --expose-gc`).',
    `One whole sweep as \`<sweep-chart>\` computes it (4 policies × A timeouts 1–20, 80 runs of the defaults): ${duration(sweepMs)} median, ${Math.round((sweepMs / FRAME_MS) * 100)} % of one ${FRAME_MS.toFixed(1)} ms frame.`,
    `On the ~10^5 workload (${count(readings.requests)} requests): \`explain(run, id)\` ${duration(readings.explain)} median over the ${readings.explained} requests offered at tick 5,000; \`isolation(run)\` ${duration(readings.isolation)} median.`,
    END,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const startLoad = os.loadavg()[0];
  const rows = measureWorkloads();
  const sweepMs = measureSweep();
  const readings = measureReadings();
  const block = figuresBlock({
    node: process.version,
    cores: os.cpus().length,
    load: [startLoad, os.loadavg()[0]],
    rows,
    sweepMs,
    readings,
  });
  console.log(`Model bench\n${block.split('\n').slice(1, -1).join('\n')}`);
  if (process.argv.includes('--write')) writeFigures(['docs/MODEL.md'], START, END, block);
}
