import { css, html } from 'lit';
import { SPEEDS, WINDOW_SECONDS, type Speed } from '../../scenario/clock.js';
import { tokens, wideHost } from '../../styles/tokens.js';
import { widgetStyles } from '../../styles/widgets.js';
import { ScenarioElement } from '../scenario-element.js';

const clockText = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** The rows under the slots: which requests ended at each tick, and how. */
const EVENT_ROWS = [['Timed out', 'timedOut'], ['Rejected', 'rejected']] as const;

/**
 * Playback controls and the slot-by-tick picture: one row per slot, one column per tick. Each
 * cell names the request holding the slot (its tenant by colour and by letter); borrowed cells are
 * hatched; the rows below list timeouts and rejections per tick. Click a column, or focus the
 * picture and use the arrow keys, Home and End, to inspect a tick.
 *
 * @summary Playback controls and the slot-by-tick picture.
 * @attr for - id of the scenario source to drive; else the enclosing source; else its own config attributes.
 * @fires bulkhead-seek-request - a slider move, column click or arrow key asks to inspect a tick.
 * @fires bulkhead-play-request - Play.
 * @fires bulkhead-pause-request - Pause.
 * @fires bulkhead-step-request - Next tick.
 * @fires bulkhead-restart-request - Restart.
 * @fires bulkhead-speed-request - a speed was chosen.
 * @fires bulkhead-tick - (when standalone) the inspected tick or playback state changed.
 * @csspart controls - the row of playback buttons.
 * @csspart grid - the slot-by-tick table.
 * @csspart notices - notices about attributes that were corrected.
 * @cssproperty --bulkhead-color-a - tenant A's colour.
 * @cssproperty --bulkhead-color-b - tenant B's colour.
 */
