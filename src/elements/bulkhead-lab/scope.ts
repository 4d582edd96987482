/**
 * "Scope and references": what the lab leaves out and where its ideas come from. Long words read at
 * the end of a lab, so they come with the guided steps (steps.ts), fetched when a lab comes near,
 * not in the script every page loads first.
 */
import { html, type TemplateResult } from 'lit';
import { msg } from '../../i18n/msg.js';
import { wordsOf } from '../../i18n/words.js';
import type { Experiment } from './guides.js';
import { textChildren } from '../text-children.js';

/** "Scope and references": what every lab leaves out, then each experiment's own caveats. */
export const scope = (): string[] => [
  msg(
    'A deterministic teaching workload: exact for this model, not measured throughput and not a reliability guarantee for any real service.',
  ),
  msg(
    'Tenant partitions here are a scheduling rule, not a security boundary: they isolate capacity, not data or privileges.',
  ),
  msg(
    'There is no A2A transport and no circuit-breaker state machine: the calls are bounded downstream calls labelled A or B, and clients retry only as the retry inputs say.',
  ),
  msg(
    'When a call expires its slot is free at once; real workers may keep running after their caller gave up, so real cancellation can be slower.',
  ),
  msg('Nor does it model CPU contention, network calls, or workers that ignore cancellation.'),
];

/** A source the lab's ideas come from, and what in the lab it relates to. */
export interface Reference {
  name: string;
  href: string;
  relation: () => string;
}

/** "Scope and references": where the pattern and each policy come from. */
export const REFERENCES: readonly Reference[] = [
  {
    name: 'Bulkhead pattern',
    href: 'https://learn.microsoft.com/en-us/azure/architecture/patterns/bulkhead',
    relation: () =>
      msg(
        'the pattern itself: give each consumer or dependency its own resources, so that one failure cannot take them all.',
      ),
  },
  {
    name: 'Release It! (Michael T. Nygard)',
    href: 'https://pragprog.com/titles/mnee2/release-it-second-edition/',
    relation: () =>
      msg('names bulkheads and timeouts among the stability patterns that keep a failure from spreading.'),
  },
  {
    name: 'Resilience4j Bulkhead',
    href: 'https://resilience4j.readme.io/docs/bulkhead',
    relation: () =>
      msg(
        'a limit on concurrent calls per dependency, with a bounded wait: what Strict tenant partitions does with its home slots.',
      ),
  },
  {
    name: 'Polly concurrency limiter',
    href: 'https://www.pollydocs.org/strategies/rate-limiter.html',
    relation: () =>
      msg(
        'caps concurrent executions and the actions queued behind them, as Total resources and Maximum waiting per tenant do here.',
      ),
  },
  {
    name: 'cockatiel bulkhead',
    href: 'https://github.com/connor4312/cockatiel#bulkhead',
    relation: () =>
      msg(
        "the same limit and queue for JavaScript. The measured companion of this lab uses its limit where calls never wait, and a semaphore of its own where they wait in a line: cockatiel 3.2's queue keeps a call that was aborted.",
      ),
  },
  {
    name: 'Netflix concurrency-limits',
    href: 'https://github.com/Netflix/concurrency-limits',
    relation: () =>
      msg(
        'its partitioned limiter guarantees each partition a share and lets others use what a partition leaves idle: the real-world kin of Partitions with idle borrowing.',
      ),
  },
];

export const SCOPE_BY_EXPERIMENT: Readonly<Record<Experiment, string>> = wordsOf({
  'stalled-dependency': () =>
    msg(
      'Isolation reserves slots for B; it does not make A healthy. A better B figure here is about this schedule: not a measured availability improvement for an actual A2A service, and not a circuit-breaker benchmark.',
    ),
  'count-every-request': () =>
    msg(
      'The gate checks one fixed 20-tick window: it is not a contractual SLA estimate, and not measured production availability.',
    ),
  'slow-vs-dead': () =>
    msg(
      "A's latency is fixed at 9 ticks; real slow dependencies vary, and timeouts near the latency make the difference larger or smaller.",
    ),
  'retry-storm': () =>
    msg(
      'Clients here retry after a fixed delay, with no backoff or jitter; a retry budget is counted per tenant over the window so far.',
    ),
  custom: () => msg('Your own inputs: the same rules apply, and the figures describe only this window.'),
});

/** The section's two lists: what every lab leaves out with this experiment's own caveat, then the references. */
export const scopeLists = (
  experiment: Experiment,
): TemplateResult => html`<ul class="scope" ${textChildren('li', [...scope(), SCOPE_BY_EXPERIMENT[experiment]])}></ul>
  <ul class="scope references" aria-label=${msg('References')}>
    ${REFERENCES.map(
      ({ name, href, relation }) =>
        html`<li><a href=${href} rel="noopener" target="_blank" lang="en" hreflang="en">${name}</a>: ${relation()}</li>`,
    )}
  </ul>`;
