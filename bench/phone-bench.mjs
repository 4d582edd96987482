// Phone-class cost, in headless Chromium with the CPU throttled 4× (CDP
// `Emulation.setCPUThrottlingRate`), against the built files served over loopback, in the blog-like
// article of page-bench.mjs with the README's embed, each figure beside its bar:
// - script time per frame that is the library's (Long Animation Frames), while a page with one lab
//   loads, while a page with ten labs is scrolled, and for each interaction;
// - the longest task at load of the one-lab page against the same page without the library;
// - interactions, from the event to the next paint (Event Timing), driven by trusted input;
// - layout shift at load and while scrolling, at 1280 px and at 390 px;
// - fifty labs at full speed: long tasks while loading and while scrolling.
// Prints figures only; it asserts nothing. `npm run bench` runs it; `npm run figures:phone` (with
// `--write`) also writes the figures into docs/EMBEDDING.md between their markers.
/* global window, scrollY, scrollBy, scrollTo, innerHeight, requestAnimationFrame */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { serveStatic } from '../test/node/static-server.ts';
import { QUIET, articlePage, median, openPage, scrolling, shiftOf } from './page-bench.mjs';
import { writeFigures } from './write-figures.mjs';

export const START = '<!-- figures:phone (written by npm run figures:phone) -->';
export const END = '<!-- /figures:phone -->';
const DOCS = ['docs/EMBEDDING.md'];

