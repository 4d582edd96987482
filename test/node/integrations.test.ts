// The editor and framework integrations the build writes from custom-elements.json: VS Code custom
// data, JetBrains web-types and JSX types. They must be exported, describe every element as the
// manifest does, and the JSX types must let a React 19 project compile correct markup and refuse
// wrong values. Run after `npm run build` (`npm test` builds first).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const FILES = [
  'custom-elements.json',
  'dist/vscode.html-custom-data.json',
  'dist/vscode.css-custom-data.json',
  'dist/web-types.json',
  'dist/jsx/index.d.ts',
  'dist/jsx/index.js',
];
const missing = FILES.filter((file) => !fs.existsSync(file));
if (missing.length) throw new Error(`${missing.join(', ')} missing: run \`npm run build\` first (\`npm test\` does)`);

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const pkg = read('package.json');

interface Named {
  name: string;
}
interface Declaration {
  tagName?: string;
  attributes?: Named[];
  events?: Named[];
  cssProperties?: Named[];
}
const elements = (read('custom-elements.json').modules as { declarations?: Declaration[] }[])
  .flatMap((mod) => mod.declarations ?? [])
  .filter((d) => d.tagName);
const names = (items: Named[] | undefined) => (items ?? []).map((item) => item.name).sort();
const tags = elements.map((element) => element.tagName!).sort();

test('package.json exports each integration file, and names web-types for JetBrains IDEs', () => {
  assert.deepEqual(pkg.exports['./jsx'], { types: './dist/jsx/index.d.ts', default: './dist/jsx/index.js' });
  assert.equal(pkg.exports['./vscode.html-custom-data.json'], './dist/vscode.html-custom-data.json');
  assert.equal(pkg.exports['./vscode.css-custom-data.json'], './dist/vscode.css-custom-data.json');
  assert.equal(pkg.exports['./web-types.json'], './dist/web-types.json');
  assert.equal(pkg['web-types'], './dist/web-types.json');
  for (const file of FILES)
    assert.ok(
      pkg.files.some((entry: string) => file === entry || file.startsWith(entry)),
      `${file} is not in files`,
    );
});

test("VS Code custom data: every element with the manifest's attributes, attribute values from their types", () => {
  const data = read('dist/vscode.html-custom-data.json') as {
    tags: { name: string; attributes: (Named & { values: Named[] })[] }[];
  };
  assert.deepEqual(data.tags.map((tag) => tag.name).sort(), tags);
  for (const element of elements) {
    const tag = data.tags.find((t) => t.name === element.tagName)!;
    assert.deepEqual(names(tag.attributes), names(element.attributes), element.tagName);
  }
  const gate = data.tags.find((t) => t.name === 'outcome-gate')!;
  assert.deepEqual(names(gate.attributes.find((a) => a.name === 'tenant')!.values), ['A', 'B']);
  assert.deepEqual(names(gate.attributes.find((a) => a.name === 'window')!.values), ['full', 'inspected']);
  const css = read('dist/vscode.css-custom-data.json') as { properties: Named[] };
  const tokens = [...new Set(elements.flatMap((element) => names(element.cssProperties)))].sort();
  assert.deepEqual([...new Set(names(css.properties))].sort(), tokens);
});

test("web-types: every element with the manifest's attributes and events, and where it is defined", () => {
  const webTypes = read('dist/web-types.json');
  assert.equal(webTypes.name, pkg.name);
  const html = webTypes.contributions.html.elements as (Named & {
    attributes: Named[];
    js: { events: Named[] };
    source: { module: string; symbol: string };
  })[];
  assert.deepEqual(html.map((element) => element.name).sort(), tags);
  for (const element of elements) {
    const entry = html.find((e) => e.name === element.tagName)!;
    assert.deepEqual(names(entry.attributes), names(element.attributes), element.tagName);
    assert.deepEqual(names(entry.js.events), names(element.events), element.tagName);
    assert.equal(entry.source.module, `bulkhead-lab/${element.tagName}`);
  }
});

/** Type-checks a fixture project in test/node/fixtures/jsx; the errors, as `file(line)` → message. */
function typeCheck(project: string): { code: number | null; errors: Map<string, string> } {
  const tsc = path.resolve('node_modules/typescript/bin/tsc');
  const run = spawnSync(
    process.execPath,
    [tsc, '-p', path.join('test/node/fixtures/jsx', project), '--pretty', 'false'],
    { encoding: 'utf8' },
  );
  const errors = new Map<string, string>();
  for (const match of run.stdout.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)) {
    errors.set(`${path.basename(match[1]!)}(${match[2]})`, match[3]!);
  }
  return { code: run.status, errors };
}

test('JSX: a React 19 project compiles correct markup for every element, attributes and events typed', () => {
  const { code, errors } = typeCheck('tsconfig.json');
  assert.deepEqual([...errors], []);
  assert.equal(code, 0);
});

test('JSX: wrong values, unknown attributes and wrong event details do not compile', () => {
  const source = fs.readFileSync('test/node/fixtures/jsx/bad.tsx', 'utf8').split('\n');
  const marked = source.flatMap((line, i) => (line.trimEnd().endsWith('{/* error */}') ? [`bad.tsx(${i + 1})`] : []));
  assert.ok(marked.length >= 5, 'bad.tsx marks its wrong lines');
  const { code, errors } = typeCheck('tsconfig.bad.json');
  assert.notEqual(code, 0);
  assert.deepEqual([...errors.keys()].sort(), [...marked].sort(), [...errors].join('\n'));
  const tenant = source.findIndex((line) => line.includes('<outcome-gate tenant="C" />'));
  assert.match(errors.get(`bad.tsx(${tenant + 1})`)!, /'"C"' is not assignable to type '"A" \| "B" \| undefined'/);
});
