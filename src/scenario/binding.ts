/**
 * What an element asks of the controller that binds it to its scenario: a `SourceController` for
 * an element that serves others, a `ViewController` for one that shows a source's scenario or its own.
 */
import type { ReactiveControllerHost } from 'lit';
import type { RequestDetails, RequestName } from './events.js';
import type { Note } from './notices.js';
import type { Scenario, ScenarioRequest } from './scenario.js';

export type Host = ReactiveControllerHost & HTMLElement;

export interface ScenarioBinding {
  /** The scenario the element shows. */
  readonly scenario: Scenario;
  /** What the element's notices about its binding and its scenario's inputs say. */
  readonly issues: Note[];
  /** Code being fetched that the element's next update waits for, or null. */
  readonly fetching: Promise<unknown> | null;
  /** A change the page made through a property: applied silently. */
  page(request: ScenarioRequest): void;
  /** The page changed a config attribute. */
  attributeChanged(name: string): void;
  /** The attribute that links views and sources changed: a view's `for`, a source's `id`. */
  linkChanged(): void;
  /** Sends a request event to the element's source (a source, or a view on its own, to itself). */
  request<K extends RequestName>(name: K, detail: RequestDetails[K]): void;
}
