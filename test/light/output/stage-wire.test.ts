// Stage fixtures on the wire: a par patched Art-Net into a pixel strip's universe shares its
// packet (tshark's Art-Net dissector reads both), a par on sACN gets its own universe (the sacn
// package's Receiver decodes it); their bytes are the sampled frame through the profile, dimmed
// by the output level chain, and the parameters' values when nothing drives them.
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Packet, Receiver } from 'sacn';
import { DEFAULT_PLACEMENT, StageFixture } from '../../../src/light/show/stage-rig.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../../helpers/pcap.js';
import { expectedBytes, hexBytes, outputRig, range } from './helpers.js';

const skip = tsharkAvailable() ? false : process.env.CI === 'true' ? false : 'tshark is not installed (apt-get install tshark)';
const QLC = fileURLToPath(new URL('../stage/fixtures/qlc/', import.meta.url));
const CAMEO = 'Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';

async function freePort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function until(pred: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  assert.ok(pred(), 'timed out waiting for packets');
}

/** What a 6-channel Cameo par should get for a pixel (written from the documented rules, not the driver's code). */
function expectedPar(argb: number, level: number): number[] {
  const r = (argb >>> 16) & 255;
  const g = (argb >>> 8) & 255;
  const b = argb & 255;
  const m = Math.max(r, g, b);
  const full = (v: number) => (m === 0 ? 0 : Math.round((v / m) * 255));
  return [Math.round(m * level), 0, full(r), full(g), full(b), 0];
}

test('stage fixtures on the wire: Art-Net sharing a pixel universe, sACN on its own, sampled and dimmed like pixels', { skip }, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const sacnPort = await freePort();
  const receiver = new Receiver({ universes: [9], port: sacnPort, iface: '127.0.0.1', reuseAddr: true });
  const sacn: Packet[] = [];
  receiver.on('packet', (p) => sacn.push(p));
  await new Promise((r) => (receiver as unknown as { socket: dgram.Socket }).socket.once('listening', r));
  t.after(() => new Promise<void>((r) => receiver.close(() => r())));

  const rig = await outputRig(t, { artnet: cap.port, sacn: sacnPort });
  rig.fixture('StripFixture', { numPoints: 10, protocol: 'ARTNET', artNetUniverse: 1, dmxChannel: 0, byteOrder: 'RGB', enabled: true });
  const profile = importQlc(CAMEO, await readFile(`${QLC}${CAMEO}`, 'utf8'));
  const pts = rig.light.structure.model.points;
  const at = (i: number) => ({ ...DEFAULT_PLACEMENT, position: { x: pts.x[i], y: pts.y[i], z: pts.z[i] } });
  const artPar = new StageFixture(profile, { profileId: CAMEO, mode: '6-Channel Mode', universe: 1, address: 101, placement: at(3) }, 'Art par');
  const sacnPar = new StageFixture(
    profile,
    { profileId: CAMEO, mode: '6-Channel Mode', universe: 9, address: 1, placement: at(8), protocol: 'sacn', sample: [8] },
    'sACN par',
  );
  rig.light.lx.stage.fixtures.insert(artPar);
  rig.light.lx.stage.fixtures.insert(sacnPar);
  rig.light.lx.output.brightness.setValue(0.5);

  await rig.frames(2);
  await cap.waitFor(2);
  await until(() => sacn.length >= 2);
  const main = rig.light.main;
  assert.ok(main[3] !== main[8] && (main[3] & 0xffffff) !== 0, 'the gradient gives the two points different, lit colours');
  const packets = (await tsharkDecode(cap.packets, 'artnet', cap.port)).map((layers) => {
    const o = (layers.artnet as Record<string, Record<string, string>>)['artnet.output'];
    return { universe: Number(o['artnet.output.universe']), data: hexBytes((layers.dmx_chan as Record<string, string>)['dmx_chan.data_filter']) };
  });
  assert.deepEqual(
    packets.map((p) => [p.universe, p.data.length]),
    [
      [1, 106],
      [1, 106],
    ],
    'one packet per frame: the strip (30 bytes) and the par (channels 101–106) share universe 1',
  );
  const level = Math.round(255 * 0.5);
  assert.deepEqual(packets[1].data.slice(0, 30), expectedBytes(main, range(0, 10), 'RGB', level), 'the strip as before');
  assert.deepEqual(packets[1].data.slice(30, 100), new Array(70).fill(0));
  assert.deepEqual(packets[1].data.slice(100, 106), expectedPar(main[3], 0.5), 'the par: point 3 (its position), level 0.5');
  const last = sacn[sacn.length - 1];
  assert.deepEqual([...(last.payloadAsBuffer ?? [])].slice(0, 6), expectedPar(main[8], 0.5), 'the sACN par: point 8');
  assert.equal(last.universe, 9);
  const sacnStats = rig.outputs.stats().destinations.find((d) => d.protocol === 'sacn');
  assert.ok(sacnStats !== undefined && sacnStats.packets >= 2, "get_output_stats counts the stage fixture's destination");

  // Nothing sampled: the parameters' values go out.
  artPar.sampleColor.setValue(0);
  artPar.sampleIntensity.setValue(0);
  artPar.values[0].setValue(17);
  const before = cap.packets.length;
  await rig.frames(1);
  await cap.waitFor(before + 1);
  const [off] = (await tsharkDecode(cap.packets.slice(before), 'artnet', cap.port)).map((layers) =>
    hexBytes((layers.dmx_chan as Record<string, string>)['dmx_chan.data_filter']),
  );
  assert.deepEqual(off.slice(100, 106), [17, 0, 0, 0, 0, 0]);

  // /lx/output disabled: nothing is sent, stage fixtures included.
  rig.light.lx.output.enabled.setValue(0);
  const quiet = cap.packets.length + sacn.length;
  await rig.frames(2);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(cap.packets.length + sacn.length, quiet);
  const map = rig.outputs.map();
  const entry = map.fixtures.find((f) => f.path === artPar.path);
  assert.deepEqual(entry?.outputs[0].segments[0].allocation, [{ universe: 1, start: 100, end: 106, pixels: 0 }], 'the output map shows its channels');
  assert.equal(map.problems.length, 0);
});
