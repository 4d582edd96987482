import { css, html, nothing, type PropertyValues } from 'lit';
import { msg, str } from '../../i18n/msg.js';
import { readPermalink, writePermalink } from '../../scenario/permalink.js';
import { presetOf, readConfigAttributes } from '../../scenario/config-attributes.js';
import type { Note } from '../../scenario/notices.js';
import { metricsAt, normalizeConfig, quoteValue, recovery } from '../../sim/index.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { GATE_LABEL } from '../format.js';
import { recoveryText } from './guides.js';
import { ScenarioElement } from '../scenario-element.js';
import { LabKey } from './lab-key.js';
import { SourceElement } from '../source-element.js';
import { NearController } from '../near-controller.js';
import { inTurn } from '../turns.js';
import { TITLE, tagline, type Experiment } from './guides.js';
import type * as StepsModule from './steps.js';
import { SECTIONS, type LabView, type Section } from './sections.js';
import type { StepCheck } from './step-check.js';

/** Every experiment's guided steps, and the scope, fetched when the first lab comes near, or the page is idle. */
let guides: Promise<typeof StepsModule> | null = null;
const fetchGuides = () => (guides ??= import('./steps.js'));

/**
 * Nothing can be fetched between `beforeprint` and the print layout, so once the page is idle, the
 * files every lab's open sections need (the guided steps, the notes) are fetched even for a lab the
 * reader has not come near: printed, it shows them too. Once per page.
 */
let fetchedForPrint = false;
function fetchForPrint(): void {
  if (fetchedForPrint) return;
  fetchedForPrint = true;
  const fetchAll = () => {
    for (const loading of [fetchGuides(), ...SECTIONS.map((section) => !section.closed && section.load?.())])
      if (loading) loading.catch(() => {}); // a lab that needs the file meets the failure itself
  };
  if ('requestIdleCallback' in window) requestIdleCallback(fetchAll, { timeout: 10_000 });
  else setTimeout(fetchAll, 3_000);
}

/** Every section, and the id of the group (the section with a heading) each one belongs to. */
const GROUPS = SECTIONS.reduce<Section[][]>((groups, section) => {
  if (section.heading || !groups.length) groups.push([section]);
  else groups.at(-1)!.push(section);
  return groups;
}, []);

/** The groups of the first screen: the inputs and gates, then playback and the picture. */
const FIRST_GROUPS = 1 + GROUPS.findIndex((group) => group[0]!.id === 'inspection');
/** The groups after the first screen, outlined one per turn. */
const LATER_GROUPS = GROUPS.length - FIRST_GROUPS;
/** The views of the first screen, drawn one per turn, shown together. */
const FIRST_VIEWS = GROUPS.slice(0, FIRST_GROUPS).flatMap((group) => group.map((section) => section.id));
/**
 * Whether find-in-page reaches text the browser skips: only then may a lab leave its far sections
 * unrendered (see `.skips`), as their text must stay findable. The engines with `beforematch` do.
 */
const FINDS_SKIPPED = 'onbeforematch' in HTMLElement.prototype;

