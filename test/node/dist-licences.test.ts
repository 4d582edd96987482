// The built bundles can be redistributed as they are: each keeps the licence notices of what it
// includes (Lit's BSD-3-Clause `@license` blocks, our MIT banner) and names a source map that exists
// beside it, parses, and leads back to the sources.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { LIT_MARKER } from './browser.js';
import { closureSize, measure } from '../../scripts/size.mjs';

const bundles = [
  'dist/bulkhead-lab.js',
  'dist/sim.js',
  ...fs
    .readdirSync('dist/elements', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join('dist/elements', file)),
].sort();

interface SourceMap {
  version: number;
  file: string;
  sources: string[];
  sourcesContent?: (string | null)[];
  mappings: string;
}

function mapOf(file: string): SourceMap {
  const code = fs.readFileSync(file, 'utf8');
  const match = code.match(/\n\/\/# sourceMappingURL=([^\s]+)\s*$/);
  assert.ok(match, `${file} names no source map on its last line`);
  const mapFile = path.join(path.dirname(file), match[1]!);
  assert.ok(fs.existsSync(mapFile), `${file}: ${mapFile} does not exist`);
  return JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMap;
}

const NOTICE = /^\/\*! bulkhead-lab \d+\.\d+\.\d+ \| MIT License \*\//;
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

test('every bundle starts with our MIT notice, the all-in-one bundle after its compile hint', () => {
  for (const file of bundles) {
    const code = fs.readFileSync(file, 'utf8');
    const hinted = file === 'dist/bulkhead-lab.js';
    assert.equal(code.startsWith(COMPILE_HINT), hinted, `${file}: compile hint ${hinted ? 'missing' : 'unexpected'}`);
    assert.match(hinted ? code.slice(COMPILE_HINT.length) : code, NOTICE, file);
  }
  // The on-demand files of the all-in-one bundle are compiled as they are used.
  for (const file of fs.readdirSync('dist').filter((name) => /^bulkhead-lab\..+\.js$/.test(name)))
    assert.ok(!fs.readFileSync(`dist/${file}`, 'utf8').includes(COMPILE_HINT), file);
});

test("every bundle that includes Lit keeps Lit's @license notices", () => {
  const withLit = bundles.filter((file) => fs.readFileSync(file, 'utf8').includes(LIT_MARKER));
  assert.ok(withLit.includes('dist/bulkhead-lab.js') && withLit.length >= 2, withLit.join(', '));
  for (const file of withLit) {
    const code = fs.readFileSync(file, 'utf8');
    assert.match(
      code,
      /\/\*\*?\s*\n?\s*\*?\s*@license\s*\n\s*\*\s*Copyright \d{4} Google LLC\s*\n\s*\*\s*SPDX-License-Identifier: BSD-3-Clause/,
      file,
    );
  }
});

test('every bundle has a source map that parses and carries the original sources', () => {
  for (const file of bundles) {
    const map = mapOf(file);
    assert.equal(map.version, 3, file);
    assert.equal(map.file, path.basename(file), file);
    assert.ok(map.mappings.length > 0, `${file}: empty mappings`);
    assert.ok(
      map.sources.length > 0 && map.sourcesContent?.length === map.sources.length,
      `${file}: sources without their content`,
    );
    assert.ok(
      map.sourcesContent?.every((content) => typeof content === 'string' && content.length > 0),
      `${file}: a source's content is missing`,
    );
  }
  // Chained through tsc's maps: our code maps to the TypeScript sources, not to dist/lib.
  const sources = mapOf('dist/bulkhead-lab.js').sources;
  assert.ok(
    sources.some((source) => /src\/sim\/simulate\.ts$/.test(source)),
    sources.join(', '),
  );
  assert.ok(!sources.some((source) => source.includes('dist/lib/')), sources.join(', '));
});

test('sizes leave the maps out and count the sourceMappingURL line as the bytes it is', async () => {
  const gate = await closureSize('dist/elements/outcome-gate.js');
  assert.ok(
    gate.files.every((file) => file.endsWith('.js')),
    gate.files.join(', '),
  );
  const entry = 'dist/elements/outcome-gate.js';
  const code = fs.readFileSync(entry, 'utf8');
  const comment = code.slice(code.lastIndexOf('//# sourceMappingURL='));
  assert.ok(comment.length < 80, comment);
  assert.equal(measure(entry).raw, Buffer.byteLength(code));
  assert.ok(
    fs.statSync(`${entry}.map`).size > measure(entry).raw,
    'the map is larger than its file, so counting it would show',
  );
});
