// `npm run experiment -- --from-lab`: the lab's inputs run for real (loopback HTTP dependencies,
// cockatiel as exported, real time), beside the model's prediction. A short run: 13 ticks of 500 ms, long enough that a
// loaded machine's delays (on these shared machines a timer or an HTTP answer can come a few hundred
// milliseconds late) stay inside a tick for B; A's counts, whose timeouts fall exactly on ticks when
// new calls arrive, are only checked to add up.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { formatFromLab, parseFromLab, readLabConfig, runFromLab } from '../../experiment/from-lab.js';
import { validateConfig } from '../../src/sim/index.js';

describe('--from-lab', () => {
  test('reads a config file, a notebook export or a permalink, and refuses bad input with the reason', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'from-lab-'));
    try {
      const file = path.join(folder, 'lab.json');
      fs.writeFileSync(file, JSON.stringify({ policy: 'strict-partitions', queueCap: 0 }));
      assert.deepEqual(readLabConfig(file, null), validateConfig({ policy: 'strict-partitions', queueCap: 0 }));
      fs.writeFileSync(file, JSON.stringify({ config: { policy: 'borrowing' } }));
      assert.equal(readLabConfig(file, null).policy, 'borrowing');
      fs.writeFileSync(file, JSON.stringify({ slots: 0 }));
      assert.throws(() => readLabConfig(file, null), /^RangeError: slots: 0 is not an integer from 1 to 1024$/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    const url = 'https://blog.example/post#one.policy=strict-partitions&one.timeoutFrom=start&two.slots=2';
    assert.throws(() => readLabConfig(url, null), /holds labs one, two: choose one with --lab/);
    assert.deepEqual(readLabConfig(url, 'one'), validateConfig({ policy: 'strict-partitions', timeoutFrom: 'start' }));
    assert.deepEqual(parseFromLab(['--from-lab', url, '--tick-ms=40', '--lab', 'one']), {
      from: url,
      tickMs: 40,
      lab: 'one',
    });
    assert.throws(() => parseFromLab(['--from-lab', url, '--tick-ms', '0']), /--tick-ms: "0" is not a whole number/);
  });

  test('refuses a policy cockatiel cannot express, with the reason', async () => {
    await assert.rejects(
      runFromLab(validateConfig({ policy: 'shared-round-robin' }), 40),
      /cockatiel cannot run this lab: cockatiel has no policy that alternates between tenants/,
    );
    await assert.rejects(runFromLab(validateConfig({ policy: 'borrowing' }), 40), /lends idle slots/);
  });

  test('runs strict partitions for real: B is kept whole, as the model predicts, and each count is set beside it', async () => {
    const config = validateConfig({ policy: 'strict-partitions', queueCap: 0, aTimeout: 4, bTimeout: 3, horizon: 12 });
    const result = await runFromLab(config, 500);
    assert.equal(result.verdict, 'exact');
    assert.deepEqual(result.measured.B, result.model.B);
    assert.deepEqual(result.model.B, { offered: 4, completed: 4, failed: 0, timedOut: 0, rejected: 0, pending: 0 });
    // Every offered request is counted once, measured as in the model.
    const { offered, completed, failed, timedOut, rejected, pending } = result.measured.A;
    assert.equal(completed + failed + timedOut + rejected + pending, offered);
    assert.equal(offered, result.model.A.offered);
    const reading = formatFromLab(result);
    assert.match(reading, /^The lab's strict-partitions, timeouts from arrival, one tick = 500 ms, ticks 0–12:/);
    assert.match(reading, /\ncompleted +0 \/ \d+ +4 \/ 4 +\n/);
    assert.match(reading, /Export verdict: exact\./);
  });
});
