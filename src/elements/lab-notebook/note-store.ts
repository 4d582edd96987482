/** Notes kept in localStorage when it works, and in memory for the visit when it does not. */

export interface NoteStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** localStorage itself can throw on access (blocked cookies, sandboxed frames). */
export function browserStorage(): NoteStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** An edit is written once typing pauses this long… */
export const SAVE_PAUSE_MS = 500;
/** …or at the latest this long after the first edit not yet written. */
export const SAVE_AT_LEAST_EVERY_MS = 3000;

export class NoteStore {
  /** False once storage failed to read or write: the notes then last for this visit only. */
  persistent = true;
  #text = '';
  /** What storage held under the key when last read or written here. */
  #written: string | null = null;
  /** The write waiting for a pause in typing, and when the first edit it holds was made. */
  #waiting: { timer: ReturnType<typeof setTimeout>; since: number } | null = null;

  readonly #storage: () => NoteStorage | null;
  readonly #onWritten: () => void;

  constructor(
    readonly key: string,
    storage: () => NoteStorage | null,
    onWritten: () => void = () => {},
  ) {
    this.#storage = storage;
    this.#onWritten = onWritten;
  }

  /**
   * Takes the reader's text at once, and writes it to storage when typing pauses (or every few
   * seconds of typing): writing a long text on every key press would make each key press slow.
   * `flush` writes it before the page goes away.
   */
  edit(text: string): void {
    this.#text = text;
    const since = this.#waiting?.since ?? Date.now();
    if (this.#waiting) clearTimeout(this.#waiting.timer);
    const wait = Math.max(0, Math.min(SAVE_PAUSE_MS, since + SAVE_AT_LEAST_EVERY_MS - Date.now()));
    this.#waiting = { timer: setTimeout(() => this.flush(), wait), since };
  }

  /** Writes an edit not written yet, at once (when the page is hidden or left, or the notebook removed). */
  flush(): void {
    if (!this.#waiting) return;
    clearTimeout(this.#waiting.timer);
    this.#waiting = null;
    this.save(this.#text);
    this.#onWritten();
  }

  load(): string {
    try {
      const store = this.#storage();
      if (!store) throw new Error('no storage');
      this.#written = store.getItem(this.key);
      this.#text = this.#written ?? this.#text;
    } catch {
      this.persistent = false;
    }
    return this.#text;
  }

  /** Keeps the text for the visit in any case, and in storage when that works (see `persistent`). */
  save(text: string): void {
    this.#text = text;
    try {
      const store = this.#storage();
      if (!store) throw new Error('no storage');
      store.setItem(this.key, text);
      this.#written = text;
      this.persistent = true;
    } catch {
      this.persistent = false;
    }
  }

  /**
   * Takes what another tab or window wrote under this key as the current notes, so the next save
   * builds on it instead of writing stale text over it.
   */
  adopt(text: string): void {
    if (this.#waiting) clearTimeout(this.#waiting.timer);
    this.#waiting = null;
    this.#text = text;
    this.#written = text;
  }

  /** Whether notes written to storage are gone from it (cleared or removed since, by anyone). */
  get lost(): boolean {
    if (!this.#written) return false;
    try {
      return this.#storage()?.getItem(this.key) === null;
    } catch {
      return false;
    }
  }

  get current(): string {
    return this.#text;
  }
}
