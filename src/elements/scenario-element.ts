/** The base of every element: binds to a scenario, reads config attributes, shows notices. */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { TimeSource } from '../scenario/clock.js';
import type { Scenario } from '../scenario/scenario.js';
import { CONFIG_ATTRIBUTES, ScenarioController } from '../scenario/source.js';
import type { LabConfig } from '../sim/index.js';

const warned = new Set<string>();

/**
 * Every element that shows a scenario: it binds to a source (`for`, else the enclosing source,
 * else its own config attributes) and shows notices about corrected attributes.
 *
 * @attr preset - `stalled-dependency`, `count-every-request` or `slow-vs-dead`: the starting config.
 * @attr policy - `shared-fifo`, `shared-round-robin`, `strict-partitions` or `borrowing`.
 * @attr slots - total slots, 1–8.
 * @attr reserved-a - A's home slots under the partitioned policies, 0 to slots − 1.
 * @attr a-per-tick - A requests offered at every arrival tick, 0–3.
 * @attr b-every - one B request at every tick divisible by this, 1–12.
 * @attr a-hold - ticks a healthy A call holds its slot, 1–12.
 * @attr b-hold - ticks a B call holds its slot, 1–12.
 * @attr a-fault - `none`, `stall` or `fail-fast`.
 * @attr a-timeout - A's total timeout from arrival, 1–20.
 * @attr b-timeout - B's total timeout from arrival, 1–20.
 * @attr queue-cap - most waiting requests per tenant, 0–12.
 * @attr target - completion target in whole percent, 0–100.
 * @attr horizon - last tick of the window (fixed at 20 in the elements).
 * @attr last-arrival - last tick with offers (fixed at 11 in the elements).
 * @attr theme - `light` or `dark` to force a colour scheme.
 * @cssproperty --bulkhead-color-text - text colour.
 * @cssproperty --bulkhead-color-muted - secondary text colour.
 * @cssproperty --bulkhead-color-surface - background of cards and the lab.
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
 * @cssproperty --bulkhead-font - the font.
 * @cssproperty --bulkhead-font-mono - the font of request ids.
 * @cssproperty --bulkhead-space - the base gap between pieces.
 * @cssproperty --bulkhead-radius - corner radius.
 */
export abstract class ScenarioElement extends LitElement {
  /** Whether this element always owns a scenario and serves the views inside it. */
  static readonly isSource: boolean = false;

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...CONFIG_ATTRIBUTES];
  }

  protected readonly bound = new ScenarioController(this, (this.constructor as typeof ScenarioElement).isSource);

  /** True for elements that other views can bind to with `for`. */
  get isScenarioSource(): boolean {
    return (this.constructor as typeof ScenarioElement).isSource;
  }

  /** The scenario this element shows (its own, or its source's). */
  get scenario(): Scenario {
    return this.bound.scenario;
  }

  /** The normalized config shown. Setting it replaces every input and announces nothing. */
  get config(): LabConfig {
    return this.scenario.config;
  }
  set config(value: Partial<LabConfig>) {
    this.scenario.setInput({ ...value }, 'property');
  }

  /** The inspected tick. Setting it seeks and announces nothing. */
  get tick(): number {
    return this.scenario.tick;
  }
  set tick(value: number) {
    this.scenario.seek(Number(value), 'property');
  }

  /** Real time for playback; tests inject a fake so they never wait. */
  set timeSource(time: TimeSource) {
    this.scenario.playback.setTime(time);
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (old !== value && CONFIG_ATTRIBUTES.includes(name)) this.bound.attributeChanged(name);
  }

  /** Corrections to this element's own (non-config) attributes; elements with such attributes override it. */
  protected ownAttributeNotes(): string[] {
    return [];
  }

  private get notes(): string[] {
    return [...this.bound.notes, ...this.ownAttributeNotes()];
  }

  /** Visible notices about bad attributes or a broken binding; each is warned once per tag in the console. */
  protected renderNotices(): TemplateResult | typeof nothing {
    const notes = this.notes;
    if (notes.length === 0) return nothing;
    return html`<ul class="notices" part="notices" role="status">
      ${notes.map((note) => html`<li>${note}</li>`)}
    </ul>`;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const note of this.notes) {
      const message = `<${this.localName}> ${note}`;
      if (warned.has(message)) continue;
      warned.add(message);
      console.warn(message);
    }
  }
}
