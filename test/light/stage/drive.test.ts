// The stage fixtures' drive pass: a driven value replaces the parameter's in the DMX bytes, and
// every frame's pass starts from nothing driven.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PLACEMENT, StageFixture, StageRig } from '../../../src/light/show/stage-rig.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';
import { PointSet } from '../../../src/light/model/points.js';

const QLC = fileURLToPath(new URL('fixtures/qlc/', import.meta.url));
const profile = async (path: string) => importQlc(path, await readFile(`${QLC}${path}`, 'utf8'));

test('drive: a driven value goes out instead of the parameter; the pass clears it each frame', async () => {
  const par = await profile('Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf');
  const rig = new StageRig();
  const f = new StageFixture(par, { profileId: 'par', mode: '3-Channel Mode 2', universe: 1, address: 1, placement: DEFAULT_PLACEMENT }, 'Par');
  rig.fixtures.insert(f);
  f.values[0].setValue(10);
  assert.deepEqual([...f.dmx()], [10, 0, 0]);
  f.driven[0] = 200;
  f.driven[2] = 7;
  assert.deepEqual([...f.dmx()], [200, 0, 7], 'driven slots replace the parameter values');
  assert.equal(f.values[0].getValue(), 10, 'the parameter keeps its value');
  rig.drive({ colors: new Uint32Array(0), points: new PointSet(0), generation: 0, level: 1 });
  assert.ok(f.driven.every(Number.isNaN));
  assert.deepEqual([...f.dmx()], [10, 0, 0]);
});

const argb = (r: number, g: number, b: number) => (0xff000000 | (r << 16) | (g << 8) | b) >>> 0;

/** A rig of one fixture at `position`, over a model of `points` coloured `colors`; returns its DMX after one drive pass at `level`. */
async function driven(
  file: string,
  mode: string,
  colors: number[],
  options: {
    level?: number;
    points?: [number, number, number][];
    position?: [number, number, number];
    setup?: (f: StageFixture) => void;
    after?: (f: StageFixture, drive: () => void) => void;
  } = {},
) {
  const rig = new StageRig();
  const [x, y, z] = options.position ?? [0, 0, 0];
  const placement = { ...DEFAULT_PLACEMENT, position: { x, y, z } };
  const f = new StageFixture(await profile(file), { profileId: file, mode, universe: 1, address: 1, placement }, 'F');
  rig.fixtures.insert(f);
  options.setup?.(f);
  const coords = options.points ?? colors.map((_, i) => [i, 0, 0] as [number, number, number]);
  const points = new PointSet(coords.length);
  coords.forEach(([px, py, pz], i) => {
    points.x[i] = px;
    points.y[i] = py;
    points.z[i] = pz;
  });
  rig.drive({ colors: Uint32Array.from(colors), points, generation: 0, level: options.level ?? 1 });
  options.after?.(f, () => rig.drive({ colors: Uint32Array.from(colors), points, generation: 0, level: options.level ?? 1 }));
  return [...f.dmx()];
}

const CAMEO = 'Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';
const MAC = 'Martin/Martin-MAC-250-Wash.qxf';
const RGBW = 'Eurolite/Eurolite-LED-PARty-RGBW.qxf';

test('drive: an RGB par with a dimmer gets the brightness on the dimmer and the colour at full', async () => {
  // 6-channel mode: dimmer, strobe speed, red, green, blue, mode.
  assert.deepEqual(await driven(CAMEO, '6-Channel Mode', [argb(128, 64, 0)]), [128, 0, 255, 128, 0, 0]);
  assert.deepEqual(await driven(CAMEO, '6-Channel Mode', [argb(128, 64, 0)], { level: 0.5 }), [64, 0, 255, 128, 0, 0], 'the level dims the dimmer only');
  assert.deepEqual(await driven(CAMEO, '6-Channel Mode', [argb(0, 0, 0)]), [0, 0, 0, 0, 0, 0], 'black: dimmer 0');
});

test('drive: a par without a dimmer gets the colour direct, times the level', async () => {
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', [argb(128, 64, 0)]), [128, 64, 0]);
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', [argb(128, 64, 0)], { level: 0.5 }), [64, 32, 0]);
});

