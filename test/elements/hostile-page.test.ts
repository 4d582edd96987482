// What a hostile page does to the elements, each attack as the page would make it: odd attribute
// values, hostile event details, broken clocks, storage cleared under the lab, duplicate ids,
// elements moved into an iframe, results edited by a page script. Nothing may be lost or stuck.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import '../../src/elements/measured-run/define.js';
import type { LabNotebook } from '../../src/elements/lab-notebook/lab-notebook.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import { FakeTime } from '../helpers/fake-time.js';
import { deep, deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

const levelsOf = (el: Element) =>
  deepAll(el, '[role="heading"]').map((heading) => Number(heading.getAttribute('aria-level')));

describe('a hostile page: a config that is no object of settings', () => {
  for (const [what, value, shown] of [
    ['a string', 'borrowing', '"borrowing"'],
    ['null', null, 'null'],
    ['an array', [{ slots: 2 }], ''],
    ['a number', 7, '7'],
    ['a Proxy that throws', 'proxy', ''],
  ] as const) {
    it(`${what} is refused with a notice, and every input stays as it was`, async () => {
      const lab = await fixture<ScenarioElement>(
        html`<bulkhead-lab loading="eager" preset="retry-storm" policy="borrowing"></bulkhead-lab>`,
      );
      await settled(lab);
      const before = lab.config;
      const warnings: string[] = [];
      const { warn } = console;
      console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
      try {
        lab.config = (value === 'proxy' ? hostileProxy() : value) as never;
        await settled(lab);
      } finally {
        console.warn = warn;
      }
      expect(lab.config).to.deep.equal(before);
      const notice = textOf(deep(lab, '[part="notices"]'));
      expect(notice).to.contain(`config: ${shown}`).and.contain('is not an object of settings; nothing was changed');
      expect(warnings.filter((w) => w.includes('is not an object of settings'))).to.have.length.of.at.most(1);
      lab.config = { slots: 3 };
      await settled(lab);
      expect(lab.config.slots).to.equal(3);
      expect(textOf(lab)).not.to.contain('is not an object of settings');
    });
  }
});

describe('a hostile page: heading-level', () => {
  it('clamps a level below 1 up to 1 and one above 6 down to 6, and says so', async () => {
    for (const [given, used] of [
      ['0', 1],
      ['-1', 1],
      ['-99', 1],
      ['7', 6],
      ['99', 6],
    ] as const) {
      const gate = await settledFixture<ScenarioElement>(html`<outcome-gate heading-level=${given}></outcome-gate>`);
      expect(levelsOf(gate), `heading-level="${given}"`).to.deep.equal([used]);
      expect(textOf(gate)).to.contain(`heading-level: "${given}" is not a whole number from 1 to 6; using ${used}`);
    }
  });

  it('falls back to the default for a blank or non-numeric level', async () => {
    for (const given of ['', '  ', 'high', '2.5', 'NaN']) {
      const gate = await settledFixture<ScenarioElement>(html`<outcome-gate heading-level=${given}></outcome-gate>`);
      expect(levelsOf(gate), `heading-level="${given}"`).to.deep.equal([3]);
    }
    const gate = await settledFixture<ScenarioElement>(html`<outcome-gate></outcome-gate>`);
    expect(levelsOf(gate)).to.deep.equal([3]);
    expect(textOf(gate)).not.to.contain('heading-level');
  });

  it('a lab at level 0 starts at 1 and its sections follow', async () => {
    const lab = await fixture(html`<bulkhead-lab loading="eager" heading-level="0"></bulkhead-lab>`);
    await settled(lab);
    expect(deep(lab, '.title').getAttribute('aria-level')).to.equal('1');
    expect(Math.min(...levelsOf(lab))).to.equal(1);
  });
});

/** Errors reported to the page while `action` runs (a listener's exception never reaches dispatchEvent's caller). */
async function pageErrors(action: () => unknown): Promise<unknown[]> {
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    errors.push(event.error ?? event.message);
    event.preventDefault();
  };
  window.addEventListener('error', onError);
  try {
    await action();
  } finally {
    window.removeEventListener('error', onError);
  }
  return errors;
}

