// Lists what custom-elements.json leaves out that the elements really have: config attributes,
// `theme`, parts written in templates, the --bulkhead-* tokens they read, and events they
// dispatch (their own requests, those of the views they render in their shadow tree, and the
// announcements every element that can own a scenario makes); public attributes, fields and
// events the manifest gives no type; and a `policy` or `a-fault` whose type is not the union of the
// model's values (scripts/manifest/policy-values.mjs writes the policies'). The analyzer only knows what the source and its JSDoc say, so
// each gap names the file, class and tag to add. Prints the gaps and exits 0; with --strict it
// exits 1 when there are any. (test/elements/manifest-events.test.ts checks the events in a browser.)
// Run with `node --import tsx` (it reads the config fields from the TypeScript source).
import fs from 'node:fs';
import { attributeOf } from '../../src/scenario/config-attributes.ts';
import { FAULTS, FIELDS, POLICIES } from '../../src/sim/config.ts';

const matches = (text, pattern) => [...new Set([...text.matchAll(pattern)].map((m) => m[1]))];

const manifest = JSON.parse(fs.readFileSync('custom-elements.json', 'utf8'));
const tokenProperties = matches(fs.readFileSync('src/styles/tokens.ts', 'utf8'), /var\((--bulkhead-[a-z0-9-]+)/g);
const widgetProperties = matches(fs.readFileSync('src/styles/widgets.ts', 'utf8'), /var\((--bulkhead-[a-z0-9-]+)/g);
const configAttributes = ['preset', ...FIELDS.map(attributeOf), 'theme'];
/** Config attributes that take one of the model's names: the manifest's type is their union, in order. */
const choices = Object.entries({ policy: POLICIES, 'a-fault': FAULTS }).map(([name, values]) => ({
  name,
  union: values.map((value) => `'${value}'`).join(' | '),
}));

const declarations = manifest.modules.flatMap((mod) => mod.declarations ?? []);
/** Whether a class extends ScenarioElement, directly or further up. */
function isScenarioElement(declaration) {
  for (
    let name = declaration.superclass?.name;
    name;
    name = declarations.find((d) => d.name === name)?.superclass?.name
  ) {
    if (name === 'ScenarioElement') return true;
  }
  return false;
}

// Config attributes, theme, the notices part and the tokens come from ScenarioElement and its shared
// styles: missing ones belong on ScenarioElement, which every subclass inherits in the manifest.
const BASE = 'src/elements/scenario-element.ts ScenarioElement (every element inherits it)';
const gaps = new Map(); // "file class" → { tag → Set of names }
const gap = (where, tag, names) => {
  if (names.length === 0) return;
  if (!gaps.has(where)) gaps.set(where, {});
  const tags = gaps.get(where);
  tags[tag] ??= new Set();
  for (const name of names) tags[tag].add(name);
};

const sourceOf = (mod) => fs.readFileSync(mod.path.replace(/^dist\/lib\/(.+)\.js$/, 'src/$1.ts'), 'utf8');
const elements = manifest.modules.flatMap((mod) =>
  (mod.declarations ?? []).filter((d) => d.tagName).map((d) => ({ mod, tag: d.tagName })),
);
/** The request events a tag's own code sends, and those of every element it renders, further down too. */
function requestsOf(tag, seen = new Set()) {
  const found = elements.find((e) => e.tag === tag);
  if (!found || seen.has(tag)) return [];
  seen.add(tag);
  const source = sourceOf(found.mod);
  const rendered = elements.map((e) => e.tag).filter((other) => other !== tag && source.includes(`<${other}`));
  return [
    ...new Set([
      // The binding protocol's request (docs/ELEMENTS.md, "Composing widgets") is not an element's event.
      ...matches(source, /'(bulkhead-[a-z-]+-request)'/g).filter((name) => name !== 'bulkhead-source-request'),
      ...rendered.flatMap((other) => requestsOf(other, seen)),
    ]),
  ];
}

// Types: a typed manifest is what editors complete and JSX checks against.
const untyped = (items) =>
  (items ?? [])
    .filter(
      (item) =>
        item.privacy !== 'private' &&
        item.privacy !== 'protected' &&
        (item.kind === undefined || item.kind === 'field') &&
        !item.type?.text,
    )
    .map((item) => item.name);

for (const mod of manifest.modules) {
  for (const element of mod.declarations ?? []) {
    if (!element.tagName) continue;
    const file = mod.path.replace(/^dist\/lib\/(.+)\.js$/, 'src/$1.ts');
    const source = sourceOf(mod);
    const inherits = isScenarioElement(element);
    const usesTokens = source.includes('styles/tokens.js');
    const usesWidgets = source.includes('styles/widgets.js');
    const isSource = /extends SourceElement\b/.test(source);
    const requests = requestsOf(element.tagName);
    const shared = {
      attr: inherits ? configAttributes : [],
      csspart: inherits ? ['notices'] : [],
      cssproperty: [...(usesTokens ? tokenProperties : []), ...(usesWidgets ? widgetProperties : [])],
    };
    const own = {
      attr: inherits && !isSource ? ['for'] : [],
      csspart: matches(source, /part="([a-z-]+)"/g),
      cssproperty: matches(source, /var\((--bulkhead-[a-z0-9-]+)/g),
      // A source, or a view on its own, answers requests and announces what they change.
      fires: [...requests, ...(inherits ? ['bulkhead-run', 'bulkhead-tick'] : [])],
    };
    const documented = {
      attr: element.attributes,
      csspart: element.cssParts,
      cssproperty: element.cssProperties,
      fires: element.events,
    };
    const missing = (tag, names) => {
      const have = new Set((documented[tag] ?? []).map((item) => item.name));
      return [...new Set(names)].filter((name) => !have.has(name));
    };
    const here = `${file} ${element.name} <${element.tagName}>`;
    for (const tag of Object.keys(documented)) {
      const sharedMissing = missing(tag, shared[tag] ?? []);
      gap(inherits ? BASE : here, tag, sharedMissing);
      gap(
        here,
        tag,
        missing(tag, own[tag] ?? []).filter((name) => !sharedMissing.includes(name)),
      );
    }
    for (const { name, union } of choices) {
      const attribute = element.attributes?.find((a) => a.name === name);
      if (attribute && attribute.type?.text !== union)
        gap(attribute.inheritedFrom ? BASE : here, `attr {${union}}`, [name]);
    }
    for (const [tag, items] of [
      ['attr', element.attributes],
      ['prop', element.members],
      ['fires', element.events],
    ]) {
      gap(here, `${tag} {type}`, untyped((items ?? []).filter((item) => !item.inheritedFrom)));
      gap(BASE, `${tag} {type}`, untyped((items ?? []).filter((item) => item.inheritedFrom)));
    }
  }
}

const canonical = [...configAttributes, 'for', 'notices', ...tokenProperties];
const rank = (name) => (canonical.includes(name) ? canonical.indexOf(name) : canonical.length);
const lines = [...gaps].flatMap(([where, tags]) =>
  Object.entries(tags).map(
    ([tag, names]) => `${where}: add @${tag} ${[...names].sort((a, b) => rank(a) - rank(b)).join(', ')}`,
  ),
);
if (lines.length === 0) console.log('custom-elements.json: no documentation gaps found');
else console.log(`custom-elements.json: ${lines.length} documentation gaps (JSDoc in src/):\n  ${lines.join('\n  ')}`);
if (process.argv.includes('--strict') && lines.length) process.exit(1);
