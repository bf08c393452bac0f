// Fixture-file outputs read by decoders that are not Footlight's: the scene of
// test/golden/lx-outputs sends one frame over loopback; tshark's Art-Net and E1.31 dissectors
// read the Art-Net and sACN packets, and DDP, OPC and KiNET (no tshark dissector in Debian's
// 4.0) are read by field offsets from their protocol documents. Every expected byte is computed
// here from LX's formulas (gamma table, brightness level, byte orders) and the scene's files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { silentLogger } from '../../../src/engine/log.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { OutputEngine } from '../../../src/light/output/output-engine.js';
import { setFixtureParams } from '../../../src/light/operations/fixtures.js';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../../helpers/pcap.js';
import { LX_OUTPUTS_DIR } from '../../helpers/lx-outputs.js';
import { hexBytes } from './helpers.js';

const skip = tsharkAvailable() ? false : process.env.CI === 'true' ? false : 'tshark is not installed (apt-get install tshark)';

// The scene's output stages: master fader 0.95 (PRE) × /lx/output 0.8 × /lx/structure/output 0.9;
// gamma 2.2 and white point (220, 255, 240, 200) from /lx/structure/output (not /lx/output's 3.0).
const CHAIN = 0.95 * 0.8 * 0.9;
const GAMMA = 2.2;
const WP: Readonly<Record<string, number>> = { R: 220, G: 255, B: 240, W: 200 };

/** LX's level: round(255 · chain · segment brightness), ties up. */
function level(brightness: number): number {
  return Math.floor(255 * CHAIN * brightness + 0.5);
}

/** LX's gamma curve entry for input `v` of channel `c` at `lvl`. */
function curve(v: number, lvl: number, c: string): number {
  return Math.floor(Math.pow(v * lvl * WP[c] * (1 / (255 * 255 * 255)), GAMMA) * 255 + 0.5);
}

/** The bytes LX sends for one pixel in byte order `order` (W: the RGB mean; RGBW orders: white = min). */
function pixel(argb: number, order: string, lvl: number): number[] {
  const r = (argb >>> 16) & 255;
  const g = (argb >>> 8) & 255;
  const b = argb & 255;
  if (order === 'W') return [curve(Math.trunc((r + g + b) / 3), lvl, 'W')];
  const w = order.length === 4 ? Math.min(r, g, b) : 0;
  const v: Record<string, number> = { R: r - w, G: g - w, B: b - w, W: w };
  return [...order].map((c) => curve(v[c], lvl, c));
}

function pixels(main: Uint32Array, points: readonly number[], order: string, lvl: number, stride = order.length): number[] {
  const out: number[] = [];
  for (const p of points) {
    out.push(...(p < 0 ? new Array(order.length).fill(0) : pixel(main[p], order, lvl)));
    for (let k = order.length; k < stride; k++) out.push(0);
  }
  return out;
}

const run = (from: number, n: number, step = 1): number[] => Array.from({ length: n }, (_, i) => from + i * step);

interface ArtDmx {
  /** Port-address: SubUni and Net, as tshark reads them together. */
  readonly universe: number;
  readonly sequence: number;
  readonly length: number;
  readonly data: number[];
}

function artnet(layers: Record<string, unknown>): ArtDmx | 'sync' {
  const a = layers.artnet as Record<string, Record<string, string>>;
  if (a['artnet.header']['artnet.header.opcode'] === '0x5200') return 'sync';
  assert.equal(a['artnet.header']['artnet.header.opcode'], '0x5000');
  const o = a['artnet.output'];
  return {
    universe: Number(o['artnet.output.universe']),
    sequence: Number(o['artnet.output.sequence']),
    length: Number(o['artnet.output.length']),
    data: hexBytes((layers.dmx_chan as Record<string, string> | undefined)?.['dmx_chan.data_filter'] ?? ''),
  };
}