const hostileProxy = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile read');
      },
      has() {
        throw new Error('hostile has');
      },
      ownKeys() {
        throw new Error('hostile keys');
      },
      getPrototypeOf() {
        throw new Error('hostile prototype');
      },
    },
  );

describe('a hostile page: event details', () => {
  it('a source request whose detail throws on every read is ignored, and binding still works', async () => {
    const lab = await fixture<ScenarioElement>(html`<bulkhead-lab id="hostile-detail" slots="3"></bulkhead-lab>`);
    const errors = await pageErrors(() => {
      for (const target of [lab, document.body]) {
        target.dispatchEvent(
          new CustomEvent('bulkhead-source-request', { detail: hostileProxy(), bubbles: true, composed: true }),
        );
      }
      lab.dispatchEvent(new CustomEvent('bulkhead-config-request', { detail: hostileProxy(), bubbles: true }));
      lab.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: hostileProxy(), bubbles: true }));
    });
    expect(errors).to.deep.equal([]);
    const gate = document.createElement('outcome-gate') as ScenarioElement;
    gate.setAttribute('for', 'hostile-detail');
    lab.after(gate);
    await settled(gate);
    expect(gate.config.slots).to.equal(3);
    gate.remove();
  });
});

/** An empty same-origin iframe on the page, removed after the test. */
function iframe(): { frame: HTMLIFrameElement; doc: Document; win: Window } {
  const frame = document.createElement('iframe');
  frame.style.width = '800px';
  frame.style.height = '600px';
  document.body.append(frame);
  after(() => frame.remove());
  return { frame, doc: frame.contentDocument!, win: frame.contentWindow! };
}

/** `promise`, or a rejection naming `what` when it does not settle within `ms`. */
const within = <T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not settle in ${ms} ms`)), ms)),
  ]);

describe('a hostile page: elements in an iframe', () => {
  const TAGS = ['outcome-gate', 'tick-timeline', 'lab-controls', 'bulkhead-lab', 'measured-run'];

  for (const tag of TAGS) {
    it(`<${tag}> made in this document and first connected in an iframe renders there, styled`, async () => {
      const { doc, win } = iframe();
      const el = document.createElement(tag) as ScenarioElement;
      el.setAttribute('loading', 'eager');
      const errors = await pageErrors(async () => {
        doc.body.append(el);
        await within(el.updateComplete, `<${tag}>'s updateComplete`);
        await within(settled(el), `<${tag}> and the elements inside it`);
      });
      expect(errors).to.deep.equal([]);
      expect(el.shadowRoot!.childElementCount).to.be.above(0);
      expect(textOf(el)).not.to.equal('');
      expect(win.getComputedStyle(el).display, 'its :host rule applies').to.equal('block');
    });
  }

  it('a lab rendered here, moved into an iframe and back, keeps its styles in each', async () => {
    const { doc, win } = iframe();
    const lab = await fixture<ScenarioElement>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    await settled(lab);
    const gate = deep(lab, 'outcome-gate');
    const styled = (view: Window) => [view.getComputedStyle(lab).display, view.getComputedStyle(gate).display];
    expect(styled(window)).to.deep.equal(['block', 'block']);
    doc.body.append(lab);
    await settled(lab);
    expect(styled(win)).to.deep.equal(['block', 'block']);
    document.body.append(lab);
    await settled(lab);
    expect(styled(window)).to.deep.equal(['block', 'block']);
    lab.remove();
  });

  it('a view and its source moved into an iframe, view first, bind there', async () => {
    const { doc } = iframe();
    const source = await fixture<ScenarioElement>(
      html`<bulkhead-scenario id="framed-source" slots="3"></bulkhead-scenario>`,
    );
    const view = document.createElement('outcome-gate') as ScenarioElement;
    view.setAttribute('for', 'framed-source');
    source.after(view);
    await settled(view);
    expect(view.config.slots).to.equal(3);
    doc.body.append(view);
    await settled(view);
    expect(textOf(view)).to.contain('no scenario source with id "framed-source"');
    doc.body.append(source);
    await settled(view);
    expect(view.config.slots).to.equal(3);
    expect(textOf(view)).not.to.contain('no scenario source');
    source.setAttribute('slots', '5');
    await settled(view);
    expect(view.config.slots).to.equal(5);
  });

  it('a view made here and connected in an iframe binds to the source enclosing it there', async () => {
    const { doc } = iframe();
    const source = document.createElement('bulkhead-scenario');
    source.setAttribute('slots', '2');
    doc.body.append(source);
    const view = document.createElement('outcome-gate') as ScenarioElement;
    source.append(view);
    await settled(view);
    expect(view.config.slots).to.equal(2);
  });
});

