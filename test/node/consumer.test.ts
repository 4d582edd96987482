// The packed tarball as an npm user gets it: unpacked into a project's node_modules, imported by its
// subpaths in Node, type-checked by TypeScript, and tree-shaken by a bundler that reads sideEffects.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';

// Inside the repository's node_modules, so lit resolves from here as it would
// from a user's project, with no registry involved.
const project = path.resolve('node_modules/.cache/bulkhead-lab-consumer');
const write = (file: string, text: string) => fs.writeFileSync(path.join(project, file), text);

before(() => {
  fs.rmSync(project, { recursive: true, force: true });
  const unpacked = path.join(project, 'node_modules/bulkhead-lab');
  fs.mkdirSync(unpacked, { recursive: true });
  const tarball = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', project], {
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['-xzf', path.join(project, tarball), '-C', unpacked, '--strip-components=1']);
  write('package.json', '{ "type": "module" }');
});
after(() => fs.rmSync(project, { recursive: true, force: true }));

test('Node imports the model by its subpath and every subpath resolves to a packed file', () => {
  write(
    'use-sim.js',
    `
    import { simulate, metricsAt } from 'bulkhead-lab/sim';
    const manifest = await import('bulkhead-lab/custom-elements.json', { with: { type: 'json' } });
    const pkg = await import('bulkhead-lab/package.json', { with: { type: 'json' } });
    const fs = await import('node:fs');
    const elements = fs.readdirSync('node_modules/bulkhead-lab/dist/lib/elements', { withFileTypes: true })
      .filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const subpaths = Object.keys(pkg.default.exports)
      .flatMap((key) => (key.includes('*') ? elements.map((name) => key.replace('*', name)) : [key]));
    for (const subpath of subpaths) {
      const file = new URL(import.meta.resolve('bulkhead-lab' + subpath.slice(1)));
      if (!fs.existsSync(file)) throw new Error(subpath + ' resolves to a missing file');
    }
    if (!subpaths.includes('./outcome-gate')) throw new Error('no ./outcome-gate subpath');
    console.log(JSON.stringify({ b: metricsAt(simulate(), 20).B.completed, tags: manifest.default.modules.length > 0 }));
  `,
  );
  const output = execFileSync(process.execPath, ['use-sim.js'], { cwd: project, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(output), { b: 1, tags: true });
});

test('TypeScript finds the types through the exports map, including the tag and event maps', () => {
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['ES2022', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: ['use-types.ts'],
    }),
  );
  write(
    'use-types.ts',
    `
    import { OutcomeGate } from 'bulkhead-lab/outcome-gate';
    import { simulate, type LabConfig } from 'bulkhead-lab/sim';
    import { TickTimeline } from 'bulkhead-lab';
    const gate: OutcomeGate = document.createElement('outcome-gate');
    gate.tenant = 'A';
    // @ts-expect-error tenant is a string: this line only compiles when the types are real
    gate.tenant = 5;
    const config: LabConfig = simulate({ policy: 'borrowing' }).config;
    document.querySelector('bulkhead-lab')?.addEventListener('bulkhead-run', (event) => event.detail.run.requests.length);
    export { config, TickTimeline };
  `,
  );
  const tsc = path.resolve('node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
});

/** What a bundler keeps of an entry that imports the package but uses nothing from it. */
async function bundle(source: string): Promise<string> {
  write('entry.js', source);
  const build = await rollup({
    input: path.join(project, 'entry.js'),
    plugins: [nodeResolve({ rootDir: project })],
    onwarn: () => {},
  });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  return output[0].code;
}

test('sideEffects: a bundler drops an unused model import but keeps every registration', async () => {
  assert.equal((await bundle(`import { simulate } from 'bulkhead-lab/sim';`)).trim(), '');
  // Rollup renames our `define` helper (`define$3`) where the bundle holds another function of that name.
  // The lab registers the views it shows from a table of tags and classes.
  const registers = (code: string, tag: string) =>
    new RegExp(`define(\\$\\d+)?\\('${tag}',|\\['${tag}', \\w+\\]`).test(code);
  const gate = await bundle(`import 'bulkhead-lab/outcome-gate';`);
  assert.ok(registers(gate, 'outcome-gate'));
  assert.ok(!registers(gate, 'tick-timeline'));
  const all = await bundle(`import { presets } from 'bulkhead-lab';`);
  for (const tag of ['bulkhead-lab', 'outcome-gate', 'tick-timeline']) assert.ok(registers(all, tag), tag);
});
