import { LitElement, css, html, svg, type PropertyValues } from 'lit';
import { LocaleController } from '../../i18n/locale-controller.js';
import { msg, str } from '../../i18n/msg.js';
import { decimal, numeral, plural, wordsOf } from '../../i18n/words.js';
import { renderRootIn, restyleAfterMove } from '../document-styles.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { CHART_VIEWBOX, endpointChart } from './chart.js';
import { figureOf, groupByName, type RunGroup, type Spread } from './repeats.js';
import { jsonSteps } from './json-steps.js';
import { MAX_TEXT, readingResultFile, type MeasuredRunFile, type RunResult } from './result-file.js';
import { inSlices, sliceClock } from './slices.js';
import { ScrollRegions } from '../scroll-regions.js';

const SCENARIO_LABEL: Readonly<Record<string, string>> = wordsOf({
  healthy: () => msg('Healthy dependencies'),
  'slow-a': () => msg('A slow (answers just inside the timeout)'),
  'failing-a': () => msg('A failing fast (503 at once)'),
  'stalled-a': () => msg('A stalled (never answers)'),
  'burst-a': () => msg('A healthy, bursts of requests to /a'),
});
const POOL_LABEL: Readonly<Record<string, string>> = wordsOf({
  shared: () => msg('One shared pool'),
  'per-dependency': () => msg('A bulkhead per dependency'),
});
const RESOURCE_LABEL: Readonly<Record<string, string>> = wordsOf({
  pool: () => msg('the pool'),
  connections: () => msg('the connection limit'),
  'event-loop': () => msg('the event loop'),
});
/** The settings a run name may end in, by what its part starts with: "pool-40" reads "pool 40". */
const VARIANT_LABEL: Readonly<Record<string, (value: string) => string>> = {
  pool: (value) => msg(str`pool ${value}`),
  queue: (value) => msg(str`queue ${value}`),
  wait: (value) => msg(str`wait ${value}`),
  connections: (value) => msg(str`connections ${value}`),
};

/** A run's own settings, from the end of its name: "shared/slow-a/pool-40/wait-50ms" gives "pool 40, wait 50ms". */
const variantOf = (run: RunResult) =>
  run.name
    .split('/')
    .slice(2)
    .map((part) => {
      const [key = '', value = ''] = part.split(/-(.*)/);
      return Object.hasOwn(VARIANT_LABEL, key) && value ? VARIANT_LABEL[key]!(value) : part.replace('-', ' ');
    })
    .join(', ');

/** How long a load may take before the element gives up, unless `timeout` says otherwise. */
const DEFAULT_TIMEOUT_MS = 15_000;
/** The longest delay setTimeout keeps; a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A label for a known key; any other key, including "__proto__", as itself. */
const labelOf = (labels: Readonly<Record<string, string>>, key: string) =>
  Object.hasOwn(labels, key) ? labels[key]! : key;
const duration = (value: number) => (value < 1000 ? `${numeral(value)} ms` : `${decimal(value / 1000)} s`);
const ms = (value: number | null) => (value === null ? '–' : `${numeral(Math.round(value))} ms`);
const rate = (value: number | null) => (value === null ? '–' : `${decimal(Math.round(value * 1000) / 10)} %`);
/** A median, and its range in brackets where the repeats differ: "98.3 % (96.7 to 100 %)". */
const spread = (value: Spread | null, format: (value: number) => string, unit: string) =>
  value === null
    ? '–'
    : format(value.min) === format(value.max)
      ? format(value.median)
      : msg(str`${format(value.median)} (${format(value.min).replace(unit, '')} to ${format(value.max)})`);
/** The repeats a configuration is drawn from: those not machine-busy, or all when every one was. */
const drawn = (group: RunGroup<RunResult>) => (group.usable.length > 0 ? group.usable : group.runs);
const endpointOf = (run: RunResult, path: string) => run.endpoints.find((e) => e.path === path);
/** `n` things, in the form `n` takes, with `n` as the locale writes it (a median may be a half). */
const count = (n: number, one: (n: string) => string, other: (n: string) => string) =>
  plural(n, one(decimal(n)), other(decimal(n)));
