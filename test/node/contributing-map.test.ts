// CONTRIBUTING.md's map of the code names every source file: an element folder's class file
// (`<tag>.ts`) and `define.ts` by its rule, every other file by its name, so that a newcomer finds
// every file from the map.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const map = /^## Layout\n([\s\S]*?)^## /m.exec(fs.readFileSync('CONTRIBUTING.md', 'utf8'))![1]!;

test("CONTRIBUTING's map names every file of src/", () => {
  const unnamed = fs
    .readdirSync('src', { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('src', file))
    .filter((file) => /\.(ts|css)$/.test(file) && !file.includes(`${path.sep}generated${path.sep}`))
    .filter((file) => {
      const name = path.basename(file);
      const folder = path.basename(path.dirname(file));
      const byRule =
        path.dirname(path.dirname(file)) === path.join('src', 'elements') &&
        [`${folder}.ts`, 'define.ts'].includes(name);
      return !byRule && !map.includes(name);
    });
  assert.deepEqual(unnamed, []);
});

test('every element folder has a test file of its own', () => {
  const missing = fs
    .readdirSync('src/elements', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((tag) => !fs.existsSync(`test/elements/${tag}.test.ts`));
  assert.deepEqual(missing, []);
});
