/** Why a request ended as it did, in one plain English sentence (docs/MODEL.md, Explaining a request). */
import type { LabConfig } from '../sim/config.js';
import { explain, type Explanation, type SlotHolder } from '../sim/explain.js';
import type { LabRun } from '../sim/simulate.js';

/** `a`, `a and b`, `a, b, and c`. */
const list = (items: string[]) => new Intl.ListFormat('en').format(items);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const ENDED: Record<string, string> = {
  failed: 'failed fast',
  'timed-out-waiting': 'timed out waiting',
  'timed-out-running': 'timed out in service',
};

/** The distinct ids of one tenant's holders, runs of three or more as ranges: `A0–A3 and A5`. */
function ids(holders: SlotHolder[]): string {
  const n = [...new Set(holders.map((h) => +h.id.slice(1)))].sort((a, b) => a - b);
  // Each id inside a run becomes a dash, then the dashes of a run merge into one between its ends.
  const marked = n.map((x, i) => (n[i - 1] === x - 1 && n[i + 1] === x + 1 ? '–' : holders[0]!.tenant + x));
  return list(
    marked
      .join(' ')
      .replace(/ (– )+/g, '–')
      .split(' '),
  );
}

/** The slots the request could use while it had none, and every call that held them over its wait. */
function found({ request, blocked }: Explanation, { policy, slots, reservedA }: LabConfig): string {
  const home = request.tenant === 'A' ? reservedA : slots - reservedA;
  const holders = blocked.flatMap((b) => b.holders);
  // B's calls first, so the clause about stalled A calls ends the list.
  const groups = (['B', 'A'] as const).flatMap((tenant) => {
    const mine = holders.filter((h) => h.tenant === tenant);
    const borrowed = mine.filter((h) => h.borrowed);
    const many = mine.some((h) => h.id !== mine[0]!.id);
    const stalled = mine[0]?.stalled;
    return mine[0]
      ? `${stalled ? 'stalled ' : ''}${tenant} call${many ? 's' : ''} ${ids(mine)}${
          borrowed[0] ? ` (${borrowed.length < mine.length ? 'some ' : ''}borrowed)` : ''
        }${stalled ? (many ? ', which keep them until their timeouts' : ', which keeps it until its timeout') : ''}`
      : [];
  });
  const usable =
    policy === 'strict-partitions'
      ? `its ${plural(home, 'home slot')}`
      : `${policy === 'borrowing' ? 'the slots' : slots > 1 ? `all ${slots} slots` : 'the one slot'} it could use`;
  return holders[0] ? `${usable} held by ${list(groups)}` : 'no free slot it could use';
}

/** How the request was admitted, what held it up, and how it ended. */
export function explainText(explanation: Explanation, config: LabConfig): string {
  const { request: r, ending } = explanation;
  const slot = `slot ${r.slot}${r.borrowed ? ' (borrowed)' : ''}`;
  const parts = [`${r.id} arrived at tick ${r.arrival}`];
  // Only a request handed a slot at once was never without one, even for a tick.
  if (!explanation.blocked[0]) parts.push(`was handed ${slot} at once`);
  else if (ending === 'rejected')
    return `${parts[0]} and was rejected, as ${r.tenant}'s queue was at its cap of ${config.queueCap}, with ${found(explanation, config)}.`;
  else {
    parts.push(`found ${found(explanation, config)}`);
    if (r.start !== null)
      parts.push(`waited ${plural(r.start - r.arrival, 'tick')}`, `started in ${slot} at tick ${r.start}`);
  }
  parts.push(
    ending === 'pending'
      ? `was still ${r.start === null ? 'waiting' : 'running'} at the horizon`
      : `${ENDED[ending] ?? ending} at tick ${r.end}`,
  );
  return `${list(parts)}.`;
}

/** Every request's sentence by id: a view for `scenario.at(accounts, 0)`, computed once per run. */
export const accounts = (run: LabRun): Map<string, string> =>
  new Map(run.requests.map((r) => [r.id, explainText(explain(run, r.id), run.config)]));
