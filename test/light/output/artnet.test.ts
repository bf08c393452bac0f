// Art-Net: packets captured on loopback and dissected by Debian's tshark (its Art-Net
// dissector), compared with the engine's frame through LX's gamma and brightness formulas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../../helpers/pcap.js';
import { expectedBytes, hexBytes, outputRig, range } from './helpers.js';

const skip = tsharkAvailable() ? false : process.env.CI === 'true' ? false : 'tshark is not installed (apt-get install tshark)';

interface ArtDmx {
  universe: number;
  sequence: number;
  length: number;
  data: number[];
}

function artDmx(layers: Record<string, unknown>): ArtDmx {
  const a = layers.artnet as Record<string, Record<string, string>>;
  assert.equal(a['artnet.header']['artnet.header.id'], 'Art-Net');
  assert.equal(a['artnet.header']['artnet.header.opcode'], '0x5000');
  assert.equal(a['artnet.header']['artnet.header.protver'], '14');
  const o = a['artnet.output'];
  const dmx = layers.dmx_chan as Record<string, string> | undefined;
  return {
    universe: Number(o['artnet.output.universe']),
    sequence: Number(o['artnet.output.sequence']),
    length: Number(o['artnet.output.length']),
    data: hexBytes(dmx?.['dmx_chan.data_filter'] ?? ''),
  };
}

test('Art-Net: a grid overflows into the next universes; tshark reads universes, sequence, length and pixels with gamma and brightness', {
  skip,
}, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  const grid = rig.fixture('GridFixture', {
    numRows: 10,
    numColumns: 20,
    protocol: 'ARTNET',
    artNetUniverse: 3,
    dmxChannel: 10,
    byteOrder: 'GRB',
    artNetSequenceEnabled: true,
    enabled: true,
  });
  // Fixture outputs take gamma from the structure's output stage; /lx/output's gamma does not reach them (LX).
  rig.light.structure.output.gamma.setValue(2.2);
  rig.light.lx.output.gamma.setValue(3);
  rig.light.lx.output.brightness.setValue(0.5);
  grid.brightness.setValue(0.8);
  await rig.frames(2);
  // 200 pixels × 3 bytes from channel 10: 167 pixels fit in universe 3 (10 + 501 = 511), 33 go to universe 4 from channel 0.
  await cap.waitFor(4);
  const packets = (await tsharkDecode(cap.packets, 'artnet', cap.port)).map(artDmx);
  // LX's sequence starts at 1 and advances before each send: the first packet carries 2.
  assert.deepEqual(
    packets.map((p) => [p.universe, p.sequence, p.length]),
    [
      [3, 2, 512],
      [4, 2, 100],
      [3, 3, 512],
      [4, 3, 100],
    ],
  );
  const level = Math.floor(255 * 0.5 * 0.8 + 0.5);
  const main = rig.light.main;
  assert.deepEqual(packets[2].data.slice(0, 10), new Array(10).fill(0), 'channels before dmxChannel are black');
  assert.deepEqual(packets[2].data.slice(10, 511), expectedBytes(main, range(0, 167), 'GRB', level, 2.2));
  assert.deepEqual(packets[3].data.slice(0, 99), expectedBytes(main, range(167, 33), 'GRB', level, 2.2));
  assert.equal(packets[3].data[99], 0, 'odd lengths are padded to even with 0');
  assert.ok(
    packets[2].data.some((b) => b > 0),
    'the frame is not black',
  );
});

test('Art-Net: grid wiring reorders the pixels and a grid ignores reverse, as in LX; ArtSync follows each frame when enabled', { skip }, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  rig.fixture('GridFixture', { numRows: 3, numColumns: 4, protocol: 'ARTNET', artNetUniverse: 1, wiring: 'ZIGZAG_HORIZ_BL', reverse: true, enabled: true });
  rig.light.lx.output.artNetSync.setValue(1);
  await rig.frames(1);
  await cap.waitFor(2);
  const layers = await tsharkDecode(cap.packets, 'artnet', cap.port);
  const dmx = artDmx(layers[0]);
  // zigzag from bottom left: row 0 left→right, row 1 right→left, row 2 left→right; LX's
  // GridFixture sends in wiring order whatever `reverse` says.
  const wiring = [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11];
  assert.deepEqual(dmx.data.slice(0, 36), expectedBytes(rig.light.main, wiring, 'RGB', 255));
  const sync = layers[1].artnet as Record<string, Record<string, string>>;
  assert.equal(sync['artnet.header']['artnet.header.opcode'], '0x5200', 'ArtSync');
  assert.equal(cap.packets[1].length, 14);
});

test('Art-Net: master fader (PRE) × output brightness × fixture brightness pick the level; output off sends nothing', { skip }, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  rig.fixture('StripFixture', { numPoints: 8, protocol: 'ARTNET', byteOrder: 'RGBW', enabled: true });
  rig.light.mixer.master.fader.setValue(0.5);
  await rig.frames(1);
  await cap.waitFor(1);
  const [first] = (await tsharkDecode(cap.packets, 'artnet', cap.port)).map(artDmx);
  assert.deepEqual(first.data.slice(0, 32), expectedBytes(rig.light.main, range(0, 8), 'RGBW', 128));
  rig.light.lx.output.enabled.setValue(0);
  await rig.frames(3);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(cap.packets.length, 1, 'nothing is sent while /lx/output/enabled is off');
});
