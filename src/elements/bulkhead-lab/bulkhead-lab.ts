import { html, nothing, type PropertyValues } from 'lit';
import { msg, str } from '../../i18n/msg.js';
import { presetOf } from '../../scenario/config-attributes.js';
import type { Note } from '../../scenario/notices.js';
import { Part } from '../../scenario/parts.js';
import { metricsAt, quoteValue, recovery } from '../../sim/index.js';
import { GATE_LABEL } from '../format.js';
import { ScenarioElement } from '../scenario-element.js';
import { SourceElement } from '../source-element.js';
import { Drawing } from './drawing.js';
import { FullscreenController } from './fullscreen-controller.js';
import { TITLE, recoveryText, tagline, type Experiment } from './guides.js';
import { LabKey } from './lab-key.js';
import { PermalinkController } from './permalink-controller.js';
import { GROUPS, SECTIONS, notice, type LabView, type Section } from './sections.js';
import type * as StepsModule from './steps.js';
import { StepsDone } from './steps-done.js';
import { labStyles } from './styles.js';

/** Every experiment's guided steps, and the scope: in a file of their own in the per-element build. */
const guides = new Part<typeof StepsModule>(() => import('./steps.js'), 'steps.js');

/** The sections open from the start, which `loading="eager"` draws at once. */
const OPEN = SECTIONS.filter((section) => !section.closed).map((section) => section.id);

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
  static override styles = labStyles;

  static override properties = {
    heading: {},
    theme: { reflect: true },
    permalink: { type: Boolean },
    loading: {},
  };
  declare heading: string | null;
  declare theme: 'light' | 'dark' | null;
  declare permalink: boolean;
  /** `lazy` (default): each section drawn as the reader comes near it; `eager`: every open section at once. */
  declare loading: string | null;

  /** What tells this lab apart on the page, in the URL hash and in stored notes. */
  readonly #key = new LabKey(this);
  readonly #drawing = new Drawing(this, {
    words: guides,
    viewsDrawn: () => this.#viewsDrawn(),
    drawNow: () => this.performUpdate(),
  });
  readonly #steps = new StepsDone(this, () => guides.value?.parseStepCheck);
  readonly #fullscreen = new FullscreenController(this);

  constructor() {
    super();
    this.heading = null;
    this.theme = null;
    this.permalink = false;
    this.loading = null;
    new PermalinkController(this, () => this.#key.value);
  }

  /** `eager` in any case, as `<img loading>` reads its value. */
  get #eager(): boolean {
    return this.loading?.toLowerCase() === 'eager';
  }

  /** Whether clients retry, which makes several views taller (see the sections' sizes); read only once drawing. */
  get #retrying(): boolean {
    return this.#drawing.phase !== 'far' && (this.scenario.config.retries ?? 0) > 0;
  }

  /** `loading="eager"`, from the start or set later: every open section draws at once, and stays drawn. */
  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('loading') && this.#eager) this.#drawing.reveal(OPEN, { now: true });
  }

  /** A lab whose id an earlier lab has: its notes and permalink entries go under a key of its own. */
  protected override ownAttributeNotes(): Note[] {
    if (!this.#key.idTaken) return [];
    const key = this.#key.value;
    return [
      {
        kind: 'id',
        text: msg(
          str`id: an earlier lab on this page has the id ${quoteValue(this.id)}; this one keeps its notes and permalink as ${key}`,
        ),
      },
    ];
  }

  /**
   * Awaiting `updateComplete` waits for the lab's update, for the files of views being fetched, and
   * for every view drawn in it; it draws nothing.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.#drawing.settled;
    const complete = await super.getUpdateComplete();
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

  /** Draws `sections` at once, for the keyboard or find-in-page that reached them: the first screen too. */
  #reach(sections: readonly Section[] = []) {
    this.#drawing.reveal(
      sections.map((section) => section.id),
      { now: true },
    );
  }

  #renderSection(section: Section, lab: LabView) {
    const { id, view, hint, part } = section;
    const about = section.about?.(lab) ?? nothing;
    if (!view) return about;
    if (this.#drawing.isDrawn(section))
      return part?.failed
        ? html`${about}${notice(part.failed)}`
        : html`${about}<div class="view" data-view=${id}>${view(lab)}</div>`;
    if (section.closed) return about;
    // Watched until it comes near; find-in-page finds its hint, reveals it, and it is drawn at once.
    return html`${about}<div class="view" data-view=${id} data-section=${id}>${
      hint
        ? html`<p class="hint" hidden="until-found" @beforematch=${() => this.#reach([section])}>${hint()}</p>`
        : nothing
    }</div>`;
  }

  /**
   * A group of sections. One after the first screen may be left unrendered while far from the
   * viewport, unless it is a closed section not opened, a line high.
   */
  #renderGroup(group: readonly Section[], lab: LabView) {
    const [first] = group as [Section, ...Section[]];
    const level = this.level + 1;
    const heading = first.heading?.(lab.experiment);
    const skippable = !first.first && (!first.closed || this.#drawing.isOpen(first.id)) ? 'skippable' : '';
    if (first.closed) {
      // A closed section's file is fetched as the reader shows an intent to open it (the pointer
      // over its summary, or the focus on it), so that it is here, or on its way, when it opens.
      const intent = () => void first.part?.load();
      return html`<section part="section" class=${skippable}>
        <details id=${first.id} ?open=${this.#drawing.isOpen(first.id)}
          @toggle=${(e: Event) => this.#drawing.toggle(first.id, (e.target as HTMLDetailsElement).open)}>
          <summary @pointerenter=${intent} @focus=${intent}>${this.renderHeading(heading, { level })}</summary>
          ${this.#renderSection(first, lab)}
        </details>
      </section>`;
    }
    const views = group.map((section) => this.#renderSection(section, lab));
    // The first screen's inputs and gates, side by side where they fit, have no heading of their own.
    if (heading === undefined) return html`<section part="section" class="bench">${views}</section>`;
    // Until its views are drawn, the heading takes the keyboard's focus and draws them: Tab reaches
    // every section without drawing the whole lab first. Unnamed, a section is no landmark: three labs
    // on a page would otherwise bring three regions of each name.
    const pending = group.filter((section) => !this.#drawing.isDrawn(section));
    return html`<section part="section" class=${skippable} id=${first.id}>
      <div role="heading" aria-level=${Math.min(6, level)} class="heading section" id="h-${first.id}"
        tabindex=${pending.length ? 0 : -1} @focus=${() => this.#reach(pending)}>${heading}</div>
      ${views}
    </section>`;
  }

  protected override render() {
    const experiment: Experiment = presetOf(this) ?? 'custom';
    const title = this.heading ?? TITLE[experiment];
    const phase = this.#drawing.phase;
    const top = Math.min(6, this.level + 1);
    const keys = this.#key;
    const recovery = () => this.#recovery();
    const steps = this.#steps;
    const lab: LabView = {
      experiment,
      title,
      top,
      widgets: Math.min(6, top + 1),
      get key() {
        return keys.value; // worked out only by a section that shows it
      },
      holds: (check) => steps.holds(check),
      steps: guides.value?.GUIDES[experiment] ?? null,
      scope: guides.value?.scopeLists(experiment) ?? null,
      failed: guides.failed,
      get recovery() {
        return recovery(); // worked out only by the inspection, once drawn: it runs the scenario
      },
    };
    const fullscreen = this.#fullscreen;
    // Until its first screen shows, the title is a tab stop, and the focus arriving anywhere in the
    // lab draws and shows that screen at once, so the next Tab goes into its inputs, not past the lab.
    return html`
      <article class="lab ${phase} ${!this.#eager && FINDS_SKIPPED ? 'skips' : ''} ${this.#retrying ? 'retrying' : ''}"
        part="lab" aria-label=${title}
        @focusin=${() => phase !== 'outline' && this.#reach()}>
        <header part="header">
          <p class="kicker">${msg('Allocate · observe · compare')}</p>
          <div class="top">
            <div role="heading" aria-level=${this.level} class="heading title" tabindex=${phase === 'outline' ? -1 : 0}>${title}</div>
            ${
              fullscreen.allowed
                ? html`<button type="button" part="fullscreen" aria-pressed=${String(fullscreen.active)}
                  @click=${() => fullscreen.toggle()}>${fullscreen.active ? msg('Exit full screen') : msg('Expand experiment')}</button>`
                : nothing
            }
          </div>
          <p class="tagline">${tagline()}</p>
        </header>
        ${this.renderNotices()}
        ${
          phase === 'far'
            ? nothing
            : GROUPS.map((group) => (phase === 'outline' || group[0]!.first ? this.#renderGroup(group, lab) : nothing))
        }
        ${phase === 'outline' ? nothing : html`<div class="reserve"></div>`}
        <slot></slot>
        ${phase === 'outline' ? this.#renderStatus() : nothing}
      </article>
    `;
  }

  /** The recovery reading under the picture, when A recovers or clients retry. */
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
