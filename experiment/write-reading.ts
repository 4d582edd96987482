// `npm run experiment:reading`: writes the reading of the committed sample into demo/measured.html
// and experiment/README.md, between their markers (experiment/reading.ts). `--sample FILE` and
// `--kinds FILE` read other files; a file it cannot read ends it with one line, writing nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { MeasuredRunFile } from './types.js';
import { parseResult } from './read-result.js';
import {
  DEMO_PAGE,
  KINDS_SAMPLE,
  README,
  SAMPLE,
  readingHtml,
  readingMarkdown,
  replaceBetweenMarkers,
} from './reading.js';

const read = (file: string): MeasuredRunFile => parseResult(readFileSync(file, 'utf8'), file);

/** The demo page and the README as they should be for the sample (by default the committed one). */
export function expectedFiles(sampleFile = SAMPLE, kindsFile = KINDS_SAMPLE): Record<string, string> {
  const sample = read(sampleFile);
  const kinds = existsSync(kindsFile) ? read(kindsFile) : null;
  return {
    [DEMO_PAGE]: replaceBetweenMarkers(readFileSync(DEMO_PAGE, 'utf8'), readingHtml(sample, kinds), DEMO_PAGE),
    [README]: replaceBetweenMarkers(readFileSync(README, 'utf8'), readingMarkdown(sample, kinds), README),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { values } = parseArgs({ options: { sample: { type: 'string' }, kinds: { type: 'string' } } });
    for (const [file, text] of Object.entries(expectedFiles(values.sample, values.kinds))) {
      writeFileSync(file, text);
      console.log(`Wrote the reading into ${file}`);
    }
  } catch (error) {
    console.error(`npm run experiment:reading: ${(error as Error).message.split('\n')[0]}`);
    process.exitCode = 1;
  }
}
