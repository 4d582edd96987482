// A custom-elements-manifest plugin: JSX types for every element (React 19, Preact, Solid and other
// JSX frameworks), written by custom-element-jsx-integration from a copy of the finished manifest
// made to suit that tool:
// - a property, and an attribute backed by one, takes its type from the element's own class
//   declaration (`import("…/outcome-gate.js").OutcomeGate["tenant"]`), so JSX checks exactly what
//   TypeScript would; an attribute with no property (the config attributes) keeps the manifest's
//   type, always a literal union or a primitive (the audit sees that every one is typed);
// - read-only properties (`scenario`, `isScenarioSource`…) are left out: a JSX prop sets them;
// - the tool wraps an event's type in CustomEvent<…> itself and imports nothing for it, so each
//   event gets its detail type, named through the package's own type exports.
import fs from 'node:fs';
import path from 'node:path';
import { generateJsxTypes } from 'custom-element-jsx-integration';

const BUILT_IN = new Set(['CustomEvent', 'Event', 'Record', 'Partial', 'Readonly', 'Array', 'Map', 'Set', 'Promise']);

export function jsxTypesPlugin({ outdir, fileName }) {
  const from = (file) => {
    const relative = path.posix.relative(outdir, file);
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  const index = from('dist/lib/index.js');
  /** `CustomEvent<RunDetail>` → `import("../lib/index.js").RunDetail`. */
  const detailOf = (type) =>
    (type?.replace(/^CustomEvent<(.*)>$/s, '$1') ?? 'never').replace(/\b[A-Z]\w*\b/g, (name) =>
      BUILT_IN.has(name) ? name : `import("${index}").${name}`,
    );
  return {
    name: 'bulkhead-lab: JSX types',
    packageLinkPhase({ customElementsManifest }) {
      const manifest = structuredClone(customElementsManifest);
      for (const mod of manifest.modules) {
        for (const element of mod.declarations ?? []) {
          if (!element.customElement) continue;
          const own = `import("${from(mod.path)}").${element.name}`;
          for (const attribute of element.attributes ?? []) {
            attribute.jsxType = {
              text: attribute.fieldName ? `${own}["${attribute.fieldName}"]` : (attribute.type?.text ?? 'string'),
            };
          }
          element.members = (element.members ?? []).filter((member) => !(member.kind === 'field' && member.readonly));
          for (const member of element.members) member.jsxType = { text: `${own}["${member.name}"]` };
          for (const event of element.events ?? []) event.type = { text: detailOf(event.type?.text) };
        }
      }
      generateJsxTypes(manifest, { outdir, fileName, typesSrc: 'jsxType', hideLogs: true });
      // The types have no runtime; an empty module beside them lets `import 'bulkhead-lab/jsx'`
      // (not only `import type`) resolve in Node and bundlers.
      fs.writeFileSync(
        path.join(outdir, fileName.replace(/\.d\.ts$/, '.js')),
        '// Types only: see index.d.ts.\nexport {};\n',
      );
    },
  };
}
