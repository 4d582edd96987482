// `npm run manifest` (part of the build): custom-elements.json from the sources, for editors,
// docs tools and the `customElements` field of package.json.
import { defineCallsPlugin } from './scripts/manifest/define-calls.mjs';
import { litStatePlugin } from './scripts/manifest/lit-state.mjs';
import { shipPathsPlugin } from './scripts/manifest/ship-paths.mjs';

export default {
  globs: ['src/**/*.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [defineCallsPlugin(), litStatePlugin(), shipPathsPlugin()],
};
