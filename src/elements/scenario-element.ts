/** The base of every element: binds to a scenario, reads config attributes, shows notices. */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { TimeSource } from '../scenario/clock.js';
import type { Scenario } from '../scenario/scenario.js';
import { CONFIG_ATTRIBUTES, ScenarioController } from '../scenario/source.js';
import type { LabConfig } from '../sim/index.js';

const warned = new Set<string>();

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

  /** Visible notices about bad attributes or a broken binding; each is warned once in the console. */
  protected renderNotices(): TemplateResult | typeof nothing {
    const notes = this.bound.notes;
    if (notes.length === 0) return nothing;
    return html`<ul class="notices" part="notices" role="status">
      ${notes.map((note) => html`<li>${note}</li>`)}
    </ul>`;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const note of this.bound.notes) {
      if (warned.has(note)) continue;
      warned.add(note);
      console.warn(`<${this.localName}> ${note}`);
    }
  }
}
