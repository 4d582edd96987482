import type { ReactiveElement } from 'lit';
import { holdUpdates } from '../scenario/update-holds.js';
import { isPrinting } from './printing.js';

/**
 * Drawing in turns: each piece of drawing queued here runs in a frame of its own, one after another,
 * so no two share a frame's script time and a reader's input is answered between them. A piece is
 * what an element draws when one part of it comes near the viewport: a section of a lab, the
 * timeline's picture, the first drawing of an element a piece put on the page. While the page is
 * being printed, a piece runs at once: everything must be drawn before the page is laid out for
 * print.
 */
/**
 * Resolves at the start of a frame of its own, so that no two pieces share one. A hidden tab paints
 * nothing, so its pieces wait until it is shown.
 */
const nextFrame = (): Promise<void> =>
  // Not setTimeout(resolve): a timer that calls a native function names no script, and a long
  // animation frame would then not tell what follows in that task apart from the page's own work.
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve())));

/** The element a piece draws in, the piece, and what settles its promise. */
type Turn = [owner: Element, piece: () => void, done: () => void];

const queue: Turn[] = [];
let running = false;
/** Whether a piece is drawing: from its start to the end of its task, whose microtasks run the updates it set off. */
let drawing = false;
/** Where the next turn for an element the running piece put on the page goes: after those before it. */
let following = 0;

if (typeof window !== 'undefined')
  window.addEventListener('beforeprint', () => {
    for (let turn = queue.shift(); turn; turn = queue.shift()) take(turn);
  });

/** Runs a turn's piece, unless its element has left the page since, and settles the turn. */
function take([owner, piece, done]: Turn): void {
  drawing = true;
  following = 0;
  setTimeout(() => (drawing = false));
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
    // that removes its labs does not keep them alive until their turns come. An element put back on
    // the page queues again what it still has to draw.
    if (queue[0]![0].isConnected) await nextFrame();
    // Taken after the frame: the elements the last piece put on the page have queued their turns first.
    const turn = queue.shift();
    if (turn) take(turn);
  }
  running = false;
}

/**
 * Runs `piece`, which draws in `owner`, in a task of its own after every piece queued before it;
 * resolves once it ran, or once it was dropped because `owner` left the page.
 */
export function inTurn(owner: Element, piece: () => void): Promise<void> {
  return new Promise((done) => enqueue([owner, piece, done], queue.length));
}

function enqueue(turn: Turn, at: number): void {
  if (isPrinting()) return take(turn);
  queue.splice(at, 0, turn);
  if (!running) void run();
}

/**
 * An element that a piece puts on the page (a section's view) draws its first time in a turn of its
 * own, right after that piece: the piece and every element it adds would otherwise share one task.
 */
holdUpdates((element) =>
  drawing && !isPrinting() && !(element as ReactiveElement).hasUpdated
    ? new Promise((done) => enqueue([element, () => {}, done], following++))
    : null,
);