/** A FakeTime whose now() a test can break. */
class BreakableTime extends FakeTime {
  broken: (() => number) | null = null;
  override now(): number {
    return this.broken ? this.broken() : super.now();
  }
}

describe('a hostile page: a bad time source', () => {
  const noticeOf = (el: Element) => deepAll(el, '[part="notices"] p').map(textOf);

  for (const [what, now, notice] of [
    [
      'returns NaN',
      () => Number.NaN,
      'timeSource: its now() gave NaN, not a time in milliseconds; using the last clock that worked',
    ],
    [
      'returns a string',
      () => '12' as unknown as number,
      'timeSource: its now() gave "12", not a time in milliseconds',
    ],
    [
      'throws',
      () => {
        throw new Error('no time');
      },
      'timeSource: its now() threw an error; using the last clock that worked',
    ],
  ] as const) {
    it(`a clock whose now() ${what} is refused with a notice, and the last good one plays on`, async () => {
      const lab = await fixture<ScenarioElement>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
      await settled(lab);
      const good = new FakeTime();
      lab.timeSource = good;
      const errors = await pageErrors(async () => {
        lab.timeSource = { now, setTimeout: () => 0, clearTimeout: () => {} };
        await settled(lab);
        expect(lab.timeSource).to.equal(good);
        lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { detail: {} }));
        good.advance(9_000);
        await settled(lab);
        expect(lab.tick).to.equal(3);
      });
      expect(errors).to.deep.equal([]);
      expect(noticeOf(lab).join(' ')).to.contain(notice);
      lab.timeSource = new FakeTime();
      await settled(lab);
      expect(noticeOf(lab).join(' ')).not.to.contain('timeSource');
    });
  }

  const noTimers = () => {
    throw new Error('no timers');
  };
  for (const [what, timers, notice] of [
    [
      'whose setTimeout throws',
      { setTimeout: noTimers, clearTimeout: () => {} },
      'timeSource: its setTimeout() threw an error; using the last clock that worked',
    ],
    [
      'whose clearTimeout throws',
      { setTimeout: () => 1, clearTimeout: noTimers },
      'timeSource: its clearTimeout() threw an error; using the last clock that worked',
    ],
    [
      "with the window's timers unbound",
      { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout },
      'timeSource: its setTimeout() threw an error; using the last clock that worked',
    ],
  ] as const) {
    it(`a clock ${what} is refused with a notice, and the last good one plays on`, async () => {
      const lab = await fixture<ScenarioElement>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
      await settled(lab);
      const good = new FakeTime();
      lab.timeSource = good;
      const errors = await pageErrors(async () => {
        lab.timeSource = { now: () => good.now(), ...timers };
        await settled(lab);
        expect(lab.timeSource).to.equal(good);
        lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { detail: {} }));
        good.advance(9_000);
        await settled(lab);
        expect(lab.tick).to.equal(3);
      });
      expect(errors).to.deep.equal([]);
      expect(noticeOf(lab).join(' ')).to.contain(notice);
    });
  }

  it('a clock whose timers break while playing is dropped for the one before it', async () => {
    const lab = await fixture<ScenarioElement>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    await settled(lab);
    const first = new FakeTime();
    lab.timeSource = first;
    const clock = new FakeTime();
    let broken = false;
    lab.timeSource = {
      now: () => clock.now(),
      setTimeout: (callback, ms) => (broken ? noTimers() : clock.setTimeout(callback, ms)),
      clearTimeout: (handle) => clock.clearTimeout(handle),
    };
    const errors = await pageErrors(async () => {
      lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { detail: {} }));
      clock.advance(4_500);
      await settled(lab);
      expect(lab.tick).to.equal(1);
      broken = true;
      clock.advance(1_500); // tick 2: the next tick's timer cannot be set
      await settled(lab);
      expect(lab.tick).to.equal(2);
      expect(lab.timeSource).to.equal(first);
      first.advance(3_000);
      await settled(lab);
      expect(lab.tick).to.equal(3);
    });
    expect(errors).to.deep.equal([]);
    expect(noticeOf(lab).join(' ')).to.contain('timeSource: its setTimeout() threw an error');
  });

  it('a clock that breaks while playing is dropped for the one before it, from where it was', async () => {
    const lab = await fixture<ScenarioElement>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    await settled(lab);
    const first = new FakeTime();
    lab.timeSource = first;
    const clock = new BreakableTime();
    lab.timeSource = clock;
    const errors = await pageErrors(async () => {
      lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { detail: {} }));
      clock.advance(6_000);
      await settled(lab);
      expect(lab.tick).to.equal(2);
      clock.broken = () => Number.NaN;
      clock.advance(3_000); // its timers still fire, but it tells no time
      expect(lab.tick).to.equal(2);
      await settled(lab);
      expect(lab.timeSource).to.equal(first);
      first.advance(3_000);
      await settled(lab);
      expect(lab.tick).to.equal(3);
    });
    expect(errors).to.deep.equal([]);
    expect(noticeOf(lab).join(' ')).to.contain('timeSource: its now() gave NaN');
  });
});

