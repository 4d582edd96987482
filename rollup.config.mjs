// Bundles the per-file ESM that tsc wrote to dist/lib into the files a page or Node imports.
// Every bundle keeps the licence comments of what it includes (Lit's `@license` blocks, our MIT
// banner) and ships a source map that leads back to src/*.ts and Lit's sources.
import fs from 'node:fs';
import path from 'node:path';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { minifyLiterals } from './scripts/minify-literals.mjs';
import { litPolicy } from './scripts/shared-lit-policy.mjs';
import { usedTranslations } from './scripts/used-translations.mjs';

const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
/** Our own notice, once at the top of every file (the full text is in LICENSE); `/*!` survives minification. */
const banner = `/*! bulkhead-lab ${version} | MIT License */`;
/**
 * Chromium's explicit compile hint: a script that starts with this comment has its functions
 * compiled as it streams in, off the main thread, instead of each one on the main thread the first
 * time it runs. Only on the all-in-one bundle, whose functions a lab's load calls almost all of; in
 * the bench, it cut the library's longest frame per load by about a third (docs/EMBEDDING.md).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

// Keep `/*! … */`, any comment with `@license` (Lit's BSD-3-Clause notices) and the compile hint;
// drop the rest.
const minify = terser({
  ecma: 2022,
  module: true,
  compress: { passes: 2 },
  format: { comments: /^!|@license|^# allFunctionsCalledOnLoad$/ },
});

/**
 * Reads the source map a module arrives with (tsc's for dist/lib, Lit's own), so the bundle's map
 * chains through it to the original sources instead of stopping at the compiled JavaScript.
 */
const inputMaps = () => ({
  name: 'input-source-maps',
  load(id) {
    if (!id.endsWith('.js') || !fs.existsSync(`${id}.map`)) return null;
    return { code: fs.readFileSync(id, 'utf8'), map: fs.readFileSync(`${id}.map`, 'utf8') };
  },
});

/**
 * Keeps whole every module that `entry` imports only for its code (`import './x.js';`). Nothing in the
 * file uses them statically, so rollup would leave them out and split them into files of their own
 * for the `import()`s that fetch them; kept, they are in the file, and those `import()`s resolve
 * within it.
 */
const keepWhole = (entry) => {
  let bare = new Set();
  return {
    name: 'keep-whole',
    buildStart() {
      bare = new Set([...fs.readFileSync(entry, 'utf8').matchAll(/^import '(\.[^']+)';$/gm)].map((m) => m[1]));
    },
    async resolveId(source, importer, options) {
      if (importer !== path.resolve(entry) || !bare.has(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: 'no-treeshake' };
    },
  };
};

/**
 * A failed `import()` names the file it could not load, in every engine: WebKit's error names none.
 * Read by `fileOf` (src/elements/parts.ts), which says so where the part would be.
 */
const partNames = () => ({
  name: 'part-names',
  renderDynamicImport({ targetChunk }) {
    if (!targetChunk) return null;
    const file = JSON.stringify(path.basename(targetChunk.fileName));
    return { left: 'import(', right: `).catch((e)=>{throw Object.assign(Object(e),{file:${file}})})` };
  },
});

/** Copies src/bulkhead-lab.css, whose heights `npm run figures` writes, to dist/. */
const stylesheet = () => ({
  name: 'stylesheet',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'bulkhead-lab.css', source: fs.readFileSync('src/bulkhead-lab.css') });
  },
});

/**
 * Every element folder with a registration module, e.g. `outcome-gate`, except the measured
 * companion: it shows a measured file and needs none of the model, so it is built on its own.
 */
const elements = fs
  .readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(`src/elements/${entry.name}/define.ts`))
  .map((entry) => entry.name)
  .filter((name) => name !== 'measured-run');

/**
 * A translation imports `str` from @lit/localize's main module, which also brings its page-wide
 * locale machinery; none of its modules does anything on import, so the unused ones go.
 */
const localizeTreeshake = { moduleSideEffects: (id) => !id.includes('/node_modules/@lit/localize/') };

const gateEntry = path.resolve('dist/lib/elements/outcome-gate/define.js');

/**
 * What a source loads and a view does not, until it answers a request on its own: answering
 * requests, playing, and the source side of the binding. One `source` chunk rather than the two
 * rollup would make of it (what the timeline brings for its own requests, and the rest): a page with
 * a source loads them all, and one file compresses better.
 */
const SOURCE_MODULES = /dist\/lib\/(scenario\/(serve|playback|source-controller)|elements\/source-element)\.js$/;

/**
 * A standalone <outcome-gate> and everything it needs (Lit, the model's path to a gate, the scenario
 * and the element base) are one file, the gate's entry, which every other element imports that
 * shared code from: the smallest element is the core of the others, and a page with one gate fetches
 * one file. (As a chunk of its own, the shared code cost the gate the list of everything it imports
 * from it, some 350 B.) What several other elements share stays in rollup's own chunks, which the
 * gate never loads.
 */
function chunkOf(id, { getModuleInfo }) {
  if (SOURCE_MODULES.test(id)) return 'source';
  chunkOf.core ??= (() => {
    const seen = new Set();
    const visit = (module) => {
      if (seen.has(module)) return;
      seen.add(module);
      for (const imported of getModuleInfo(module)?.importedIds ?? []) visit(imported);
    };
    visit(gateEntry);
    return seen;
  })();
  return chunkOf.core.has(id) ? 'outcome-gate' : undefined;
}

export default [
  // The model alone, for Node and for pages that draw their own UI.
  {
    input: 'dist/lib/sim/index.js',
    output: { file: 'dist/sim.js', format: 'es', banner, sourcemap: true },
    plugins: [inputMaps()],
  },
  // The autoloader: a page's one script tag that loads each element's entry when its tag appears.
  {
    input: 'dist/lib/autoload.js',
    output: { file: 'dist/autoload.js', format: 'es', banner, sourcemap: true },
    plugins: [inputMaps(), minify],
  },
  // Everything in one file for a single script tag (src/bundle.ts imports every part the lab's code
  // fetches on demand, so each such `import()` resolves within the file), and beside it the
  // stylesheet that keeps each lab's space before the script has drawn it. The one file it may fetch
  // is a translation (`bulkhead-lab.de.js`), for a page in that language. Every translation file of
  // every build keeps only the messages of that build's modules.
  {
    input: 'dist/lib/bundle.js',
    // The translation imports Lit's `html` from the bundle, which may export it for that: one file
    // stays one file, instead of an entry that re-exports a chunk.
    preserveEntrySignatures: 'allow-extension',
    treeshake: localizeTreeshake,
    output: {
      dir: 'dist',
      format: 'es',
      banner: (chunk) => (chunk.isEntry ? `${COMPILE_HINT}\n${banner}` : banner),
      sourcemap: true,
      entryFileNames: 'bulkhead-lab.js',
      // `bulkhead-lab.sweep-chart.js` for an element's own file, `bulkhead-lab.de.js` for German.
      chunkFileNames: ({ facadeModuleId, name }) =>
        `bulkhead-lab.${facadeModuleId?.match(/elements\/([\w-]+)\/define\.js$/)?.[1] ?? name}.js`,
    },
    plugins: [
      keepWhole('dist/lib/bundle.js'),
      inputMaps(),
      minifyLiterals(),
      nodeResolve(),
      litPolicy(),
      usedTranslations(),
      partNames(),
      minify,
      stylesheet(),
    ],
  },
  // One script-tag entry per element; they share chunks, so a page loads Lit and the model once.
  {
    input: Object.fromEntries(elements.map((name) => [name, `dist/lib/elements/${name}/define.js`])),
    // An element that others import (the lab imports the timeline) keeps its code in its own entry,
    // which the others import, instead of an entry that only re-exports a shared chunk.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist/elements',
      format: 'es',
      banner,
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      manualChunks: chunkOf,
    },
    plugins: [inputMaps(), minifyLiterals(), nodeResolve(), litPolicy(), usedTranslations(), partNames(), minify],
  },
  // The measured companion in one file with its own copy of Lit: a page that shows measurements
  // loads no model, and one that also shows the lab loads Lit twice, which Lit allows. Its German
  // words are a file of their own beside it (`measured-run.de.js`), fetched only to show German;
  // like the bundle's, it imports Lit's `html` and the `str` tag from the entry.
  {
    input: 'dist/lib/elements/measured-run/define.js',
    preserveEntrySignatures: 'allow-extension',
    treeshake: localizeTreeshake,
    output: {
      dir: 'dist/elements',
      format: 'es',
      banner,
      sourcemap: true,
      entryFileNames: 'measured-run.js',
      chunkFileNames: 'measured-run.[name].js',
    },
    plugins: [inputMaps(), minifyLiterals(), nodeResolve(), litPolicy(), usedTranslations(), partNames(), minify],
  },
];
