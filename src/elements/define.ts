import { CSSResult, type ReactiveElement } from 'lit';

/** Registers a tag unless it already is: two copies of the bundle on one page must not throw. */
export function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

/**
 * Does now what a class's first element would otherwise do as it upgrades: reads the class's
 * properties (reading `observedAttributes` finalizes a Lit class) and builds its style sheets.
 */
export function prepare(element: typeof ReactiveElement): void {
  void element.observedAttributes;
  for (const style of element.elementStyles) if (style instanceof CSSResult) void style.styleSheet;
}