/** A FakeTime whose now() a test can set back (or forward) by `shift` ms; its timers keep their own time. */
class ShiftedTime extends FakeTime {
  shift = 0;
  override now(): number {
    return super.now() + this.shift;
  }
}

describe('a hostile page: a clock set back', () => {
  it('counts the time it went back as a pause: the tick never goes down, and playback goes on', async () => {
    const lab = await fixture<ScenarioElement>(html`<bulkhead-lab loading="eager"></bulkhead-lab>`);
    await settled(lab);
    const clock = new ShiftedTime();
    lab.timeSource = clock;
    const ticks: number[] = [];
    const errors = await pageErrors(async () => {
      lab.dispatchEvent(new CustomEvent('bulkhead-speed-request', { detail: { speed: 2 } }));
      lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { detail: {} }));
      clock.advance(6_000); // 12 s of the window at 2×: tick 4
      await settled(lab);
      expect(lab.tick).to.equal(4);
      clock.shift = -10_000;
      for (let second = 0; second < 5; second++) {
        clock.advance(1_000);
        await settled(lab);
        ticks.push(lab.tick);
      }
    });
    expect(errors).to.deep.equal([]);
    // The second in which it went back is lost, as a pause; the four after it play at 2×: 12 + 8 s.
    expect(ticks).to.deep.equal([4, 4, 5, 6, 6]);
    expect(lab.scenario.playing).to.equal(true);
  });
});

