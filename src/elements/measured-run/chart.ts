/** A small SVG chart of one endpoint in one run: p99 latency as a line, errors as stacked bars. */
import { svg } from 'lit';
import type { EndpointResult } from './result-file.js';

const WIDTH = 300;
const LATENCY_HEIGHT = 90;
const ERROR_HEIGHT = 40;
const GAP = 14;

const CHART_HEIGHT = LATENCY_HEIGHT + GAP + ERROR_HEIGHT + 14;

export function endpointChart(endpoint: EndpointResult, durationMs: number, latencyScaleMs: number) {
  const x = (tMs: number) => (tMs / Math.max(1, durationMs)) * WIDTH;
  const windows = endpoint.windows;
  const barWidth = windows.length > 1 ? x(windows[1]!.tMs) - x(windows[0]!.tMs) : WIDTH;
  const points = windows
    .filter((w) => w.p99Ms !== null)
    .map(
      (w) =>
        `${(x(w.tMs) + barWidth / 2).toFixed(1)},${(LATENCY_HEIGHT - (Math.min(w.p99Ms!, latencyScaleMs) / latencyScaleMs) * LATENCY_HEIGHT).toFixed(1)}`,
    )
    .join(' ');
  const errorTop = LATENCY_HEIGHT + GAP;
  return svg`
    <rect class="frame" x="0" y="0" width=${WIDTH} height=${LATENCY_HEIGHT}></rect>
    <text class="axis" x="2" y="10">p99 ≤ ${Math.round(latencyScaleMs)} ms</text>
    <polyline class="latency" points=${points}></polyline>
    <rect class="frame" x="0" y=${errorTop} width=${WIDTH} height=${ERROR_HEIGHT}></rect>
    ${windows.map((w) => {
      const timeout = w.sent ? (w.timeout / w.sent) * ERROR_HEIGHT : 0;
      const rejected = w.sent ? (w.rejected / w.sent) * ERROR_HEIGHT : 0;
      const other = w.sent ? (w.other / w.sent) * ERROR_HEIGHT : 0;
      const left = x(w.tMs) + 0.5;
      const width = Math.max(0.5, barWidth - 1);
      return svg`<rect class="timeout" x=${left} width=${width} y=${errorTop + ERROR_HEIGHT - timeout} height=${timeout}></rect>
        <rect class="rejected" x=${left} width=${width} y=${errorTop + ERROR_HEIGHT - timeout - rejected} height=${rejected}></rect>
        <rect class="other" x=${left} width=${width} y=${errorTop + ERROR_HEIGHT - timeout - rejected - other} height=${other}></rect>`;
    })}
    <text class="axis" x="2" y=${errorTop + ERROR_HEIGHT + 12}>errors per window (0–100 %) over ${durationMs / 1000} s</text>
  `;
}

export const CHART_VIEWBOX = `0 0 ${WIDTH} ${CHART_HEIGHT}`;
