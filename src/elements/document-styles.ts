/**
 * An element's styles in whichever document it lives in. Lit shares each class's constructed
 * stylesheets among its shadow roots, and a browser lets only the document that made a stylesheet
 * use it: an element connected in another document (moved into an iframe) would throw and stay
 * empty. There its styles go in as `<style>` elements, as Lit does where constructed stylesheets are
 * missing; back in its own document, they are the shared stylesheets again.
 */
import { adoptStyles, type CSSResultOrNative, type LitElement } from 'lit';

/** The `<style>` elements this module put in shadow roots, to take out again. */
const added = new WeakSet<Element>();

const cssTextOf = (style: CSSResultOrNative): string =>
  style instanceof CSSStyleSheet ? Array.from(style.cssRules, (rule) => rule.cssText).join('\n') : style.cssText;

/** Styles `root` for the document it belongs to now. */
export function styleForDocument(root: ShadowRoot, styles: CSSResultOrNative[]): void {
  for (const style of [...root.children]) if (added.has(style)) style.remove();
  if (root.ownerDocument === document) return adoptStyles(root, styles);
  root.adoptedStyleSheets = [];
  const nonce = (globalThis as { litNonce?: string }).litNonce;
  root.prepend(
    ...styles.map((style) => {
      const element = root.ownerDocument.createElement('style');
      if (nonce !== undefined) element.setAttribute('nonce', nonce);
      element.textContent = cssTextOf(style);
      added.add(element);
      return element;
    }),
  );
}

/** Lit's render root, made in the element's own document: see `styleForDocument`. */
export function renderRootIn(
  host: LitElement,
  lit: () => HTMLElement | DocumentFragment,
): HTMLElement | DocumentFragment {
  if (host.ownerDocument === document) return lit();
  const type = host.constructor as typeof LitElement;
  const root = host.shadowRoot ?? host.attachShadow(type.shadowRootOptions);
  styleForDocument(root, type.elementStyles);
  return root;
}

/** After a move to another document, the rendered root is styled for that document. */
export function restyleAfterMove(host: LitElement): void {
  const root = host.shadowRoot;
  if (root && host.renderRoot === root) styleForDocument(root, (host.constructor as typeof LitElement).elementStyles);
}
