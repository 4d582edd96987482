// The reader's workflow (docs/ELEMENTS.md, "The reader's workflow"): baseline, notes and export, full screen,
// narrow screens, announcements, theming and permalinks, used through the UI.
import { expect, fixture, html, oneEvent, fixtureSync, waitUntil } from '@open-wc/testing';
import { nothing } from 'lit';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import type { LabNotebook } from '../../src/elements/lab-notebook/lab-notebook.js';
import { FakeTime } from '../helpers/fake-time.js';
import { buttonByLabel, choose, deep, deepAll, settled, settledFixture, textOf, typeText } from '../helpers/ui.js';

const mount = (markup = html`<bulkhead-lab loading="eager" id="w1" preset="stalled-dependency"></bulkhead-lab>`) =>
  settledFixture<BulkheadLab>(markup);
const notebook = (lab: BulkheadLab) => deep<LabNotebook>(lab, 'lab-notebook');
const notesBox = (lab: BulkheadLab) => deep<HTMLTextAreaElement>(lab, 'lab-notebook', 'textarea');

async function typeNotes(lab: BulkheadLab, text: string) {
  notesBox(lab).focus();
  await typeText(text);
  await settled(lab);
}

/** Clicks like a person (a trusted event with user activation), at the element's centre. */
async function realClick(el: Element) {
  el.scrollIntoView({ block: 'center' });
  const box = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

afterEach(() => {
  localStorage.clear();
  history.replaceState(null, '', location.pathname + location.search);
});

describe('baseline', () => {
  it('captures, compares with differences, replaces and clears', async () => {
    const lab = await mount();
    const book = notebook(lab);
    buttonByLabel(book, 'Capture baseline')!.click();
    await settled(lab);
    expect(textOf(book)).to.contain('Settings are the same as the baseline.');
    choose(deep<HTMLSelectElement>(lab, 'lab-controls', '#policy'), 'strict-partitions');
    await settled(lab);
    expect(textOf(book)).to.contain('Scheduling policy: Shared FIFO → Strict tenant partitions');
    const completed = deepAll(book, 'tbody tr').find((r) => r.firstElementChild!.textContent === 'Completed')!;
    // A baseline, A now, A difference, B baseline, B now, B difference
    expect([...completed.children].slice(1).map((c) => c.textContent.trim())).to.deep.equal([
      '0',
      '0',
      '=',
      '1',
      '4',
      '+3',
    ]);
    const rate = deepAll(book, 'tbody tr').find((r) => r.firstElementChild!.textContent === 'Completion rate')!;
    expect(rate.children[6]!.textContent.trim()).to.equal('+75 pts');
    await expect(lab).to.be.accessible();
    buttonByLabel(book, 'Replace baseline')!.click();
    await settled(lab);
    expect(textOf(book)).to.contain('Settings are the same as the baseline.');
    buttonByLabel(book, 'Clear baseline')!.click();
    await settled(lab);
    expect(buttonByLabel(book, 'Capture baseline')).to.exist;
    expect(deepAll(book, 'table').length).to.equal(0);
  });
});

describe('notes', () => {
  it('keeps notes per page and lab in localStorage', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-lab loading="eager" id="n1" preset="stalled-dependency"></bulkhead-lab>
      <bulkhead-lab loading="eager" id="n2" preset="stalled-dependency"></bulkhead-lab></div>`);
    const [one, two] = [...page.querySelectorAll('bulkhead-lab')] as BulkheadLab[];
    await settled(page); // both labs whole, the second one below the first as if scrolled to
    await typeNotes(one!, 'B starves behind A.');
    const key = `bulkhead-lab:notes:${location.pathname}#n1`;
    await waitUntil(() => localStorage.getItem(key) === 'B starves behind A.', 'written when typing pauses');
    expect(notesBox(two!).value).to.equal('');
    expect(textOf(notebook(one!))).to.contain('Kept in this browser');
  });

  it('exports notes, settings, full-window results and the baseline as Markdown', async () => {
    const lab = await mount();
    await typeNotes(lab, 'Strict partitions rescue B.');
    buttonByLabel(notebook(lab), 'Capture baseline')!.click();
    choose(deep<HTMLSelectElement>(lab, 'lab-controls', '#policy'), 'strict-partitions');
    await settled(lab);
    const blobs: Blob[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return create.call(URL, blob);
    };
    try {
      buttonByLabel(notebook(lab), 'Export notes')!.click();
    } finally {
      URL.createObjectURL = create;
    }
    expect(blobs.length).to.equal(1);
    const text = await blobs[0]!.text();
    expect(blobs[0]!.type).to.equal('text/markdown');
    expect(text).to.contain('# Notes: Failure isolation: contain a stalled dependency');
    expect(text).to.contain('Strict partitions rescue B.');
    expect(text).to.contain('## Current settings and full-window results');
    expect(text).to.contain('| Scheduling policy | Strict tenant partitions |');
    expect(text).to.contain('| B | 4 / 4 | 100 % | 0 | 0 | 0 | 0 | 1 | 4 | Pass |');
    expect(text).to.contain('## Baseline settings and full-window results');
    expect(text).to.contain('| Scheduling policy | Shared FIFO |');
    expect(text).to.contain('| B | 1 / 4 | 25 % | 3 | 0 | 0 | 0 | 1 | 4 | Fail |');
  });

  it('still works for the visit, and says so, when storage throws on read and write', async () => {
    const { getItem, setItem } = Storage.prototype;
    Storage.prototype.getItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      const lab = await mount();
      await typeNotes(lab, 'kept for now');
      expect(notesBox(lab).value).to.equal('kept for now');
      expect(textOf(notebook(lab))).to.contain('This browser will not keep these notes');
      expect(notebook(lab).exportText()).to.contain('kept for now');
      await expect(lab).to.be.accessible();
    } finally {
      Storage.prototype.getItem = getItem;
      Storage.prototype.setItem = setItem;
    }
  });
});

