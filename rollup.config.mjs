// Bundles the per-file ESM that tsc wrote to dist/lib into the files a page or Node imports.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const minify = terser({ ecma: 2022, module: true, format: { comments: false } });

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
    plugins: [nodeResolve(), minify],
  },
];
