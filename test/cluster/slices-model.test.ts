// A node's slice in one process (src/cluster/slice.ts): `--slice` parsing, fixtures resolved by
// label and index, the render subset following the model when fixtures are added and removed
// (and back), the output engine sending only the slice's fixtures, and bad slices refused with
// nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../src/engine/engine.js';
import { silentLogger } from '../../src/engine/log.js';
import { isFootlightError } from '../../src/engine/errors.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { OutputEngine } from '../../src/light/output/output-engine.js';
import { Fixture } from '../../src/light/structure/fixture.js';
import { NodeSlice, parseSlice } from '../../src/cluster/slice.js';

const PROJECT = fileURLToPath(new URL('./slices/slices.lxp', import.meta.url));
const MEDIA = fileURLToPath(new URL('./slices/media', import.meta.url));
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);
/** The divergence checks' canary region every slice renders too (src/cluster/canary.ts): the first fixture, Left's 40 points. */
const CANARY = range(0, 40);

const refused = (code: string, message: RegExp) => (err: unknown) => isFootlightError(err) && err.code === code && message.test(err.message);

test('--slice: labels, indices and none; blank entries and repeats refused', () => {
  assert.deepEqual(parseSlice('none'), []);
  assert.deepEqual(parseSlice('Left, 1,Mid B'), ['Left', 1, 'Mid B']);
  assert.deepEqual(parseSlice('3'), [3]);
  assert.throws(() => parseSlice('Left,,1'), refused('invalid_argument', /an entry is blank/));
  assert.throws(() => parseSlice(''), refused('invalid_argument', /an entry is blank/));
  assert.throws(() => parseSlice('1,Left,1'), refused('invalid_argument', /1 is named twice/));
});

test('a slice renders its fixtures’ points, follows the model as fixtures come and go, and sends only its fixtures', async (t) => {
  const engine = new Engine();
  const light = await LightShow.open(engine, PROJECT, { media: MEDIA });
  const outputs = new OutputEngine(light, { log: silentLogger });
  t.after(() => outputs.close());

  // Bad slices: refused, and the show renders and sends as before.
  assert.throws(() => NodeSlice.resolve(light, ['Left', 'Nope']), refused('not_found', /no fixture labelled "Nope" .*4 fixtures: 0 Left, 1 Mid A/));
  assert.throws(() => NodeSlice.resolve(light, [4]), refused('not_found', /no fixture at index 4/));
  engine.clock.stepFixed(1, 1000 / 60);
  assert.equal(light.renderSubset, null, 'a refused slice set no subset');
  assert.equal(light.beforeFrame.length, 0, 'nor a frame hook');

  const slice = NodeSlice.resolve(light, ['Mid A', 3]);
  assert.deepEqual(slice.names, ['Mid A', 'Right']);
  assert.deepEqual([...light.renderSubset!], [...CANARY, ...range(40, 80), ...range(120, 160)]);

  // A fixture inserted first moves every point: the slice moves with it before the next frame.
  const extra = new Fixture('Strip');
  light.structure.addFixture(extra, 0);
  const size = light.structure.pointRanges.get(extra)!.count;
  engine.clock.stepFixed(1, 1000 / 60);
  assert.deepEqual([...light.renderSubset!], [...range(0, Math.min(size, 64)), ...range(40 + size, 80 + size), ...range(120 + size, 160 + size)]);
  assert.equal(slice.sends(extra), false, 'a fixture added later is in no slice');
  light.structure.removeFixture(extra);
  engine.clock.stepFixed(1, 1000 / 60);
  assert.deepEqual([...light.renderSubset!], [...CANARY, ...range(40, 80), ...range(120, 160)], 'removed: back where it was');

  // The outputs: only the slice's fixtures send; the others say why not.
  for (const f of light.structure.fixtures.items) f.enabled.setBase(true);
  const whole = outputs.map();
  assert.deepEqual(
    whole.fixtures.map((f) => f.sending),
    [true, true, true, true],
  );
  outputs.restrict((f) => slice.sends(f), false);
  const sliced = outputs.map();
  assert.deepEqual(
    sliced.fixtures.map((f) => [f.label, f.sending, f.idle ?? null]),
    [
      ['Left', false, "outside this cluster node's slice (serve --slice)"],
      ['Mid A', true, null],
      ['Mid B', false, "outside this cluster node's slice (serve --slice)"],
      ['Right', true, null],
    ],
  );
  assert.equal(sliced.packetsPerFrame, whole.packetsPerFrame / 2, 'half the universes');
  // What the node registry says it sends: the map's destinations and universes of the sending outputs.
  const fromMap = sliced.fixtures.flatMap((f) =>
    f.outputs.filter((o) => o.sending).flatMap((o) => o.segments.flatMap((g) => g.allocation.map((a) => `${o.destination}#${a.universe}`))),
  );
  assert.deepEqual(outputs.universes(), ['artnet/udp/127.0.0.1:6454#2', 'artnet/udp/127.0.0.1:6454#4']);
  assert.deepEqual(outputs.universes(), fromMap);
});
