// docs/MODEL.md, Retries and recovery: the reference fixture's figures, and the retry-storm preset's,
// asserted here and compared with the tables the page shows (between its figures markers).
import { expect } from '@open-wc/testing';
import {
  explain,
  isolation,
  metricsAt,
  presets,
  recovery,
  simulate,
  type LabConfig,
  type LabRun,
} from '../../src/sim/index.js';

/** The reference fixture: A recovers at tick 3; arrivals through tick 15. */
const fixture: Partial<LabConfig> = {
  slots: 5,
  reservedA: 2,
  aPerTick: 2,
  bEvery: 1,
  aHold: 2,
  bHold: 1,
  aFault: 'stall',
  aTimeout: 3,
  bTimeout: 2,
  queueCap: 6,
  aRecovers: 3,
  lastArrival: 15,
};

const fullWindow = (run: LabRun) => ({ ...metricsAt(run, run.config.horizon), recovered: recovery(run) });

/** One row of a figures table: per tenant, completed of offered, attempts, and the recovery tick. */
function row(name: string, config: Partial<LabConfig>): string {
  const run = simulate(config);
  const m = fullWindow(run);
  const cells = (['A', 'B'] as const).flatMap((t) => [
    `${m[t].completed} of ${m[t].offered}`,
    String(m[t].attempts),
    m.recovered[t] === null ? 'never' : `tick ${m.recovered[t]}`,
  ]);
  return `| ${[name, ...cells].join(' | ')} |`;
}

function table(rows: [string, Partial<LabConfig>][]): string {
  return [
    '| case | A completed | A attempts | A recovers from | B completed | B attempts | B recovers from |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(([name, config]) => row(name, config)),
  ].join('\n');
}

const REFERENCE: [string, Partial<LabConfig>][] = [
  ['no retries', fixture],
  ['3 retries', { ...fixture, retries: 3 }],
  ['3 retries, budget 10 %', { ...fixture, retries: 3, retryBudget: 10 }],
  ['3 retries, strict partitions', { ...fixture, retries: 3, policy: 'strict-partitions' }],
];

const storm = presets['retry-storm'].config;
const STORM: [string, Partial<LabConfig>][] = [
  ['the preset: 3 retries, no budget', storm],
  ['no retries', { ...storm, retries: 0 }],
  ['budget 10 %', { ...storm, retryBudget: 10 }],
  ['budget 20 %', { ...storm, retryBudget: 20 }],
  ['budget 50 %', { ...storm, retryBudget: 50 }],
  ['budget 100 %', { ...storm, retryBudget: 100 }],
  ['strict partitions', { ...storm, policy: 'strict-partitions' }],
  ['strict partitions, no retries', { ...storm, policy: 'strict-partitions', retries: 0 }],
  ['partitions with idle borrowing', { ...storm, policy: 'borrowing' }],
];

/** The text between `<!-- figures:NAME … -->` and `<!-- /figures:NAME -->` in docs/MODEL.md. */
async function documented(name: string): Promise<string> {
  const page = await (await fetch('/docs/MODEL.md')).text();
  const block = new RegExp(`<!-- figures:${name} [^>]*-->\\n([\\s\\S]*?)\\n<!-- /figures:${name} -->`).exec(page);
  expect(block, `docs/MODEL.md has no figures:${name} block`).to.not.equal(null);
  return block![1]!;
}

