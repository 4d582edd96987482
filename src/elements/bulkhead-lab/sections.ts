/**
 * The lab's sections, once, in the order a reader meets them. The first screen holds what a reader
 * changes most and what it changes: the policy, A's reserved slots, A's fault and the timeouts,
 * both tenants' full-window gates, playback and the slot-by-tick picture. Everything else follows,
 * each section drawn as the reader comes near it (or at once with `loading="eager"`), a closed
 * section when it is opened.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '../../i18n/msg.js';
import { compareAbout, exportAbout, fullWindow, ordering, sweepAbout, type Experiment } from './guides.js';
import type { Step } from './steps.js';
import { failedText } from '../../scenario/notices.js';
import { Part } from '../../scenario/parts.js';
import { textChildren } from '../text-children.js';

/** Said in place of a part that could not be loaded. */
export const notice = (file: string) => html`<p class="notices" role="status">${failedText(file)}</p>`;

/** What a section's drawing needs to know of its lab. */
export interface LabView {
  experiment: Experiment;
  title: string;
  /** The heading level of the widgets inside a section. */
  widgets: number;
  /** The heading level of the first screen's widgets, which sit beside the sections, not in one. */
  top: number;
  /** The lab's key for its notes (see `lab-key.ts`), worked out when a section reads it. */
  key: string;
  /** Whether a guided step's condition holds now (see `step-check.ts`). */
  holds: (check: string) => boolean;
  /** Its experiment's guided steps, once fetched (see steps.ts). */
  steps: readonly Step[] | null;
  /** Its scope and references, fetched with the steps. */
  scope: TemplateResult | null;
  /** The file of the steps and scope, if it could not be loaded. */
  failed: string | null;
  /** When A recovers or clients retry: per tenant, from which tick every new request completes. */
  recovery: string[];
}

/** A view's height in `em` of the lab's text: in a lab narrower than 40em, and in a wider one. */
export interface Size {
  narrow: number;
  wide: number;
}

export interface Section {
  /** Its id in the lab's shadow root, and its name in what is drawn. */
  id: string;
  /** Its heading; none for the parts of the first screen after its first. */
  heading?: (experiment: Experiment) => string;
  /** Part of the first screen, which a reader sees whole, before everything after it. */
  first?: boolean;
  /** A closed section is a `<details>` the reader opens; it draws its view only while open. */
  closed?: boolean;
  /** Text shown before the view, drawn with the heading: a reader can read and find it at once. */
  about?: (lab: LabView) => unknown;
  /** Said in place of the view until it is drawn, hidden until find-in-page looks for it. */
  hint?: () => string;
  /** The view: drawn when the section comes near the viewport, or is opened. A section without one is all text. */
  view?: (lab: LabView) => TemplateResult;
  /**
   * How tall its view is once drawn, in `em` of the lab's text, in a lab narrower than 40em and in a
   * wider one, and (`retrying`) when clients retry: the space its view keeps until it is drawn.
   * test/node/section-sizes.test.ts holds these against the drawn views.
   */
  size?: Size & { retrying: Size };
  /**
   * The file of the element its view shows, when that element is not part of every page: fetched the
   * first time the view is drawn (a closed section's, when first opened).
   */
  part?: Part<unknown>;
}

/**
 * The inputs beside the picture: those a reader changes most. The retry storm's steps turn its
 * retries and retry budget, so it has them beside the picture instead of A's fault and the timeouts.
 * The others are under "More inputs".
 */
const FIRST_INPUTS = 'policy a-fault reserved-a a-timeout b-timeout';
const STORM_INPUTS = 'policy reserved-a retries retry-budget';
const firstInputs = (experiment: Experiment) => (experiment === 'retry-storm' ? STORM_INPUTS : FIRST_INPUTS);
const MORE_INPUTS = `${FIRST_INPUTS} queue-cap slots a-per-tick b-every a-hold b-hold timeout-from a-recovers retries retry-delay retry-budget target`;
const moreInputs = (experiment: Experiment) => {
  const first = firstInputs(experiment).split(' ');
  return MORE_INPUTS.split(' ')
    .filter((name) => !first.includes(name))
    .join(' ');
};

