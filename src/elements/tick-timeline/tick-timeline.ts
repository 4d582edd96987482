import { css, html, type PropertyValues } from 'lit';
import { SPEEDS, WINDOW_SECONDS, type Speed, type TimeSource } from '../../scenario/clock.js';
import { tokens } from '../../styles/tokens.js';
import { endedAt, slotsAt } from '../../sim/index.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { ContainerLayout } from '../container-layout.js';
import { accounts } from '../explain-text.js';
import { ScenarioElement } from '../scenario-element.js';

const clockText = (seconds: number) => {
  const whole = Math.floor(seconds + 1e-6); // 0.9999999 s of float arithmetic is a whole second
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** What a screen reader calls each speed. */
const SPEED_NAME: Record<Speed, string> = { 0.25: 'quarter', 0.5: 'half', 1: 'normal', 2: 'double' };

/** The rows under the slots: which requests ended at each tick, and how. */
const EVENT_ROWS = [
  ['Timed out', 'timedOut'],
  ['Rejected', 'rejected'],
] as const;

/** Ticks across (`rows`: a row per slot) from 27em of the element's width; ticks down below. */
type Layout = 'rows' | 'columns';

/** A request id, its tenant letter apart so the layout can put it above the number. */
const idParts = (id: string, again = false) =>
  html`<span class="t${again ? ' again' : ''}">${id[0]}</span>${id.slice(1)}`;

/**
 * Playback controls and the slot-by-tick picture: one row per slot, one column per tick. Each
 * cell names the request holding the slot (its tenant by colour and by letter); borrowed cells are
 * hatched; the rows below list timeouts and rejections per tick. Click a column, or focus the
 * picture and use the arrow keys, Home and End, to inspect a tick. The picture is one tab stop: the
 * arrow keys move between slots and ticks, and the line below it tells why the request in the cell
 * clicked or focused ended as it did.
 *
 * @summary Playback controls and the slot-by-tick picture.
 * @attr {string} for - id of the scenario source to drive; else the enclosing source; else its own config attributes.
 * @fires {CustomEvent<SeekDetail>} bulkhead-seek-request - a slider move, column click or arrow key asks to inspect a tick.
 *   Each request goes to the source the timeline is bound to, or to the timeline itself when it is on its own.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-play-request - Play.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-pause-request - Pause.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-step-request - Next tick.
 * @fires {CustomEvent<Record<string, never>>} bulkhead-restart-request - Restart.
 * @fires {CustomEvent<SpeedDetail>} bulkhead-speed-request - a speed was chosen.
 * @csspart controls - the row of playback buttons.
 * @csspart grid - the slot-by-tick table.
 * @csspart account - the line below the picture telling the story of the request in the chosen cell.
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
      .probe {
        --_layout: columns;
      }
      @container (min-width: 27em) {
        .probe {
          --_layout: rows;
        }
      }
      .grid {
        width: 100%;
      }
      .grid.rows thead th + th {
        width: 4%;
      }
      .grid td,
      .grid th {
        text-align: center;
        padding: 0.1em 0.15em;
        line-height: 1.15;
        font-family: var(--_mono);
        font-size: max(11px, 0.7em);
        white-space: normal;
      }
      .grid th[scope='row'] {
        text-align: left;
        font-family: inherit;
      }
      .grid thead th,
      .grid.columns tbody th {
        cursor: pointer;
      }
      .grid td {
        position: relative;
      }
      .grid td .t {
        display: block;
      }
      .grid td .m {
        position: absolute;
        top: 0.1em;
        right: 0.15em;
      }
      .grid td.events .id {
        display: inline-block;
      }
      .grid.rows td.events .id {
        display: block;
      }
      .grid.columns td.events .t {
        display: inline;
      }
      .grid.rows td.events .again {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
      }
      /* On its side, on one line as wide as its letters; WebKit sizes a column without such a
         heading, hence its cell's min-width. */
      .grid.columns thead .events span {
        writing-mode: vertical-rl;
        transform: rotate(180deg);
        white-space: nowrap;
        line-height: normal;
      }
      .grid.columns thead .events {
        min-width: 1.8em;
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
        white-space: normal;
        vertical-align: top;
      }
      .current:not(:focus-visible) {
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

  #request = this.bound.request.bind(this.bound);
  /** While playing, the timer that re-renders at the next whole inspection second, so the clock shown moves every second. */
  #nextSecond: { time: TimeSource; handle: unknown } | null = null;

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.#stopSecond();
    const { playback } = this.scenario;
    if (!playback.playing || !this.isConnected) return;
    const elapsed = playback.elapsed;
    const ms = ((Math.floor(elapsed + 1e-6) + 1 - elapsed) * 1000) / playback.speed;
    const time = playback.time;
    this.#nextSecond = {
      time,
      handle: time.setTimeout(() => {
        this.#nextSecond = null;
        this.requestUpdate();
      }, ms),
    };
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopSecond();
  }

  #stopSecond() {
    if (this.#nextSecond) this.#nextSecond.time.clearTimeout(this.#nextSecond.handle);
    this.#nextSecond = null;
  }
  readonly #layout = new ContainerLayout<Layout>(this, 'rows');
  /** The slot of the picture's one focusable cell, which is always in the inspected tick's column. */
  #slot = 0;
  /** The request in the cell last clicked or focused: the line below the picture tells its story. */
  #picked: string | null = null;

  #onKey(event: KeyboardEvent) {
    const { tick, config } = this.scenario;
    // Along the ticks (left and right; up and down when ticks run down) an arrow moves in time, across them between slots.
    const arrow =
      ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].indexOf(event.key) ^ (this.#layout.value === 'rows' ? 0 : 2);
    const target =
      [tick - 1, tick + 1][arrow] ?? { Home: 0, End: config.horizon, PageUp: tick - 5, PageDown: tick + 5 }[event.key];
    const step = [0, 0, -1, 1][arrow];
    if (target === undefined && !step) return;
    event.preventDefault();
    this.#slot = Math.max(0, Math.min(config.slots - 1, this.#slot + (step ?? 0)));
    this.#seek(Math.max(0, Math.min(config.horizon, target ?? tick)));
    this.requestUpdate();
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('td[tabindex="0"]')?.focus());
  }

  #seek(tick: number) {
    this.#request('bulkhead-seek-request', { tick });
  }

  get #ticks(): number[] {
    return Array.from({ length: this.scenario.config.horizon + 1 }, (_, t) => t);
  }

  #caption() {
    return html`<caption class="visually-hidden">Which request holds each slot at every tick; the inspected tick is ${this.scenario.tick}</caption>`;
  }

  /** The cell of one slot at one tick: the holder's tenant letter over its number, * if borrowed. */
  #slotCell(slot: number, t: number) {
    const view = this.scenario.at(slotsAt, t)[slot]!;
    const current = t === this.scenario.tick;
    const classes = [view.tenant ?? 'free', view.borrowed ? 'borrowed' : '', current ? 'current' : ''].join(' ');
    const pick = () => {
      this.#slot = slot;
      this.#picked = view.holder;
      this.#seek(t);
      this.requestUpdate();
    };
    return html`<td class=${classes} tabindex=${current && slot === this.#slot ? 0 : -1} @click=${pick} @focus=${pick}
      >${view.holder ? idParts(view.holder) : '·'}${view.borrowed ? html`<span class="m">*</span>` : ''}</td>`;
  }

  /** The requests that ended one way at one tick; a tenant letter repeated under itself is only for screen readers. */
  #eventCell(kind: (typeof EVENT_ROWS)[number][1], t: number) {
    const events = this.scenario.at(endedAt, t)[kind];
    const ids = [...events.A, ...events.B];
    return html`<td class="events ${t === this.scenario.tick ? 'current' : ''}">${ids.map(
      (id, i) => html`<span class="id">${idParts(id, i > 0 && ids[i - 1]![0] === id[0])}</span>${' '}`,
    )}</td>`;
  }

  #slotLabel(slot: number, home: string | null) {
    return home ? `${slot} (${home})` : slot;
  }

  /** Ticks across: a row per slot, then a row per kind of ending; a column per tick. */
  #renderRows() {
    const { tick } = this.scenario;
    return html`<table class="grid rows" part="grid">
      ${this.#caption()}
      <thead>
        <tr>
          <th scope="col">Slot</th>
          ${this.#ticks.map(
            (t) => html`<th scope="col" class=${t === tick ? 'current' : ''}
            aria-current=${t === tick ? 'true' : 'false'} @click=${() => this.#seek(t)}>${t}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${this.scenario.at(slotsAt, 0).map(
          ({ slot, home }) => html`<tr>
          <th scope="row">${this.#slotLabel(slot, home)}</th>
          ${this.#ticks.map((t) => this.#slotCell(slot, t))}
        </tr>`,
        )}
        ${EVENT_ROWS.map(
          ([label, kind]) => html`<tr>
          <th scope="row">${label}</th>
          ${this.#ticks.map((t) => this.#eventCell(kind, t))}
        </tr>`,
        )}
      </tbody>
    </table>`;
  }

  /** Ticks down, for a narrow width: a row per tick; a column per slot, then per kind of ending. */
  #renderColumns() {
    const { tick } = this.scenario;
    const slots = this.scenario.at(slotsAt, 0);
    return html`<table class="grid columns" part="grid">
      ${this.#caption()}
      <thead>
        <tr>
          <th scope="col">Tick</th>
          ${slots.map(({ slot, home }) => html`<th scope="col">${this.#slotLabel(slot, home)}</th>`)}
          ${EVENT_ROWS.map(([label]) => html`<th scope="col" class="events"><span>${label}</span></th>`)}
        </tr>
      </thead>
      <tbody>
        ${this.#ticks.map(
          (t) => html`<tr>
          <th scope="row" class=${t === tick ? 'current' : ''} aria-current=${t === tick ? 'true' : 'false'}
            @click=${() => this.#seek(t)}>${t}</th>
          ${slots.map(({ slot }) => this.#slotCell(slot, t))}
          ${EVENT_ROWS.map(([, kind]) => this.#eventCell(kind, t))}
        </tr>`,
        )}
      </tbody>
    </table>`;
  }

  protected override render() {
    const scenario = this.scenario;
    const { config, tick, playing, speed } = scenario;
    const elapsed = scenario.playback.elapsed;
    this.#slot = Math.min(this.#slot, config.slots - 1);
    return html`
      ${this.renderNotices()}
      <div class="controls" part="controls">
        <button type="button" @click=${() => this.#request(playing ? 'bulkhead-pause-request' : 'bulkhead-play-request', {})}>
          ${playing ? 'Pause' : tick >= config.horizon ? 'Play again' : 'Play'}
        </button>
        <button type="button" @click=${() => this.#request('bulkhead-step-request', {})} ?disabled=${tick >= config.horizon}>
          Next tick
        </button>
        <button type="button" @click=${() => this.#request('bulkhead-restart-request', {})}>Restart</button>
        <fieldset class="speed">
          <legend>Speed</legend>
          ${SPEEDS.map(
            (
              s,
            ) => html`<label><input type="radio" name="speed" .checked=${s === speed} value=${s} aria-label=${SPEED_NAME[s]}
              @change=${() => this.#request('bulkhead-speed-request', { speed: s })}>${s}×</label>`,
          )}
        </fieldset>
      </div>
      <div class="inspect">
        <label for="inspection">Inspection</label>
        <input id="inspection" type="range" min="0" max=${config.horizon} step="1" .value=${String(tick)}
          aria-valuetext="tick ${tick} of ${config.horizon}"
          @input=${(e: Event) => this.#request('bulkhead-seek-request', { tick: Number((e.target as HTMLInputElement).value) })}>
        <output for="inspection">tick ${tick} of ${config.horizon} · ${clockText(elapsed)} of ${clockText(WINDOW_SECONDS)}
          ${playing ? `· playing at ${speed}×` : '· paused'}</output>
      </div>
      <div class="frame ${this.#layout.measured ? '' : 'measuring'}">
        <div class="probe"></div>
        <div class="scroller" tabindex="-1" role="group" aria-label="Slots by tick; arrow keys move between cells"
          @keydown=${this.#onKey}>
          ${this.#layout.value === 'rows' ? this.#renderRows() : this.#renderColumns()}
        </div>
      </div>
      <div part="account" aria-live="polite">${this.#picked && this.scenario.at(accounts, 0).get(this.#picked)}</div>
      <p class="legend">Cells name the request holding the slot: A… in orange with a bar below, B… in blue with a
        bar above, · for a free slot, * and hatching for a borrowed slot. On a narrow screen ticks run
        down the page.</p>
    `;
  }
}
