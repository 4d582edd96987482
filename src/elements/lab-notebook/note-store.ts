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

export class NoteStore {
  /** False once storage failed to read or write: the notes then last for this visit only. */
  persistent = true;
  #text = '';

  readonly #storage: () => NoteStorage | null;

  constructor(
    readonly key: string,
    storage: () => NoteStorage | null,
  ) {
    this.#storage = storage;
  }

  load(): string {
    try {
      const store = this.#storage();
      if (!store) throw new Error('no storage');
      this.#text = store.getItem(this.key) ?? this.#text;
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
      this.persistent = true;
    } catch {
      this.persistent = false;
    }
  }

  /**
   * Takes what another tab or window wrote under this key (null: removed) as the current notes, so
   * the next save builds on it instead of writing stale text over it.
   */
  adopt(text: string | null): void {
    this.#text = text ?? '';
  }

  /** What storage holds under this key now, or null when it holds nothing or cannot be read. */
  stored(): string | null {
    try {
      return this.#storage()?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
  }

  get current(): string {
    return this.#text;
  }
}
