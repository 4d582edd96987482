/** Registers a tag unless it already is: two copies of the bundle on one page must not throw. */
export function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
