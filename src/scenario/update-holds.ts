/**
 * What holds an element's update back. The elements themselves hold nothing back; the code that
 * answers a reader's input (the paint of that input first, frames.ts) and the code that draws a lab
 * in turns (turns.ts) add their holds when a page loads them, so a page that has neither pays for
 * neither.
 */

/** A hold: what an element's update waits for, or null to let it go ahead. */
type Hold = (element: Element) => Promise<void> | null;

const holds: Hold[] = [];

/** Adds a hold on every element's updates. */
export function holdUpdates(hold: Hold): void {
  holds.push(hold);
}

/** What an element's update waits for: the first hold that holds it, or null. */
export const updateDue = (element: Element): Promise<void> | null =>
  holds.reduce<Promise<void> | null>((due, hold) => due ?? hold(element), null);