describe('a hostile page: focus across a config change', () => {
  /** The focused cell of a timeline's picture, as its tick and slot (ticks run across: a row per slot). */
  const focusedCell = (timeline: Element) => {
    const active = timeline.shadowRoot!.activeElement as HTMLTableCellElement | null;
    if (active?.localName !== 'td') return null;
    return { tick: active.cellIndex - 1, slot: (active.parentElement as HTMLTableRowElement).rowIndex - 1 };
  };
  const focusCell = async (timeline: ScenarioElement, tick: number, slot: number) => {
    const table = deep<HTMLTableElement>(timeline, 'table');
    table.rows[slot + 1]!.cells[tick + 1]!.focus();
    await settled(timeline);
    expect(focusedCell(timeline)).to.deep.equal({ tick, slot });
  };

  it('a standalone timeline keeps the focused cell through attribute and request changes', async () => {
    const timeline = await settledFixture<ScenarioElement>(html`<tick-timeline style="width: 900px"></tick-timeline>`);
    await focusCell(timeline, 6, 2);
    timeline.setAttribute('policy', 'borrowing');
    await settled(timeline);
    expect(focusedCell(timeline)).to.deep.equal({ tick: 6, slot: 2 });
    timeline.dispatchEvent(new CustomEvent('bulkhead-config-request', { detail: { changes: { target: 50 } } }));
    await settled(timeline);
    expect(focusedCell(timeline)).to.deep.equal({ tick: 6, slot: 2 });
    // A slot that no longer exists: the nearest one.
    timeline.setAttribute('slots', '2');
    await settled(timeline);
    expect(focusedCell(timeline)).to.deep.equal({ tick: 6, slot: 1 });
  });

  it('a timeline bound by for keeps the focus when its source changes', async () => {
    const page = await fixture(html`<div style="width: 900px">
      <bulkhead-scenario id="focus-source"></bulkhead-scenario>
      <tick-timeline for="focus-source"></tick-timeline>
    </div>`);
    const timeline = page.querySelector<ScenarioElement>('tick-timeline')!;
    await settled(timeline);
    await focusCell(timeline, 4, 1);
    page.querySelector('bulkhead-scenario')!.setAttribute('policy', 'strict-partitions');
    await settled(timeline);
    expect(focusedCell(timeline)).to.deep.equal({ tick: 4, slot: 1 });
  });

  it("the lab's picture keeps the focus when a request changes the config", async () => {
    const lab = await fixture<ScenarioElement>(
      html`<bulkhead-lab loading="eager" style="width: 1000px"></bulkhead-lab>`,
    );
    await settled(lab);
    const timeline = deep<ScenarioElement>(lab, 'tick-timeline');
    await focusCell(timeline, 3, 0);
    lab.dispatchEvent(new CustomEvent('bulkhead-config-request', { detail: { changes: { target: 60 } } }));
    await settled(lab);
    expect(focusedCell(timeline)).to.deep.equal({ tick: 3, slot: 0 });
    lab.setAttribute('policy', 'shared-round-robin');
    await settled(lab);
    expect(focusedCell(timeline)).to.deep.equal({ tick: 3, slot: 0 });
  });
});

describe('a hostile page: notes and storage', () => {
  const notebookOf = (lab: Element) => deep<LabNotebook>(lab, 'lab-notebook');
  const box = (lab: Element) => deep<HTMLTextAreaElement>(lab, 'lab-notebook', 'textarea');
  /** Text put in the notes box as the browser reports typing: the new value, then `input`. */
  const typeIn = (lab: Element, text: string) => {
    const area = box(lab);
    area.value = text;
    area.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  };
  const pagehide = () => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  const mountLab = async (id: string) => {
    const lab = await fixture(html`<bulkhead-lab loading="eager" id=${id}></bulkhead-lab>`);
    await settled(lab);
    localStorage.removeItem(notebookOf(lab).storageKey);
    after(() => localStorage.removeItem(notebookOf(lab).storageKey));
    return lab;
  };

  it('storage cleared in another tab keeps the notes on screen, says so, and the next edit saves them', async () => {
    const lab = await mountLab('cleared-elsewhere');
    const key = notebookOf(lab).storageKey;
    typeIn(lab, 'B starves behind A');
    pagehide();
    expect(localStorage.getItem(key)).to.equal('B starves behind A');
    localStorage.clear(); // as another tab does; this page then hears a storage event with key null
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    await settled(lab);
    expect(box(lab).value).to.equal('B starves behind A');
    expect(textOf(notebookOf(lab))).to.contain('Storage was cleared in another tab or window');
    expect(textOf(notebookOf(lab))).not.to.contain('changed in another tab');
    typeIn(lab, 'B starves behind A.');
    pagehide();
    await settled(lab);
    expect(localStorage.getItem(key)).to.equal('B starves behind A.');
    expect(textOf(notebookOf(lab))).not.to.contain('Storage was cleared');
  });

  it('storage cleared by the page itself loses nothing: the next edit writes every note again', async () => {
    const lab = await mountLab('cleared-here');
    const key = notebookOf(lab).storageKey;
    typeIn(lab, 'first thought');
    pagehide();
    localStorage.clear(); // no storage event in the page that clears
    await settled(lab);
    expect(box(lab).value).to.equal('first thought');
    typeIn(lab, 'first thought, second thought');
    pagehide();
    expect(localStorage.getItem(key)).to.equal('first thought, second thought');
  });

  it('1 MB of notes is not written on every key press, and nothing typed is lost on pagehide', async () => {
    const lab = await mountLab('big-notes');
    const book = notebookOf(lab);
    const writes: string[] = [];
    book.storage = () => ({
      getItem: () => null,
      setItem: (_key: string, value: string) => void writes.push(value),
    });
    const big = 'x'.repeat(1 << 20);
    for (let i = 0; i < 40; i++) typeIn(lab, `${big}${i}`);
    expect(writes.length, 'writes while typing').to.equal(0);
    pagehide();
    expect(writes.length).to.equal(1);
    expect(writes[0]).to.equal(`${big}39`);
    pagehide(); // nothing new: nothing written
    expect(writes.length).to.equal(1);
  });

  it('a pause in typing writes the notes, once', async () => {
    const lab = await mountLab('pause-notes');
    const key = notebookOf(lab).storageKey;
    for (const text of ['a', 'ab', 'abc']) typeIn(lab, text);
    expect(localStorage.getItem(key)).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(localStorage.getItem(key)).to.equal('abc');
  });

  it('notes typed just before the notebook is removed are written', async () => {
    const lab = await mountLab('removed-notes');
    const key = notebookOf(lab).storageKey;
    typeIn(lab, 'last words');
    lab.remove();
    expect(localStorage.getItem(key)).to.equal('last words');
  });
});

