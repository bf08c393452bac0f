// Frame-rate limits: an output's `fps` in its fixture file holds its packets back (the lowest
// limit of the outputs in a packet wins), the structure output's fps and switch act on all of
// them. Limits count engine time, so stepping the clock gives the same packets every run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSON_FIXTURE_CLASS } from '../../../src/light/model/index.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { udpCapture } from '../../helpers/pcap.js';
import { type OutputRig, outputRig } from './helpers.js';

const STRIP = {
  label: 'Limited',
  components: [{ type: 'strip', numPoints: 10 }],
  outputs: [
    { protocol: 'artnet', host: '127.0.0.1', universe: 1, fps: 30, sequenceEnabled: true, num: 5 },
    { protocol: 'artnet', host: '127.0.0.1', universe: 2, start: 5, num: 5 },
    { protocol: 'artnet', host: '127.0.0.1', universe: 2, channel: 100, start: 5, num: 5, fps: 20 },
  ],
};

/** Steps `n` frames at 60 fps as the engine runs them (nowMillis 16, 33, 50, 66…), each sent. */
async function frames60(rig: OutputRig, n: number): Promise<void> {
  await rig.outputs.whenConnected();
  for (let i = 0; i < n; i++) {
    rig.engine.clock.stepFixed(1, 1000 / 60);
    await rig.outputs.flush();
  }
}

/** Three equal universes back to back, the middle one limited: the sender batches them as one run. */
const RUN = {
  label: 'Run',
  components: [{ type: 'strip', numPoints: 15 }],
  outputs: [
    { protocol: 'artnet', host: '127.0.0.1', universe: 1, num: 5 },
    { protocol: 'artnet', host: '127.0.0.1', universe: 2, start: 5, num: 5, fps: 30 },
    { protocol: 'artnet', host: '127.0.0.1', universe: 3, start: 10, num: 5 },
  ],
};

async function media(t: Parameters<typeof outputRig>[0], doc: object = STRIP): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-fps-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'Fixtures'));
  await writeFile(join(dir, 'Fixtures', `${(doc as { label: string }).label}.lxf`), JSON.stringify(doc));
  return dir;
}

test('an output fps holds its packets back by engine time; the lowest fps of a packet wins; sequences advance only when sent', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  rig.light.structure.resolveLxf = mediaResolvers(await media(t)).resolveLxf;
  const f = new Fixture(JSON_FIXTURE_CLASS);
  f.fixtureType!.setString('Limited');
  f.enabled.setValue(1);
  rig.light.structure.addFixture(f);
  // Frames at 16, 33, 50, 66, 83, 100, 116 ms: 30 fps sends every second frame, 20 fps every third.
  await frames60(rig, 7);
  await cap.waitFor(4 + 3);
  await new Promise((r) => setTimeout(r, 50));
  const universes = cap.packets.map((p) => p.readUInt16LE(14));
  assert.deepEqual(universes.filter((u) => u === 1).length, 4, `universe 1 (30 fps) in ${universes}`);
  assert.equal(universes.filter((u) => u === 2).length, 3, `universe 2 (20 fps with an unlimited output) in ${universes}`);
  assert.deepEqual(
    cap.packets.filter((p) => p.readUInt16LE(14) === 1).map((p) => p[12]),
    [2, 3, 4, 5],
    'sequence numbers advance only with the packets sent',
  );
  assert.equal(rig.outputs.map().fixtures[0].outputs[0].fps, 30);
});

test('a limited universe inside a run of equal universes is held back alone; the others go every frame, in order', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  rig.light.structure.resolveLxf = mediaResolvers(await media(t, RUN)).resolveLxf;
  const f = new Fixture(JSON_FIXTURE_CLASS);
  f.fixtureType!.setString('Run');
  f.enabled.setValue(1);
  rig.light.structure.addFixture(f);
  assert.deepEqual([...new Set(rig.outputs.map().fixtures[0].outputs.map((o) => o.segments[0].allocation[0].end))], [15], 'three equal packets');
  // Frames at 16, 33, 50, 66 ms: universe 2 (30 fps) goes with the first and third.
  await frames60(rig, 4);
  await cap.waitFor(4 + 2 + 4);
  await new Promise((r) => setTimeout(r, 50));
  const universes = cap.packets.map((p) => p.readUInt16LE(14));
  assert.deepEqual(universes, [1, 2, 3, 1, 3, 1, 2, 3, 1, 3]);
});

test('the structure output limits and switches every fixture output', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  rig.fixture('StripFixture', { numPoints: 4, protocol: 'ARTNET', enabled: true });
  const stage = rig.light.structure.output;
  stage.fps.setValue(20);
  await frames60(rig, 7);
  await cap.waitFor(3);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(cap.packets.length, 3, '20 fps on a 60 fps engine: every third frame');
  assert.equal(rig.outputs.stats().framesLimited, 4);
  stage.fps.setValue(0);
  stage.enabled.setValue(0);
  await frames60(rig, 3);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(cap.packets.length, 3, 'nothing is sent while /lx/structure/output/enabled is off');
  assert.equal(rig.outputs.map().live, false);
});

test("/lx/output's ArtSync goes only in frames where an ArtDmx of its destination goes", async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port });
  rig.light.structure.resolveLxf = mediaResolvers(await media(t)).resolveLxf;
  const f = new Fixture(JSON_FIXTURE_CLASS);
  f.fixtureType!.setString('Limited');
  f.enabled.setValue(1);
  rig.light.structure.addFixture(f);
  rig.light.lx.output.artNetSync.setValue(1);
  // Universe 1 at 30 fps, universe 2 at 20 fps: frames at 16, 33, 50, 66, 83, 100, 116 ms send 1 2, -, 1, 2, 1, -, 1 2.
  await frames60(rig, 7);
  await cap.waitFor(4 + 3 + 5);
  await new Promise((r) => setTimeout(r, 50));
  // ArtDmx opcode 0x5000 (universe at 14), ArtSync 0x5200 (14 bytes), little-endian opcodes at 8.
  const stream = cap.packets.map((p) => (p.readUInt16LE(8) === 0x5200 ? 's' : String(p.readUInt16LE(14)))).join(' ');
  assert.equal(stream, '1 2 s 1 s 2 s 1 s 1 2 s', 'an ArtSync after each frame that sent an ArtDmx, none after a frame that sent nothing');
});
