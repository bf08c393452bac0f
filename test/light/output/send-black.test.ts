// A black frame (OutputEngine.sendBlack: a cluster node whose flywheel ends black, docs/cluster.md
// "Failure"): every packet of the plan goes out with all its channels at zero, a stage fixture's
// included, its sequence advancing; the show is untouched, so the next frame sends the scene again.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PLACEMENT, StageFixture } from '../../../src/light/show/stage-rig.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';
import { udpCapture } from '../../helpers/pcap.js';
import { outputRig } from './helpers.js';

const QLC = fileURLToPath(new URL('../stage/fixtures/qlc/', import.meta.url));
const CAMEO = 'Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';

/** An ArtDmx datagram's universe, sequence and DMX data. */
function artDmx(msg: Buffer): { universe: number; sequence: number; data: number[] } {
  assert.equal(msg.toString('latin1', 0, 8), 'Art-Net\0');
  assert.equal(msg.readUInt16LE(8), 0x5000);
  return { universe: msg.readUInt16LE(14), sequence: msg[12], data: [...msg.subarray(18, 18 + msg.readUInt16BE(16))] };
}

test('sendBlack: every channel at zero, stage fixtures included; the next frame sends the scene again', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  rig.fixture('StripFixture', { numPoints: 10, protocol: 'ARTNET', artNetUniverse: 1, dmxChannel: 0, byteOrder: 'RGB', enabled: true });
  const profile = importQlc(CAMEO, await readFile(`${QLC}${CAMEO}`, 'utf8'));
  const pts = rig.light.structure.model.points;
  const par = new StageFixture(
    profile,
    {
      profileId: CAMEO,
      mode: '6-Channel Mode',
      universe: 1,
      address: 101,
      placement: { ...DEFAULT_PLACEMENT, position: { x: pts.x[3], y: pts.y[3], z: pts.z[3] } },
    },
    'Par',
  );
  rig.light.lx.stage.fixtures.insert(par);

  await rig.frames(1);
  await cap.waitFor(1);
  const lit = artDmx(cap.packets[0]);
  assert.equal(lit.universe, 1);
  assert.ok(
    lit.data.slice(0, 30).some((v) => v !== 0),
    'the strip is lit',
  );
  assert.ok(
    lit.data.slice(100, 106).some((v) => v !== 0),
    'the par is lit',
  );

  await rig.engine.queue.submit(() => rig.outputs.sendBlack());
  await rig.outputs.flush();
  await cap.waitFor(2);
  const black = artDmx(cap.packets[1]);
  assert.equal(black.universe, 1);
  assert.equal(black.data.length, lit.data.length, 'the same packet, its channels at zero');
  assert.ok(
    black.data.every((v) => v === 0),
    `all zero: ${black.data.slice(0, 12).join(',')}…`,
  );
  assert.notEqual(black.sequence, lit.sequence, 'its sequence advances');

  await rig.frames(1);
  await cap.waitFor(3);
  assert.deepEqual(artDmx(cap.packets[2]).data, lit.data, 'the show was untouched: the next frame sends the scene again');
});
