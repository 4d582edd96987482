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

/** How many sections have a view that waits for the reader (see `views`). */
const VIEWS = 5;

/**
 * The complete lab: controls for every input, playback and the slot-by-tick picture, the views at
 * the inspected tick, the full-window result, and every request and resource as text. It is a
 * scenario source: page scripts drive it with the request events and hear `bulkhead-run` and
 * `bulkhead-tick`.
 *
 * @summary The complete bulkhead lab.
 * @attr {'stalled-dependency' | 'count-every-request' | 'slow-vs-dead'} preset - `stalled-dependency`, `count-every-request` or `slow-vs-dead`: config and guided steps.
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
   * viewport, so a lab costs what the reader can see.
   */
  declare private views: number;
  /** What the polite live region says: the tick and the gates (the region changes only when they do). */
  #announcement = '';
  /** Whether the lab runs its scenario: not until a view, a request or a page script needs it. */
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
    this.views = 0;
    this.removeController(this.bound);
    // Heard first at the lab, a request or a view's search for its source wakes it: the listeners
    // that answer, added then, still hear the same event.
    for (const name of [...REQUESTS, 'bulkhead-source-request']) this.addEventListener(name, this.#wake, true);
  }

  readonly #wake = () => {
    if (this.#awake) return;
    this.#awake = true;
    this.addController(this.bound);
    this.requestUpdate();
  };

  /** Awaiting `updateComplete` asks for the whole lab: every section renders now. */
  protected override getUpdateComplete(): Promise<boolean> {
    this.views = VIEWS;
    return super.getUpdateComplete();
  }

  /** A section the article does not need open: a heading to open it by, and its view while it is open. */
  #closedSection(id: string, title: string, view: () => unknown) {
    return html`<div part="section">
      <details id=${id} @toggle=${() => this.requestUpdate()}>
        <summary>${this.renderHeading(title, { level: this.level + 1 })}</summary>
        ${this.renderRoot.querySelector<HTMLDetailsElement>(`#${id}`)?.open ? view() : nothing}
      </details>
    </div>`;
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
    this.requestUpdate(); // to watch its next section again
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
    this.#near.disconnect();
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

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (!this.#awake) return;
    const scenario = this.scenario;
    const { A, B } = scenario.at(metricsAt);
    this.#announcement = `Tick ${scenario.tick} of ${scenario.config.horizon}. Gate A ${GATE_LABEL[A.gate]}, gate B ${GATE_LABEL[B.gate]}.`;
  }

  protected override updated(changed: PropertyValues): void {
    if (this.#awake) super.updated(changed);
    // Watches the first section still waiting for its view, to draw it once it is near the viewport.
    this.#near.disconnect();
    const next = this.renderRoot.querySelector('.next');
    if (next) this.#near.observe(next);
  }

  protected override render() {
    const preset = this.getAttribute('preset');
    const experiment: Experiment =
      preset !== null && Object.hasOwn(presets, preset) ? (preset as PresetName) : 'custom';
    const title = this.heading ?? (experiment === 'custom' ? 'Bulkhead lab' : presets[experiment].title);
    const level = this.level;
    const section = (text: string, id: string) => this.renderHeading(text, { level: level + 1, id, cls: 'section' });
    const widgets = Math.min(6, level + 2);
    /** A section whose view waits for the reader (see `views`): its heading now, its view once near. */
    const view = (i: number, text: string, content: () => unknown) =>
      html`<div part="section" role="group" aria-labelledby="h${i}" class=${i === this.views ? 'next' : ''}>
        ${section(text, `h${i}`)}${i < this.views ? content() : nothing}</div>`;
    return html`
      <article class="lab" part="lab" aria-label=${title}>
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
        ${this.#awake ? this.renderNotices() : nothing}
        <div part="section" role="group" aria-labelledby="h-experiment">
          ${section('Your experiment', 'h-experiment')}
          <slot name="steps"><ol part="steps">${GUIDES[experiment].map((step) => html`<li>${step}</li>`)}</ol></slot>
        </div>
        ${view(0, 'Inputs', () => html`<lab-controls heading-level=${widgets}></lab-controls>`)}
        ${view(
          1,
          '60-second scheduler inspection',
          () => html`<p class="about">Play shows the 21 ticks over one minute at 1×. Pause, step, slow down, restart with
            the same inputs, or seek to any tick; changing an input recomputes without starting playback.</p>
            <tick-timeline heading-level=${widgets}></tick-timeline>`,
        )}
        ${this.#closedSection('ordering', 'Event ordering and limits', () => html`<ul class="about">${ORDERING.map((rule) => html`<li>${rule}</li>`)}</ul>`)}
        ${view(
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
        )}
        ${view(
          3,
          'Full-window calculation',
          () => html`<p class="about">${FULL_WINDOW}</p>
            <div class="gates">
              <outcome-gate tenant="A" heading-level=${widgets}></outcome-gate>
              <outcome-gate tenant="B" heading-level=${widgets}></outcome-gate>
            </div>
            <outcome-table window="full" heading-level=${widgets}></outcome-table>`,
        )}
        ${this.#closedSection('compare', 'Compare policies', () => html`<p class="about">${COMPARE}</p><policy-compare heading-level=${widgets}></policy-compare>`)}
        ${this.#closedSection('sweep', 'Sweep', () => html`<p class="about">${SWEEP}</p><sweep-chart heading-level=${widgets}></sweep-chart>`)}
        ${view(
          4,
          'Baseline and notes',
          () => html`<lab-notebook key=${this.#labKey} heading=${title} heading-level=${widgets}></lab-notebook>`,
        )}
        ${this.#closedSection('requests', 'Every request and resource', () => html`<request-inspector heading-level=${widgets}></request-inspector>`)}
        <div part="section scope" role="group" aria-labelledby="h-scope">
          ${section('Scope and references', 'h-scope')}
          <ul class="scope">
            ${SCOPE.map((line) => html`<li>${line}</li>`)}
            <li>${SCOPE_BY_EXPERIMENT[experiment]}</li>
          </ul>
        </div>
        ${this.#awake ? html`<div class="visually-hidden" role="status" aria-live="polite">${this.#announcement}</div>` : nothing}
      </article>
    `;
  }
}
