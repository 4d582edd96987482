// Which lab owns which notes and permalink entries: labs without an id, ids that look like
// another lab's key, notes changed in another tab, and URLs and attributes in the exported Markdown.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { BulkheadLab } from '../../src/elements/bulkhead-lab/bulkhead-lab.js';
import { notesMarkdown, type Snapshot } from '../../src/elements/lab-notebook/export.js';
import type { LabNotebook } from '../../src/elements/lab-notebook/lab-notebook.js';
import { readPermalink, writePermalink } from '../../src/scenario/permalink.js';
import { DEFAULT_CONFIG, type LabConfig } from '../../src/sim/index.js';
import { buttonByLabel, choose, deep, settled, textOf, typeText } from '../helpers/ui.js';

const notebook = (lab: BulkheadLab) => deep<LabNotebook>(lab, 'lab-notebook');
const notesBox = (lab: BulkheadLab) => deep<HTMLTextAreaElement>(lab, 'lab-notebook', 'textarea');
const hashParams = () => new URLSearchParams(location.hash.slice(1));

async function typeNotes(lab: BulkheadLab, text: string) {
  notesBox(lab).focus();
  await typeText(text);
  await settled(lab);
}

/** Mounts `markup` inside a fresh container and returns its labs in document order, rendered. */
async function mountLabs(markup: ReturnType<typeof html>): Promise<BulkheadLab[]> {
  const page = await fixture<HTMLElement>(html`<div>${markup}</div>`);
  const labs = [...page.querySelectorAll('bulkhead-lab')] as BulkheadLab[];
  for (const lab of labs) await settled(lab);
  return labs;
}

afterEach(() => {
  localStorage.clear();
  history.replaceState(null, '', location.pathname + location.search);
});

