import { css, html } from 'lit';
import { slotsAt, stateAt, type LabConfig, type RequestRecord, type RequestState } from '../../sim/index.js';
import { ContainerLayout } from '../container-layout.js';
import { ScrollRegions } from '../scroll-regions.js';
import { accountsIn } from '../explain-text.js';
import { msg, str } from '../../i18n/msg.js';
import { tokens } from '../../styles/tokens.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { wordsOf } from '../../i18n/words.js';
import { ScenarioElement } from '../scenario-element.js';

/** Each state of a request in words. */
const STATE_LABEL: Readonly<Record<RequestState, string>> = wordsOf({
  upcoming: () => msg('not yet offered'),
  waiting: () => msg('waiting'),
  running: () => msg('running'),
  completed: () => msg('completed'),
  failed: () => msg('failed'),
  'timed-out': () => msg('timed out'),
  rejected: () => msg('rejected'),
  retrying: () => msg('waiting to retry'),
});

/** A request's state in words; timeouts say whether the request was waiting or in service. */
function stateLabel(record: RequestRecord, state: RequestState): string {
  if (state === 'timed-out')
    return record.start === null ? msg('timed out while waiting') : msg('timed out in service');
  return STATE_LABEL[state];
}

/**
 * What a reader may know of a request at `tick`: nothing from after it. A deadline counted from the
 * start is set when the request starts.
 */
function seen(r: RequestRecord, tick: number, config: LabConfig) {
  const started = r.start !== null && tick >= r.start;
  const ended = r.end !== null && tick >= r.end;
  return {
    deadline: config.timeoutFrom !== 'start' || started ? r.deadline : null,
    slot: started && r.slot !== null ? (r.borrowed ? msg(str`${r.slot} (borrowed)`) : String(r.slot)) : null,
    started: started ? r.start : null,
    ended: ended ? r.end : null,
    latency: ended ? r.latency : null,
  };
}

/**
 * Every request and every slot at the inspected tick, as exact text tables a screen reader can
 * walk: each request's state, slot and timing, and once it has ended, why it ended so; each
 * slot's holder.
 *
 * @summary Every request and resource at the inspected tick.
 * @attr {string} for - id of the scenario source to show; else the enclosing source; else its own config attributes.
 * @csspart requests - the table of requests.
 * @csspart resources - the table of slots.
 * @csspart notices - notices about attributes that were corrected.
 */