describe('retries and recovery: the reference fixture (docs/MODEL.md)', () => {
  it('without retries: A completes 27 of 32, every new A request completes from tick 3; B 16 of 16', () => {
    const { A, B, recovered } = fullWindow(simulate(fixture));
    expect([A.completed, A.offered, recovered.A]).to.deep.equal([27, 32, 3]);
    expect([B.completed, B.offered]).to.deep.equal([16, 16]);
  });

  it('with 3 retries: A completes 21 of 32 in 63 attempts and never recovers; B 12 of 16', () => {
    const { A, B, recovered } = fullWindow(simulate({ ...fixture, retries: 3 }));
    expect([A.completed, A.offered, A.attempts, recovered.A]).to.deep.equal([21, 32, 63, null]);
    expect([B.completed, B.offered]).to.deep.equal([12, 16]);
  });

  it('with 3 retries and a 10 % budget: A completes 27 of 32 and recovers at tick 3; B 15 of 16', () => {
    const { A, B, recovered } = fullWindow(simulate({ ...fixture, retries: 3, retryBudget: 10 }));
    expect([A.completed, A.offered, recovered.A]).to.deep.equal([27, 32, 3]);
    expect([B.completed, B.offered]).to.deep.equal([15, 16]);
  });

  it('with 3 retries under strict partitions: B completes 16 of 16, A 0 of 32', () => {
    const { A, B } = fullWindow(simulate({ ...fixture, retries: 3, policy: 'strict-partitions' }));
    expect([B.completed, B.offered, A.completed, A.offered]).to.deep.equal([16, 16, 0, 32]);
  });

  it('explains a retry: A3.1, a retry of A3, sent at tick 5 after A3 timed out in service at tick 4', () => {
    const run = simulate({ ...fixture, retries: 3 });
    const first = explain(run, 'A3');
    expect(first.previous).to.equal(null);
    expect(first.retry).to.deep.equal({ kind: 'sent', id: 'A3.1', tick: 5 });
    const retry = explain(run, 'A3.1');
    expect(retry.request).to.include({ request: 'A3', attempt: 1, arrival: 5 });
    expect(retry.previous).to.deep.equal({ id: 'A3', ending: 'timed-out-running', tick: 4 });
    expect(retry.attempts.map((a) => a.id)).to.deep.equal(['A3', 'A3.1', 'A3.2', 'A3.3']);
    expect(explain(run, 'A3.3').retry).to.deep.equal({ kind: 'none-left' });
  });

  it('explains a retry the budget refused', () => {
    // A0 and A1 time out in service at tick 3; their retries are due at 4, when A has offered 10
    // first attempts: a 10 % budget allows 100 × (0 + 1) ≤ 10 × 10, A0's retry, but not a second.
    const run = simulate({ ...fixture, retries: 3, retryBudget: 10 });
    expect(explain(run, 'A0').retry).to.deep.equal({ kind: 'sent', id: 'A0.1', tick: 4 });
    expect(explain(run, 'A1').retry).to.deep.equal({ kind: 'refused', tick: 4 });
  });

  it('is the table docs/MODEL.md shows', async () => {
    const expected = table(REFERENCE);
    expect(await documented('retry-reference'), `expected:\n${expected}`).to.equal(expected);
  });
});

describe('retries and recovery: the retry-storm preset (docs/MODEL.md)', () => {
  it('keeps A down for the rest of the window after it recovers, and costs B 5 of 12', () => {
    const { A, B, recovered } = fullWindow(simulate(storm));
    const before = fullWindow(simulate({ ...storm, retries: 0 }));
    expect([before.A.completed, before.recovered.A, before.B.completed]).to.deep.equal([9, 3, 12]);
    expect([A.completed, A.attempts, recovered.A, B.completed]).to.deep.equal([4, 33, null, 7]);
  });

  it('under strict partitions keeps every B request whole, while A’s own retries keep A down', () => {
    const { A, B, recovered } = fullWindow(simulate({ ...storm, policy: 'strict-partitions' }));
    expect([B.completed, B.offered, A.completed, recovered.A]).to.deep.equal([12, 12, 2, null]);
  });

  it('reads B’s unfinished requests as kept out by A in the shared pool, and has none under strict partitions', () => {
    const none = { keptOutByOther: 0, noSlots: 0, keptOutByOwn: 0, ownCallFailed: 0, unresolved: 0 };
    expect(isolation(simulate(storm)).B).to.deep.equal({ ...none, keptOutByOther: 3, unresolved: 2 });
    expect(isolation(simulate({ ...storm, policy: 'strict-partitions' })).B).to.deep.equal(none);
  });

  it('sends no retry with a 10 % budget: the run without retries, recovered at tick 3', () => {
    const run = simulate({ ...storm, retryBudget: 10 });
    expect(run.requests).to.deep.equal(simulate({ ...storm, retries: 0 }).requests);
    expect(recovery(run)).to.deep.equal({ A: 3, B: 0 });
  });

  it('is the table docs/MODEL.md shows', async () => {
    const expected = table(STORM);
    expect(await documented('retry-storm'), `expected:\n${expected}`).to.equal(expected);
  });
});
