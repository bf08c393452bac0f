// The beam a stage fixture shows, read from its DMX bytes alone: direction from 16-bit pan/tilt,
// colour from RGB, CMY and a wheel, intensity from dimmer and shutter, width from zoom.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { degreesToDmx } from '../../../src/light/stage/aim/index.js';
import { beamOf } from '../../../src/light/stage/beam.js';
import { dmxBytes, modeLayout } from '../../../src/light/stage/patch.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';

const QLC = fileURLToPath(new URL('fixtures/qlc/', import.meta.url));
/** Two more QLC+ definitions for the beam, kept out of fixtures/, which the library tests index and count. */
const BEAM = fileURLToPath(new URL('beam-profiles/', import.meta.url));
const profile = async (path: string) =>
  importQlc(path, await readFile(`${path.startsWith('Cameo/Cameo-Movo') || path.startsWith('Eurolite/') ? BEAM : QLC}${path}`, 'utf8'));
const PLACE = { position: { x: 1, y: 2, z: 3 }, yaw: 0, pitch: 0, roll: 0, home: { x: 0, y: 1, z: 0 } };

/** The bytes of a mode with some attributes set by key (the rest at the profile's defaults). */
function bytesOf(layout: ReturnType<typeof modeLayout>, set: Record<string, number>): Uint8Array {
  return dmxBytes(
    layout,
    layout.slots.map((s) => set[s.key] ?? s.defaultValue),
  );
}

const near = (a: number, b: number, what: string, eps = 1e-3) => assert.ok(Math.abs(a - b) < eps, `${what}: ${a} is not ${b}`);

test('beam: a moving head points where its 16-bit pan and tilt say, from its position', async () => {
  const mac = await profile('Martin/Martin-MAC-250-Wash.qxf');
  const layout = modeLayout(mac, '16 Bt (16 Bit Mode)');
  const centre = beamOf(mac, layout, bytesOf(layout, { pan: 32768, tilt: 32768, shutter: 30, intensity: 255 }), PLACE);
  assert.deepEqual(centre.origin, { x: 1, y: 2, z: 3 });
  near(centre.direction.y, 1, 'DMX centre is home (+y)');
  // Tilt 90° turns the beam from +y to +z (right-handed about +x); pan 90° then turns +z to +x (about +y).
  const tilted = beamOf(mac, layout, bytesOf(layout, { pan: degreesToDmx(0, 540, 16), tilt: degreesToDmx(90, 270, 16) }), PLACE);
  near(tilted.direction.z, 1, 'tilt 90°', 1e-3);
  const panned = beamOf(mac, layout, bytesOf(layout, { pan: degreesToDmx(90, 540, 16), tilt: degreesToDmx(90, 270, 16) }), PLACE);
  near(panned.direction.x, 1, 'pan 90° then tilt 90°', 1e-3);
  // Hung upside down (roll 180) the centre points down.
  const hung = beamOf(mac, layout, bytesOf(layout, { pan: 32768, tilt: 32768 }), { ...PLACE, roll: 180 });
  near(hung.direction.y, -1, 'hung: home points down');
  near(Math.hypot(hung.direction.x, hung.direction.y, hung.direction.z), 1, 'unit');
  assert.equal(centre.beamAngle, 25.9, 'no zoom: the physical beam');
  // A home along the tilt axis is refused by the solver; the beam still draws, pointing up.
  assert.deepEqual(beamOf(mac, layout, bytesOf(layout, {}), { ...PLACE, home: { x: 1, y: 0, z: 0 } }).direction, { x: 0, y: 1, z: 0 });
});

test('beam: CMY filters take colour out of white, the colour wheel tints, the shutter closes', async () => {
  const mac = await profile('Martin/Martin-MAC-250-Wash.qxf');
  const layout = modeLayout(mac, '16 Bt (16 Bit Mode)');
  const open = { shutter: 30, intensity: 128 };
  const white = beamOf(mac, layout, bytesOf(layout, { ...open, cyan: 0, magenta: 0, yellow: 0, colorWheel: 0 }), PLACE);
  assert.deepEqual(white.color, [1, 1, 1]);
  near(white.intensity, 128 / 255, 'dimmer share');
  const red = beamOf(mac, layout, bytesOf(layout, { ...open, magenta: 255, yellow: 255 }), PLACE);
  assert.deepEqual(red.color, [1, 0, 0], 'magenta and yellow leave red');
  const wheelRed = beamOf(mac, layout, bytesOf(layout, { ...open, colorWheel: 110 }), PLACE);
  assert.deepEqual(wheelRed.color, [1, 0, 0], 'slot 103–128 is red (#ff0000)');
  const closed = beamOf(mac, layout, bytesOf(layout, { shutter: 10, intensity: 255 }), PLACE);
  assert.equal(closed.intensity, 0, 'shutter closed (0–19)');
  const strobing = beamOf(mac, layout, bytesOf(layout, { shutter: 60, intensity: 255 }), PLACE);
  assert.equal(strobing.intensity, 1, 'a strobe shows as open');
});

test('beam: an RGB par mixes its emitters; a dimmer-only fixture is white; zoom sets the beam angle', async () => {
  const par = await profile('Eurolite/Eurolite-LED-PAR64-RGB.qxf');
  const layout = modeLayout(par, 'Normal');
  const b = beamOf(par, layout, bytesOf(layout, { red: 255, green: 51, blue: 0, intensity: 255, shutter: 0 }), PLACE);
  assert.deepEqual(b.color, [1, 0.2, 0]);
  assert.equal(b.intensity, 1);
  near(b.direction.y, 1, 'no pan/tilt: home');
  assert.equal(b.beamAngle, 36);
  const dark = beamOf(par, layout, bytesOf(layout, { red: 255, intensity: 0 }), PLACE);
  assert.equal(dark.intensity, 0);

  const can = await profile('Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf');
  const two = modeLayout(can, '2-Channel Mode');
  const green = beamOf(can, two, bytesOf(two, { intensity: 255, colorWheel: 40 }), PLACE);
  assert.deepEqual(green.color, [0, 1, 0], 'a colour macro range gives its colour');

  const strobe = await profile('Showtec/Showtec-Infinity-XPLO-15-LED-Strobe.qxf');
  const one = modeLayout(strobe, '1 channel');
  assert.deepEqual(beamOf(strobe, one, bytesOf(one, {}), PLACE).color, [1, 1, 1], 'nothing that colours: white');

  const movo = await profile('Cameo/Cameo-Movo-Beam-Z-100.qxf');
  const five = modeLayout(movo, '5 Channel');
  assert.equal(beamOf(movo, five, bytesOf(five, { zoom: 0 }), PLACE).beamAngle, 4, 'zoom 0: narrowest');
  assert.equal(beamOf(movo, five, bytesOf(five, { zoom: 255 }), PLACE).beamAngle, 30, 'zoom 255: widest');
  near(beamOf(movo, five, bytesOf(five, { zoom: 51 }), PLACE).beamAngle, 4 + 26 * 0.2, 'zoom 20%');
});
