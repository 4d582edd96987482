// How the model's cost grows: median time of simulate() and heap kept per request; and the cost
// of one sweep, as <sweep-chart> computes it, against one frame.
// Run with `npm run bench` (builds first; needs --expose-gc for the heap figures).
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

const rows = [];
for (const [name, config, repeats] of workloads) {
  const offered = offeredCount(validateConfig(config));
  measure(config, offered, Math.min(repeats, 3)); // warm up
  const { ms, heap, metricsMs, requests } = measure(config, offered, repeats);
  if (requests !== offered) throw new Error('request count mismatch');
  rows.push({
    workload: name,
    requests,
    'simulate median': ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(1)} ms`,
    'ns / request': Math.round((ms * 1e6) / requests),
    'heap bytes / request': globalThis.gc ? Math.round(heap / requests) : 'n/a',
    'metricsAt(horizon)': `${metricsMs.toFixed(2)} ms`,
    runs: repeats,
  });
}
console.log(`Node ${process.version}, ${process.platform}/${process.arch}`);
console.table(rows);

// One whole sweep: 4 policies × A timeouts 1–20 on the defaults, 80 runs of 28 requests each.
const FRAME_MS = 1000 / 60;
const sweepTimes = [];
for (let i = 0; i < 25; i++) sweep(DEFAULT_CONFIG, 'aTimeout'); // warm up
for (let i = 0; i < 201; i++) {
  const t0 = performance.now();
  sweep(DEFAULT_CONFIG, 'aTimeout');
  sweepTimes.push(performance.now() - t0);
}
const sweepMs = median(sweepTimes);
console.log(
  `one sweep (4 policies × aTimeout 1–20, 80 runs): ${sweepMs.toFixed(2)} ms median, ` +
    `${Math.round((sweepMs / FRAME_MS) * 100)} % of one ${FRAME_MS.toFixed(1)} ms frame`,
);

// explain and isolation on the ~10^5-request workload: the requests of its busiest tick, and the
// whole run's reading.
const big = simulate(grown(9_999, 256));
const busiest = big.requests.filter((r) => r.arrival === 5_000);
const explainTimes = [];
for (const r of busiest) {
  const t0 = performance.now();
  explain(big, r.id);
  explainTimes.push(performance.now() - t0);
}
const isolationTimes = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  isolation(big);
  isolationTimes.push(performance.now() - t0);
}
console.log(
  `explain(run, id) on ${big.requests.length} requests: ${median(explainTimes).toFixed(2)} ms median over the ` +
    `${busiest.length} requests offered at tick 5,000; isolation(run): ${median(isolationTimes).toFixed(1)} ms median`,
);
