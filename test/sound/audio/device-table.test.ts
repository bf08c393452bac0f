// The device table (src/sound/audio/dsp/device-table.ts) against the catalog, both ways: every
// catalog device has its DSP and builds from its defaults; every table device is in the catalog
// under its UUID; and what a device's DSP reads by name is what its file declares.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import type { DeviceDef } from '../../../src/sound/audio/dsp/device.js';
import { DEVICE_TABLE, deviceDef } from '../../../src/sound/audio/dsp/device-table.js';
import { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import type { PlanParams } from '../../../src/sound/audio/dsp/plan.js';
import { DEVICES, deviceSpec } from '../../../src/sound/model/catalog.js';
import type { DeviceJson } from '../../../src/sound/model/components.js';
import { clip, dev, project, track } from './helpers.js';

const DSP = new URL('../../../src/sound/audio/dsp/', import.meta.url);

/** A track that plays one note through `device` (an instrument first when the device is an effect). */
function trackWith(name: string): ReturnType<typeof track> {
  const def = deviceDef(name);
  assert.ok(def !== undefined);
  const d: DeviceJson = { ...dev(name), ...(def.grid === undefined ? {} : { grid: { modules: [], modulators: [], connections: [] } }) };
  const devices = def.kind === 'instrument' ? [d] : def.kind === 'note_effect' ? [d, dev('Polysynth')] : [dev('Polysynth'), d];
  return track(name, devices, [clip(0, 4, [[60, 0, 1]])]);
}

test('catalog → table: every catalog device has its DSP, builds from its defaults and renders finite audio', () => {
  assert.equal(DEVICES.length, DEVICE_TABLE.length);
  for (const spec of DEVICES) {
    const def = deviceDef(spec.name);
    assert.ok(def !== undefined, `${spec.name} is in the catalog but not in the device table`);
    assert.equal(def.kind, spec.kind, spec.name);
    assert.equal(def.params, spec.params, `${spec.name}: the catalog lists the parameters its file declares`);
    const engine = new AudioEngine(buildPlan(project([trackWith(spec.name)])));
    assert.deepEqual(
      engine.notRendered.filter((s) => s.reason.includes('DSP')),
      [],
      `${spec.name}: the engine builds its DSP`,
    );
    const l = new Float32Array(128);
    const r = new Float32Array(128);
    engine.play();
    for (let b = 0; b < 40; b++) {
      engine.render(l, r);
      for (let i = 0; i < 128; i++) assert.ok(Number.isFinite(l[i]) && Number.isFinite(r[i]), `${spec.name}: sample ${b * 128 + i} is finite`);
    }
  }
});

test('table → catalog: every table device is in the catalog under its name-based UUID, names unique', () => {
  assert.equal(new Set(DEVICE_TABLE.map((d) => d.name)).size, DEVICE_TABLE.length, 'device names are unique');
  for (const def of DEVICE_TABLE) {
    const spec = DEVICES.find((d) => d.name === def.name);
    assert.ok(spec !== undefined, `${def.name} is in the device table but not in the catalog`);
    assert.equal(deviceSpec(spec.uuid), spec, `${def.name}: its UUID resolves`);
    for (const c of spec.controls)
      assert.ok(
        def.params.some((p) => p.id === c),
        `${def.name}: control ${c} is one of its parameters`,
      );
    assert.ok(spec.controls.length <= 8, `${def.name}: at most 8 controls`);
  }
});

test('a device name the table lacks is reported, not rendered', () => {
  const plan = buildPlan(project([track('T', [dev('Polysynth')], [clip(0, 1, [[60, 0, 1]])])]));
  const d = plan.tracks[0].devices[0];
  const odd = { ...plan, tracks: [{ ...plan.tracks[0], devices: [{ ...d, type: 'No Such Synth' }] }, ...plan.tracks.slice(1)] };
  const engine = new AudioEngine(odd);
  assert.deepEqual(
    engine.notRendered.map((s) => s.reason),
    ['the engine has no instrument DSP named No Such Synth'],
  );
});

test("what a device's DSP reads by name is a parameter its file declares (or one it derives)", async () => {
  const files = (await readdir(DSP)).filter((f) => f.endsWith('.ts'));
  let checked = 0;
  for (const file of files) {
    const text = await readFile(new URL(file, DSP), 'utf8');
    const declared = [...text.matchAll(/export const (\w+): DeviceDef/g)].map((m) => m[1]);
    if (declared.length === 0) continue;
    assert.equal(declared.length, 1, `${file}: one device per file`);
    const def = ((await import(new URL(file, DSP).href)) as Record<string, DeviceDef>)[declared[0]];
    assert.ok(DEVICE_TABLE.includes(def), `${file}: its device ${declared[0]} is in the device table`);
    const derived: PlanParams = Object.fromEntries(def.params.map((p) => [p.id, p.default]));
    def.derive?.(derived);
    const known = new Set(Object.keys(derived));
    // The device's own parameters (`p.X`, `this.p.X`, `synth.p.X`…), not a Grid node's (`n.p.X`).
    const read = new Set([...text.matchAll(/(?<!\bn\.)\bp\.([A-Z][A-Z0-9_]*)\b/g), ...text.matchAll(/\bp\[['"]([^'"]+)['"]\]/g)].map((m) => m[1]));
    for (const id of read) assert.ok(known.has(id), `${file} reads ${id}, which ${def.name} does not declare`);
    checked++;
  }
  assert.equal(checked, DEVICE_TABLE.length, 'every device has its own file');
});
