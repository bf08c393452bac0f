// The view selector grammar (§6.3), parsed once into a small tree.
//
//   selector := group (';' group)*          each group becomes a separate sub-view
//   group    := query '*' [union] | union   '*': one group per match of the query on its left,
//                                           the union on its right searched inside each match
//   union    := query (',' query)*          union of the matches
//   query    := step (ws step)*             each step searches inside the previous matches
//   step     := ['>'] tagsel | '&' tagsel   '>' direct children only; '&' also has this tag
//   tagsel   := TAG ['[' range ']']         TAG = [A-Za-z0-9_.\-/]+
//   range    := n | n-m | even | odd | :s | n:s | n-m:s    (0-based, inclusive, s = stride)
//
// Empty groups and empty queries (as in "a;;b" or "a,") are skipped, as LX skips them. Anything
// else that does not fit the grammar throws a SelectorSyntaxError naming the position.
import { SelectorSyntaxError } from './errors.js';

/** Which models of a search root a step visits, by index into its match list. */
interface SelectorRange {
  readonly start: number;
  /** Inclusive last index; undefined means to the end. Out-of-range ends clamp. */
  readonly end: number | undefined;
  readonly stride: number;
}

interface SelectorStep {
  readonly tag: string;
  /** `descendants`: all descendants with the tag; `children`: direct children (`>`);
   *  `and`: keep the previous matches that also carry the tag (`&`). */
  readonly mode: 'descendants' | 'children' | 'and';
  readonly range: SelectorRange | undefined;
  /** Offset of the tag in the selector text. */
  readonly position: number;
}

export type SelectorQuery = readonly SelectorStep[];

interface SelectorGroup {
  /** With '*': the query whose every match becomes its own group. */
  readonly split: SelectorQuery | undefined;
  /** The queries whose matches form the group (searched inside each split match, if any). */
  readonly union: readonly SelectorQuery[];
}

export interface Selector {
  readonly source: string;
  readonly groups: readonly SelectorGroup[];
}

type Token =
  | { readonly kind: 'tag'; readonly text: string; readonly range: SelectorRange | undefined; readonly pos: number }
  | { readonly kind: '>' | '&' | '*' | ',' | ';'; readonly pos: number };

const TAG_CHAR = /[A-Za-z0-9_.\-/]/;
const SPACE = /\s/;

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (SPACE.test(ch)) {
      i++;
    } else if (ch === '>' || ch === '&' || ch === '*' || ch === ',' || ch === ';') {
      tokens.push({ kind: ch, pos: i });
      i++;
    } else if (TAG_CHAR.test(ch)) {
      const pos = i;
      while (i < src.length && TAG_CHAR.test(src[i])) i++;
      const text = src.slice(pos, i);
      let range: SelectorRange | undefined;
      if (src[i] === '[') {
        const close = src.indexOf(']', i + 1);
        if (close < 0) throw new SelectorSyntaxError(src, i, `"[" after tag "${text}" is never closed`);
        range = parseRange(src, i + 1, close);
        i = close + 1;
        if (i < src.length && !SPACE.test(src[i]) && !',;*>&'.includes(src[i])) {
          throw new SelectorSyntaxError(src, i, `expected a space, ",", ";" or "*" after "${src.slice(pos, i)}"`);
        }
      }
      tokens.push({ kind: 'tag', text, range, pos });
    } else if (ch === '[' || ch === ']') {
      throw new SelectorSyntaxError(src, i, `"${ch}" must follow a tag directly, as in "strip[0-3]"`);
    } else {
      throw new SelectorSyntaxError(src, i, `unexpected character ${JSON.stringify(ch)} (tags use letters, digits, _ . - /)`);
    }
  }
  return tokens;
}

