// The events custom-elements.json lists for each element are exactly the ones it really
// dispatches: each element is mounted on its own, driven through every control it has and by the
// requests a page script may send it, and every `bulkhead-*` event that comes out of it is
// recorded. custom-elements.json is written by `npm run build` (which `npm test` runs first).
import { expect } from '@open-wc/testing';
import '../../src/index.js';
import '../../src/elements/measured-run/define.js'; // its own entry, not in the lab's bundle
import type { RequestDetails, RequestName } from '../../src/scenario/events.js';
import { REQUESTS } from '../../src/scenario/events.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import { FakeTime } from '../helpers/fake-time.js';
import { buttonByLabel, choose, deep, deepAll, settled } from '../helpers/ui.js';

interface ManifestEvent {
  name: string;
}
interface ManifestDeclaration {
  tagName?: string;
  events?: ManifestEvent[];
}
interface Manifest {
  modules: { declarations?: ManifestDeclaration[] }[];
}

// The binding protocol (how a view finds its source, described in docs/ELEMENTS.md under "How the
// binding behaves") is not part of an element's event API: the manifest leaves these two out, so
// this test does too.
const PROTOCOL = ['bulkhead-source-request', 'bulkhead-source-connected'];
const ANNOUNCEMENTS = ['bulkhead-run', 'bulkhead-tick'];

let manifestEvents: Map<string, string[]>;

before(async () => {
  const response = await fetch('/custom-elements.json');
  if (!response.ok) {
    throw new Error(
      `custom-elements.json is missing (HTTP ${response.status}): run \`npm run build\` first (\`npm test\` does)`,
    );
  }
  const manifest = (await response.json()) as Manifest;
  manifestEvents = new Map(
    manifest.modules
      .flatMap((mod) => mod.declarations ?? [])
      .filter((declaration) => declaration.tagName)
      .map((declaration) => [declaration.tagName!, (declaration.events ?? []).map((event) => event.name).sort()]),
  );
});

afterEach(() => localStorage.clear());

/** Whether `node` is `host` or inside its shadow tree, at any depth. */
function within(node: unknown, host: Element): boolean {
  for (
    let at = node instanceof Node ? node : null;
    at;
    at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)
  ) {
    if (at === host) return true;
  }
  return false;
}

/**
 * Mounts `tag` on its own and records the `bulkhead-*` events that come out of it while `drive`
 * runs: heard on the element itself or, in the capture phase, on the document with the element on
 * their path. Requests this test sends as a page script are not the element's own and are left out.
 * Any other `bulkhead-*` event dispatched in the element's tree is caught too, so a new event name
 * cannot slip past the listeners.
 */
async function eventsOf(tag: string, drive: (el: HTMLElement, page: Page) => Promise<void>): Promise<string[]> {
  const names = [...new Set([...REQUESTS, ...ANNOUNCEMENTS, ...PROTOCOL, ...[...manifestEvents.values()].flat()])];
  const heard = new Set<string>();
  const fromPage = new WeakSet<Event>();
  const el = document.createElement(tag);
  if (tag === 'bulkhead-lab') el.setAttribute('loading', 'eager'); // every view drawn, to be driven
  const record = (event: Event) => {
    if (!fromPage.has(event) && (event.currentTarget === el || event.composedPath().includes(el)))
      heard.add(event.type);
  };
  const unknown: string[] = [];
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event) {
    if (event.type.startsWith('bulkhead-') && !names.includes(event.type) && within(this, el)) unknown.push(event.type);
    return dispatch.call(this, event);
  };
  for (const name of names) {
    document.addEventListener(name, record, { capture: true });
    el.addEventListener(name, record);
  }
  const page: Page = {
    time: new FakeTime(),
    request(name, detail) {
      const event = new CustomEvent(name, { detail, bubbles: true, composed: true });
      fromPage.add(event);
      el.dispatchEvent(event);
      return settled(el);
    },
  };
  try {
    if ('timeSource' in el) (el as ScenarioElement).timeSource = page.time;
    document.body.append(el);
    await settled(el);
    await drive(el, page);
    await settled(el);
  } finally {
    EventTarget.prototype.dispatchEvent = dispatch;
    for (const name of names) document.removeEventListener(name, record, { capture: true });
    el.remove();
  }
  expect(unknown, `<${tag}> dispatched bulkhead-* events this test does not know`).to.deep.equal([]);
  return [...heard].filter((name) => !PROTOCOL.includes(name)).sort();
}

interface Page {
  time: FakeTime;
  /** Sends a request event to the element, the way a page script drives a source. */
  request<K extends RequestName>(name: K, detail: RequestDetails[K]): Promise<void>;
}

