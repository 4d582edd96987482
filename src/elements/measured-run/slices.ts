/**
 * Long work on the main thread, cut into slices: a generator does the work and yields often; the
 * page gets its turn whenever a slice has run for a few milliseconds, so reading a large file never
 * holds input or painting back for long.
 */

/** How long one slice runs before the page gets its turn: well under the 50 ms of a long task. */
const SLICE_MS = 8;

/** One channel for every turn given back: a port made per turn leaves the garbage collector thousands to close. */
let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/**
 * Gives the main thread back until the browser has had its turn: a message to ourselves, a task of
 * its own, without the 4 ms a nested setTimeout adds. Not `scheduler.yield()`: Chromium runs its
 * continuations before painting, so a page drew 7 frames in half a second of slices instead of 32.
 */
export function nextTask(): Promise<void> {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  const promise = new Promise<void>((resolve) => waiting.push(resolve));
  channel.port2.postMessage(null);
  return promise;
}

/** A clock for a loop of its own (reading a download): `await clock()` gives the page its turn once a slice has run out. */
export function sliceClock(): () => Promise<void> {
  let until = performance.now() + SLICE_MS;
  return async () => {
    if (performance.now() < until) return;
    await nextTask();
    until = performance.now() + SLICE_MS;
  };
}

/** Runs `steps` to its end in slices; rejects with the signal's reason once it aborts. */
export async function inSlices<T>(steps: Generator<unknown, T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    await nextTask();
    signal.throwIfAborted();
    const until = performance.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= until) break;
    }
  }
}

/** Runs `steps` to its end at once, for a caller that reads a file whole (the experiment's Node scripts). */
export function atOnce<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
