/**
 * Which of a lab's sections are drawn, and when: the one place that decides it (CONTRIBUTING.md,
 * "How the lab draws").
 *
 * A lab is in one of three phases:
 * - `far`: not near the viewport yet. It draws its header only, keeps a screen's height, and
 *   simulates nothing; its scenario still answers a page script or a widget that names it.
 * - `first`: it came near. The sections of its first screen (the table's `first` ones) draw, one
 *   per turn, hidden until all of them (the timeline's picture included) are drawn: a reader sees
 *   the first screen whole, never piece by piece.
 * - `outline`: the first screen shows, and with it every later section's heading and text. A later
 *   section's view draws as it comes near the viewport, in a turn of its own, its space kept
 *   meanwhile at its declared size; a closed section's, when it is opened.
 *
 * Every trigger asks through one entry, `reveal(ids, { now })`: coming near (in turns), the focus
 * arriving in the lab or on a section's heading, find-in-page, a link to the lab or to what follows
 * it, printing and `loading="eager"` (at once). A lab drawn at once has nothing left to grow above a
 * link's target: the browser scrolled to the target with the lab's sections at their declared sizes,
 * and they keep their place as they draw.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { inTurn } from '../../scenario/scheduler.js';
import type { Part } from '../../scenario/parts.js';
import { SECTIONS, type Section } from './sections.js';

export type Phase = 'far' | 'first' | 'outline';

/** What the drawing needs of its lab besides the lab itself. */
export interface DrawingOptions {
  /** The lab's words that its outline shows (guided steps, scope), if they come in a file of their own. */
  words: Part<unknown>;
  /** Resolves once every view drawn in the lab has drawn, the timeline's picture included. */
  viewsDrawn: () => Promise<unknown>;
  /** Updates the lab at once (Lit's `performUpdate`), for print. */
  drawNow: () => void;
}

/** Whether the browser keeps what is on screen in place while something above it grows (not WebKit). */
const ANCHORS = CSS.supports('overflow-anchor', 'none');

const FIRST = SECTIONS.filter((section) => section.first).map((section) => section.id);
const OPEN = SECTIONS.filter((section) => !section.closed).map((section) => section.id);
const byId = (id: string) => SECTIONS.find((section) => section.id === id);

/**
 * Whether `target` (a node of the document) is inside `lab` or after it on the page, through the
 * shadow roots `lab` is in.
 */
function atOrAfter(lab: Element, target: Element): boolean {
  let node: Element = lab;
  for (let root = node.getRootNode(); root !== target.getRootNode(); root = node.getRootNode()) {
    if (!(root instanceof ShadowRoot)) return false;
    node = root.host;
  }
  return node === target || (node.compareDocumentPosition(target) & 20) !== 0; // following, or contained by
}

/**
 * Where the browser does not anchor scrolling (WebKit), keeps a link's `target` where the browser
 * took the reader while the lab grows after the link: each time the lab's size changes, the target
 * is scrolled to again as the browser scrolled to it (its top at the viewport's top, or as near as
 * the page allows), until the lab is `drawn` and has then kept its size for a second. Not a second
 * from the link: on a busy machine the lab's files can take longer than that to come.
 */
function holdInPlace(lab: Element, target: Element, drawn: Promise<unknown>): void {
  const view = lab.ownerDocument.defaultView!;
  let idle: number | null = null; // the second's timer, from the moment the lab is drawn
  const countDown = () => {
    view.clearTimeout(idle ?? undefined);
    idle = view.setTimeout(() => observer.disconnect(), 1000);
  };
  const observer = new ResizeObserver(() => {
    target.scrollIntoView({ block: 'start' });
    if (idle !== null) countDown();
  });
  observer.observe(lab);
  void drawn.finally(countDown);
}

/**
 * Nothing can be fetched between `beforeprint` and the print layout, so once the page is idle, the
 * files that labs' open sections need are fetched even for a lab the reader has not come near: an
 * article printed from its top prints a lab far below it whole. Once per page.
 */
let fetchedForPrint = false;
function fetchForPrint(words: Part<unknown>): void {
  if (fetchedForPrint) return;
  fetchedForPrint = true;
  const fetchAll = () => {
    void words.load();
    for (const section of SECTIONS) if (!section.closed) void section.part?.load();
  };
  if ('requestIdleCallback' in window) requestIdleCallback(fetchAll, { timeout: 10_000 });
  else setTimeout(fetchAll, 3_000);
}

