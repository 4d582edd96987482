/**
 * What tells a lab apart on its page, in the URL hash and in stored notes.
 *
 * - A lab with an `id` uses the id, with any `~` doubled: `fifo`, `a.b`. A later lab with an id an
 *   earlier lab already has (invalid HTML, but it happens) is numbered after it: `fifo~id2`.
 * - A lab without one uses its preset (else `lab`) and its place among the id-less labs with that
 *   preset on the page, in document order: `stalled-dependency~1`, `stalled-dependency~2`. The same
 *   page gives the same keys on every load, whatever order its labs are defined and connected in;
 *   adding, removing or moving labs renumbers the ones after.
 *
 * The page takes in shadow roots: the open ones, and those the lab itself is in. A derived key holds
 * a single `~` before its number (or before `id` and its number), which an escaped id never does, so
 * no id (not even `stalled-dependency~1`) can take a derived key, and no two labs share a key.
 *
 * Nothing keeps a list of labs. A lab reads the page the first time its key is needed and keeps the
 * key; a lab that connects, disconnects, or changes its id or preset says so on its document
 * (`bulkhead-labs-changed`), and each lab that has a key reads the page again, drawing again only if
 * its key changed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { TAGS } from '../tags.js';

type Host = ReactiveControllerHost & HTMLElement;

/** Doubles every `~`, so an escaped id never holds the single `~` that ends a derived key's name. */
const escapeTilde = (text: string) => text.replaceAll('~', '~~');

const baseOf = (lab: Element) => lab.getAttribute('preset') || 'lab';

/**
 * The labs on `lab`'s page in document order, each shadow root's right after its host: through open
 * shadow roots and those `lab` is in, but not into the library's own elements, which hold no labs.
 */
function labsAround(lab: Element): Element[] {
  const ownRoots = new Map<Element, ShadowRoot>();
  for (let root = lab.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode())
    ownRoots.set(root.host, root);
  const labs: Element[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName === 'bulkhead-lab') labs.push(el);
      const inner = ownRoots.get(el) ?? ((TAGS as readonly string[]).includes(el.localName) ? null : el.shadowRoot);
      if (inner) visit(inner);
    }
  };
  visit(lab.ownerDocument);
  return labs;
}

/** `lab`'s key among the labs on its page, and whether an earlier lab has its id. */
function keyOf(lab: Element): { value: string; idTaken: boolean } {
  const same = lab.id
    ? (other: Element) => other.id === lab.id
    : (other: Element) => !other.id && baseOf(other) === baseOf(lab);
  const labs = labsAround(lab).filter(same);
  const place = (labs.includes(lab) ? labs.indexOf(lab) : labs.length) + 1;
  if (!lab.id) return { value: `${escapeTilde(baseOf(lab))}~${place}`, idTaken: false };
  return { value: place === 1 ? escapeTilde(lab.id) : `${escapeTilde(lab.id)}~id${place}`, idTaken: place > 1 };
}

const CHANGED = 'bulkhead-labs-changed';

export class LabKey implements ReactiveController {
  readonly #host: Host;
  #key: { value: string; idTaken: boolean } | null = null;
  /** The document the lab is connected in, which it tells when it comes, goes or changes. */
  #doc: Document | null = null;
  readonly #attributes = new MutationObserver(() => this.#tell());

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  /** The key, worked out the first time it is needed. */
  get value(): string {
    return (this.#key ??= keyOf(this.#host)).value;
  }

  /**
   * Whether an earlier lab on the page has this lab's id, so that its key is numbered. A lab without
   * an id answers without reading the page, as every lab asks this when it first draws.
   */
  get idTaken(): boolean {
    return this.#host.id !== '' && (this.#key ??= keyOf(this.#host)).idTaken;
  }

  hostConnected(): void {
    this.#doc = this.#host.ownerDocument;
    this.#doc.addEventListener(CHANGED, this.#reread);
    this.#attributes.observe(this.#host, { attributes: true, attributeFilter: ['id', 'preset'] });
    this.#tell();
  }

  hostDisconnected(): void {
    this.#doc?.removeEventListener(CHANGED, this.#reread);
    this.#attributes.disconnect();
    this.#tell();
    this.#doc = null;
    this.#key = null;
  }

  /** Tells every lab on this lab's document that the labs there changed (this one hears it too). */
  #tell(): void {
    this.#doc?.dispatchEvent(new Event(CHANGED));
  }

  /** Reads the page again, if this lab has a key, and draws again if the key changed. */
  readonly #reread = (): void => {
    if (!this.#key) return;
    const before = this.#key;
    this.#key = keyOf(this.#host);
    if (this.#key.value !== before.value || this.#key.idTaken !== before.idTaken) this.#host.requestUpdate();
  };
}
