// How a view finds its scenario source: `for` (looked up in the view's own root), the enclosing
// source, or its own attributes; and what happens when any of these change after connection.
import { expect, fixtureSync, html } from '@open-wc/testing';
import '../../src/index.js';
import type { BulkheadScenario } from '../../src/elements/bulkhead-scenario/bulkhead-scenario.js';
import { BulkheadScenario as ScenarioClass } from '../../src/elements/bulkhead-scenario/bulkhead-scenario.js';
import type { OutcomeGate } from '../../src/elements/outcome-gate/outcome-gate.js';
import { hear, inIsolatedPage, nextTask, noticesOf, request } from '../helpers/binding.js';
import { settled, textOf } from '../helpers/ui.js';

// Tenant B's full-window result under the default inputs, by policy: how a test tells which
// config a gate is showing.
const FIFO = '1 completed of 4 required';
const ROUND_ROBIN = '2 completed of 4 required';
const STRICT = '4 completed of 4 required';

/** Waits until pending lookups have run and the gate has rendered. */
async function shown(gate: Element): Promise<string> {
  await nextTask();
  await settled(gate);
  return textOf(gate);
}

// These cases froze the whole page (an endless chain of microtasks) before; each runs in a page of
// its own, so a freeze fails its test ("page froze") instead of hanging the test runner.
describe('for= that names no source: the page stays responsive (isolated pages)', () => {
  const cases: [string, string][] = [
    ['the view itself', '<outcome-gate id="g" for="g" tenant="B" policy="strict-partitions"></outcome-gate>'],
    [
      'another view',
      '<tick-timeline id="t"></tick-timeline><outcome-gate for="t" tenant="B" policy="strict-partitions"></outcome-gate>',
    ],
    ['a plain div', '<div id="d"></div><outcome-gate for="d" tenant="B" policy="strict-partitions"></outcome-gate>'],
    [
      'a <measured-run>',
      '<measured-run id="m"></measured-run><outcome-gate for="m" tenant="B" policy="strict-partitions"></outcome-gate>',
    ],
    ['a missing id', '<outcome-gate for="nowhere" tenant="B" policy="strict-partitions"></outcome-gate>'],
  ];
  for (const [what, markup] of cases) {
    it(`for= at ${what}: one short notice about for, and the gate runs on its own attributes`, async () => {
      const report = await inIsolatedPage(markup);
      expect(report.responsive, 'page froze: load and a setTimeout(0) never ran').to.equal(true);
      expect(report.notices, 'notices').to.have.length(1);
      expect(report.notices[0]).to.contain('for');
      expect(report.notices[0]!.length).to.be.at.most(120);
      expect(report.text).to.contain(STRICT);
    });
  }
});

// A small component with an open shadow root holding whatever markup it is given.
class ShadowHost extends HTMLElement {
  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' }).innerHTML = this.getAttribute('inner') ?? '';
  }
}
customElements.define('binding-test-host', ShadowHost);

function host(inner: string): HTMLElement {
  const el = document.createElement('binding-test-host');
  el.setAttribute('inner', inner);
  return el;
}

describe("for= is looked up in the view's own root", () => {
  it("binds a view and a source that are both inside another component's shadow root", async () => {
    const page = fixtureSync(html`<div></div>`);
    const h = host(
      '<bulkhead-scenario id="s" policy="strict-partitions"></bulkhead-scenario><outcome-gate for="s" tenant="B"></outcome-gate>',
    );
    page.append(h);
    const gate = h.shadowRoot!.querySelector<OutcomeGate>('outcome-gate')!;
    const source = h.shadowRoot!.querySelector('bulkhead-scenario')!;
    const text = await shown(gate);
    expect(noticesOf(gate)).to.deep.equal([]);
    expect(text).to.contain(STRICT);
    request(source, 'bulkhead-config-request', { changes: { target: 50 } });
    expect(await shown(gate)).to.contain('(50 % of 4 offered)');
    expect(gate.config.target).to.equal(50);
  });

  it('a view in a shadow root ignores a document source with the id its root lacks', async () => {
    const page = fixtureSync(
      html`<div><bulkhead-scenario id="dup-1" policy="strict-partitions"></bulkhead-scenario></div>`,
    );
    const h = host('<outcome-gate for="dup-1" tenant="B"></outcome-gate>');
    page.append(h);
    const gate = h.shadowRoot!.querySelector<OutcomeGate>('outcome-gate')!;
    const text = await shown(gate);
    expect(text).to.contain(FIFO);
    expect(gate.config.policy).to.equal('shared-fifo');
    expect(noticesOf(gate)).to.have.length(1);
    expect(noticesOf(gate)[0]).to.contain('for');
  });

  it('a view in the document ignores a source with that id inside a shadow root', async () => {
    const page = fixtureSync(html`<div><outcome-gate for="dup-2" tenant="B"></outcome-gate></div>`);
    page.prepend(host('<bulkhead-scenario id="dup-2" policy="strict-partitions"></bulkhead-scenario>'));
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    const text = await shown(gate);
    expect(text).to.contain(FIFO);
    expect(noticesOf(gate)).to.have.length(1);
    expect(noticesOf(gate)[0]).to.contain('for');
  });
});