describe('full screen', () => {
  it('Expand experiment enters full screen on the lab, and the button follows fullscreenchange', async () => {
    const lab = await mount();
    const entered = oneEvent(document, 'fullscreenchange');
    await realClick(buttonByLabel(lab, 'Expand experiment')!);
    await entered;
    await settled(lab);
    expect(document.fullscreenElement).to.equal(lab);
    const exit = buttonByLabel(lab, 'Exit full screen')!;
    expect(exit.getAttribute('aria-pressed')).to.equal('true');
    const left = oneEvent(document, 'fullscreenchange');
    await realClick(exit);
    await left;
    await settled(lab);
    expect(document.fullscreenElement).to.equal(null);
    expect(buttonByLabel(lab, 'Expand experiment')).to.exist;
  });

  it('follows a full-screen exit it did not start (as Esc does)', async () => {
    const lab = await mount();
    const entered = oneEvent(document, 'fullscreenchange');
    await realClick(buttonByLabel(lab, 'Expand experiment')!);
    await entered;
    const left = oneEvent(document, 'fullscreenchange');
    await document.exitFullscreen(); // what the browser does on Esc
    await left;
    await settled(lab);
    expect(buttonByLabel(lab, 'Expand experiment')).to.exist;
  });

  it('hides the button where the Fullscreen API is unavailable', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true });
    try {
      const lab = await mount();
      expect(buttonByLabel(lab, 'Expand experiment')).to.equal(undefined);
    } finally {
      delete (document as unknown as Record<string, unknown>).fullscreenEnabled;
    }
  });
});

describe('narrow screens', () => {
  // A phone-wide column rather than a resized window: the layouts follow the width of the element's
  // box (container queries), and WebDriver cannot resize the window of every engine.
  it('at 320 px the column never scrolls sideways, and no table inside the lab scrolls either', async () => {
    const column = await fixture<HTMLDivElement>(
      html`<div style="width: 320px"><bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab></div>`,
    );
    const lab = column.firstElementChild as BulkheadLab;
    await settled(lab);
    deep<HTMLDetailsElement>(lab, 'details#requests').open = true;
    // The layouts follow the width once it is measured: on a busy machine, some frames later.
    const measured = (tag: string) => {
      const view = lab.shadowRoot!.querySelector(tag)?.shadowRoot;
      return !!view?.querySelector('.frame') && !view.querySelector('.measuring');
    };
    await waitUntil(() => measured('request-inspector') && measured('tick-timeline'), 'measured', { timeout: 10_000 });
    await settled(lab);
    expect(column.scrollWidth).to.be.at.most(320);
    expect(lab.getBoundingClientRect().width).to.be.at.most(320);
    const grid = deep(lab, 'tick-timeline', '.scroller');
    expect(deepAll(lab, 'tick-timeline', 'tbody th[scope="row"]').length).to.equal(21); // ticks down
    expect(grid.scrollWidth).to.be.at.most(grid.clientWidth);
    const requests = deep(lab, 'request-inspector', '.scroller.requests');
    expect(requests.scrollWidth).to.be.at.most(requests.clientWidth);
    expect(deepAll(lab, 'request-inspector', 'table[part="requests"] thead th').length).to.equal(3); // the narrow layout
  });
});

