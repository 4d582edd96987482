/**
 * JSON.parse in steps: a large result file is parsed a piece at a time, so the page's main thread
 * is never held for long (run the steps with `inSlices`). The value is what JSON.parse gives, a
 * key named `__proto__` included, and text JSON.parse refuses throws a SyntaxError.
 */

/** Values parsed between two steps; each is cheap, or a long string read in pieces of its own. */
const VALUES_PER_STEP = 1024;
/** Characters of one string read per step: a 30 MB label takes a few dozen steps, not one. */
const STRING_PIECE = 65_536;

type Container = Record<string, unknown> | unknown[];

const QUOTE = 34;

export function* jsonSteps(text: string): Generator<void, unknown> {
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  // Characters a string may hold as they are, and its escapes, up to a piece's length.
  const piece = new RegExp(`(?:[^"\\\\\\u0000-\\u001f]|\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4})){0,${STRING_PIECE}}`, 'y');
  // A backslash or a control character: a string holding one is read the careful way.
  // eslint-disable-next-line no-control-regex -- JSON refuses these characters in a string as they are
  const special = /[\\\u0000-\u001f]/;
  let at = 0;

  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${at} of the JSON`);
  };
  const skip = () => {
    for (let c = text.charCodeAt(at); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++at));
  };
  const expect = (char: string) => {
    skip();
    if (text[at] !== char) fail(`expected ${char}`);
    at++;
  };

  /** The string starting at the quote under `at` if it is short and has no escapes, as most are. */
  const plainString = (): string | undefined => {
    const end = text.indexOf('"', at + 1);
    if (end < 0 || end - at > STRING_PIECE) return undefined;
    const raw = text.slice(at + 1, end);
    if (special.test(raw)) return undefined;
    at = end + 1;
    return raw;
  };

  /** Any string starting at the quote under `at`, read a piece per step. */
  function* string(): Generator<void, string> {
    at++;
    let value = '';
    for (;;) {
      const start = at;
      piece.lastIndex = start;
      piece.test(text);
      at = piece.lastIndex;
      const raw = text.slice(start, at);
      value += raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      if (text.charCodeAt(at) === QUOTE) {
        at++;
        return value;
      }
      // A piece stops short of its length only before a character no string may hold as it is.
      if (at === start)
        fail(at < text.length ? 'a character JSON does not allow in a string' : 'an unterminated string');
      yield;
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
          names.push(plainString() ?? (yield* string()));
          expect(':');
        }
        continue;
      }
    } else if (char === '"') value = plainString() ?? (yield* string());
    else if (text.startsWith('true', at)) [value, at] = [true, at + 4];
    else if (text.startsWith('false', at)) [value, at] = [false, at + 5];
    else if (text.startsWith('null', at)) [value, at] = [null, at + 4];
    else {
      number.lastIndex = at;
      const found = number.exec(text);
      if (!found) fail(at < text.length ? 'unexpected character' : 'unexpected end');
      value = Number(found![0]);
      at = number.lastIndex;
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
          names[names.length - 1] = plainString() ?? (yield* string());
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