/**
 * The complete lab: the inputs a reader changes most, both tenants' full-window gates, playback and
 * the slot-by-tick picture on its first screen; then the guided steps, the other inputs, the views
 * at the inspected tick, the full-window calculation, the comparison of policies, the sweep, notes,
 * every request and resource as text, and its scope. It is a scenario source: page scripts drive it
 * with the request events and hear `bulkhead-run` and `bulkhead-tick`.
 *
 * It draws what a reader comes near: each section as it nears the viewport (`loading="lazy"`, the
 * default), a closed section when it is opened; `loading="eager"` draws every open section at once.
 * Printing draws it all. A section not yet drawn is still reached: by the keyboard (its heading takes
 * the focus and the section draws; the title does so for the first screen), and by find-in-page
 * where the browser supports `hidden="until-found"`.
 *
 * @summary The complete bulkhead lab.
 * @attr {'stalled-dependency' | 'count-every-request' | 'slow-vs-dead' | 'retry-storm'} preset - `stalled-dependency`, `count-every-request`, `slow-vs-dead` or `retry-storm`: config and guided steps.
 * @attr {string} heading - a title to show instead of the preset's.
 * @attr {boolean} permalink - keep the settings and inspected tick in the URL hash, and restore them on load.
 * @attr {'lazy' | 'eager'} loading - `lazy` (default): draw each section as the reader comes near it; `eager` (in any
 *   case): draw every open section at once, as a page script that reads the whole lab needs.
 * @attr {string} id - names the lab's notes and permalink entries. Without one, the lab is named by its preset
 *   and its place among id-less labs with that preset on the page (`stalled-dependency~2`): stable
 *   across reloads of the same page, but renumbered when labs are added, removed or moved, so give
 *   each lab an id if that happens. A later lab with an id an earlier lab has gets a numbered key
 *   (`fifo~id2`) and a notice.
 * @fires {CustomEvent<ConfigDetail>} bulkhead-config-request - an edit in the lab's controls; the lab answers it.
 * @fires {CustomEvent<SeekDetail>} bulkhead-seek-request - the lab's timeline asks to inspect a tick; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-play-request - the lab's Play button; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-pause-request - the lab's Pause button; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-step-request - the lab's Next tick button; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-restart-request - the lab's Restart button; the lab answers it.
 * @fires {CustomEvent<SpeedDetail>} bulkhead-speed-request - a speed chosen in the lab; the lab answers it.
 * @slot steps - your own guided steps, e.g. an `<ol slot="steps">`, in place of the preset's.
 * @slot - anything else you put inside the lab, such as a view of your own (`<outcome-table>`): shown at the end
 *   of the lab, and a view there shows the lab's scenario.
 * @csspart lab - the whole lab.
 * @csspart steps - the preset's guided steps.
 * @csspart header - the title and what the lab shows.
 * @csspart section - each section of the lab.
 * @csspart fullscreen - the Expand experiment / Exit full screen button.
 * @csspart notices - notices about attributes that were corrected.
 * @cssproperty --bulkhead-color-a - tenant A's colour.
 * @cssproperty --bulkhead-color-b - tenant B's colour.
 * @cssproperty --bulkhead-font - the font of the lab (default: the page's, inherited).
 * @cssproperty --bulkhead-font-size - the size of the lab's text against the page's (default 0.85em, so that its first
 *   screen fits one screen of a blog column; 1em reads at the article's size).
 * @cssproperty --bulkhead-space - the base gap between pieces (default 0.5em).
 */