test('fixture-file outputs decoded by tshark (Art-Net, E1.31) and by the protocol documents (DDP, OPC, KiNET)', { skip }, async (t) => {
  const engine = new Engine();
  const light = await LightShow.open(engine, `${LX_OUTPUTS_DIR}outputs.lxp`, { media: `${LX_OUTPUTS_DIR}media` });
  const caps = {
    artnet: await udpCapture(),
    sacn: await udpCapture(),
    ddp: await udpCapture(),
    kinet: await udpCapture(),
    artPort: await udpCapture(),
    opcUdp: await udpCapture(),
  };
  for (const c of Object.values(caps)) t.after(() => c.close());
  const outputs = new OutputEngine(light, {
    log: silentLogger,
    ports: { artnet: caps.artnet.port, sacn: caps.sacn.port, ddp: caps.ddp.port, kinet: caps.kinet.port },
  });
  engine.clock.onFrame((frame) => outputs.send(frame, light.main));
  t.after(() => outputs.close());
  const fixtures = light.structure.fixtures.items;
  const byLabel = (label: string) => fixtures.find((f) => f.label.getString() === label)!;
  const first = (label: string): number => light.structure.pointRanges.get(byLabel(label))!.start;
  const origin = { surface: 'engine' as const };
  setFixtureParams(light, { path: byLabel('Grid').path }, { artPort: caps.artPort.port }, origin);
  // OPC over TCP is compared with LX's bytes in lx-golden.test.ts; here it is switched off.
  setFixtureParams(light, { path: byLabel('OPC').path }, { udpPort: caps.opcUdp.port, tcpPort: caps.opcUdp.port }, origin);

  await outputs.whenConnected();
  engine.clock.stepFixed(1, 1000 / 60);
  await outputs.flush();
  await caps.artnet.waitFor(8);
  await caps.sacn.waitFor(7);
  await caps.ddp.waitFor(4);
  await caps.kinet.waitFor(3);
  await caps.artPort.waitFor(1);
  await caps.opcUdp.waitFor(1);
  const main = light.main;

  // ---- Art-Net, read by tshark
  const art = (await tsharkDecode(caps.artnet.packets, 'artnet', caps.artnet.port)).map(artnet);
  assert.equal(art[art.length - 1], 'sync', 'the ArtSync a fixture file declares follows every ArtDmx');
  const dmx = art.filter((p): p is ArtDmx => p !== 'sync');
  const u = (n: number): ArtDmx => dmx.find((p) => p.universe === n)!;
  const grid = first('Grid');
  const u1 = u(1);
  assert.equal(u1.sequence, 2, 'a packet with any output asking for sequence numbers has them; LX sends 2 first');
  assert.equal(u1.length, 512);
  // Par 4 (DmxPar.lxf): dimmer and strobe header bytes, RGBW, two footer bytes.
  assert.deepEqual(u1.data.slice(0, 8), [0xff, 0x00, ...pixels(main, [first('Par 4')], 'RGBW', level(1)), 0, 0]);
  // The grid's segments from channel 277: row 0; row 1 reversed; row 2 in BGR; row 3 every other point, each twice.
  assert.deepEqual(u1.data.slice(277, 325), pixels(main, run(grid, 16), 'RGB', level(1)));
  assert.deepEqual(u1.data.slice(325, 373), pixels(main, run(grid + 31, 16, -1), 'RGB', level(1)));
  assert.deepEqual(u1.data.slice(373, 421), pixels(main, run(grid + 32, 16), 'BGR', level(1)));
  assert.deepEqual(
    u1.data.slice(421, 469),
    pixels(
      main,
      run(grid + 48, 8, 2).flatMap((p) => [p, p]),
      'RGB',
      level(1),
    ),
  );
  // Row 4: two empty pixels before, one after, every 4 bytes; 11 fit, the 12th keeps its spacing at channel 1 of universe 2.
  const row4 = [-1, -1, ...run(grid + 64, 16), -1];
  assert.deepEqual(u1.data.slice(469, 512), pixels(main, row4.slice(0, 11), 'RGB', level(1), 4).slice(0, 43));
  const u2 = u(2);
  assert.equal(u2.data[0], 0);
  assert.deepEqual(u2.data.slice(1, 33), pixels(main, row4.slice(11), 'RGB', level(1), 4));
  // Row 5 twice (duplicate): header DEADBEEF, RGBW, footer 01 7f ff.
  const row5 = [0xde, 0xad, 0xbe, 0xef, ...pixels(main, run(grid + 80, 16), 'RGBW', level(1)), 0x01, 0x7f, 0xff];
  assert.deepEqual(u2.data.slice(33, 33 + 2 * row5.length), [...row5, ...row5]);
  assert.equal(u2.length, 176, '175 bytes, padded to an even length');
  // Universe 300 and 301 (net 1, sub-net and universe 0x2c and 0x2d): the pars; Par 2 at half brightness.
  assert.deepEqual(u(300).data.slice(8, 16), [0xff, 0, ...pixels(main, [first('Par 2')], 'RGBW', level(0.5)), 0, 0]);
  assert.deepEqual(u(301).data.slice(0, 6), [...pixels(main, [first('Par 3')], 'RGBW', level(1)), 0, 0]);
  // The native grid (GRB, brightness 0.9): LX's COLUMNS_B2T_R2L runs the columns left to right,
  // each from the top; a grid ignores `reverse`. Channels 30–59 are the Broken fixture's colliding output.
  const native = first('Native grid');
  const columns = run(0, 8).flatMap((x) => run(native + 56 + x, 8, -8));
  const u5 = u(5).data;
  assert.deepEqual(u5.slice(0, 30), pixels(main, columns.slice(0, 10), 'GRB', level(0.9)));
  assert.deepEqual(u5.slice(60, 192), pixels(main, columns.slice(20), 'GRB', level(0.9)));
  // Universe 32767 and 32768 (0x8000, net byte 0x80): LX lets the Broken output overflow into 32768, no further.
  assert.equal(u(32767).length, 512);
  assert.equal(u(32768).length, 512);

  // The second Art-Net output, on its own port (artdmx, universe 40 from channel 1): one byte order per segment.
  const [p40] = (await tsharkDecode(caps.artPort.packets, 'artnet', caps.artPort.port)).map(artnet) as ArtDmx[];
  assert.equal(p40.universe, 40);
  assert.equal(p40.sequence, 0, 'sequence off');
  const ex = grid + 96;
  const expected40 = [
    0,
    ...pixels(main, run(ex, 3), 'W', level(1)),
    ...pixels(main, [ex + 3], 'WRGB', level(1)),
    ...pixels(main, run(grid, 4), 'GRBW', level(1)),
    ...pixels(main, [grid + 22, grid + 19, grid + 16], 'WBGR', level(1)),
    ...['RBGW', 'GBRW', 'BRGW', 'BGRW', 'WRBG', 'WGRB', 'WGBR', 'WBRG'].flatMap((o, i) => pixels(main, [grid + 30 + i], o, level(1))),
    ...pixels(main, [grid + 38, grid + 39], 'GRB', level(1)),
  ];
  assert.deepEqual(p40.data.slice(0, expected40.length), expected40);

  // ---- sACN, read by tshark's ACN dissector
  const acn = (await tsharkDecode(caps.sacn.packets, 'acn', caps.sacn.port)).map((l) => JSON.stringify(l.acn));
  const field = (text: string, name: string): string => new RegExp(`"acn\\.${name.replace('.', '\\.')}":"([^"]*)"`).exec(text)?.[1] ?? '';
  const sacn = acn.map((text) => ({
    universe: Number(field(text, 'dmx.universe')),
    priority: Number(field(text, 'dmx.priority')),
    count: Number(field(text, 'dmx.count')),
    name: field(text, 'dmx.source_name'),
  }));
  assert.deepEqual(
    sacn.map((s) => [s.universe, s.priority, s.count - 1]),
    [
      [7, 150, 510],
      [8, 150, 180],
      [17, 100, 66],
      [18, 100, 66],
      [51, 100, 90],
      [50, 90, 163],
      [3, 100, 12],
    ],
    'universes in first-use order; universe 8 takes the higher of its two outputs’ priorities',
  );
  assert.ok(sacn.every((s) => s.name === 'Footlight'));
  const raw = (universe: number): Buffer => caps.sacn.packets.find((p) => p.readUInt16BE(113) === universe)!;
  const stripA = first('Strip A');
  const stripB = first('Strip B');
  assert.deepEqual([...raw(8).subarray(126, 126 + 90)], pixels(main, run(stripA + 170, 30), 'GRB', level(0.7)));
  assert.deepEqual([...raw(8).subarray(126 + 90, 126 + 180)], pixels(main, run(stripB, 30), 'BRG', level(1)));
  // The second native grid: LX's COLUMNS_T2B_L2R runs the columns right to left, each from the bottom.
  const grid2 = first('Native grid 2');
  const columns2 = run(0, 6).flatMap((i) => run(grid2 + 5 - i, 5, 6));
  assert.deepEqual([...raw(51).subarray(126)], pixels(main, columns2, 'BGR', level(1)));
  assert.deepEqual([...raw(17).subarray(126, 126 + 66)], [0, 0, 0, 0, 0, 0, ...pixels(main, run(stripA, 20), 'RGB', level(0.7))]);

  // ---- DDP (3waylabs' document): flags 0x41 (version 1, push), data type 0, destination 1, 32-bit offset, 16-bit length.
  const ddp = caps.ddp.packets.map((p) => ({ flags: p[0], id: p[3], offset: p.readUInt32BE(4), length: p.readUInt16BE(8), data: [...p.subarray(10)] }));
  assert.deepEqual(
    ddp.map((p) => [p.flags, p.id, p.offset, p.length]),
    [
      [0x41, 1, 2000, 115],
      [0x41, 1, 0, 120],
      [0x41, 1, 1000, 105],
      [0x41, 1, 5000, 105],
    ],
  );
  const arch = first('Left arch');
  // The sub-fixture's own output is dimmed by its component brightness (0.5); outputs declared in the parent file are not.
  assert.deepEqual(ddp[0].data, [...pixels(main, run(arch + 40, 25), 'GRB', level(0.5 * 0.8)), ...pixels(main, run(arch + 65, 10), 'RGBW', level(0.5 * 0.8))]);
  assert.deepEqual(ddp[1].data, pixels(main, run(arch, 40), 'BGR', level(0.8)));
  assert.deepEqual(ddp[2].data, pixels(main, run(arch + 40, 35), 'RGB', level(0.8)));
  assert.deepEqual(ddp[3].data, pixels(main, run(arch + 74, 35, -1), 'RGB', level(0.8)));

  // ---- OPC (openpixelcontrol.org): channel, command 0, 16-bit length, then the data from byte offset 6.
  const [opc] = caps.opcUdp.packets;
  assert.deepEqual([...opc.subarray(0, 4)], [2, 0, 0, 102]);
  assert.deepEqual([...opc.subarray(4)], [0, 0, 0, 0, 0, 0, ...pixels(main, run(first('OPC'), 32), 'GBR', level(1))]);

  // ---- KiNET (LX's layout): DMXOUT on port 1 from channel 10, PORTOUT on port 2, always 512 data bytes.
  const kinet = caps.kinet.packets;
  const dmxout = kinet.find((p) => p[6] === 0x01 && p[16] === 1)!;
  const portout = kinet.find((p) => p[6] === 0x08 && p[16] === 2)!;
  assert.equal(dmxout.length, 21 + 512);
  assert.equal(portout.length, 24 + 512);
  const panel = first('KiNET');
  assert.deepEqual([...dmxout.subarray(21 + 10, 21 + 310)], pixels(main, run(panel, 100), 'RBG', level(1)));
  assert.deepEqual([...portout.subarray(24, 24 + 300)], pixels(main, run(panel + 100, 100), 'BRG', level(1)));
});
