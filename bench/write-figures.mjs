// Writes a bench's figures into the docs, between the markers that hold them.
import fs from 'node:fs';

/** Writes `block` (which starts with `start` and ends with `end`) over what each file holds between those markers. */
export function writeFigures(files, start, end, block) {
  for (const file of files) {
    const doc = fs.readFileSync(file, 'utf8');
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${file} has no ${start} marker`);
    fs.writeFileSync(file, doc.slice(0, from) + block + doc.slice(to + end.length));
    console.log(`written into ${file}`);
  }
}
