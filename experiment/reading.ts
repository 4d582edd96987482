// The reading of the committed sample, written from its data: the list on /demo/measured.html and
// the tables and list of experiment/README.md's "The sample". `npm run experiment:reading` writes
// them between their markers; test/node/measured-reading.test.ts fails when they are stale, so no
// figure about the sample is ever typed by hand. Each configuration ran several times: a figure is
// the median over the repeats that were not machine-busy, with its range, and a conclusion is drawn
// only where two configurations differ by more than either one's spread.
import { distinguishable, figureOf, groupByName, spreadOf, type Spread } from '../src/elements/measured-run/repeats.js';
import type { EndpointResult, EndpointTotals, MeasuredRunFile, RunResult } from './types.js';
import { reconcile } from './report.js';

export const SAMPLE = 'experiment/sample/sample-run.json';
export const KINDS_SAMPLE = 'experiment/sample/bulkhead-kinds.json';
export const DEMO_PAGE = 'demo/measured.html';
export const README = 'experiment/README.md';
export const START = '<!-- reading (written by npm run experiment:reading from the sample) -->';
export const END = '<!-- /reading -->';

/** What the reading says where the repeats do not settle a question. */
export const UNDECIDED = 'not distinguishable on this machine';

/**
 * Text from a result file, escaped for the reading's inline format (Markdown's **bold**, `code` and
 * backslash escapes): a label or run name shows as written, never as markup or a table column. A
 * line break, which no backslash escapes, becomes a space: on a line of its own, text would start a
 * heading, a list item or a table row.
 */
export const esc = (text: string): string =>
  text.replace(/\s*(?:\r\n|[\n\r\v\f\u0085\u2028\u2029])\s*/g, ' ').replace(/[\\`*_[\]<>&|~]/g, '\\$&');

/** 0.593 → "59.3 %", 1 → "100 %". */
const pct = (rate: number | null): string => (rate === null ? '–' : `${Number((rate * 100).toFixed(1))} %`);
const count = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const ms = (value: number | null): string =>
  value === null ? '–' : `${value < 10 ? Number(value.toFixed(1)) : count(Math.round(value))} ms`;
const perSecond = (value: number): string => `${value.toFixed(1)}/s`;
/** A difference of two rates, in percentage points. */
const points = (rate: number): string => `${Number((rate * 100).toFixed(1))} points`;
const seconds = (value: number): string => `${Number((value / 1000).toFixed(1))} s`;

/** "58.7 %", or "58.7 % (58.1 to 59 %)" when the repeats differ: the median, then the range. */
function spread(value: Spread | null, format: (value: number) => string): string {
  if (value === null) return '–';
  const [low, high] = [format(value.min), format(value.max)];
  return low === high ? format(value.median) : `${format(value.median)} (${low} to ${high})`;
}
const pctOf = (value: Spread | null): string => spread(value, pct);
const msOf = (value: Spread | null): string => spread(value, ms);
const countOf = (value: Spread | null): string => spread(value, count);
/** "1 timeout", "880 (870 to 890) timeouts". */
const countsOf = (value: Spread | null, noun: string): string =>
  `${countOf(value)} ${value && value.min === 1 && value.max === 1 ? noun : `${noun}s`}`;

const RESOURCE_WORDS: Record<string, string> = {
  pool: 'the pool',
  connections: 'the connection limit',
  'event-loop': 'the event loop',
};
const resourceWords = (resource: string): string => RESOURCE_WORDS[resource] ?? esc(resource);

const endpoint = (run: RunResult, path: '/a' | '/b'): EndpointResult => run.endpoints.find((e) => e.path === path)!;
/** A figure of one endpoint's totals, over runs. */
const totalOf = (runs: readonly RunResult[], path: '/a' | '/b', key: keyof EndpointTotals): Spread | null =>
  figureOf(runs, (run) => endpoint(run, path).totals[key]);
const successOf = (runs: readonly RunResult[], path: '/a' | '/b'): Spread | null => totalOf(runs, path, 'successRate');
const okPerSecond = (run: RunResult, path: '/a' | '/b'): number =>
  endpoint(run, path).totals.ok / (run.durationMs / 1000);

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

/** Which resource reached its limit first, over repeats: "the pool at 131 ms", or how the repeats split. */
function limitsWords(runs: readonly RunResult[]): string {
  if (runs.length === 0) return 'every repeat machine-busy';
  const firsts = new Map<string, { repeats: number; at: number[] }>();
  for (const run of runs) {
    const first = run.limits[0];
    const entry = firsts.get(first?.resource ?? 'none') ?? { repeats: 0, at: [] };
    entry.repeats++;
    if (first) entry.at.push(first.atMs);
    firsts.set(first?.resource ?? 'none', entry);
  }
  const words = (resource: string, at: number[]) =>
    resource === 'none' ? 'none' : `${resourceWords(resource)} at ${msOf(spreadOf(at))}`;
  if (firsts.size === 1) {
    const [resource, { at }] = [...firsts][0]!;
    return words(resource, at);
  }
  return [...firsts]
    .map(([resource, { repeats, at }]) => `${words(resource, at)} in ${repeats} of ${runs.length} repeats`)
    .join(', ');
}

/** Why the tick model's /b differs from the measured median, or null when they are within 2 points. */
function gapWords(runs: readonly RunResult[], options: MeasuredRunFile['options']): string | null {
  const run = runs[0]!;
  const predicted = run.model.predicted!;
  const measured = successOf(runs, '/b')?.median ?? 0;
  const gap = measured - predicted.b;
  if (Math.abs(gap) <= 0.02) return null;
  if (gap > 0 && run.pool === 'shared' && run.faultMode !== 'none' && run.faultMode !== 'fail-fast')
    return (
      "continuous arrivals: the model offers each tick's A request before its B request, so A takes every slot " +
      "that frees and B gets one only when two free in the same tick; on the wire /b's request comes half an " +
      "interval after /a's and takes any slot freed in between"
    );
  const stall = Math.max(...runs.map((r) => r.eventLoop.service.peakMs));
  if (stall >= options.stallMs)
    return (
      `event-loop stalls: the service's thread stalled for up to ${ms(stall)}, held requests back and let them in ` +
      "together, a pile the model's even ticks never have"
    );
  return 'jitter: real calls take a little more or less than their whole number of ticks, and sends are not exactly on time';
}

