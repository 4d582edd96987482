/**
 * Drawing in turns: each piece of drawing queued here runs in a frame of its own, one after another,
 * so no two share a frame's script time and a reader's input is answered between them. A piece is
 * what an element draws when one part of it comes near the viewport: a section of a lab, the
 * timeline's picture. While the page is being printed, a piece runs at once: everything must be
 * drawn before the page is laid out for print.
 */
/**
 * Resolves once the browser has painted a frame: in the task after the next animation frame's
 * callbacks, so that each piece runs at the start of a frame of its own and no two pieces share one.
 * A hidden tab paints nothing, so its pieces wait until it is shown.
 */
const nextFrame = (): Promise<void> =>
  // Not setTimeout(resolve): a timer that calls a native function names no script, and a long
  // animation frame would then not tell what follows in that task apart from the page's own work.
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve())));

const queue: (() => void)[] = [];
let running = false;
let printing = false;

/** Whether the page is about to be printed (between `beforeprint` and `afterprint`). */
export const isPrinting = (): boolean => printing;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    printing = true;
    for (let piece = queue.shift(); piece; piece = queue.shift()) piece();
  });
  window.addEventListener('afterprint', () => (printing = false));
}

async function run(): Promise<void> {
  running = true;
  for (let piece = queue.shift(); piece; piece = queue.shift()) {
    await nextFrame();
    try {
      piece();
    } catch (error) {
      reportError(error);
    }
  }
  running = false;
}

/** Runs `piece` in a task of its own, after every piece queued before it; resolves once it ran. */
export function inTurn(piece: () => void): Promise<void> {
  if (printing) {
    piece();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    queue.push(() => {
      piece();
      resolve();
    });
    if (!running) void run();
  });
}