describe('announcements', () => {
  it('announces each tick and gate change once, in a polite live region', async () => {
    const lab = await mount();
    const time = new FakeTime();
    lab.timeSource = time;
    const region = deep(lab, '[aria-live="polite"]');
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(region.textContent));
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    lab.dispatchEvent(new CustomEvent('bulkhead-play-request', { bubbles: true, composed: true }));
    for (let i = 0; i < 4; i++) {
      time.advance(3_000);
      await settled(lab);
    }
    observer.disconnect();
    expect(said).to.deep.equal([
      'Tick 1 of 20. Gate A Pending, gate B Pending.',
      'Tick 2 of 20. Gate A Pending, gate B Pending.',
      'Tick 3 of 20. Gate A Pending, gate B Pending.',
      'Tick 4 of 20. Gate A Pending, gate B Pending.',
    ]);
  });
});

describe('playback while editing', () => {
  it('keeps its cadence while the reader changes the policy every 2 s', async () => {
    const lab = await mount();
    const time = new FakeTime();
    lab.timeSource = time;
    const playButton = () => deepAll<HTMLButtonElement>(lab, 'tick-timeline', 'button')[0]!;
    expect(textOf(playButton())).to.equal('Play');
    playButton().click();
    await settled(lab);
    const policy = deep<HTMLSelectElement>(lab, 'lab-controls', '#policy');
    for (const [i, chosen] of ['borrowing', 'strict-partitions', 'shared-fifo', 'borrowing', 'shared-fifo'].entries()) {
      time.advance(2_000);
      choose(policy, chosen);
      await settled(lab);
      // One tick every 3 s at 1×: the edits neither hold nor restart the wait for the next.
      expect(lab.tick, `after ${2 * (i + 1)} s`).to.equal(Math.floor((2 * (i + 1)) / 3));
    }
    expect(textOf(playButton())).to.equal('Pause');
  });
});

describe('theming', () => {
  const DARK_TEXT = 'rgb(230, 233, 238)';
  const LIGHT_TEXT = 'rgb(27, 31, 36)';
  const gateText = (el: Element) => getComputedStyle(deep(el, 'outcome-gate', '.gate')).color;

  it('theme="dark" forces the dark scheme on the lab and, by inheritance, every piece inside it', async () => {
    const lab = await mount(html`<bulkhead-lab loading="eager" theme="dark"></bulkhead-lab>`);
    expect(gateText(lab)).to.equal(DARK_TEXT);
    expect(getComputedStyle(lab).colorScheme).to.equal('dark');
    expect(getComputedStyle(deep(lab, 'outcome-gate')).colorScheme).to.equal('dark');
    await expect(lab).to.be.accessible();
  });

  it("follows the page's color-scheme, and the reader's preference only where the page opts in", async () => {
    // The page's scheme as a blog sets it, a class on <html>. The reader's own preference is whatever
    // the browser reports (only Chromium's protocol could change it): Firefox runs preferring dark,
    // the other engines light (scripts/engines.mjs), so both cases are checked.
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = 'html.dark { color-scheme: dark }';
    const prefersDark = matchMedia('(prefers-color-scheme: dark)').matches;
    const scheme = async (outer?: string, theme?: string) => {
      const box = await fixture<HTMLElement>(html`<div style=${outer ? `color-scheme: ${outer}` : nothing}>
          <bulkhead-lab loading="eager" theme=${theme ?? nothing}></bulkhead-lab></div>`);
      const lab = box.firstElementChild as BulkheadLab;
      await settled(lab);
      return gateText(lab);
    };
    try {
      expect(await scheme('normal')).to.equal(LIGHT_TEXT); // a page that says nothing is light
      expect(await scheme('light dark')).to.equal(prefersDark ? DARK_TEXT : LIGHT_TEXT);
      expect(await scheme('light')).to.equal(LIGHT_TEXT);
      document.documentElement.classList.add('dark');
      expect(await scheme()).to.equal(DARK_TEXT);
      expect(await scheme(undefined, 'light')).to.equal(LIGHT_TEXT);
      expect(await scheme('light')).to.equal(LIGHT_TEXT); // a container's own scheme wins over the page's
      document.documentElement.classList.remove('dark');
      expect(await scheme('dark')).to.equal(DARK_TEXT);
      expect(await scheme(undefined, 'dark')).to.equal(DARK_TEXT);
    } finally {
      document.documentElement.classList.remove('dark');
      style.remove();
    }
  });

  it('custom properties restyle every element', async () => {
    const lab = await mount(
      html`<bulkhead-lab loading="eager" style="--bulkhead-color-text: rgb(1, 2, 3)"></bulkhead-lab>`,
    );
    expect(getComputedStyle(deep(lab, 'outcome-gate', '.gate')).color).to.equal('rgb(1, 2, 3)');
  });

  it('takes a light-dark() pair as an override, resolved in each element by its scheme', async () => {
    const pair = '--bulkhead-color-text: light-dark(rgb(1, 2, 3), rgb(4, 5, 6))';
    const light = await mount(html`<bulkhead-lab loading="eager" style=${pair}></bulkhead-lab>`);
    expect(gateText(light)).to.equal('rgb(1, 2, 3)');
    const dark = await mount(html`<bulkhead-lab loading="eager" theme="dark" style=${pair}></bulkhead-lab>`);
    expect(gateText(dark)).to.equal('rgb(4, 5, 6)');
  });
});

