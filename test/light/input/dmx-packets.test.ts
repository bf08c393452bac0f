// The decoders against packets built from the standards (test/light/input/packets.ts): what passes
// and where its levels are, and for every field the standards fix, the reason a bad packet fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DMX_IN_REASONS } from '../../../src/light/input/dmx-in-layout.js';
import { OK, decodeArtNet, decodeSacn, dmxPacket } from '../../../src/light/input/dmx-packets.js';
import { artDmx, cid, sacnData } from './packets.js';

const reason = (r: number): string => (r === OK ? 'ok' : DMX_IN_REASONS[r].name);

test('Art-Net: an ArtDmx packet gives its port-address, where its levels start and how many', () => {
  const p = dmxPacket();
  const b = artDmx({ portAddress: 0x0113, data: [1, 2, 3, 4, 5, 6], sequence: 9 });
  assert.equal(reason(decodeArtNet(b, p)), 'ok');
  assert.deepEqual({ ...p }, { universe: 275, start: 18, channels: 6, priority: -1, sequence: 9 });
  assert.equal(reason(decodeArtNet(artDmx({ portAddress: 1, data: [7, 8, 9] }), p)), 'ok', 'an odd length passes, as in LX');
  assert.equal(p.channels, 3);
  assert.equal(reason(decodeArtNet(artDmx({ portAddress: 2, data: new Uint8Array(520), length: 512 }), p)), 'ok', 'bytes after Length are ignored');
});

test('Art-Net: short, foreign, old, empty, oversized and truncated packets are refused with the reason; other operations carry no levels', () => {
  const p = dmxPacket();
  const cases: [Buffer, string][] = [
    [Buffer.from('Art-Net'), 'short'],
    [Buffer.concat([Buffer.from('Art-Nyt\0'), Buffer.alloc(20)]), 'id'],
    [artDmx({ portAddress: 0, data: [], opcode: 0x2000 }), 'notData'], // ArtPoll
    [artDmx({ portAddress: 0, data: [], opcode: 0x5200 }), 'notData'], // ArtSync
    [artDmx({ portAddress: 0, data: [1, 2] }).subarray(0, 17), 'short'],
    [artDmx({ portAddress: 0, data: [1, 2], protVer: 13 }), 'version'],
    [artDmx({ portAddress: 0, data: [1, 2], length: 0 }), 'length'],
    [artDmx({ portAddress: 0, data: new Uint8Array(513) }), 'length'],
    [artDmx({ portAddress: 0, data: new Uint8Array(10), length: 512 }), 'length'],
  ];
  for (const [b, expected] of cases) assert.equal(reason(decodeArtNet(b, p)), expected, `${b.length} bytes: ${expected}`);
  assert.equal(reason(decodeArtNet(artDmx({ portAddress: 0x7fff, data: [1, 2] }), p)), 'ok', 'the universe range is the receiver’s to judge');
  assert.equal(p.universe, 0x7fff);
});

test('sACN: a data packet gives its universe, levels, priority and sequence', () => {
  const p = dmxPacket();
  const full = sacnData({ universe: 7, data: Array.from({ length: 512 }, (_, i) => i & 0xff), priority: 150, sequence: 200, cid: cid(1) });
  assert.equal(full.length, 638);
  assert.equal(reason(decodeSacn(full, p)), 'ok');
  assert.deepEqual({ ...p }, { universe: 7, start: 126, channels: 512, priority: 150, sequence: 200 });
  assert.equal(full[p.start + 300], 300 & 0xff);
  assert.equal(reason(decodeSacn(sacnData({ universe: 511, data: [1, 2, 3] }), p)), 'ok');
  assert.equal(p.channels, 3);
});

test('sACN: every fixed field is checked, with the reason; sync, preview, terminated and start codes are told apart', () => {
  const p = dmxPacket();
  const good = (): Buffer => sacnData({ universe: 1, data: [10, 20, 30] });
  const with_ = (f: (b: Buffer) => void): Buffer => {
    const b = good();
    f(b);
    return b;
  };
  const cases: [Buffer, string][] = [
    [good().subarray(0, 20), 'short'],
    [with_((b) => b.write('ASC-E1.18', 4, 'latin1')), 'id'],
    [with_((b) => b.writeUInt16BE(0x0011, 0)), 'header'],
    [with_((b) => b.writeUInt16BE(0x0001, 2)), 'header'],
    [with_((b) => b.writeUInt32BE(0x00000008, 18)), 'notData'], // universe sync or discovery
    [with_((b) => b.writeUInt32BE(0x00000005, 18)), 'header'],
    [good().subarray(0, 125), 'short'],
    [Buffer.concat([good(), Buffer.from([0])]), 'length'],
    [with_((b) => b.writeUInt16BE(0x7000 | (b.length - 39), 38)), 'length'],
    [with_((b) => b.writeUInt16BE(5, 123)), 'length'],
    [with_((b) => b.writeUInt32BE(0x00000003, 40)), 'header'],
    [with_((b) => (b[117] = 0x03)), 'header'],
    [with_((b) => (b[118] = 0xa0)), 'header'],
    [with_((b) => b.writeUInt16BE(1, 119)), 'header'],
    [with_((b) => b.writeUInt16BE(2, 121)), 'header'],
    [with_((b) => (b[108] = 201)), 'header'],
    [with_((b) => b.writeUInt16BE(0, 113)), 'universe'],
    [with_((b) => b.writeUInt16BE(64000, 113)), 'universe'],
    [with_((b) => (b[112] = 0x80)), 'preview'],
    [with_((b) => (b[112] = 0x40)), 'terminated'],
    [with_((b) => (b[125] = 0xdd)), 'startCode'],
  ];
  for (const [b, expected] of cases) assert.equal(reason(decodeSacn(b, p)), expected, `${expected} (${b.length} bytes)`);
  assert.equal(
    reason(
      decodeSacn(
        with_((b) => b.writeUInt16BE(63999, 113)),
        p,
      ),
    ),
    'ok',
    'sACN universes run to 63999; the receiver keeps 1–511',
  );
});
