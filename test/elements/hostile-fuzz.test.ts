// Random sequences of what a hostile page does to a source and its views: elements made before
// their definition reaches them (in an iframe's document, where nothing is defined), moved between
// this document, the source and an iframe, removed and added again, given garbage attributes,
// properties and clocks, and sent request events with odd or hostile details in odd orders. After
// every step: no page error, every connected element settles, renders and is styled in its
// document, and every view bound to the source shows the source's config.
import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import '../../src/index.js';
import type { ScenarioElement } from '../../src/elements/scenario-element.js';
import { FakeTime } from '../helpers/fake-time.js';

const SOURCE_ID = 'hf-source';
const VIEWS = ['gate', 'timeline', 'made-early'] as const;
type Name = 'source' | (typeof VIEWS)[number];
type Place = 'page' | 'source' | 'frame' | 'detached';

interface Page {
  page: HTMLElement;
  frame: HTMLIFrameElement;
  els: Record<Name, ScenarioElement>;
}

/** Stands for the Proxy in generated actions, so that fast-check can print them. */
const HOSTILE = 'a Proxy that throws on every read';
const hostile = new Proxy(
  {},
  {
    get() {
      throw new Error('hostile read');
    },
    ownKeys() {
      throw new Error('hostile keys');
    },
  },
);

type Action =
  | { do: 'move'; who: Name; to: Place }
  | { do: 'attribute'; who: Name; name: string; value: string | null }
  | { do: 'property'; who: Name; name: 'config' | 'tick' | 'timeSource'; value: unknown }
  | { do: 'request'; who: Name; type: string; detail: unknown };

const who = fc.constantFrom<Name>('source', ...VIEWS);
const garbage = fc.constantFrom('', 'many', '-1', '0', '99', '2.5', '3', 'NaN', '<b>x</b>', ' 4 ');
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    do: fc.constant('move' as const),
    who,
    to: fc.constantFrom<Place>('page', 'source', 'frame', 'detached'),
  }),
  fc.record({
    do: fc.constant('attribute' as const),
    who,
    name: fc.constantFrom('slots', 'policy', 'target', 'reserved-a', 'heading-level', 'preset'),
    value: fc.option(fc.oneof(garbage, fc.constantFrom('borrowing', 'stalled-dependency')), { freq: 5 }),
  }),
  fc.record({
    do: fc.constant('attribute' as const),
    who: fc.constantFrom(...VIEWS),
    name: fc.constant('for'),
    value: fc.constantFrom(SOURCE_ID, 'nowhere', '', null),
  }),
  fc.record({
    do: fc.constant('property' as const),
    who,
    name: fc.constantFrom('config' as const, 'tick' as const),
    value: fc.constantFrom<unknown>({ slots: 2 }, { slots: 'x' }, null, 7, Number.NaN, '5', HOSTILE, [1]),
  }),
  fc.record({
    do: fc.constant('property' as const),
    who,
    name: fc.constant('timeSource' as const),
    value: fc.constantFrom<unknown>(
      'fake',
      { now: () => Number.NaN, setTimeout: () => 0, clearTimeout: () => {} },
      {
        now: () => {
          throw new Error('no time');
        },
        setTimeout: () => 0,
        clearTimeout: () => {},
      },
      {
        now: () => performance.now(),
        setTimeout: () => {
          throw new Error('no timers');
        },
        clearTimeout: () => {},
      },
      { now: () => performance.now(), setTimeout: window.setTimeout, clearTimeout: window.clearTimeout },
      // Set back a minute at every other reading.
      {
        now: (
          (n = 0) =>
          () =>
            performance.now() - (n++ % 2) * 60_000
        )(),
        setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
        clearTimeout: (handle: number) => clearTimeout(handle),
      },
      null,
    ),
  }),
  fc.record({
    do: fc.constant('request' as const),
    who,
    type: fc.constantFrom(
      'bulkhead-config-request',
      'bulkhead-seek-request',
      'bulkhead-play-request',
      'bulkhead-step-request',
      'bulkhead-source-request',
      'bulkhead-source-connected',
    ),
    detail: fc.constantFrom<unknown>(
      { changes: { slots: 3 } },
      { changes: { policy: 'strict-partitions', target: 50 } },
      { tick: 4 },
      { tick: '7' },
      null,
      HOSTILE,
      { callback: 'not a function' },
    ),
  }),
);

