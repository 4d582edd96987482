// Helpers for the binding and state tests: page requests, what a page hears, notices, and a page
// of its own for markup that might freeze the page it runs in.
import type { EventDetails, RequestDetails, RequestName } from '../../src/scenario/events.js';
import { textOf } from './ui.js';

/** Sends a request event the way a page script does. */
export function request<K extends RequestName>(
  target: EventTarget,
  name: K,
  detail: RequestDetails[K] = {} as RequestDetails[K],
): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** Records the announcements that reach `target` (by default the document). */
export function hear(target: EventTarget = document) {
  const heard: { type: string; detail: EventDetails['bulkhead-run'] | EventDetails['bulkhead-tick'] }[] = [];
  const record = (e: Event) => heard.push({ type: e.type, detail: (e as CustomEvent).detail });
  for (const name of ['bulkhead-run', 'bulkhead-tick']) target.addEventListener(name, record);
  return {
    heard,
    types: () => heard.map((h) => h.type),
    clear: () => void heard.splice(0),
    stop: () => ['bulkhead-run', 'bulkhead-tick'].forEach((n) => target.removeEventListener(n, record)),
  };
}

/** The notices an element shows in its own shadow root, one string per notice. */
export const noticesOf = (el: Element): string[] =>
  [...(el.shadowRoot?.querySelectorAll('[part~="notices"] p') ?? [])].map((p) => textOf(p));

/** Every notice shown anywhere in `el`'s shadow tree (the lab and the views inside it). */
export function allNotices(el: Element): string[] {
  const found = noticesOf(el);
  for (const child of el.shadowRoot?.querySelectorAll('*') ?? [])
    if (child.shadowRoot) found.push(...allNotices(child));
  return found;
}

/** Lets queued microtasks and one round of timers run. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

export interface IsolatedReport {
  /** False when the page never finished loading or never ran a setTimeout(0): it froze. */
  responsive: boolean;
  text: string | null;
  notices: string[];
}

let sites = 0;

/**
 * Loads `markup` into a page of its own, on its own site (so in its own renderer process: if it
 * freezes, this page does not), and reports what `view` shows once the page has loaded and run a
 * setTimeout(0). A page that has not reported within `waitMs` is reported as not responsive.
 */
export async function inIsolatedPage(markup: string, view = 'outcome-gate', waitMs = 10_000): Promise<IsolatedReport> {
  const frame = document.createElement('iframe');
  const site = `isolated-${Date.now().toString(36)}-${++sites}.localhost`;
  const query = new URLSearchParams({ markup, view });
  frame.src = `${location.protocol}//${site}:${location.port}/test/helpers/isolated-page.html?${query}`;
  try {
    return await new Promise<IsolatedReport>((resolve) => {
      const timer = setTimeout(() => {
        removeEventListener('message', onMessage);
        resolve({ responsive: false, text: null, notices: [] });
      }, waitMs);
      const onMessage = (event: MessageEvent) => {
        if (event.source !== frame.contentWindow || !event.data?.isolatedPage) return;
        clearTimeout(timer);
        removeEventListener('message', onMessage);
        resolve({ responsive: true, text: event.data.text, notices: event.data.notices });
      };
      addEventListener('message', onMessage);
      document.body.append(frame);
    });
  } finally {
    frame.remove();
  }
}
