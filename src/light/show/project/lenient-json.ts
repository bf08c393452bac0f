// LX reads .lxp, .lxf and .lxm files with Gson's lenient reader (`new Gson().fromJson(reader,
// JsonObject.class)`), and the fixture and model files people share rely on it. This reader
// accepts and refuses what that call does:
// - `/* */`, `//` and `#` comments, unquoted names and values, single-quoted strings, `=` or `=>`
//   for `:`, `;` for `,`, raw line breaks inside strings, a leading `)]}'` line;
// - a trailing comma in an array (or an empty element) is a null element;
// - a trailing comma in an object is an error ("Expected name");
// - after the top-level value only whitespace: the reader is strict again there, so a comment or
//   anything else is an error.
// An unquoted value is a keyword (true/false/null, any letter case), else a JSON number, else a
// string (`01`, `1.`, `+1` and `NaN` stay strings, as Gson reads them).

/** A syntax error with the file, line and column (1-based) where the reader stopped. */
export class LenientJsonError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
  }
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Characters that end an unquoted literal (Gson's isLiteral is false for them). */
function endsLiteral(c: string): boolean {
  return c === '' || '/\\;#={}[]:, \t\f\r\n'.includes(c);
}

/** Parses `text` as LX's reader does; `file` names the source in errors. */
export function parseLenientJson(text: string, file: string): unknown {
  // LX and Footlight write strict JSON, which JSON.parse reads to the same value many times faster
  // (a 20,000-channel project); only a file using the lenient syntax takes the reader below.
  try {
    return JSON.parse(text);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
  }
  let pos = 0;
  const fail = (reason: string, at = pos): never => {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at && i < text.length; i++) {
      if (text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    throw new LenientJsonError(file, line, at - lineStart + 1, reason);
  };

  /** Skips whitespace and (when allowed) comments; returns the next character or '' at the end. */
  const next = (comments: boolean): string => {
    while (pos < text.length) {
      const c = text[pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
        pos++;
        continue;
      }
      const isComment = c === '#' || (c === '/' && (text[pos + 1] === '/' || text[pos + 1] === '*'));
      if (!isComment) return c;
      if (!comments) fail('a comment is not allowed after the top-level value');
      if (c === '/' && text[pos + 1] === '*') {
        const end = text.indexOf('*/', pos + 2);
        if (end < 0) fail('Unterminated comment');
        pos = end + 2;
      } else {
        const end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length : end + 1;
      }
    }
    return '';
  };

  const quoted = (quote: string): string => {
    const start = pos;
    pos++;
    let out = '';
    for (;;) {
      if (pos >= text.length) fail('Unterminated string', start);
      const c = text[pos++];
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      if (pos >= text.length) fail('Unterminated escape sequence');
      const e = text[pos++];
      switch (e) {
        case 'u': {
          const hex = text.slice(pos, pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Malformed Unicode escape', pos - 2);
          out += String.fromCharCode(parseInt(hex, 16));
          pos += 4;
          break;
        }
        case 't':
          out += '\t';
          break;
        case 'b':
          out += '\b';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 'f':
          out += '\f';
          break;
        case '\n':
        case "'":
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        default:
          fail('Invalid escape sequence', pos - 2);
      }
    }
  };

  const literal = (): string => {
    const start = pos;
    while (pos < text.length && !endsLiteral(text[pos])) pos++;
    return text.slice(start, pos);
  };

  const unquotedValue = (): unknown => {
    const start = pos;
    const word = literal();
    if (word === '') fail('Expected value', start);
    const lower = word.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    if (lower === 'null') return null;
    return NUMBER.test(word) ? Number(word) : word;
  };

  const object = (): Record<string, unknown> => {
    pos++;
    const out: Record<string, unknown> = {};
    let first = true;
    for (;;) {
      let c = next(true);
      if (c === '}') {
        if (!first) fail('Expected name');
        pos++;
        return out;
      }
      let name: string;
      if (c === '"' || c === "'") name = quoted(c);
      else if (endsLiteral(c)) name = fail(c === '' ? 'End of input' : 'Expected name');
      else name = literal();
      c = next(true);
      if (c === ':') pos++;
      else if (c === '=') pos += text[pos + 1] === '>' ? 2 : 1;
      else fail("Expected ':'");
      // Own property even for "__proto__", as JSON.parse does.
      Object.defineProperty(out, name, { value: value(), enumerable: true, writable: true, configurable: true });
      first = false;
      c = next(true);
      if (c === '}') {
        pos++;
        return out;
      }
      if (c !== ',' && c !== ';') fail(c === '' ? 'End of input' : 'Unterminated object');
      pos++;
    }
  };

  const array = (): unknown[] => {
    pos++;
    const out: unknown[] = [];
    let c = next(true);
    if (c === ']') {
      pos++;
      return out;
    }
    for (;;) {
      c = next(true);
      // An empty element (",]", ",,", "[,") is null in lenient mode.
      if (c === ',' || c === ';' || c === ']') out.push(null);
      else out.push(value());
      c = next(true);
      if (c === ']') {
        pos++;
        return out;
      }
      if (c !== ',' && c !== ';') fail(c === '' ? 'End of input' : 'Unterminated array');
      pos++;
    }
  };

  const value = (): unknown => {
    const c = next(true);
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"' || c === "'") return quoted(c);
    if (c === '') fail('End of input');
    if (endsLiteral(c)) fail('Expected value');
    return unquotedValue();
  };

  // Gson's non-execute prefix, skipped in lenient mode.
  next(true);
  if (text.startsWith(")]}'\n", pos)) pos += 5;
  if (next(true) === '') fail('the file is empty');
  const result = value();
  if (next(false) !== '') fail('Expected the end of the file after the top-level value');
  return result;
}
