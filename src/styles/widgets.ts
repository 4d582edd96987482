import { css } from 'lit';

/**
 * Native controls, tables and pictures, for the elements that have them (the gate does not): their
 * tokens (set by a page like those in `tokens.ts`), the focus ring, and the controls and tables.
 */
export const widgetStyles = css`
  :host {
    --_accent: var(--bulkhead-color-accent, light-dark(#3b4bc8, #8d9bff));
    --_a-soft: var(--bulkhead-color-a-soft, light-dark(#fbe3cf, #4a2d14));
    --_b-soft: var(--bulkhead-color-b-soft, light-dark(#d6e6f8, #16324f));
    --_mono: var(--bulkhead-font-mono, ui-monospace, 'SFMono-Regular', Menlo, monospace);
    --_focus: var(--bulkhead-color-focus, light-dark(#3b4bc8, #8d9bff));
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }
  button,
  select,
  input {
    font: inherit;
    color: inherit;
  }
  /* A select as wide as its longest option still fits a phone's column. */
  select {
    max-width: 100%;
  }
  select,
  input[type='number'] {
    background: var(--_bg);
    border: 1px solid var(--_line);
    border-radius: calc(var(--_radius) / 2);
    padding: 0.15rem 0.3rem;
  }
  input:disabled {
    background: var(--_panel);
    color: var(--_muted);
  }
  button {
    border: 1px solid var(--_line);
    background: var(--_panel);
    border-radius: var(--_radius);
    padding: 0.3rem 0.7rem;
    cursor: pointer;
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  .scroller {
    overflow-x: auto;
    max-width: 100%;
  }
  /* The box whose width picks a layout (see ContainerLayout): @container rules read its width,
     and it stays hidden until that layout is known (what follows it too, in the one element that
     draws something after it: the timeline). */
  .measuring {
    visibility: hidden;
  }
  .frame {
    container-type: inline-size;
  }
  table {
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    border: 1px solid var(--_line);
    padding: 0.2rem 0.45rem;
    text-align: left;
    white-space: nowrap;
  }
  /* Labels wrap so the numbers beside them stay on screen in a narrow column. */
  th {
    white-space: normal;
  }
  thead th {
    background: var(--_panel);
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 0.3rem;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .tenant-A {
    color: var(--_a);
  }
  .tenant-B {
    color: var(--_b);
  }
  /* On paper a box that scrolls cannot be split between pages: it prints as a plain block, and no
     row or list item is cut in two, nor a heading left alone at the foot of a page. */
  @media print {
    .scroller {
      overflow: visible;
      display: block;
    }
    .scroller > * + * {
      margin-top: var(--_gap);
    }
    tr,
    li {
      break-inside: avoid;
    }
    /* Chromium prints a repeated header row over the table's last row. */
    thead {
      display: table-row-group;
    }
    [role='heading'],
    caption,
    summary {
      break-after: avoid;
    }
  }
`;

/** For elements with wide tables: they scroll inside the widget instead of widening the page's layout. */
export const wideHost = css`
  :host {
    contain: inline-size;
  }
`;
