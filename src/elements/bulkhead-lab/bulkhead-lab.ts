import { css, html, nothing, type PropertyValues } from 'lit';
import { joinLabKeys, labKey, readPermalink, writePermalink } from '../../scenario/permalink.js';
import { REQUESTS, readConfigAttributes } from '../../scenario/source.js';
import { metricsAt, normalizeConfig, presets, type PresetName } from '../../sim/index.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { GATE_LABEL } from '../format.js';
import {
  COMPARE,
  FULL_WINDOW,
  GUIDES,
  ORDERING,
  SCOPE,
  SCOPE_BY_EXPERIMENT,
  SWEEP,
  TAGLINE,
  type Experiment,
} from './guides.js';

import { ScenarioElement } from '../scenario-element.js';

/**
 * The complete lab: controls for every input, playback and the slot-by-tick picture, the views at
 * the inspected tick, the full-window result, and every request and resource as text. It is a
 * scenario source: page scripts drive it with the request events and hear `bulkhead-run` and
 * `bulkhead-tick`.
 *
 * @summary The complete bulkhead lab.
 * @attr {'stalled-dependency' | 'count-every-request' | 'slow-vs-dead' | 'retry-storm'} preset - `stalled-dependency`, `count-every-request`, `slow-vs-dead` or `retry-storm`: config and guided steps.
 * @attr {string} heading - a title to show instead of the preset's.
 * @attr {boolean} permalink - keep the settings and inspected tick in the URL hash, and restore them on load.
 * @attr {string} id - names the lab's notes and permalink entries. Without one, the lab is named by its preset
 *   and its place among id-less labs with that preset on the page (`stalled-dependency~2`): stable
 *   across reloads of the same page, but renumbered when labs are added, removed or moved, so give
 *   each lab an id if that happens.
 * @fires {CustomEvent<ConfigDetail>} bulkhead-config-request - an edit in the lab's controls; the lab answers it.
 * @fires {CustomEvent<SeekDetail>} bulkhead-seek-request - the lab's timeline asks to inspect a tick; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-play-request - the lab's Play button; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-pause-request - the lab's Pause button; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-step-request - the lab's Next tick button; the lab answers it.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-restart-request - the lab's Restart button; the lab answers it.
 * @fires {CustomEvent<SpeedDetail>} bulkhead-speed-request - a speed chosen in the lab; the lab answers it.
 * @slot steps - your own guided steps, e.g. an `<ol slot="steps">`, in place of the preset's.
 * @csspart lab - the whole lab.
 * @csspart steps - the preset's guided steps.
 * @csspart header - title, steps and scope.
 * @csspart section - each section of the lab.
 * @csspart fullscreen - the Expand experiment / Exit full screen button.
 * @csspart notices - notices about attributes that were corrected.
 * @cssproperty --bulkhead-color-a - tenant A's colour.
 * @cssproperty --bulkhead-color-b - tenant B's colour.
 * @cssproperty --bulkhead-font - the font of the lab (default: the page's, inherited).
 * @cssproperty --bulkhead-space - the base gap between pieces (default 0.5em).
 */
