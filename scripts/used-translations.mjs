// A rollup plugin: a build's translation file (`i18n/de.js` with the catalogue of every message it
// imports from `generated/locales/de.js`) keeps only the messages of the modules that build is made
// of. The lab's German file then carries none of <measured-run>'s words, and <measured-run>'s none
// of the lab's.
import path from 'node:path';
import MagicString from 'magic-string';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config.js';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime.js';

/** A locale's module, `i18n/de.js`: the facade of its translation file. */
const TRANSLATION = /[\\/]i18n[\\/][a-z]{2}(-[A-Za-z]+)?\.js$/;
/** The ids lit-localize gives messages: `s` (a string) or `h` (a template) and a 16-digit hash. */
const MESSAGE_ID = /^[sh][0-9a-f]{16}$/;

let messageIds;
/** Each source file's message ids, as `lit-localize extract` finds them (once per rollup run: a few seconds). */
function messageIdsByFile() {
  if (!messageIds) {
    const localizer = new RuntimeLitLocalizer(readConfigFileAndWriteSchema('lit-localize.json'));
    const { messages, errors } = localizer.extractSourceMessages();
    if (errors.length > 0) throw new Error(`lit-localize could not read the messages: ${errors.length} errors`);
    messageIds = new Map();
    for (const { name, file } of messages) {
      const source = path.resolve(file.fileName);
      if (!messageIds.has(source)) messageIds.set(source, new Set());
      messageIds.get(source).add(name);
    }
  }
  return messageIds;
}

/** The source a module of the build was compiled from: dist/lib/x.js was src/x.ts. */
const sourceOf = (id) => {
  const relative = path.relative(path.resolve('dist/lib'), id);
  return relative.startsWith('..') ? null : path.resolve('src', relative.replace(/\.js$/, '.ts'));
};

/** The catalogue in a translation chunk: the object whose every key is a message id. */
function catalogueIn(ast) {
  let found = null;
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      node.type === 'ObjectExpression' &&
      node.properties.length > 0 &&
      node.properties.every((p) => p.type === 'Property' && MESSAGE_ID.test(p.key.value ?? p.key.name))
    ) {
      if (!found || node.properties.length > found.properties.length) found = node;
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return found;
}

export const usedTranslations = () => ({
  name: 'used-translations',
  renderChunk(code, chunk) {
    if (!chunk.facadeModuleId || !TRANSLATION.test(chunk.facadeModuleId)) return null;
    const byFile = messageIdsByFile();
    const used = new Set();
    for (const id of this.getModuleIds()) for (const name of byFile.get(sourceOf(id)) ?? []) used.add(name);
    const catalogue = catalogueIn(this.parse(code));
    if (!catalogue) throw new Error(`${chunk.fileName}: no catalogue of messages found`);
    const out = new MagicString(code);
    const { properties } = catalogue;
    properties.forEach((property, i) => {
      if (used.has(property.key.value ?? property.key.name)) return;
      // The entry and what follows it up to the next entry, or for the last up to the closing brace.
      out.remove(property.start, properties[i + 1]?.start ?? catalogue.end - 1);
    });
    return { code: out.toString(), map: out.generateMap({ hires: true }) };
  },
});