/** How many of a configuration's repeats its figures come from, when it ran more than once. */
const repeatsWords = (group: RunGroup<RunResult>) =>
  group.runs.length > 1 ? msg(str`${group.usable.length} of ${group.runs.length} repeats`) : null;

/** The most a file may weigh, in MB: the experiment's largest that this chart draws is about 20 MB. */
const MAX_FILE_MB = 64;

/** The text at `src`, in the pieces it came in, or what went wrong, worded when it is shown. */
async function fetchText(src: string, signal: AbortSignal): Promise<{ pieces: string[] } | { problem: () => string }> {
  const failed = (error: unknown) => ({
    problem: () => msg(str`${src} could not be fetched (${(error as Error).message})`),
  });
  const tooLarge = { problem: () => msg(str`${src} is larger than ${MAX_FILE_MB} MB, the most this chart reads`) };
  let response: Response;
  try {
    response = await fetch(src, { signal });
  } catch (error) {
    return failed(error);
  }
  if (!response.ok) return { problem: () => msg(str`${src} answered ${response.status}`) };
  const limit = MAX_FILE_MB * 2 ** 20;
  if (Number(response.headers.get('content-length')) > limit) {
    void response.body?.cancel().catch(() => undefined);
    return tooLarge;
  }
  // Read piece by piece, so a file too large is refused as soon as it is, and decoding never takes
  // one long task. The pieces are not joined: copying 50 MB into one string alone takes a long task.
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  // Pieces that came together are all read in one task unless it gives the page its turn.
  const due = sliceClock();
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
      bytes += part.value.byteLength;
      if (bytes > limit) {
        void reader!.cancel().catch(() => undefined);
        return tooLarge;
      }
      parts.push(decoder.decode(part.value, { stream: true }));
      await due();
    }
  } catch (error) {
    return failed(error);
  }
  parts.push(decoder.decode());
  return { pieces: parts };
}

/**
 * Charts a result file of the measured companion (`npm run experiment`): per scenario, the shared
 * pool and the per-dependency bulkheads side by side; per endpoint, p50 and p99 latency over time
 * and the share of timeouts and rejections per window, with the fault's start marked, what the
 * lab's tick model predicts, and which resource reached its limit first; then every run as a text
 * table. Where a configuration ran several times, its figures are medians (with their range) over
 * the repeats a busy machine did not disturb, and the table marks the busy runs. A file of more than
 * 320 runs, 32 configurations, 8 endpoints in a run, 1,280 endpoints or 50,000 windows, or of more
 * than 64 MB, is refused with a message; a text longer than 2,000 characters (a name: 200) is cut
 * short. A file is read a slice at a time, so the page keeps drawing frames meanwhile.
 *
 * @summary Measured results on real sockets, charted.
 * @attr {string} src - URL of the JSON file `npm run experiment` wrote.
 * @attr {number} timeout - how long, in milliseconds, to wait for `src` to answer before showing an error (default 15000).
 * @attr {string} lang - the language of the element's words: `de` (German) or English (anything else). Without it,
 *   the element speaks the language of the nearest ancestor with a `lang`, through shadow roots, else the document's,
 *   and follows a later change of it. What the file itself says (its label, the tick model's notes, why a run was
 *   machine-busy) is shown as the file has it.
 * @csspart meta - where and how the figures were measured.
 * @csspart table - the text table of every run.
 * @cssproperty --bulkhead-color-text - text colour.
 * @cssproperty --bulkhead-color-muted - secondary text colour.
 * @cssproperty --bulkhead-color-surface - background of the element.
 * @cssproperty --bulkhead-color-panel - background of table heads, buttons and disabled boxes.
 * @cssproperty --bulkhead-color-border - lines and borders.
 * @cssproperty --bulkhead-color-accent - colour of the p50 line.
 * @cssproperty --bulkhead-color-a - colour of the p99 line.
 * @cssproperty --bulkhead-color-a-soft - background of cells held by A.
 * @cssproperty --bulkhead-color-b - tenant B's colour.
 * @cssproperty --bulkhead-color-b-soft - background of cells held by B.
 * @cssproperty --bulkhead-color-pass - a passing gate.
 * @cssproperty --bulkhead-color-fail - colour of timeouts and of the mark where the fault starts.
 * @cssproperty --bulkhead-color-pending - a pending gate, notices, rejections.
 * @cssproperty --bulkhead-color-focus - the focus ring.
 * @cssproperty --bulkhead-font - the font (default: the page's, inherited).
 * @cssproperty --bulkhead-font-mono - the font of request ids.
 * @cssproperty --bulkhead-space - the base gap between pieces (default 0.5em).
 * @cssproperty --bulkhead-radius - corner radius.
 */
