// An auto slice in one process (src/cluster/slice.ts, --slice auto): it starts empty, takes the
// leader's assignment at the start of the frame the assignment names (after rendering the whole rig
// for a while when it gains fixtures), and its output engine follows it in that same frame; an
// assignment that only takes fixtures away switches without the whole-rig frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../src/engine/engine.js';
import { silentLogger } from '../../src/engine/log.js';
import { isFootlightError } from '../../src/engine/errors.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { OutputEngine } from '../../src/light/output/output-engine.js';
import { NodeSlice, parseSlice, rigFixtures } from '../../src/cluster/slice.js';
import type { SliceAssignment } from '../../src/cluster/slice-assign.js';

const PROJECT = fileURLToPath(new URL('./slices/slices.lxp', import.meta.url));
const MEDIA = fileURLToPath(new URL('./slices/media', import.meta.url));
const FRAME_MS = 1000 / 60;
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);
/** The divergence checks' canary region every slice renders too (src/cluster/canary.ts): the first fixture, Left's 40 points. */
const CANARY = range(0, 40);
const refused = (message: RegExp) => (err: unknown) => isFootlightError(err) && err.code === 'invalid_argument' && message.test(err.message);

test('--slice auto: alone only', { timeout: 10_000 }, () => {
  assert.equal(parseSlice(' auto '), 'auto');
  assert.throws(() => parseSlice('auto,Left'), refused(/auto stands alone/));
  assert.throws(() => parseSlice('Left,auto'), refused(/auto stands alone/));
});

test('an auto slice switches at the frame the leader named, its outputs with it', { timeout: 30_000 }, async (t) => {
  const engine = new Engine();
  const light = await LightShow.open(engine, PROJECT, { media: MEDIA });
  const outputs = new OutputEngine(light, { log: silentLogger });
  t.after(() => outputs.close());
  for (const f of light.structure.fixtures.items) f.enabled.setBase(true);
  const rig = rigFixtures(light);
  assert.deepEqual(
    rig.map((f) => [f.label, f.points]),
    [
      ['Left', 40],
      ['Mid A', 40],
      ['Mid B', 40],
      ['Right', 40],
    ],
  );
  const id = (label: string): number => rig.find((f) => f.label === label)!.id;

  const slice = NodeSlice.resolve(light, 'auto');
  slice.restrict(outputs, false);
  let switches = 0;
  slice.onSwitch = () => switches++;
  assert.equal(slice.auto, true);
  assert.deepEqual(slice.names, [], 'nothing until the leader assigns');
  assert.deepEqual(slice.status, { auto: true });
  assert.deepEqual(outputs.universes(), []);
  engine.clock.stepFixed(10, FRAME_MS); // frames 0–9

  // Mid A and Right from frame 100: the whole rig renders from frame 40, the slice from 100.
  const first: SliceAssignment = {
    by: 'lead',
    seq: 1,
    frame: 100,
    at: '2026-01-01T00:00:00.000Z',
    slices: { a1: [id('Mid A'), id('Right')], a2: [id('Left')] },
  };
  slice.offer(first, 'a1', silentLogger);
  engine.clock.stepFixed(30, FRAME_MS); // frames 10–39
  assert.deepEqual([...light.renderSubset!], CANARY, 'not yet: the canary alone');
  engine.clock.stepFixed(1, FRAME_MS); // frame 40
  assert.equal(light.renderSubset, null, 'the whole rig, before it gains fixtures');
  assert.deepEqual(outputs.universes(), [], 'still sending nothing');
  engine.clock.stepFixed(59, FRAME_MS); // frames 41–99: the switch is at the start of frame 100
  assert.equal(switches, 0);
  engine.clock.stepFixed(1, FRAME_MS); // frame 100
  assert.equal(switches, 1);
  assert.deepEqual([...light.renderSubset!], [...CANARY, ...range(40, 80), ...range(120, 160)]);
  assert.deepEqual(slice.names, ['Mid A', 'Right']);
  assert.deepEqual(slice.status, { auto: true, assigned: { by: 'lead', frame: 100, at: first.at } });
  assert.deepEqual(outputs.universes(), ['artnet/udp/127.0.0.1:6454#2', 'artnet/udp/127.0.0.1:6454#4']);
  assert.equal(slice.sends(light.structure.fixtures.items[1]), true);

  // The same assignment again (the leader rewrites it every second) changes nothing.
  slice.offer(first, 'a1', silentLogger);
  engine.clock.stepFixed(100, FRAME_MS);
  assert.equal(switches, 1);

  // Right moves away at frame 300: no whole-rig frames, a switch at 300.
  const second: SliceAssignment = { ...first, seq: 2, frame: 300, slices: { a1: [id('Mid A')], a2: [id('Left'), id('Right')] } };
  slice.offer(second, 'a1', silentLogger);
  engine.clock.stepFixed(99, FRAME_MS); // frames 201–299
  assert.deepEqual([...light.renderSubset!], [...CANARY, ...range(40, 80), ...range(120, 160)], 'losing fixtures needs no warm-up');
  assert.deepEqual(outputs.universes(), ['artnet/udp/127.0.0.1:6454#2', 'artnet/udp/127.0.0.1:6454#4']);
  engine.clock.stepFixed(1, FRAME_MS); // frame 300
  assert.deepEqual([...light.renderSubset!], [...CANARY, ...range(40, 80)]);
  assert.deepEqual(outputs.universes(), ['artnet/udp/127.0.0.1:6454#2']);

  // An assignment whose frame has passed (read late) switches at the next frame; one without this node empties it.
  slice.offer({ ...second, seq: 3, frame: 10, slices: { a2: [id('Left'), id('Mid A'), id('Right')] } }, 'a1', silentLogger);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.deepEqual([...light.renderSubset!], CANARY);
  assert.deepEqual(slice.names, []);
  assert.deepEqual(outputs.universes(), []);
  assert.equal(switches, 3);
});