/** CPU slowdown for a phone-class device. */
export const RATE = 4;
/** Loads of the one-lab page, each a pair: the page without the library, then with it, in fresh tabs. */
const PAIRS = 5;
/** Repetitions of each interaction. */
const REPEATS = 5;
/** The ten-lab page scrolled top to bottom `STEP` px every 100 ms, once in each of these viewports. */
const SCROLLS = [
  { width: 1280, height: 900 },
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const STEP = 200;
/** Loads of the fifty-lab page at full speed. */
const FIFTY_LOADS = 3;

const BARS = { frameScript: 50, taskOverFloor: 20, interaction: 100, shift: 0.01 };

/** Long tasks and long animation frames are only reported over this, in ms. */
const LONG = 50;
/** Event Timing reports no event shorter than this, in ms. */
const EVENT_FLOOR = 16;

const ONE_LAB = '/bench/phone-one.html';

/** What the bench is doing, on stderr: a run takes minutes. */
const progress = (text) => process.stderr.write(`phone bench: ${text}\n`);

// Runs before any script of the page: every event of 16 ms or more (Event Timing), with the
// interaction it belongs to.
const EVENTS = () => {
  window.benchEvents = [];
  new PerformanceObserver((list) => {
    for (const { name, startTime, duration, interactionId } of list.getEntries())
      window.benchEvents.push({ name, startTime, duration, interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
};

/**
 * The part of a long animation frame spent in the library's scripts: those loaded from its files
 * (under /dist/), and the event listeners with no source: Lit listens with objects, not functions,
 * and a long animation frame names no source for those. The article holds no other script, and
 * the bench adds no event listener to it.
 */
const libraryScript = (frame, origin) =>
  frame.scripts
    .filter((s) => s.sourceURL.startsWith(`${origin}/dist/`) || (!s.sourceURL && s.invokerType === 'event-listener'))
    .reduce((sum, s) => sum + s.duration, 0);

/** Of some long animation frames, the one in which the library's scripts ran longest, or null. */
function worstFrame(frames, origin) {
  let worst = null;
  for (const frame of frames) {
    const library = libraryScript(frame, origin);
    if (library > 0 && (!worst || library > worst.library))
      worst = { library, duration: frame.duration, blocking: frame.blockingDuration };
  }
  return worst;
}

const pageErrors = (url, errors) => {
  if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
};

/**
 * Whether a long task was the browser's rendering of a frame (style, layout, paint, and the
 * animation-frame callbacks before them) rather than a task that ran a script: most of it lies in
 * the rendering part of a long animation frame.
 */
const isRendering = ({ startTime, duration }, frames) =>
  frames.some((frame) => {
    if (!frame.renderStart) return false;
    const overlap =
      Math.min(startTime + duration, frame.startTime + frame.duration) - Math.max(startTime, frame.renderStart);
    return overlap > duration / 2;
  });

/**
 * One load of the one-lab page until it is quiet; of its floor, without the library; or of the
 * article with the library and no lab, whose frames are the cost of the script alone.
 */
async function loadOnce(browser, url, library, labs = 1) {
  const { page, errors, goto } = await openPage(browser, url, { html: articlePage(labs, library), throttle: RATE });
  await goto();
  const seen = await page.evaluate(() => window.benchSeen);
  await page.close();
  pageErrors(url, errors);
  const longest = seen.longTasks.reduce((a, b) => (a && a.duration >= b.duration ? a : b), null);
  return {
    longest: longest?.duration ?? null,
    rendering: longest ? isRendering(longest, seen.frames) : null,
    shift: shiftOf(seen.shifts),
    frames: seen.frames,
  };
}

/**
 * The one-lab page, its floor and the script alone, loaded in turns, so that all meet the same load
 * on the machine.
 */
async function pairedLoads(browser, server, count) {
  const url = `${server.url}${ONE_LAB}`;
  const pairs = [];
  for (let i = 0; i < count; i++) {
    progress(`one lab, its floor and the script alone, load ${i + 1} of ${count}`);
    const floor = await loadOnce(browser, url, false);
    const script = await loadOnce(browser, url, true, 0);
    pairs.push({ floor, script, lab: await loadOnce(browser, url, true) });
  }
  return pairs;
}

/**
 * Waits until the page is quiet (QUIET) after input. Headless Chromium gives a page no idle period
 * after a trusted click or key press until it has drawn a frame, so ask for two first.
 */
export const settle = async (page, limit = 10_000 * RATE) => {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(QUIET, limit);
};

/** Scrolls down half a screen, as a reader would, and waits for what that draws; false at the page's end. */
async function readOn(page) {
  const moved = await page.evaluate(() => {
    const before = scrollY;
    scrollBy(0, innerHeight / 2);
    return scrollY !== before;
  });
  if (moved) await settle(page, 5_000 * RATE);
  return moved;
}

/** Reads the page to its end, so that the lab has drawn every section a reader has passed. */
export async function readThrough(page) {
  while (await readOn(page));
}

/**
 * Finds a control of the first lab by what a reader sees (its text or id), through every shadow
 * root, reading down from the top while the lab draws its sections as they come near; throws,
 * naming it, once the page has been read to its end without it.
 */
export async function reach(page, what, locator) {
  if (!(await locator.count())) await page.evaluate(() => scrollTo(0, 0));
  while (!(await locator.count()))
    if (!(await readOn(page)))
      throw new Error(`phone bench: the lab has no ${what}, not even with the page read to its end`);
  const found = locator.first();
  await found.scrollIntoViewIfNeeded();
  await settle(page, 5_000 * RATE);
  return found;
}

/** The first lab's controls, each found by its id or visible text wherever it sits in the lab's shadow trees. */
export const CONTROLS = {
  policy: (lab) => ['Scheduling policy select (select#policy)', lab.locator('select#policy')],
  inspection: (lab) => ['Inspection slider (input#inspection)', lab.locator('input#inspection')],
  play: (lab) => ['Play button', lab.getByRole('button', { name: 'Play', exact: true })],
  pause: (lab) => ['Pause button', lab.getByRole('button', { name: 'Pause', exact: true })],
  nextTick: (lab) => ['Next tick button', lab.getByRole('button', { name: 'Next tick', exact: true })],
  /** A section's `<summary>` or disclosure button, or failing that its heading. */
  section: (lab, name) => [
    `"${name}" section (a <summary>, button or heading of that text)`,
    lab
      .locator('summary')
      .filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
      .or(lab.getByRole('button', { name, exact: true }))
      .or(lab.getByRole('heading', { name, exact: true })),
  ],
};

/** Moves a select or a slider one step with the keyboard, as a reader would: trusted keydown, input and change. */
async function step(page, control, [forward, back]) {
  await control.focus();
  const before = await control.inputValue();
  const atEnd = await control.evaluate((el) =>
    el.localName === 'select' ? el.selectedIndex === el.options.length - 1 : Number(el.value) >= Number(el.max),
  );
  await page.keyboard.press(atEnd ? back : forward);
  return async () => {
    if ((await control.inputValue()) === before)
      throw new Error(
        `phone bench: pressing ${atEnd ? back : forward} did not change ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`,
      );
  };
}

// In the page, given a section's opener (a <summary>, or a button with aria-controls): records in
// `benchDrawnAt` the start of the frame after the one that first showed the section's content,
// when that content has been painted. Frames are watched for at most 20 s.
const WATCH_DRAWN = (opener) => {
  window.benchDrawnAt = null;
  const section =
    opener.closest('details') ?? opener.getRootNode().getElementById(opener.getAttribute('aria-controls') ?? '');
  if (!section) return false;
  // A view that has rendered, in an open section: a closed <details> still lays out its content
  // when asked (Chromium hides it with content-visibility), and its words about the view come first.
  // A view still drawing in turns (Sweep's lines) says so with aria-busy, and counts once done.
  const drawn = () =>
    (section.open ?? true) &&
    [...section.querySelectorAll('.view > *')].some(
      (view) =>
        (view.shadowRoot?.childElementCount ?? 0) > 0 &&
        !view.shadowRoot.querySelector('[aria-busy="true"]') &&
        view.getBoundingClientRect().height > 0,
    );
  const started = performance.now();
  let shown = false;
  const frame = (now) => {
    if (shown) window.benchDrawnAt = now;
    else {
      shown = drawn();
      if (now - started < 20_000) requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
  return true;
};

// In the page, given the Scheduling policy select: records in `benchDrawnAt` the start of the frame
// after the one that first showed the new policy's help under it, which the lab draws with every
// view of the change, in the frame after the one that painted the select.
const WATCH_REDRAWN = (select) => {
  window.benchDrawnAt = null;
  const help = select.getRootNode().getElementById('policy-help');
  if (!help) return false;
  const before = help.textContent;
  const started = performance.now();
  let shown = false;
  const frame = (now) => {
    if (shown) window.benchDrawnAt = now;
    else {
      shown = help.textContent !== before;
      if (now - started < 20_000) requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
  return true;
};

const isOpen = (opener) =>
  opener.evaluate((el) => el.closest('details')?.open ?? el.getAttribute('aria-expanded') === 'true');

/** Back to the first tick (the Home key on the Inspection slider), so that playback has ticks left to play. */
async function toFirstTick(page, lab) {
  const slider = await reach(page, ...CONTROLS.inspection(lab));
  await slider.focus();
  await page.keyboard.press('Home');
}

/**
 * Each interaction: how to find its control; what to do once before it (`once`, which may return
 * the control found again) and before each repetition; the input itself (a click or a key press,
 * so that its events are trusted), which may return a check to run once the page is quiet; and what
 * to undo after it. Only the input is measured.
 */
const INTERACTIONS = [
  {
    label: 'policy change (Scheduling policy, arrow key)',
    control: CONTROLS.policy,
    watch: WATCH_REDRAWN,
    act: (page, control) => step(page, control, ['ArrowDown', 'ArrowUp']),
  },
  {
    label: 'Inspection slider (arrow key)',
    control: CONTROLS.inspection,
    act: (page, control) => step(page, control, ['ArrowRight', 'ArrowLeft']),
  },
  {
    label: 'Next tick',
    control: CONTROLS.nextTick,
    before: toFirstTick,
    act: (page, control) => control.click(),
  },
  {
    label: 'Play',
    control: CONTROLS.play,
    before: toFirstTick,
    act: (page, control) => control.click(),
    after: async (page, lab) => (await reach(page, ...CONTROLS.pause(lab))).click(),
  },
  ...['Compare policies', 'Sweep'].map((name) => ({
    label: `open ${name}`,
    control: (lab) => CONTROLS.section(lab, name),
    opener: true,
    watch: WATCH_DRAWN,
    before: async (page, _lab, control) => {
      if (await isOpen(control)) await control.click();
    },
    act: (page, control) => control.click(),
    after: async (page, _lab, control) => {
      if (await isOpen(control)) await control.click();
    },
  })),
  {
    label: 'policy change, the page read to its end first',
    control: CONTROLS.policy,
    // A reader who has read the whole lab and comes back to its controls: every section it draws
    // when near is drawn, and redrawn on a change.
    once: async (page, lab) => {
      await readThrough(page);
      return reach(page, ...CONTROLS.policy(lab));
    },
    watch: WATCH_REDRAWN,
    act: (page, control) => step(page, control, ['ArrowDown', 'ArrowUp']),
  },
];

/** The events of one interaction: the longest of those it groups (Event Timing's `interactionId`), or null if all were under 16 ms. */
const interactionDuration = (events) => {
  const grouped = events.filter((e) => e.interactionId > 0);
  return grouped.length ? Math.max(...grouped.map((e) => e.duration)) : null;
};

/** When an interaction began: its first event, or failing any of 16 ms, when the input was sent. */
function interactionStart(events, sent) {
  const starts = events.filter((e) => e.interactionId > 0).map((e) => e.startTime);
  return starts.length ? Math.min(...starts) : sent;
}

/** Every interaction, REPEATS times, on the one-lab page at RATE, after it has loaded and gone quiet. */
async function interactions(browser, server, repeats) {
  const url = `${server.url}${ONE_LAB}`;
  const { page, errors, goto } = await openPage(browser, url, {
    html: articlePage(1),
    throttle: RATE,
    scripts: [EVENTS],
  });
  page.setDefaultTimeout(10_000 * RATE);
  await goto();
  const lab = page.locator('bulkhead-lab').first();
  const now = () => page.evaluate(() => performance.now());
  const results = [];
  try {
    for (const interaction of INTERACTIONS) {
      progress(interaction.label);
      const [what, locator] = interaction.control(lab);
      let control = await reach(page, what, locator);
      control = (await interaction.once?.(page, lab)) ?? control;
      if (
        interaction.opener &&
        !(await control.evaluate(
          (el) => el.localName === 'summary' || el.role === 'button' || el.localName === 'button',
        ))
      ) {
        results.push({ label: interaction.label, skipped: `${what}: a heading with nothing to open` });
        continue;
      }
      const durations = [];
      const drawn = [];
      let watched = false;
      const frames = [];
      for (let i = 0; i < repeats; i++) {
        progress(`  ${i + 1} of ${repeats}`);
        await interaction.before?.(page, lab, control);
        await settle(page);
        watched = Boolean(interaction.watch) && (await control.evaluate(interaction.watch));
        const from = await now();
        const check = await interaction.act(page, control);
        await settle(page);
        const to = await now();
        await check?.();
        await interaction.after?.(page, lab, control);
        await settle(page);
        const seen = await page.evaluate(
          ([from, to]) => ({
            events: window.benchEvents.filter((e) => e.startTime >= from && e.startTime < to),
            frames: window.benchSeen.frames.filter((f) => f.startTime + f.duration >= from && f.startTime < to),
            drawnAt: window.benchDrawnAt,
          }),
          [from, to],
        );
        durations.push(interactionDuration(seen.events));
        if (watched) drawn.push(seen.drawnAt === null ? null : seen.drawnAt - interactionStart(seen.events, from));
        frames.push(...seen.frames);
      }
      results.push({
        label: interaction.label,
        durations,
        drawn: watched ? drawn : null,
        drawnAs: interaction.watch === WATCH_REDRAWN ? 'the change drawn and' : 'its content',
        worst: worstFrame(frames, server.url),
      });
    }
  } catch (error) {
    // A control the bench cannot find may come from the page failing to run the lab at all.
    if (errors.length) error.message += `; errors in the page: ${errors.join('; ')}`;
    throw error;
  } finally {
    await page.close();
  }
  pageErrors(url, errors);
  return results;
}

/** The ten-lab page scrolled top to bottom, STEP px every 100 ms, once per viewport of SCROLLS. */
async function tenLabs(browser, server, viewports) {
  const runs = [];
  for (const viewport of viewports) {
    progress(`ten labs scrolled, ${viewport.width}×${viewport.height}`);
    runs.push({ ...viewport, ...(await scrolling(browser, server, RATE, { labs: 10, step: STEP, ...viewport })) });
  }
  return runs;
}

/** The fifty-lab page at full speed: long tasks while it loads (FIFTY_LOADS loads) and while it is scrolled. */
async function fiftyLabs(browser, server, count) {
  const url = `${server.url}/bench/phone-50.html`;
  const loads = [];
  for (let i = 0; i < count; i++) {
    progress(`fifty labs at full speed, load ${i + 1} of ${count}`);
    const { page, errors, goto } = await openPage(browser, url, { html: articlePage(50) });
    await goto();
    loads.push(await page.evaluate(() => window.benchSeen.longTasks.map((t) => t.duration)));
    await page.close();
    pageErrors(url, errors);
  }
  progress('fifty labs at full speed, scrolled');
  return { loads, scroll: await scrolling(browser, server, 1) };
}

/** Every figure; fewer runs than the defaults give a quick, rougher look. */
export async function measurePhone({
  pairs = PAIRS,
  repeats = REPEATS,
  scrolls = SCROLLS,
  fiftyLoads = FIFTY_LOADS,
} = {}) {
  const server = await serveStatic(process.cwd());
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const load = os.loadavg()[0];
  const started = Date.now();
  try {
    return {
      chromium: browser.version(),
      origin: server.url,

      pairs: await pairedLoads(browser, server, pairs),
      interactions: await interactions(browser, server, repeats),
      scrolls: await tenLabs(browser, server, scrolls),
      fifty: await fiftyLabs(browser, server, fiftyLoads),
      load: [load, os.loadavg()[0]],
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

const ms = (n) => `${Math.round(n).toLocaleString('en-US')} ms`;
/** A figure against its bar, with a tenth where rounding would show a figure over the bar as on it. */
const msAgainst = (n, bar) => (Math.round(n) === bar && n > bar ? `${n.toFixed(1)} ms` : ms(n));
const met = (ok) => (ok ? 'met' : '**not met**');
const times = (n, what) => `${n} ${what}${n === 1 ? '' : 's'}`;
const range = (list, show) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length > 1 ? `${show(sorted[0])}–${show(sorted.at(-1))}` : show(sorted[0]);
};
/** A load's longest task, where one with none over 50 ms counts as 50 (the most its longest can be). */
const task = (t) => t ?? LONG;
const showTask = (t) => (t > LONG ? ms(t) : `≤ ${LONG} ms`);
const worstOf = (frames) => frames.reduce((a, b) => (b && (!a || b.library > a.library) ? b : a), null);
const frameText = (f) =>
  f
    ? `${msAgainst(f.library, BARS.frameScript)} (its frame ${ms(f.duration)}, blocking ${ms(f.blocking)})`
    : `none over ${LONG} ms`;

/** A row for the library's script per frame in some runs: the worst frame of all, and each run's worst. */
function scriptRow(label, runs, origin) {
  const worsts = runs.map((frames) => worstFrame(frames, origin));
  const worst = worstOf(worsts);
  const each =
    runs.length > 1
      ? `; each run's: ${worsts.map((w) => (w ? msAgainst(w.library, BARS.frameScript) : 'none')).join(', ')}`
      : '';
  return `| ${label} | ≤ ${BARS.frameScript} ms | ${frameText(worst)}${each} | ${met((worst?.library ?? 0) <= BARS.frameScript)} |`;
}

const shiftRow = (label, values) =>
  `| ${label} | ≤ ${BARS.shift} | ${Math.max(...values).toFixed(3)}${values.length > 1 ? ` (${range(values, (v) => v.toFixed(3))})` : ''} | ${met(Math.max(...values) <= BARS.shift)} |`;

/** The figures as Markdown (the block docs/EMBEDDING.md holds between the phone markers). */
export function figuresBlock(figures) {
  const { chromium: version, origin, pairs, interactions, scrolls, fifty, load, seconds } = figures;
  const labLongest = pairs.map((p) => task(p.lab.longest));
  const floorLongest = pairs.map((p) => task(p.floor.longest));
  const over = median(labLongest) - median(floorLongest);
  const widths = [...new Set(scrolls.map((s) => s.width))];
  const atWidth = (width) => scrolls.filter((s) => s.width === width);
  const fiftyLoads = fifty.loads.map((tasks) => (tasks.length ? Math.max(...tasks) : 0));
  const scrollTasks = fifty.scroll.longTasks;
  const lines = [
    START,
    `Chromium ${version} headless, the CPU ${RATE}× slower unless said, 1280×900 unless said; the built files over loopback, in the blog-like article with the README's embed. The machine's load average was ${load[0].toFixed(1)} at the start and ${load[1].toFixed(1)} at the end (2 cores); the run took ${Math.round(seconds)} s.`,
    '',
    '| figure | bar | measured | |',
    '|---|---|---|---|',
    scriptRow(
      `library script in one frame, one lab loading until idle (${times(pairs.length, 'load')})`,
      pairs.map((p) => p.lab.frames),
      origin,
    ),
    scriptRow(
      `library script in one frame, the script alone: the article with the bundle and no lab (${times(pairs.length, 'load')})`,
      pairs.map((p) => p.script.frames),
      origin,
    ),
    ...widths.map((width) =>
      scriptRow(
        `library script in one frame, ten labs scrolled ${STEP} px every 100 ms, ${width} px wide (${times(atWidth(width).length, 'run')})`,
        atWidth(width).map((s) => s.frames),
        origin,
      ),
    ),
    `| library script in one frame, any interaction below | ≤ ${BARS.frameScript} ms | ${frameText(worstOf(interactions.map((i) => i.worst)))} | ${met(interactions.every((i) => (i.worst?.library ?? 0) <= BARS.frameScript))} |`,
    `| longest task at load, one lab against its floor (medians of ${times(pairs.length, 'pair')} of loads) | ≤ ${BARS.taskOverFloor} ms longer | ${over >= 0 ? '+' : '−'}${msAgainst(Math.abs(over), over >= 0 ? BARS.taskOverFloor : NaN)}: ${showTask(median(labLongest))} against ${showTask(median(floorLongest))}; each pair ${pairs.map((p) => `${showTask(task(p.lab.longest))}${p.lab.rendering ? ' (rendering)' : ''} / ${showTask(task(p.floor.longest))}`).join(', ')} | ${met(over <= BARS.taskOverFloor)} |`,
    ...interactions.flatMap((i) => {
      if (i.skipped)
        return `| ${i.label}, event to next paint | ≤ ${BARS.interaction} ms | not measured: ${i.skipped} | – |`;
      const values = i.durations.map((d) => d ?? 0);
      const show = (d) => (d ? ms(d) : `< ${EVENT_FLOOR} ms`);
      const rows = [
        `| ${i.label}, event to next paint (${times(values.length, 'time')}) | ≤ ${BARS.interaction} ms | median ${show(median(values))} (${range(values, show)}); library script in one frame ${frameText(i.worst)} | ${met(median(values) <= BARS.interaction)} |`,
      ];
      if (i.drawn) {
        // A section drawn on its `toggle` event, and what a change of input changes, are drawn in a
        // later task than the input, after its next paint.
        const drawn = i.drawn.map((d) => d ?? Infinity);
        const shown = (d) => (d === Infinity ? 'never drawn' : ms(d));
        rows.push(
          `| ${i.label}, event to ${i.drawnAs} painted | ≤ ${BARS.interaction} ms | median ${shown(median(drawn))} (${range(drawn, shown)}) | ${met(median(drawn) <= BARS.interaction)} |`,
        );
      }
      return rows;
    }),
    shiftRow(
      `layout shift, one lab at load (${times(pairs.length, 'load')})`,
      pairs.map((p) => p.lab.shift),
    ),
    ...widths.flatMap((width) => [
      shiftRow(
        `layout shift, ten labs at load, ${width} px wide (${times(atWidth(width).length, 'load')})`,
        atWidth(width).map((s) => shiftOf(s.load.shifts)),
      ),
      shiftRow(
        `layout shift, ten labs while scrolled, ${width} px wide (${times(atWidth(width).length, 'run')})`,
        atWidth(width).map((s) => shiftOf(s.shifts)),
      ),
    ]),
    `| tasks over ${LONG} ms, fifty labs at full speed, loading (${times(fiftyLoads.length, 'load')}) | none | ${fifty.loads.map((t) => t.length).join(', ')}${fiftyLoads.some(Boolean) ? `; longest ${fiftyLoads.map((t) => (t ? ms(t) : '–')).join(', ')}` : ''} | ${met(fiftyLoads.every((t) => !t))} |`,
    `| tasks over ${LONG} ms, fifty labs at full speed, scrolled a screen every 100 ms (${fifty.scroll.seconds.toFixed(0)} s) | none | ${scrollTasks.length}${scrollTasks.length ? `, longest ${ms(Math.max(...scrollTasks))}` : ''} | ${met(!scrollTasks.length)} |`,
    '',
    `Ten labs scrolled, ${RATE}× slower: ${scrolls.map((s) => `${s.width} px, ${s.steps} steps in ${s.seconds.toFixed(0)} s, ${s.longTasks.length} long tasks${s.longTasks.length ? ` (longest ${ms(Math.max(...s.longTasks))})` : ''}`).join('; ')}.`,
    END,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const block = figuresBlock(await measurePhone());
  console.log(`\nPhone-class bench (bars of a phone-class device)\n${block.split('\n').slice(1, -1).join('\n')}`);
  if (process.argv.includes('--write')) writeFigures(DOCS, START, END, block);
}