/** The usable repeats of each configuration of a file, by name. */
function usableRuns(file: MeasuredRunFile): Map<string, { runs: RunResult[]; usable: RunResult[] }> {
  return new Map(groupByName(file.runs).map((group) => [group.name, group]));
}

/** At least two usable repeats of every configuration named: otherwise the repeats cannot be weighed. */
function tooBusy(
  groups: Map<string, { runs: RunResult[]; usable: RunResult[] }>,
  names: readonly string[],
): string | null {
  const short = names.filter((name) => (groups.get(name)?.usable.length ?? 0) < 2);
  if (short.length === 0) return null;
  return (
    'this machine was too busy to tell (a conclusion needs two repeats that were not machine-busy, and ' +
    short
      .map(
        (name) => `${esc(name)} had ${groups.get(name)?.usable.length ?? 0} of ${groups.get(name)?.runs.length ?? 0}`,
      )
      .join(', ') +
    ')'
  );
}

/**
 * The same figure in two configurations, paired by repeat: the difference between them in each
 * repeat where both were usable. Interleaved repeats ran close in time, so a pair shares the machine.
 */
function pairedGaps(
  groups: Map<string, { runs: RunResult[]; usable: RunResult[] }>,
  from: string,
  to: string,
  figure: (run: RunResult) => number,
): Spread | null {
  const x = groups.get(from)?.usable ?? [];
  const y = groups.get(to)?.usable ?? [];
  const gaps = x.flatMap((run) => {
    const other = y.find((candidate) => candidate.repeat === run.repeat);
    return other ? [figure(other) - figure(run)] : [];
  });
  return spreadOf(gaps);
}

const CARD_PRICE =
  '„Der erfolgreiche Gesamtdurchsatz von /a unter normalen Bedingungen wird mit dem geteilten Pool niedriger sein – das ist der Preis der Isolation."';

