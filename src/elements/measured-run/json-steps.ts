/**
 * JSON.parse in steps: a large result file is parsed a piece at a time, so the page's main thread
 * is never held for long (run the steps with `inSlices`). It reads the text as the pieces it came
 * in, never joined into one string, which alone would hold the thread for a 50 MB file. The value
 * is what JSON.parse gives, a key named `__proto__` included, except that a string longer than
 * `longest` keeps only its first `longest` characters and an ellipsis; text JSON.parse refuses
 * throws a SyntaxError.
 */

/** Values parsed between two steps; each is cheap, or a long string read in pieces of its own. */
const VALUES_PER_STEP = 1024;
/** Characters of one string read per step: a 30 MB label takes a few hundred steps, not one. */
const STRING_PIECE = 65_536;
/** The longest escape, `\u0000`: a piece of text that ends in the middle of one needs the next. */
const LONGEST_ESCAPE = 6;

type Container = Record<string, unknown> | unknown[];

/** What one turn of a string's loop costs, in characters: a string of many escapes yields as often. */
const STRING_TURN = 64;
/** The character each one-letter escape stands for. */
const ESCAPED: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const QUOTE = 34;
const BACKSLASH = 92;
const WORDS = [
  ['true', true],
  ['false', false],
  ['null', null],
] as const;

export function* jsonSteps(pieces: readonly string[], longest = Infinity): Generator<void, unknown> {
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const numberLike = /[-+.0-9eE]*/y;
  // Characters a string may hold as they are, and an escape.
  // eslint-disable-next-line no-control-regex -- JSON refuses these characters in a string as they are
  const plain = /[^"\\\u0000-\u001f]*/y;
  const escape = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
  // A backslash or a control character: a string holding one is read the careful way.
  // eslint-disable-next-line no-control-regex -- JSON refuses these characters in a string as they are
  const special = /[\\\u0000-\u001f]/;
  const source = pieces[Symbol.iterator]();
  /** The text not read yet, from `at`; `before` characters of the file came before it. */
  let text = '';
  let at = 0;
  let before = 0;

  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${before + at} of the JSON`);
  };
  /** Takes in the next piece of the file; false at its end. */
  const more = (): boolean => {
    const next = source.next();
    if (next.done) return false;
    before += at;
    text = text.slice(at) + next.value;
    at = 0;
    return true;
  };
  /** Whether `count` characters are there to read, taking in pieces as needed. */
  const has = (count: number): boolean => {
    while (text.length - at < count) if (!more()) return false;
    return true;
  };
  const skip = () => {
    do {
      for (let c = text.charCodeAt(at); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++at));
    } while (at === text.length && more());
  };
  const expect = (char: string) => {
    skip();
    if (text[at] !== char) fail(`expected ${char}`);
    at++;
  };
  /** A string's first `most` characters, and an ellipsis when it has more. */
  const kept = (value: string, length: number, most: number) => (length > most ? `${value.slice(0, most)}…` : value);

  /**
   * The string starting at the quote under `at` if it is short, has no escapes and ends in this
   * piece, as most do; cut at `most` characters (keys are not cut).
   */
  const plainString = (most = longest): string | undefined => {
    const end = text.indexOf('"', at + 1);
    if (end < 0 || end - at > STRING_PIECE) return undefined;
    const raw = text.slice(at + 1, end);
    if (special.test(raw)) return undefined;
    at = end + 1;
    return kept(raw, raw.length, most);
  };

  /** Any string starting at the quote under `at`, read a piece per step, cut at `most` characters. */
  function* string(most = longest): Generator<void, string> {
    at++;
    let value = '';
    let length = 0;
    let sinceStep = 0;
    // Past `most`, only the length counts: a huge string is never put together.
    const add = (read: string) => {
      if (length <= most) value += read;
      length += read.length;
    };
    for (;;) {
      // Characters as they are, at most a piece of them: a plain class, which every engine's
      // regular expressions run fast (a counted group of alternatives took WebKit 250 ms a piece).
      const piece = text.slice(at, at + STRING_PIECE);
      plain.lastIndex = 0;
      plain.test(piece);
      add(piece.slice(0, plain.lastIndex));
      at += plain.lastIndex;
      sinceStep += plain.lastIndex + STRING_TURN;
      const char = text.charCodeAt(at);
      if (char === QUOTE) {
        at++;
        return kept(value, length, most);
      }
      if (char === BACKSLASH) {
        has(LONGEST_ESCAPE); // an escape the next piece of the file completes
        escape.lastIndex = at;
        const found = escape.exec(text);
        if (!found) fail('an escape JSON does not allow');
        const [written] = found!;
        add(written.length === 6 ? String.fromCharCode(parseInt(written.slice(2), 16)) : ESCAPED[written[1]!]!);
        at += written.length;
      } else if (at === text.length) {
        if (!more()) fail('an unterminated string');
      } else if (plain.lastIndex < STRING_PIECE) fail('a character JSON does not allow in a string');
      if (sinceStep >= STRING_PIECE) {
        sinceStep = 0;
        yield;
      }
    }
  }

  /** Steps to the quote of the next key. */
  const toKey = () => {
    skip();
    if (text.charCodeAt(at) !== QUOTE) fail('expected a key');
  };

  const put = (container: Container, name: string | null, value: unknown) => {
    if (Array.isArray(container)) container.push(value);
    // Assigning __proto__ would set the prototype; JSON.parse makes it a property like any other.
    else if (name === '__proto__')
      Object.defineProperty(container, name, { value, writable: true, enumerable: true, configurable: true });
    else container[name!] = value;
  };

  const open: Container[] = [];
  const names: (string | null)[] = [];
  let parsed = 0;
  for (;;) {
    skip();
    let value: unknown;
    const char = text[at];
    if (char === '{' || char === '[') {
      at++;
      skip();
      const container: Container = char === '{' ? {} : [];
      if (text[at] === (char === '{' ? '}' : ']')) {
        at++;
        value = container;
      } else {
        open.push(container);
        if (char === '[') names.push(null);
        else {
          toKey();
          names.push(plainString(Infinity) ?? (yield* string(Infinity)));
          expect(':');
        }
        continue;
      }
    } else if (char === '"') value = plainString() ?? (yield* string());
    else if (char === 't' || char === 'f' || char === 'n') {
      const found = WORDS.find(([name]) => has(name.length) && text.startsWith(name, at));
      if (!found) fail('unexpected character');
      value = found![1];
      at += found![0].length;
    } else {
      // A number that reaches the end of the text taken in may go on in the next piece.
      do numberLike.lastIndex = at;
      while (numberLike.test(text) && numberLike.lastIndex === text.length && more());
      number.lastIndex = at;
      const found = number.exec(text);
      if (!found) fail(at < text.length ? 'unexpected character' : 'unexpected end');
      value = Number(found![0]);
      at += found![0].length;
    }
    // Put the value in its container; close every container that ends after it.
    for (;;) {
      const container = open.at(-1);
      if (!container) {
        skip();
        if (at < text.length) fail('unexpected text after the value');
        return value;
      }
      put(container, names.at(-1)!, value);
      skip();
      if (text[at] === ',') {
        at++;
        if (!Array.isArray(container)) {
          toKey();
          names[names.length - 1] = plainString(Infinity) ?? (yield* string(Infinity));
          expect(':');
        }
        break;
      }
      if (text[at] !== (Array.isArray(container) ? ']' : '}')) fail('expected , or the end of the list');
      at++;
      open.pop();
      names.pop();
      value = container;
    }
    if (++parsed % VALUES_PER_STEP === 0) yield;
  }
}
