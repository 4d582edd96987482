// The notebook on its own: notes that storage loses under it (a key removed in another tab,
// storage cleared by the page itself), and what its exported Markdown never turns into a link.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/lab-notebook/define.js';
import type { LabNotebook } from '../../src/elements/lab-notebook/lab-notebook.js';
import { deep, settled, textOf, typeText } from '../helpers/ui.js';

const box = (book: LabNotebook) => deep<HTMLTextAreaElement>(book, 'textarea');
const pagehide = () => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
const KEPT = 'Kept in this browser';

async function mount(key: string): Promise<LabNotebook> {
  const book = await fixture<LabNotebook>(html`<lab-notebook key=${key}></lab-notebook>`);
  await settled(book);
  localStorage.removeItem(book.storageKey);
  after(() => localStorage.removeItem(book.storageKey));
  return book;
}

/** Types `text` into the notes box and writes it at once, as leaving the page does. */
async function typeAndKeep(book: LabNotebook, text: string) {
  box(book).focus();
  await typeText(text);
  pagehide();
  await settled(book);
  expect(localStorage.getItem(book.storageKey)).to.equal(box(book).value);
}

describe('lab-notebook: notes storage loses under it', () => {
  it('keeps the notes when another tab removes their key, says so, and the next edit saves them', async () => {
    const book = await mount('removed-elsewhere');
    await typeAndKeep(book, 'B waits');
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="another tab"></iframe>`);
    const heard = oneEvent(window, 'storage');
    frame.contentWindow!.localStorage.removeItem(book.storageKey);
    expect(((await heard) as unknown as StorageEvent).newValue).to.equal(null);
    await settled(book);
    expect(box(book).value).to.equal('B waits');
    expect(textOf(book)).to.contain('Storage was cleared in another tab or window');
    expect(textOf(book)).not.to.contain('changed in another tab');
    expect(textOf(book)).not.to.contain(KEPT);

    box(book).focus();
    await typeText('!');
    pagehide();
    await settled(book);
    expect(localStorage.getItem(book.storageKey)).to.equal('B waits!');
    expect(textOf(book)).not.to.contain('Storage was cleared');
    expect(textOf(book)).to.contain(KEPT);
  });

  it('notices storage cleared by the page itself when the reader comes back to the notes', async () => {
    const book = await mount('cleared-here');
    await typeAndKeep(book, 'noted');
    box(book).blur();
    localStorage.clear(); // a script on this page: no storage event here
    await settled(book);
    box(book).focus();
    await settled(book);
    expect(box(book).value).to.equal('noted');
    expect(textOf(book)).to.contain('These notes are no longer stored in this browser');
    expect(textOf(book)).not.to.contain(KEPT);

    await typeText('!');
    pagehide();
    await settled(book);
    expect(localStorage.getItem(book.storageKey)).to.equal('noted!');
    expect(textOf(book)).not.to.contain('no longer stored');
    expect(textOf(book)).to.contain(KEPT);
  });

  it('notices storage cleared by the page itself when the page is shown or hidden again', async () => {
    const book = await mount('cleared-while-away');
    await typeAndKeep(book, 'kept?');
    localStorage.removeItem(book.storageKey);
    document.dispatchEvent(new Event('visibilitychange'));
    await settled(book);
    expect(textOf(book)).to.contain('These notes are no longer stored in this browser');
    expect(box(book).value).to.equal('kept?');
  });

  it('says nothing of notes not written yet, or of an empty box', async () => {
    const book = await mount('not-yet');
    box(book).focus();
    await settled(book);
    expect(textOf(book)).to.contain(KEPT);
    await typeText('a');
    box(book).blur();
    box(book).focus(); // typed half a second ago at most: not written yet, and nothing was lost
    await settled(book);
    expect(textOf(book)).not.to.contain('no longer stored');
  });
});

describe('lab-notebook: exported Markdown', () => {
  it('never turns an address, a www name or an email address in the heading into a link', async () => {
    const book = await fixture<LabNotebook>(
      html`<lab-notebook key="links" heading="See https://example.com/a, HTTP://x.y, www.example.com or me@example.com"></lab-notebook>`,
    );
    await settled(book);
    const first = book.exportText(new Date(0)).split('\n')[0]!;
    expect(first).to.equal('# Notes: See https\\://example.com/a, HTTP\\://x.y, www\\.example.com or me\\@example.com');
    // What GitHub-style Markdown links without brackets: a scheme and `//`, `www.`, `name@host`.
    expect(first).not.to.match(/[a-z]:\/\/|www\.|\w@/i);
  });
});
