import { css, html, type PropertyValues } from 'lit';
import { SPEEDS, WINDOW_SECONDS, type Speed, type TimeSource } from '../../scenario/clock.js';
import * as serving from '../../scenario/serve.js';
import { tokens } from '../../styles/tokens.js';
import { endedAt, slotsAt } from '../../sim/index.js';
import { wideHost, widgetStyles } from '../../styles/widgets.js';
import { ContainerLayout } from '../container-layout.js';
import { Part } from '../../scenario/parts.js';
import { failedText } from '../../scenario/notices.js';
import { msg, str } from '../../i18n/msg.js';
import { numeral, wordsOf } from '../../i18n/words.js';
import { ScenarioElement } from '../scenario-element.js';
import { inTurn, isPrinting } from '../../scenario/scheduler.js';

const clockText = (seconds: number) => {
  const whole = Math.floor(seconds + 1e-6); // 0.9999999 s of float arithmetic is a whole second
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** The story of each request, fetched the first time a reader picks one: most readers never do. */
const stories = new Part(() => import('../explain-text.js'), 'explain-text.js');

/** Each speed in words, read after its visible label (`0.25×`, `0,25×` in German), which its name keeps whole. */
const SPEED_NAME: Readonly<Record<Speed, string>> = wordsOf({
  0.25: () => msg('quarter speed'),
  0.5: () => msg('half speed'),
  1: () => msg('normal speed'),
  2: () => msg('double speed'),
});

/** The rows under the slots: which requests ended at each tick, and how. */
const EVENT_ROWS = [
  [() => msg('Timed out'), 'timedOut'],
  [() => msg('Rejected'), 'rejected'],
] as const;

/**
 * Ticks across (`rows`: a row per slot) from 32em of the element's width, where the ids fit on one
 * line each (else ticks down all the same); ticks down below.
 */
type Layout = 'rows' | 'columns';

/** Cell content: text, or a span (its class first) around more content. */
type Bit = string | Bit[];

const nodes = (bits: Bit[]): (Node | string)[] =>
  bits.map((bit) => {
    if (typeof bit === 'string') return bit;
    const span = document.createElement('span');
    span.className = bit[0] as string;
    span.append(...nodes(bit.slice(1)));
    return span;
  });

/**
 * A request's id on one line: a retry's attempt raised and small after its request (A10² for A10.2),
 * so 21 ticks fit across a column; its dot is there for a screen reader and a copy, unseen.
 */
const idBit = (id: string): Bit => {
  const [request, attempt] = id.split('.');
  return attempt ? ['id', request!, ['attempt', ['visually-hidden', '.'], attempt]] : ['id', id];
};

/**
 * One cell of the picture: its class, its content, and for a slot its place in the roving focus;
 * what a click (and, on a slot, the focus) does.
 */
type Cell = [cls: string, bits: Bit[], pick?: () => void, tabindex?: number];

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
  /** Its Play button plays at once, even on its own. */
  static override readonly serving = serving;
  static override styles = [
    tokens,
    widgetStyles,
    wideHost,
    css`
      /* What follows the frame stays hidden with it until its layout is known (ContainerLayout).
         Here only, the one element that draws something after its frame: matching "~" walks back
         over every earlier sibling of every element, which made long tables and lists elsewhere
         take time growing with their square. Never for an SVG's insides, thousands of bars. */
      .measuring ~ :not(svg *) {
        visibility: hidden;
      }
      .controls,
      .inspect {
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
      .inspect input {
        flex: 1 1 10rem;
        min-width: 8rem;
        accent-color: var(--_accent);
      }
      .probe {
        --_layout: columns;
      }
      @container (min-width: 32em) {
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
        font-size: max(12px, 0.7em);
        white-space: nowrap;
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
      .id {
        display: block;
      }
      .grid.columns td.events .id {
        display: inline;
      }
      /* Raised without making its line taller. */
      .attempt {
        font-size: 0.75em;
        vertical-align: 0.5em;
        line-height: 0;
      }
      .grid td .m {
        position: absolute;
        top: 0.1em;
        right: 0.15em;
      }
      /* On its side, on one line as wide as its letters; WebKit sizes a column without such a
         heading, hence the cells' min-width. */
      .grid.columns thead span {
        writing-mode: vertical-rl;
        transform: rotate(180deg);
        white-space: nowrap;
        line-height: normal;
      }
      .grid.columns thead th {
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
        background-size: 0.2em 100%;
        background-position: left, right;
        background-repeat: no-repeat;
        padding-inline: 0.25em;
        outline: 2px dashed var(--_fg);
        outline-offset: -2px;
      }
      /* A retry: a dotted edge, besides its attempt raised after its id (A3¹, A3's first retry). */
      td.retry {
        border-left: 2px dotted var(--_fg);
      }
      .grid.columns td.events {
        white-space: normal;
      }
      td.events {
        vertical-align: top;
      }
      .current:not(:focus-visible) {
        outline: 3px solid var(--_accent);
        outline-offset: -3px;
      }
      .legend {
        font-size: max(12px, 0.85em);
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
    if (this.#drawn.length) this.#fill(this.renderRoot.querySelector('table')!);
    // Laying out the picture is most of what drawing a timeline costs the first time: once the
    // layout in use is known, it is drawn in a turn of its own (see scheduler.ts), so neither that task
    // nor the one that drew the rest is long. The frame stays hidden until then.
    else if (this.#layout.measured) this.#picture ??= inTurn(this, () => this.#drawPicture());
    this.#stopSecond();
    const scenario = this.scenario;
    if (!scenario.playing || !this.isConnected) return;
    const elapsed = scenario.elapsed;
    const ms = ((Math.floor(elapsed + 1e-6) + 1 - elapsed) * 1000) / scenario.speed;
    const time = scenario.time;
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
    this.#width?.disconnect();
    this.#picture = null;
    this.#showFrame(); // no width comes while off the page: whoever waits for it, waits no more
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const table = this.#drawn.length ? this.renderRoot.querySelector('table') : null;
    if (table) this.#watchWidth(table);
  }

  /** The picture's turn to be drawn, once it is queued. */
  #picture: Promise<void> | null = null;

  #drawPicture() {
    if (this.#drawn.length) return void (this.#picture = null);
    const table = this.renderRoot.querySelector('table')!;
    this.locale.run(() => this.#fill(table));
    // Printing lays the page out at once: no time to check the width, as the frame would stay hidden.
    if (isPrinting()) {
      this.#fits = true;
      this.#showFrame();
    } else this.#watchWidth(table);
    this.requestUpdate();
  }

  /** Whether the picture, once drawn, was found to fit its width: until then its frame stays hidden. */
  #fits = false;
  #showFrame!: () => void;
  /** Resolves once the drawn picture's width was read and the update that shows its frame requested. */
  readonly #frameShown = new Promise<void>((resolve) => (this.#showFrame = resolve));

  /**
   * Watches the picture's width once it is drawn: ticks across that overflow the width (long ids)
   * run down instead, until the width grows past the one they overflowed. Read when the browser has
   * laid the picture out anyway, never forcing a layout, and after the layout in use was read (this
   * observer is made after the layout's own); the change is drawn in the next frame.
   */
  #width: ResizeObserver | null = null;

  #watchWidth(table: HTMLTableElement) {
    this.#width ??= new ResizeObserver(() => {
      const box = table.parentElement;
      if (!box || !this.isConnected) return;
      const run = this.scenario.run;
      const width = box.clientWidth;
      let redraw = !this.#fits;
      if (this.#tooWide?.run === run && width > this.#tooWide.width) {
        this.#tooWide = null;
        redraw = true;
      } else if (this.#across && box.scrollWidth > width + 1) {
        this.#tooWide = { run, width };
        redraw = true;
      }
      this.#fits = true;
      if (redraw)
        requestAnimationFrame(() => {
          this.requestUpdate();
          this.#showFrame();
        });
    });
    this.#width.observe(table);
  }

  /**
   * Awaiting `updateComplete` also waits for the picture of a timeline on the page (for the layout
   * it takes to be read, then for its turn to be drawn, then for its frame to show once its width
   * was read), and for the story of a picked request.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    if (!this.#drawn.length && this.isConnected) {
      await this.#layout.settled;
      await super.getUpdateComplete();
    }
    if (this.#picked && !stories.value && !stories.failed) {
      await stories.load();
      await super.getUpdateComplete();
    }
    if (!this.#picture) return true;
    await this.#picture;
    // Not only while it does not fit yet: once it fits, the update that shows its frame may still be due.
    if (this.#drawn.length && this.isConnected) await this.#frameShown;
    return super.getUpdateComplete();
  }

  #stopSecond() {
    if (this.#nextSecond) this.#nextSecond.time.clearTimeout(this.#nextSecond.handle);
    this.#nextSecond = null;
  }
  readonly #layout = new ContainerLayout<Layout>(this, 'rows');
  /** The run whose ticks did not fit across the picture, and the width they overflowed: its ticks run down. */
  #tooWide: { run: unknown; width: number } | null = null;

  /** Whether ticks run across (a row per slot): where the width allows, and where they fit. */
  get #across(): boolean {
    return this.#layout.value === 'rows' && this.#tooWide?.run !== this.scenario.run;
  }
  /** The slot of the picture's one focusable cell, which is always in the inspected tick's column. */
  #slot = 0;
  /** The request in the cell last clicked or focused: the line below the picture tells its story. */
  #picked: string | null = null;
  /** The picked request's story, once its file is here; a notice if it could not be loaded. */
  #story() {
    if (!this.#picked) return '';
    if (stories.value) return this.scenario.derived(stories.value.accountsIn(this.locale.value)).get(this.#picked);
    return stories.failed ? failedText(stories.failed) : '';
  }

  #onKey(event: KeyboardEvent) {
    const { tick, config } = this.scenario;
    // Along the ticks (left and right; up and down when ticks run down) an arrow moves in time, across them between slots.
    const arrow = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].indexOf(event.key) ^ (this.#across ? 0 : 2);
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

  /** The run and layout the cells were written for: while they stay, only the inspected tick's marks change. */
  #drawn: unknown[] = [];
  /**
   * The table's shape the cells were made for (rows, columns, direction, language), and what each
   * cell shows: a new run of the same shape rewrites only the cells whose content changed, so the
   * browser restyles and lays out those, not a whole new table.
   */
  #shape = '';
  #shown: string[][] = [];

  /**
   * Writes the picture's cells into its table: a template would add two markers to every cell,
   * tripling the nodes of the picture. Ticks across, a line per slot then per kind of ending;
   * ticks down, the same lines turned.
   */
  #fill(table: HTMLTableElement) {
    const { scenario } = this;
    const { tick } = scenario;
    const ticks = [...Array(scenario.config.horizon + 1).keys()];
    const current = (t: number) => (t === tick ? ' current' : '');
    const across = this.#across;
    let lines: Cell[][] = [
      [['', [msg('Slot')]], ...ticks.map((t): Cell => [current(t), [String(t)], () => this.#seek(t)])],
      ...scenario.at(slotsAt, 0).map(({ slot, home }) => [
        ['', [home ? `${slot} (${home})` : String(slot)]] as Cell,
        ...ticks.map((t): Cell => {
          // The holder's tenant letter over its number, * if borrowed.
          const { tenant, holder, borrowed } = scenario.at(slotsAt, t)[slot]!;
          return [
            `${tenant ?? 'free'}${borrowed ? ' borrowed' : ''}${holder?.includes('.') ? ' retry' : ''}${current(t)}`,
            [holder ? idBit(holder) : '·', ...(borrowed ? [['m', '*']] : [])],
            // The request in a slot clicked or focused tells its story below the picture.
            () => {
              this.#slot = slot;
              this.#picked = holder;
              this.#seek(t);
              this.requestUpdate();
              // Its story's file, fetched the first time, or again after a failed fetch.
              if (holder && !stories.value) void stories.load().then(() => this.requestUpdate());
            },
            t === tick && slot === this.#slot ? 0 : -1,
          ];
        }),
      ]),
      // The requests that ended one way at each tick: ticks across, one id under another; ticks
      // down, the ids in a line.
      ...EVENT_ROWS.map(([label, kind]) => [
        ['', [['', label()]]] as Cell,
        ...ticks.map((t): Cell => {
          const { A, B } = scenario.at(endedAt, t)[kind];
          const ids = [...A, ...B];
          return [`events${current(t)}`, ids.flatMap((id): Bit[] => [idBit(id), ' '])];
        }),
      ]),
    ];
    if (!across) {
      lines = lines[0]!.map((_, c) => lines.map((line) => line[c]!));
      lines[0]![0] = ['', [msg('Tick')]];
    }
    const drawn = [scenario.run, across, this.locale.value];
    const changed = drawn.some((x, i) => x !== this.#drawn[i]);
    this.#drawn = drawn;
    const shape = `${lines.length} ${lines[0]!.length} ${across} ${this.locale.value}`;
    const fresh = shape !== this.#shape;
    this.#shape = shape;
    // A cell with the focus is about to be replaced: the focus moves to its successor below.
    const focused = fresh && table.contains((this.renderRoot as ShadowRoot).activeElement);
    if (fresh) {
      table.replaceChildren(table.caption!);
      table.createTHead().insertRow();
      table.createTBody();
      this.#shown = [];
    }
    lines.forEach((line, r) => {
      const tr = table.rows[r] ?? table.tBodies[0]!.insertRow();
      const shown = (this.#shown[r] ??= []);
      line.forEach(([cls, bits, pick, tabindex], c) => {
        let cell = tr.cells[c]!;
        if (fresh) {
          cell = tr.appendChild(document.createElement(r && c ? 'td' : 'th'));
          if (!(r && c)) cell.setAttribute('scope', r ? 'row' : 'col');
        }
        if (changed) {
          const content = JSON.stringify(bits);
          if (content !== shown[c]) cell.replaceChildren(...nodes(bits));
          shown[c] = content;
          if (pick) cell.onclick = cell.onfocus = pick;
        }
        cell.className = cls;
        if (tabindex !== undefined) cell.tabIndex = tabindex;
        if (!(r && c)) {
          if (cls) cell.setAttribute('aria-current', 'true');
          else cell.removeAttribute('aria-current');
        }
      });
    });
    // The same tick and slot where they still exist, else the nearest: a config change keeps the reader in the picture.
    if (focused) table.querySelector<HTMLElement>('td[tabindex="0"]')?.focus({ preventScroll: true });
  }

  protected override render() {
    const scenario = this.scenario;
    const { config, tick, playing, speed, elapsed } = scenario;
    const { horizon } = config;
    this.#slot = Math.min(this.#slot, config.slots - 1);
    const position = msg(str`tick ${tick} of ${horizon}`);
    return html`
      ${this.renderNotices()}
      <div class="controls" part="controls">
        <button type="button" @click=${() => this.#request(playing ? 'bulkhead-pause-request' : 'bulkhead-play-request', {})}>
          ${playing ? msg('Pause') : tick >= horizon ? msg('Play again') : msg('Play')}
        </button>
        <button type="button" @click=${() => this.#request('bulkhead-step-request', {})} ?disabled=${tick >= horizon}>
          ${msg('Next tick')}
        </button>
        <button type="button" @click=${() => this.#request('bulkhead-restart-request', {})}>${msg('Restart')}</button>
        <fieldset class="speed">
          <legend>${msg('Speed')}</legend>
          ${SPEEDS.map(
            (s) => html`<label><input type="radio" name="speed" .checked=${s === speed} value=${s}
              @change=${() => this.#request('bulkhead-speed-request', { speed: s })}>${numeral(s)}×<span class="visually-hidden"> (${SPEED_NAME[s]})</span></label>`,
          )}
        </fieldset>
      </div>
      <div class="inspect">
        <label for="inspection">${msg('Inspection')}</label>
        <input id="inspection" type="range" min="0" max=${horizon} step="1" .value=${String(tick)}
          aria-valuetext=${position}
          @input=${(e: Event) => this.#request('bulkhead-seek-request', { tick: Number((e.target as HTMLInputElement).value) })}>
        <output for="inspection">${position} · ${msg(str`${clockText(elapsed)} of ${clockText(WINDOW_SECONDS)}`)}
          · ${playing ? msg(str`playing at ${numeral(speed)}×`) : msg('paused')}</output>
      </div>
      <div class="frame ${this.#fits ? '' : 'measuring'}">
        <div class="probe"></div>
        <div class="scroller" tabindex="-1" role="group" aria-label=${msg('Slots by tick; arrow keys move between cells')}
          @keydown=${this.#onKey}>
          <table class="grid ${this.#across ? 'rows' : 'columns'}" part="grid"><caption class="visually-hidden">${msg(
            str`Which request holds each slot at every tick; the inspected tick is ${tick}`,
          )}</caption></table>
        </div>
      </div>
      <div part="account" aria-live="polite">${this.#story()}</div>
      <p class="legend">${msg(
        'Each cell names the request holding the slot: A… orange with a bar below, B… blue with a bar above; · is a free slot, * and hatching a borrowed one.',
      )}${
        config.retries
          ? ` ${msg('A dotted edge marks a retry, named after its request with its attempt raised: A3¹ is the first retry of A3 (A3.1 in the stories), A3² its second.')}`
          : ''
      }</p>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tick-timeline': TickTimeline;
  }
}
