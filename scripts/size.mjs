// `npm run size`: raw and gzip -9 sizes of every built file, and the size budgets.
// A page pays for a script-tag entry plus every chunk it imports, so an entry's cost is its closure:
// each file gzipped on its own (as a server sends them) and added up. Exits 1 when over budget.
// Source maps (*.map) are never counted: a browser fetches them only when its devtools are open. A
// script's own `//# sourceMappingURL=…` line is counted, as the few bytes it is.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { init, parse } from 'es-module-lexer';
import { rollup } from 'rollup';

// 1 KB = 1024 B, the convention of every size in README.md and docs/EMBEDDING.md
// (the old bundle, 20,911 B, was "about 20.4 KB").
export const KB = 1024;

/**
 * Size budgets, each for an entry with everything it loads on an English page (see
 * docs/EMBEDDING.md, "Sizes"); a budget holds or fails. `npm run figures` writes them into the docs.
 * - The all-in-one bundle holds the lab, every widget and every part of each, and the machinery for
 *   both languages: copied alone, it draws the whole lab on an English page. The German words are a
 *   file of their own, which only a page showing German fetches.
 * - A standalone <outcome-gate> runs its own simulation, so Lit and the model take most of its
 *   budget (the FLOORS below print how much). What it needs only sometimes (answering requests and
 *   playing, the words of a notice) it fetches when it does (docs/EMBEDDING.md, "How the gate fits
 *   its budget").
 */
export const BUDGETS = [
  { label: 'all-in-one bundle', entry: 'dist/bulkhead-lab.js', limit: 54 * KB },
  { label: 'standalone <outcome-gate> with its imports', entry: 'dist/elements/outcome-gate.js', limit: 16 * KB },
];

/**
 * The German words, as the bundle, the per-element entries and <measured-run> fetch them for a
 * German page; each holds only the messages of what it is fetched for.
 */
export const TRANSLATIONS = {
  bundle: 'dist/bulkhead-lab.de.js',
  elements: /^de-.*\.js$/,
  measuredRun: 'dist/elements/measured-run.de.js',
};
export const isTranslation = (file) =>
  [TRANSLATIONS.bundle, TRANSLATIONS.measuredRun].map((name) => path.normalize(name)).includes(path.normalize(file)) ||
  TRANSLATIONS.elements.test(path.basename(file));

export function measure(file) {
  const code = fs.readFileSync(file);
  return { raw: code.length, gzip: zlib.gzipSync(code, { level: 9 }).length };
}

/**
 * The entry and every file it imports, transitively, each once: what a page fetches for it. With
 * `dynamic`, also the files it may import later that `dynamic(file)` accepts (or all of them for
 * `true`): a view a reader opens on demand, a translation for a page in another language.
 */
export async function closure(entry, { dynamic = false } = {}) {
  const later = typeof dynamic === 'function' ? dynamic : () => dynamic;
  await init;
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const [imports] = parse(fs.readFileSync(file, 'utf8'), file);
    for (const { n: specifier, d } of imports) {
      if (d === -2) continue; // import.meta
      // An import() is followed only when asked for, and only when its file is named (the
      // autoloader's are computed: what they fetch is measured per page below).
      if (d >= 0 && (specifier === undefined || !later(path.join(path.dirname(file), specifier)))) continue;
      if (specifier === undefined) throw new Error(`${file}: an import with a computed specifier cannot be followed`);
      if (!/^\.\.?\//.test(specifier))
        throw new Error(`${file}: bare import ${JSON.stringify(specifier)} in a browser file`);
      visit(path.join(path.dirname(file), specifier));
    }
  };
  visit(path.normalize(entry));
  return [...seen];
}

export async function closureSize(entry, options) {
  const files = await closure(entry, options);
  const total = { files, raw: 0, gzip: 0 };
  for (const file of files) {
    const { raw, gzip } = measure(file);
    total.raw += raw;
    total.gzip += gzip;
  }
  return total;
}

/** Each budget with its measured closure and a verdict: 'ok' or 'fail'. */
export async function checkBudgets(budgets = BUDGETS) {
  const results = [];
  for (const budget of budgets) {
    const { gzip, files } = await closureSize(budget.entry);
    const verdict = gzip <= budget.limit ? 'ok' : 'fail';
    results.push({ ...budget, gzip, files: files.length, verdict });
  }
  return results;
}

/**
 * The least any standalone <outcome-gate> must load, bundled and minified as dist/bulkhead-lab.js
 * is: Lit by itself, then Lit with the model's path from config to a gate. Printed beside the
 * budget so the gap between the two can be checked rather than taken on trust.
 */
const lib = (file) => JSON.stringify(path.resolve('dist/lib', file));
export const FLOORS = [
  {
    label: 'Lit alone (an empty LitElement)',
    code: `import { LitElement } from 'lit';
      customElements.define('floor-lit', class extends LitElement {});`,
  },
  {
    label: 'Lit + the model (normalizeConfig, simulateValid, metricsAt)',
    code: `import { LitElement } from 'lit';
      import { metricsAt, normalizeConfig } from ${lib('sim/index.js')};
      import { simulateValid } from ${lib('sim/simulate.js')};
      customElements.define('floor-model', class extends LitElement {
        render() { const { config } = normalizeConfig({}); return metricsAt(simulateValid(config), config.horizon).B.gate; }
      });`,
  },
];

/**
 * The three ways to include the elements, for a page that shows only some of them: the all-in-one
 * bundle (everything), the per-element entries a page lists itself, and the autoloader, which
 * fetches those same entries when their tags appear.
 */