describe('for= changed after connection', () => {
  it('adding for= binds to the named source', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-scenario id="add-1" policy="strict-partitions"></bulkhead-scenario>
      <outcome-gate tenant="B"></outcome-gate>
    </div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    expect(await shown(gate)).to.contain(FIFO);
    gate.setAttribute('for', 'add-1');
    expect(await shown(gate)).to.contain(STRICT);
    request(page.querySelector('bulkhead-scenario')!, 'bulkhead-config-request', { changes: { target: 50 } });
    expect(await shown(gate)).to.contain('(50 % of 4 offered)');
  });

  it('changing for= follows the new source, and the old one no longer moves the view', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-scenario id="chg-a" policy="strict-partitions"></bulkhead-scenario>
      <bulkhead-scenario id="chg-b" policy="shared-round-robin"></bulkhead-scenario>
      <outcome-gate for="chg-a" tenant="B"></outcome-gate>
    </div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    expect(await shown(gate)).to.contain(STRICT);
    gate.setAttribute('for', 'chg-b');
    expect(await shown(gate)).to.contain(ROUND_ROBIN);
    expect(gate.config.policy).to.equal('shared-round-robin');
    request(page.querySelector('#chg-a')!, 'bulkhead-config-request', { changes: { target: 50 } });
    expect(await shown(gate)).not.to.contain('(50 % of');
    request(page.querySelector('#chg-b')!, 'bulkhead-config-request', { changes: { target: 75 } });
    expect(await shown(gate)).to.contain('(75 % of 4 offered)');
  });

  it('removing for= outside any source runs the view on its own attributes', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-scenario id="rm-1" policy="strict-partitions"></bulkhead-scenario>
      <outcome-gate for="rm-1" tenant="B" policy="shared-round-robin"></outcome-gate>
    </div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    expect(await shown(gate)).to.contain(STRICT);
    gate.removeAttribute('for');
    expect(await shown(gate)).to.contain(ROUND_ROBIN);
    expect(gate.config.policy).to.equal('shared-round-robin');
    expect(noticesOf(gate)).to.deep.equal([]);
  });

  it('removing for= inside a source binds to the enclosing source', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-scenario id="rm-2" policy="shared-round-robin"></bulkhead-scenario>
      <bulkhead-scenario policy="strict-partitions">
        <outcome-gate for="rm-2" tenant="B"></outcome-gate>
      </bulkhead-scenario>
    </div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    expect(await shown(gate)).to.contain(ROUND_ROBIN);
    gate.removeAttribute('for');
    expect(await shown(gate)).to.contain(STRICT);
    const enclosing = gate.parentElement!;
    request(enclosing, 'bulkhead-config-request', { changes: { target: 50 } });
    expect(await shown(gate)).to.contain('(50 % of 4 offered)');
  });
});

