import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/measured-run/define.js';
import type { MeasuredRun } from '../../src/elements/measured-run/measured-run.js';
import { deepAll, textOf } from '../helpers/ui.js';

const FIXTURE = '/test/elements/fixtures/measured-small.json';

async function loaded(el: MeasuredRun) {
  await waitUntil(() => !textOf(el).includes('Loading'), 'the result never loaded');
  await el.updateComplete;
}

describe('<measured-run>', () => {
  it('charts each scenario with the shared pool and per-dependency bulkheads side by side', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    await loaded(el);
    const text = textOf(el);
    expect(text).to.contain('Measured 2026-11-30 with Node v20.20.2 on 2 cores (Test CPU, linux)');
    expect(text).to.contain('100 requests/s per endpoint, pool of 20, timeout 200 ms, 3 s per run. hand-made test fixture');
    expect(deepAll(el, 'h3').map((h) => h.textContent)).to.deep.equal([
      'Healthy dependencies', 'A slow (answers just inside the timeout)', 'Every run',
    ]);
    expect(deepAll(el, 'figcaption').map((f) => f.textContent)).to.deep.equal([
      'One shared pool', 'A bulkhead per dependency', 'One shared pool', 'A bulkhead per dependency',
    ]);
    const labels = deepAll(el, 'svg').map((s) => s.getAttribute('aria-label'));
    expect(labels).to.have.length(8);
    expect(labels).to.include('/b, One shared pool: p99 250 ms, 80 timeouts, 50 rejections and 0 other errors of 300 sent');
    expect(labels).to.include('/b, A bulkhead per dependency: p99 21 ms, 0 timeouts, 0 rejections and 0 other errors of 300 sent');
    // errors per window drawn as bars: 3 windows × 3 kinds × 2 endpoints × 4 runs
    expect(deepAll(el, 'rect.timeout, rect.rejected, rect.other').length).to.equal(72);
    await expect(el).to.be.accessible();
  });

  it('lists every run and endpoint in a text table', async () => {
    const el = await fixture<MeasuredRun>(html`<measured-run src=${FIXTURE}></measured-run>`);
    await loaded(el);
    const rows = deepAll(el, 'tbody tr').map((r) => [...r.children].map((c) => c.textContent!.trim()));
    expect(rows).to.have.length(8);
    expect(rows[5]).to.deep.equal(['shared/slow-a', '/b', '300', '170', '80', '50', '0', '56.7 %', '10 ms', '250 ms',
      '99.8/s', '1', '20 / 20', '13 ms']);
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
