/** The base of every element: binds to a scenario, reads config attributes, shows notices. */
import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { LocaleController } from '../i18n/locale-controller.js';
import type { ScenarioBinding } from '../scenario/binding.js';
import { isTimeSource, type TimeSource } from '../scenario/clock.js';
import { CONFIG_ATTRIBUTES } from '../scenario/config-attributes.js';
import {
  failedText,
  fetchNoticeWords,
  inWords,
  warnOnce,
  type Issue,
  type Note,
  type WordedNote,
} from '../scenario/notices.js';
import { ownFields } from '../scenario/own-fields.js';
import type { Scenario } from '../scenario/scenario.js';
import { ViewController, type Serving } from '../scenario/view-controller.js';
import type { LabConfig } from '../sim/config.js';

/**
 * Every element that shows a scenario: it binds to a source (`for`, else the enclosing source,
 * else its own config attributes) and shows notices about corrected attributes.
 *
 * @attr {'stalled-dependency' | 'count-every-request' | 'slow-vs-dead' | 'retry-storm'} preset - `stalled-dependency`, `count-every-request`, `slow-vs-dead` or `retry-storm`: the starting config.
 * @attr {Policy} policy - the scheduling policy: `POLICIES`.
 * @attr {number} slots - total slots, 1–8.
 * @attr {number} reserved-a - A's home slots under the partitioned policies, 0 to slots − 1.
 * @attr {number} a-per-tick - A requests offered at every arrival tick, 0–3.
 * @attr {number} b-every - one B request at every tick divisible by this, 1–12.
 * @attr {number} a-hold - ticks a healthy A call holds its slot, 1–12.
 * @attr {number} b-hold - ticks a B call holds its slot, 1–12.
 * @attr {'none' | 'stall' | 'fail-fast'} a-fault - `none`, `stall` or `fail-fast`.
 * @attr {number} a-timeout - A's timeout, 1–20, counted as `timeout-from` says.
 * @attr {number} b-timeout - B's timeout, 1–20, counted as `timeout-from` says.
 * @attr {number} queue-cap - most waiting requests per tenant, 0–12.
 * @attr {number} target - completion target in whole percent, 0–100.
 * @attr {number} horizon - last tick of the window (fixed at 20 in the elements).
 * @attr {number} last-arrival - last tick with offers (fixed at 11 in the elements).
 * @attr {string} a-recovers - the first tick from which A calls that start are healthy, 0–20, or `none` (A stays faulty).
 * @attr {number} retries - extra attempts a client makes for a request whose attempt did not complete, 0–3.
 * @attr {number} retry-delay - ticks from the end of an attempt to the offer of its retry, 1–6.
 * @attr {string} retry-budget - a tenant's retries as a percent of its first attempts: `none`, 10, 20, 50 or 100.
 * @attr {'arrival' | 'start'} timeout-from - where a call's timeout starts: `arrival` (default; the timeout wraps the
 *   bulkhead, so waiting uses it up) or `start` (the timeout sits inside the bulkhead: a waiting call has no deadline).
 * @attr {'light' | 'dark'} theme - `light` or `dark` to force a colour scheme; without it, the element follows the `color-scheme`
 *   it inherits from the page (none at all is light; `light dark` follows the reader's preference).
 * @attr {number} heading-level - the level (1–6) of the element's headings, so they fit the page's outline; a level out
 *   of range is clamped to 1 or 6, a blank or non-numeric one gives the default.
 * @attr {string} lang - the language of the element's words: `de` (German) or English (anything else). Without it,
 *   the element speaks the language of the nearest ancestor with a `lang`, through shadow roots, else the document's,
 *   and follows a later change of it.
 * @fires {CustomEvent<RunDetail>} bulkhead-run - a request changed the config; detail `{ config, run, problems }`. Every
 *   element that owns a scenario announces it: a source, and a view on its own (no `for`, no enclosing source).
 * @fires {CustomEvent<TickDetail>} bulkhead-tick - a request or playback changed the inspected tick or the playback
 *   state; detail `{ tick, elapsed, playing, speed }`. Announced like `bulkhead-run`.
 * @cssproperty --bulkhead-color-text - text colour. Each colour may be one value for both schemes or a `light-dark()` pair.
 * @cssproperty --bulkhead-color-muted - secondary text colour.
 * @cssproperty --bulkhead-color-surface - background of every element, its cards and the lab.
 * @cssproperty --bulkhead-color-panel - background of table heads, buttons and disabled boxes.
 * @cssproperty --bulkhead-color-border - lines and borders.
 * @cssproperty --bulkhead-color-accent - the inspected tick and slider.
 * @cssproperty --bulkhead-color-a - tenant A's colour.
 * @cssproperty --bulkhead-color-a-soft - background of cells held by A.
 * @cssproperty --bulkhead-color-b - tenant B's colour.
 * @cssproperty --bulkhead-color-b-soft - background of cells held by B.
 * @cssproperty --bulkhead-color-pass - a passing gate.
 * @cssproperty --bulkhead-color-fail - a failing gate, timeouts.
 * @cssproperty --bulkhead-color-pending - a pending gate, notices, rejections.
 * @cssproperty --bulkhead-color-focus - the focus ring.
 * @cssproperty --bulkhead-font - the font (default: the page's, inherited).
 * @cssproperty --bulkhead-font-mono - the font of request ids.
 * @cssproperty --bulkhead-space - the base gap between pieces (default 0.5em).
 * @cssproperty --bulkhead-radius - corner radius.
 */
