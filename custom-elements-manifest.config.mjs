// `npm run manifest` (part of the build): custom-elements.json from the sources, for editors,
// docs tools and the `customElements` field of package.json; and from it, in dist/, the editor
// and framework integrations the package exports: VS Code custom data, JetBrains web-types and
// JSX types (see "Editors and frameworks" in the README).
import { customElementJetBrainsPlugin } from 'custom-element-jet-brains-integration';
import { customElementVsCodePlugin } from 'custom-element-vs-code-integration';
import { defineCallsPlugin } from './scripts/manifest/define-calls.mjs';
import { jsxTypesPlugin } from './scripts/manifest/jsx-types.mjs';
import { litStatePlugin } from './scripts/manifest/lit-state.mjs';
import { policyValuesPlugin } from './scripts/manifest/policy-values.mjs';
import { shipPathsPlugin } from './scripts/manifest/ship-paths.mjs';

export default {
  globs: ['src/**/*.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [
    defineCallsPlugin(),
    litStatePlugin(),
    policyValuesPlugin(),
    shipPathsPlugin(),
    // The integrations read the finished manifest, so they come after the plugins that fix it.
    customElementVsCodePlugin({
      outdir: 'dist',
      htmlFileName: 'vscode.html-custom-data.json',
      cssFileName: 'vscode.css-custom-data.json',
      hideLogs: true,
    }),
    customElementJetBrainsPlugin({
      outdir: 'dist',
      webTypesFileName: 'web-types.json',
      excludeCss: false,
      packageJson: false, // package.json names the file itself
      // Where JetBrains IDEs go to the definition: the element's entry point in the package.
      modulePathTemplate: (name, modulePath) =>
        `bulkhead-lab/${modulePath.replace(/^dist\/lib\/elements\/([^/]+)\/.*$/, '$1')}`,
      hideLogs: true,
    }),
    // custom-element-jsx-integration, fed a manifest adapted to it (see the plugin).
    jsxTypesPlugin({ outdir: 'dist/jsx', fileName: 'index.d.ts' }),
  ],
};
