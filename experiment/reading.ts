// The reading of the committed sample, written from its data: the list on /demo/measured.html and
// the tables and list of experiment/README.md's "The sample". `npm run experiment:reading` writes
// them between their markers; test/node/measured-reading.test.ts fails when they are stale, so no
// figure about the sample is ever typed by hand.
import type { EndpointResult, MeasuredRunFile, RunResult } from './types.js';
import { reconcile } from './report.js';

export const SAMPLE = 'experiment/sample/sample-run.json';
export const KINDS_SAMPLE = 'experiment/sample/bulkhead-kinds.json';
export const DEMO_PAGE = 'demo/measured.html';
export const README = 'experiment/README.md';
export const START = '<!-- reading (written by npm run experiment:reading from the sample) -->';
export const END = '<!-- /reading -->';

/**
 * Text from a result file, escaped for the reading's inline format (Markdown's **bold**, `code` and
 * backslash escapes): a label or run name shows as written, never as markup or a table column.
 */
export const esc = (text: string): string => text.replace(/[\\`*_[\]<>&|~]/g, '\\$&');

/** 0.593 → "59.3 %", 1 → "100 %". */
const pct = (rate: number | null): string => (rate === null ? '–' : `${Number((rate * 100).toFixed(1))} %`);
const count = (n: number): string => n.toLocaleString('en-US');
const ms = (value: number | null): string =>
  value === null ? '–' : `${value < 10 ? Number(value.toFixed(1)) : count(Math.round(value))} ms`;
/** A difference of two rates, in percentage points. */
const points = (rate: number): string => `${Number((rate * 100).toFixed(1))} points`;
const RESOURCE_WORDS: Record<string, string> = {
  pool: 'the pool',
  connections: 'the connection limit',
  'event-loop': 'the event loop',
};
/** "the connection limit at 35 ms, then the pool at 68 ms" after the fault. */
const limitsWords = (run: RunResult): string =>
  run.limits.length === 0
    ? 'none'
    : run.limits
        .map((limit) => `${RESOURCE_WORDS[limit.resource] ?? esc(limit.resource)} at ${ms(limit.atMs)}`)
        .join(', then ');
const seconds = (value: number): string => `${Number((value / 1000).toFixed(1))} s`;

function runOf(file: MeasuredRunFile, name: string): RunResult | undefined {
  return file.runs.find((run) => run.name === name);
}
const endpoint = (run: RunResult, path: '/a' | '/b'): EndpointResult => run.endpoints.find((e) => e.path === path)!;
const okPerSecond = (e: EndpointResult, run: RunResult): number => e.totals.ok / (run.durationMs / 1000);

/** The first window after the fault whose /b success fell more than 5 points below its success in the lead. */
export function onset(run: RunResult): { window: number; tMs: number; success: number } | null {
  const b = endpoint(run, '/b');
  const before = b.lead.sent > 0 ? b.lead.ok / b.lead.sent : 1;
  const after = b.windows.filter((w) => w.tMs >= 0);
  const index = after.findIndex((w) => w.sent > 0 && w.ok / w.sent < before - 0.05);
  if (index < 0) return null;
  const w = after[index]!;
  return { window: index + 1, tMs: w.tMs, success: w.ok / w.sent };
}

/** Why the tick model's /b differs from the measured one, or null when they are within 2 points. */
function gapWords(run: RunResult, options: MeasuredRunFile['options']): string | null {
  const predicted = run.model.predicted!;
  const measured = endpoint(run, '/b').totals.successRate ?? 0;
  const gap = measured - predicted.b;
  if (Math.abs(gap) <= 0.02) return null;
  if (gap > 0 && run.pool === 'shared' && run.faultMode !== 'none' && run.faultMode !== 'fail-fast')
    return (
      "continuous arrivals: the model offers each tick's A request before its B request, so A takes every slot " +
      "that frees and B gets one only when two free in the same tick; on the wire /b's request comes half an " +
      "interval after /a's and takes any slot freed in between"
    );
  const stall = run.eventLoop.service.peakMs;
  if (stall >= options.stallMs)
    return (
      `event-loop stalls: the service's thread stalled for up to ${ms(stall)}, held requests back and let them in ` +
      "together, a pile the model's even ticks never have"
    );
  return 'jitter: real calls take a little more or less than their whole number of ticks, and sends are not exactly on time';
}

