// The size script's arithmetic, and what it measures: the lab's element entries share one copy of
// Lit, and the all-in-one bundle and <measured-run> stand alone, each with its German words beside it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { LIT_MARKER } from './browser.js';
import { BUDGETS, FLOORS, checkBudgets, closure, closureSize, floorSize, measure } from '../../scripts/size.mjs';

const built = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => file.endsWith('.js'));

test('the lab elements share one file holding Lit; only the standalone <measured-run> has its own', async () => {
  const withLit = built('dist/elements').filter((file) => fs.readFileSync(file, 'utf8').includes(LIT_MARKER));
  const measured = path.normalize('dist/elements/measured-run.js');
  assert.deepEqual(await closure(measured), [measured]);
  // Its German words are a file of their own, which only a page showing German fetches.
  assert.deepEqual(await closure(measured, { dynamic: true }), [
    measured,
    path.normalize('dist/elements/measured-run.de.js'),
  ]);
  const shared = withLit.filter((file) => file !== measured);
  assert.equal(shared.length, 1, withLit.join(', '));
  assert.ok((await closure('dist/elements/outcome-gate.js')).includes(shared[0]!));
  assert.ok((await closure('dist/elements/tick-timeline.js')).includes(shared[0]!));
});

test("an entry's closure follows its imports and nothing else", async () => {
  const gate = await closure('dist/elements/outcome-gate.js');
  assert.equal(gate[0], path.normalize('dist/elements/outcome-gate.js'));
  assert.ok(
    gate.slice(1).every((file) => file.includes(`${path.sep}chunks${path.sep}`)),
    gate.join(', '),
  );
  // The lab's entry loads the entries of the views its open sections show; those of its closed
  // sections come only when a reader opens them.
  const lab = await closure('dist/elements/bulkhead-lab.js');
  assert.ok(lab.includes(path.normalize('dist/elements/outcome-gate.js')));
  assert.ok(!lab.includes(path.normalize('dist/elements/sweep-chart.js')));
  const opened = await closure('dist/elements/bulkhead-lab.js', { dynamic: (file) => !/de-/.test(file) });
  assert.ok(opened.includes(path.normalize('dist/elements/sweep-chart.js')), opened.join(', '));
  assert.deepEqual(await closure('dist/bulkhead-lab.js'), [path.normalize('dist/bulkhead-lab.js')]);
  // Fetched later, each only when needed: a view a reader opens, the notebook and the guided steps
  // as a lab draws them, the story of a request a reader picks, the words of a notice about a bad
  // input, a setting's value in words (the notebook's and Sweep's), and the German words.
  assert.deepEqual(
    (await closure('dist/bulkhead-lab.js', { dynamic: true })).sort(),
    [
      'dist/bulkhead-lab.config-export.js',
      'dist/bulkhead-lab.de.js',
      'dist/bulkhead-lab.explain-text.js',
      'dist/bulkhead-lab.js',
      'dist/bulkhead-lab.lab-notebook.js',
      'dist/bulkhead-lab.notice-words.js',
      'dist/bulkhead-lab.policy-compare.js',
      'dist/bulkhead-lab.request-inspector.js',
      'dist/bulkhead-lab.setting-value.js',
      'dist/bulkhead-lab.steps.js',
      'dist/bulkhead-lab.sweep-chart.js',
    ].map((file) => path.normalize(file)),
  );
  const total = await closureSize('dist/elements/outcome-gate.js');
  assert.equal(
    total.gzip,
    gate.reduce((sum, file) => sum + measure(file).gzip, 0),
  );
});