export class BulkheadLab extends SourceElement {
  static override readonly defaultHeadingLevel = 2;
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .lab {
        font-size: var(--bulkhead-font-size, 0.85em);
        background: var(--_bg);
        border: 1px solid var(--_line);
        border-radius: calc(var(--_radius) * 1.5);
        padding: calc(var(--_gap) * 1.5);
        display: grid;
        gap: calc(var(--_gap) * 1.5);
        min-width: 0;
      }
      /* A screen's height from its upgrade on: its header is drawn a frame later (see scheduleUpdate). */
      :host {
        display: block;
        min-height: 100vh;
        border-radius: calc(var(--_radius) * 1.5);
      }
      .heading {
        font-weight: 700;
        line-height: 1.25;
      }
      .title {
        margin: 0;
        font-size: 1.35em;
        overflow-wrap: anywhere; /* a long word in the page's heading wraps rather than widening the page */
      }
      .section {
        margin: 0 0 var(--_gap);
        font-size: 1.1em;
      }
      .tagline {
        margin: 0.2em 0 0;
      }
      .kicker {
        margin: 0;
        color: var(--_muted);
        font-size: max(12px, 0.85em);
        letter-spacing: 0.06em;
        text-transform: uppercase;
      }
      ol,
      ::slotted(ol) {
        margin: 0.3em 0 0;
      }
      ol {
        padding-left: 1.4em;
      }
      li {
        margin: 0.2em 0;
      }
      section {
        display: grid;
        gap: var(--_gap);
        min-width: 0;
      }
      .bench {
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 17em), 1fr));
        gap: calc(var(--_gap) * 2);
        align-items: start;
      }
      /* Inputs that come in two forms are spaced as the rows of one. */
      lab-controls + lab-controls {
        margin-top: var(--_gap);
      }
      .gates {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 15em), 1fr));
        gap: var(--_gap);
      }
      .recovery {
        margin: calc(var(--_gap) * -0.5) 0 0;
      }
      .split {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
        gap: calc(var(--_gap) * 2);
        align-items: start;
      }
      details > summary {
        cursor: pointer;
        font-weight: 600;
      }
      details > summary .heading {
        display: inline;
      }
      :host(:fullscreen) {
        overflow: auto;
        background: var(--_bg);
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: 0 var(--_gap);
        align-items: baseline;
      }
      [part='fullscreen'] {
        padding: 0.15em 0.6em;
      }
      .about,
      .scope,
      .hint {
        margin: 0;
        font-size: 0.9em;
        color: var(--_muted);
      }
      .about li,
      .scope li {
        margin: 0.15em 0;
      }
      [part='steps'] .done {
        font-weight: 600;
        color: var(--_pass);
      }
      .references {
        margin-top: 0.5em;
      }
      .references a {
        color: var(--_accent);
      }
      /* A lab not near the viewport yet, or still outlining its later sections, keeps a screen's
         height: what it draws then pushes nothing on screen down. */
      .far,
      .reserving {
        min-height: 100vh;
        align-content: start;
      }
      /* Until its first screen is drawn, the lab shows its header only: its pieces come in turns,
         and a reader sees them all at once, without each one pushing the next down. */
      .building > :not(header) {
        visibility: hidden;
      }
      /* A later section far from the viewport is left unrendered: once the reader has read the lab,
         a change of input restyles and lays out only the sections near the viewport. Its last size
         holds its place (at first a guess). Not with loading="eager", whose reader is a page script:
         views inside a skipped section cannot read their width. */
      .skips > .skippable {
        content-visibility: auto;
        contain-intrinsic-block-size: auto 30em;
      }
    `,
  ];

  static override properties = {
    heading: {},
    theme: { reflect: true },
    permalink: { type: Boolean },
    loading: {},
    drawn: { state: true },
    opened: { state: true },
    outlined: { state: true },
  };
  declare heading: string | null;
  declare theme: 'light' | 'dark' | null;
  declare permalink: boolean;
  /** `lazy` (default): each section drawn as the reader comes near it; `eager`: every open section at once. */
  declare loading: string | null;
  /** The sections whose views are drawn (a closed one is drawn while it is open). */
  declare private drawn: ReadonlySet<string>;
  /** The closed sections the reader has opened. */
  declare private opened: ReadonlySet<string>;
  /**
   * How many groups of sections after the first screen are outlined: their headings and text, each
   * group drawn in a turn of its own after the lab came near, so that no turn is long.
   */
  declare private outlined: number;
  /**
   * Whether the lab itself has come near the viewport and outlined its first screen: until then it
   * draws only its header.
   */
  #near = false;
  /** The turn in which the lab outlines its first screen, while one is queued. */
  #nearing: Promise<void> | null = null;
  /** Sections waiting for their turn to be drawn. */
  readonly #queued = new Set<string>();
  /** The fetches of the guided steps and of views' modules, once each, which every `updateComplete` waits for. */
  readonly #loading: Promise<unknown>[] = [];
  /** The modules asked for, by section, settled once here (or failed). */
  readonly #fetched = new Map<string, Promise<unknown>>();
  /** The guided steps of every experiment, and the scope, once fetched. */
  #guides: typeof StepsModule | null = null;
  #guidesAsked = false;

  /** Whether the lab's end is on screen: assumed until its observer tells. */
  #endShown = true;
  /**
   * Whether the reader has acted: the focus or a pointer came into the lab, find-in-page found in it,
   * or the reader scrolled (a wheel, a touch, a key) while it was left out of anchoring.
   */
  #readerIn = false;
  /** Stops listening for the reader's scrolling once the lab is anchored again. */
  #watching: AbortController | null = null;
  /** The page's `:target` when the lab last looked: a link followed since, the reader has not acted yet. */
  #target: Element | null = null;
  readonly #end = new IntersectionObserver(([entry]) => {
    this.#endShown = entry!.isIntersecting;
    this.#anchoring();
  });

  /**
   * While a link has taken the reader to what follows a lab whose end is on screen, until the reader
   * acts, the browser leaves the lab out of scroll anchoring. The lab goes on drawing what comes
   * near (at load, or once a jump lands at its end, where sections not drawn yet hold a guess of
   * their height): anchored on it, the browser would push the link's target down by all it draws.
   * Left out, the lab grows upward, out of the viewport. A reader scrolling on through the lab reads
   * the lab, not what follows it: at their first wheel, touch or key, it is anchored again.
   */
  #anchoring() {
    const target = document.querySelector(':target');
    if (target !== this.#target) this.#readerIn = false;
    this.#target = target;
    const out = this.#endShown && !this.#readerIn && !!target && !!(this.compareDocumentPosition(target) & 4);
    if (out !== (this.style.overflowAnchor === 'none')) this.style.overflowAnchor = out ? 'none' : '';
    if (!out) {
      this.#watching?.abort();
      this.#watching = null;
    } else if (!this.#watching) {
      const { signal } = (this.#watching = new AbortController());
      for (const type of ['wheel', 'touchstart', 'keydown'])
        addEventListener(type, () => this.#readerActs(), { capture: true, passive: true, signal });
    }
  }

  #readerActs() {
    this.#readerIn = true;
    this.#anchoring();
  }

  /** Fetches the guided steps and the scope (once per page) and draws them when they come; `updateComplete` waits for them. */
  #loadGuides() {
    if (this.#guidesAsked) return;
    this.#guidesAsked = true;
    this.#loading.push(
      fetchGuides().then((steps) => {
        this.#guides = steps;
        this.requestUpdate();
      }),
    );
  }

  /**
   * Fetches the guided steps, and the views of the open sections that come in files of their own, so
   * that they are here before the reader reaches them. Starting a fetch takes time on a phone: in a
   * turn of its own once the lab is near.
   */
  #prefetch() {
    this.#loadGuides();
    for (const section of SECTIONS) if (!section.closed) void this.#fetch(section);
  }

  /**
   * Tells the lab when it, or the next section still to draw, comes near the viewport: a screen
   * before it is on screen, so a reader scrolling on finds it drawn.
   */
  readonly #watch = new NearController(this, (target) => {
    if (target === this) this.#comeNear();
    else this.#draw((target as HTMLElement).dataset.section!);
  });

  /** The turn of the outline's next group, while one is queued. */
  #outlining: Promise<void> | null = null;

  /**
   * Queues, a turn each: the outline of the first screen (never in the header's turn), the fetches,
   * the first screen's views, then the outline of the rest. Each group is queued as the one before
   * is drawn, so that other pieces (a picture, another lab's first screen) are not kept waiting
   * behind the whole outline. Queues only what is neither drawn nor queued, so a lab put back on the
   * page goes on where it was.
   */
  #comeNear() {
    if (!this.#near) {
      if (this.#nearing) return;
      this.#nearing = inTurn(this, () => {
        this.#near = true;
        this.requestUpdate();
      }).then(() => {
        this.#nearing = null;
        if (!this.#near || !this.isConnected) return;
        void inTurn(this, () => this.#prefetch());
        this.#comeNear();
      });
      return;
    }
    for (const id of FIRST_VIEWS) this.#draw(id);
    if (!this.#outlining && this.outlined < LATER_GROUPS)
      this.#outlining = inTurn(this, () => this.outlined++).then(() => {
        this.#outlining = null;
        if (this.isConnected) this.#comeNear();
      });
  }

  constructor() {
    super();
    this.heading = null;
    this.theme = null;
    this.permalink = false;
    this.loading = null;
    this.drawn = new Set();
    this.opened = new Set();
    this.outlined = 0;
  }

  /**
   * The lab makes its scenario in a turn after the frame that upgraded it, and draws its first update
   * (its header) in the turn after that, so that no two of them share one task; `loading="eager"`
   * draws at once.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.hasUpdated || this.#eager) return super.scheduleUpdate();
    return inTurn(this, () => void this.scenario).then(() => super.scheduleUpdate());
  }

  /** `eager` in any case, as `<img loading>` reads its value. */
  get #eager(): boolean {
    return this.loading?.toLowerCase() === 'eager';
  }

  /** Draws a section in its own turn, after those already waiting. */
  #draw(id: string) {
    if (this.drawn.has(id) || this.#queued.has(id)) return;
    this.#queued.add(id);
    // A view whose element comes in a file of its own is drawn once that file is here, whole at
    // once, so it never grows under the reader after its section was drawn.
    const section = SECTIONS.find((s) => s.id === id);
    const fetching = section && this.#fetch(section);
    if (fetching) void fetching.then(() => inTurn(this, () => this.#drawNow(id)));
    else void inTurn(this, () => this.#drawNow(id));
  }

  /**
   * Fetches the module of a section's view, once; `updateComplete` waits for it. Null for a view
   * with no module of its own.
   */
  #fetch(section: Section): Promise<unknown> | null {
    if (!section.load) return null;
    let fetched = this.#fetched.get(section.id);
    if (!fetched) {
      const loading = section.load();
      this.#loading.push(loading);
      this.#fetched.set(section.id, (fetched = loading.catch(() => {})));
    }
    return fetched;
  }

  #drawNow(id: string) {
    this.#queued.delete(id);
    if (!this.drawn.has(id)) this.drawn = new Set([...this.drawn, id]);
  }

  /**
   * The keyboard's focus came into a lab whose first screen is not shown yet (far below the
   * viewport, or still drawing in turns): the first screen draws and shows at once, so that the
   * next Tab goes into its inputs rather than past the lab. The sections after it follow in turns.
   */
  #enterNow() {
    this.#readerActs();
    if (this.#firstScreenShows) return;
    if (!this.#near) {
      this.#near = true;
      void inTurn(this, () => this.#prefetch());
    }
    this.#shown = true;
    for (const id of FIRST_VIEWS) this.#drawNow(id);
    this.requestUpdate();
    this.#comeNear();
  }

  /** Each guided step's condition, read once; one that can never hold is warned about once. */
  readonly #checks = new Map<string, StepCheck | null>();

  #holds(condition: string): boolean {
    const parse = this.#guides?.parseStepCheck; // fetched with the guided steps
    if (!parse) return false;
    let check = this.#checks.get(condition);
    if (check === undefined) {
      const parsed = parse(condition);
      check = typeof parsed === 'function' ? parsed : null;
      this.#checks.set(condition, check);
      if (!check)
        console.warn(
          `<bulkhead-lab> data-check="${condition.slice(0, 80)}" can never hold: ${(parsed as { problem: string }).problem}`,
        );
    }
    return check !== null && check(this.scenario.config, this.scenario.tick);
  }

  /** Marks the page's own steps (`<li data-check>` in the `steps` slot) done while their condition holds. */
  #markSteps() {
    for (const step of this.querySelectorAll<HTMLElement>(':scope > [slot="steps"] [data-check]'))
      step.toggleAttribute('data-done', this.#holds(step.dataset.check!));
  }

  /** A page may add or change its steps at any time. */
  readonly #stepsChanged = new MutationObserver(() => this.#markSteps());

  /** What tells this lab apart on the page, in the URL hash and in stored notes (see `lab-key.ts`). */
  readonly #keys = new LabKey(this);

  get #labKey(): string {
    return this.#keys.value;
  }

  /** A lab whose id an earlier lab has: its notes and permalink entries go under a key of its own. */
  protected override ownAttributeNotes(): Note[] {
    if (!this.#keys.idTaken) return [];
    const key = this.#labKey;
    return [
      {
        kind: 'id',
        text: msg(
          str`id: an earlier lab on this page has the id ${quoteValue(this.id)}; this one keeps its notes and permalink as ${key}`,
        ),
      },
    ];
  }

  readonly #onFullscreenChange = () => this.requestUpdate();
  /**
   * A link followed: a permalink's settings are read, and whether the lab's end is on screen now,
   * before the frame in which its undrawn sections may shrink to their outline (its observer tells
   * only after that frame).
   */
  readonly #onHashChange = () => {
    if (this.#stopPermalink) this.#restorePermalink();
    this.#endShown = this.getBoundingClientRect().bottom < innerHeight;
    this.#anchoring();
  };
  /** A page being printed shows the whole lab, drawn before the page is laid out for print. */
  readonly #onBeforePrint = () => {
    this.#near = true;
    this.#shown = true;
    this.outlined = LATER_GROUPS;
    this.#loadGuides();
    this.drawn = new Set(SECTIONS.map((section) => section.id));
    this.performUpdate();
  };
  #stopPermalink: (() => void) | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#stepsChanged.observe(this, { subtree: true, childList: true, attributeFilter: ['data-check'] });
    document.addEventListener('fullscreenchange', this.#onFullscreenChange);
    window.addEventListener('beforeprint', this.#onBeforePrint);
    window.addEventListener('hashchange', this.#onHashChange);
    fetchForPrint();
    if (this.permalink) {
      this.#restorePermalink();
      this.#stopPermalink = this.scenario.subscribe(() => this.#savePermalink());
    }
    if (this.#near) this.#comeNear();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stepsChanged.disconnect();
    document.removeEventListener('fullscreenchange', this.#onFullscreenChange);
    window.removeEventListener('beforeprint', this.#onBeforePrint);
    window.removeEventListener('hashchange', this.#onHashChange);
    this.#stopPermalink?.();
    this.#stopPermalink = null;
    this.#queued.clear();
    this.#end.disconnect();
    this.#watching?.abort();
    this.#watching = null;
  }

  #restorePermalink() {
    const { changes, tick } = readPermalink(location.hash, this.#labKey, this.scenario.config);
    if (Object.keys(changes).length) this.scenario.send({ type: 'configure', changes }, 'page');
    if (tick !== null) this.scenario.send({ type: 'seek', tick }, 'page');
  }

  #savePermalink() {
    const base = normalizeConfig(readConfigAttributes(this)).config;
    const hash = writePermalink(location.hash, this.#labKey, this.scenario.config, base, this.scenario.tick);
    if (hash !== location.hash)
      history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  }

  #toggleFullscreen() {
    if (this.#fullscreen) document.exitFullscreen().catch(() => {});
    else this.requestFullscreen().catch(() => {});
  }

  get #fullscreen() {
    return document.fullscreenElement === this;
  }

  /**
   * Awaiting `updateComplete` waits for the lab's update, for the module of a view being fetched,
   * and for every view drawn in it; it draws nothing.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    if (this.#loading.length) {
      await Promise.allSettled(this.#loading);
      complete = await super.getUpdateComplete();
    }
    await this.#viewsDrawn();
    return complete;
  }

  /** Waits for the update under way of every view drawn in the lab, the timeline's picture included. */
  #viewsDrawn(): Promise<unknown> {
    const views = [...this.renderRoot.querySelectorAll('*')].filter(
      (el): el is ScenarioElement => el instanceof ScenarioElement,
    );
    return Promise.all(views.map((view) => view.updateComplete));
  }

  /**
   * Whether the first screen shows. A reader sees it whole: once its views are drawn (and the
   * timeline's picture, which comes in a turn of its own), with the guided steps below it, as steps
   * or a picture arriving later would push down what the reader sees.
   */
  #shown = false;
  #showing = false;

  /**
   * Whether its first screen shows: with `loading="eager"`, from the first update; else once near
   * and shown. Until then its title is a tab stop, and the focus arriving in the lab draws it.
   */
  get #firstScreenShows(): boolean {
    return this.#eager || (this.#near && this.#shown);
  }

  /** Whether the first screen's views are drawn, the guided steps here and the outline begun. */
  get #firstScreenDrawn(): boolean {
    const stepsDue = this.#guides === null && !this.querySelector(':scope > [slot="steps"]');
    return !stepsDue && this.outlined > 0 && FIRST_VIEWS.every((id) => this.drawn.has(id));
  }

  /**
   * Shows the first screen once what its views draw in turns of their own is drawn too, in a turn
   * of its own: the browser lays the whole screen out anew.
   */
  #showWhenDrawn() {
    if (this.#shown || this.#showing || !this.#firstScreenDrawn) return;
    this.#showing = true;
    void this.#viewsDrawn()
      .then(() =>
        inTurn(this, () => {
          this.#shown = true;
          this.requestUpdate();
        }),
      )
      .finally(() => (this.#showing = false));
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.#markSteps();
    this.#end.observe(this.renderRoot.querySelector('.end')!); // again once put back on the page
    this.#anchoring();
    // A view drawn without waiting its turn (opened, eager, printed, reached by the keyboard) whose
    // element is not part of every page: fetched now.
    for (const section of SECTIONS) if (this.#isDrawn(section)) void this.#fetch(section);
    if (this.#eager && changed.has('loading')) this.#prefetch();
    // Watches the lab until it is near, then the first section still to draw: the sections below it
    // wait, as they stand where it will push them once it is drawn.
    if (!this.#near && !this.#eager) return this.#watch.observe(this);
    this.#watch.unobserve(this);
    this.#showWhenDrawn();
    const [next, ...later] = this.renderRoot.querySelectorAll<HTMLElement>('[data-section]');
    for (const view of later) this.#watch.unobserve(view);
    if (next) this.#watch.observe(next);
  }

  /** The toggle of a closed section: open, its view is drawn (fetched first, if need be); closed, it is not. */
  #onToggle(section: Section, event: Event) {
    const open = (event.target as HTMLDetailsElement).open;
    if (open === this.opened.has(section.id)) return;
    const opened = new Set(this.opened);
    if (open) opened.add(section.id);
    else opened.delete(section.id);
    this.opened = opened;
  }

  /** Whether a section's view is drawn (a section without a view is all text, drawn with its heading). */
  #isDrawn({ id, closed, view }: Section): boolean {
    return !view || (closed ? this.opened.has(id) : this.#eager || this.drawn.has(id));
  }

  #renderSection(section: Section, lab: LabView) {
    const { id, closed, view, hint } = section;
    const about = section.about?.(lab) ?? nothing;
    if (!view) return about;
    if (this.#isDrawn(section)) return html`${about}<div class="view">${view(lab)}</div>`;
    if (closed) return about;
    // Watched until it comes near; find-in-page finds its hint, reveals it, and it is drawn at once.
    return html`${about}<div class="view" data-section=${id}>${
      hint
        ? html`<p class="hint" hidden="until-found" @beforematch=${() => {
            this.#readerActs();
            this.#drawNow(id);
          }}>${hint()}</p>`
        : nothing
    }</div>`;
  }

  /**
   * A group of sections. One after the first screen (`later`) may be left unrendered while far from
   * the viewport, unless it is a closed section not opened, a line high.
   */
  #renderGroup(group: Section[], lab: LabView, later: boolean) {
    const [first] = group as [Section, ...Section[]];
    const level = this.level + 1;
    const heading = first.heading?.(lab.experiment);
    const skippable = later && (!first.closed || this.opened.has(first.id)) ? 'skippable' : '';
    if (first.closed) {
      // A closed section's view is fetched as the reader shows an intent to open it (the pointer
      // over its summary, or the focus on it), so that it is here, or on its way, when it opens.
      const prefetch = () => void this.#fetch(first);
      return html`<section part="section" class=${skippable}>
        <details id=${first.id} ?open=${this.opened.has(first.id)} @toggle=${(e: Event) => this.#onToggle(first, e)}>
          <summary @pointerenter=${prefetch} @focus=${prefetch}>${this.renderHeading(heading, { level })}</summary>
          ${this.#renderSection(first, lab)}
        </details>
      </section>`;
    }
    const pending = group.filter((section) => !this.#isDrawn(section));
    const views = group.map((section) => this.#renderSection(section, lab));
    // The first screen's inputs and gates, side by side where they fit, have no heading of their own.
    if (heading === undefined) return html`<section part="section" class="bench">${views}</section>`;
    // Until its views are drawn, the heading takes the keyboard's focus and draws them: Tab reaches
    // every section without drawing the whole lab first. Unnamed, a section is no landmark: three labs
    // on a page would otherwise bring three regions of each name.
    return html`<section part="section" class=${skippable} id=${first.id}>
      <div role="heading" aria-level=${Math.min(6, level)} class="heading section" id="h-${first.id}"
        tabindex=${pending.length ? 0 : -1} @focus=${() => pending.forEach((section) => this.#drawNow(section.id))}>${heading}</div>
      ${views}
    </section>`;
  }

  protected override render() {
    const experiment: Experiment = presetOf(this) ?? 'custom';
    const title = this.heading ?? TITLE[experiment];
    const near = this.#near || this.#eager;
    // The first screen shows whole (see #shown); later sections follow it, a group per turn, in the
    // screen's height the lab keeps until they are all there.
    const outlined = this.#eager ? LATER_GROUPS : this.outlined;
    const lazy = near && !this.#eager;
    const building = lazy && !this.#shown;
    const reserving = lazy && outlined < LATER_GROUPS;
    const top = Math.min(6, this.level + 1);
    const keys = this.#keys;
    const recovery = () => this.#recovery();
    const lab: LabView = {
      experiment,
      title,
      top,
      widgets: Math.min(6, top + 1),
      get key() {
        return keys.value; // worked out only by a section that shows it
      },
      holds: (check) => this.#holds(check),
      steps: this.#guides?.GUIDES[experiment] ?? null,
      scope: this.#guides?.scopeLists(experiment) ?? null,
      get recovery() {
        return recovery(); // worked out only by the gates, once drawn: it runs the scenario
      },
    };
    return html`
      <article class="lab ${building ? 'building' : ''} ${reserving ? 'reserving' : ''} ${lazy && FINDS_SKIPPED ? 'skips' : ''}" part="lab" aria-label=${title}
        @focusin=${this.#enterNow} @pointerdown=${this.#readerActs}>
        <header part="header">
          <p class="kicker">${msg('Allocate · observe · compare')}</p>
          <div class="top">
            <div role="heading" aria-level=${this.level} class="heading title" tabindex=${this.#firstScreenShows ? -1 : 0}>${title}</div>
            ${
              document.fullscreenEnabled
                ? html`<button type="button" part="fullscreen" aria-pressed=${String(this.#fullscreen)}
                  @click=${this.#toggleFullscreen}>${this.#fullscreen ? msg('Exit full screen') : msg('Expand experiment')}</button>`
                : nothing
            }
          </div>
          <p class="tagline">${tagline()}</p>
        </header>
        ${this.renderNotices()}
        ${
          near
            ? GROUPS.map((group, i) =>
                i < FIRST_GROUPS + outlined ? this.#renderGroup(group, lab, i >= FIRST_GROUPS) : nothing,
              )
            : html`<div class="far"></div>`
        }
        <slot></slot>
        ${near && !building ? this.#renderStatus() : nothing}
      </article>
      <div class="end"></div>
    `;
  }

  /** The recovery reading under the gates, when A recovers or clients retry. */
  #recovery(): string[] {
    const { retries, aRecovers } = this.scenario.config;
    if (!retries && aRecovers == null) return [];
    const from = this.scenario.derived(recovery);
    return (['A', 'B'] as const).map((tenant) => recoveryText(tenant, from[tenant]));
  }

  /** One polite sentence, changed whole only when the tick or a gate changes. */
  #renderStatus() {
    const { tick, config } = this.scenario;
    const { A, B } = this.scenario.at(metricsAt);
    return html`<div class="visually-hidden" role="status" aria-live="polite">${msg(
      str`Tick ${tick} of ${config.horizon}. Gate A ${GATE_LABEL[A.gate]}, gate B ${GATE_LABEL[B.gate]}.`,
    )}</div>`;
  }
}
