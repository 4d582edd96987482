/**
 * Loads an element's module the first time its tag appears: in the document when this runs, in
 * markup added later, and (with `deep`) inside the shadow roots of the library's own elements. A
 * page pays only for the elements it shows.
 */
import { TAGS } from './tags.js';

export function loadWhenSeen(
  tags: readonly string[],
  load: (tag: string) => Promise<unknown>,
  { deep = false }: { deep?: boolean } = {},
): void {
  const requested = new Set<string>();
  const watched = new WeakSet<Node>();
  // Deep, every library element is looked into, as its shadow root may hold the tags asked for.
  const selector = (deep ? TAGS : tags).join(',');

  const request = (tag: string) => {
    if (!tags.includes(tag) || requested.has(tag) || customElements.get(tag)) return;
    requested.add(tag);
    load(tag).catch((error: unknown) => {
      requested.delete(tag); // a later appearance of the tag tries again
      console.error(`bulkhead-lab: <${tag}> could not be loaded`, error);
    });
  };

  const scan = (root: ParentNode) => {
    const found = root instanceof Element && root.matches(selector) ? [root] : [];
    for (const el of [...found, ...root.querySelectorAll(selector)]) {
      request(el.localName);
      if (deep)
        void customElements.whenDefined(el.localName).then(() => {
          if (el.shadowRoot) watch(el.shadowRoot);
        });
    }
  };

  const watch = (root: Document | ShadowRoot) => {
    if (watched.has(root)) return;
    watched.add(root);
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    }).observe(root, { childList: true, subtree: true });
    scan(root);
  };

  watch(document);
}