/** The original sources a built file was made from, as its source map names them. */
const sourcesOf = (file: string): string[] =>
  (JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources;

test('an English page loads no translation lookup: it comes with the German words', async () => {
  const lookup = /@lit\/localize\/src\/internal\/(runtime-msg|fnv1a64|id-generation)\.ts$/;
  for (const entry of ['dist/bulkhead-lab.js', 'dist/elements/outcome-gate.js', 'dist/elements/measured-run.js']) {
    const found = (await closure(entry)).flatMap(sourcesOf).filter((source) => lookup.test(source));
    assert.deepEqual(found, [], entry);
  }
  const german = fs.readdirSync('dist/elements/chunks').find((file) => /^de-.*\.js$/.test(file))!;
  for (const file of ['dist/bulkhead-lab.de.js', `dist/elements/chunks/${german}`, 'dist/elements/measured-run.de.js'])
    assert.ok(
      sourcesOf(file).some((source) => lookup.test(source)),
      file,
    );
});

test('a gate on its own loads neither what answers requests nor what plays; the sources load both', async () => {
  const sourcesIn = async (entry: string) => (await closure(entry)).flatMap(sourcesOf);
  const servingAndPlaying = /src\/scenario\/(serve|playback|source-controller)\.ts$/;
  assert.deepEqual(
    (await sourcesIn('dist/elements/outcome-gate.js')).filter((source) => servingAndPlaying.test(source)),
    [],
  );
  // The words of the notices about its inputs come only when one is due.
  const words = (sources: string[]) => sources.filter((source) => source.endsWith('src/scenario/notice-words.ts'));
  assert.deepEqual(words(await sourcesIn('dist/elements/outcome-gate.js')), []);
  assert.deepEqual(words(await sourcesIn('dist/bulkhead-lab.js')), []);
  const later = await closure('dist/elements/outcome-gate.js', { dynamic: true });
  assert.equal(words(later.flatMap(sourcesOf)).length, 1);
  for (const entry of ['dist/elements/bulkhead-lab.js', 'dist/elements/bulkhead-scenario.js']) {
    const sources = await sourcesIn(entry);
    for (const file of ['serve', 'playback', 'source-controller'])
      assert.ok(
        sources.some((source) => source.endsWith(`src/scenario/${file}.ts`)),
        `${entry} loads ${file}.ts`,
      );
  }
});

test("a gate carries the presets' configs, not their titles, which are the model API's", async () => {
  const title = 'Failure isolation: contain a stalled dependency';
  for (const file of await closure('dist/elements/outcome-gate.js'))
    assert.ok(!fs.readFileSync(file, 'utf8').includes(title), file);
  assert.ok(fs.readFileSync('dist/sim.js', 'utf8').includes(title));
});

test('a budget fails when the closure is one byte over it', async () => {
  const entry = 'dist/elements/outcome-gate.js';
  const { gzip } = await closureSize(entry);
  const [fits, fails] = await checkBudgets([
    { label: 'fits', entry, limit: gzip },
    { label: 'fails', entry, limit: gzip - 1 },
  ]);
  assert.deepEqual([fits!.verdict, fails!.verdict], ['ok', 'fail']);
});

test('every budget holds or fails: 34 KB for the bundle, 16 KB for the gate, no accepted excess', () => {
  assert.deepEqual(
    BUDGETS.map(({ entry, limit, ...rest }) => [entry, limit / 1024, Object.keys(rest)]),
    [
      ['dist/bulkhead-lab.js', 34, ['label']],
      ['dist/elements/outcome-gate.js', 16, ['label']],
    ],
  );
});

test('npm run size prints every output and its budgets', () => {
  // Read what it prints whether or not a budget is exceeded: that verdict is the size step's job.
  const { stdout: output, status } = spawnSync(process.execPath, ['scripts/size.mjs'], { encoding: 'utf8' });
  assert.ok(status === 0 || status === 1, `exit ${status}`);
  for (const file of ['dist/bulkhead-lab.js', 'dist/sim.js', 'dist/elements/outcome-gate.js'])
    assert.match(output, new RegExp(file.replace(/[./]/g, '\\$&')));
  assert.match(output, /all-in-one bundle: [\d.]+ KB .*budget 34\.0 KB: (ok|OVER)/);
  assert.match(output, /<outcome-gate> with its imports: [\d.]+ KB .*budget 16\.0 KB: (ok|OVER)/);
  assert.match(output, /for the all-in-one bundle: [\d.]+ KB .*dist\/bulkhead-lab\.de\.js/);
  assert.match(output, /a page in German, all-in-one bundle: [\d.]+ KB \([\d,]+ B, 2 files\)/);
  assert.match(output, /for <measured-run>: [\d.]+ KB .*dist\/elements\/measured-run\.de\.js/);
  assert.match(output, /a <measured-run>, its own entry: [\d.]+ KB \([\d,]+ B, 1 file\)/);
  assert.match(output, /a <measured-run> in German, its own entry: [\d.]+ KB \([\d,]+ B, 2 files\)/);
  assert.match(output, /Lit alone \(an empty LitElement\): [\d.]+ KB/);
});

test('the floors grow from Lit to Lit and the model, and stay below what the gate loads', async () => {
  const [lit, withModel] = await Promise.all(FLOORS.map((floor) => floorSize(floor.code)));
  const gate = (await closureSize('dist/elements/outcome-gate.js')).gzip;
  assert.ok(
    lit! > 4_000 && lit! < withModel! && withModel! < gate,
    `Lit ${lit}, Lit + model ${withModel}, gate ${gate}`,
  );
});
