import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/measured-run/define.js';
import type { MeasuredRun } from '../../src/elements/measured-run/measured-run.js';
import { catalogue, englishPhrases, everyText, leftEnglish } from '../helpers/english-left.js';
import { deepAll, scrollsSideways, textOf } from '../helpers/ui.js';

const FIXTURE = '/test/elements/fixtures/measured-small.json';

async function loaded(el: MeasuredRun, timeout = 5000) {
  await waitUntil(() => !textOf(el).includes('Loading'), 'the result never loaded', { timeout });
  await el.updateComplete;
}

describe('<measured-run>', () => {
  it('charts each scenario with the shared pool and per-dependency bulkheads side by side', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    await loaded(el);
    const text = textOf(el);
    expect(text).to.contain(
      'Measured 2026-11-30 with Node v20.20.2 on 2 cores (Test CPU, linux, load average 0 at the start)',
    );
    expect(text).to.contain(
      '100 requests/s per endpoint, pool of 20, timeout 200 ms, 3 s per run after 1 s without the fault. hand-made test fixture',
    );
    expect(deepAll(el, 'h3').map((h) => h.textContent)).to.deep.equal([
      'Healthy dependencies',
      'A slow (answers just inside the timeout)',
      'Every run',
    ]);
    expect(deepAll(el, 'figcaption').map((f) => f.textContent)).to.deep.equal([
      'One shared pool',
      'A bulkhead per dependency',
      'One shared pool',
      'A bulkhead per dependency',
    ]);
    const labels = deepAll(el, 'svg').map((s) => s.getAttribute('aria-label'));
    expect(labels).to.have.length(8);
    expect(labels).to.include(
      '/b, One shared pool: p50 10 ms, p99 250 ms, 80 timeouts, 50 rejections and 0 other errors of 300 sent after the fault',
    );
    expect(labels).to.include(
      '/b, A bulkhead per dependency: p50 10 ms, p99 21 ms, 0 timeouts, 0 rejections and 0 other errors of 300 sent after the fault',
    );
    // errors per window drawn as bars: 4 windows (one before the fault) × 3 kinds × 2 endpoints × 4 runs
    expect(deepAll(el, 'rect.timeout, rect.rejected, rect.other').length).to.equal(96);
    await expect(el).to.be.accessible();
  });

  it('lists every run and endpoint in a text table', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    await loaded(el);
    const rows = deepAll(el, 'tbody tr').map((r) => [...r.children].map((c) => c.textContent.trim()));
    expect(rows).to.have.length(8);
    expect(rows[5]).to.deep.equal([
      'shared/slow-a',
      '/b',
      '300',
      '170',
      '80',
      '50',
      '0',
      '56.7 %',
      '5 %',
      '10 ms',
      '250 ms',
      '99.8/s',
      '1',
      '20 / 20',
      '13 ms',
      'pool, 120 ms',
      '–',
    ]);
    expect(rows[0]!.slice(-2)).to.deep.equal(['–', '–'], 'no resource reached its limit; busy not checked');
  });

  it('labels both axes, draws p50 and p99, and marks where the fault starts', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    await loaded(el);
    const charts = deepAll(el, 'svg');
    const [healthy, slow] = [charts[0]!, charts[4]!];
    // One second before the fault and three after it, labelled in whole seconds.
    const labels = (chart: Element) => [...chart.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels(slow)).to.include.members(['-1', '0', '1', '2', '3', "seconds from the fault's start", 'fault']);
    expect(labels(slow)).to.include.members(['0 ms', '100 ms', '200 ms', '0 %', '100 %']);
    expect(labels(healthy)).not.to.include('fault');
    expect(healthy.querySelectorAll('line.fault')).to.have.length(0);
    expect(deepAll(el, 'line.fault')).to.have.length(4);
    for (const line of ['p50', 'p99']) {
      const points = slow.querySelector(`polyline.${line}`)!.getAttribute('points')!.trim().split(' ');
      expect(points, line).to.have.length(4);
    }
    // The fault line sits where the time axis says 0.
    const zero = [...slow.querySelectorAll('text')].find(
      (t) => t.textContent === '0' && t.getAttribute('text-anchor') === 'middle',
    )!;
    expect(Number(slow.querySelector('line.fault')!.getAttribute('x1'))).to.be.closeTo(
      Number(zero.getAttribute('x')),
      0.01,
    );
  });

  it("shows the tick model's prediction and which resource reached its limit first", async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    await loaded(el);
    const figures = deepAll(el, 'figure').map((f) => f.textContent.replace(/\s+/g, ' ').trim());
    expect(figures[2]).to.contain('/b: 56.7 % ok (tick model 5 %), p50 10 ms, p99 250 ms');
    expect(figures[2]).to.contain('Reached its limit first: the pool, 120 ms after the fault.');
    expect(figures[2]).to.contain('Tick model: 20 shared slots, A holds a slot 28 ticks.');
    expect(figures[0]).to.contain('No watched resource reached its limit.');
  });

  it('still reads a file of the first version, which has no lead, model or limits', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const data = await (await fetch(FIXTURE)).json();
    data.schemaVersion = 1;
    delete data.options.leadMs;
    for (const run of data.runs) {
      for (const key of ['leadMs', 'limits', 'model']) delete run[key];
      for (const endpoint of run.endpoints) endpoint.windows.shift();
    }
    el.result = data;
    await el.updateComplete;
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'svg')).to.have.length(8);
    expect(deepAll(el, 'line.fault')).to.have.length(0);
    expect(textOf(el)).not.to.contain('(tick model');
    expect(deepAll(el, 'figure .meta')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('says clearly when the file is missing or is not a result file', async () => {
    const missing = await fixture<MeasuredRun>(html`<measured-run src="/no/such/file.json"></measured-run>`);
    await waitUntil(() => textOf(missing).includes('Could not'));
    expect(textOf(missing)).to.contain('Could not show the measured run: /no/such/file.json answered 404');
    const wrong = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    wrong.result = { schema: 'something-else' };
    await wrong.updateComplete;
    expect(textOf(wrong)).to.contain('this is not a bulkhead-lab measured-run file');
  });

  it('renders text from the file as text, never as markup', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const data = await (await fetch(FIXTURE)).json();
    data.meta.label = '<img src=x onerror="window.__measured=1">';
    data.runs[0].name = '<b>bold</b>';
    el.result = data;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('img, b').length).to.equal(0);
    expect(textOf(el)).to.contain('<img src=x');
    expect((window as unknown as Record<string, unknown>).__measured).to.equal(undefined);
  });
});

