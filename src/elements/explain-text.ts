/** Why a request ended as it did, in one plain sentence (docs/MODEL.md, Explaining a request). */
import { inLocale, msg, str, type Locale } from '../i18n/msg.js';
import { listAnd } from '../i18n/lists.js';
import { plural } from '../i18n/words.js';
import { POLICY_RULES, type LabConfig } from '../sim/config.js';
import { explain, type Explanation, type SlotHolder } from '../sim/explain.js';
import { hasNoSlots } from '../sim/isolation.js';
import type { LabRun } from '../sim/simulate.js';
import { tickCount } from './format.js';
import { POLICY_WORDS } from './labels.js';

/**
 * The distinct ids of one tenant's holders in request order, runs of three or more first attempts as
 * ranges: `A0–A3, A3.1 and A5`. Retries are named one by one: a range `A2.1–A4.1` would read as
 * every attempt between them.
 */
function ids(holders: SlotHolder[]): string {
  const tenant = holders[0]!.tenant;
  // [request, attempt] from `A3` (attempt 0) and `A3.1`.
  const n = [...new Set(holders.map((h) => h.id.slice(1)))]
    .map((id) => id.split('.').map(Number) as [number, number?])
    .sort(([a, i = 0], [b, j = 0]) => a - b || i - j);
  /** Whether the k-th id is the first attempt of request x. */
  const firstAttemptOf = (k: number, x: number) => n[k]?.[1] === undefined && n[k]?.[0] === x;
  // Each first attempt inside a run becomes a dash, then the dashes of a run merge into one between its ends.
  const marked = n.map(([x, attempt], k) =>
    attempt === undefined && firstAttemptOf(k - 1, x - 1) && firstAttemptOf(k + 1, x + 1)
      ? '–'
      : tenant + (attempt === undefined ? x : `${x}.${attempt}`),
  );
  return listAnd(
    marked
      .join(' ')
      .replace(/ (– )+/g, '–')
      .split(' '),
  );
}

/** One tenant's calls among the holders: `stalled A calls A0–A3 (some borrowed), which keep their slots until their timeouts`. */
function holderGroup(mine: SlotHolder[]): string {
  const tenant = mine[0]!.tenant;
  const many = mine.some((h) => h.id !== mine[0]!.id);
  const list = ids(mine);
  const borrowed = mine.filter((h) => h.borrowed).length;
  const calls = mine[0]!.stalled
    ? many
      ? msg(str`stalled ${tenant} calls ${list}`)
      : msg(str`stalled ${tenant} call ${list}`)
    : many
      ? msg(str`${tenant} calls ${list}`)
      : msg(str`${tenant} call ${list}`);
  const lent = borrowed === 0 ? '' : borrowed < mine.length ? msg(' (some borrowed)') : msg(' (borrowed)');
  const keep = !mine[0]!.stalled
    ? ''
    : many
      ? msg(', which keep their slots until their timeouts')
      : msg(', which keeps its slot until its timeout');
  return calls + lent + keep;
}

/**
 * The slots the request could use when it was offered and found none free, and the calls that held
 * them then: as the policy's rules make them (see `mayUse`), every slot of a shared pool, its home
 * slots, or, where partitions lend, its home slots and at times the other tenant's. Only that tick's
 * holders: over a longer wait others take their place, and naming them all would name more calls
 * than there are slots.
 */
function found({ request, blocked }: Explanation, config: LabConfig): string {
  const { policy, slots, reservedA } = config;
  const rules = POLICY_RULES[policy];
  const home = request.tenant === 'A' ? reservedA : slots - reservedA;
  if (hasNoSlots(config, request.tenant)) return msg(str`no slot of its own under ${POLICY_WORDS[policy].label}`);
  const holders = blocked[0]?.holders ?? [];
  if (!holders[0]) return msg('no free slot it could use');
  // B's calls first, so the clause about stalled A calls ends the list.
  // A calls that started after A recovered are not stalled: they are told apart from those that are.
  const groups = (['B', 'A'] as const).flatMap((tenant) =>
    [false, true].flatMap((stalled) => {
      const mine = holders.filter((h) => h.tenant === tenant && h.stalled === stalled);
      return mine[0] ? holderGroup(mine) : [];
    }),
  );
  const by = listAnd(groups);
  if (rules.partitioned)
    return rules.lends
      ? msg(str`the slots it could use held by ${by}`)
      : plural(home, msg(str`its one home slot held by ${by}`), msg(str`its ${home} home slots held by ${by}`));
  return slots > 1
    ? msg(str`all ${slots} slots it could use held by ${by}`)
    : msg(str`the one slot it could use held by ${by}`);
}