describe('a hostile page: two labs with one id', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('keep their own notes and permalink entries, and the later one says so', async () => {
    const page = await fixture(html`<div>
      <bulkhead-lab loading="eager" id="twin" permalink></bulkhead-lab>
      <bulkhead-lab loading="eager" id="twin" permalink></bulkhead-lab>
    </div>`);
    const [one, two] = [...page.querySelectorAll('bulkhead-lab')] as ScenarioElement[];
    await settled(one!);
    await settled(two!);
    const [bookOne, bookTwo] = [one!, two!].map((lab) => deep<LabNotebook>(lab, 'lab-notebook'));
    after(() => [bookOne, bookTwo].forEach((book) => localStorage.removeItem(book!.storageKey)));
    expect(bookOne!.storageKey).not.to.equal(bookTwo!.storageKey);

    const area = deep<HTMLTextAreaElement>(one!, 'lab-notebook', 'textarea');
    area.value = 'only the first';
    area.dispatchEvent(new Event('input'));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await settled(two!);
    expect(deep<HTMLTextAreaElement>(two!, 'lab-notebook', 'textarea').value).to.equal('');

    one!.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: { tick: 5 } }));
    two!.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: { tick: 7 } }));
    one!.dispatchEvent(new CustomEvent('bulkhead-seek-request', { detail: { tick: 6 } }));
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('twin.tick')).to.equal('6');
    expect(hash.get('twin~id2.tick')).to.equal('7');

    expect(textOf(two!)).to.contain(
      'id: an earlier lab on this page has the id "twin"; this one keeps its notes and permalink as twin~id2',
    );
    expect(textOf(one!)).not.to.contain('an earlier lab on this page');
  });
});

describe('a hostile page: a view in the light DOM of a lab', () => {
  it('is shown at the end of the lab, bound to it', async () => {
    const lab = await fixture<ScenarioElement>(html`<bulkhead-lab loading="eager" slots="3">
      <ol slot="steps"><li>Your own step</li></ol>
      <outcome-table tenant="B"></outcome-table>
    </bulkhead-lab>`);
    await settled(lab);
    const view = lab.querySelector<ScenarioElement>('outcome-table')!;
    expect(view.config.slots).to.equal(3);
    expect(view.assignedSlot, 'a slot shows it').to.not.equal(null);
    const box = view.getBoundingClientRect();
    expect(box.height, 'its height').to.be.above(20);
    const article = deep(lab, 'article').getBoundingClientRect();
    expect(box.bottom).to.be.at.most(article.bottom);
    expect(textOf(view)).to.contain('B');
    lab.dispatchEvent(new CustomEvent('bulkhead-config-request', { detail: { changes: { slots: 5 } } }));
    await settled(lab);
    expect(view.config.slots).to.equal(5);
    expect(lab.querySelector('ol')!.assignedSlot!.name).to.equal('steps');
  });
});