/** The reading as items of text with **bold** and `code`; rendered as HTML or Markdown. */
export function readingItems(file: MeasuredRunFile, kinds: MeasuredRunFile | null): string[] {
  const { options } = file;
  const items: string[] = [];
  const P = options.poolSize;
  const periods = (tMs: number): string => {
    const n = Math.round(tMs / options.timeoutMs);
    return n <= 1 ? 'the first timeout period' : `the first ${n} timeout periods`;
  };

  const shared = runOf(file, 'shared/slow-a');
  const split = runOf(file, 'per-dependency/slow-a');
  if (shared && split) {
    const a = endpoint(shared, '/a').totals;
    const b = endpoint(shared, '/b');
    const bSplit = endpoint(split, '/b').totals;
    const start = onset(shared);
    const pool = shared.limits.find((limit) => limit.resource === 'pool');
    items.push(
      `**A slow A starves /b in the shared pool, within ${start ? periods(start.tMs + shared.windowMs) : 'no timeout period measured'}.** ` +
        `A answered ${ms(options.faultDelayMs)} late, just inside the ${ms(options.timeoutMs)} timeout. ` +
        (pool
          ? `The pool of ${P} was first full ${ms(pool.atMs)} after the fault started`
          : `The pool of ${P} never filled`) +
        (b.totals.firstFailureMs === null
          ? '.'
          : `, and the first /b request to fail was due ${ms(b.totals.firstFailureMs)} after the fault started.`) +
        (start
          ? ` In window ${start.window} (one window is one timeout period), /b succeeded for ${pct(start.success)}, against ` +
            `${pct(b.lead.sent ? b.lead.ok / b.lead.sent : null)} in the second before the fault.`
          : '') +
        ` Over the ${seconds(shared.durationMs)} after the fault /b, which never calls A, succeeded for ${pct(b.totals.successRate)} ` +
        `(${count(b.totals.ok)} of ${count(b.totals.sent)}) and /a for ${pct(a.successRate)}. With a bulkhead of ${Math.floor(P / 2)} ` +
        `per dependency, /b succeeded for ${pct(bSplit.successRate)} with p99 ${ms(bSplit.p99Ms)}, and /a got fast ` +
        `rejections (p50 ${ms(endpoint(split, '/a').totals.p50Ms)}) instead of waiting.`,
    );
    const nearA = (b.totals.p99Ms ?? 0) >= 0.5 * (a.p99Ms ?? Infinity);
    items.push(
      `**Latency: ${nearA ? 'as the card predicts' : 'not as the card predicts'}.** The card expects /b's p99 to rise to /a's level. ` +
        `/b's p99 was ${ms(b.lead.p99Ms)} before the fault and ${ms(b.totals.p99Ms)} after it, against /a's ${ms(a.p99Ms)}` +
        (nearA
          ? '.'
          : `: with no waiting line, the starved /b requests were refused within milliseconds (/b's p50 ${ms(b.totals.p50Ms)}), ` +
            'so the starvation shows as errors, not as latency, and a good percentile hides the failures.') +
        ` The card also expects /b's error rate to reach /a's: it ${
          (a.successRate ?? 0) - (b.totals.successRate ?? 0) > 0.05
            ? 'went past it'
            : (b.totals.successRate ?? 0) - (a.successRate ?? 0) > 0.05
              ? 'stayed below it'
              : 'reached it'
        }, ${pct(1 - (b.totals.successRate ?? 0))} against ${pct(1 - (a.successRate ?? 0))}.`,
    );
  }

  const failShared = runOf(file, 'shared/failing-a');
  const failSplit = runOf(file, 'per-dependency/failing-a');
  if (failShared && failSplit && shared && split) {
    const slowGap = (endpoint(split, '/b').totals.successRate ?? 0) - (endpoint(shared, '/b').totals.successRate ?? 0);
    const failGap =
      (endpoint(failSplit, '/b').totals.successRate ?? 0) - (endpoint(failShared, '/b').totals.successRate ?? 0);
    items.push(
      `**A failing A ${Math.abs(failGap) < Math.abs(slowGap) ? 'makes less difference' : 'does not make less difference'}.** ` +
        `A's calls failed at once and gave their slots back: /b succeeded for ${pct(endpoint(failShared, '/b').totals.successRate)} ` +
        `in the shared pool and ${pct(endpoint(failSplit, '/b').totals.successRate)} with its own bulkhead, a gap of ` +
        `${points(Math.abs(failGap))} against ${points(Math.abs(slowGap))} with a slow A.`,
    );
  }

  const burstShared = runOf(file, 'shared/burst-a');
  const burstSplit = runOf(file, 'per-dependency/burst-a');
  if (burstShared && burstSplit && burstShared.burst) {
    const aShared = endpoint(burstShared, '/a');
    const aSplit = endpoint(burstSplit, '/a');
    const sharedRate = okPerSecond(aShared, burstShared);
    const splitRate = okPerSecond(aSplit, burstSplit);
    items.push(
      `**The price of isolation, measured.** With both dependencies healthy, /a got ${count(options.ratePerSecond)} ` +
        `requests a second plus a burst of ${burstShared.burst.size} at once every ${ms(burstShared.burst.everyMs)}, more than ` +
        `its own ${Math.floor(P / 2)} slots. In the shared pool /a had up to ${aShared.totals.concurrentPeak} calls running at once` +
        `${aShared.totals.concurrentPeak > Math.floor(P / 2) ? `, more than the ${Math.floor(P / 2)} of its own bulkhead` : ''}; ` +
        (burstShared.limits.some((limit) => limit.resource === 'pool')
          ? `the pool itself was full at times (first at ${ms(burstShared.limits.find((limit) => limit.resource === 'pool')!.atMs)}), so the total did not always stay within ${P}. `
          : `the pool never filled (peak ${burstShared.bulkheads[0]!.occupancyPeak} of ${P}). `) +
        `/a completed ${sharedRate.toFixed(1)} requests a second ` +
        `(${pct(aShared.totals.successRate)}); with its own bulkhead of ${Math.floor(P / 2)}, ${splitRate.toFixed(1)} a second ` +
        `(${pct(aSplit.totals.successRate)}), the rest refused at the bulkhead. ` +
        (sharedRate > splitRate
          ? 'So isolation costs /a throughput under normal conditions. The card words this the other way round ("lower with the shared pool"); what the measurement shows is that the isolated configuration pays, which is what the card\'s "price of isolation" means.'
          : 'So in this sample isolation did not cost /a throughput, unlike what the card expects.') +
        ` /b succeeded for ${pct(endpoint(burstShared, '/b').totals.successRate)} in the shared pool and ` +
        `${pct(endpoint(burstSplit, '/b').totals.successRate)} with its own bulkhead.`,
    );
  }

  const connShared = file.runs.find((run) => run.pool === 'shared' && run.settings.connections !== null);
  const connSplit = file.runs.find((run) => run.pool === 'per-dependency' && run.settings.connections !== null);
  if (connShared && connSplit) {
    const c = connShared.connections;
    const pool = connShared.bulkheads[0]!;
    const bRates = [connShared, connSplit].map((run) => endpoint(run, '/b').totals.successRate ?? 0);
    const bWaited = connShared.connections.waited.B + connSplit.connections.waited.B;
    items.push(
      `**Other resources: connections.** With the service's outbound agent limited to ${c.limit} connections for A and B ` +
        `together and a shared pool of ${pool.limit}, the first to reach its limit was ${limitsWords(connShared)} after the fault; ` +
        `the pool's peak was ${pool.occupancyPeak} of ${pool.limit}. /a's calls queued in the agent for a connection (${count(c.waited.A)} waited, ` +
        `up to ${c.waitingPeak} at once) and mostly ran out of time there: /a succeeded for ${pct(endpoint(connShared, '/a').totals.successRate)}. ` +
        `/b succeeded for ${pct(bRates[0]!)}, and for ${pct(bRates[1]!)} with a bulkhead per dependency and the same limit ` +
        `(there: ${limitsWords(connSplit)}); ${count(bWaited)} of /b's calls waited for a connection in the two runs. ` +
        (Math.min(...bRates) >= 0.95
          ? "Node's agent hands a freed connection to a call waiting for the same dependency and keeps idle keep-alive " +
            "connections per dependency, so /b's calls mostly found B's own connection free: here the connection limit " +
            'starved /a, not /b.'
          : 'Here the connection limit passed the starvation on to /b, as the card suspects a fully asynchronous service may.'),
    );
  }

  const stalled = file.runs.filter((run) => run.eventLoop.service.peakMs >= options.stallMs);
  items.push(
    `**Which resource ran out first, per run**, from measurements (a call that found every slot busy, a call that ` +
      `waited for a connection, an event-loop delay of ${ms(options.stallMs)} or more), after the fault: ` +
      file.runs.map((run) => `${esc(run.name)}: ${limitsWords(run)}`).join('; ') +
      '. ' +
      (stalled.length > 0
        ? `The service's event loop stalled for ${ms(options.stallMs)} or more in ${stalled
            .map(
              (run) =>
                `${esc(run.name)} (up to ${ms(run.eventLoop.service.peakMs)}, other processes ${run.hostCpu.otherCores.toFixed(2)} cores)`,
            )
            .join(', ')}. A stall holds back every request of the moment and lets them in together afterwards, which ` +
          'can fill any pool and costs every endpoint, whatever the bulkheads: losses of an unaffected endpoint in ' +
          "those runs are the stall's, not the dependency's."
        : "The service's event loop never stalled that long."),
  );

  const modelled = file.runs.filter((run) => run.model.predicted !== null);
  if (modelled.length > 0) {
    const gaps = modelled.flatMap((run) => {
      const why = gapWords(run, options);
      return why === null ? [] : [`The gap in ${esc(run.name)} is ${why}.`];
    });
    const pair = (run: RunResult, path: '/a' | '/b') =>
      `${esc(run.name)} ${pct(path === '/a' ? run.model.predicted!.a : run.model.predicted!.b)} against ${pct(endpoint(run, path).totals.successRate)}`;
    items.push(
      `**The tick model next to the measurement** (1 tick = ${ms(1000 / options.ratePerSecond)}, one request to each endpoint; ` +
        'holds and timeouts in whole ticks; experiment/README.md gives the mapping). Completed, model against measured, ' +
        `for /b: ${modelled.map((run) => pair(run, '/b')).join('; ')}; for /a: ${modelled.map((run) => pair(run, '/a')).join('; ')}. ` +
        (gaps.length === 0 ? 'Every pair is within 2 points.' : `The others are within 2 points. ${gaps.join(' ')}`),
    );
  }

  if (kinds) {
    const q = (pool: string) => kinds.runs.find((run) => run.pool === pool && run.settings.queueSize > 0);
    const w = (pool: string) => kinds.runs.find((run) => run.pool === pool && run.settings.maxWaitMs !== null);
    const [qShared, qSplit, wShared, wSplit] = [q('shared'), q('per-dependency'), w('shared'), w('per-dependency')];
    const noWait = runOf(file, 'shared/slow-a');
    const p50 = (run: RunResult) => endpoint(run, '/b').totals.p50Ms ?? 0;
    if (qShared && qSplit && wShared && wSplit) {
      const line = (run: RunResult) =>
        `/a ${pct(endpoint(run, '/a').totals.successRate)}, /b ${pct(endpoint(run, '/b').totals.successRate)} with p50 ${ms(
          endpoint(run, '/b').totals.p50Ms,
        )}`;
      items.push(
        `**Two other kinds of bulkhead** (\`${KINDS_SAMPLE}\`, a slow A). A queue of ${qShared.settings.queueSize} in cockatiel's ` +
          `bulkhead, like a fixed thread pool with a bounded queue: shared ${line(qShared)}; per dependency ${line(qSplit)}. ` +
          `A semaphore whose callers wait up to ${ms(wShared.settings.maxWaitMs)} for a slot, like Resilience4j's maxWaitDuration: ` +
          `shared ${line(wShared)}; per dependency ${line(wSplit)}. ` +
          (noWait && Math.min(p50(qShared), p50(wShared)) >= 5 * p50(noWait)
            ? `Where calls wait, the shared pool's starvation of /b shows as latency, as the card expects (p50 ${ms(p50(noWait))} without a wait). `
            : '') +
          (Math.max(...[qShared, qSplit, wShared, wSplit].map((run) => endpoint(run, '/a').totals.successRate ?? 0)) <
          0.1
            ? "And A's calls, which start late after waiting, no longer finish inside the timeout: /a fails almost entirely, where without a wait it kept the calls it could start."
            : ''),
      );
    }
  }

  const all = [...file.runs, ...(kinds?.runs ?? [])];
  const problems = all.flatMap(reconcile);
  const sent = all.reduce((sum, run) => sum + run.endpoints.reduce((s, e) => s + e.totals.sent, 0), 0);
  const gaveUp = all.reduce(
    (sum, run) =>
      sum + run.endpoints.reduce((s, e) => s + e.service.answeredAfterClientGaveUp + e.service.notReceived, 0),
    0,
  );
  items.push(
    problems.length === 0
      ? `**Every request counted once.** In every run the load generator's outcomes, the service's answers and the ` +
          `bulkheads' counters reconcile (${count(sent)} requests after the faults); ` +
          (gaveUp === 0
            ? 'the generator and the service agree on every one of them.'
            : `the ${count(gaveUp)} where the two outcomes differ are requests the generator gave up on before the answer came.`)
      : `**The counts disagree** in ${problems.length} places: ${problems.join('; ')}.`,
  );
  return items;
}