function mount(frame: HTMLIFrameElement, page: HTMLElement): Page {
  const source = document.createElement('bulkhead-scenario') as ScenarioElement;
  source.id = SOURCE_ID;
  const gate = document.createElement('outcome-gate') as ScenarioElement;
  gate.setAttribute('for', SOURCE_ID);
  const timeline = document.createElement('tick-timeline') as ScenarioElement;
  // Made where nothing is defined, with a property set before its class reaches it.
  const early = frame.contentDocument!.createElement('outcome-gate') as ScenarioElement;
  early.setAttribute('tenant', 'B');
  (early as { config: unknown }).config = { slots: 6 };
  page.append(source, gate, early);
  source.append(timeline);
  return { page, frame, els: { source, gate, timeline, 'made-early': early } };
}

function apply(real: Page, action: Action) {
  const el = real.els[action.who];
  const given = (value: unknown) => (value === HOSTILE ? hostile : value);
  switch (action.do) {
    case 'move': {
      const to = {
        page: real.page,
        source: real.els.source,
        frame: real.frame.contentDocument!.body,
        detached: null,
      }[action.to];
      if (to === null) el.remove();
      else if (to !== el && !el.contains(to)) to.append(el);
      return;
    }
    case 'attribute':
      if (action.value === null) el.removeAttribute(action.name);
      else el.setAttribute(action.name, action.value);
      return;
    case 'property':
      (el as unknown as Record<string, unknown>)[action.name] =
        action.value === 'fake' ? new FakeTime() : given(action.value);
      return;
    case 'request':
      el.dispatchEvent(new CustomEvent(action.type, { detail: given(action.detail), bubbles: true, composed: true }));
  }
}

/** The source a view should show: the one its `for` names in its own document, else the one around it. */
function expectedSource(real: Page, view: ScenarioElement): ScenarioElement | null {
  const source = real.els.source;
  if (!source.isConnected || !view.isConnected) return null;
  const forId = view.getAttribute('for');
  if (forId === null) return source.contains(view) ? source : null;
  return forId === SOURCE_ID && source.getRootNode() === view.getRootNode() ? source : null;
}

const within = <T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not settle in ${ms} ms`)), ms)),
  ]);

async function check(real: Page, errors: unknown[]) {
  for (const [name, el] of Object.entries(real.els)) {
    if (!el.isConnected) continue;
    await within(el.updateComplete, `<${el.localName}> ${name}`);
    expect(el.shadowRoot?.childElementCount, `${name} renders`).to.be.above(0);
    const view = el.ownerDocument.defaultView!;
    const display = el.localName === 'bulkhead-scenario' ? 'contents' : 'block'; // what its :host rule says
    expect(view.getComputedStyle(el).display, `${name} is styled in its document`).to.equal(display);
    expect(Number.isInteger(el.tick), `${name}'s tick`).to.equal(true);
  }
  for (const name of VIEWS) {
    const view = real.els[name];
    const source = expectedSource(real, view);
    if (source) expect(view.config, `${name} shows its source's config`).to.deep.equal(source.config);
  }
  expect(errors, 'page errors').to.deep.equal([]);
}

describe('hostile page fuzz: made early, moved, re-added, garbage and odd events', () => {
  const { warn } = console;
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    errors.push(event.error ?? event.message);
    event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    errors.push(event.reason);
    event.preventDefault();
  };
  before(() => {
    console.warn = () => {}; // garbage attributes are warned about by design; the notices are the answer
    addEventListener('error', onError);
    addEventListener('unhandledrejection', onRejection);
  });
  after(() => {
    console.warn = warn;
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  });

  it('nothing throws, nothing is stuck, and bound views show their source', async function () {
    this.timeout(200_000);
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="another document"></iframe>`);
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 14 }), async (actions) => {
        errors.length = 0;
        const page = document.createElement('div');
        document.body.append(page);
        const real = mount(frame, page);
        try {
          await check(real, errors);
          for (const action of actions) {
            apply(real, action);
            await check(real, errors);
          }
        } finally {
          page.remove();
          for (const el of Object.values(real.els)) el.remove();
        }
      }),
      { numRuns: 60, includeErrorInReport: true },
    );
  });
});
