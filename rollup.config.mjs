// Bundles the per-file ESM that tsc wrote to dist/lib into the files a page or Node imports.
import fs from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { minifyLiterals } from './scripts/minify-literals.mjs';

const minify = terser({ ecma: 2022, module: true, format: { comments: false } });

/** Every element folder with a registration module, e.g. `outcome-gate`. */
const elements = fs.readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(`src/elements/${entry.name}/define.ts`))
  .map((entry) => entry.name);

export default [
  // The model alone, for Node and for pages that draw their own UI.
  {
    input: 'dist/lib/sim/index.js',
    output: { file: 'dist/sim.js', format: 'es' },
  },
  // Everything in one self-contained file, for a single script tag.
  {
    input: 'dist/lib/index.js',
    output: { file: 'dist/bulkhead-lab.js', format: 'es' },
    plugins: [minifyLiterals(), nodeResolve(), minify],
  },
  // One script-tag entry per element; they share chunks, so a page loads Lit and the model once.
  {
    input: Object.fromEntries(elements.map((name) => [name, `dist/lib/elements/${name}/define.js`])),
    output: { dir: 'dist/elements', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [minifyLiterals(), nodeResolve(), minify],
  },
];