/** A retry, and what ended the attempt it retries: `A3.1, a retry of A3 offered at tick 5 after A3 timed out in service at tick 4,`. */
function retryOf({ request: r, previous }: Explanation): string {
  const { id, ending, tick } = previous!;
  const at = r.arrival;
  return ending === 'failed'
    ? msg(str`${r.id}, a retry of ${r.request} offered at tick ${at} after ${id} failed fast at tick ${tick},`)
    : ending === 'rejected'
      ? msg(str`${r.id}, a retry of ${r.request} offered at tick ${at} after ${id} was rejected at tick ${tick},`)
      : ending === 'timed-out-waiting'
        ? msg(
            str`${r.id}, a retry of ${r.request} offered at tick ${at} after ${id} timed out waiting at tick ${tick},`,
          )
        : msg(
            str`${r.id}, a retry of ${r.request} offered at tick ${at} after ${id} timed out in service at tick ${tick},`,
          );
}

/** What came of an attempt that did not complete, and every attempt of its request. */
function retryText({ request: r, retry, attempts }: Explanation): string {
  const next =
    retry?.kind === 'sent'
      ? msg(str`It was retried as ${retry.id} at tick ${retry.tick}.`)
      : retry?.kind === 'refused'
        ? msg(str`Its retry, due at tick ${retry.tick}, was refused by the retry budget.`)
        : retry?.kind === 'too-late'
          ? msg(str`Its retry would have been due at tick ${retry.tick}, after the window.`)
          : retry?.kind === 'none-left'
            ? msg('It was the last attempt its client makes.')
            : '';
  const all = attempts.length > 1 ? msg(str`Attempts of ${r.request}: ${listAnd(attempts.map((a) => a.id))}.`) : '';
  return [next, all].filter(Boolean).join(' ');
}

/** How the request was admitted, what held it up, and how it ended; with retries, what came before and after it. */
export function explainText(explanation: Explanation, config: LabConfig): string {
  const { request: r, ending } = explanation;
  const slot = r.borrowed ? msg(str`slot ${r.slot} (borrowed)`) : msg(str`slot ${r.slot}`);
  const retry = explanation.previous !== null;
  const parts = retry ? [] : [msg(str`${r.id} arrived at tick ${r.arrival}`)];
  const then = retryText(explanation);
  const told = () => {
    // A retry's story has two clauses after its name; the first may end in a list of holders, so a
    // comma keeps the second from reading as part of that list.
    const [first, second] = parts;
    const text = `${retry && parts.length === 2 ? msg(str`${first}, and ${second}`) : listAnd(parts)}.`;
    return [retry ? `${retryOf(explanation)} ${text}` : text, then].filter(Boolean).join(' ');
  };
  if (ending === 'rejected' && explanation.blocked[0]) {
    parts.push(
      msg(
        str`was rejected, as ${r.tenant}'s queue was at its cap of ${config.queueCap}, with ${found(explanation, config)}`,
      ),
    );
    return told();
  }
  // Only a request handed a slot at once was never without one, even for a tick.
  const { blocked, deadlineSet } = explanation;
  if (!blocked[0]) parts.push(msg(str`was handed ${slot} at once`));
  else {
    parts.push(msg(str`found ${found(explanation, config)}`));
    // A wait with no deadline (its timeout counts from its start) is told, however it ended.
    if (deadlineSet !== r.arrival)
      parts.push(msg(str`waited ${tickCount(blocked.length)} with no deadline: its timeout starts when it starts`));
    else if (r.start !== null) parts.push(msg(str`waited ${tickCount(r.start - r.arrival)}`));
    if (r.start !== null)
      parts.push(
        deadlineSet === r.start
          ? msg(str`started in ${slot} at tick ${r.start}, which set its deadline to tick ${r.deadline}`)
          : msg(str`started in ${slot} at tick ${r.start}`),
      );
  }
  const end = r.end;
  parts.push(
    ending === 'pending'
      ? r.start === null
        ? msg('was still waiting at the horizon')
        : msg('was still running at the horizon')
      : ending === 'failed'
        ? msg(str`failed fast at tick ${end}`)
        : ending === 'timed-out-waiting'
          ? msg(str`timed out waiting at tick ${end}`)
          : ending === 'timed-out-running'
            ? msg(str`timed out in service at tick ${end}`)
            : msg(str`completed at tick ${end}`),
  );
  return told();
}

const byLocale = new Map<Locale, (run: LabRun) => Map<string, string>>();

/**
 * Every request's sentence by id, in `locale`: a value for `scenario.derived(accountsIn(locale))`,
 * computed once per run and language.
 */
export function accountsIn(locale: Locale): (run: LabRun) => Map<string, string> {
  let view = byLocale.get(locale);
  if (!view) {
    view = (run) =>
      inLocale(locale, () => new Map(run.requests.map((r) => [r.id, explainText(explain(run, r.id), run.config)])));
    byLocale.set(locale, view);
  }
  return view;
}