describe('labs without an id', () => {
  it('read the page for their key only when a section needs it, not when they first draw', async () => {
    // Reading the page walks every element in it and in its open shadow roots: on a long article at
    // a phone's speed, that was a tenth of a lab's upgrade.
    const walk = Document.prototype.querySelectorAll;
    let walks = 0;
    Document.prototype.querySelectorAll = function (this: Document, selector: string) {
      if (selector === '*') walks++;
      return walk.call(this, selector);
    };
    try {
      const [lab] = await mountLabs(html`<bulkhead-lab preset="stalled-dependency"></bulkhead-lab>`);
      expect(lab!.shadowRoot!.querySelector('header'), 'drawn').to.not.equal(null);
      expect(walks).to.equal(0);
    } finally {
      Document.prototype.querySelectorAll = walk;
    }
  });

  const twoSame = () => html`
    <bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>
    <bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`;

  it('keep separate notes with the same preset, and each gets its own back when re-created', async () => {
    let [one, two] = await mountLabs(twoSame());
    expect(notebook(one!).key).not.to.equal(notebook(two!).key);
    await typeNotes(one!, 'first lab');
    expect(notesBox(two!).value).to.equal('');
    await typeNotes(two!, 'second lab');
    expect(notesBox(one!).value).to.equal('first lab');

    one!.parentElement!.remove();
    [one, two] = await mountLabs(twoSame());
    expect(notesBox(one!).value).to.equal('first lab');
    expect(notesBox(two!).value).to.equal('second lab');
  });

  it('keep separate permalink entries with the same preset', async () => {
    let [one, two] = await mountLabs(html`
      <bulkhead-lab loading="eager" preset="stalled-dependency" permalink></bulkhead-lab>
      <bulkhead-lab loading="eager" preset="stalled-dependency" permalink></bulkhead-lab>`);
    choose(deep<HTMLSelectElement>(one!, 'lab-controls', '#policy'), 'borrowing');
    await settled(one!);
    choose(deep<HTMLSelectElement>(two!, 'lab-controls', '#policy'), 'strict-partitions');
    await settled(two!);
    expect(one!.config.policy).to.equal('borrowing');
    one!.parentElement!.remove();
    [one, two] = await mountLabs(html`
      <bulkhead-lab loading="eager" preset="stalled-dependency" permalink></bulkhead-lab>
      <bulkhead-lab loading="eager" preset="stalled-dependency" permalink></bulkhead-lab>`);
    expect(one!.config.policy).to.equal('borrowing');
    expect(two!.config.policy).to.equal('strict-partitions');
  });

  it('never take the key of a lab whose id is the preset or looks like a derived key', async () => {
    const labs = await mountLabs(html`
      <bulkhead-lab loading="eager" id="stalled-dependency" preset="stalled-dependency"></bulkhead-lab>
      <bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>
      <bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>
      <bulkhead-lab loading="eager" id="stalled-dependency~1"></bulkhead-lab>
      <bulkhead-lab loading="eager" id="stalled-dependency~2"></bulkhead-lab>
      <bulkhead-lab loading="eager" id="lab"></bulkhead-lab>
      <bulkhead-lab loading="eager"></bulkhead-lab>`);
    const keys = labs.map((lab) => notebook(lab).storageKey);
    expect(new Set(keys).size).to.equal(labs.length);
    await typeNotes(labs[1]!, 'derived');
    for (const lab of labs) if (lab !== labs[1]) expect(notesBox(lab).value).to.equal('');
  });

  it('keep separate notes in different shadow roots of one page', async () => {
    const page = await fixture<HTMLElement>(html`<div><div></div><div></div></div>`);
    const labs = [...page.children].map((host) => {
      const lab = document.createElement('bulkhead-lab');
      lab.setAttribute('loading', 'eager');
      lab.setAttribute('preset', 'slow-vs-dead');
      host.attachShadow({ mode: 'open' }).append(lab);
      return lab;
    });
    for (const lab of labs) await settled(lab);
    expect(notebook(labs[0]!).storageKey).not.to.equal(notebook(labs[1]!).storageKey);
    await typeNotes(labs[0]!, 'inside the first host');
    expect(notesBox(labs[1]!).value).to.equal('');
  });

  it('keep their keys when a later lab comes and goes, and take new ones when an earlier lab does', async () => {
    const [one, two] = await mountLabs(twoSame());
    const keyOne = notebook(one!).key;
    const keyTwo = notebook(two!).key;
    const later = document.createElement('bulkhead-lab');
    later.setAttribute('loading', 'eager');
    later.setAttribute('preset', 'stalled-dependency');
    two!.after(later);
    await settled(later);
    expect([notebook(one!).key, notebook(two!).key]).to.deep.equal([keyOne, keyTwo]);
    expect(notebook(later).key).not.to.be.oneOf([keyOne, keyTwo]);
    later.remove();

    const earlier = document.createElement('bulkhead-lab');
    earlier.setAttribute('loading', 'eager');
    earlier.setAttribute('preset', 'stalled-dependency');
    one!.before(earlier);
    await settled(earlier);
    await settled(one!);
    await settled(two!);
    const keys = [earlier, one!, two!].map((lab) => notebook(lab).key);
    expect(new Set(keys).size).to.equal(3);
    expect(keys[0]).to.equal(keyOne);
  });
});