describe('permalinks', () => {
  it('restores settings and the inspected tick from the hash, and writes changes back', async () => {
    history.replaceState(null, '', '#other.tick=3&p1.policy=borrowing&p1.a-timeout=1&p1.tick=7&p1.aTimeout=6');
    const lab = await mount(html`<bulkhead-lab loading="eager" id="p1" permalink></bulkhead-lab>`);
    expect(lab.config).to.include({ policy: 'borrowing', aTimeout: 6 });
    expect(lab.tick).to.equal(7);
    choose(deep<HTMLSelectElement>(lab, 'lab-controls', '#policy'), 'strict-partitions');
    await settled(lab);
    const params = new URLSearchParams(location.hash.slice(1));
    expect(params.get('p1.policy')).to.equal('strict-partitions');
    expect(params.get('p1.tick')).to.equal('7');
    expect(params.get('other.tick')).to.equal('3'); // another lab's state is left alone
  });

  it('ignores a malformed or hostile hash and never renders it as markup', async () => {
    history.replaceState(
      null,
      '',
      '#p2.policy=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E&p2.slots=1e9&p2.tick=abc&p2.%E0%A4%A=1&p2.queueCap=' +
        '9'.repeat(500),
    );
    const lab = await mount(html`<bulkhead-lab loading="eager" id="p2" permalink></bulkhead-lab>`);
    expect(lab.config).to.include({ policy: 'shared-fifo', slots: 4, queueCap: 6 });
    expect(lab.tick).to.equal(0);
    const everything = [lab, ...deepAll(lab, '*')].flatMap((el) => [...(el.shadowRoot?.querySelectorAll('img') ?? [])]);
    expect(everything.length).to.equal(0);
    expect((window as unknown as Record<string, unknown>).__pwned).to.equal(undefined);
    expect(textOf(lab)).not.to.contain('onerror');
  });

  it('leaves the hash alone without the permalink attribute', async () => {
    const lab = await mount(html`<bulkhead-lab loading="eager" id="p3"></bulkhead-lab>`);
    choose(deep<HTMLSelectElement>(lab, 'lab-controls', '#policy'), 'borrowing');
    await settled(lab);
    expect(location.hash).to.equal('');
  });
});

describe('accessibility of every element', () => {
  for (const tag of [
    'bulkhead-lab',
    'tick-timeline',
    'outcome-gate',
    'outcome-table',
    'lab-controls',
    'slot-board',
    'request-inspector',
    'lab-notebook',
    'policy-compare',
    'sweep-chart',
    'config-export',
  ]) {
    it(`<${tag}> standalone passes axe`, async () => {
      const el = document.createElement(tag);
      document.body.append(el);
      try {
        await settled(el);
        await expect(el).to.be.accessible();
      } finally {
        el.remove();
      }
    });
  }

  it('the lab passes axe mid-playback with the request table open and a baseline captured', async () => {
    const lab = await mount(html`<bulkhead-lab loading="eager" preset="slow-vs-dead"></bulkhead-lab>`);
    lab.tick = 9;
    deep<HTMLDetailsElement>(lab, 'details').open = true;
    buttonByLabel(notebook(lab), 'Capture baseline')!.click();
    choose(deep<HTMLSelectElement>(lab, 'lab-controls', '#policy'), 'borrowing');
    await settled(lab);
    await expect(lab).to.be.accessible();
  });
});
