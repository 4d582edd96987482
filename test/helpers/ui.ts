// Small helpers so tests read like what a person does: find, type, click, read.
import { fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { LitElement, TemplateResult } from 'lit';

/**
 * Finds an element by a chain of selectors, each one looked up inside the previous one's shadow
 * root. Where a selector matches several elements (a lab has two `lab-controls`), the chain goes on
 * in the first of them that holds the rest of it.
 */
export function deep<T extends Element = HTMLElement>(root: Element, ...selectors: string[]): T {
  const found = search(root, selectors);
  if (!found) throw new Error(`nothing matches ${selectors.join(' → ')} inside <${root.localName}>`);
  return found as T;
}

function search(current: Element, [selector, ...rest]: string[]): Element | null {
  if (selector === undefined) return current;
  for (const match of (current.shadowRoot ?? current).querySelectorAll(selector)) {
    const found = search(match, rest);
    if (found) return found;
  }
  return null;
}

/** Every element the last selector matches, inside each element the chain before it leads to. */
export function deepAll<T extends Element = HTMLElement>(root: Element, ...selectors: string[]): T[] {
  const last = selectors.pop()!;
  const parents = selectors.length ? all(root, selectors) : [root];
  return parents.flatMap((parent) => [...(parent.shadowRoot ?? parent).querySelectorAll<T>(last)]);
}

function all(current: Element, [selector, ...rest]: string[]): Element[] {
  if (selector === undefined) return [current];
  return [...(current.shadowRoot ?? current).querySelectorAll(selector)].flatMap((match) => all(match, rest));
}

/** The text a person reads, with whitespace collapsed. */
export const textOf = (el: Element): string => ((el.shadowRoot ?? el).textContent ?? '').replace(/\s+/g, ' ').trim();

/** The text a person reads in every element the selectors lead to (see `deepAll`), one after another. */
export const textOfAll = (root: Element, ...selectors: string[]): string =>
  deepAll(root, ...selectors)
    .map((el) => textOf(el))
    .join(' ');

/**
 * Waits until an element, the elements inside it and every Lit element in their shadow trees have
 * rendered, and every slot-by-tick picture among them is drawn and shown: a timeline draws its
 * picture in a turn of its own once its layout is known, and shows it once it is known to fit.
 */
export async function settled(el: Element): Promise<void> {
  const lit = el as LitElement;
  // An update may ask for another as it ends (a focus moved, a request answered), drawn a frame later.
  if ('updateComplete' in lit)
    do await lit.updateComplete;
    while (lit.isUpdatePending);
  const waiting = () => !el.shadowRoot?.querySelector('tbody tr') || el.shadowRoot.querySelector('.frame.measuring');
  for (let frame = 0; el.localName === 'tick-timeline' && waiting(); frame++) {
    if (frame === 60 || !el.isConnected) break; // a timeline that is not rendered (display: none) never draws
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    await lit.updateComplete;
  }
  for (const child of [...(el.shadowRoot?.querySelectorAll('*') ?? []), ...el.querySelectorAll('*')]) {
    if (child.shadowRoot) await settled(child);
  }
}

/**
 * Waits until `el` has rendered and its resize observers have answered: they answer after layout,
 * and what they change may take a layout, and a frame, more.
 */
export async function laidOut(el: Element): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await settled(el);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
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

/**
 * Types `text` into the focused field with real key presses, in as few `type` commands as WebKitGTK
 * allows: within one, its driver drops a key typed right after the same key ("99" gives "9") and
 * every space after the first.
 */
export async function typeText(text: string): Promise<void> {
  let chunk = '';
  for (const char of text) {
    if (char === chunk.at(-1) || (char === ' ' && chunk.includes(' '))) {
      await sendKeys({ type: chunk });
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) await sendKeys({ type: chunk });
}

/**
 * Replaces the content of a text or number box by typing, as a person would, then leaves it. The
 * text is selected with `select()`, not Control+A: WebDriver cannot hold a key down.
 */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  input.focus();
  input.select();
  if (value === '') await sendKeys({ press: 'Backspace' });
  else await typeText(value);
  await sendKeys({ press: 'Tab' });
}

/**
 * Whether `el` is wider inside than its box, so it scrolls or clips sideways. Inline boxes never
 * scroll: Firefox gives them a scrollWidth but a clientWidth of 0, where the others give 0 for both.
 */
export const scrollsSideways = (el: Element): boolean =>
  !['inline', 'contents', 'none'].includes(getComputedStyle(el).display) && el.scrollWidth > el.clientWidth + 1;

/** Picks an option in a select the way a browser reports it: value change, then input and change events. */
export function choose(select: HTMLSelectElement, value: string): void {
  select.focus();
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
