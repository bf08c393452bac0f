// Multi-cell stage fixtures (docs/fixtures.md, "Several cells"): QLC+ <Head> elements become the
// mode's heads, each cell samples its own model point along the fixture's width, and channels in
// no head (a master dimmer) follow the brightest cell.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PointSet } from '../../../src/light/model/points.js';
import { DEFAULT_PLACEMENT, StageFixture, StageRig } from '../../../src/light/show/stage-rig.js';
import { type FixtureProfile, ProfileError, checkProfile } from '../../../src/light/stage/profiles/profile.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';

const BAR_FILE = fileURLToPath(new URL('cell-profiles/qlc/Eurolite/Eurolite-LED-PMB-4-COB-RGB-30W-Bar.qxf', import.meta.url));
const bar = async () => importQlc(BAR_FILE, await readFile(BAR_FILE, 'utf8'));
const argb = (r: number, g: number, b: number) => (0xff000000 | (r << 16) | (g << 8) | b) >>> 0;

const pointSets = new Map<string, PointSet>();

/** One drive pass of `f` over points at `coords` (one PointSet per distinct list, as a model keeps it) coloured `colors`; returns its DMX. */
function drive(f: StageFixture, coords: [number, number, number][], colors: number[], level = 1): number[] {
  const rig = new StageRig();
  rig.fixtures.insert(f);
  const key = JSON.stringify(coords);
  const points = pointSets.get(key) ?? new PointSet(coords.length);
  pointSets.set(key, points);
  coords.forEach(([x, y, z], i) => {
    points.x[i] = x;
    points.y[i] = y;
    points.z[i] = z;
  });
  rig.drive({ colors: Uint32Array.from(colors), points, generation: 0, level });
  return [...f.dmx()];
}

const RED = argb(255, 0, 0);
const GREEN = argb(0, 255, 0);
const BLUE = argb(0, 0, 255);
const GREY = argb(64, 64, 64);
const DECOY = argb(1, 2, 3);

test("cells: QLC+ <Head> elements are read as the mode's heads (channel names, in order)", async () => {
  const p = await bar();
  const m = p.modes.find((x) => x.name === '12-Channel');
  assert.deepEqual(m?.heads, [
    ['Green 1', 'Blue 1', 'Red 1'],
    ['Green 2', 'Blue 2', 'Red 2'],
    ['Red 3', 'Green 3', 'Blue 3'],
    ['Green 4', 'Blue 4', 'Red 4'],
  ]);
  assert.equal(p.modes.find((x) => x.name === '5-Channel')?.heads, undefined, 'a mode without heads is one cell');
  const f = new StageFixture(p, { profileId: 'bar', mode: '12-Channel', universe: 1, address: 1, placement: DEFAULT_PLACEMENT }, 'Bar');
  assert.equal(f.cells, 4);
});

test('cells: checkProfile refuses a head naming a channel outside its mode or a channel in two heads', async () => {
  const p = await bar();
  const withHeads = (heads: string[][]): FixtureProfile =>
    checkProfile({
      ...structuredClone(p),
      channels: structuredClone([...p.channels]),
      modes: p.modes.map((m) => (m.name === '3-Channel' ? { ...structuredClone(m), heads } : structuredClone(m))),
    });
  assert.throws(
    () => withHeads([['Red'], ['Red 1']]),
    (e: unknown) => e instanceof ProfileError && /head 2 names channel "Red 1", which is not in the mode/.test(e.reason),
  );
  assert.throws(() => withHeads([['Red', 'Green'], ['Green']]), /channel "Green" is in two heads/);
  assert.throws(() => withHeads([['Red'], []]), /head 2 names no channel/);
  assert.deepEqual(withHeads([['Red'], ['Green', 'Blue']]).modes[0].heads, [['Red'], ['Green', 'Blue']]);
});

// 440 mm wide: 44 model units, four cells centred at x = −16.5, −5.5, 5.5, 16.5 around the position.
const CELL_X = [-16.5, -5.5, 5.5, 16.5];