/** The machine and its load, from the file's metadata and each run's CPU figures. */
export function machineWords(file: MeasuredRunFile, kinds: MeasuredRunFile | null): string {
  const m = file.meta.machine;
  const runs = [...file.runs, ...(kinds?.runs ?? [])];
  const other = runs.map((run) => run.hostCpu.otherCores);
  const stall = Math.max(...runs.map((run) => run.eventLoop.service.peakMs));
  return (
    `Measured on ${file.meta.date.slice(0, 10)} (${file.meta.date.slice(11, 16)} to ${file.meta.finishedAt.slice(11, 16)} UTC) ` +
    `on a ${m.cpuCount}-core ${m.platform === 'linux' ? 'Linux' : esc(m.platform)} machine (${esc(m.cpuModel)}, ${m.totalMemoryMb.toLocaleString('en-US')} MB, Node ${esc(m.nodeVersion)}) ` +
    `with the default options: ${options(file)}. ${esc(file.meta.label)} The load average was ${m.loadAverageAtStart[0]} at the ` +
    `start and ${m.loadAverageAtEnd[0]} at the end; during the runs other processes used ` +
    (Math.max(...other) < 0.005
      ? 'no measurable CPU'
      : `${Math.min(...other).toFixed(2)} to ${Math.max(...other).toFixed(2)} of the ${m.cpuCount} cores`) +
    `, and the service's event loop was never delayed more than ${ms(stall)}. ` +
    'Read the figures as one measurement on a shared machine, not as a benchmark.'
  );
}