export class RequestInspector extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .tables {
        display: grid;
        gap: var(--_gap);
      }
      .upcoming {
        color: var(--_muted);
      }
      [part='requests'] tbody th {
        font-family: var(--_mono);
      }
      /* A narrow column: tighter cells, and the Borrowed heading turned on its side. */
      .probe {
        --_layout: narrow;
      }
      @container (min-width: 55em) {
        .probe {
          --_layout: wide;
        }
      }
      table.narrow {
        width: 100%;
      }
      table.narrow td,
      table.narrow th,
      .why {
        white-space: normal;
      }
      @container (max-width: 20em) {
        th,
        td {
          padding: 0.2rem 0.25em;
        }
        /* WebKit sizes a column without a heading on its side, hence the min-width. */
        th.turn span {
          writing-mode: vertical-rl;
          transform: rotate(180deg);
        }
        th.turn {
          min-width: 2.2em;
        }
      }
    `,
  ];

  /** Wide: a column per fact; narrow (below 55em): three columns that wrap, so nothing scrolls sideways. */
  readonly #layout = new ContainerLayout<'wide' | 'narrow'>(this, 'wide');

  constructor() {
    super();
    new ScrollRegions(this); // a controller: the element keeps it
  }

  /** Why the request ended as it did, once it has by `tick` (or the window closed): nothing from after it. */
  #why(r: RequestRecord, tick: number) {
    return tick >= (r.end ?? this.scenario.config.horizon)
      ? this.scenario.derived(accountsIn(this.locale.value)).get(r.id)
      : undefined;
  }

  /** With retries a row is an attempt: the caption counts both. */
  #caption(tick: number) {
    const { requests } = this.scenario.run;
    const offered = requests.filter((r) => r.attempt === 0).length;
    return offered === requests.length
      ? msg(str`Every request at tick ${tick} (${offered} offered in the window)`)
      : msg(
          str`Every attempt at tick ${tick} (${offered} requests offered, ${requests.length} attempts in the window)`,
        );
  }

  /** Every request, a column per fact: for a box of 55em or more. */
  #renderWide(tick: number) {
    const requests = this.scenario.run.requests;
    return html`<table part="requests">
      <caption>${this.#caption(tick)}</caption>
      <thead><tr><th scope="col">${msg('Request')}</th><th scope="col">${msg('Arrives')}</th><th scope="col">${msg('Deadline')}</th>
        <th scope="col">${msg(str`State at tick ${tick}`)}</th><th scope="col">${msg('Slot')}</th><th scope="col">${msg('Started')}</th>
        <th scope="col">${msg('Ended')}</th><th scope="col">${msg('Latency')}</th><th scope="col">${msg('Why')}</th></tr></thead>
      <tbody>${requests.map((r) => {
        const state = stateAt(r, tick);
        const facts = seen(r, tick, this.scenario.config);
        return html`<tr class=${state}>
          <th scope="row" class="tenant-${r.tenant}">${r.id}</th><td>${r.arrival}</td><td>${facts.deadline ?? msg('none yet')}</td>
          <td>${stateLabel(r, state)}</td><td>${facts.slot ?? '–'}</td><td>${facts.started ?? '–'}</td>
          <td>${facts.ended ?? '–'}</td><td>${facts.latency ?? '–'}</td><td class="why">${this.#why(r, tick) ?? '–'}</td>
        </tr>`;
      })}</tbody>
    </table>`;
  }

  /** The same facts in three columns that wrap, for a narrow box: nothing scrolls sideways. */
  #renderNarrow(tick: number) {
    const requests = this.scenario.run.requests;
    return html`<table part="requests" class="narrow">
      <caption>${this.#caption(tick)}</caption>
      <thead><tr><th scope="col">${msg('Request')}</th><th scope="col">${msg(str`State at tick ${tick}, and why`)}</th><th scope="col">${msg('Times (ticks)')}</th></tr></thead>
      <tbody>${requests.map((r) => {
        const state = stateAt(r, tick);
        const facts = seen(r, tick, this.scenario.config);
        const times = [
          msg(str`arrives ${r.arrival}`),
          facts.deadline === null ? msg('no deadline yet') : msg(str`deadline ${facts.deadline}`),
        ];
        if (facts.started !== null) times.push(msg(str`started ${facts.started}`));
        if (facts.ended !== null) times.push(msg(str`ended ${facts.ended}`));
        if (facts.latency !== null) times.push(msg(str`latency ${facts.latency}`));
        const why = this.#why(r, tick);
        return html`<tr class=${state}>
          <th scope="row" class="tenant-${r.tenant}">${r.id}</th>
          <td>${stateLabel(r, state)}${facts.slot === null ? '' : msg(str`, slot ${facts.slot}`)}${why ? html`<br>${why}` : ''}</td>
          <td>${times.join(', ')}</td>
        </tr>`;
      })}</tbody>
    </table>`;
  }

  protected override render() {
    const scenario = this.scenario;
    const tick = scenario.tick;
    const slots = msg(str`Every slot at tick ${tick}`);
    return html`
      ${this.renderNotices()}
      <div class="tables frame ${this.#layout.measured ? '' : 'measuring'}">
        <div class="probe"></div>
        <div class="scroller" role="group" aria-label=${slots}>
          <table part="resources">
            <caption>${slots}</caption>
            <thead><tr><th scope="col">${msg('Slot')}</th><th scope="col">${msg('Home')}</th><th scope="col">${msg('Held by')}</th>
              <th scope="col" class="turn"><span>${msg('Borrowed')}</span></th></tr></thead>
            <tbody>${scenario.at(slotsAt).map(
              (s) => html`<tr><th scope="row">${s.slot}</th><td>${s.home ?? msg('shared')}</td>
              <td>${s.holder ?? msg('free')}</td><td>${s.holder ? (s.borrowed ? msg('yes') : msg('no')) : '–'}</td></tr>`,
            )}</tbody>
          </table>
        </div>
        <div class="scroller requests" role="group" aria-label=${msg(str`Every request at tick ${tick}`)}>
          ${this.#layout.value === 'wide' ? this.#renderWide(tick) : this.#renderNarrow(tick)}
        </div>
      </div>
    `;
  }
}