export class TickTimeline extends ScenarioElement {
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: var(--_gap);
        align-items: center;
        margin-bottom: var(--_gap);
      }
      .speed {
        display: inline-flex;
        flex-wrap: wrap;
        min-width: 0;
        gap: 0.25rem;
        align-items: center;
        border: 0;
        padding: 0;
        margin: 0;
      }
      .speed legend {
        float: left;
        margin-right: 0.25rem;
      }
      .speed label {
        display: inline-flex;
        align-items: center;
        gap: 0.15rem;
      }
      .inspect {
        display: flex;
        flex-wrap: wrap;
        gap: var(--_gap);
        align-items: center;
        margin-bottom: var(--_gap);
      }
      .inspect input {
        flex: 1 1 10rem;
        min-width: 8rem;
        accent-color: var(--_accent);
      }
      .grid td,
      .grid th {
        min-width: 2.4rem;
        text-align: center;
        padding: 0.15rem 0.2rem;
        font-family: var(--_mono);
        font-size: 0.85em;
      }
      .grid th[scope='row'] {
        text-align: left;
        font-family: inherit;
      }
      .grid thead th {
        cursor: pointer;
      }
      td.A {
        background: var(--_a-soft);
        color: var(--_fg);
        box-shadow: inset 0 -3px 0 var(--_a);
      }
      td.B {
        background: var(--_b-soft);
        color: var(--_fg);
        box-shadow: inset 0 3px 0 var(--_b);
      }
      /* Hatched at both ends only, so the request id sits on its plain tenant colour. */
      td.borrowed {
        --_hatch: repeating-linear-gradient(45deg, transparent 0 3px, var(--_line) 3px 5px);
        background-image: var(--_hatch), var(--_hatch);
        background-size: 0.3em 100%;
        background-position: left, right;
        background-repeat: no-repeat;
        padding-inline: 0.45em;
        outline: 2px dashed var(--_fg);
        outline-offset: -2px;
      }
      td.events {
        font-size: 0.85em;
        white-space: normal;
      }
      .current {
        outline: 3px solid var(--_accent);
        outline-offset: -3px;
      }
      .legend {
        font-size: 0.85em;
        color: var(--_muted);
        margin: 0.3rem 0 0;
      }
      @media (forced-colors: active) {
        td.A,
        td.B {
          forced-color-adjust: none;
          background: Canvas;
          color: CanvasText;
          border: 1px solid CanvasText;
        }
        .current {
          outline-color: Highlight;
        }
      }
    `,
  ];

  private request = this.bound.request.bind(this.bound);

  private onKey(event: KeyboardEvent) {
    const { tick, config } = this.scenario;
    const to: Record<string, number> = {
      ArrowRight: tick + 1, ArrowLeft: tick - 1, Home: 0, End: config.horizon, PageUp: tick - 5, PageDown: tick + 5,
    };
    if (!(event.key in to)) return;
    event.preventDefault();
    this.request('bulkhead-seek-request', { tick: Math.max(0, Math.min(config.horizon, to[event.key]!)) });
  }

  protected override render() {
    const scenario = this.scenario;
    const { config, tick, playing, speed } = scenario;
    const elapsed = scenario.playback.elapsed;
    const columns = Array.from({ length: config.horizon + 1 }, (_, t) => t);
    const events = scenario.eventsByTick;
    return html`
      ${this.renderNotices()}
      <div class="controls" part="controls">
        <button type="button" @click=${() => this.request(playing ? 'bulkhead-pause-request' : 'bulkhead-play-request', {})}>
          ${playing ? 'Pause' : tick >= config.horizon ? 'Play again' : 'Play'}
        </button>
        <button type="button" @click=${() => this.request('bulkhead-step-request', {})} ?disabled=${tick >= config.horizon}>
          Next tick
        </button>
        <button type="button" @click=${() => this.request('bulkhead-restart-request', {})}>Restart</button>
        <fieldset class="speed">
          <legend>Speed</legend>
          ${SPEEDS.map(
            (s) => html`<label><input type="radio" name="speed" .checked=${s === speed} value=${s}
              @change=${() => this.request('bulkhead-speed-request', { speed: s as Speed })}>${s}×</label>`,
          )}
        </fieldset>
      </div>
      <div class="inspect">
        <label for="inspection">Inspection</label>
        <input id="inspection" type="range" min="0" max=${config.horizon} step="1" .value=${String(tick)}
          aria-valuetext="tick ${tick} of ${config.horizon}"
          @input=${(e: Event) => this.request('bulkhead-seek-request', { tick: Number((e.target as HTMLInputElement).value) })}>
        <output for="inspection">tick ${tick} of ${config.horizon} · ${clockText(elapsed)} of ${clockText(WINDOW_SECONDS)}
          ${playing ? `· playing at ${speed}×` : '· paused'}</output>
      </div>
      <div class="scroller" tabindex="0" role="group" aria-label="Slots by tick; arrow keys move the inspected tick"
        @keydown=${this.onKey}>
        <table class="grid" part="grid">
          <caption class="visually-hidden">Which request holds each slot at every tick; the inspected tick is ${tick}</caption>
          <thead>
            <tr>
              <th scope="col">Slot</th>
              ${columns.map((t) => html`<th scope="col" class=${t === tick ? 'current' : ''}
                aria-current=${t === tick ? 'true' : 'false'}
                @click=${() => this.request('bulkhead-seek-request', { tick: t })}>${t}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${scenario.slotsAt(0).map(({ slot, home }) => html`<tr>
              <th scope="row">${home ? `${slot} (${home})` : slot}</th>
              ${columns.map((t) => {
                const view = scenario.slotsAt(t)[slot]!;
                const classes = [view.tenant ?? 'free', view.borrowed ? 'borrowed' : '', t === tick ? 'current' : ''].join(' ');
                return html`<td class=${classes} @click=${() => this.request('bulkhead-seek-request', { tick: t })}
                  title=${view.holder ? `${view.holder}${view.borrowed ? ', borrowed' : ''}` : 'free'}
                  >${view.holder ?? '·'}${view.borrowed ? '*' : ''}</td>`;
              })}
            </tr>`)}
            ${EVENT_ROWS.map(([label, kind]) => html`<tr>
              <th scope="row">${label}</th>
              ${columns.map((t) => html`<td class="events ${t === tick ? 'current' : ''}">
                ${[...events[t]![kind].A, ...events[t]![kind].B].join(' ')}</td>`)}
            </tr>`)}
          </tbody>
        </table>
      </div>
      <p class="legend">Cells name the request holding the slot: A… in orange with a bar below, B… in blue with a
        bar above, · for a free slot, * and hatching for a borrowed slot. On a narrow screen the picture scrolls
        sideways.</p>
    `;
  }
}
