// Explain and isolation with retries (docs/MODEL.md, Retries and recovery), against the records they
// are read from.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  explain,
  isolation,
  metricsAt,
  retrySettings,
  simulate,
  slotsAt,
  type LabRun,
  type RequestRecord,
} from '../../src/sim/index.js';
import { retryConfigs } from './arbitraries.js';

const lastAttempts = (run: LabRun) =>
  run.requests.filter((r, i) => !run.requests.slice(i + 1).some((x) => x.request === r.request));

describe('explain with retries', () => {
  it('says which attempt it is, what it retries and what came of it (fast-check)', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const { retries, retryDelay, aRecovers } = retrySettings(config);
        const run = simulate(config);
        for (const r of run.requests) {
          const account = explain(run, r.id);
          const attempts = run.requests.filter((x) => x.request === r.request);
          expect(account.attempts).to.deep.equal(attempts);
          const before = attempts[r.attempt - 1];
          expect(account.previous).to.deep.equal(
            before ? { id: before.id, ending: explain(run, before.id).ending, tick: before.end } : null,
          );
          const next = attempts[r.attempt + 1];
          const tick = r.end === null ? null : r.end + retryDelay;
          if (retries === 0 || r.end === null || r.outcome === 'completed') expect(account.retry).to.equal(null);
          else if (next) expect(account.retry).to.deep.equal({ kind: 'sent', id: next.id, tick: next.arrival });
          else if (r.attempt === retries) expect(account.retry).to.deep.equal({ kind: 'none-left' });
          else if (tick! > config.horizon) expect(account.retry).to.deep.equal({ kind: 'too-late', tick });
          // Due and not sent: the budget refused it (retries.test.ts checks the arithmetic).
          else expect(account.retry).to.deep.equal({ kind: 'refused', tick });
          // A call holds its slot until its timeout only if it started before A recovered.
          for (const b of account.blocked) {
            for (const h of b.holders) {
              const holder = run.requests.find((x) => x.id === h.id)!;
              const stalled =
                holder.tenant === 'A' && config.aFault === 'stall' && (aRecovers === null || holder.start! < aRecovers);
              expect(h.stalled, h.id).to.equal(stalled);
              expect(slotsAt(run, b.tick)[h.slot]!.holder).to.equal(h.id);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads isolation per request: unresolved, else kept out by the other tenant at any attempt, else its own call failed at any, else kept out by its own (fast-check)', () => {
    fc.assert(
      fc.property(retryConfigs, (config) => {
        const run = simulate(config);
        const reading = isolation(run);
        for (const tenant of ['A', 'B'] as const) {
          const count = { keptOutByOther: 0, keptOutByOwn: 0, ownCallFailed: 0, unresolved: 0 };
          for (const last of lastAttempts(run).filter((r: RequestRecord) => r.tenant === tenant)) {
            const accounts = explain(run, last.id).attempts.map((a) => explain(run, a.id));
            const final = accounts[accounts.length - 1]!;
            if (final.ending === 'completed') continue;
            if (final.ending === 'pending') count.unresolved++;
            else if (accounts.some((a) => a.keptOutBy === 'other')) count.keptOutByOther++;
            else if (accounts.some((a) => a.ending === 'failed' || a.ending === 'timed-out-running'))
              count.ownCallFailed++;
            else count.keptOutByOwn++;
          }
          expect(reading[tenant]).to.deep.equal(count);
          const m = metricsAt(run, config.horizon)[tenant];
          const unfinished = Object.values(reading[tenant]).reduce((sum, n) => sum + n, 0);
          expect(unfinished).to.equal(m.offered - m.completed);
        }
      }),
      { numRuns: 300 },
    );
  });
});
