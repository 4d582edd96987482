// What `npm pack` puts in the tarball: the built files a user needs, the documentation the README
// points to, and nothing from the workshop (sources, tests, demo, configs, the experiment, scripts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test } from 'node:test';

interface PackResult {
  files: { path: string }[];
}

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
// --ignore-scripts: the test suite has just built dist/; prepack would rebuild it under the other tests.
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }),
) as PackResult[];
const files = packed!.files.map((file) => file.path).sort();
const elements = fs.readdirSync('src/elements').filter((name) => fs.existsSync(`src/elements/${name}/define.ts`));
/** The files in docs/ that the README shows (its picture of the lab), which ship with it. */
const shownByReadme = [...fs.readFileSync('README.md', 'utf8').matchAll(/\]\((docs\/[\w.-]+\.(?:png|svg))\)/g)].map(
  (match) => match[1]!,
);

test('the tarball holds only dist/, docs/, the manifest, package.json, the README, changelog and licence', () => {
  const top = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'custom-elements.json'];
  const outside = files.filter(
    (file) =>
      !file.startsWith('dist/') &&
      !/^docs\/[^/]+\.md$/.test(file) &&
      !shownByReadme.includes(file) &&
      !top.includes(file),
  );
  assert.deepEqual(outside, []);
  // The README's picture ships with it, so the README in the package shows it.
  for (const file of shownByReadme) assert.ok(files.includes(file), `${file} is not packed`);
  for (const file of files) {
    assert.doesNotMatch(file, /(^|\/)(src|test|demo|experiment|bench|scripts|\.ci)\//, file);
    assert.doesNotMatch(file, /\.config\.m?js$|tsconfig|\.test\.|\.tgz$/, file);
  }
});

test('the tarball holds every output: bundle, model, element entries and chunks, ESM with types, manifest', () => {
  const built = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file}`)
      .filter((file) => fs.statSync(file).isFile());
  for (const file of [
    'dist/bulkhead-lab.js',
    'dist/sim.js',
    'custom-elements.json',
    ...built('dist/elements'),
    ...built('dist/lib'),
  ]) {
    assert.ok(files.includes(file), `missing ${file}`);
  }
  for (const name of elements) {
    assert.ok(files.includes(`dist/elements/${name}.js`), `no script-tag entry for ${name}`);
    assert.ok(files.includes(`dist/lib/elements/${name}/define.d.ts`), `no types for ${name}`);
  }
});

test('every docs/ file the README links to or names is in the tarball, with the changelog', () => {
  const readme = fs.readFileSync('README.md', 'utf8');
  const named = [...new Set([...readme.matchAll(/\bdocs\/[\w.-]+\.md\b/g)].map((match) => match[0]))];
  assert.ok(named.includes('docs/EMBEDDING.md'), named.join(', '));
  for (const file of [...named, 'CHANGELOG.md']) assert.ok(files.includes(file), `${file} is not packed`);
  // Every Markdown file in docs/ ships, so a link between them never points outside the tarball.
  for (const file of fs.readdirSync('docs').filter((name) => name.endsWith('.md')))
    assert.ok(files.includes(`docs/${file}`), `docs/${file} is not packed`);
});

test('every file package.json points at is in the tarball, for every element', () => {
  const targets: string[] = [pkg.main, pkg.types, pkg.customElements, pkg['web-types']];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(pkg.exports);
  // A subpath pattern (`./*`) stands for one subpath per element folder.
  const expanded = targets.flatMap((target) =>
    target.includes('*') ? elements.map((name) => target.replace('*', name)) : [target],
  );
  assert.ok(expanded.length > targets.length, 'no subpath per element');
  for (const target of expanded) assert.ok(files.includes(target.replace(/^\.\//, '')), `${target} is not packed`);
});