/** The reading as items of text with **bold** and `code`; rendered as HTML or Markdown. */
export function readingItems(file: MeasuredRunFile, kinds: MeasuredRunFile | null): string[] {
  const { options } = file;
  const items: string[] = [];
  const P = options.poolSize;
  const half = Math.floor(P / 2);
  const groups = usableRuns(file);
  const use = (name: string): RunResult[] => groups.get(name)?.usable ?? [];
  const has = (...names: string[]): boolean => names.every((name) => groups.has(name));
  const periods = (tMs: number): string => {
    const n = Math.round(tMs / options.timeoutMs);
    return n <= 1 ? 'the first timeout period' : `the first ${n} timeout periods`;
  };

  if (has('shared/slow-a', 'per-dependency/slow-a')) {
    const shared = use('shared/slow-a');
    const split = use('per-dependency/slow-a');
    const busy = tooBusy(groups, ['shared/slow-a', 'per-dependency/slow-a']);
    if (busy) items.push(`**A slow A and /b in the shared pool: ${busy}.**`, `**Latency: ${busy}.**`);
    else {
      const bShared = successOf(shared, '/b');
      const bSplit = successOf(split, '/b');
      const starves = !busy && distinguishable(bShared, bSplit) && bShared!.median < bSplit!.median;
      const onsets = shared.map(onset);
      const start = onsets.every((found) => found !== null) ? spreadOf(onsets.map((found) => found.tMs)) : null;
      const pool = figureOf(shared, (run) => run.limits.find((limit) => limit.resource === 'pool')?.atMs);
      const leadB = figureOf(shared, (run) => {
        const lead = endpoint(run, '/b').lead;
        return lead.sent > 0 ? lead.ok / lead.sent : null;
      });
      items.push(
        (starves
          ? `**A slow A starves /b in the shared pool, within ${start ? periods(start.median + shared[0]!.windowMs) : 'the run'}.** `
          : `**A slow A and /b in the shared pool: ${busy ?? UNDECIDED}.** `) +
          `A answered ${ms(options.faultDelayMs)} late, just inside the ${ms(options.timeoutMs)} timeout. ` +
          (pool
            ? `The pool of ${P} was first full ${msOf(pool)} after the fault started`
            : `The pool of ${P} never filled`) +
          `, and the first /b request to fail was due ${msOf(totalOf(shared, '/b', 'firstFailureMs'))} after it. ` +
          `Over the ${seconds(options.durationMs)} after the fault /b, which never calls A, succeeded for ${pctOf(bShared)}, ` +
          `${countOf(totalOf(shared, '/b', 'ok'))} of ${countOf(totalOf(shared, '/b', 'sent'))}, against ` +
          `${pctOf(leadB)} in the second before the fault, and /a for ${pctOf(successOf(shared, '/a'))}. With a bulkhead of ` +
          `${half} per dependency, /b succeeded for ${pctOf(bSplit)} with p99 ${msOf(totalOf(split, '/b', 'p99Ms'))}, and /a ` +
          `got fast rejections (p50 ${msOf(totalOf(split, '/a', 'p50Ms'))}) instead of waiting.`,
      );

      const bP99 = totalOf(shared, '/b', 'p99Ms');
      const bLeadP99 = figureOf(shared, (run) => endpoint(run, '/b').lead.p99Ms);
      const aP99 = totalOf(shared, '/a', 'p99Ms');
      const rose = !busy && distinguishable(bP99, bLeadP99) && bP99!.median > bLeadP99!.median;
      const nearA = rose && bP99!.median >= 0.5 * (aP99?.median ?? Infinity);
      const errors = (path: '/a' | '/b') =>
        figureOf(shared, (run) => 1 - (endpoint(run, path).totals.successRate ?? 0));
      const [aErrors, bErrors] = [errors('/a'), errors('/b')];
      items.push(
        `**Latency: ${busy ? busy : nearA ? 'as the card predicts' : 'not as the card predicts'}.** The card expects /b's p99 to ` +
          `rise to /a's level. /b's p99 was ${msOf(bLeadP99)} before the fault and ${msOf(bP99)} after it, against /a's ` +
          `${msOf(aP99)}` +
          (nearA || busy
            ? '.'
            : `: with no waiting line, the starved /b requests were refused within milliseconds (/b's p50 ` +
              `${msOf(totalOf(shared, '/b', 'p50Ms'))}), so the starvation shows as errors, not as latency, and a good ` +
              'percentile hides the failures.') +
          ` The card also expects /b's error rate to reach /a's: ${
            busy || !distinguishable(aErrors, bErrors)
              ? `whether it did is ${UNDECIDED}`
              : bErrors!.median > aErrors!.median
                ? 'it went past it'
                : 'it stayed below it'
          }, ${pctOf(bErrors)} against ${pctOf(aErrors)}.`,
      );
    }
  }

  const queued = 'shared/slow-a/queue-20';
  if (has(queued, 'per-dependency/slow-a', 'shared/slow-a')) {
    const line = use(queued);
    const split = use('per-dependency/slow-a');
    const plain = use('shared/slow-a');
    const busy = tooBusy(groups, [queued, 'per-dependency/slow-a']);
    if (busy) items.push(`**Fast rejections instead of timeouts: ${busy}.**`);
    else {
      const [lineTimeouts, splitTimeouts] = [totalOf(line, '/a', 'timeout'), totalOf(split, '/a', 'timeout')];
      const [lineRejected, splitRejected] = [totalOf(line, '/a', 'rejected'), totalOf(split, '/a', 'rejected')];
      const turned =
        !busy &&
        distinguishable(lineTimeouts, splitTimeouts) &&
        lineTimeouts!.median > splitTimeouts!.median &&
        distinguishable(lineRejected, splitRejected) &&
        splitRejected!.median > lineRejected!.median;
      const kindsLine = kinds?.runs.filter((run) => run.name === 'per-dependency/slow-a/queue-20' && run.busy !== true);
      items.push(
        `**Fast rejections instead of timeouts: ${busy ?? (turned ? 'yes, where the shared pool makes calls wait' : UNDECIDED)}.** ` +
          "The card's second claim needs a shared pool in which /a's calls time out. Without a waiting line " +
          `(shared/slow-a), /a had ${countsOf(totalOf(plain, '/a', 'timeout'), 'timeout')} and ` +
          `${countsOf(totalOf(plain, '/a', 'rejected'), 'rejection')}: a call that finds the pool full is refused at once. In a shared pool of ` +
          `${P} whose calls wait in a line of 20 for a slot, like a thread pool with a bounded queue (\`${queued}\` in ` +
          `\`${SAMPLE}\`), ` +
          `/a's ${countOf(totalOf(line, '/a', 'sent'))} requests ended in ${countsOf(lineTimeouts, 'timeout')} and ` +
          `${countsOf(lineRejected, 'rejection')} (p50 ${msOf(totalOf(line, '/a', 'p50Ms'))}), and /b succeeded for ` +
          `${pctOf(successOf(line, '/b'))} (p50 ${msOf(totalOf(line, '/b', 'p50Ms'))}). With a bulkhead of ${half} per ` +
          `dependency and no line (per-dependency/slow-a), /a's ended in ${countsOf(splitTimeouts, 'timeout')} and ` +
          `${countsOf(splitRejected, 'rejection')} (p50 ${msOf(totalOf(split, '/a', 'p50Ms'))}), and /b succeeded for ` +
          `${pctOf(successOf(split, '/b'))}.` +
          (kindsLine && kindsLine.length > 0
            ? ` A bulkhead per dependency with a line of its own (per-dependency/slow-a/queue-20 in \`${KINDS_SAMPLE}\`) ` +
              `gave /a ${countsOf(totalOf(kindsLine, '/a', 'timeout'), 'timeout')}` +
              (distinguishable(totalOf(kindsLine, '/a', 'timeout'), splitTimeouts) &&
              totalOf(kindsLine, '/a', 'timeout')!.median > splitTimeouts!.median
                ? ': it is the waiting, not the isolation, that turns fast rejections into timeouts; the isolation keeps /b out of it.'
                : '.')
            : ''),
      );
    }
  }

  if (has('shared/failing-a', 'per-dependency/failing-a', 'shared/slow-a', 'per-dependency/slow-a')) {
    const busy = tooBusy(groups, [
      'shared/failing-a',
      'per-dependency/failing-a',
      'shared/slow-a',
      'per-dependency/slow-a',
    ]);
    if (busy) items.push(`**A failing A: ${busy}.**`);
    else {
      const bSuccess = (run: RunResult) => endpoint(run, '/b').totals.successRate ?? 0;
      const slowGap = pairedGaps(groups, 'shared/slow-a', 'per-dependency/slow-a', bSuccess);
      const failGap = pairedGaps(groups, 'shared/failing-a', 'per-dependency/failing-a', bSuccess);
      const less = !busy && distinguishable(slowGap, failGap) && Math.abs(failGap!.median) < Math.abs(slowGap!.median);
      items.push(
        `**A failing A: ${busy ?? (less ? 'less difference' : UNDECIDED)}.** ` +
          `A's calls failed at once and gave their slots back: /b succeeded for ${pctOf(successOf(use('shared/failing-a'), '/b'))} ` +
          `in the shared pool and ${pctOf(successOf(use('per-dependency/failing-a'), '/b'))} with its own bulkhead. The gap ` +
          `between the two, repeat by repeat, was ${spread(failGap, points)}, against ${spread(slowGap, points)} with a slow A.`,
      );
    }
  }

  if (has('shared/burst-a', 'per-dependency/burst-a')) {
    const shared = use('shared/burst-a');
    const split = use('per-dependency/burst-a');
    const busy = tooBusy(groups, ['shared/burst-a', 'per-dependency/burst-a']);
    if (busy)
      items.push(
        `**The price of isolation.** The card predicts: ${CARD_PRICE} Whether its literal prediction held: ${busy}.`,
      );
    else {
      const burst = groups.get('shared/burst-a')!.runs[0]!.burst;
      const sharedRate = figureOf(shared, (run) => okPerSecond(run, '/a'));
      const splitRate = figureOf(split, (run) => okPerSecond(run, '/a'));
      const differ = !busy && distinguishable(sharedRate, splitRate);
      const concurrent = totalOf(shared, '/a', 'concurrentPeak');
      items.push(
        `**The price of isolation.** The card predicts: ${CARD_PRICE} Literally, /a completes fewer requests with the ` +
          'shared pool than with bulkheads per dependency, under normal conditions. ' +
          (burst
            ? `Measured with both dependencies healthy, /a getting ${count(options.ratePerSecond)} requests a second plus a ` +
              `burst of ${burst.size} at once every ${ms(burst.everyMs)}, more than its own ${half} slots: in the shared pool ` +
              `/a completed ${spread(sharedRate, perSecond)} (${pctOf(successOf(shared, '/a'))}), with up to ` +
              `${countOf(concurrent)} calls running at once; with its own bulkhead of ${half}, ${spread(splitRate, perSecond)} ` +
              `(${pctOf(successOf(split, '/a'))}), the rest refused at the bulkhead. `
            : '') +
          (busy
            ? `Whether the prediction held: ${busy}.`
            : !differ
              ? `Whether the prediction held is ${UNDECIDED}.`
              : sharedRate!.median < splitRate!.median
                ? "The card's literal prediction was borne out: the shared pool completed less."
                : "The card's literal prediction was not borne out: the shared pool completed more, not less. Our " +
                  'reading: isolation does have a price under normal load, but the configuration with bulkheads pays ' +
                  "it, since a bulkhead of P/2 refuses the bursts that a shared pool absorbs with the other half's idle " +
                  'slots. We take that cost to be what the card calls the price of isolation, and its sentence to have ' +
                  'the two configurations the wrong way round.') +
          ` /b succeeded for ${pctOf(successOf(shared, '/b'))} in the shared pool and ${pctOf(successOf(split, '/b'))} with ` +
          'its own bulkhead.',
      );
    }
  }

  const connShared = groupByName(file.runs).find(
    (group) => group.runs[0]!.pool === 'shared' && group.runs[0]!.settings.connections !== null,
  );
  const connSplit = groupByName(file.runs).find(
    (group) => group.runs[0]!.pool === 'per-dependency' && group.runs[0]!.settings.connections !== null,
  );
  if (connShared && connSplit) {
    const busy = tooBusy(groups, [connShared.name, connSplit.name]);
    if (busy) items.push(`**Other resources: connections: ${busy}.**`);
    else {
      const runs = connShared.usable;
      const first = connShared.runs[0]!;
      const [aRate, bRate] = [successOf(runs, '/a'), successOf(runs, '/b')];
      const spared = !busy && distinguishable(aRate, bRate) && bRate!.median > aRate!.median;
      items.push(
        `**Other resources: connections.** With the service's outbound agent limited to ${first.connections.limit} ` +
          `connections for A and B together and a shared pool of ${first.bulkheads[0]!.limit}, the first to reach its ` +
          `limit was ${limitsWords(runs)} after the fault; the pool's peak was ` +
          `${countOf(figureOf(runs, (run) => run.bulkheads[0]!.occupancyPeak))} of ${first.bulkheads[0]!.limit}. ` +
          `/a's calls queued in the agent for a connection (${countOf(figureOf(runs, (run) => run.connections.waited.A))} ` +
          `waited, up to ${countOf(figureOf(runs, (run) => run.connections.waitingPeak))} at once) and mostly ran out of ` +
          `time there: /a succeeded for ${pctOf(aRate)}. /b succeeded for ${pctOf(bRate)}, and for ` +
          `${pctOf(successOf(connSplit.usable, '/b'))} with a bulkhead per dependency and the same limit (there: ` +
          `${limitsWords(connSplit.usable)}); ${countOf(figureOf(runs, (run) => run.connections.waited.B))} of /b's calls ` +
          'waited for a connection. ' +
          (busy
            ? `Which endpoint the limit starved: ${busy}.`
            : spared
              ? "Node's agent hands a freed connection to a call waiting for the same dependency and keeps idle " +
                "keep-alive connections per dependency, so /b's calls mostly found B's own connection free: here the " +
                'connection limit starved /a, not /b.'
              : `Which endpoint the limit starved is ${UNDECIDED}.`),
      );
    }
  }

  const all = groupByName(file.runs);
  const stalled = all.filter((group) => group.usable.some((run) => run.eventLoop.service.peakMs >= options.stallMs));
  items.push(
    `**Which resource ran out first, per run**, from measurements (a call that found every slot busy, a call that ` +
      `waited for a connection, an event-loop delay of ${ms(options.stallMs)} or more), after the fault, over the ` +
      `repeats that were not machine-busy: ${all.map((group) => `${esc(group.name)}: ${limitsWords(group.usable)}`).join('; ')}. ` +
      (stalled.length > 0
        ? `The service's event loop stalled for ${ms(options.stallMs)} or more in ${stalled.map((group) => esc(group.name)).join(', ')}.`
        : "The service's event loop never stalled that long in them."),
  );

  const modelled = all.filter((group) => group.runs[0]!.model.predicted !== null && group.usable.length > 0);
  if (modelled.length > 0) {
    const gaps = modelled.flatMap((group) => {
      const why = gapWords(group.usable, options);
      return why === null ? [] : [`The gap in ${esc(group.name)} is ${why}.`];
    });
    const pair = (group: (typeof modelled)[number], path: '/a' | '/b') => {
      const predicted = group.runs[0]!.model.predicted!;
      return `${esc(group.name)} ${pct(path === '/a' ? predicted.a : predicted.b)} against ${pctOf(successOf(group.usable, path))}`;
    };
    items.push(
      `**The tick model next to the measurement** (1 tick = ${ms(1000 / options.ratePerSecond)}, one request to each endpoint; ` +
        'holds and timeouts in whole ticks; experiment/README.md gives the mapping). Completed, model against measured, ' +
        `for /b: ${modelled.map((group) => pair(group, '/b')).join('; ')}; for /a: ${modelled.map((group) => pair(group, '/a')).join('; ')}. ` +
        (gaps.length === 0 ? 'Every pair is within 2 points.' : `The others are within 2 points. ${gaps.join(' ')}`),
    );
  }

  if (kinds) {
    const kindGroups = groupByName(kinds.runs);
    const find = (pool: string, queue: boolean) =>
      kindGroups.find(
        (group) =>
          group.runs[0]!.pool === pool &&
          (queue ? group.runs[0]!.settings.queueSize > 0 : group.runs[0]!.settings.maxWaitMs !== null),
      );
    const [qShared, qSplit, wShared, wSplit] = [
      find('shared', true),
      find('per-dependency', true),
      find('shared', false),
      find('per-dependency', false),
    ];
    const short = [qShared, qSplit, wShared, wSplit].filter((group) => group && group.usable.length < 2);
    if (qShared && qSplit && wShared && wSplit && short.length > 0) {
      items.push(
        `**Two other kinds of bulkhead** (\`${KINDS_SAMPLE}\`, a slow A): this machine was too busy to tell (a ` +
          'conclusion needs two repeats that were not machine-busy, and ' +
          short.map((group) => `${esc(group!.name)} had ${group!.usable.length} of ${group!.runs.length}`).join(', ') +
          ').',
      );
    } else if (qShared && qSplit && wShared && wSplit) {
      const line = (group: typeof qShared) =>
        `/a ${pctOf(successOf(group.usable, '/a'))}, /b ${pctOf(successOf(group.usable, '/b'))} with p50 ` +
        `${msOf(totalOf(group.usable, '/b', 'p50Ms'))}`;
      const waiting = [qShared, wShared].map((group) => totalOf(group.usable, '/b', 'p50Ms'));
      const noWait = totalOf(use('shared/slow-a'), '/b', 'p50Ms');
      const slower = waiting.every((p50) => distinguishable(p50, noWait) && p50!.median > noWait!.median);
      // A configuration of the default runs measured again here: its two measurements, side by side.
      const again = [qShared, qSplit, wShared, wSplit]
        .filter((group) => groups.has(group.name))
        .map(
          (group) =>
            ` \`${esc(group.name)}\` is also one of the default runs, measured again here: /b ` +
            `${pctOf(successOf(group.usable, '/b'))} here against ${pctOf(successOf(use(group.name), '/b'))} in \`${SAMPLE}\`.`,
        )
        .join('');
      items.push(
        `**Two other kinds of bulkhead** (\`${KINDS_SAMPLE}\`, a slow A). A line of ` +
          `${qShared.runs[0]!.settings.queueSize} places in front of the slots, like a fixed thread pool with a bounded ` +
          `queue: shared ${line(qShared)}; per dependency ${line(qSplit)}. A semaphore whose callers wait up to ` +
          `${ms(wShared.runs[0]!.settings.maxWaitMs)} for a slot, like Resilience4j's maxWaitDuration: shared ` +
          `${line(wShared)}; per dependency ${line(wSplit)}. ` +
          (slower
            ? `Where calls wait, the shared pool's starvation of /b shows as latency, as the card expects (p50 ${msOf(noWait)} without a wait).`
            : `Whether waiting turns /b's starvation into latency is ${UNDECIDED}.`) +
          again,
      );
    }
  }

  const every = [...file.runs, ...(kinds?.runs ?? [])];
  const problems = every.flatMap(reconcile);
  const sent = every.reduce((sum, run) => sum + run.endpoints.reduce((s, e) => s + e.totals.sent, 0), 0);
  const gaveUp = every.reduce(
    (sum, run) =>
      sum + run.endpoints.reduce((s, e) => s + e.service.answeredAfterClientGaveUp + e.service.notReceived, 0),
    0,
  );
  items.push(
    problems.length === 0
      ? `**Every request counted once.** In every run, busy or not, the load generator's outcomes, the service's ` +
          `answers and the bulkheads' counters reconcile (${count(sent)} requests after the faults); ` +
          (gaveUp === 0
            ? 'the generator and the service agree on every one of them.'
            : `the ${count(gaveUp)} where the two outcomes differ are requests the generator gave up on before the answer came.`)
      : `**The counts disagree** in ${problems.length} places: ${problems.map(esc).join('; ')}.`,
  );
  return items;
}