describe('a for= source that comes and goes', () => {
  it('a source appended after the view binds it, and the notice goes away', async () => {
    const page = fixtureSync(html`<div><outcome-gate for="late-1" tenant="B"></outcome-gate></div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    expect(await shown(gate)).to.contain(FIFO);
    expect(noticesOf(gate)).to.have.length(1);
    const source = document.createElement('bulkhead-scenario');
    source.id = 'late-1';
    source.setAttribute('policy', 'strict-partitions');
    page.append(source);
    expect(await shown(gate)).to.contain(STRICT);
    expect(noticesOf(gate)).to.deep.equal([]);
  });

  it('a source whose element is defined later binds the waiting view', async () => {
    const page = fixtureSync(html`<div>
      <outcome-gate for="late-2" tenant="B"></outcome-gate>
      <binding-late-source id="late-2" policy="strict-partitions"></binding-late-source>
    </div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    expect(await shown(gate)).to.contain(FIFO);
    customElements.define('binding-late-source', class extends ScenarioClass {});
    expect(await shown(gate)).to.contain(STRICT);
    expect(noticesOf(gate)).to.deep.equal([]);
  });

  it('a source appended before its element is defined binds the waiting view once defined', async () => {
    const page = fixtureSync(html`<div><outcome-gate for="late-3" tenant="B"></outcome-gate></div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    expect(await shown(gate)).to.contain(FIFO);
    const source = document.createElement('binding-later-source');
    source.id = 'late-3';
    source.setAttribute('policy', 'strict-partitions');
    page.append(source);
    expect(await shown(gate)).to.contain(FIFO);
    customElements.define('binding-later-source', class extends ScenarioClass {});
    expect(await shown(gate)).to.contain(STRICT);
    expect(noticesOf(gate)).to.deep.equal([]);
  });

  it('a removed source leaves the view on its own with a notice, and it binds again when the source returns', async () => {
    const page = fixtureSync(html`<div>
      <bulkhead-scenario id="gone-1" policy="strict-partitions"></bulkhead-scenario>
      <outcome-gate for="gone-1" tenant="B" policy="shared-round-robin"></outcome-gate>
    </div>`);
    const gate = page.querySelector<OutcomeGate>('outcome-gate')!;
    const source = page.querySelector<BulkheadScenario>('bulkhead-scenario')!;
    expect(await shown(gate)).to.contain(STRICT);
    source.remove();
    expect(await shown(gate)).to.contain(ROUND_ROBIN);
    expect(noticesOf(gate)).to.have.length(1);
    expect(noticesOf(gate)[0]).to.contain('for');
    page.prepend(source);
    expect(await shown(gate)).to.contain(STRICT);
    expect(noticesOf(gate)).to.deep.equal([]);
  });
});

describe('nothing of the protocol travels through window', () => {
  it('adds no properties to window and leaves no listeners on it', async () => {
    const keys = new Set(Object.keys(window));
    // Watch what is added on, removed from and dispatched at window while elements come and go.
    const live = new Map<string, Set<unknown>>(); // type → listeners on window
    const dispatched: string[] = [];
    const proto = EventTarget.prototype;
    const { addEventListener: add, removeEventListener: remove, dispatchEvent: dispatch } = proto;
    // A bare addEventListener(...) in a module calls window's with `this` undefined.
    const onWindow = (target: unknown) => target === window || target === undefined || target === null;
    const capture = (options: unknown) =>
      Boolean(typeof options === 'object' && options ? (options as { capture?: boolean }).capture : options);
    // One entry per (listener, capture) pair, as the DOM counts them.
    const entry = (listener: unknown, options: unknown) =>
      `${capture(options)}:${ids.get(listener) ?? ids.set(listener, ids.size).get(listener)}`;
    const ids = new Map<unknown, number>();
    proto.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
      if (onWindow(this) && listener) {
        if (!live.has(type)) live.set(type, new Set());
        live.get(type)!.add(entry(listener, options));
      }
      return (add as (...a: unknown[]) => void).call(this, type, listener, options);
    };
    proto.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
      if (onWindow(this) && listener) live.get(type)?.delete(entry(listener, options));
      return (remove as (...a: unknown[]) => void).call(this, type, listener, options);
    };
    proto.dispatchEvent = function (this: EventTarget, event: Event) {
      if (onWindow(this)) dispatched.push(event.type);
      return dispatch.call(this, event);
    };
    const liveTypes = () => [...live].filter(([, listeners]) => listeners.size > 0).map(([type]) => type);
    let whileConnected: string[];
    try {
      const page = fixtureSync(html`<div>
        <bulkhead-scenario id="win-1"></bulkhead-scenario>
        <outcome-gate for="win-1"></outcome-gate>
        <outcome-gate></outcome-gate>
        <bulkhead-lab loading="eager"></bulkhead-lab>
      </div>`);
      await nextTask();
      await settled(page.querySelector('bulkhead-lab')!);
      const late = document.createElement('bulkhead-scenario');
      late.innerHTML = '<outcome-gate></outcome-gate>';
      page.append(late);
      request(page.querySelector('#win-1')!, 'bulkhead-config-request', { changes: { target: 50 } });
      await nextTask();
      // Storage, pagehide, print and hash events reach only window: the notebook listens there to
      // follow notes edited in another tab and to write notes before the page goes, and the lab to
      // draw all of itself before the page prints and to see a link followed to the text after it.
      // Those are page concerns of their own, not part of how views find sources.
      const pageConcerns = ['storage', 'pagehide', 'beforeprint', 'hashchange'];
      whileConnected = liveTypes().filter((type) => !pageConcerns.includes(type));
      page.remove();
      await nextTask();
    } finally {
      Object.assign(proto, { addEventListener: add, removeEventListener: remove, dispatchEvent: dispatch });
    }
    expect({
      newPropertiesOnWindow: Object.keys(window).filter((k) => !keys.has(k)),
      eventsDispatchedAtWindow: dispatched,
      listenersOnWindowWhileConnected: whileConnected,
      listenersLeftOnWindow: liveTypes(),
    }).to.deep.equal({
      newPropertiesOnWindow: [],
      eventsDispatchedAtWindow: [],
      listenersOnWindowWhileConnected: [],
      listenersLeftOnWindow: [],
    });
  });
});

describe('a source makes its scenario when it is first read', () => {
  it('answers, and announces, a request dispatched at it before anything read its scenario', () => {
    const source = document.createElement('bulkhead-scenario');
    const page = fixtureSync(html`<div></div>`);
    page.append(source); // connected, and not yet drawn: nothing has read its scenario
    const heard = hear(source);
    request(source, 'bulkhead-config-request', { changes: { policy: 'strict-partitions' } });
    expect(heard.types()).to.deep.equal(['bulkhead-run']);
    expect(source.scenario.config.policy).to.equal('strict-partitions');
    source.remove();
    request(source, 'bulkhead-config-request', { changes: { policy: 'shared-fifo' } });
    expect(source.scenario.config.policy, 'answered once removed').to.equal('strict-partitions');
    heard.stop();
  });
});