export class MeasuredRun extends LitElement {
  static override properties = { src: {}, timeout: { type: Number }, data: { state: true }, error: { state: true } };
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      /* What a file says may hold a word longer than the line (a run name, a label): it wraps
         anywhere rather than widen the page. The table keeps its columns as wide as their words,
         and scrolls inside its own box. */
      :host {
        overflow-wrap: anywhere;
      }
      table {
        overflow-wrap: normal;
      }
      .meta {
        color: var(--_muted);
        font-size: 0.9em;
      }
      h3 {
        font-size: 1.1em;
        margin: 1rem 0 0.4rem;
      }
      .pair {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr));
        gap: var(--_gap);
      }
      figure {
        margin: 0;
        border: 1px solid var(--_line);
        border-radius: var(--_radius);
        padding: 0.4rem 0.6rem;
      }
      figcaption {
        font-weight: 600;
      }
      .endpoint {
        font-family: var(--_mono);
        font-size: 0.85em;
        margin: 0.3rem 0 0;
      }
      svg {
        width: 100%;
        max-width: 24rem;
        height: auto;
        display: block;
      }
      .swatch {
        display: inline-block;
        width: 0.8em;
        height: 0.8em;
        vertical-align: -0.05em;
        border: 1px solid var(--_line);
      }
      .frame {
        fill: none;
        stroke: var(--_line);
      }
      .p99,
      .p50 {
        fill: none;
        stroke: var(--_a);
        stroke-width: 2;
      }
      .p50 {
        stroke: var(--_accent);
        stroke-dasharray: 4 2;
      }
      .grid {
        stroke: var(--_line);
        stroke-dasharray: 1 3;
      }
      .fault {
        stroke: var(--_fail);
        stroke-dasharray: 3 2;
      }
      .timeout {
        fill: var(--_fail);
      }
      .rejected {
        fill: var(--_pending);
        opacity: 0.55;
      }
      .swatch.p99,
      .swatch.p50 {
        height: 0;
        vertical-align: 0.3em;
        border: 0 solid var(--_a);
        border-top-width: 0.15em;
      }
      .swatch.p50 {
        border-top-style: dashed;
        border-color: var(--_accent);
      }
      .other,
      .swatch.other {
        fill: var(--_muted);
        background: var(--_muted);
      }
      .swatch.timeout {
        background: var(--_fail);
      }
      .swatch.rejected {
        background: var(--_pending);
      }
      .axis {
        font-size: 9px;
        fill: var(--_muted);
      }
      .legend {
        font-size: 0.85em;
        color: var(--_muted);
      }
      .error {
        color: var(--_fail);
      }
      td {
        text-align: right;
      }
      tr.busy {
        color: var(--_muted);
      }
      @media (forced-colors: active) {
        .p99, .p50, .fault { stroke: CanvasText; }
        .timeout { fill: CanvasText; }
        .rejected { fill: GrayText; }
      }
    `,
  ];

  declare src: string | null;
  /** How long, in milliseconds, to wait for `src` to answer; not a positive number means 15000. */
  declare timeout: number;
  declare private data: MeasuredRunFile | null;
  /** What went wrong, worded when it is shown, so in the element's language of the moment. */
  declare private error: (() => string) | null;
  /**
   * What is in flight, if any: the load of `src` (its `src`), or the reading of a `result` the page
   * gave (`src` null); aborted when a newer `src` or `result` takes over. `done` settles when it ends.
   */
  #task: { controller: AbortController; src: string | null; done: Promise<void> } | null = null;
  /** Whether a load was cut short by taking the element out of the page, to start again when it is back. */
  declare private interrupted: boolean;

  /** The language this element speaks: its own `lang`, else the nearest ancestor's, else the document's. */
  protected readonly locale = new LocaleController(this);

  /** Every update runs in the element's language, once its words are loaded. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.locale.schedule(() => super.scheduleUpdate()) as void | Promise<unknown>;
  }

  constructor() {
    super();
    new ScrollRegions(this); // a controller: the element keeps it
    this.src = null;
    this.timeout = DEFAULT_TIMEOUT_MS;
    this.data = null;
    this.error = null;
    this.interrupted = false;
    // A `result` set on the element before it was upgraded hides the accessor: hand it over.
    if (Object.hasOwn(this, 'result')) {
      const value: unknown = (this as { result?: unknown }).result;
      delete (this as { result?: unknown }).result;
      this.result = value;
    }
  }

  /** Its styles work in whichever document it is connected in (an iframe's included). */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    return renderRootIn(this, () => super.createRenderRoot());
  }

  adoptedCallback(): void {
    restyleAfterMove(this);
  }

  /**
   * The result as read (its texts cut short), once loaded; set it directly to show a result without
   * fetching. A result set is read a slice at a time, so it is null until `updateComplete` resolves.
   */
  get result(): MeasuredRunFile | null {
    return this.data;
  }
  set result(value: unknown) {
    this.#start(null, (signal) => this.#read(value, signal));
  }

  /** Resolves once a result set has been read and drawn, or refused. */
  protected override async getUpdateComplete(): Promise<boolean> {
    for (let task = this.#task; task && task.src === null; task = this.#task) await task.done;
    return super.getUpdateComplete();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (!changed.has('src')) return;
    if (this.src) this.#load(this.src);
    else if (this.#task?.src) this.#cancel(); // a result the page gave is read on
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.interrupted && this.src) this.#load(this.src);
    this.interrupted = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A load stops while the element is out of the page, and starts again when it is back; a result
    // the page gave is read on.
    this.interrupted = Boolean(this.#task?.src);
    if (this.interrupted) this.#cancel();
  }

  /** Stops what is in flight, so its answer, if it still comes, is ignored. */
  #cancel() {
    this.#task?.controller.abort();
    this.#task = null;
  }

  /** Starts `work`, in place of anything in flight; it shows what it finds unless `signal` aborts first. */
  #start(src: string | null, work: (signal: AbortSignal) => Promise<void>) {
    this.#cancel();
    this.data = null;
    this.error = null;
    const controller = new AbortController();
    const task = { controller, src, done: Promise.resolve() };
    this.#task = task;
    this.requestUpdate(); // it says it is loading
    task.done = work(controller.signal).finally(() => {
      if (this.#task === task) this.#task = null;
    });
  }

  /** Reads `value` as a result file a slice at a time, then shows it, or what is wrong with it. */
  async #read(value: unknown, signal: AbortSignal) {
    try {
      const data = await inSlices(readingResultFile(value), signal);
      if (!signal.aborted) [this.data, this.error] = [data, null];
    } catch (error) {
      if (!signal.aborted) [this.data, this.error] = [null, () => (error as Error).message];
    }
  }

  #load(src: string) {
    this.#start(src, async (signal) => {
      const limitMs =
        Number.isFinite(this.timeout) && this.timeout > 0
          ? Math.min(this.timeout, LONGEST_TIMER_MS)
          : DEFAULT_TIMEOUT_MS;
      // The time limit is the download's; reading what came takes as long as it takes, in slices.
      const download = new AbortController();
      const stop = () => download.abort();
      signal.addEventListener('abort', stop);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        download.abort();
      }, limitMs);
      const answer = await fetchText(src, download.signal).finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      });
      // An answer to a load that a newer src or result replaced is dropped, failed or not.
      if (signal.aborted) return;
      if ('problem' in answer) {
        this.error = timedOut ? () => msg(str`${src} did not answer within ${duration(limitMs)}`) : answer.problem;
        return;
      }
      let value: unknown;
      try {
        value = await inSlices(jsonSteps(answer.pieces, MAX_TEXT), signal);
      } catch {
        if (!signal.aborted) this.error = () => msg(str`${src} did not answer with JSON`);
        return;
      }
      await this.#read(value, signal);
    });
  }

  #renderChart(group: RunGroup<RunResult>, path: string, scaleMs: number) {
    const runs = drawn(group);
    const run = runs[0]!;
    const endpoints = runs.flatMap((r) => endpointOf(r, path) ?? []);
    const figure = (pick: (t: (typeof endpoints)[number]['totals']) => number | null) =>
      figureOf(endpoints, (e) => pick(e.totals));
    const okShare = spread(
      figure((t) => t.successRate),
      rate,
      ' %',
    );
    const [p50, p99] = [figure((t) => t.p50Ms), figure((t) => t.p99Ms)].map((value) => spread(value, ms, ' ms'));
    const counted = (pick: (t: (typeof endpoints)[number]['totals']) => number) => figure(pick)?.median ?? 0;
    const predicted = run.model?.predicted;
    const ok = predicted
      ? msg(str`${okShare} ok (tick model ${rate(path === '/a' ? predicted.a : predicted.b)})`)
      : msg(str`${okShare} ok`);
    const repeats = repeatsWords(group);
    const [timeouts, rejections, others] = [
      count(
        counted((t) => t.timeout),
        (n) => msg(str`${n} timeout`),
        (n) => msg(str`${n} timeouts`),
      ),
      count(
        counted((t) => t.rejected),
        (n) => msg(str`${n} rejection`),
        (n) => msg(str`${n} rejections`),
      ),
      count(
        counted((t) => t.other),
        (n) => msg(str`${n} other error`),
        (n) => msg(str`${n} other errors`),
      ),
    ];
    const sent = decimal(counted((t) => t.sent));
    const pool = labelOf(POOL_LABEL, run.pool);
    const summary = [
      msg(
        str`${path}, ${pool}: p50 ${p50}, p99 ${p99}, ${timeouts}, ${rejections} and ${others} of ${sent} sent after the fault`,
      ),
      repeats,
    ]
      .filter(Boolean)
      .join(', ');
    const line = [`${path}: ${ok}`, `p50 ${p50}`, `p99 ${p99}`, repeats].filter(Boolean).join(', ');
    const mark = run.faultMode === 'none' ? (run.scenario === 'burst-a' ? msg('bursts') : null) : msg('fault');
    return html`<p class="endpoint">${line}</p>
      <svg viewBox=${CHART_VIEWBOX} role="img" aria-label=${summary}>${svg`<title>${summary}</title>`}${endpointChart(endpoints, run, scaleMs, run.leadMs === undefined ? null : mark)}</svg>`;
  }

  /** Which resource reached its limit first, over the drawn repeats; null for files without limits. */
  #limitWords(runs: RunResult[]) {
    if (!runs.every((run) => run.limits)) return null;
    const firsts = new Set(runs.map((run) => run.limits![0]?.resource ?? ''));
    if (firsts.size > 1) return msg('Which resource reached its limit first differs between repeats.');
    const [resource] = firsts;
    if (!resource) return msg('No watched resource reached its limit.');
    const at = figureOf(runs, (run) => run.limits![0]!.atMs);
    return msg(
      str`Reached its limit first: ${labelOf(RESOURCE_LABEL, resource)}, ${spread(at, ms, ' ms')} after the fault.`,
    );
  }

  /** What the repeats of a configuration left out because the machine was busy; the reasons are the file's own words. */
  #busyWords(group: RunGroup<RunResult>) {
    if (group.usable.length === 0) return msg('Every repeat was machine-busy: this machine was too busy to tell.');
    const busy = group.runs.filter((run) => run.busy === true);
    if (busy.length === 0) return '';
    const repeats = busy.map(
      (run, i) =>
        html`${i > 0 ? '; ' : ''}${msg(html`repeat ${run.repeat ?? '?'} (<span lang="en">${(run.busyReasons ?? []).join('; ')}</span>)`)}`,
    );
    return msg(html`Left out, machine-busy: ${repeats}.`);
  }

  #renderScenario(title: string, groups: RunGroup<RunResult>[], timeoutMs: number) {
    // Headroom above the highest p99 keeps the line clear of the label.
    // A loop, not Math.max(...all), which overflows the stack on many windows.
    let highestMs = Math.max(1, timeoutMs);
    for (const group of groups) {
      for (const run of drawn(group)) {
        for (const endpoint of run.endpoints) {
          for (const w of endpoint.windows) highestMs = Math.max(highestMs, w.p99Ms ?? 0);
        }
      }
    }
    const scaleMs = 1.15 * highestMs;
    return html`<h3>${title}</h3>
      <div class="pair">
        ${groups.map((group) => {
          const first = group.runs[0]!;
          const paths = [...new Set(first.endpoints.map((e) => e.path))].sort((a, b) => a.localeCompare(b));
          const limits = this.#limitWords(drawn(group));
          const busy = this.#busyWords(group);
          const note = first.model?.note;
          // The tick model's note is the experiment's own English.
          return html`<figure>
            <figcaption>${labelOf(POOL_LABEL, first.pool)}</figcaption>
            ${paths.map((path) => this.#renderChart(group, path, scaleMs))}
            ${limits || busy ? html`<p class="meta">${limits ?? ''} ${note ? html`<span lang="en">${note}</span>` : ''} ${busy}</p>` : ''}
          </figure>`;
        })}
      </div>`;
  }

  #renderTable(runs: RunResult[]) {
    const heads = [
      msg('Run'),
      msg('Endpoint'),
      msg('Sent'),
      msg('OK'),
      msg('Timeout'),
      msg('Rejected'),
      msg('Other'),
      msg('Success'),
      msg('Tick model'),
      'p50',
      'p99',
      msg('Achieved rate'),
      msg('Late sends'),
      msg('Pool peak / capacity'),
      msg('Event-loop delay peak'),
      msg('Limit reached first'),
      msg('Machine'),
    ];
    const repeated = runs.some((run) => (run.repeat ?? 1) > 1);
    return html`<div class="scroller" role="group" aria-label=${msg('Every run and endpoint')}>
      <table part="table">
        <caption class="visually-hidden">${msg('Every run and endpoint, as measured')}</caption>
        <thead><tr>${heads.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
        <tbody>${runs.flatMap((run) =>
          run.endpoints.map((e) => {
            const t = e.totals;
            const predicted = run.model?.predicted;
            const first = run.limits?.[0];
            // Run names and resources are the file's identifiers, and why a run was busy its own English.
            const machine =
              run.busy === true
                ? msg(html`busy: <span lang="en">${(run.busyReasons ?? []).join('; ')}</span>`)
                : run.busy === false
                  ? msg('quiet')
                  : '–';
            return html`<tr class=${run.busy === true ? 'busy' : ''}><th scope="row" translate="no">${run.name}${repeated ? ` #${run.repeat ?? 1}` : ''}</th><td>${e.path}</td><td>${numeral(t.sent)}</td><td>${numeral(t.ok)}</td>
            <td>${numeral(t.timeout)}</td><td>${numeral(t.rejected)}</td><td>${numeral(t.other)}</td><td>${rate(t.successRate)}</td>
            <td>${predicted ? rate(e.path === '/a' ? predicted.a : predicted.b) : '–'}</td>
            <td>${ms(t.p50Ms)}</td><td>${ms(t.p99Ms)}</td><td>${decimal(t.achievedRatePerSecond)}/s</td>
            <td>${numeral(t.lateSends)}</td><td>${numeral(t.poolOccupancyPeak)} / ${numeral(t.poolCapacity)}</td><td>${ms(t.eventLoopDelayPeakMs)}</td>
            <td translate="no">${first ? `${first.resource}, ${ms(first.atMs)}` : '–'}</td><td>${machine}</td></tr>`;
          }),
        )}</tbody>
      </table>
    </div>`;
  }

  #renderError(message: string) {
    return html`<p class="error" role="alert">${msg(str`Could not show the measured run: ${message}`)}</p>`;
  }

  protected override render() {
    if (this.error) return this.#renderError(this.error());
    const data = this.data;
    if (!data) {
      return this.src || this.#task
        ? html`<p class="meta">${msg('Loading measured results…')}</p>`
        : html`<p class="meta">${msg('No measured run to show yet: set src to a result file.')}</p>`;
    }
    try {
      return this.#renderResult(data);
    } catch (error) {
      // readingResultFile should have refused anything that gets here; never let it escape the element.
      return this.#renderError((error as Error).message);
    }
  }

  /** Where, when and how the figures were measured, in one sentence, then the repeats and the file's label. */
  #renderMeta({ meta, options, runs }: MeasuredRunFile) {
    const { machine } = meta;
    const load = machine.loadAverageAtStart?.[0];
    const where =
      load === undefined
        ? `${machine.cpuModel}, ${machine.platform}`
        : msg(str`${machine.cpuModel}, ${machine.platform}, load average ${numeral(load)} at the start`);
    const [perSecond, pool, timeout, seconds] = [
      numeral(options.ratePerSecond),
      numeral(options.poolSize),
      numeral(options.timeoutMs),
      numeral(options.durationMs / 1000),
    ];
    const how = options.leadMs
      ? msg(
          str`${perSecond} requests/s per endpoint, pool of ${pool}, timeout ${timeout} ms, ${seconds} s per run after ${numeral(options.leadMs / 1000)} s without the fault`,
        )
      : msg(str`${perSecond} requests/s per endpoint, pool of ${pool}, timeout ${timeout} ms, ${seconds} s per run`);
    const [date, node, cores] = [meta.date.slice(0, 10), machine.nodeVersion, machine.cpuCount];
    const measured = plural(
      cores,
      msg(str`Measured ${date} with Node ${node} on ${numeral(cores)} core (${where}): ${how}.`),
      msg(str`Measured ${date} with Node ${node} on ${numeral(cores)} cores (${where}): ${how}.`),
    );
    let repeats = '';
    if (options.repeat !== undefined) {
      const busy = runs.filter((run) => run.busy === true).length;
      const left =
        busy === 0
          ? msg('no run machine-busy, left out')
          : plural(busy, msg(str`${busy} run machine-busy, left out`), msg(str`${busy} runs machine-busy, left out`));
      repeats = plural(
        options.repeat,
        msg(str`${options.repeat} repeat of each configuration, interleaved; ${left}.`),
        msg(str`${options.repeat} repeats of each configuration, interleaved; ${left}.`),
      );
    }
    return html`<p class="meta" part="meta">${[measured, repeats, meta.label ?? ''].filter(Boolean).join(' ')}</p>`;
  }

  #renderResult(data: MeasuredRunFile) {
    const groups = new Map<string, RunGroup<RunResult>[]>();
    for (const group of groupByName(data.runs)) {
      const run = group.runs[0]!;
      const variant = variantOf(run);
      const title = labelOf(SCENARIO_LABEL, run.scenario) + (variant ? `: ${variant}` : '');
      groups.set(title, [...(groups.get(title) ?? []), group]);
    }
    return html`
      ${this.#renderMeta(data)}
      <p class="legend">${msg(html`<span class="swatch p99"></span> p99 and <span class="swatch p50"></span> p50 latency per window, from each request's intended send time.`)}
        ${msg(html`Bars, per window: <span class="swatch timeout"></span> the share that timed out (from the bottom) and <span class="swatch rejected"></span> the share a full bulkhead rejected, and <span class="swatch other"></span> other errors such as a failing dependency's (stacked above).`)}
        ${msg("The tick model is the lab's model set as close to each run as it goes; it offers each tick's requests at once, A before B, with exact service times and no stalls, so continuous arrivals, jitter and event-loop stalls on a real machine open gaps between the two.")}</p>
      ${[...groups].map(([title, runs]) => this.#renderScenario(title, runs, data.options.timeoutMs))}
      <h3>${msg('Every run')}</h3>
      ${this.#renderTable(data.runs)}
    `;
  }
}