/** A fresh copy of the fixture's data, to spoil one field of. */
const fixtureData = async () => (await fetch(FIXTURE)).json();

/** Errors that escape to the page while `body` runs and for a short while after. */
async function escapedErrors(body: () => Promise<void>): Promise<string[]> {
  const escaped: string[] = [];
  const onError = (event: ErrorEvent) => escaped.push(String(event.message));
  const onRejection = (event: PromiseRejectionEvent) => escaped.push(String(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  try {
    await body();
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return escaped;
}

const alertOf = (el: MeasuredRun) => (deepAll(el, '[role="alert"]')[0]?.textContent ?? '').replace(/\s+/g, ' ').trim();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers, 400 ms after it is asked, a JSON object that is not a result file (see web-test-runner.config.mjs). */
const LATE = '/__test/answers-late?ms=400';
/** Waits until an answer from LATE asked for now has come, so any asked for before it have come too. */
async function afterLateAnswers() {
  await (await fetch(LATE)).text();
  await pause(100);
}

// Loose on purpose: each case writes a wrong type into the file's data.
type Data = Record<string, any>;
/** Ways to spoil the fixture, each with the message that says what is wrong. */
const cases: [spoil: (data: Data) => void, message: string][] = [
  [(d) => delete d.meta.date, 'meta.date: expected a string, got nothing'],
  [(d) => (d.meta.date = 20261130), 'meta.date: expected a string, got 20261130'],
  [(d) => (d.meta.label = 5), 'meta.label: expected a string, got 5'],
  [(d) => (d.meta.machine = 'x'), 'meta.machine: expected an object, got "x"'],
  [(d) => (d.meta.machine.cpuCount = null), 'meta.machine.cpuCount: expected a number, got null'],
  [(d) => (d.meta.machine.cpuModel = 5), 'meta.machine.cpuModel: expected a string, got 5'],
  [(d) => (d.options.poolSize = '20'), 'options.poolSize: expected a number, got "20"'],
  [(d) => (d.runs = {}), 'runs: expected an array, got an object'],
  [(d) => (d.runs[3].pool = 1), 'runs[3].pool: expected a string, got 1'],
  [(d) => (d.runs[0].scenario = null), 'runs[0].scenario: expected a string, got null'],
  [(d) => (d.runs[0].durationMs = '3000'), 'runs[0].durationMs: expected a number, got "3000"'],
  [(d) => delete d.runs[2].windowMs, 'runs[2].windowMs: expected a number, got nothing'],
  [(d) => (d.runs[0].endpoints[0] = null), 'runs[0].endpoints[0]: expected an object, got null'],
  [(d) => (d.runs[0].endpoints[1].path = ['/b']), 'runs[0].endpoints[1].path: expected a string, got an array'],
  [
    (d) => (d.runs[2].endpoints[0].totals.sent = '300'),
    'runs[2].endpoints[0].totals.sent: expected a number, got "300"',
  ],
  [
    (d) => (d.runs[1].endpoints[1].totals.successRate = true),
    'runs[1].endpoints[1].totals.successRate: expected a number or null, got true',
  ],
  [
    (d) => delete d.runs[1].endpoints[0].totals.p50Ms,
    'runs[1].endpoints[0].totals.p50Ms: expected a number or null, got nothing',
  ],
  [
    (d) => (d.runs[0].endpoints[0].totals.eventLoopDelayPeakMs = '1'),
    'runs[0].endpoints[0].totals.eventLoopDelayPeakMs: expected a number, got "1"',
  ],
  [(d) => (d.runs[0].endpoints[1].windows = null), 'runs[0].endpoints[1].windows: expected an array, got null'],
  [(d) => (d.runs[1].endpoints[0].windows[2] = 7), 'runs[1].endpoints[0].windows[2]: expected an object, got 7'],
  [
    (d) => (d.runs[0].endpoints[1].windows[2].p99Ms = 'x'),
    'runs[0].endpoints[1].windows[2].p99Ms: expected a number or null, got "x"',
  ],
  [
    (d) => (d.runs[3].endpoints[1].windows[0].tMs = '0'),
    'runs[3].endpoints[1].windows[0].tMs: expected a number, got "0"',
  ],
  [
    (d) => delete d.runs[3].endpoints[1].windows[1].timeout,
    'runs[3].endpoints[1].windows[1].timeout: expected a number, got nothing',
  ],
  [(d) => delete d.options.leadMs, 'options.leadMs: expected a number, got nothing'],
  [
    (d) => (d.meta.machine.loadAverageAtStart = [1, '2']),
    'meta.machine.loadAverageAtStart[1]: expected a number, got "2"',
  ],
  [(d) => delete d.runs[0].leadMs, 'runs[0].leadMs: expected a number, got nothing'],
  [(d) => (d.runs[2].limits = null), 'runs[2].limits: expected an array, got null'],
  [(d) => (d.runs[2].limits[0].atMs = '120'), 'runs[2].limits[0].atMs: expected a number, got "120"'],
  [(d) => (d.runs[2].model.note = 3), 'runs[2].model.note: expected a string, got 3'],
  [(d) => (d.runs[3].model.predicted = { a: 1 }), 'runs[3].model.predicted.b: expected a number, got nothing'],
  [
    (d) => (d.runs[0].endpoints[0].totals.sent = -5),
    'runs[0].endpoints[0].totals.sent: expected a count (a whole number from 0 to 1000000000), got -5',
  ],
  [
    (d) => (d.runs[0].endpoints[1].totals.ok = 1e308),
    'runs[0].endpoints[1].totals.ok: expected a count (a whole number from 0 to 1000000000), got 1e+308',
  ],
  [
    (d) => (d.runs[1].endpoints[1].totals.successRate = 7),
    'runs[1].endpoints[1].totals.successRate: expected a share from 0 to 1 or null, got 7',
  ],
  [
    (d) => (d.runs[2].endpoints[0].totals.rejected = 2.5),
    'runs[2].endpoints[0].totals.rejected: expected a count (a whole number from 0 to 1000000000), got 2.5',
  ],
  [
    (d) => (d.runs[2].endpoints[1].totals.ok += 1),
    'runs[2].endpoints[1].totals: ok + timeout + rejected + other is 301, but sent is 300',
  ],
  [
    (d) => (d.runs[1].endpoints[0].totals.p99Ms = -3),
    'runs[1].endpoints[0].totals.p99Ms: expected a time from 0 to 10000000 ms or null, got -3',
  ],
  [
    (d) => (d.runs[0].endpoints[0].windows[1].sent = -1),
    'runs[0].endpoints[0].windows[1].sent: expected a count (a whole number from 0 to 1000000000), got -1',
  ],
  [(d) => (d.runs[0].windowMs = 0), 'runs[0].windowMs: expected a number above 0, at most 10000000, got 0'],
  [(d) => (d.options.poolSize = -20), 'options.poolSize: expected a number above 0, at most 1000000, got -20'],
  [(d) => (d.runs[3].model.predicted.a = 1.5), 'runs[3].model.predicted.a: expected a share from 0 to 1, got 1.5'],
  [
    (d) => ((d.schemaVersion = 3), (d.options.repeat = 1)),
    'runs[0].repeat: expected a whole number from 1 to 1000, got nothing',
  ],
  [
    (d) => (d.runs[1].endpoints = Array.from({ length: 9 }, () => d.runs[1].endpoints[0])),
    'runs[1].endpoints: there are 9 endpoints, and this chart draws at most 8 per run (the experiment writes 2, /a and /b)',
  ],
  [
    (d) => (d.runs[2].limits = Array.from({ length: 17 }, () => d.runs[2].limits[0])),
    'runs[2].limits: there are 17 entries, and this chart reads at most 16',
  ],
  [
    (d) => (d.meta.machine.loadAverageAtStart = Array.from({ length: 17 }, () => 0)),
    'meta.machine.loadAverageAtStart: there are 17 entries, and this chart reads at most 16',
  ],
];

describe('<measured-run> with a file it cannot read', () => {
  it('names the path of the bad field and quotes its value, in an alert, without throwing', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const escaped = await escapedErrors(async () => {
      for (const [spoil, message] of cases) {
        const data = await fixtureData();
        spoil(data);
        el.result = data;
        await el.updateComplete;
        expect(alertOf(el)).to.equal(`Could not show the measured run: ${message}`);
        expect(deepAll(el, 'svg, table')).to.have.length(0);
      }
    });
    expect(escaped).to.deep.equal([]);
    el.result = await fixtureData();
    await el.updateComplete;
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'svg')).to.have.length(8);
  });

  it('quotes a long bad value cut short, and as text only', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const data = await fixtureData();
    data.runs[0].endpoints[0].totals.ok = `<img src=x onerror="window.__measuredBad=1">${'a'.repeat(500)}`;
    el.result = data;
    await el.updateComplete;
    const message = alertOf(el);
    expect(message).to.equal(
      'Could not show the measured run: runs[0].endpoints[0].totals.ok: expected a number, got "<img src=x onerror=\\"window.__measured…',
    );
    expect(message.slice(message.indexOf('got ') + 4)).to.have.length(40);
    expect(el.shadowRoot!.querySelectorAll('img').length).to.equal(0);
    expect((window as unknown as Record<string, unknown>).__measuredBad).to.equal(undefined);
  });

  it('checks a result set before the element is in the page, or even defined, the same way', async () => {
    const good = document.createElement('measured-run');
    good.result = await fixtureData();
    const bad = document.createElement('measured-run');
    bad.result = { ...(await fixtureData()), meta: null };
    // Made in a document without the element defined: a plain element until it is adopted here.
    const early = document.implementation.createHTMLDocument('').createElement('measured-run');
    early.result = await fixtureData();
    const box = await fixture<HTMLDivElement>(html`<div></div>`);
    box.append(good, bad, document.adoptNode(early));
    await Promise.all([good.updateComplete, bad.updateComplete, early.updateComplete]);
    expect(deepAll(good, 'svg')).to.have.length(8);
    expect(alertOf(bad)).to.equal('Could not show the measured run: meta: expected an object, got null');
    expect(deepAll(early, 'svg')).to.have.length(8);
  });

  it('draws up to 10,000 windows per endpoint and refuses 200,000 with a message, never overflowing', async () => {
    const windows = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        tMs: i * 15,
        sent: 2,
        ok: 1,
        timeout: 1,
        rejected: 0,
        other: 0,
        p50Ms: 5,
        p99Ms: i % 1000,
      }));
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const escaped = await escapedErrors(async () => {
      const many = await fixtureData();
      many.runs[0].endpoints[0].windows = windows(200_000);
      el.result = many;
      await el.updateComplete;
      expect(alertOf(el)).to.equal(
        'Could not show the measured run: runs[0].endpoints[0].windows: there are 200000 windows, ' +
          'and this chart draws at most 10000 per endpoint (use longer windows)',
      );
      const most = await fixtureData();
      most.runs[0].endpoints[0].windows = windows(10_000);
      el.result = most;
      await el.updateComplete;
    });
    expect(escaped).to.deep.equal([]);
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'svg')).to.have.length(8);
    expect(deepAll(el, 'rect.timeout').length).to.equal(10_000 + 7 * 4);
  });
});