/** Up to this many machine-busy runs are named one by one, with their reasons. */
const LISTED_BUSY_RUNS = 6;

/** The machine, its load, and which runs it held up, from the files' metadata and each run's figures. */
export function machineWords(file: MeasuredRunFile, kinds: MeasuredRunFile | null): string {
  const m = file.meta.machine;
  const runs = [...file.runs, ...(kinds?.runs ?? [])];
  const other = runs.map((run) => run.hostCpu.otherCores);
  const busy = runs.filter((run) => run.busy === true);
  const held = (loop: 'service' | 'generator') =>
    Math.max(
      ...runs.map((run) => Math.max(run.eventLoop[loop].peakMs, ...run.eventLoop[loop].windows.map((w) => w.peakMs))),
    );
  const late = Math.max(...runs.flatMap((run) => run.endpoints.map((e) => e.totals.sendLagMaxMs ?? 0)));
  const start = file.meta.busyAtStart;
  return (
    `Measured on ${file.meta.date.slice(0, 10)} (${file.meta.date.slice(11, 16)} to ${(kinds ?? file).meta.finishedAt.slice(11, 16)} UTC) ` +
    `on a ${m.cpuCount}-core ${m.platform === 'linux' ? 'Linux' : esc(m.platform)} machine (${esc(m.cpuModel)}, ${m.totalMemoryMb.toLocaleString('en-US')} MB, Node ${esc(m.nodeVersion)}) ` +
    `with the default options: ${optionWords(file)}. ${esc(file.meta.label)} ` +
    `Each configuration ran ${file.options.repeat} times, interleaved (${runs.length} runs in the two files). ` +
    (start
      ? `Before the first run the load average was ${start.loadAverage} and other processes used ${start.otherCores.toFixed(2)} cores${start.busy ? ', so the machine was already busy' : ''}; `
      : '') +
    `during the runs other processes used ` +
    (Math.max(...other) < 0.005
      ? 'no measurable CPU'
      : `${Math.min(...other).toFixed(2)} to ${Math.max(...other).toFixed(2)} of the ${m.cpuCount} cores`) +
    `. A run counts as machine-busy, and no figure of it is used below, when the service's or the load generator's ` +
    `event loop was held up ${ms(file.options.busyMs)} or more, or a request left that late: ` +
    (busy.length === 0
      ? `none was (the longest hold-ups were ${ms(held('service'))} in the service, ${ms(held('generator'))} in the ` +
        `generator, and the latest request left ${ms(late)} late).`
      : busy.length <= LISTED_BUSY_RUNS
        ? `${busy.length} of ${runs.length} were: ${busy.map((run) => `${esc(run.name)} repeat ${run.repeat} (${run.busyReasons.map(esc).join('; ')})`).join('; ')}.`
        : `${busy.length} of ${runs.length} were, held up by as much as ${ms(held('service'))} in the service, ` +
          `${ms(held('generator'))} in the generator, and with requests leaving as late as ${ms(late)}; each run's ` +
          'reasons are in the JSON (`busyReasons`) and on the demo page.') +
    ' Figures are medians over the repeats that were not machine-busy, with the range in brackets where the repeats ' +
    'differ; a conclusion is drawn only where two configurations differ by more than either one varies, and otherwise ' +
    `the reading says "${UNDECIDED}".`
  );
}

