// OSC, bad input against a whole Footlight: for every address of the OSC address space (GET
// /osc-params), values it must refuse (out of range, NaN and infinities, wrong types, no value);
// every valid address with a valid value but a broken address (case, indexes, `..`, empty
// segments, too long, the structure); malformed framing of valid messages (every truncation,
// misalignment, missing or unknown type tags, bad padding, invalid UTF-8); bundles that lie about
// sizes or nest too deep; datagrams up to the UDP maximum; and random bytes. Nothing is applied,
// the light project, the sound host and the history are byte-identical afterwards, and the
// listener still applies a good message. (test/osc/osc.test.ts fuzzes a few hundred random
// datagrams against one address; this file covers the address space.)
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { test } from 'node:test';
import { encodeMessage } from '../../src/osc/codec.js';
import type { OscAddressEntry } from '../../src/osc/osc-params-route.js';
import { startShow } from '../helpers/show.js';
import { fingerprint, prng } from './helpers.js';

type Arg = Parameters<typeof encodeMessage>[1][number];

const f = (value: number): Arg => ({ type: 'float', value });
const i = (value: number): Arg => ({ type: 'integer', value });
const s = (value: string): Arg => ({ type: 'string', value });
const blob: Arg = { type: 'blob', value: Buffer.from([1, 2, 3, 4, 5]) };

/** Values an address must refuse, by what /osc-params says it takes. */
function badValues(a: OscAddressEntry): Arg[][] {
  // A trigger fires on an empty message and on any true-ish value; a boolean takes any number or
  // string: only a blob is wrong for both (and no value at all for a boolean).
  if (a.trigger === true) return [[blob]];
  if (a.kind === 'boolean') return [[blob], []];
  const out: Arg[][] = [[], [blob]];
  if (a.type === 's') return [...out, [f(0.5)], [i(1)]];
  if (a.type === 'r') return [...out, [f(0.5)], [s('red')]];
  out.push([f(NaN)], [f(Infinity)], [f(-Infinity)], [{ type: 'double', value: NaN }]);
  if (a.type === 'f' && a.mode === 'normalized') out.push([f(1.5)], [f(-0.01)], [f(1e30)], [i(2)], [i(-1)], [s('half')]);
  if (a.range !== undefined && a.mode === 'absolute') {
    const span = Math.max(1, a.range.max - a.range.min);
    out.push(
      [a.type === 'i' ? i(Math.floor(a.range.max + span + 1)) : f(a.range.max + span + 1)],
      [a.type === 'i' ? i(Math.ceil(a.range.min - span - 1)) : f(a.range.min - span - 1)],
    );
    if (a.type === 'i') out.push([i(2 ** 31 - 1)], [i(-(2 ** 31))], [s('no-such-option')]);
  }
  return out;
}

/** A value the address accepts, for address-mangling cases (the address alone must refuse). */
function goodValue(a: OscAddressEntry): Arg | undefined {
  if (a.trigger === true) return undefined;
  if (a.type === 'f') return f(a.mode === 'normalized' ? 0.5 : a.range !== undefined ? (a.range.min + a.range.max) / 2 : 0);
  if (a.type === 'i') return i(a.range?.min ?? 0);
  if (a.type === 's') return s('x');
  return undefined;
}

function mangled(address: string): string[] {
  const seg = address.split('/');
  const out = [
    address.toUpperCase(),
    `${address}/x`,
    `${address}/`,
    address.replace('/lx/', '/lx//'),
    address.replace('/lx/', '/lx/../lx/'),
    address.replace(/^\/lx/, ''),
    `${address}${'/a'.repeat(600)}`,
    `/lx/structure/fixture/1/${seg[seg.length - 1]}`,
  ];
  for (let k = 2; k < seg.length; k++)
    if (/^\d+$/.test(seg[k])) for (const n of ['0', '999', '01', '-1', '1.0']) out.push([...seg.slice(0, k), n, ...seg.slice(k + 1)].join('/'));
  return out.filter((x) => x !== address);
}

/** Malformed framings of one well-formed message. */
function broken(valid: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let n = 1; n < valid.length; n++) out.push(valid.subarray(0, n));
  for (let n = 1; n < 4; n++) out.push(Buffer.concat([valid, Buffer.alloc(n)]));
  const addrEnd = valid.indexOf(0);
  const tag = (addrEnd + 4) & ~3;
  const withTag = (t: string): Buffer => Buffer.concat([valid.subarray(0, tag), Buffer.from(t), valid.subarray(tag + t.length)]);
  out.push(withTag(',q'), withTag(',\u0001'), withTag(';f'), withTag(',d')); // unknown tag, control byte, no comma, double without 8 bytes
  out.push(Buffer.concat([valid.subarray(0, tag), valid.subarray(tag + 4)])); // no type tag string
  const pad = Buffer.from(valid);
  if (addrEnd + 1 < tag) pad[addrEnd + 1] = 0x78; // a non-NUL byte in the address padding
  out.push(pad);
  const slashless = Buffer.from(valid);
  slashless[0] = 0x6c;
  out.push(slashless);
  const utf8 = Buffer.from(valid);
  utf8[4] = 0xff; // invalid UTF-8 inside the address
  out.push(utf8);
  return out;
}

function bundle(...elements: Buffer[]): Buffer {
  return Buffer.concat([
    Buffer.from('#bundle\0'),
    Buffer.alloc(8),
    ...elements.flatMap((e) => [Buffer.from([(e.length >>> 24) & 255, (e.length >>> 16) & 255, (e.length >>> 8) & 255, e.length & 255]), e]),
  ]);
}