/** The fixture as a file of version 3: each configuration twice, the second /b of shared/slow-a busy. */
async function repeated() {
  const data = await fixtureData();
  data.schemaVersion = 3;
  data.options.repeat = 2;
  const again = structuredClone(data.runs);
  for (const run of data.runs) Object.assign(run, { repeat: 1, busy: false, busyReasons: [] });
  for (const run of again) Object.assign(run, { repeat: 2, busy: false, busyReasons: [] });
  const slow = again.find((run: { name: string }) => run.name === 'shared/slow-a');
  slow.busy = true;
  slow.busyReasons = ["the service's event loop was held up 247 ms"];
  // What a busy run measured must not count: every /b request failed in it.
  slow.endpoints[1].totals = { ...slow.endpoints[1].totals, ok: 0, other: 170, successRate: 0 };
  const quiet = again.find((run: { name: string }) => run.name === 'per-dependency/slow-a');
  quiet.endpoints[1].totals = { ...quiet.endpoints[1].totals, ok: 290, rejected: 10, successRate: 290 / 300 };
  data.runs = [...data.runs, ...again];
  return data;
}

describe('<measured-run> with repeats and busy runs', () => {
  it('charts each configuration once, with medians and ranges over the repeats that were not busy', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    el.result = await repeated();
    await el.updateComplete;
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'figure')).to.have.length(4);
    expect(deepAll(el, 'svg')).to.have.length(8);
    const figures = deepAll(el, 'figure').map((f) => f.textContent.replace(/\s+/g, ' ').trim());
    // shared/slow-a: only repeat 1 is usable, so its /b is that repeat's 56.7 %, not the busy 0 %.
    expect(figures[2]).to.contain('/b: 56.7 % ok (tick model 5 %), p50 10 ms, p99 250 ms, 1 of 2 repeats');
    expect(figures[2]).to.contain("Left out, machine-busy: repeat 2 (the service's event loop was held up 247 ms).");
    // per-dependency/slow-a: the median of 100 % and 96.7 %, and their range.
    expect(figures[3]).to.contain('/b: 98.3 % (96.7 to 100 %) ok (tick model 100 %)');
    expect(figures[3]).to.contain('2 of 2 repeats');
    expect(textOf(el)).to.contain('2 repeats of each configuration, interleaved; 1 run machine-busy, left out.');
    await expect(el).to.be.accessible();
  });

  it('lists every run in the table, with its repeat and whether the machine was busy', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    el.result = await repeated();
    await el.updateComplete;
    const rows = deepAll(el, 'tbody tr').map((r) => [...r.children].map((c) => c.textContent.trim()));
    expect(rows).to.have.length(16);
    expect(rows.map((row) => row[0])).to.include.members(['shared/slow-a #1', 'shared/slow-a #2']);
    const busy = rows.filter((row) => row.at(-1)!.startsWith('busy'));
    expect(busy.map((row) => [row[0], row[1], row.at(-1)])).to.deep.equal([
      ['shared/slow-a #2', '/a', "busy: the service's event loop was held up 247 ms"],
      ['shared/slow-a #2', '/b', "busy: the service's event loop was held up 247 ms"],
    ]);
    expect(rows.filter((row) => row.at(-1) === 'quiet')).to.have.length(14);
    expect(deepAll(el, 'tbody tr.busy')).to.have.length(2);
  });

  it('says so when every repeat of a configuration was busy, and still draws it', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const data = await repeated();
    for (const run of data.runs) if (run.name === 'shared/slow-a') run.busy = true;
    el.result = data;
    await el.updateComplete;
    const figures = deepAll(el, 'figure').map((f) => f.textContent.replace(/\s+/g, ' ').trim());
    expect(figures[2]).to.contain('Every repeat was machine-busy: this machine was too busy to tell.');
    expect(deepAll(el, 'svg')).to.have.length(8);
  });

  it('refuses a file of 2,000 runs with a message at once, and shows the most it allows', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const escaped = await escapedErrors(async () => {
      const data = await fixtureData();
      const copies = Array.from({ length: 500 }, () => structuredClone(data.runs)).flat();
      data.runs = copies;
      const started = performance.now();
      el.result = data;
      await el.updateComplete;
      expect(alertOf(el)).to.equal(
        'Could not show the measured run: runs: there are 2000 runs, and this chart shows at most 320 ' +
          '(32 configurations of 10 repeats; split the file, or chart fewer repeats)',
      );
      expect(performance.now() - started).to.be.below(2000);
      data.runs = copies.slice(0, 320);
      el.result = data;
      await el.updateComplete;
    });
    expect(escaped).to.deep.equal([]);
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'tbody tr')).to.have.length(640);
  });

  it('draws at most 32 configurations, as many as the experiment runs', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const data = await fixtureData();
    data.runs = Array.from({ length: 33 }, (_, k) => ({
      ...structuredClone(data.runs[k % 4]),
      name: `shared/healthy/pool-${k + 2}`,
    }));
    el.result = data;
    await el.updateComplete;
    expect(alertOf(el)).to.equal(
      'Could not show the measured run: runs: there are more than 32 configurations (run names), and this chart ' +
        'draws at most 32, each with its repeats (split the file)',
    );
    data.runs.pop();
    el.result = data;
    await el.updateComplete;
    expect(deepAll(el, 'figure')).to.have.length(32);
  });
});

