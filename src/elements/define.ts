import { ContextRoot } from '@lit/context';

const ROOT = Symbol.for('bulkhead-lab.context-root');

/**
 * Registers a tag unless it already is (two copies of the bundle on one page must not throw),
 * and makes sure late-upgrading sources still reach the views inside them.
 */
export function define(tag: string, element: CustomElementConstructor): void {
  const root = globalThis as unknown as Record<symbol, unknown>;
  if (!root[ROOT]) {
    root[ROOT] = true;
    new ContextRoot().attach(document.documentElement);
  }
  if (!customElements.get(tag)) customElements.define(tag, element);
}
