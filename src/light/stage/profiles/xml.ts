// The one XML reading of fixture profiles (QLC+ `.qxf`, GDTF's description.xml): fast-xml-parser,
// attributes kept as strings under `@_`, the named elements always arrays (in document order).
import { XMLParser } from 'fast-xml-parser';
import { ProfileError } from './profile.js';

/** An XML element as parsed: attributes as `@_Name`, text as `#text`, children by tag. */
export type XmlNode = { readonly [key: string]: unknown };

/**
 * Parses `text`, refusing what is not well-formed XML with the parser's line and reason.
 * `arrays` names the tags that always come back as arrays (repeated elements).
 */
export function parseXml(file: string, text: string, arrays: readonly string[]): XmlNode {
  const set = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: true,
    removeNSPrefix: true,
    isArray: (name) => set.has(name),
  });
  try {
    return parser.parse(text, true) as XmlNode;
  } catch (err) {
    // The validator's message ends in `:line:column`.
    const m = /^(.*?)(?::(\d+):(\d+))?$/s.exec((err as Error).message);
    throw new ProfileError(file, `not well-formed XML (line ${m?.[2] ?? '?'}: ${m?.[1] ?? (err as Error).message})`);
  }
}

/** The child element `tag` (the first when repeated), or undefined. */
export function child(node: XmlNode | undefined, tag: string): XmlNode | undefined {
  const v = node?.[tag];
  const first = Array.isArray(v) ? v[0] : v;
  return first !== null && typeof first === 'object' ? (first as XmlNode) : undefined;
}

/** Every child element `tag`. */
export function children(node: XmlNode | undefined, tag: string): XmlNode[] {
  const v = node?.[tag];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((e) => (e !== null && typeof e === 'object' ? (e as XmlNode) : { '#text': String(e) }));
}

/** The attribute `name`, or undefined. */
export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const v = node?.[`@_${name}`];
  return v === undefined ? undefined : String(v);
}

/** The element's text (an element with only text may come back as a plain string). */
export function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') return String(node);
  const t = (node as XmlNode)['#text'];
  return t === undefined ? '' : String(t);
}

/** A finite number from an attribute, or undefined. */
export function num(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
