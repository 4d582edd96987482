import { REQUESTS, emit, type RequestName } from '../../scenario/events.js';

/**
 * Request events a page sends before the labs are registered (`define.ts` registers them a few
 * frames after its script runs): one dispatched at a lab, at an element inside a lab, or at a view
 * whose `for` names a lab, is held at the document and sent again to that lab once it is registered.
 * Without this, the lab would miss it, or a view inside the lab would answer it with a scenario of
 * its own that the lab then replaces. Returns what registers the labs' class: it sends the held
 * requests, in order, once the labs answer.
 */
export function holdEarlyRequests(doc: Document): () => void {
  const held: [lab: Element, name: RequestName, detail: unknown][] = [];
  const hold = (event: Event) => {
    const lab = customElements.get('bulkhead-lab') ? null : labOf(event); // another copy may have registered it
    if (!lab) return;
    event.stopImmediatePropagation();
    held.push([lab, event.type as RequestName, (event as CustomEvent).detail]);
  };
  for (const name of REQUESTS) doc.addEventListener(name, hold, { capture: true });
  return () => {
    for (const name of REQUESTS) doc.removeEventListener(name, hold, { capture: true });
    for (const [lab, name, detail] of held.splice(0)) emit(lab, name, detail as never);
  };
}

const SOURCES = new Set(['bulkhead-lab', 'bulkhead-scenario']);

/** The lab an event is for: the nearest source on its way up, or the one the target's `for` names; null if not a lab. */
function labOf(event: Event): Element | null {
  const path = event.composedPath().filter((node): node is Element => node instanceof Element);
  const target = path[0];
  const forId = target && !SOURCES.has(target.localName) ? target.getAttribute('for') : null;
  const root = target?.getRootNode() as Document | ShadowRoot | undefined;
  const source =
    forId !== null ? (root?.getElementById?.(forId) ?? null) : (path.find((el) => SOURCES.has(el.localName)) ?? null);
  return source?.localName === 'bulkhead-lab' ? source : null;
}
