// A custom-elements-manifest plugin: the analyzer reads the TypeScript in src/, but the package
// ships the compiled files in dist/lib/. Point every module path at the file a user can import.
const SOURCE = /^\/?src\/(.+)\.(?:ts|js)$/;

function rewrite(value) {
  if (Array.isArray(value)) return value.forEach(rewrite);
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'path' || key === 'module') && typeof child === 'string')
      value[key] = child.replace(SOURCE, 'dist/lib/$1.js');
    else rewrite(child);
  }
}

export function shipPathsPlugin() {
  return {
    name: 'bulkhead-lab: shipped paths',
    packageLinkPhase({ customElementsManifest }) {
      rewrite(customElementsManifest.modules);
    },
  };
}