test('OSC: refused values, broken addresses, malformed framing, lying bundles and noise change nothing', { timeout: 600_000 }, async (t) => {
  const show = await startShow(t, { oscReceivePort: 0, oscTransmitPort: 0 });
  const osc = show.app.osc;
  assert.ok(osc?.receivePort !== undefined);
  const space = (await (await fetch(show.url.replace(/\/mcp$/, '/osc-params'))).json()) as { addresses: OscAddressEntry[] };
  const before = await fingerprint(show.app);
  const packets: Buffer[] = [];
  const counts = { values: 0, addresses: 0, framing: 0, bundles: 0, huge: 0, random: 0 };
  for (const a of space.addresses) {
    for (const args of badValues(a)) {
      packets.push(encodeMessage(a.address, args));
      counts.values++;
    }
    const good = goodValue(a);
    if (good !== undefined) {
      for (const m of mangled(a.address)) {
        packets.push(encodeMessage(m, [good]));
        counts.addresses++;
      }
    }
  }
  const fader = space.addresses.find((a) => a.address === '/lx/mixer/channel/1/fader');
  assert.ok(fader !== undefined);
  const valid = encodeMessage(fader.address, [f(0.5)]);
  for (const a of [fader, space.addresses.find((x) => x.type === 'i' && x.kind !== 'boolean'), space.addresses.find((x) => x.type === 's')]) {
    if (a === undefined) continue;
    for (const b of broken(encodeMessage(a.address, [goodValue(a)!]))) {
      packets.push(b);
      counts.framing++;
    }
  }
  // Bundles: a malformed element spoils the whole bundle (its good message is not applied either);
  // sizes that lie; nesting past the limit; an empty element; bundles of refused messages. (A
  // bundle of a good and a refused message applies the good one, as LX does: not a bad input.)
  const invalid = encodeMessage(fader.address, [f(7)]);
  let deep = valid;
  for (let d = 0; d < 40; d++) deep = bundle(deep);
  const lying = bundle(valid);
  lying.writeInt32BE(valid.length + 4, 16);
  const negative = bundle(valid);
  negative.writeInt32BE(-4, 16);
  for (const b of [
    bundle(invalid, invalid),
    bundle(valid, valid.subarray(0, 8)),
    bundle(valid.subarray(0, 12), valid),
    deep,
    lying,
    negative,
    bundle(valid, Buffer.alloc(0)),
    bundle(bundle(bundle(invalid)), invalid),
    Buffer.from('#bundle\0'),
    Buffer.concat([Buffer.from('#bundle\0'), Buffer.alloc(4)]),
  ]) {
    packets.push(b);
    counts.bundles++;
  }
  // Datagrams up to the largest UDP payload: a huge string value, a huge address, a huge bundle of bad messages.
  const MAX_UDP = 65_507;
  packets.push(encodeMessage(fader.address, [s('x'.repeat(MAX_UDP - 64))]));
  packets.push(encodeMessage(`/lx/${'m'.repeat(MAX_UDP - 64)}`, [f(0.5)]));
  packets.push(bundle(...Array.from({ length: Math.floor((MAX_UDP - 16) / (invalid.length + 4)) }, () => invalid)));
  counts.huge += 3;
  // Random bytes, some starting like an address so they get past the first check.
  const random = prng(0x05c);
  for (let k = 0; k < 2000; k++) {
    const len = 4 * (1 + Math.floor(random() * 32));
    const b = Buffer.from(Array.from({ length: len }, () => Math.floor(random() * 256)));
    if (k % 2 === 0) b.write('/lx/', 0, 'latin1');
    packets.push(b);
    counts.random++;
  }

  const socket = dgram.createSocket('udp4');
  t.after(() => new Promise<void>((done) => socket.close(() => done())));
  const send = (b: Buffer): Promise<void> => new Promise((done, fail) => socket.send(b, osc.receivePort!, '127.0.0.1', (err) => (err ? fail(err) : done())));
  // Paced: bursts of at most 50 datagrams or 48 KiB, each followed by a wait until the surface has
  // taken every datagram of it (so none is lost to a full socket buffer and every one is counted).
  let sent = osc.stats.packets;
  let k = 0;
  while (k < packets.length) {
    let bytes = 0;
    const first = k;
    do {
      bytes += packets[k].length;
      await send(packets[k++]);
    } while (k < packets.length && k - first < 50 && bytes + packets[k].length < 48 * 1024);
    sent += k - first;
    const until = Date.now() + 30_000;
    while (osc.stats.packets < sent && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
    assert.equal(
      osc.stats.packets,
      sent,
      `every datagram reached the surface (burst of ${packets
        .slice(first, k)
        .map((p) => p.length)
        .join(', ')} bytes)`,
    );
  }
  await show.app.engine.queue.submit(() => undefined); // every decoded message has been handled
  assert.equal(osc.stats.applied, 0, 'nothing was applied');
  assert.equal(await fingerprint(show.app), before, 'the light project, the sound host and the history are unchanged');
  // Still listening: a good message is applied.
  await send(valid);
  const until = Date.now() + 10_000;
  while (osc.stats.applied === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  assert.equal((await show.call('get_parameter', { path: '/lx/mixer/channel/1/fader' })).parameter.value, 0.5);
  t.diagnostic(`${packets.length} bad datagrams (${JSON.stringify(counts)}); stats ${JSON.stringify(osc.stats)}`);
});
