import { holdUpdates } from './update-holds.js';

/**
 * Waiting for the browser to paint: so that the script that loads the lab and the labs' upgrade fall
 * in frames of their own, and so that a reader's input is painted before what it changes is drawn.
 */

/** Runs `task` in a task after the next frame; at once in a hidden tab, which paints none. */
export function afterFrame(task: () => void): void {
  if (document.hidden) setTimeout(task);
  else requestAnimationFrame(() => setTimeout(task));
}

let painting: Promise<void> | null = null;

/** Every update waits for the paint `paintFirst` asked for. */
holdUpdates(() => painting);

/**
 * A request is being answered: the elements draw what it changes only after the browser has painted
 * the input that asked for it (the chosen option, the pressed button), so that the input shows at
 * once and the drawing, however long, comes in the next frame.
 */
export function paintFirst(): void {
  // Not afterFrame(resolve): a timer that calls a native function names no script, and a long
  // animation frame would then not tell the drawing that follows apart from the page's own work.
  painting ??= new Promise<void>((resolve) => afterFrame(() => resolve())).then(() => {
    painting = null;
  });
}