export class Drawing implements ReactiveController {
  /** Which phase the lab is in. */
  get phase(): Phase {
    return this.#phase;
  }
  #phase: Phase = 'far';
  /** The sections whose views are drawn. */
  #drawn = new Set<string>();
  /** The closed sections the reader has opened. */
  #opened = new Set<string>();
  /** Sections waiting for their turn. */
  readonly #queued = new Set<string>();
  /** What `updateComplete` waits for: the files being fetched for drawn sections. */
  readonly #fetching = new Set<Promise<unknown>>();
  #showing = false;
  readonly #host: ReactiveElement;
  readonly #options: DrawingOptions;
  readonly #near = new IntersectionObserver(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        if (!isIntersecting) continue;
        if (target === this.#host) this.reveal(FIRST);
        else this.reveal([(target as HTMLElement).dataset.section!]);
      }
    },
    { rootMargin: '100% 0px' }, // a screen ahead, so a reader scrolling on finds it drawn
  );

  constructor(host: ReactiveElement, options: DrawingOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** Whether a section's view is drawn (a section without one is all text, drawn with its heading). */
  isDrawn({ id, closed, view }: Section): boolean {
    return !view || (closed ? this.#opened.has(id) : this.#drawn.has(id));
  }

  /** Whether a closed section is open. */
  isOpen(id: string): boolean {
    return this.#opened.has(id);
  }

  /**
   * Draws the views of sections `ids` (the first screen's first, if not drawn yet): each in a turn
   * of its own, or with `now` in the lab's next update, once its file is here. A section whose file
   * cannot be loaded says so in place of its view.
   */
  reveal(ids: readonly string[], { now = false } = {}): void {
    const phase = this.#phase;
    if (phase === 'far') {
      this.#phase = 'first';
      this.#fetchAll();
    }
    if (now) this.#phase = 'outline';
    if (this.#phase !== phase) this.#host.requestUpdate();
    for (const id of new Set([...FIRST, ...ids])) {
      const section = byId(id);
      if (!section || this.#drawn.has(id) || (this.#queued.has(id) && !now)) continue;
      this.#queued.add(id);
      const draw = () => {
        this.#queued.delete(id);
        if (this.#drawn.has(id) || !this.#host.isConnected) return;
        this.#drawn = new Set([...this.#drawn, id]);
        this.#host.requestUpdate();
      };
      // Its file first, if it has one: the view then draws whole, never growing under the reader.
      const fetched = section.part && !section.part.value ? this.#fetch(section) : null;
      if (now) void (fetched ? fetched.then(draw) : draw());
      else void (fetched ?? Promise.resolve()).then(() => inTurn(this.#host, draw));
    }
  }

  /** Opens or closes a closed section: open, its view draws at once (its file fetched again if it failed before). */
  toggle(id: string, open: boolean): void {
    if (open === this.#opened.has(id)) return;
    this.#opened = new Set(open ? [...this.#opened, id] : [...this.#opened].filter((other) => other !== id));
    const section = byId(id);
    if (open && section?.part && !section.part.value) void this.#fetch(section);
    this.#host.requestUpdate();
  }

  /** Resolves once the files being fetched for drawn sections have come, or could not. */
  get settled(): Promise<unknown> {
    return Promise.all(this.#fetching);
  }

  #fetch(section: Section): Promise<unknown> {
    return this.#load(section.part!);
  }

  /** Loads a part, drawing again once it is here (or could not be loaded); `updateComplete` waits for it. */
  #load(part: Part<unknown>): Promise<unknown> {
    const fetching = part.load().then(() => this.#host.requestUpdate());
    this.#fetching.add(fetching);
    void fetching.then(() => this.#fetching.delete(fetching));
    return fetching;
  }

  /** The lab's words and the open sections' files, fetched once the lab comes near, so they are here when reached. */
  #fetchAll(): void {
    if (!this.#options.words.value) void this.#load(this.#options.words);
    for (const section of SECTIONS)
      if (!section.closed && section.part && !section.part.value) void this.#fetch(section);
  }

  /** Shows the first screen, and the outline of the rest. */
  #show(): void {
    this.#phase = 'outline';
    this.#host.requestUpdate();
  }

  /**
   * A link followed to the lab, or to what follows it: every open section draws at once, so that
   * nothing above the link's target grows after the browser scrolled to it.
   */
  readonly #linked = (): void => {
    const target = this.#host.ownerDocument.querySelector(':target');
    if (!target || !atOrAfter(this.#host, target)) return;
    this.reveal(OPEN, { now: true });
    if (!ANCHORS) holdInPlace(this.#host, target, this.#host.updateComplete);
  };

  /**
   * A page being printed shows the whole lab, drawn in this listener: no frame comes before the
   * print layout. Its views draw in the microtasks after it.
   */
  readonly #print = (): void => {
    this.#phase = 'outline';
    this.#drawn = new Set(OPEN);
    this.#host.requestUpdate();
    this.#options.drawNow();
  };

  /** What the lab watches to hear that it, or a section not drawn yet, comes near. */
  readonly #watched = new Set<Element>();

  #watch(targets: Element[]): void {
    for (const target of this.#watched)
      if (!targets.includes(target)) {
        this.#near.unobserve(target);
        this.#watched.delete(target);
      }
    for (const target of targets)
      if (!this.#watched.has(target)) {
        this.#near.observe(target);
        this.#watched.add(target);
      }
  }

  hostConnected(): void {
    fetchForPrint(this.#options.words);
    window.addEventListener('beforeprint', this.#print);
    window.addEventListener('hashchange', this.#linked);
    this.#linked();
    // WebKit takes a page's own link target (`:target`) only as the page ends loading.
    if (this.#host.ownerDocument.readyState !== 'complete')
      window.addEventListener('load', this.#linked, { once: true });
    this.#host.requestUpdate(); // put back on the page, it watches again what it watched
  }

  hostDisconnected(): void {
    window.removeEventListener('beforeprint', this.#print);
    window.removeEventListener('hashchange', this.#linked);
    window.removeEventListener('load', this.#linked);
    this.#near.disconnect();
    this.#watched.clear();
    this.#queued.clear();
  }

  /**
   * Watches the lab until it comes near, then each view not drawn yet; once the first screen is
   * drawn (its words, its views and the picture too), shows it, in a turn of its own.
   */
  hostUpdated(): void {
    const phase = this.phase;
    this.#watch(phase === 'far' ? [this.#host] : [...this.#host.renderRoot.querySelectorAll('[data-section]')]);
    if (phase !== 'first' || this.#showing || !FIRST.every((id) => this.#drawn.has(id))) return;
    this.#showing = true;
    void Promise.all([this.#options.viewsDrawn(), this.#options.words.load()])
      .then(() => inTurn(this.#host, () => this.#show()))
      .finally(() => (this.#showing = false));
  }
}
