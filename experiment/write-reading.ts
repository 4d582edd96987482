// `npm run experiment:reading`: writes the reading of the committed sample into demo/measured.html
// and experiment/README.md, between their markers (experiment/reading.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { MeasuredRunFile } from './types.js';
import {
  DEMO_PAGE,
  KINDS_SAMPLE,
  README,
  SAMPLE,
  readingHtml,
  readingMarkdown,
  replaceBetweenMarkers,
} from './reading.js';

const read = (file: string): MeasuredRunFile => JSON.parse(readFileSync(file, 'utf8')) as MeasuredRunFile;

/** The demo page and the README as they should be for the committed sample. */
export function expectedFiles(): Record<string, string> {
  const sample = read(SAMPLE);
  const kinds = existsSync(KINDS_SAMPLE) ? read(KINDS_SAMPLE) : null;
  return {
    [DEMO_PAGE]: replaceBetweenMarkers(readFileSync(DEMO_PAGE, 'utf8'), readingHtml(sample, kinds), DEMO_PAGE),
    [README]: replaceBetweenMarkers(readFileSync(README, 'utf8'), readingMarkdown(sample, kinds), README),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, text] of Object.entries(expectedFiles())) {
    writeFileSync(file, text);
    console.log(`Wrote the reading into ${file}`);
  }
}
