// Bundles the per-file ESM that tsc wrote to dist/lib into the files a page or Node imports.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

export default [
  {
    input: 'dist/lib/sim/index.js',
    output: { file: 'dist/sim.js', format: 'es' },
  },
];