describe('keys worked out from the page', () => {
  const lab = () => {
    const el = document.createElement('bulkhead-lab');
    el.setAttribute('loading', 'eager');
    el.setAttribute('preset', 'stalled-dependency');
    return el;
  };

  it('follow a change of id or preset of an earlier lab', async () => {
    const [one, two] = await mountLabs(html`
      <bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>
      <bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`);
    expect(notebook(two!).key).to.equal('stalled-dependency~2');
    one!.id = 'first';
    await waitUntil(() => notebook(two!).key === 'stalled-dependency~1', 'the second lab takes the freed key');
    one!.removeAttribute('id');
    one!.setAttribute('preset', 'slow-vs-dead');
    await settled(one!);
    await settled(two!);
    expect([notebook(one!).key, notebook(two!).key]).to.deep.equal(['slow-vs-dead~1', 'stalled-dependency~1']);
  });

  it('leave a lab undrawn when another lab comes or goes and its own key stays', async () => {
    const [one] = await mountLabs(html`<bulkhead-lab loading="eager" preset="stalled-dependency"></bulkhead-lab>`);
    let drawn = 0;
    const render = (one as unknown as { render(): unknown }).render.bind(one);
    (one as unknown as { render(): unknown }).render = () => {
      drawn++;
      return render();
    };
    const later = lab();
    one!.after(later);
    await settled(later);
    later.remove();
    await settled(one!);
    expect(drawn, 'drawings of the first lab').to.equal(0);
    expect(notebook(one!).key).to.equal('stalled-dependency~1');
  });
});

describe('permalink keys of labs whose ids share a prefix', () => {
  const pair = () => html`
    <bulkhead-lab loading="eager" id="a" permalink></bulkhead-lab>
    <bulkhead-lab loading="eager" id="a.b" permalink></bulkhead-lab>`;

  it('restore each lab from its own entries only', async () => {
    history.replaceState(null, '', '#a.policy=borrowing&a.b.slots=3&a.b.tick=4');
    const [a, ab] = await mountLabs(pair());
    expect(a!.config).to.include({ policy: 'borrowing', slots: DEFAULT_CONFIG.slots });
    expect(a!.tick).to.equal(0);
    expect(ab!.config).to.include({ policy: DEFAULT_CONFIG.policy, slots: 3 });
    expect(ab!.tick).to.equal(4);
  });

  it('never let a change in one leak into the other, either way', async () => {
    history.replaceState(null, '', '#a.b.slots=3');
    const [a, ab] = await mountLabs(pair());
    choose(deep<HTMLSelectElement>(a!, 'lab-controls', '#policy'), 'strict-partitions');
    await settled(a!);
    expect(hashParams().get('a.b.slots')).to.equal('3');
    expect(hashParams().get('a.policy')).to.equal('strict-partitions');
    expect(ab!.config.policy).to.equal(DEFAULT_CONFIG.policy);

    choose(deep<HTMLSelectElement>(ab!, 'lab-controls', '#policy'), 'borrowing');
    await settled(ab!);
    expect(hashParams().get('a.policy')).to.equal('strict-partitions');
    expect(hashParams().get('a.b.policy')).to.equal('borrowing');
    expect(a!.config.policy).to.equal('strict-partitions');

    const hash = location.hash;
    a!.parentElement!.remove();
    const [a2, ab2] = await mountLabs(pair());
    expect(location.hash).to.equal(hash);
    expect(a2!.config).to.include({ policy: 'strict-partitions', slots: DEFAULT_CONFIG.slots });
    expect(ab2!.config).to.include({ policy: 'borrowing', slots: 3 });
  });

  it('read and write only their own keys, for ids with dots, tildes and URL syntax', () => {
    const ids = ['a', 'a.b', 'a.b.c', 'a.policy', 'a.tick', 'x&y=z', 'p#q', 'sp ace', '~', 'a~1', ''];
    let hash = '';
    ids.forEach((id, i) => {
      const config: LabConfig = { ...DEFAULT_CONFIG, slots: (i % 8) + 1 };
      hash = writePermalink(hash, id, config, DEFAULT_CONFIG, i + 1);
    });
    ids.forEach((id, i) => {
      const { changes, tick } = readPermalink(hash, id, DEFAULT_CONFIG);
      expect(tick, `tick of ${JSON.stringify(id)}`).to.equal(i + 1);
      if ((i % 8) + 1 !== DEFAULT_CONFIG.slots)
        expect(changes, `changes of ${JSON.stringify(id)}`).to.deep.equal({ slots: (i % 8) + 1 });
    });
    // Rewriting one lab leaves every other lab's entries as they were.
    const rewritten = writePermalink(hash, 'a', DEFAULT_CONFIG, DEFAULT_CONFIG, 0);
    ids.slice(1).forEach((id, i) => {
      expect(readPermalink(rewritten, id, DEFAULT_CONFIG).tick, `tick of ${JSON.stringify(id)}`).to.equal(i + 2);
    });
    expect(readPermalink(rewritten, 'a', DEFAULT_CONFIG).tick).to.equal(null);
  });
});