export abstract class ScenarioElement extends LitElement {
  /** The attribute that links views and sources: a view's `for` (a source's `id`, see `SourceElement`). */
  static readonly linkAttribute: string = 'for';

  /**
   * The code that answers requests and plays (`serve.ts`), for an element that sends requests
   * itself and so, on its own, answers its first at once; without it, an element on its own
   * fetches that code on the first request it gets.
   */
  static readonly serving: Serving | null = null;

  /** The heading level this element's own headings take unless `heading-level` says otherwise. */
  static readonly defaultHeadingLevel: number = 3;

  static override properties: PropertyDeclarations = { headingLevel: { type: Number, attribute: 'heading-level' } };
  /** The level of this element's headings (1–6), so they fit the page's outline. */
  declare headingLevel: number | null;

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...CONFIG_ATTRIBUTES, this.linkAttribute];
  }

  protected readonly bound: ScenarioBinding = this.createBinding();

  /** A view's binding: to its source, else to its own scenario. */
  protected createBinding(): ScenarioBinding {
    return new ViewController(this, (this.constructor as typeof ScenarioElement).serving);
  }

  /** The language this element speaks: its own `lang`, else the nearest ancestor's, else the document's. */
  protected readonly locale = new LocaleController(this);

  /**
   * Every update runs in the element's language, once its words are loaded, and once its scenario is
   * no longer held for the paint of a reader's input (see scheduler.ts).
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const update = () => this.locale.schedule(() => super.scheduleUpdate()) as void | Promise<unknown>;
    return this.scenario.held?.then(update) ?? update();
  }

  constructor() {
    super();
    this.headingLevel = null;
    // A page may set these before the element's definition loaded: they are own properties then,
    // hiding the accessors below. Take them over (the custom-elements upgrade pattern), once the
    // attributes it is upgraded with are read: a preset would replace a config set before.
    for (const name of ['config', 'tick', 'timeSource'] as const) {
      if (!Object.hasOwn(this, name)) continue;
      const value: unknown = this[name];
      delete (this as Record<string, unknown>)[name];
      queueMicrotask(() => ((this as Record<string, unknown>)[name] = value));
    }
  }

  /**
   * Its styles work in whichever document it is connected in: first rendered in another document
   * (an iframe's) or moved there, it is styled for that document by `document-styles.ts`, fetched
   * then, as few pages ever move an element; `updateComplete` waits for it.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    if (this.ownerDocument === document) return super.createRenderRoot();
    const root = this.shadowRoot ?? this.attachShadow((this.constructor as typeof LitElement).shadowRootOptions);
    this.adoptedCallback();
    return root;
  }

  #restyling: Promise<unknown> | null = null;

  adoptedCallback(): void {
    this.#restyling = import('./document-styles.js').then(({ restyleAfterMove }) => restyleAfterMove(this));
  }

  /** The scenario this element shows (its own, or its source's). */
  get scenario(): Scenario {
    return this.bound.scenario;
  }

  /**
   * The normalized config shown. Setting it replaces every input and announces nothing; a value that
   * is no object of settings is refused with a notice, and every input stays as it was.
   */
  get config(): LabConfig {
    return this.scenario.config;
  }
  set config(value: Partial<LabConfig>) {
    const input = ownFields(value);
    this.#refused = input ? null : { kind: 'config', refused: value };
    if (input) this.bound.page({ type: 'replace', input });
    this.requestUpdate();
  }
  /** A `config` set that was refused, shown until a config is set again (its value is quoted when worded). */
  #refused: Issue | null = null;

  /** The inspected tick. Setting it seeks and announces nothing. */
  get tick(): number {
    return this.scenario.tick;
  }
  set tick(value: number) {
    let tick: number;
    try {
      tick = Number(value);
    } catch {
      return; // a value that cannot be read as a number (a Symbol, a throwing Proxy) is ignored
    }
    this.bound.page({ type: 'seek', tick });
  }

  /** Real time for playback; tests inject a fake so they never wait. */
  get timeSource(): TimeSource {
    return this.scenario.time;
  }
  set timeSource(time: TimeSource) {
    if (isTimeSource(time)) this.bound.page({ type: 'time', time });
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (old === value) return;
    if (name === (this.constructor as typeof ScenarioElement).linkAttribute) this.bound.linkChanged();
    else if (CONFIG_ATTRIBUTES.includes(name)) this.bound.attributeChanged(name);
  }

  /** Corrections to this element's own (non-config) attributes; elements with such attributes override it. */
  protected ownAttributeNotes(): Note[] {
    return [];
  }

  /**
   * Every notice: about its words, the binding and the inputs, the element's own attributes, and its
   * heading level. Words that could not be loaded are said once, by the outermost element: not by
   * each view inside a lab.
   */
  get #notes(): Note[] {
    const value = this.getAttribute('heading-level');
    const used = this.level;
    const words = this.locale.failed;
    const nested = (this.getRootNode() as ShadowRoot).host instanceof ScenarioElement;
    return [
      ...(words && !nested ? [{ kind: 'part', text: failedText(words) }] : []),
      ...this.bound.issues,
      ...(this.#refused ? [this.#refused] : []),
      ...this.ownAttributeNotes(),
      ...(value !== null && String(used) !== value.trim() ? [{ kind: 'heading-level' as const, value, used }] : []),
    ];
  }

  /** The notices shown: all of them once the words of notices are here (see `updated`), none until then. */
  get #shown(): WordedNote[] {
    return inWords(this.#notes) ?? [];
  }

  /**
   * The heading level in use: `heading-level` clamped to 1–6 (0 gives 1, 9 gives 6), or the
   * element's default when it is missing, blank or not a whole number.
   */
  protected get level(): number {
    const blank = (this.headingLevel ?? null) === null || this.getAttribute('heading-level')?.trim() === '';
    const level = blank ? Number.NaN : Number(this.headingLevel);
    const fallback = (this.constructor as typeof ScenarioElement).defaultHeadingLevel;
    return Number.isInteger(level) ? Math.max(1, Math.min(6, level)) : fallback;
  }

  /** A heading at `level` (the element's own by default): the outline follows the page's. */
  protected renderHeading(
    content: unknown,
    options: { level?: number; id?: string; cls?: string } = {},
  ): TemplateResult {
    const level = Math.min(6, options.level ?? this.level);
    return html`<div role="heading" aria-level=${level} class="heading ${options.cls ?? ''}" id=${options.id ?? nothing}>${content}</div>`;
  }

  /** Visible notices about bad attributes or a broken binding. */
  protected renderNotices(): TemplateResult | typeof nothing {
    const notes = this.#shown;
    if (notes.length === 0) return nothing;
    return html`<div class="notices" part="notices" role="status">${notes.map((note) => html`<p>${note.text}</p>`)}</div>`;
  }

  /** The words of the notices, being fetched for this element. */
  #wording: Promise<unknown> | null = null;

  /**
   * Awaiting `updateComplete` also waits for code this element is fetching (the words of its
   * notices; on its own, what answers the requests it got; in another document, its styles there),
   * all of it, and the update that follows.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete();
    const fetching = [this.#wording, this.bound.fetching, this.#restyling].filter((p): p is Promise<unknown> => !!p);
    this.#restyling = null;
    return fetching.length ? Promise.all(fetching).then(() => this.getUpdateComplete()) : complete;
  }

  /** Fetches the words of the notices due, or warns about them in the console once they are here. */
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const shown = inWords(this.#notes);
    if (shown) warnOnce(this.localName, shown);
    else
      this.#wording ??= fetchNoticeWords().then(() => {
        this.#wording = null;
        this.requestUpdate(); // the notices, or one that says their words could not be loaded
      });
  }
}
