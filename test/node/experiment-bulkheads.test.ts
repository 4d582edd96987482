// The bulkheads of the measured companion under callers who give up: a call that leaves the line
// must neither hold a place in it nor keep a freed slot from the calls behind it (cockatiel 3.2's
// bulkhead starves its queue this way: cockatiel#112, fixed only in 4.0, which needs Node 22).
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { MeasuredBulkhead } from '../../experiment/pools.js';
import { parseRunName } from '../../experiment/run.js';
import { startService } from '../../experiment/service.js';
import { defaultOptions } from '../../experiment/options.js';

const tag = { measured: true, faultPeriod: true };
const never = () => new AbortController().signal;

/** The bulkhead a `/queue-N` run gives each dependency: its settings, from the run's name. */
async function queueBulkhead(limit: number, queue: number): Promise<MeasuredBulkhead> {
  const { settings } = parseRunName(`per-dependency/slow-a/pool-${2 * limit}/queue-${queue}`, defaultOptions());
  const service = await startService({
    pool: 'per-dependency',
    ...settings,
    timeoutMs: 200,
    upstream: { A: 'http://127.0.0.1:9', B: 'http://127.0.0.1:9' },
  });
  await service.close();
  return service.bulkheads[0]!;
}

describe('a bulkhead with a queue, when queued callers give up', () => {
  test('a freed slot goes to the next live caller, and aborted callers leave the line at once', async () => {
    const bulkhead = await queueBulkhead(1, 3);
    let release!: () => void;
    const first = bulkhead.execute(
      () => new Promise<string>((resolve) => (release = () => resolve('first'))),
      never(),
      tag,
    );
    const gone = [new AbortController(), new AbortController()];
    const abandoned = gone.map((caller) =>
      bulkhead.execute(() => Promise.resolve('abandoned ran'), caller.signal, tag),
    );
    const waiting = bulkhead.execute(() => Promise.resolve('waiting ran'), never(), tag);
    for (const caller of gone) caller.abort(new Error('the caller gave up'));
    for (const call of abandoned) await assert.rejects(call, /the caller gave up/);
    release();
    assert.equal(await first, 'first');
    assert.equal(
      await Promise.race([waiting, sleep(500, 'starved: the freed slot went to an aborted call')]),
      'waiting ran',
    );
    assert.deepEqual([bulkhead.executing, bulkhead.queued], [0, 0]);
  });

  test('places given up are free again: a full line of aborted callers refuses no one', async () => {
    const bulkhead = await queueBulkhead(1, 2);
    let release!: () => void;
    const first = bulkhead.execute(() => new Promise<void>((resolve) => (release = resolve)), never(), tag);
    const gone = [new AbortController(), new AbortController()];
    const abandoned = gone.map((caller) => bulkhead.execute(() => Promise.resolve(), caller.signal, tag));
    for (const caller of gone) caller.abort(new Error('gone'));
    for (const call of abandoned) await assert.rejects(call);
    assert.equal(bulkhead.queued, 0, 'the aborted calls left the line');
    const next = bulkhead.execute(() => Promise.resolve('queued and ran'), never(), tag);
    release();
    await first;
    assert.equal(await Promise.race([next, sleep(500, 'refused or starved')]), 'queued and ran');
    assert.equal(bulkhead.rejected, 0);
  });
});
