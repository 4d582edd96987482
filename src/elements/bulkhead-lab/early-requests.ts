import { REQUESTS, type RequestName } from '../../scenario/events.js';
import { ownFields } from '../../scenario/own-fields.js';
import type { Scenario, ScenarioInput } from '../../scenario/scenario.js';
import { answer } from '../../scenario/serve.js';

/** The elements that serve views other than themselves. */
const SOURCES = 'bulkhead-lab,bulkhead-scenario';

/**
 * Request events a page sends before the labs are registered (`define.ts` registers them a few
 * frames after its script runs): one dispatched at a lab, or at an element inside a lab, bubbles to
 * the document, which keeps a copy of it and answers it, in order, for that lab once it is
 * registered. A view inside a source not registered yet leaves the requests dispatched at it to the
 * source (see `view-controller.ts`). Returns what answers them; the page's own listeners see each
 * request once, as it was sent.
 */
export function holdEarlyRequests(doc: Document): () => void {
  const held: [lab: Element, name: RequestName, detail: ScenarioInput][] = [];
  const hold = (event: Event) => {
    // The nearest source on its way up is the one it is for; a request for another goes on.
    const source = event
      .composedPath()
      .find((node): node is Element => node instanceof Element && node.matches(SOURCES));
    if (source?.localName === 'bulkhead-lab') held.push([source, event.type as RequestName, copyOf(event)]);
  };
  for (const name of REQUESTS) doc.addEventListener(name, hold);
  return () => {
    for (const name of REQUESTS) doc.removeEventListener(name, hold);
    for (const [lab, name, detail] of held.splice(0)) {
      customElements.upgrade(lab); // a lab off the page when the labs are registered
      const { scenario } = lab as Element & { scenario?: Scenario };
      if (scenario) answer(scenario, name, detail);
    }
  };
}

/** The detail as it was when sent: a page may reuse its object for the next request. */
function copyOf(event: Event): ScenarioInput {
  const detail = ownFields((event as CustomEvent).detail) ?? {};
  const changes = ownFields(detail.changes);
  return changes ? { ...detail, changes } : detail;
}