/**
 * Counts the tasks the page runs while `reading()` holds, from now on: each a message this page
 * posts to itself, queued behind any other, as the reading's own turns are.
 */
function tasksWhile(reading: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    let tasks = 0;
    channel.port1.onmessage = () => {
      if (!reading()) {
        channel.port1.close();
        resolve(tasks);
        return;
      }
      tasks++;
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  });
}

/** The fixture with its first run's endpoints replaced by `count` copies of its first, each with a path of its own. */
async function withEndpoints(count: number) {
  const data = await fixtureData();
  const [first] = data.runs[0].endpoints;
  data.runs[0].endpoints = Array.from({ length: count }, (_, i) => ({ ...first, path: `/e${i}`, windows: [] }));
  return data;
}

describe('<measured-run> against a hostile file', () => {
  it('refuses 2,000 endpoints in a run at once, with a notice naming the limit, and draws 8', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const escaped = await escapedErrors(async () => {
      const started = performance.now();
      el.result = await withEndpoints(2_000);
      await el.updateComplete;
      expect(alertOf(el)).to.equal(
        'Could not show the measured run: runs[0].endpoints: there are 2000 endpoints, and this chart draws ' +
          'at most 8 per run (the experiment writes 2, /a and /b)',
      );
      expect(performance.now() - started).to.be.below(2000);
      el.result = await withEndpoints(8);
      await el.updateComplete;
    });
    expect(escaped).to.deep.equal([]);
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'tbody tr')).to.have.length(8 + 6);
  });

  it('refuses more than 1,280 endpoints in a file, twice what the experiment writes at most', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const data = await fixtureData();
    const five = (run: Data) => ({ ...run, endpoints: [...run.endpoints, ...run.endpoints, run.endpoints[0]] });
    data.runs = Array.from({ length: 320 }, (_, k) => five(structuredClone(data.runs[k % 4])));
    el.result = data;
    await el.updateComplete;
    expect(alertOf(el)).to.equal(
      'Could not show the measured run: runs: there are more than 1280 endpoints in the file, and this chart ' +
        'draws at most that many (split the file)',
    );
    data.runs = data.runs.slice(0, 256); // 1,280 endpoints
    el.result = data;
    await el.updateComplete;
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'tbody tr')).to.have.length(1_280);
  });

  it('has no style rule that walks back over siblings, which made long tables and many charts take quadratic time', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    el.result = await fixtureData();
    await el.updateComplete;
    const rules = el.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]);
    const selectors = rules.flatMap((rule) => (rule instanceof CSSStyleRule ? [rule.selectorText] : []));
    expect(selectors.length).to.be.above(10);
    expect(selectors.filter((selector) => /[~+]/.test(selector))).to.deep.equal([]);
  });

  it('reads a large result in slices, the page running its own tasks between them', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run></measured-run>`);
    const data = await fixtureData();
    // 320 runs of two endpoints of 75 windows each: 48,000 windows, near the most a file may have.
    const windows = (run: Data) =>
      run.endpoints.forEach((e: Data) => (e.windows = Array.from({ length: 75 }, (_, i) => ({ ...e.windows[i % 4] }))));
    data.runs = Array.from({ length: 320 }, (_, k) => structuredClone(data.runs[k % 4]));
    data.runs.forEach(windows);
    el.result = data;
    expect(el.result, 'read later, not while the page sets it').to.equal(null);
    const tasks = await tasksWhile(() => el.result === null);
    await el.updateComplete;
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'tbody tr')).to.have.length(640);
    // Checking 48,000 windows takes longer than one slice of 8 ms: the page's own tasks run between slices.
    expect(tasks).to.be.at.least(2);
  });

  it('reads a file from src the same way: its JSON in pieces, a 3 MB label cut short', async () => {
    const data = await fixtureData();
    data.meta.label = `${'L'.repeat(3_000_000)}<b>`;
    const src = URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/json' }));
    const el = await fixture<MeasuredRun>(html`<measured-run src=${src}></measured-run>`);
    await loaded(el, 20_000); // three engines on two busy cores: WebKit alone took 2 s
    URL.revokeObjectURL(src);
    expect(deepAll(el, 'svg')).to.have.length(8);
    expect(el.result!.meta.label).to.equal(`${'L'.repeat(2_000)}…`);
  });

  it('refuses a file larger than 64 MB before reading it', async () => {
    const src = URL.createObjectURL(new Blob([new Uint8Array(64 * 2 ** 20 + 1)]));
    const el = await fixture<MeasuredRun>(html`<measured-run src=${src}></measured-run>`);
    await waitUntil(() => alertOf(el) !== '', 'no message', { timeout: 10_000 });
    URL.revokeObjectURL(src);
    expect(alertOf(el)).to.equal(
      `Could not show the measured run: ${src} is larger than 64 MB, the most this chart reads`,
    );
  });

  it('cuts long texts short and wraps long words, so nothing scrolls sideways at 320 px', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width: 320px"><measured-run></measured-run></div>`);
    const el = box.querySelector('measured-run')!;
    const data = await repeated();
    data.meta.label = 'L'.repeat(1_000_000);
    data.meta.machine.cpuModel = 'C'.repeat(5_000);
    for (const run of data.runs) if (run.name === 'shared/slow-a') run.name = `shared/slow-a/${'n'.repeat(10_000)}`;
    const busy = data.runs.find((run: Data) => run.busy);
    busy.busyReasons = ['R'.repeat(50_000)];
    el.result = data;
    await el.updateComplete;
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    // The longest run of each letter shown, and whether an ellipsis follows it (no huge text in a failure).
    const text = textOf(el);
    const longest = (letter: string) =>
      Math.max(0, ...[...text.matchAll(new RegExp(`${letter}+(…)?`, 'g'))].map(([run]) => run.length));
    expect(['L', 'C', 'R', 'n'].map(longest)).to.deep.equal([2_001, 201, 2_001, 187]);
    expect(deepAll(el, 'figure')).to.have.length(4);
    const wide = [el, ...deepAll(el, '*')].filter(
      (node) => !node.closest('.scroller') && !(node instanceof SVGElement) && scrollsSideways(node),
    );
    expect(wide.map((node) => node.localName)).to.deep.equal([]);
    expect(el.getBoundingClientRect().width).to.be.at.most(320);
    expect(box.scrollWidth).to.be.at.most(320);
  });
});

