// Chromium for the Node-side tests: launch it, open a page that records errors, read shadow text.
import { after, before } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveStatic, type StaticServer } from './static-server.js';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

/** Lit's production build pushes its version onto this global once per copy that runs. */
export const LIT_MARKER = 'litHtmlVersions';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath()!, args: chromiumArgs });

export interface Opened {
  page: Page;
  /** Uncaught errors and console errors. */
  errors: string[];
  /** Every console message. */
  console: string[];
}

/** Opens `url` in a new page of `width` px, recording errors and console messages. */
export async function openPage(browser: Browser, url: string, width = 1280): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  const errors: string[] = [];
  const messages: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    messages.push(message.text());
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, console: messages };
}

/**
 * Asks every lab on the page for all of itself, as a page script does: `loading="eager"`, then
 * awaiting `updateComplete` (a lab draws a section only once the reader nears it, and a lab far
 * below nothing at all); then waits for the timelines' pictures, each drawn in a task of its own.
 */
export const wholeLabs = (page: Page): Promise<unknown> =>
  page.evaluate(async () => {
    const labs = Array.from(document.querySelectorAll('bulkhead-lab'));
    for (const lab of labs) lab.setAttribute('loading', 'eager');
    await Promise.all(labs.map((lab) => (lab as unknown as { updateComplete: unknown }).updateComplete));
    // Then until every lab's picture is drawn, which comes in a turn of its own. (No named function
    // in here: the test's TypeScript compiler would wrap it in a helper the page does not have.)
    for (
      let i = 0;
      i < 10 ||
      (i < 300 &&
        labs.some((lab) => !lab.shadowRoot?.querySelector('tick-timeline')?.shadowRoot?.querySelector('tbody tr')));
      i++
    )
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
  });

/**
 * Opens every closed <details> in the page and in every shadow root, until a round finds none
 * closed after the views the last one opened were fetched and drawn.
 */
export async function openEverything(page: Page): Promise<void> {
  for (let round = 0; round < 10; round++) {
    await page.waitForLoadState('networkidle');
    const opened = await page.evaluate(async () => {
      // Twice: the elements to wait for, then, once drawn, the <details> they hold.
      let all: Element[] = [];
      for (const pass of [0, 1]) {
        all = [];
        const roots: (Document | ShadowRoot)[] = [document];
        for (let root = roots.pop(); root; root = roots.pop())
          for (const el of Array.from(root.querySelectorAll('*'))) {
            all.push(el);
            if (el.shadowRoot) roots.push(el.shadowRoot);
          }
        if (pass === 1) break;
        await Promise.all(all.map((el) => (el as Element & { updateComplete?: unknown }).updateComplete));
        // Each layout, measured in a frame, then drawn in the next.
        for (let i = 0; i < 5; i++)
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
      }
      const closed = all.filter((el) => el instanceof HTMLDetailsElement && !el.open);
      for (const details of closed) (details as HTMLDetailsElement).open = true;
      return closed.length;
    });
    if (opened === 0 && round > 0) return;
  }
  throw new Error('a <details> stays closed');
}

/** Text a reader sees in an element found by a chain of selectors, each inside the previous one's shadow root. */
export const shadowText = (page: Page, ...selectors: string[]): Promise<string> =>
  page.evaluate(async (chain) => {
    let node: Element = document.documentElement;
    for (const selector of chain) {
      const found = (node.shadowRoot ?? node).querySelector(selector);
      if (!found) throw new Error(`nothing matches ${selector} inside <${node.localName}>`);
      node = found;
      // A change a request asked for is drawn a frame after it: read what is drawn once it is.
      await (node as Element & { updateComplete?: Promise<unknown> }).updateComplete;
    }
    return ((node.shadowRoot ?? node).textContent ?? '').replace(/\s+/g, ' ').trim();
  }, selectors);

/**
 * Serves the repository as static files and launches Chromium for the test file that calls this
 * (at its top level); both are closed after its last test.
 */
export function servedRepo(): { readonly url: string; readonly browser: Browser } {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await serveStatic(process.cwd());
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = () => {
    if (!server || !browser) throw new Error('servedRepo(): used before its before() hook ran');
    return { server, browser };
  };
  return {
    get url() {
      return started().server.url;
    },
    get browser() {
      return started().browser;
    },
  };
}