test('drive: RGBW takes the white all three share out of red, green and blue', async () => {
  // red, green, blue, white, dimmer, effect
  assert.deepEqual(await driven(RGBW, '6 Channel', [argb(255, 200, 100)]), [155, 100, 0, 100, 255, 0]);
  assert.deepEqual(await driven(RGBW, '6 Channel', [argb(100, 100, 100)]), [0, 0, 0, 255, 100, 0], 'grey: all white, dimmed');
});

test('drive: 16-bit dimmer, CMY, colour wheel nearest slot within the threshold, shutter opened', async () => {
  const mode = '16 Ex (16 Bit Extended)';
  // shutter, dimmer (2), cyan (2), magenta (2), yellow (2), wheel (2), frost (2), pan (2), tilt (2), speeds.
  const bytes = await driven(MAC, mode, [argb(0, 128, 255)], { level: 0.5 });
  assert.equal(bytes[0], 34, 'shutter: the middle of the first "shutter open" range (20–49)');
  assert.deepEqual(bytes.slice(1, 3), [0x80, 0x00], 'dimmer 16-bit: round(0.5 × 65535) = 32768');
  assert.deepEqual(bytes.slice(3, 9), [0xff, 0xff, 127, 127, 0, 0], 'CMY = full − the normalised colour: 127 × 257 = 32639');
  assert.deepEqual(bytes.slice(9, 11), [0, 0], '(0, 0.5, 1) is 0.502 from blue: past the threshold, the open slot');
  const wheel = async (r: number, g: number, b: number) => (await driven(MAC, mode, [argb(r, g, b)])).slice(9, 11);
  assert.deepEqual(await wheel(10, 0, 250), [181, 0], 'blue 108 (180–183): its middle, coarse byte');
  assert.deepEqual(await wheel(255, 127, 0), [189, 0], '0.498 from red 308 (188–191): within the threshold');
  assert.deepEqual(await wheel(255, 128, 0), [0, 0], '0.502 from red: the open slot');
  assert.deepEqual(await wheel(0, 0, 0), [0, 0], 'black: the open slot');
  const dark = await driven(MAC, mode, [argb(0, 0, 0)]);
  assert.deepEqual(dark.slice(1, 9), [0, 0, 255, 255, 255, 255, 255, 255], 'black: dimmer 0, CMY full');
});

test('drive: the nearest model point is sampled (ties: the lower index); settings turn parts off', async () => {
  const points: [number, number, number][] = [
    [0, 0, 0],
    [1, 0, 0.1],
    [1, 0, -0.1],
  ];
  const colors = [argb(255, 0, 0), argb(0, 255, 0), argb(0, 0, 255)];
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', colors, { points, position: [1, 0, 0] }), [0, 255, 0], 'tie between 1 and 2: point 1');
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', colors, { points, position: [0.2, 0, 0] }), [255, 0, 0]);
  const moved = (f: StageFixture, drive: () => void) => {
    f.patch = { ...f.patch, placement: { ...f.patch.placement, position: { x: 1, y: 0, z: -0.1 } } };
    drive();
  };
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', colors, { points, after: moved }), [0, 0, 255], 'moved: its new nearest point');
  const setPatch = (sample: 'off' | number[]) => (f: StageFixture) => {
    f.patch = { ...f.patch, sample };
    f.values[0].setValue(7);
  };
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', colors, { points, setup: setPatch([2]) }), [0, 0, 255], 'an explicit point');
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', colors, { points, setup: setPatch('off') }), [7, 0, 0], 'off: the parameters');
  assert.deepEqual(await driven(CAMEO, '3-Channel Mode 2', colors, { points, setup: setPatch([9]) }), [7, 0, 0], 'a point the model lacks drives nothing');
  const noColor = (f: StageFixture) => {
    f.sampleColor.setValue(0);
    f.values[2].setValue(9);
  };
  assert.deepEqual(
    await driven(CAMEO, '6-Channel Mode', [argb(128, 64, 0)], { setup: noColor }),
    [128, 0, 9, 0, 0, 0],
    'sampleColor off: the colours keep their values',
  );
  const noIntensity = (f: StageFixture) => {
    f.sampleIntensity.setValue(0);
    f.values[0].setValue(200);
  };
  assert.deepEqual(
    await driven(CAMEO, '6-Channel Mode', [argb(128, 64, 0)], { setup: noIntensity }),
    [200, 0, 128, 64, 0, 0],
    'sampleIntensity off: the dimmer keeps its value, the colour carries the brightness',
  );
});
