// Small helpers so tests read like what a person does: find, type, click, read.
import { fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { LitElement, TemplateResult } from 'lit';

/** Finds an element by a chain of selectors, each one looked up inside the previous one's shadow root. */
export function deep<T extends Element = HTMLElement>(root: Element, ...selectors: string[]): T {
  let current: Element = root;
  for (const selector of selectors) {
    const scope: ParentNode = current.shadowRoot ?? current;
    const found = scope.querySelector(selector);
    if (!found) throw new Error(`nothing matches ${selector} inside <${current.localName}>`);
    current = found;
  }
  return current as T;
}

export function deepAll<T extends Element = HTMLElement>(root: Element, ...selectors: string[]): T[] {
  const last = selectors.pop()!;
  const parent = selectors.length ? deep(root, ...selectors) : root;
  return [...(parent.shadowRoot ?? parent).querySelectorAll<T>(last)];
}

/** The text a person reads, with whitespace collapsed. */
export const textOf = (el: Element): string => ((el.shadowRoot ?? el).textContent ?? '').replace(/\s+/g, ' ').trim();

/** Waits until an element, the elements inside it and every Lit element in their shadow trees have rendered. */
export async function settled(el: Element): Promise<void> {
  const lit = el as LitElement;
  if ('updateComplete' in lit) await lit.updateComplete;
  for (const child of [...(el.shadowRoot?.querySelectorAll('*') ?? []), ...el.querySelectorAll('*')]) {
    if (child.shadowRoot) await settled(child);
  }
}

/** Mounts `markup` and waits until it and every element inside it have rendered. */
export async function settledFixture<T extends Element>(markup: TemplateResult): Promise<T> {
  const el = await fixture<T>(markup);
  await settled(el);
  return el;
}

/** The button in `el`'s shadow tree whose text is `label`, if there is one. */
export const buttonByLabel = (el: Element, label: string): HTMLButtonElement | undefined =>
  deepAll<HTMLButtonElement>(el, 'button').find((b) => b.textContent.trim() === label);

/** Replaces the content of a text or number box by typing, as a person would, then leaves it. */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  input.focus();
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'a' });
  await sendKeys({ up: 'Control' });
  if (value === '') await sendKeys({ press: 'Backspace' });
  else await sendKeys({ type: value });
  await sendKeys({ press: 'Tab' });
}

/** Picks an option in a select the way a browser reports it: value change, then input and change events. */
export function choose(select: HTMLSelectElement, value: string): void {
  select.focus();
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