export const SECTIONS: readonly Section[] = [
  // The first screen: the inputs beside both gates, then playback and the picture.
  {
    id: 'controls',
    first: true,
    size: { narrow: 22.5, wide: 22.5, retrying: { narrow: 17.5, wide: 17.5 } },
    view: ({ top, experiment }) =>
      html`<lab-controls fields=${firstInputs(experiment)} words=${experiment} heading-level=${top}></lab-controls>`,
  },
  {
    id: 'gates',
    first: true,
    size: { narrow: 19.5, wide: 18, retrying: { narrow: 25.5, wide: 21 } },
    view: ({ top }) => html`<div class="gates" role="group" aria-label=${msg('Full-window gates')}>
      <outcome-gate tenant="A" heading-level=${top}></outcome-gate>
      <outcome-gate tenant="B" heading-level=${top}></outcome-gate>
    </div>`,
  },
  {
    id: 'inspection',
    heading: () => msg('60-second scheduler inspection'),
    first: true,
    size: { narrow: 39.5, wide: 17.5, retrying: { narrow: 55.5, wide: 24.5 } },
    // The recovery reading under the picture, where the ticks it names are seen.
    view: ({ widgets, recovery }) => html`<tick-timeline heading-level=${widgets}></tick-timeline>
      ${recovery.map((line) => html`<p class="recovery" .textContent=${line}></p>`)}`,
  },
  {
    id: 'experiment',
    heading: () => msg('Your experiment'),
    // The preset's steps, or the page's own in the `steps` slot.
    about: ({
      steps,
      holds,
      failed,
    }) => html`<slot name="steps">${failed ? notice(failed) : nothing}<ol part="steps">${steps?.map(
      ({ text, check }) => {
        const done = check !== undefined && holds(check);
        return html`<li ?data-done=${done}>${text}${done ? html` <span class="done">✓ ${msg('Done')}</span>` : nothing}</li>`;
      },
    )}</ol></slot>
      <p class="about">${msg(
        'Play inspects the 20 modeled ticks over one minute at 1×. Pause, step, slow down, restart with the same inputs, or seek to any tick; changing an input recomputes without starting playback.',
      )}</p>`,
  },
  {
    id: 'more-inputs',
    heading: () => msg('More inputs'),
    size: { narrow: 47, wide: 33.5, retrying: { narrow: 49, wide: 34.5 } },
    hint: () =>
      msg('Total resources, arrivals, resource holds, the queue cap, the completion target, recovery and retries.'),
    view: ({ widgets, experiment }) =>
      html`<lab-controls fields=${moreInputs(experiment)} words=${experiment} heading-level=${widgets}></lab-controls>`,
  },
  {
    id: 'ordering',
    heading: () => msg('Event ordering and limits'),
    closed: true,
    about: () => html`<ul class="about" ${textChildren('li', ordering())}></ul>`,
  },
  {
    id: 'inspected',
    heading: () => msg('Outcomes at the inspected tick'),
    size: { narrow: 69.5, wide: 47, retrying: { narrow: 84, wide: 60 } },
    hint: () => msg("Both tenants' gates, every slot's holder, both queues and the measures per tenant."),
    view: ({ widgets }) => html`<div class="gates">
        <outcome-gate tenant="A" window="inspected" heading-level=${widgets}></outcome-gate>
        <outcome-gate tenant="B" window="inspected" heading-level=${widgets}></outcome-gate>
      </div>
      <div class="split">
        <slot-board heading-level=${widgets}></slot-board>
        <outcome-table window="inspected" heading-level=${widgets}></outcome-table>
      </div>`,
  },
  {
    id: 'full-window',
    heading: () => msg('Full-window calculation'),
    size: { narrow: 44.5, wide: 34, retrying: { narrow: 81.5, wide: 44 } },
    about: () => html`<p class="about">${fullWindow()}</p>`,
    hint: () => msg('Both tenants over the whole window, and why unfinished requests did not complete.'),
    view: ({ widgets }) => html`<outcome-table window="full" heading-level=${widgets}></outcome-table>`,
  },
  {
    id: 'compare',
    heading: (experiment) =>
      experiment === 'count-every-request' ? msg('Compare the stalled-tenant experiment') : msg('Compare policies'),
    closed: true,
    about: () => html`<p class="about">${compareAbout()}</p>`,
    view: ({ widgets }) => html`<policy-compare heading-level=${widgets}></policy-compare>`,
    part: new Part(() => import('../policy-compare/define.js'), 'policy-compare.js'),
  },
  {
    id: 'export',
    heading: () => msg('From the lab to your service'),
    closed: true,
    about: () => html`<p class="about">${exportAbout()}</p>`,
    view: ({ widgets }) => html`<config-export heading-level=${widgets}></config-export>`,
    part: new Part(() => import('../config-export/define.js'), 'config-export.js'),
  },
  {
    id: 'sweep',
    heading: () => msg('Sweep'),
    closed: true,
    about: () => html`<p class="about">${sweepAbout()}</p>`,
    view: ({ widgets }) => html`<sweep-chart heading-level=${widgets}></sweep-chart>`,
    part: new Part(() => import('../sweep-chart/define.js'), 'sweep-chart.js'),
  },
  {
    id: 'notes',
    size: { narrow: 23, wide: 21.5, retrying: { narrow: 23, wide: 21.5 } },
    heading: (experiment) =>
      experiment === 'count-every-request'
        ? msg('Control inspection and preserve evidence')
        : msg('Baseline and notes'),
    hint: () => msg('Capture a baseline, compare with it, and keep notes in this browser.'),
    view: ({ widgets, key, title }) =>
      html`<lab-notebook key=${key} heading=${title} heading-level=${widgets}></lab-notebook>`,
    part: new Part(() => import('../lab-notebook/define.js'), 'lab-notebook.js'),
  },
  {
    id: 'requests',
    heading: () => msg('Every request and resource'),
    closed: true,
    view: ({ widgets }) => html`<request-inspector heading-level=${widgets}></request-inspector>`,
    part: new Part(() => import('../request-inspector/define.js'), 'request-inspector.js'),
  },
  {
    id: 'scope',
    heading: () => msg('Scope and references'),
    about: ({ scope, failed }) => scope ?? (failed ? notice(failed) : nothing),
  },
];

/** Every section in groups: a section with a heading, and the sections without one that follow it. */
export const GROUPS: readonly (readonly Section[])[] = SECTIONS.reduce<Section[][]>((groups, section) => {
  if (section.heading || !groups.length) groups.push([section]);
  else groups.at(-1)!.push(section);
  return groups;
}, []);