function options(file: MeasuredRunFile): string {
  const o = file.options;
  return (
    `${o.ratePerSecond} requests a second to each endpoint, a pool of ${o.poolSize} (${Math.floor(o.poolSize / 2)} per dependency), ` +
    `timeout ${ms(o.timeoutMs)}, A ${ms(o.faultDelayMs)} late when slow, ${seconds(o.leadMs)} before and ${seconds(o.durationMs)} ` +
    `after the fault, in windows of ${ms(o.windowMs)}`
  );
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** The reading's inline format as HTML: backslash escapes as the character, **bold**, `code`. */
function inlineHtml(text: string): string {
  let html = '';
  let strong = false;
  let code = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length) html += escapeHtml(text[++i]!);
    else if (text.startsWith('**', i)) {
      html += strong ? '</strong>' : '<strong>';
      strong = !strong;
      i++;
    } else if (text[i] === '`') {
      html += code ? '</code>' : '<code>';
      code = !code;
    } else html += escapeHtml(text[i]!);
  }
  return html;
}

/** The block of demo/measured.html between the markers. */
export function readingHtml(file: MeasuredRunFile, kinds: MeasuredRunFile | null): string {
  return [
    `<p>${inlineHtml(machineWords(file, kinds))}</p>`,
    '<ul>',
    ...readingItems(file, kinds).map((item) => `  <li>${inlineHtml(item)}</li>`),
    '</ul>',
  ].join('\n');
}