describe('<measured-run> loading a file', () => {
  it('gives up on a URL that never answers after `timeout` milliseconds, 15 s unless set', async () => {
    expect(document.createElement('measured-run').timeout).to.equal(15_000);
    const quick = await fixture<MeasuredRun>(
      html`<measured-run src="/__test/never-answers" timeout="300"></measured-run>`,
    );
    const second = await fixture<MeasuredRun>(
      html`<measured-run src="/__test/never-answers" timeout="1500"></measured-run>`,
    );
    expect(textOf(quick)).to.equal('Loading measured results…');
    await waitUntil(() => alertOf(quick) !== '', 'the quick one never gave up', { timeout: 5000 });
    expect(alertOf(quick)).to.equal(
      'Could not show the measured run: /__test/never-answers did not answer within 300 ms',
    );
    await waitUntil(() => alertOf(second) !== '', 'the second one never gave up', { timeout: 5000 });
    expect(alertOf(second)).to.equal(
      'Could not show the measured run: /__test/never-answers did not answer within 1.5 s',
    );
  });

  it('says so when the answer is not JSON or is a 404', async () => {
    const page = await fixture<MeasuredRun>(html`<measured-run src="/demo/index.html"></measured-run>`);
    const missing = await fixture<MeasuredRun>(html`<measured-run src="/no/such/file.json"></measured-run>`);
    await waitUntil(() => alertOf(page) !== '' && alertOf(missing) !== '', 'no message', { timeout: 5000 });
    expect(alertOf(page)).to.equal('Could not show the measured run: /demo/index.html did not answer with JSON');
    expect(alertOf(missing)).to.equal('Could not show the measured run: /no/such/file.json answered 404');
  });

  it('shows the newer src when an older one answers later', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${LATE}></measured-run>`);
    el.src = FIXTURE;
    await loaded(el);
    await afterLateAnswers();
    await el.updateComplete;
    expect(deepAll(el, '[role="alert"]')).to.have.length(0);
    expect(deepAll(el, 'svg')).to.have.length(8);
  });

  it('keeps a result set while a file is loading, or no src, over the file answering later', async () => {
    const given = await fixture<MeasuredRun>(html`<measured-run src=${LATE}></measured-run>`);
    const dropped = await fixture<MeasuredRun>(html`<measured-run src=${LATE}></measured-run>`);
    given.result = await fixtureData();
    dropped.removeAttribute('src');
    await afterLateAnswers();
    await Promise.all([given.updateComplete, dropped.updateComplete]);
    expect(deepAll(given, '[role="alert"]')).to.have.length(0);
    expect(deepAll(given, 'svg')).to.have.length(8);
    expect(textOf(dropped)).to.equal('No measured run to show yet: set src to a result file.');
  });

  it('still loads when moved to another place in the page while loading', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    const elsewhere = await fixture<HTMLDivElement>(html`<div></div>`);
    elsewhere.append(el);
    await loaded(el);
    expect(deepAll(el, 'svg')).to.have.length(8);
  });
});

describe('<measured-run> in German', () => {
  /** Waits until the result is charted, or a message says why not. */
  const charted = (el: MeasuredRun) =>
    waitUntil(() => deepAll(el, 'svg, [role="alert"]').length > 0, 'nothing was drawn', { timeout: 5000 });
  const figuresOf = (el: MeasuredRun) => deepAll(el, 'figure').map((f) => f.textContent.replace(/\s+/g, ' ').trim());
  const english = async () => englishPhrases(await catalogue());

  it('speaks German with lang="de": no English of the catalogue left, and German numbers', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run lang="de" src=${FIXTURE}></measured-run>`);
    await charted(el);
    expect(textOf(el)).to.contain(
      'Gemessen am 2026-11-30 mit Node v20.20.2 auf 2 Kernen (Test CPU, linux, Load Average 0 zu Beginn): ' +
        '100 Anfragen/s pro Endpunkt, Pool der Größe 20, Timeout 200 ms, 3 s pro Lauf nach 1 s ohne Störung.',
    );
    expect(deepAll(el, 'h3').map((h) => h.textContent)).to.deep.equal([
      'Gesunde Abhängigkeiten',
      'A langsam (antwortet knapp innerhalb des Timeouts)',
      'Alle Läufe',
    ]);
    expect(figuresOf(el)[2]).to.contain('/b: 56,7 % erfolgreich (Tick-Modell: 5 %), p50 10 ms, p99 250 ms');
    expect(figuresOf(el)[2]).to.contain('Zuerst an der Grenze: der Pool, 120 ms nach Beginn der Störung.');
    expect(deepAll(el, 'svg').map((s) => s.getAttribute('aria-label'))).to.include(
      '/b, Ein gemeinsamer Pool: p50 10 ms, p99 250 ms, 80 Timeouts, 50 Ablehnungen und 0 andere Fehler ' +
        'bei 300 nach Beginn der Störung gesendeten Anfragen',
    );
    const row = [...deepAll(el, 'tbody tr')[5]!.children].map((c) => c.textContent.trim());
    expect(row.slice(7, 12)).to.deep.equal(['56,7 %', '5 %', '10 ms', '250 ms', '99,8/s']);
    expect(leftEnglish(everyText(el), await english())).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('says repeats, medians and busy runs in German, and marks the reasons the file gives as English', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run lang="de"></measured-run>`);
    el.result = await repeated();
    await el.updateComplete;
    expect(textOf(el)).to.contain(
      '2 Wiederholungen jeder Konfiguration, abwechselnd ausgeführt; 1 Lauf wegen ausgelasteter Maschine weggelassen.',
    );
    const figures = figuresOf(el);
    expect(figures[2]).to.contain(
      '/b: 56,7 % erfolgreich (Tick-Modell: 5 %), p50 10 ms, p99 250 ms, 1 von 2 Wiederholungen',
    );
    expect(figures[2]).to.contain(
      "Wegen ausgelasteter Maschine weggelassen: Wiederholung 2 (the service's event loop was held up 247 ms).",
    );
    expect(figures[3]).to.contain('/b: 98,3 % (96,7 bis 100 %) erfolgreich (Tick-Modell: 100 %)');
    const machine = deepAll(el, 'tbody tr').map((r) => r.lastElementChild!.textContent.trim());
    expect(machine.filter((cell) => cell === 'ruhig')).to.have.length(14);
    expect(machine).to.include("ausgelastet: the service's event loop was held up 247 ms");
    expect(deepAll(el, 'tbody [lang="en"]').map((span) => span.textContent)).to.deep.equal([
      "the service's event loop was held up 247 ms",
      "the service's event loop was held up 247 ms",
    ]);
    expect(leftEnglish(everyText(el), await english())).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('says in German what is wrong with a file or its address', async () => {
    const phrases = await english();
    const el = await fixture<MeasuredRun>(html`<measured-run lang="de"></measured-run>`);
    const messages: string[] = [];
    for (const [spoil] of cases) {
      const data = await fixtureData();
      spoil(data);
      el.result = data;
      await el.updateComplete;
      messages.push(alertOf(el));
    }
    el.result = { schema: 'something-else' };
    await el.updateComplete;
    messages.push(alertOf(el));
    expect(messages).to.include.members([
      'Der gemessene Lauf kann nicht angezeigt werden: meta.date: erwartet wurde eine Zeichenkette, gefunden wurde nichts',
      'Der gemessene Lauf kann nicht angezeigt werden: runs: erwartet wurde ein Array, gefunden wurde ein Objekt',
      'Der gemessene Lauf kann nicht angezeigt werden: runs[0].endpoints[0].totals.sent: erwartet wurde eine Anzahl ' +
        '(eine ganze Zahl von 0 bis 1000000000), gefunden wurde -5',
      'Der gemessene Lauf kann nicht angezeigt werden: runs[2].endpoints[1].totals: ok + timeout + rejected + other ' +
        'ergibt 301, aber sent ist 300',
    ]);
    // What follows the path is German; the path and the sum name the file's own fields.
    const explanation = (message: string) =>
      message.replace(/^[^:]*: [\w.[\]]+: /, '').replace('ok + timeout + rejected + other', '');
    expect(messages.filter((message) => leftEnglish(explanation(message), phrases).length > 0)).to.deep.equal([]);
    const missing = await fixture<MeasuredRun>(html`<measured-run lang="de" src="/no/such/file.json"></measured-run>`);
    const silent = await fixture<MeasuredRun>(
      html`<measured-run lang="de" src="/__test/never-answers" timeout="1500"></measured-run>`,
    );
    expect(textOf(silent)).to.equal('Messergebnisse werden geladen …');
    await waitUntil(() => alertOf(missing) !== '' && alertOf(silent) !== '', 'no message', { timeout: 5000 });
    expect(alertOf(missing)).to.equal(
      'Der gemessene Lauf kann nicht angezeigt werden: /no/such/file.json antwortete mit 404',
    );
    expect(alertOf(silent)).to.equal(
      'Der gemessene Lauf kann nicht angezeigt werden: /__test/never-answers antwortete nicht innerhalb von 1,5 s',
    );
  });

  it('follows a lang changed at runtime, a message already shown included', async () => {
    const page = await fixture<HTMLElement>(html`<div><measured-run src=${FIXTURE}></measured-run></div>`);
    const el = page.querySelector('measured-run')!;
    await charted(el);
    const lastHeading = () => deepAll(el, 'h3').at(-1)!.textContent;
    expect(lastHeading()).to.equal('Every run');
    page.setAttribute('lang', 'de');
    await pause(0); // the observer's record
    await el.updateComplete;
    expect(lastHeading()).to.equal('Alle Läufe');
    expect(textOf(el)).to.contain('/b: 56,7 % erfolgreich');
    el.result = { ...(await fixtureData()), meta: null };
    await el.updateComplete;
    expect(alertOf(el)).to.equal(
      'Der gemessene Lauf kann nicht angezeigt werden: meta: erwartet wurde ein Objekt, gefunden wurde null',
    );
    page.setAttribute('lang', 'en');
    await pause(0);
    await el.updateComplete;
    expect(alertOf(el)).to.equal('Could not show the measured run: meta: expected an object, got null');
  });

  it('finds the English on an English one (the check can fail)', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    await charted(el);
    expect(leftEnglish(everyText(el), await english())).to.include.members([
      'One shared pool',
      'Every run',
      "seconds from the fault's start",
      'sent after the fault',
    ]);
  });
});
