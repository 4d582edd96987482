import fs from 'node:fs';
// Build output only: the bundles, the per-file ESM and the generated manifest.
for (const output of ['../dist', '../custom-elements.json']) {
  fs.rmSync(new URL(output, import.meta.url), { recursive: true, force: true });
}