/** The block of experiment/README.md between the markers: a table of every run, then the reading. */
export function readingMarkdown(file: MeasuredRunFile, kinds: MeasuredRunFile | null): string {
  const rows = [...file.runs, ...(kinds?.runs ?? [])].flatMap((run) =>
    run.endpoints.map((e, k) => {
      const t = e.totals;
      const predicted = run.model.predicted;
      return [
        k === 0 ? esc(run.name) : '',
        e.path,
        count(t.ok),
        count(t.timeout),
        count(t.rejected),
        count(t.other),
        pct(t.successRate),
        predicted ? pct(e.path === '/a' ? predicted.a : predicted.b) : '–',
        ms(t.p50Ms),
        ms(t.p99Ms),
        `${t.poolOccupancyPeak}/${t.poolCapacity}`,
        k === 0 ? (run.limits[0] ? `${run.limits[0].resource}, ${ms(run.limits[0].atMs)}` : 'none') : '',
        k === 0 ? ms(run.eventLoop.service.peakMs) : '',
        k === 0 ? run.hostCpu.otherCores.toFixed(2) : '',
      ].join(' | ');
    }),
  );
  return [
    machineWords(file, kinds),
    '',
    `Each endpoint was sent ${count(file.options.ratePerSecond * (file.options.durationMs / 1000))} requests after the fault in every run (more to /a in burst-a).`,
    '',
    '| run | endpoint | ok | timeout | rejected | other | success | tick model | p50 | p99 | pool peak | first limit | loop delay peak | other processes, cores |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |',
    ...rows.map((row) => `| ${row} |`),
    '',
    ...readingItems(file, kinds).map((item) => `- ${item}`),
  ].join('\n');
}

/** `text` with the part between START and END replaced by `block`. */
export function replaceBetweenMarkers(text: string, block: string, where: string): string {
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${where} has no ${START} … ${END} block`);
  return `${text.slice(0, from + START.length)}\n${block}\n${text.slice(to)}`;
}
