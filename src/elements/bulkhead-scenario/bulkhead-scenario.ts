import { css, html } from 'lit';
import { tokens } from '../../styles/tokens.js';
import { SourceElement } from '../source-element.js';

/**
 * A scenario source without a UI of its own: it owns one config (from its attributes or `preset`),
 * the simulated run, the inspected tick and the playback clock. Views inside it, or anywhere with
 * `for="its id"`, show and drive it.
 *
 * @summary A scenario source for composing widgets.
 * @attr {'stalled-dependency' | 'count-every-request' | 'slow-vs-dead' | 'retry-storm'} preset - `stalled-dependency`, `count-every-request`, `slow-vs-dead` or `retry-storm`.
 * @attr {string} id - what views name in their `for` attribute to bind to this source from elsewhere on the page.
 * @slot - the views and any other content.
 * @csspart notices - notices about attributes that were corrected.
 */
export class BulkheadScenario extends SourceElement {
  static override styles = [
    tokens,
    css`
      /* No box of its own: the page's content inside keeps the page's colours and type. */
      :host {
        display: contents;
        color: inherit;
        font-family: inherit;
        line-height: inherit;
      }
    `,
  ];

  protected override render() {
    return html`${this.renderNotices()}<slot></slot>`;
  }
}
