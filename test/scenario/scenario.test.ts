// One scenario on its own: its state read through getters and changed only by send(), values
// derived once per run, and the still clock it stands on until it first plays.
import { expect } from '@open-wc/testing';
import { Playback } from '../../src/scenario/playback.js';
import { Scenario } from '../../src/scenario/scenario.js';
import type { LabRun } from '../../src/sim/index.js';
import { FakeTime } from '../helpers/fake-time.js';

describe('a scenario', () => {
  it('keeps its state to itself: no field of its own, and getters without setters', () => {
    const scenario = new Scenario();
    expect(Object.keys(scenario)).to.deep.equal([]);
    // @ts-expect-error the playback clock is not part of a scenario's API
    expect(scenario.playback).to.equal(undefined);
    for (const name of ['config', 'problems', 'adjusted', 'run', 'tick', 'elapsed', 'playing', 'speed', 'time']) {
      const property = Object.getOwnPropertyDescriptor(Scenario.prototype, name);
      expect(property?.get, name).to.be.a('function');
      expect(property?.set, name).to.equal(undefined);
    }
  });

  it('derives a value once per run, whatever the tick, and again for a new run', () => {
    const scenario = new Scenario({ slots: 3 });
    const seen: LabRun[] = [];
    const slots = (run: LabRun) => {
      seen.push(run);
      return run.config.slots;
    };
    expect(scenario.derived(slots)).to.equal(3);
    scenario.send({ type: 'seek', tick: 5 }, 'request');
    expect(scenario.derived(slots)).to.equal(3);
    scenario.send({ type: 'configure', changes: { horizon: 'x' } }, 'page'); // a new problem, the same run
    expect(scenario.derived(slots)).to.equal(3);
    expect(seen).to.have.length(1);
    scenario.send({ type: 'configure', changes: { slots: 5 } }, 'request');
    expect(scenario.derived(slots)).to.equal(5);
    expect(seen).to.have.length(2);
    expect(seen[1]).to.equal(scenario.run);
  });

  it('ignores play without the class that plays, and stays where it was put', () => {
    const scenario = new Scenario();
    const heard: string[] = [];
    scenario.subscribe((change) => heard.push(JSON.stringify(change)));
    scenario.send({ type: 'seek', tick: 4 }, 'request');
    scenario.send({ type: 'play' }, 'request');
    expect([scenario.tick, scenario.playing]).to.deep.equal([4, false]);
    expect(heard).to.deep.equal([JSON.stringify({ run: false, tick: true })]);
  });

  it('plays on from where its still clock stood: tick, speed and time source', () => {
    const scenario = new Scenario({}, () => Playback);
    const time = new FakeTime();
    scenario.send({ type: 'time', time }, 'page');
    scenario.send({ type: 'seek', tick: 5 }, 'request');
    scenario.send({ type: 'speed', speed: 2 }, 'request');
    scenario.send({ type: 'play' }, 'request');
    expect([scenario.tick, scenario.playing, scenario.speed, scenario.time]).to.deep.equal([5, true, 2, time]);
    time.advance(1_500); // 3 inspection seconds at 2×: one tick
    expect(scenario.tick).to.equal(6);
    scenario.send({ type: 'pause' }, 'request');
    expect(scenario.playing).to.equal(false);
  });

  it('refuses a broken time source while still, and says why', async () => {
    const scenario = new Scenario();
    let told = 0;
    scenario.subscribe(() => told++);
    const broken = { now: () => Number.NaN, setTimeout: () => 0, clearTimeout: () => {} };
    scenario.send({ type: 'time', time: broken }, 'page');
    await Promise.resolve();
    expect(scenario.clockFailure).to.deep.equal({ value: Number.NaN, threw: false });
    expect(scenario.time).not.to.equal(broken);
    expect(told).to.equal(1);
    scenario.send({ type: 'time', time: new FakeTime() }, 'page');
    await Promise.resolve();
    expect(scenario.clockFailure).to.equal(null);
    expect(told).to.equal(2);
  });

  const timerless = (time: FakeTime) => ({
    now: () => time.now(),
    setTimeout: () => {
      throw new Error('no timers');
    },
    clearTimeout: () => {},
  });

  it('refuses a time source whose timers throw once it can play, and says which call threw', () => {
    const scenario = new Scenario({}, () => Playback);
    const good = new FakeTime();
    scenario.send({ type: 'time', time: good }, 'page');
    scenario.send({ type: 'time', time: timerless(good) }, 'page');
    expect(scenario.time).to.equal(good);
    expect(scenario.clockFailure).to.include({ threw: true, method: 'setTimeout' });
  });

  it('drops a clock it took while still once a timer call throws, and plays on the one before', () => {
    let canPlay = false;
    const scenario = new Scenario({}, () => (canPlay ? Playback : null));
    const good = new FakeTime();
    scenario.send({ type: 'time', time: good }, 'page');
    const bad = timerless(good);
    scenario.send({ type: 'time', time: bad }, 'page');
    expect(scenario.time, 'a still clock sets no timers').to.equal(bad);
    canPlay = true;
    scenario.send({ type: 'play' }, 'request');
    expect(scenario.time).to.equal(good);
    expect(scenario.clockFailure).to.include({ threw: true, method: 'setTimeout' });
    good.advance(3_000);
    expect([scenario.tick, scenario.playing]).to.deep.equal([1, true]);

    const uncancellable = {
      ...timerless(good),
      setTimeout: (callback: () => void, ms: number) => good.setTimeout(callback, ms),
    };
    uncancellable.clearTimeout = () => {
      throw new Error('no cancelling');
    };
    scenario.send({ type: 'time', time: uncancellable }, 'page'); // its timers are checked at once now
    expect(scenario.time).to.equal(good);
    expect(scenario.clockFailure).to.include({ threw: true, method: 'clearTimeout' });
    good.advance(3_000);
    expect(scenario.tick).to.equal(2);
  });
});
