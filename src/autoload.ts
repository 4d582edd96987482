/**
 * The autoloader, `dist/autoload.js`: one script tag for a page that uses only some elements. It
 * loads an element's module (`dist/elements/<tag>.js`, with the chunks it shares) the first time
 * its tag appears: in the document, in an element added later, or in the shadow root of one of the
 * library's own elements. A page pays only for the elements it shows.
 */
import { TAGS } from './elements/tags.js';

const requested = new Set<string>();
const watched = new WeakSet<Node>();
const selector = TAGS.join(',');

function load(tag: string): void {
  if (requested.has(tag) || customElements.get(tag)) return;
  requested.add(tag);
  import(new URL(`./elements/${tag}.js`, import.meta.url).href).catch((error: unknown) => {
    requested.delete(tag); // a later appearance of the tag tries again
    console.error(`bulkhead-lab autoload: <${tag}> could not be loaded`, error);
  });
}

/** Loads every library tag in `root` and watches the shadow roots those elements render into. */
function scan(root: ParentNode): void {
  const found = root instanceof Element && root.matches(selector) ? [root] : [];
  for (const el of [...found, ...root.querySelectorAll(selector)]) {
    const tag = el.localName;
    load(tag);
    void customElements.whenDefined(tag).then(() => {
      if (el.shadowRoot) watch(el.shadowRoot);
    });
  }
}

function watch(root: Document | ShadowRoot): void {
  if (watched.has(root)) return;
  watched.add(root);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
  }).observe(root, { childList: true, subtree: true });
  scan(root);
}

watch(document);
