/** The lab's own look; its views bring their own. */
import { css, unsafeCSS } from 'lit';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { GROUPS, SECTIONS } from './sections.js';

/**
 * Each view's declared size (sections.ts), as custom properties of its own: the space it keeps until
 * it is drawn, per width; and for each group of sections after the first screen, the guess it is laid
 * out at while far from the viewport.
 */
const sizes = unsafeCSS(
  [
    ...SECTIONS.filter((section) => section.size).map(
      ({ id, size }) =>
        `[data-view="${id}"]{--_narrow:${size!.narrow}em;--_wide:${size!.wide}em}` +
        `.retrying [data-view="${id}"]{--_narrow:${size!.retrying.narrow}em;--_wide:${size!.retrying.wide}em}`,
    ),
    ...GROUPS.map((group) => {
      const views = group.reduce((sum, { size }) => sum + (size ? Math.max(size.narrow, size.wide) : 0), 0);
      return `#${group[0]!.id}{--_size:${views + 3}em}`;
    }),
  ].join(''),
);

export const labStyles = [
  tokens,
  widgetStyles,
  wideHost,
  css`
      .lab {
        font-size: var(--bulkhead-font-size, 0.85em);
        background: var(--_bg);
        border: 1px solid var(--_line);
        border-radius: calc(var(--_radius) * 1.5);
        padding: calc(var(--_gap) * 1.5);
        display: grid;
        gap: calc(var(--_gap) * 1.5);
        min-width: 0;
      }
      /* A screen's height from its upgrade on, as bulkhead-lab.css keeps before it. */
      :host {
        display: block;
        min-height: 100vh;
        border-radius: calc(var(--_radius) * 1.5);
      }
      .heading {
        font-weight: 700;
        line-height: 1.25;
      }
      .title {
        margin: 0;
        font-size: 1.35em;
        overflow-wrap: anywhere; /* a long word in the page's heading wraps rather than widening the page */
      }
      .section {
        margin: 0 0 var(--_gap);
        font-size: 1.1em;
      }
      .tagline {
        margin: 0.2em 0 0;
      }
      .kicker {
        margin: 0;
        color: var(--_muted);
        font-size: max(12px, 0.85em);
        letter-spacing: 0.06em;
        text-transform: uppercase;
      }
      ol,
      ::slotted(ol) {
        margin: 0.3em 0 0;
      }
      ol {
        padding-left: 1.4em;
      }
      li {
        margin: 0.2em 0;
      }
      section {
        display: grid;
        gap: var(--_gap);
        min-width: 0;
      }
      .bench {
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 17em), 1fr));
        gap: calc(var(--_gap) * 2);
        align-items: start;
      }
      .gates {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 15em), 1fr));
        gap: var(--_gap);
      }
      .recovery {
        margin: 0;
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
      details > summary .heading {
        display: inline;
      }
      :host(:fullscreen) {
        overflow: auto;
        background: var(--_bg);
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: 0 var(--_gap);
        align-items: baseline;
      }
      [part='fullscreen'] {
        padding: 0.15em 0.6em;
      }
      .about,
      .scope,
      .hint {
        margin: 0;
        font-size: 0.9em;
        color: var(--_muted);
      }
      .about li,
      .scope li {
        margin: 0.15em 0;
      }
      [part='steps'] .done {
        font-weight: 600;
        color: var(--_pass);
      }
      .references {
        margin-top: 0.5em;
      }
      .references a {
        color: var(--_accent);
      }
      /* Far from the viewport, or drawing its first screen, the lab keeps a screen's height: what it
         draws then pushes nothing on screen down. A block of its own keeps it, not a height of the
         lab's own, whose change would stop the browser from keeping a link's target in place. */
      .reserve {
        min-height: 100vh;
      }
      /* The lab grows as it draws, so the browser never takes it, or anything in it, as the anchor
         that keeps the page in place while something above the viewport changes height: it keeps
         what follows the lab in place instead. (A page may say otherwise on bulkhead-lab.) */
      :host {
        overflow-anchor: none;
      }
      /* Its first screen shows whole, once drawn (see drawing.ts): its views come in turns, and a
         reader sees them all at once, without each one pushing the next down. */
      .first > :not(header, .reserve) {
        visibility: hidden;
      }
      /* A view not drawn yet keeps the space it will take (the sections table's sizes). */
      .lab {
        container: lab / inline-size;
      }
      .view[data-section] {
        min-height: var(--_narrow, 0);
      }
      @container lab (min-width: 40em) {
        .view[data-section] {
          min-height: var(--_wide, 0);
        }
        /* The gates' lines are longer than the inputs': more of the width keeps them from wrapping. */
        .bench {
          grid-template-columns: minmax(0, 4fr) minmax(0, 5fr);
        }
      }
      /* A later section far from the viewport is left unrendered: once the reader has read the lab,
         a change of input restyles and lays out only the sections near the viewport. Its last size
         holds its place (at first its declared size). Not with loading="eager", whose reader is a
         page script: views inside a skipped section cannot read their width. */
      .skips > .skippable {
        content-visibility: auto;
        contain-intrinsic-block-size: auto var(--_size, 10em);
      }
      /* On paper the lab and its sections are plain blocks (a grid's later rows can print on top of
         an item a page break split), and a gate is never cut in two. */
      @media print {
        .lab,
        section,
        .bench,
        .split {
          display: block;
        }
        .lab > * + *,
        section > * + *,
        .bench > * + *,
        .split > * + * {
          margin-top: var(--_gap);
        }
        outcome-gate {
          break-inside: avoid;
        }
      }
  `,
  sizes,
];