export class BulkheadLab extends ScenarioElement {
  static override readonly isSource = true;
  static override readonly defaultHeadingLevel = 2;
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .lab {
        background: var(--_bg);
        border: 1px solid var(--_line);
        border-radius: calc(var(--_radius) * 1.5);
        padding: calc(var(--_gap) * 2);
        display: grid;
        gap: calc(var(--_gap) * 2);
        min-width: 0;
      }
      :host {
        border-radius: calc(var(--_radius) * 1.5);
      }
      .heading {
        font-weight: 700;
        line-height: 1.25;
      }
      .title {
        margin: 0;
        font-size: 1.35em;
      }
      .section {
        margin: 0 0 var(--_gap);
        font-size: 1.1em;
      }
      .tagline {
        margin: 0.3em 0 0;
      }
      .kicker {
        margin: 0;
        color: var(--_muted);
        font-size: 0.85em;
        letter-spacing: 0.06em;
        text-transform: uppercase;
      }
      ol {
        margin: 0.3em 0 0;
        padding-left: 1.4em;
      }
      li {
        margin: 0.2em 0;
      }
      ::slotted(ol) {
        margin: 0.3em 0 0;
      }
      [part="section"] {
        min-width: 0;
      }
      .gates {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr));
        gap: var(--_gap);
        margin-bottom: var(--_gap);
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
      :host(:fullscreen) {
        overflow: auto;
        background: var(--_bg);
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: var(--_gap);
        align-items: start;
      }
      .scope,
      .about {
        margin: 0;
        font-size: 0.9em;
        color: var(--_muted);
      }
      .about li,
      .scope li {
        margin: 0.15em 0;
      }
      details > summary .heading {
        display: inline;
      }
      /* A lab not near yet, and each section still waiting for its view, keeps a screen's height:
         what it will draw then pushes nothing on screen down. */
      .next {
        min-height: 100vh;
      }
    `,
  ];

  static override properties = {
    heading: {},
    theme: { reflect: true },
    permalink: { type: Boolean },
    views: { state: true },
  };
  declare heading: string | null;
  declare theme: 'light' | 'dark' | null;
  declare permalink: boolean;
  /**
   * How many of the sections with views (Inputs, playback, the inspected tick, the full window,
   * notes) show them: they come in order, each once the previous one is drawn and it is near the
   * viewport, so a lab costs what the reader can see. At -1 the lab is not near yet: an empty box.
   */
  declare private views: number;
  /** Whether the lab is bound to its scenario: not until a view or a request needs it. */
  #awake = false;
  readonly #near = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting && e.target.matches('.next'))) this.views++;
    },
    { rootMargin: '25%' },
  );

  constructor() {
    super();
    this.heading = null;
    this.theme = null;
    this.permalink = false;
    this.views = -1;
    this.removeController(this.bound);
    // Heard first at the lab, a request or a view's search for its source wakes it: the listeners
    // that answer, added then, still hear the same event.
    for (const name of [...REQUESTS, 'bulkhead-source-request']) this.addEventListener(name, this.#wake, true);
  }

  readonly #wake = () => {
    if (this.#awake) return;
    this.#awake = true;
    this.addController(this.bound);
  };

  /**
   * Awaiting `updateComplete` asks for the whole lab: every section renders now, and every view in
   * it, down to the parts a view draws later (the timeline's picture).
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    this.views = Infinity;
    const complete = await super.getUpdateComplete();
    const views = [...this.renderRoot.querySelectorAll('*')].filter((el) => 'updateComplete' in el);
    await Promise.all(views.map((view) => (view as unknown as { updateComplete: Promise<boolean> }).updateComplete));
    return complete;
  }

  /** What tells this lab apart on the page, in the URL hash and in stored notes (see `labKey`). */
  get #labKey(): string {
    return labKey(this);
  }
  #leaveLabKeys: (() => void) | null = null;

  readonly #onFullscreenChange = () => this.requestUpdate();
  readonly #onHashChange = () => this.#restorePermalink();
  #stopPermalink: (() => void) | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#leaveLabKeys = joinLabKeys(this);
    document.addEventListener('fullscreenchange', this.#onFullscreenChange);
    // Asleep, it still tells views waiting for a source with its id that it is here, as a source
    // whose id changed does: they ask, and that wakes it.
    if (!this.#awake) this.bound.idChanged();
    if (this.permalink) {
      this.#wake();
      this.#restorePermalink();
      window.addEventListener('hashchange', this.#onHashChange);
      this.#stopPermalink = this.scenario.subscribe(() => this.#savePermalink());
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#leaveLabKeys?.();
    this.#leaveLabKeys = null;
    document.removeEventListener('fullscreenchange', this.#onFullscreenChange);
    window.removeEventListener('hashchange', this.#onHashChange);
    this.#stopPermalink?.();
    this.#stopPermalink = null;
  }

  #restorePermalink() {
    const { changes, tick } = readPermalink(location.hash, this.#labKey, this.scenario.config);
    if (Object.keys(changes).length) this.scenario.send({ type: 'configure', changes }, 'page');
    if (tick !== null) this.scenario.send({ type: 'seek', tick }, 'page');
  }

  #savePermalink() {
    const base = normalizeConfig(readConfigAttributes(this).input).config;
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

  protected override updated(changed: PropertyValues): void {
    if (this.views >= 0) super.updated(changed);
    // Watches the section waiting for its view (or the empty box), to draw it once it is near the
    // viewport; sections already drawn may stay watched, as the callback ignores them.
    const next = this.renderRoot.querySelector('.next');
    if (next) this.#near.observe(next);
  }

  protected override render() {
    if (this.views < 0) return html`<div class="next"></div>`;
    const preset = this.getAttribute('preset');
    const experiment: Experiment =
      preset !== null && Object.hasOwn(presets, preset) ? (preset as PresetName) : 'custom';
    const title = this.heading ?? (experiment === 'custom' ? 'Bulkhead lab' : presets[experiment].title);
    const level = this.level;
    const section = (text: string, id: string) => this.renderHeading(text, { level: level + 1, id, cls: 'section' });
    const widgets = Math.min(6, level + 2);
    const { tick, config } = this.scenario;
    const { A, B } = this.scenario.at(metricsAt);
    /** A section the article does not need open: a heading to open it by, and its view while it is open. */
    const closed = (id: string, text: string, content: () => unknown) =>
      html`<div part="section">
        <details id=${id} @toggle=${() => this.requestUpdate()}>
          <summary>${this.renderHeading(text, { level: level + 1 })}</summary>
          ${this.renderRoot.querySelector<HTMLDetailsElement>(`#${id}`)?.open ? content() : nothing}
        </details>
      </div>`;
    /** A section whose view waits for the reader (see `views`): its heading now, its view once near. */
    const view = (i: number, text: string, content: () => unknown) =>
      html`<div part="section" role="group" aria-labelledby="h${i}" class=${i < this.views ? '' : 'next'}>
        ${section(text, `h${i}`)}${i < this.views ? content() : nothing}</div>`;
    return html`
      <article class="lab" part="lab" aria-label=${title}
        @keydown=${(e: KeyboardEvent) => e.key === 'Tab' && (this.views = Infinity)}>
        <header part="header">
          <div class="top">
            <div>
              <p class="kicker">Allocate · observe · compare</p>
              ${this.renderHeading(title, { cls: 'title' })}
              <p class="tagline">${TAGLINE}</p>
            </div>
            ${
              document.fullscreenEnabled
                ? html`<button type="button" part="fullscreen" aria-pressed=${String(this.#fullscreen)}
                  @click=${this.#toggleFullscreen}>${this.#fullscreen ? 'Exit full screen' : 'Expand experiment'}</button>`
                : nothing
            }
          </div>
        </header>
        ${this.renderNotices()}
        <div part="section" role="group" aria-labelledby="h-experiment">
          ${section('Your experiment', 'h-experiment')}
          <slot name="steps"><ol part="steps">${GUIDES[experiment].map((step) => html`<li>${step}</li>`)}</ol></slot>
        </div>
        ${[
          view(0, 'Inputs', () => html`<lab-controls heading-level=${widgets}></lab-controls>`),
          view(
            1,
            '60-second scheduler inspection',
            () => html`<p class="about">Play shows the 21 ticks over one minute at 1×. Pause, step, slow down, restart with
            the same inputs, or seek to any tick; changing an input recomputes without starting playback.</p>
            <tick-timeline heading-level=${widgets}></tick-timeline>`,
          ),
          closed(
            'ordering',
            'Event ordering and limits',
            () => html`<ul class="about">${ORDERING.map((rule) => html`<li>${rule}</li>`)}</ul>`,
          ),
          view(
            2,
            'Outcomes at the inspected tick',
            () => html`<div class="gates">
              <outcome-gate tenant="A" window="inspected" heading-level=${widgets}></outcome-gate>
              <outcome-gate tenant="B" window="inspected" heading-level=${widgets}></outcome-gate>
            </div>
            <div class="split">
              <slot-board heading-level=${widgets}></slot-board>
              <outcome-table window="inspected" heading-level=${widgets}></outcome-table>
            </div>`,
          ),
          view(
            3,
            'Full-window calculation',
            () => html`<p class="about">${FULL_WINDOW}</p>
            <div class="gates">
              <outcome-gate tenant="A" heading-level=${widgets}></outcome-gate>
              <outcome-gate tenant="B" heading-level=${widgets}></outcome-gate>
            </div>
            <outcome-table window="full" heading-level=${widgets}></outcome-table>`,
          ),
          closed(
            'compare',
            'Compare policies',
            () => html`<p class="about">${COMPARE}</p><policy-compare heading-level=${widgets}></policy-compare>`,
          ),
          closed(
            'sweep',
            'Sweep',
            () => html`<p class="about">${SWEEP}</p><sweep-chart heading-level=${widgets}></sweep-chart>`,
          ),
          view(
            4,
            'Baseline and notes',
            () => html`<lab-notebook key=${this.#labKey} heading=${title} heading-level=${widgets}></lab-notebook>`,
          ),
          closed(
            'requests',
            'Every request and resource',
            () => html`<request-inspector heading-level=${widgets}></request-inspector>`,
          ),
          html`<div part="section scope" role="group" aria-labelledby="h-scope">
            ${section('Scope and references', 'h-scope')}
            <ul class="scope">
              ${SCOPE.map((line) => html`<li>${line}</li>`)}
              <li>${SCOPE_BY_EXPERIMENT[experiment]}</li>
            </ul>
          </div>`,
          // Nothing after the first section still waiting: what it draws then pushes nothing down.
        ].slice(0, [1, 2, 4, 5, 8][this.views] ?? 10)}
        <div class="visually-hidden" role="status" aria-live="polite">${
          // One sentence, changed whole only when the tick or a gate changes.
          `Tick ${tick} of ${config.horizon}. Gate A ${GATE_LABEL[A.gate]}, gate B ${GATE_LABEL[B.gate]}.`
        }</div>
      </article>
    `;
  }
}
