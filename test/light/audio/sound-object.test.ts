import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Origin } from '../../../src/engine/commands/history.js';
import { Engine } from '../../../src/engine/engine.js';
import { SoundObject } from '../../../src/light/audio/sound-object.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { addModulator } from '../../../src/light/operations/modulation.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { FixedInput, sineBlock } from './fixed-input.js';

const ORIGIN: Origin = { surface: 'engine' };
const FRAME_MS = 1000 / 60;

function showWithObject() {
  const engine = new Engine();
  const light = new LightShow(engine);
  const obj = addModulator(light, 'SoundObject', {}, ORIGIN) as SoundObject;
  return { engine, light, obj };
}

test("Sound Object has LX's keys and defaults, is registered under LX's class name and round-trips through .lxp", () => {
  const { light, obj } = showWithObject();
  assert.equal(obj.lxClass, 'heronarts.lx.audio.SoundObject');
  assert.equal(createLibrary().find('modulator', 'heronarts.lx.audio.SoundObject').unavailable, undefined);
  const defaults = {
    admSync: false,
    admObjId: 1,
    meterSource: 0,
    audioMeterSource: 0,
    envelopSource: 1,
    reaperSource: 1,
    input: 0,
    meterFloor: 0,
    meterCeiling: 1,
    attackMs: 10,
    releaseMs: 50,
    azimuth: 0,
    elevation: 0,
    distance: 1,
  };
  for (const [k, v] of Object.entries(defaults)) assert.equal(obj.parameters.get(k)?.save(), v, k);
  obj.azimuth.setValue(-45);
  obj.admSync.setOn(true);
  obj.admObjId.setValue(7);
  const json = writeProject(light.lx, {}, 0);
  const again = readProject(json, createLibrary()).lx;
  const loaded = again.modulation.modulators.items[0] as SoundObject;
  assert.ok(loaded instanceof SoundObject);
  assert.deepEqual([loaded.azimuth.getValue(), loaded.admSync.isOn(), loaded.admObjId.getValue()], [-45, true, 7]);
  assert.deepEqual(writeProject(again, {}, 0), json);
});

test('Sound Object level: the Input knob or the global meter, smoothed by attack/release, mapped floor–ceiling', () => {
  const { engine, light, obj } = showWithObject();
  obj.input.setValue(0.5);
  obj.attackMs.setValue(0);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.equal(obj.getValue(), 0.5, 'attack 0: the input at once');
  obj.meterFloor.setValue(0.25);
  obj.meterCeiling.setValue(0.75);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.equal(obj.getValue(), 0.5, '(0.5 − 0.25) / 0.5');
  obj.input.setValue(0);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.ok(Math.abs(obj.getValue() - (0.5 - FRAME_MS / 50)) < 1e-12, 'release 50 ms: falls by deltaMs / 50 per frame (LX slews linearly)');
  engine.clock.stepFixed(2, FRAME_MS);
  assert.equal(obj.getValue(), 0, 'and stops at the target');
  // Audio: the global meter's level.
  const input = new FixedInput(48000, sineBlock(0.5, 8));
  light.lx.audioInput = input;
  light.beforeFrame.push(() => input.advance());
  light.lx.audio.enabled.setOn(true);
  obj.meterSource.setValue(1);
  obj.meterFloor.setValue(0);
  obj.meterCeiling.setValue(1);
  engine.clock.stepFixed(120, FRAME_MS);
  assert.ok(Math.abs(obj.getValue() - light.lx.audio.meter.getValue()) < 1e-9, `${obj.getValue()} follows the meter ${light.lx.audio.meter.getValue()}`);
  assert.ok(obj.getValue() > 0.8);
});

test('ADM-OSC positions move Sound Objects with ADM Sync on, only their own object', () => {
  const { engine, light, obj } = showWithObject();
  const adm = light.lx.audio.adm;
  assert.equal(
    adm.receive('/adm/obj/3/aed', [
      { type: 'float', value: 90 },
      { type: 'float', value: 30 },
      { type: 'float', value: 0.5 },
    ]),
    null,
  );
  engine.clock.stepFixed(1, FRAME_MS);
  assert.deepEqual([obj.azimuth.getValue(), obj.elevation.getValue(), obj.distance.getValue()], [0, 0, 1], 'ADM Sync off: not moved');
  obj.admSync.setOn(true);
  obj.admObjId.setValue(3);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.deepEqual(
    [obj.azimuth.getValue(), obj.elevation.getValue(), obj.distance.getValue()],
    [-90, 30, 0.5],
    'ADM azimuth is counter-clockwise, LX clockwise',
  );
  adm.receive('/adm/obj/3/azim', [{ type: 'float', value: -120 }]);
  adm.receive('/adm/obj/4/azim', [{ type: 'float', value: 10 }]);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.equal(obj.azimuth.getValue(), 120);
  assert.match(adm.receive('/adm/obj/65/azim', [{ type: 'float', value: 1 }]) ?? '', /1–64|understood/);
  assert.match(adm.receive('/adm/obj/3/aed', [{ type: 'float', value: 1 }]) ?? '', /takes 3 numbers/);
  assert.match(adm.receive('/adm/obj/3/azim', [{ type: 'string', value: 'x' }]) ?? '', /takes 1 number/);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.equal(obj.azimuth.getValue(), 120, 'bad messages change nothing');
});
