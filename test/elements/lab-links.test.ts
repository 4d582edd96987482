// A link to what follows a lazy lab, or into it, keeps its target where the browser took the reader,
// at load and for a link followed later: a long article keeps it at the viewport's top, and one that
// ends a few lines after it (footnotes) keeps it on screen. The lab draws every section before the
// target at once, and its sections keep their declared sizes until then, so nothing above the target
// grows after the jump. Each article is a page of its own in an iframe of a phone's or a laptop's
// size (test/elements/fixtures/article-*.html), loaded with the link in its address or followed later.
import { expect } from '@open-wc/testing';

type Shape = 'long' | 'footnotes' | 'inside' | 'shadow';

const SIZES = [
  [1280, 800],
  [390, 844],
] as const;

interface Opened {
  frame: HTMLIFrameElement;
  win: Window & typeof globalThis;
  target: () => number;
}

/** Frames of `win`, each with a task after it: enough for what a lab draws in turns. */
async function frames(win: Window, n: number) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve)));
}

/** Waits until the lab in `win` has drawn what it draws now, and the frames after that. */
async function settle(win: Window & typeof globalThis, shape: Shape) {
  for (let i = 0; i < 200 && !win.customElements.get('bulkhead-lab'); i++) await frames(win, 1);
  const doc = win.document;
  const lab = (shape === 'shadow' ? doc.querySelector('a-post')!.shadowRoot! : doc).querySelector('bulkhead-lab') as
    (HTMLElement & { updateComplete: Promise<unknown> }) | null;
  expect(lab, 'the lab').to.not.equal(null);
  await frames(win, 10);
  await lab!.updateComplete;
  await frames(win, 10);
  await lab!.updateComplete;
}

async function open(shape: Shape, [width, height]: readonly [number, number], hash = ''): Promise<Opened> {
  const frame = document.createElement('iframe');
  // Fixed at the top of the test page, in its viewport: WebKit pauses the frames of an iframe out of view.
  frame.style.cssText = `position: fixed; top: 0; left: 0; width: ${width}px; height: ${height}px; border: 0`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = `/test/elements/fixtures/article-${shape}.html${hash}`;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  await settle(win, shape);
  return { frame, win, target: () => win.document.getElementById('after')!.getBoundingClientRect().top };
}

/** Where the target must be: at the viewport's top in a long article; on screen where the page ends soon after it. */
function expectPlace(top: number, shape: Shape, height: number, where: string) {
  if (shape === 'footnotes') expect(top, `${where}: on screen`).to.be.within(0, height - 30);
  else expect(Math.abs(top), `${where}: at the top (${Math.round(top)} px)`).to.be.at.most(50);
}

for (const shape of ['long', 'footnotes', 'inside', 'shadow'] as const)
  for (const size of SIZES)
    describe(`a link to the heading ${shape === 'inside' ? 'inside' : 'after'} a lab (${shape}, ${size[0]} px)`, () => {
      it('keeps it in place when the page loads with it', async () => {
        const { frame, win, target } = await open(shape, size, '#after');
        expectPlace(target(), shape, win.innerHeight, 'loaded with the link');
        frame.remove();
      });

      it('keeps it in place for a link followed later', async () => {
        const { frame, win, target } = await open(shape, size);
        win.location.hash = 'after';
        await settle(win, shape);
        expectPlace(target(), shape, win.innerHeight, 'followed later');
        frame.remove();
      });
    });
