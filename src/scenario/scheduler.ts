/**
 * When the library's elements draw: the one module that decides it.
 *
 * - **An element draws** in the microtask after a change, as any Lit element does, with two
 *   exceptions, both in `ScenarioElement.scheduleUpdate`: while its words are loading (German,
 *   `LocaleController.schedule`), and while its scenario is held for a paint (below).
 * - **An input is painted first.** A request a scenario answers (a reader's input, or a request
 *   event from the page) changes the scenario at once, then `paintFirst(scenario)` holds the
 *   elements that show that scenario, and only those, until the browser has painted the next
 *   frame (`scenario.held`): the chosen option or the pressed button shows at once, and the
 *   drawing it causes, however long, comes in the frame after. Other scenarios on the page draw on.
 * - **Large drawing comes in turns.** `inTurn(owner, piece)` runs `piece` at the start of a frame
 *   of its own, after every piece queued before it, so that no two pieces share a frame and a
 *   reader's input is answered between them: a lab's section, the timeline's picture, a line of a
 *   sweep. A piece whose `owner` has left the page is dropped when its turn comes.
 * - **A hidden tab** paints no frame. What waits for one (`nextFrame`: a paint hold, a turn) waits for
 *   a timer instead, so a lab in a background tab goes on drawing, at the pace the browser allows
 *   timers there, and a script awaiting `updateComplete` there is answered.
 * - **Print.** No frame comes between `beforeprint` and the print layout: from `beforeprint` to
 *   `afterprint` (or the next frame, for a page script's lone `beforeprint`), `isPrinting()` is
 *   true, every queued piece runs at once, and so does every piece queued meanwhile; a layout read
 *   by width (`container-layout.ts`) is read at once. What an element must draw for paper (a lab
 *   draws all its sections) it draws in its own `beforeprint` listener, which runs after this
 *   module's: this module is imported before any element is defined.
 */
import type { Scenario } from './scenario.js';

/** Resolves in a task after the next frame; in a hidden tab, which paints none, after a timer. */
export const nextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    // Not setTimeout(resolve): a timer that calls a native function names no script, and a long
    // animation frame would then not tell what follows in that task apart from the page's own work.
    if (document.hidden) setTimeout(() => resolve());
    else requestAnimationFrame(() => setTimeout(() => resolve()));
  });

/** Holds the elements that show `scenario` until the browser has painted the next frame. */
export function paintFirst(scenario: Scenario): void {
  if (!scenario.held && !printing) scenario.hold(nextFrame());
}

let printing = false;

/** Whether the page is being printed, from `beforeprint` to `afterprint`. */
export const isPrinting = (): boolean => printing;

/** The element a piece draws in, the piece, and what settles its promise. */
type Turn = [owner: Element, piece: () => void, done: () => void];

const queue: Turn[] = [];
let running = false;

/** Runs a turn's piece, unless its element has left the page since, and settles the turn. */
function take([owner, piece, done]: Turn): void {
  try {
    if (owner.isConnected) piece();
  } catch (error) {
    reportError(error);
  }
  done();
}

async function run(): Promise<void> {
  running = true;
  while (queue.length) {
    // A piece whose element has left the page is dropped at once, not in a frame of its own: a page
    // that removes its labs does not keep them alive until their turns come.
    if (queue[0]![0].isConnected) await nextFrame();
    const turn = queue.shift();
    if (turn) take(turn);
  }
  running = false;
}

/**
 * Runs `piece`, which draws in `owner`, at the start of a frame of its own after every piece queued
 * before it (at once while printing); resolves once it ran, or was dropped as `owner` left the page.
 */
export function inTurn(owner: Element, piece: () => void): Promise<void> {
  return new Promise((done) => {
    if (printing) return take([owner, piece, done]);
    queue.push([owner, piece, done]);
    if (!running) void run();
  });
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    printing = true;
    for (let turn = queue.shift(); turn; turn = queue.shift()) take(turn);
    // A page script may send `beforeprint` with no `afterprint`: printing is over by the next frame
    // in any case (a browser paints none while it prints).
    void nextFrame().then(() => (printing = false));
  });
  window.addEventListener('afterprint', () => (printing = false));
}
