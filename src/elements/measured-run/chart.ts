/**
 * A small SVG chart of one endpoint in one configuration: p50 and p99 latency per window as lines
 * over a labelled latency axis (one pair of lines per repeat drawn), the share of errors per window
 * as stacked bars (all drawn repeats pooled), a labelled time axis in seconds from the fault's
 * start, and a mark where the fault starts.
 */
import { svg } from 'lit';
import { msg } from '../../i18n/msg.js';
import { numeral } from '../../i18n/words.js';
import type { EndpointResult, EndpointWindow, RunResult } from './result-file.js';

const WIDTH = 300;
/** Room on the left for the latency labels. */
const LEFT = 36;
const PLOT = WIDTH - LEFT - 6;
const TOP = 12;
const LATENCY_HEIGHT = 84;
const ERROR_TOP = TOP + LATENCY_HEIGHT + 6;
const ERROR_HEIGHT = 32;
const TICKS_Y = ERROR_TOP + ERROR_HEIGHT + 10;
const HEIGHT = TICKS_Y + 13;

export const CHART_VIEWBOX = `0 0 ${WIDTH} ${HEIGHT}`;

/** The smallest of 1, 2, 5 × a power of ten that is at least `raw`. */
const niceStep = (raw: number) => {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? 10 * power;
};

/** Multiples of `step` from `from` to `to`, at most a few dozen. */
const multiples = (from: number, to: number, step: number) => {
  const found: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to + 1e-9 && found.length < 40; v += step) found.push(v);
  return found;
};

/** Each window's counts added up over the repeats, window by window (their windows are the same). */
function pooled(repeats: readonly EndpointResult[]): EndpointWindow[] {
  const [first, ...rest] = repeats;
  if (!first) return [];
  return first.windows.map((w, k) => {
    const sum = { ...w };
    for (const other of rest) {
      const same = other.windows[k];
      if (!same) continue;
      sum.sent += same.sent;
      sum.timeout += same.timeout;
      sum.rejected += same.rejected;
      sum.other += same.other;
    }
    return sum;
  });
}

/**
 * `repeats` are the same endpoint in each repeat drawn; `run` gives the lead and the duration.
 * `label` names the mark at 0 (the fault, or the first burst); null draws none. Drawn in the
 * element's locale, which words the axes.
 */
export function endpointChart(
  repeats: readonly EndpointResult[],
  run: RunResult,
  scaleMs: number,
  label: string | null,
) {
  const lead = run.leadMs ?? 0;
  const span = Math.max(1, lead + run.durationMs);
  const x = (tMs: number) => LEFT + ((Math.max(-lead, tMs) + lead) / span) * PLOT;
  const y = (ms: number) => TOP + LATENCY_HEIGHT - (Math.min(ms, scaleMs) / scaleMs) * LATENCY_HEIGHT;
  const windows = pooled(repeats);
  const barEnd = (k: number) => x(Math.min(run.durationMs, windows[k + 1]?.tMs ?? run.durationMs));
  const line = (endpoint: EndpointResult, key: 'p50Ms' | 'p99Ms') =>
    endpoint.windows
      .map((w, k) => {
        const ms = w[key];
        return ms === null ? '' : `${((x(w.tMs) + barEnd(k)) / 2).toFixed(1)},${y(ms).toFixed(1)}`;
      })
      .filter(Boolean)
      .join(' ');
  const latencyTicks = multiples(0, scaleMs, niceStep(scaleMs / 4));
  const timeStep = niceStep(span / 1000 / 6);
  const bottom = ERROR_TOP + ERROR_HEIGHT;
  return svg`
    <rect class="frame" x=${LEFT} y=${TOP} width=${PLOT} height=${LATENCY_HEIGHT}></rect>
    ${latencyTicks.map(
      (ms) => svg`<line class="grid" x1=${LEFT} x2=${LEFT + PLOT} y1=${y(ms)} y2=${y(ms)}></line>
        <text class="axis" x=${LEFT - 3} y=${y(ms) + 3} text-anchor="end">${ms < 1000 ? `${numeral(ms)} ms` : `${numeral(ms / 1000)} s`}</text>`,
    )}
    ${repeats.map(
      (endpoint) => svg`<polyline class="p99" points=${line(endpoint, 'p99Ms')}></polyline>
        <polyline class="p50" points=${line(endpoint, 'p50Ms')}></polyline>`,
    )}
    <rect class="frame" x=${LEFT} y=${ERROR_TOP} width=${PLOT} height=${ERROR_HEIGHT}></rect>
    <text class="axis" x=${LEFT - 3} y=${ERROR_TOP + 7} text-anchor="end">100 %</text>
    <text class="axis" x=${LEFT - 3} y=${bottom} text-anchor="end">0 %</text>
    ${windows.map((w, k) => {
      const share = (count: number) => (w.sent ? (count / w.sent) * ERROR_HEIGHT : 0);
      const [timeout, rejected, other] = [share(w.timeout), share(w.rejected), share(w.other)];
      const left = x(w.tMs) + 0.3;
      const width = Math.max(0.4, barEnd(k) - x(w.tMs) - 0.6);
      return svg`<rect class="timeout" x=${left} width=${width} y=${bottom - timeout} height=${timeout}></rect>
        <rect class="rejected" x=${left} width=${width} y=${bottom - timeout - rejected} height=${rejected}></rect>
        <rect class="other" x=${left} width=${width} y=${bottom - timeout - rejected - other} height=${other}></rect>`;
    })}
    ${multiples(-lead / 1000, run.durationMs / 1000, timeStep).map(
      (s) => svg`<text class="axis" x=${x(s * 1000)} y=${TICKS_Y} text-anchor="middle">${numeral(s)}</text>`,
    )}
    <text class="axis" x=${LEFT + PLOT} y=${TICKS_Y + 11} text-anchor="end">${msg("seconds from the fault's start")}</text>
    ${
      label === null
        ? ''
        : svg`<line class="fault" x1=${x(0)} x2=${x(0)} y1=${TOP - 2} y2=${bottom}></line>
        <text class="axis" x=${x(0) + 2} y=${TOP - 3}>${label}</text>`
    }
  `;
}
