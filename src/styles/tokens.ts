/**
 * Shared look: every element reads these custom properties, each with a fallback, so a page can
 * restyle all of them at once (`--bulkhead-*` on any ancestor) or one element through its parts.
 *
 * Colour scheme: each fallback is a `light-dark()` pair, resolved by the `color-scheme` the element
 * inherits from the page (`html { color-scheme: dark }`, or on any container; `light dark` follows
 * the reader's preference; none at all is light), unless its `theme` attribute sets one. An override
 * may be one colour for both schemes or a `light-dark()` pair of its own. Every element paints its
 * own surface and text together, so its labels never sit on a page background of the other scheme.
 *
 * Type: sizes are in `em` of the page's text where the element sits, and the font is the page's,
 * unless `--bulkhead-font` names one.
 *
 * What only elements with controls, tables or pictures use (the accent, the soft tenant colours of
 * held cells, the font of request ids, the focus ring) is with their styles in `widgets.ts`: a
 * gate carries none of it.
 */
import { css } from 'lit';

export const tokens = css`
  :host {
    display: block;
    --_fg: var(--bulkhead-color-text, light-dark(#1b1f24, #e6e9ee));
    --_muted: var(--bulkhead-color-muted, light-dark(#4f5866, #a9b2bf));
    --_bg: var(--bulkhead-color-surface, light-dark(#ffffff, #15181d));
    --_panel: var(--bulkhead-color-panel, light-dark(#f3f5f8, #1f242b));
    --_line: var(--bulkhead-color-border, light-dark(#c3cad4, #3c4450));
    --_a: var(--bulkhead-color-a, light-dark(#a34a00, #ffab66));
    --_b: var(--bulkhead-color-b, light-dark(#1d5fa8, #7fb6ff));
    --_pass: var(--bulkhead-color-pass, light-dark(#17692d, #6fd88a));
    --_fail: var(--bulkhead-color-fail, light-dark(#a3121e, #ff8a8a));
    --_pending: var(--bulkhead-color-pending, light-dark(#6b5600, #e6cf6a));
    --_gap: var(--bulkhead-space, 0.5em);
    --_radius: var(--bulkhead-radius, 6px);
    font-family: var(--bulkhead-font, inherit);
    color: var(--_fg);
    background-color: var(--_bg);
    border-radius: var(--_radius);
    line-height: 1.45;
  }
  :host([hidden]) {
    display: none !important;
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .notices {
    margin: 0 0 var(--_gap);
    padding: 0.4em 0.6em;
    border: 1px solid var(--_pending);
    border-radius: var(--_radius);
    background: var(--_panel);
    color: var(--_fg);
    font-size: max(12px, 0.875em);
  }
  .notices p {
    margin: 0;
  }
`;