/** Parses the range text between `from` and `to` (exclusive) of `src`. */
function parseRange(src: string, from: number, to: number): SelectorRange {
  const raw = src.slice(from, to);
  const text = raw.trim();
  const at = from + raw.indexOf(text[0] ?? '');
  if (text === 'even') return { start: 0, end: undefined, stride: 2 };
  if (text === 'odd') return { start: 1, end: undefined, stride: 2 };
  const m = /^(?:(\d+)\s*(?:-\s*(\d+))?)?\s*(?::\s*(\d+))?$/.exec(text);
  if (text.length === 0 || m === null || (m[1] === undefined && m[3] === undefined)) {
    throw new SelectorSyntaxError(
      src,
      text.length === 0 ? from : at,
      `bad range "[${raw}]"; use [n], [n-m], [even], [odd], [:stride], [n:stride] or [n-m:stride]`,
    );
  }
  const start = m[1] === undefined ? 0 : Number(m[1]);
  const end = m[2] !== undefined ? Number(m[2]) : m[1] !== undefined && m[3] === undefined ? start : undefined;
  const stride = m[3] === undefined ? 1 : Number(m[3]);
  if (stride < 1) throw new SelectorSyntaxError(src, at, `range stride must be at least 1 in "[${raw}]"`);
  if (end !== undefined && end < start) throw new SelectorSyntaxError(src, at, `range "[${raw}]" ends before it starts`);
  return { start, end, stride };
}

function parseQuery(src: string, tokens: readonly Token[], endPos: number): SelectorStep[] {
  const steps: SelectorStep[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'tag') {
      steps.push({ tag: t.text, mode: 'descendants', range: t.range, position: t.pos });
    } else if (t.kind === '>' || t.kind === '&') {
      const next = tokens[i + 1];
      if (next === undefined || next.kind !== 'tag') {
        throw new SelectorSyntaxError(src, next?.pos ?? endPos, `"${t.kind}" must be followed by a tag`);
      }
      if (t.kind === '&' && steps.length === 0) {
        throw new SelectorSyntaxError(src, t.pos, '"&" needs a tag before it to intersect with');
      }
      steps.push({ tag: next.text, mode: t.kind === '>' ? 'children' : 'and', range: next.range, position: next.pos });
      i++;
    } else {
      throw new SelectorSyntaxError(src, t.pos, `unexpected "${t.kind}"`);
    }
  }
  return steps;
}

function parseUnion(src: string, tokens: readonly Token[], endPos: number): SelectorQuery[] {
  const queries: SelectorQuery[] = [];
  let from = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i === tokens.length || tokens[i].kind === ',') {
      const part = tokens.slice(from, i);
      if (part.length > 0) queries.push(parseQuery(src, part, i < tokens.length ? tokens[i].pos : endPos));
      from = i + 1;
    }
  }
  return queries;
}

/** Parses a selector; throws SelectorSyntaxError (code invalid_argument) with the position. */
export function parseSelector(source: string): Selector {
  const tokens = tokenize(source);
  const groups: SelectorGroup[] = [];
  let from = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i < tokens.length && tokens[i].kind !== ';') continue;
    const endPos = i < tokens.length ? tokens[i].pos : source.length;
    const part = tokens.slice(from, i);
    from = i + 1;
    if (part.length === 0) continue;
    const stars = part.filter((t) => t.kind === '*');
    if (stars.length > 1) throw new SelectorSyntaxError(source, stars[1].pos, 'only one "*" is allowed per group');
    if (stars.length === 0) {
      const union = parseUnion(source, part, endPos);
      if (union.length > 0) groups.push({ split: undefined, union });
      continue;
    }
    const star = part.indexOf(stars[0]);
    const left = part.slice(0, star);
    if (left.length === 0) throw new SelectorSyntaxError(source, stars[0].pos, '"*" needs a tag path before it, as in "strip*"');
    const comma = left.find((t) => t.kind === ',');
    if (comma !== undefined) throw new SelectorSyntaxError(source, comma.pos, '"," cannot come before "*"; put the union after it');
    groups.push({ split: parseQuery(source, left, stars[0].pos), union: parseUnion(source, part.slice(star + 1), endPos) });
  }
  return { source, groups };
}

/** The indices a range selects from a list of `length` matches. */
export function rangeIndices(range: SelectorRange | undefined, length: number): number[] {
  const start = range?.start ?? 0;
  const stride = range?.stride ?? 1;
  const end = range?.end === undefined || range.end >= length ? length - 1 : range.end;
  const out: number[] = [];
  for (let i = start; i <= end; i += stride) out.push(i);
  return out;
}
