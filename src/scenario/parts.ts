/**
 * Parts of an element that come in a file of their own (in the per-element build: a view the lab
 * draws later, the guided steps, the stories of requests, the words of notices, German): fetched
 * once, and when the fetch fails, said so where the part would be (`failedText`, notices.ts). A part
 * that failed is fetched again the next time something asks for it, such as the reader opening its
 * section again.
 */
export class Part<T> {
  /** The part, once it has come. */
  value: T | undefined;
  /** The file that could not be loaded, while the last fetch failed. */
  failed: string | null = null;
  #loading: Promise<T | undefined> | null = null;

  /**
   * `fetch` loads it. A failed `import()` in the built files names its file (see `partNames` in
   * rollup.config.mjs), as not every engine's message does; else `name` is said.
   */
  constructor(
    private readonly fetch: () => Promise<T>,
    private readonly name: string,
  ) {}

  /** Fetches it, unless it is here or on its way; never rejects: a failure is in `failed`. */
  load(): Promise<T | undefined> {
    return (this.#loading ??= this.fetch().then(
      (value) => {
        this.failed = null;
        return (this.value = value);
      },
      (error: { file?: string } | null) => {
        this.#loading = null; // asked again, it fetches again
        this.failed = error?.file ?? this.name;
        return undefined;
      },
    ));
  }
}