export async function pageCosts() {
  const AUTOLOAD = 'dist/autoload.js';
  const pages = [
    ['a lab', ['bulkhead-lab']],
    ['one <outcome-gate>', ['outcome-gate']],
    [
      'a <bulkhead-scenario> with a <tick-timeline> and a <outcome-gate>',
      ['bulkhead-scenario', 'tick-timeline', 'outcome-gate'],
    ],
  ];
  const rows = [];
  for (const [page, tags] of pages) {
    const files = new Set();
    for (const tag of tags) for (const file of await closure(`dist/elements/${tag}.js`)) files.add(file);
    const entries = [...files].reduce((sum, file) => sum + measure(file).gzip, 0);
    rows.push({ label: `${page}, per-element entries`, gzip: entries, files: files.size });
    rows.push({ label: `${page}, autoloader`, gzip: entries + measure(AUTOLOAD).gzip, files: files.size + 1 });
  }
  rows.push({ label: 'any page, all-in-one bundle', gzip: measure('dist/bulkhead-lab.js').gzip, files: 1 });
  const german = await closureSize('dist/bulkhead-lab.js', { dynamic: isTranslation });
  rows.push({ label: 'a page in German, all-in-one bundle', gzip: german.gzip, files: german.files.length });
  for (const [label, dynamic] of [
    ['a <measured-run>, its own entry', false],
    ['a <measured-run> in German, its own entry', isTranslation],
  ]) {
    const measured = await closureSize('dist/elements/measured-run.js', { dynamic });
    rows.push({ label, gzip: measured.gzip, files: measured.files.length });
  }
  return rows;
}

export async function floorSize(code) {
  const { default: configs } = await import(pathToFileURL(path.resolve('rollup.config.mjs')).href);
  const bundleConfig = configs.find((config) => config.input === 'dist/lib/bundle.js');
  const entry = {
    name: 'floor-entry',
    resolveId: (id) => (id === 'floor-entry' ? id : null),
    load: (id) => (id === 'floor-entry' ? code : null),
  };
  const bundle = await rollup({ input: 'floor-entry', plugins: [entry, ...bundleConfig.plugins] });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  return zlib.gzipSync(output[0].code, { level: 9 }).length;
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const num = (n) => n.toLocaleString('en-US');

/** The scripts under `dir`: `*.js` only, so the `*.js.map` beside them are left out. */
function jsFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, file))
    .filter((file) => file.endsWith('.js'))
    .sort();
}

async function main() {
  if (!fs.existsSync('dist/bulkhead-lab.js')) {
    console.error('dist/ is missing: run `npm run build` first');
    process.exit(1);
  }
  const rows = [['file', 'raw B', 'gzip B', 'with its imports: files, raw B, gzip B']];
  for (const file of ['dist/bulkhead-lab.js', 'dist/autoload.js', 'dist/sim.js']) {
    const { raw, gzip } = measure(file);
    rows.push([file, num(raw), num(gzip), '']);
  }
  for (const file of jsFiles('dist/elements')) {
    const { raw, gzip } = measure(file);
    const isEntry = path.dirname(file) === path.normalize('dist/elements') && !isTranslation(file);
    const all = isEntry ? await closureSize(file) : null;
    const kind = isTranslation(file) ? '(German words)' : '(chunk)';
    rows.push([file, num(raw), num(gzip), all ? `${all.files.length}, ${num(all.raw)}, ${num(all.gzip)}` : kind]);
  }
  const lib = jsFiles('dist/lib').map(measure);
  rows.push([`dist/lib (${lib.length} ES modules for bundlers)`, num(lib.reduce((s, m) => s + m.raw, 0)), '', '']);

  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i === 0 || i === 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  ')
        .trimEnd(),
    );
  }

  console.log(`\nBudgets (gzip -9, 1 KB = ${KB} B):`);
  const results = await checkBudgets();
  for (const r of results) {
    const status = r.verdict === 'ok' ? `ok, ${num(r.limit - r.gzip)} B to spare` : `OVER by ${kb(r.gzip - r.limit)}`;
    console.log(
      `  ${r.label}: ${kb(r.gzip)} (${num(r.gzip)} B, ${r.files} file${r.files === 1 ? '' : 's'}), budget ${kb(r.limit)}: ${status}`,
    );
  }
  console.log('\nThe German words, fetched only by a page that shows German (gzip -9):');
  const elementsGerman = fs.readdirSync('dist/elements/chunks').find((file) => TRANSLATIONS.elements.test(file));
  for (const [label, file] of [
    ['for the all-in-one bundle', TRANSLATIONS.bundle],
    ['for the per-element entries', `dist/elements/chunks/${elementsGerman}`],
    ['for <measured-run>', TRANSLATIONS.measuredRun],
  ]) {
    const { raw, gzip } = measure(file);
    console.log(`  ${label}: ${kb(gzip)} (${num(gzip)} B; ${num(raw)} B raw), ${file}`);
  }
  console.log('\nWhat a page loads, by how it includes the elements (gzip -9 of every file fetched):');
  for (const row of await pageCosts())
    console.log(`  ${row.label}: ${kb(row.gzip)} (${num(row.gzip)} B, ${row.files} file${row.files === 1 ? '' : 's'})`);
  console.log('\nThe least a standalone <outcome-gate> needs, minified and gzipped like the bundle:');
  for (const floor of FLOORS) {
    const gzip = await floorSize(floor.code);
    console.log(`  ${floor.label}: ${kb(gzip)} (${num(gzip)} B)`);
  }
  if (results.some((r) => r.verdict === 'fail')) {
    console.error('size budget exceeded');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
