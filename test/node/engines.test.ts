// `npm test` on a fresh machine: the browsers it lacks are installed as root, else it stops with the
// one command to run. Engines and apt-get are fakes here; .ci/run on a clean Debian machine is the
// real check.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { ENGINES, provideEngines, type Engine } from '../../scripts/engines.mjs';

/** An engine that lacks its browser until apt-get has installed `packages`. */
function fakeEngine(name: string, packages: string[], installed: Set<string>): Engine {
  return {
    key: name.toLowerCase(),
    name,
    packages,
    needs: () => packages.map((pkg) => [pkg, installed.has(pkg) ? `/usr/bin/${pkg}` : null] as const),
  };
}

function machine({ root, aptWorks = true }: { root: boolean; aptWorks?: boolean }) {
  const installed = new Set(['present']);
  const calls: string[][] = [];
  const said: string[] = [];
  const apt = (args: string[]) => {
    calls.push(args);
    if (!aptWorks) return false;
    if (args[0] === 'install') for (const pkg of args.slice(3)) installed.add(pkg);
    return true;
  };
  const engines = [
    fakeEngine('One', ['present'], installed),
    fakeEngine('Two', ['browser-two'], installed),
    fakeEngine('Three', ['driver-three', 'xvfb'], installed),
  ];
  const ok = provideEngines(engines, {
    root,
    apt,
    log: (line: string) => said.push(line),
    error: (line: string) => said.push(line),
  });
  return { ok, calls, said };
}

test('as root, the packages of every missing engine are installed, after one line that says so', () => {
  const { ok, calls, said } = machine({ root: true });
  assert.equal(ok, true);
  assert.deepEqual(calls, [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'browser-two', 'driver-three', 'xvfb'],
  ]);
  assert.deepEqual(said, ["Installing Debian's packages for the browser tests: browser-two driver-three xvfb"]);
});

test('not root, nothing is installed: the run stops with the one command to run', () => {
  const { ok, calls, said } = machine({ root: false });
  assert.equal(ok, false);
  assert.deepEqual(calls, []);
  assert.equal(said.at(-1), 'Run  apt-get install -y browser-two driver-three xvfb  (as root), then the tests again.');
  assert.ok(said.some((line) => line.startsWith('  Two: no browser-two.')));
});

test('as root where apt-get fails (or is missing), the run stops with the one command to run', () => {
  const { ok, calls, said } = machine({ root: true, aptWorks: false });
  assert.equal(ok, false);
  assert.deepEqual(calls, [['update', '-qq']]);
  assert.match(said.at(-1)!, /^Run {2}apt-get install -y browser-two driver-three xvfb/);
});

test('a machine with every engine installs nothing and says nothing', () => {
  const said: string[] = [];
  const apt = () => assert.fail('apt-get was run');
  const present: Engine[] = [{ key: 'one', name: 'One', packages: ['x'], needs: () => [['x', '/usr/bin/x']] }];
  assert.equal(
    provideEngines(present, { root: true, apt, log: said.push.bind(said), error: said.push.bind(said) }),
    true,
  );
  assert.deepEqual(said, []);
});

test("the real engines name Debian's packages, and .ci/run only runs the README's test command", () => {
  assert.deepEqual(
    ENGINES.map((engine) => engine.packages),
    [['chromium'], ['firefox-esr'], ['webkit2gtk-driver', 'xvfb', 'xauth']],
  );
  const commands = fs
    .readFileSync('.ci/run', 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !/^(set|cd) /.test(line));
  assert.deepEqual(commands, ['npm ci && npm test']);
  assert.match(fs.readFileSync('README.md', 'utf8'), /npm ci && npm test/);
});
