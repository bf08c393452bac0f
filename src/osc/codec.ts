// OSC 1.0 framing over osc-min. osc-min decodes one message and silently skips bad elements
// inside bundles, so bundles are walked here: every element must be a well-formed message or
// bundle (size-prefixed, 4-byte aligned, nested at most 8 deep), or the whole packet is
// malformed and nothing in it is applied.
import { fromBuffer, toBuffer, type OscArgInput, type OscArgOutputOrArray } from 'osc-min';

export interface OscMessage {
  readonly address: string;
  readonly args: readonly OscArgOutputOrArray[];
}

export class MalformedOscError extends Error {
  override readonly name = 'MalformedOscError';
}

const BUNDLE_TAG = '#bundle';
const MAX_DEPTH = 8;

function isBundle(buf: Buffer): boolean {
  return buf.length >= 8 && buf.toString('latin1', 0, 8) === `${BUNDLE_TAG}\0`;
}

function decodeInto(buf: Buffer, out: OscMessage[], depth: number): void {
  if (buf.length === 0 || buf.length % 4 !== 0) throw new MalformedOscError(`an OSC packet is a multiple of 4 bytes; got ${buf.length}`);
  if (isBundle(buf)) {
    if (depth >= MAX_DEPTH) throw new MalformedOscError(`bundles nested deeper than ${MAX_DEPTH}`);
    if (buf.length < 16) throw new MalformedOscError('bundle shorter than its header (tag and time tag)');
    let o = 16; // "#bundle\0" + 8-byte time tag (ignored, as LX does)
    while (o < buf.length) {
      if (o + 4 > buf.length) throw new MalformedOscError('truncated bundle element size');
      const size = buf.readInt32BE(o);
      o += 4;
      if (size <= 0 || size % 4 !== 0 || o + size > buf.length)
        throw new MalformedOscError(`bundle element size ${size} does not fit the ${buf.length - o} bytes left`);
      decodeInto(buf.subarray(o, o + size), out, depth + 1);
      o += size;
    }
    return;
  }
  if (buf[0] !== 0x2f) throw new MalformedOscError('an OSC message address starts with /');
  let decoded;
  try {
    decoded = fromBuffer(buf);
  } catch (err) {
    throw new MalformedOscError((err as Error).message);
  }
  if (decoded.oscType !== 'message') throw new MalformedOscError('unexpected bundle');
  // OSC 1.0 messages carry a type tag string; osc-min tolerates its absence, LX does not need it.
  const addressEnd = buf.indexOf(0);
  const tagStart = (addressEnd + 4) & ~3;
  if (tagStart >= buf.length || buf[tagStart] !== 0x2c) throw new MalformedOscError('message has no type tag string');
  out.push({ address: decoded.address, args: decoded.args });
}

/** Decodes a datagram into its messages, bundles flattened in order. Throws MalformedOscError. */
export function decodePacket(buf: Buffer): OscMessage[] {
  const out: OscMessage[] = [];
  decodeInto(buf, out, 0);
  return out;
}

/** Encodes one message with typed arguments. */
export function encodeMessage(address: string, args: readonly OscArgInput[]): Buffer {
  const view = toBuffer({ address, args: [...args] });
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}
