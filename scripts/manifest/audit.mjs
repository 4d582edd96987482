// Lists what custom-elements.json leaves out that the elements really have: config attributes,
// `theme`, parts written in templates, the --bulkhead-* tokens they read, and events they
// dispatch. The analyzer only knows what the JSDoc says, so each gap names the file, class and tag
// to add. Prints the gaps and exits 0; with --strict it exits 1 when there are any.
// Run with `node --import tsx` (it reads the config fields from the TypeScript source).
import fs from 'node:fs';
import { FIELDS } from '../../src/sim/config.ts';

const kebab = (field) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const matches = (text, pattern) => [...new Set([...text.matchAll(pattern)].map((m) => m[1]))];

const manifest = JSON.parse(fs.readFileSync('custom-elements.json', 'utf8'));
const tokenProperties = matches(fs.readFileSync('src/styles/tokens.ts', 'utf8'), /var\((--bulkhead-[a-z0-9-]+)/g);
const configAttributes = ['preset', ...FIELDS.map(kebab), 'theme'];

const missingBy = []; // { file, element, tag, names }
for (const mod of manifest.modules) {
  for (const element of mod.declarations ?? []) {
    if (!element.tagName) continue;
    const file = mod.path.replace(/^dist\/lib\/(.+)\.js$/, 'src/$1.ts');
    const source = fs.readFileSync(file, 'utf8');
    const isSource = /static override readonly isSource = true/.test(source);
    const requests = matches(source, /'(bulkhead-[a-z-]+-request)'/g);
    const expected = {
      attr: [...configAttributes, ...(isSource ? [] : ['for'])],
      csspart: [...matches(source, /part="([a-z-]+)"/g), 'notices'],
      cssproperty: [...tokenProperties, ...matches(source, /var\((--bulkhead-[a-z0-9-]+)/g)],
      fires: [
        ...requests,
        ...(isSource || requests.includes('bulkhead-config-request') ? ['bulkhead-run'] : []),
        ...(isSource || requests.length > 0 ? ['bulkhead-tick'] : []),
      ],
    };
    const documented = {
      attr: element.attributes, csspart: element.cssParts, cssproperty: element.cssProperties, fires: element.events,
    };
    for (const [tag, names] of Object.entries(expected)) {
      const have = new Set((documented[tag] ?? []).map((item) => item.name));
      const missing = [...new Set(names)].filter((name) => !have.has(name));
      if (missing.length) missingBy.push({ file, element: `${element.name} <${element.tagName}>`, tag, names: missing });
    }
  }
}

// What every element has by design (config attributes, theme, the notices part, the shared tokens)
// belongs on their common base class, which the analyzer lets every element inherit.
const common = { attr: configAttributes, csspart: ['notices'], cssproperty: tokenProperties, fires: [] };
const gaps = [];
for (const tag of Object.keys(common)) {
  const lists = missingBy.filter((m) => m.tag === tag);
  const shared = common[tag].filter((name) => lists.some((m) => m.names.includes(name)));
  if (shared.length) gaps.push(`src/elements/scenario-element.ts ScenarioElement (every element inherits it): add @${tag} ${shared.join(', ')}`);
  for (const m of lists) {
    const rest = m.names.filter((name) => !common[tag].includes(name));
    if (rest.length) gaps.push(`${m.file} ${m.element}: add @${tag} ${rest.join(', ')}`);
  }
}

if (gaps.length === 0) console.log('custom-elements.json: no documentation gaps found');
else console.log(`custom-elements.json: ${gaps.length} documentation gaps (JSDoc in src/):\n  ${gaps.join('\n  ')}`);
if (process.argv.includes('--strict') && gaps.length) process.exit(1);