describe('notes changed in another tab', () => {
  const mountOne = async () =>
    (await mountLabs(html`<bulkhead-lab loading="eager" id="t1" preset="stalled-dependency"></bulkhead-lab>`))[0]!;
  const fromElsewhere = (key: string | null, newValue: string | null, storageArea: Storage | null = localStorage) =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea }));

  it("shows the other tab's text, says so, and builds on it when typing on", async () => {
    const lab = await mountOne();
    const book = notebook(lab);
    await typeNotes(lab, 'mine');
    localStorage.setItem(book.storageKey, 'theirs, written later');
    fromElsewhere(book.storageKey, 'theirs, written later');
    await settled(lab);
    expect(notesBox(lab).value).to.equal('theirs, written later');
    expect(textOf(book)).to.contain('changed in another tab');
    fromElsewhere(book.storageKey, 'theirs, written later, and on');
    await settled(lab);
    expect(notesBox(lab).value).to.equal('theirs, written later, and on');
    fromElsewhere(book.storageKey, 'theirs, written later');
    await settled(lab);
    expect(book.exportText()).to.contain('theirs, written later');
    expect(book.exportText()).not.to.contain('mine');

    // The box still has focus: typing goes on from the new text, and nothing stale is written back.
    await sendKeys({ type: '!' });
    await settled(lab);
    await waitUntil(() => localStorage.getItem(book.storageKey) === 'theirs, written later!', 'the edit is written');
    expect(textOf(book)).not.to.contain('changed in another tab');
  });

  it('follows a real storage event from another document of this origin', async () => {
    const lab = await mountOne();
    const book = notebook(lab);
    await typeNotes(lab, 'before');
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="another tab"></iframe>`);
    const heard = oneEvent(window, 'storage');
    frame.contentWindow!.localStorage.setItem(book.storageKey, 'from the other document');
    const event = (await heard) as unknown as StorageEvent;
    expect(event.key).to.equal(book.storageKey);
    await settled(lab);
    expect(notesBox(lab).value).to.equal('from the other document');
  });

  it('keeps notes when storage is cleared elsewhere, and ignores other keys and other storage areas', async () => {
    const lab = await mountOne();
    const book = notebook(lab);
    await typeNotes(lab, 'kept');
    fromElsewhere(`${book.storageKey}x`, 'not mine');
    fromElsewhere(book.storageKey, 'session, not local', sessionStorage);
    await settled(lab);
    expect(notesBox(lab).value).to.equal('kept');
    localStorage.clear();
    fromElsewhere(null, null);
    await settled(lab);
    expect(notesBox(lab).value).to.equal('kept');
    expect(textOf(book)).to.contain('Storage was cleared in another tab or window');
  });

  it('stops listening once disconnected', async () => {
    const lab = await mountOne();
    const book = notebook(lab);
    await typeNotes(lab, 'before');
    lab.remove();
    fromElsewhere(book.storageKey, 'after');
    expect(book.exportText()).to.contain('before');
    expect(book.exportText()).not.to.contain('after');
  });
});

describe('exported Markdown', () => {
  const metrics = {
    offered: 4,
    completed: 1,
    failed: 0,
    timedOutWaiting: 3,
    timedOutRunning: 0,
    rejected: 0,
    waiting: 0,
    running: 0,
    retrying: 0,
    runningBorrowed: 0,
    attempts: 4,
    retries: 0,
    amplification: 1,
    completionRate: 0.25,
    p95: 1,
    required: 4,
    gate: 'fail',
  } as const;
  const snapshot = (config: Partial<Record<keyof LabConfig, unknown>> = {}): Snapshot => ({
    config: { ...DEFAULT_CONFIG, ...config } as LabConfig,
    results: { A: { ...metrics }, B: { ...metrics } },
  });
  const exportWith = (url: string, heading = 'Lab', current = snapshot()) =>
    notesMarkdown({ heading, notes: 'n', current, baseline: null, date: new Date(0), url });
  const exportedLine = (text: string) => text.split('\n').find((line) => line.startsWith('Exported'))!;
  const HOSTILE = ')](javascript:alert(1))[x](<b>`code`\n\n# injected\n| a | b |\u2028';

  it('writes a web address as one autolink with nothing in it that ends or breaks it', () => {
    const text = exportWith(`https://example.com/p?q=${HOSTILE}#f${HOSTILE}`);
    const line = exportedLine(text);
    const link = /^Exported 1970-01-01T00:00:00\.000Z from <(https:\/\/example\.com\/p\?[^<>\s`()[\]|\\]+)>\.$/.exec(
      line,
    );
    expect(link, line).to.not.equal(null);
    expect(decodeURIComponent(link![1]!.split('#')[0]!)).to.contain(')](javascript:alert(1))[x](<b>`code`');
    expect(text).not.to.match(/^# injected/m);
    expect(text.split('\n').filter((l) => l.startsWith('# '))).to.have.length(1);
  });

  it('never links a javascript: or other non-web address, and keeps it on one line', () => {
    for (const url of [`javascript:alert(1)//${HOSTILE}`, `data:text/html,${HOSTILE}`, `not a url ${HOSTILE}`]) {
      const text = exportWith(url);
      const line = exportedLine(text);
      expect(line, line).to.match(/^Exported \S+ from `[^`<>\s]+`\.$/);
      expect(text).not.to.contain('](');
      expect(text).not.to.match(/^# injected/m);
    }
  });

  it('escapes the heading and table cells', () => {
    const text = exportWith(
      'https://example.com/',
      'A [link](javascript:x) <b>bold</b> *em* | pipe\n# second',
      snapshot({ policy: 'shared|fifo\n| injected | row |', slots: '`3`' }),
    );
    const lines = text.split('\n');
    expect(lines[0]).to.equal('# Notes: A \\[link\\](javascript:x) \\<b\\>bold\\</b\\> \\*em\\* \\| pipe \\# second');
    expect(lines).to.include('| Scheduling policy | shared\\|fifo \\| injected \\| row \\| |');
    expect(lines).to.include('| Total resources | \\`3\\` |');
    expect(lines.filter((l) => l.startsWith('#')).every((l) => /^#{1,2} /.test(l))).to.equal(true);
    for (const row of lines.filter((l) => l.startsWith('|'))) {
      const unescapedPipes = row.match(/(?<!\\)\|/g)!.length;
      expect(unescapedPipes, row).to.be.oneOf([3, 11]);
    }
  });

  it('escapes the page address and the heading in the file Export notes downloads', async () => {
    history.replaceState(null, '', `#x)](javascript:alert(1))<b>\`c\`|`);
    const [lab] = await mountLabs(
      html`<bulkhead-lab loading="eager" id="e1" heading="Mine | [yours](javascript:y)"></bulkhead-lab>`,
    );
    const blobs: Blob[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return create.call(URL, blob);
    };
    try {
      buttonByLabel(notebook(lab!), 'Export notes')!.click();
    } finally {
      URL.createObjectURL = create;
    }
    const text = await blobs[0]!.text();
    expect(text.split('\n')[0]).to.equal('# Notes: Mine \\| \\[yours\\](javascript:y)');
    const line = exportedLine(text);
    expect(line).to.match(/ from <http:\/\/[^<>\s`()[\]|]+>\.$/);
    expect(line).to.contain('#x%29%5D%28javascript:alert%281%29%29%3Cb%3E%60c%60%7C>.');
  });
});