/** What a page script can ask of any element that owns a scenario: a new config, another tick. */
async function pageRequests(_el: HTMLElement, page: Page) {
  await page.request('bulkhead-config-request', { changes: { slots: 5 } });
  await page.request('bulkhead-seek-request', { tick: 4 });
  await page.request('bulkhead-play-request', {});
  page.time.advance(10_000);
  await page.request('bulkhead-pause-request', {});
}

/** Every control of a tick timeline: Play, playback, Pause, Next tick, Restart, a speed, the slider, a column. */
async function driveTimeline(timeline: Element, host: HTMLElement, page: Page) {
  const click = async (label: string) => {
    const button = buttonByLabel(timeline, label);
    if (!button) throw new Error(`no ${label} button in <${timeline.localName}>`);
    button.click();
    await settled(host);
  };
  await click('Play');
  page.time.advance(7_000);
  await settled(host);
  await click('Pause');
  await click('Next tick');
  await click('Restart');
  deep<HTMLInputElement>(timeline, 'input[type="radio"][value="2"]').click();
  await settled(host);
  const slider = deep<HTMLInputElement>(timeline, 'input[type="range"]');
  slider.value = '6';
  slider.dispatchEvent(new Event('input', { bubbles: true }));
  await settled(host);
  deepAll<HTMLElement>(timeline, 'th[aria-current]').at(-1)!.click();
  await settled(host);
}

/**
 * Every kind of control of a lab-controls form: the policy, a fault, a number box; in `root`, or in
 * any of the forms `forms` selects inside it (a lab's first screen has two).
 */
async function driveControls(root: Element, host: HTMLElement, ...forms: string[]) {
  choose(deep<HTMLSelectElement>(root, ...forms, 'select'), 'borrowing');
  await settled(host);
  deep<HTMLInputElement>(root, ...forms, 'input[type="radio"][value="stall"]').click();
  await settled(host);
  const box = deep<HTMLInputElement>(root, ...forms, 'input[type="number"]:not(:disabled)');
  box.value = String(Number(box.value) < Number(box.max) ? Number(box.value) + 1 : Number(box.value) - 1);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  box.dispatchEvent(new Event('change', { bubbles: true }));
  await settled(host);
}

/** The notebook's own buttons: baseline capture, replace and clear (they ask nothing of the source). */
async function driveNotebook(notebook: Element, host: HTMLElement) {
  for (const label of ['Capture baseline', 'Replace baseline', 'Clear baseline']) {
    buttonByLabel(notebook, label)!.click();
    await settled(host);
  }
}

const DRIVE: Record<string, (el: HTMLElement, page: Page) => Promise<void>> = {
  'bulkhead-lab': async (el, page) => {
    await driveTimeline(deep(el, 'tick-timeline'), el, page);
    await driveControls(el, el, '.bench lab-controls');
    await driveNotebook(deep(el, 'lab-notebook'), el);
    await pageRequests(el, page);
  },
  'bulkhead-scenario': pageRequests,
  'lab-controls': async (el, page) => {
    await driveControls(el, el);
    await pageRequests(el, page);
  },
  'lab-notebook': async (el, page) => {
    await driveNotebook(el, el);
    await pageRequests(el, page);
  },
  'config-export': async (el, page) => {
    choose(deep<HTMLSelectElement>(el, 'select[name="library"]'), 'polly');
    await settled(el);
    await pageRequests(el, page);
  },
  'measured-run': async (el) => {
    el.setAttribute('src', '/test/elements/fixtures/measured-small.json');
    for (let i = 0; i < 100 && !el.shadowRoot?.querySelector('[part~="table"]'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(el.shadowRoot?.querySelector('[part~="table"]'), 'the measured run loaded').to.exist;
  },
  'outcome-gate': pageRequests,
  'outcome-table': pageRequests,
  'policy-compare': async (el, page) => {
    buttonByLabel(el, 'Use Strict tenant partitions')!.click();
    await pageRequests(el, page);
  },
  'request-inspector': pageRequests,
  'slot-board': pageRequests,
  'sweep-chart': async (el, page) => {
    deep(el, 'svg[role="slider"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await settled(el);
    await pageRequests(el, page);
  },
  'tick-timeline': async (el, page) => {
    await driveTimeline(el, el, page);
    await pageRequests(el, page);
  },
};

describe('custom-elements.json lists exactly the events each element dispatches', () => {
  it('covers every element the manifest lists, each registered', () => {
    expect([...manifestEvents.keys()].sort()).to.deep.equal(Object.keys(DRIVE).sort());
    for (const tag of manifestEvents.keys()) expect(customElements.get(tag), tag).to.exist;
  });

  for (const tag of Object.keys(DRIVE)) {
    it(`<${tag}>`, async () => {
      const dispatched = await eventsOf(tag, DRIVE[tag]!);
      expect(dispatched, `events <${tag}> dispatched (left) vs custom-elements.json (right)`).to.deep.equal(
        manifestEvents.get(tag),
      );
    });
  }
});
