/**
 * Drawing in turns: each piece of drawing queued here runs in a task of its own, one after another,
 * so no two share a frame's script time and a reader's input is answered between them. A piece is
 * what an element draws when one part of it comes near the viewport: a section of a lab, the
 * timeline's picture. While the page is being printed, a piece runs at once: everything must be
 * drawn before the page is laid out for print.
 */
type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a new task: `scheduler.yield()` where there is one, else a message to ourselves. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

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
    await nextTask();
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
