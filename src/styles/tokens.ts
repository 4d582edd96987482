/**
 * Shared look: every element reads these custom properties, each with a fallback, so a page can
 * restyle all of them at once (`--bulkhead-*` on any ancestor) or one element through its parts.
 */
import { css } from 'lit';

const darkScheme = css`
  --_fg: var(--bulkhead-color-text, #e6e9ee);
  --_muted: var(--bulkhead-color-muted, #a9b2bf);
  --_bg: var(--bulkhead-color-surface, #15181d);
  --_panel: var(--bulkhead-color-panel, #1f242b);
  --_line: var(--bulkhead-color-border, #3c4450);
  --_accent: var(--bulkhead-color-accent, #8d9bff);
  --_a: var(--bulkhead-color-a, #ffab66);
  --_a-soft: var(--bulkhead-color-a-soft, #4a2d14);
  --_b: var(--bulkhead-color-b, #7fb6ff);
  --_b-soft: var(--bulkhead-color-b-soft, #16324f);
  --_pass: var(--bulkhead-color-pass, #6fd88a);
  --_fail: var(--bulkhead-color-fail, #ff8a8a);
  --_pending: var(--bulkhead-color-pending, #e6cf6a);
  --_focus: var(--bulkhead-color-focus, #8d9bff);
`;

export const tokens = css`
  :host {
    display: block;
    --_fg: var(--bulkhead-color-text, #1b1f24);
    --_muted: var(--bulkhead-color-muted, #4f5866);
    --_bg: var(--bulkhead-color-surface, #ffffff);
    --_panel: var(--bulkhead-color-panel, #f3f5f8);
    --_line: var(--bulkhead-color-border, #c3cad4);
    --_accent: var(--bulkhead-color-accent, #3b4bc8);
    --_a: var(--bulkhead-color-a, #a34a00);
    --_a-soft: var(--bulkhead-color-a-soft, #fbe3cf);
    --_b: var(--bulkhead-color-b, #1d5fa8);
    --_b-soft: var(--bulkhead-color-b-soft, #d6e6f8);
    --_pass: var(--bulkhead-color-pass, #17692d);
    --_fail: var(--bulkhead-color-fail, #a3121e);
    --_pending: var(--bulkhead-color-pending, #6b5600);
    --_focus: var(--bulkhead-color-focus, #3b4bc8);
    --_font: var(--bulkhead-font, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --_mono: var(--bulkhead-font-mono, ui-monospace, 'SFMono-Regular', Menlo, monospace);
    --_gap: var(--bulkhead-space, 0.5rem);
    --_radius: var(--bulkhead-radius, 6px);
    font-family: var(--_font);
    color: var(--_fg);
    color-scheme: light dark;
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
    ${darkScheme}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${darkScheme}
    }
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .notices {
    margin: 0 0 var(--_gap);
    padding: 0.4rem 0.6rem 0.4rem 1.6rem;
    border: 1px solid var(--_pending);
    border-radius: var(--_radius);
    background: var(--_panel);
    font-size: 0.875rem;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }
`;

/** For elements with wide tables: they scroll inside the widget instead of widening the page's layout. */
export const wideHost = css`
  :host {
    contain: inline-size;
  }
`;