test("cells: each cell samples the point nearest it along the fixture's width; yaw 180 reverses them", async () => {
  const p = await bar();
  const at = (yaw: number) =>
    new StageFixture(
      p,
      { profileId: 'bar', mode: '12-Channel', universe: 1, address: 1, placement: { ...DEFAULT_PLACEMENT, position: { x: 100, y: 5, z: 0 }, yaw } },
      'Bar',
    );
  // Points near each cell (a little off, so nearest is what picks them) and decoys farther away.
  const coords: [number, number, number][] = [...CELL_X.map((x, i): [number, number, number] => [100 + x + 0.4 * (i - 1.5), 5, 1]), [100, 40, 0], [0, 5, 0]];
  const colors = [RED, GREEN, BLUE, GREY, DECOY, DECOY];
  // Red 1..4 at offsets 0, 3, 6, 9; green at +1; blue at +2 (the 12-channel layout).
  assert.deepEqual(drive(at(0), coords, colors), [255, 0, 0, 0, 255, 0, 0, 0, 255, 64, 64, 64]);
  assert.deepEqual(drive(at(180), coords, colors), [64, 64, 64, 0, 0, 255, 0, 255, 0, 255, 0, 0]);
  const f = at(0);
  drive(f, coords, colors, 0.5);
  assert.deepEqual([...f.driven].slice(0, 3), [128, 0, 0], 'no dimmer: the level scales each cell');
  assert.deepEqual(f.drivenBy[0], 'the frame at model points 0, 1, 2, 3');
  // The nearest points are kept per placement: a turned fixture samples again.
  f.patch = { ...f.patch, placement: { ...f.patch.placement, yaw: 180 } };
  assert.deepEqual(drive(f, coords, colors), [64, 64, 64, 0, 0, 255, 0, 255, 0, 255, 0, 0]);
});

test('cells: an explicit sample names one point per cell; a missing point drives nothing', async () => {
  const p = await bar();
  const f = new StageFixture(p, { profileId: 'bar', mode: '12-Channel', universe: 1, address: 1, placement: DEFAULT_PLACEMENT, sample: [3, 0, 2, 1] }, 'Bar');
  const coords: [number, number, number][] = [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
    [3, 0, 0],
  ];
  assert.deepEqual(drive(f, coords, [RED, GREEN, BLUE, GREY]), [64, 64, 64, 255, 0, 0, 0, 0, 255, 0, 255, 0]);
  assert.deepEqual(drive(f, coords.slice(0, 3), [RED, GREEN, BLUE]), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 'point 3 is gone');
  assert.ok(f.driven.every(Number.isNaN));
});

test('cells: a master dimmer in no head takes the brightest cell; cells without a dimmer get their colour over it', () => {
  const rgb = (n: number) =>
    ['Red', 'Green', 'Blue'].map((c, k) => ({
      name: `${c} ${n}`,
      attribute: (['red', 'green', 'blue'] as const)[k],
      byte: 0 as const,
      defaultValue: 0,
      capabilities: [{ from: 0, to: 255, kind: 'color-intensity' as const, label: c }],
    }));
  const p = checkProfile({
    source: 'qlc',
    file: 'two-cells',
    maker: 'Test',
    model: 'Two Cells',
    type: 'bar',
    physical: { dimensionsMm: [200, 50, 50] },
    channels: [
      { name: 'Dimmer', attribute: 'intensity', byte: 0, defaultValue: 0, capabilities: [{ from: 0, to: 255, kind: 'intensity', label: 'Dimmer' }] },
      ...rgb(1),
      ...rgb(2),
    ],
    modes: [
      {
        name: '7',
        channels: ['Dimmer', 'Red 1', 'Green 1', 'Blue 1', 'Red 2', 'Green 2', 'Blue 2'],
        heads: [
          ['Red 1', 'Green 1', 'Blue 1'],
          ['Red 2', 'Green 2', 'Blue 2'],
        ],
      },
    ],
  });
  const f = new StageFixture(p, { profileId: 't', mode: '7', universe: 1, address: 1, placement: DEFAULT_PLACEMENT }, 'T');
  // 200 mm: cells at x = −5 and +5.
  const coords: [number, number, number][] = [
    [-5, 0, 0],
    [5, 0, 0],
  ];
  assert.deepEqual(drive(f, coords, [argb(0, 0, 100), argb(200, 100, 0)], 0.5), [100, 0, 0, 128, 255, 128, 0]);
  f.sampleIntensity.setValue(0);
  assert.deepEqual(drive(f, coords, [argb(0, 0, 100), argb(200, 100, 0)], 1), [0, 0, 0, 100, 200, 100, 0], 'dimmer not sampled: cells carry it');
});