function optionWords(file: MeasuredRunFile): string {
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

/**
 * The block of experiment/README.md between the markers: a table of every configuration (medians
 * over the usable repeats, ranges in brackets), then the reading.
 */
export function readingMarkdown(file: MeasuredRunFile, kinds: MeasuredRunFile | null): string {
  // Each file's configurations, labelled by the file: the two samples share a name.
  const groups = [
    ...groupByName(file.runs).map((group) => ({ ...group, from: SAMPLE })),
    ...groupByName(kinds?.runs ?? []).map((group) => ({ ...group, from: KINDS_SAMPLE })),
  ];
  const rows = groups.flatMap((group) =>
    group.runs[0]!.endpoints.map((e, k) => {
      const path = e.path;
      const runs = group.usable;
      const predicted = group.runs[0]!.model.predicted;
      const figure = (key: keyof EndpointTotals, format: (value: number) => string) =>
        spread(totalOf(runs, path, key), format);
      return [
        k === 0 ? esc(group.name) : '',
        k === 0 ? group.from.split('/').at(-1) : '',
        path,
        k === 0 ? `${runs.length} of ${group.runs.length}` : '',
        figure('ok', count),
        figure('timeout', count),
        figure('rejected', count),
        figure('other', count),
        figure('successRate', pct),
        predicted ? pct(path === '/a' ? predicted.a : predicted.b) : '–',
        figure('p50Ms', ms),
        figure('p99Ms', ms),
        `${figure('poolOccupancyPeak', count)}/${e.totals.poolCapacity}`,
        k === 0 ? limitsWords(runs) : '',
        k === 0 ? msOf(figureOf(runs, (run) => run.eventLoop.service.peakMs)) : '',
        k === 0
          ? spread(
              figureOf(group.runs, (run) => run.hostCpu.otherCores),
              (value) => value.toFixed(2),
            )
          : '',
      ].join(' | ');
    }),
  );
  return [
    machineWords(file, kinds),
    '',
    `Each endpoint was sent ${count(file.options.ratePerSecond * (file.options.durationMs / 1000))} requests after the fault in every run (more to /a in burst-a).`,
    '',
    '| run | file | endpoint | usable repeats | ok | timeout | rejected | other | success | tick model | p50 | p99 | pool peak | first limit | loop delay peak | other processes, cores (all repeats) |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |',
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
