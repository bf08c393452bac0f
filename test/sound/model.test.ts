import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import { DEVICES, MODULATORS, MODULES, uuidKind } from '../../src/sound/model/catalog.js';
import { demoProject } from '../../src/sound/demo.js';
import { buildProject, saveProject, Track } from '../../src/sound/model/components.js';
import { createSoundHost } from '../../src/sound/index.js';

test('catalog: UUIDs are unique across devices, modules and modulators; kinds are told apart', () => {
  const all = [...DEVICES.map((d) => d.uuid), ...MODULES.map((m) => m.uuid), ...MODULATORS.map((m) => m.uuid)];
  assert.equal(new Set(all).size, all.length);
  assert.equal(uuidKind(DEVICES[0].uuid), 'device');
  assert.equal(uuidKind(MODULES[0].uuid), 'module');
  assert.equal(uuidKind(MODULATORS[0].uuid), 'modulator');
  for (const d of DEVICES) {
    assert.ok(d.controls.length <= 8, `${d.name}: at most 8 exposed controls`);
    for (const id of d.controls) assert.ok(d.params.some((p) => p.id === id));
    assert.equal(new Set(d.params.map((p) => p.id)).size, d.params.length);
  }
  assert.ok(DEVICES.some((d) => d.name === 'Poly Grid' && d.grid === 'poly'));
  assert.ok(DEVICES.some((d) => d.name === 'FX Grid' && d.grid === 'fx'));
});

test('project documents round-trip: build(save(p)) saves identically', () => {
  const doc = demoProject();
  const p = buildProject(doc);
  const saved = saveProject(p, { ids: false });
  assert.deepEqual(saveProject(buildProject(saved), { ids: false }), saved);
  assert.equal(p.flatTracks().length, 11); // nine tracks, the Reverb Bus and the master
});

test('invalid documents are refused with a location', () => {
  const doc = demoProject();
  assert.throws(() => buildProject({ ...doc, tempo: 9999 }), /tempo/);
  assert.throws(() => buildProject({ ...doc, fx: [{ ...doc.fx[0], type: 'audio' }] }), /effect tracks only/);
  const lead = doc.tracks[2];
  const broken = { ...lead, devices: [{ ...lead.devices[0], uuid: 'nope' }] };
  assert.throws(() => buildProject({ ...doc, tracks: [broken] }), /unknown device UUID/);
  const badParam = { ...lead, devices: [{ ...lead.devices[0], params: { OUTPUT: 5 } }] };
  assert.throws(() => buildProject({ ...doc, tracks: [badParam] }), /native domain/);
});

test('the host joins the engine graph and leaves it on dispose; components have global ids', () => {
  const engine = new Engine();
  const host = createSoundHost(engine);
  assert.ok(engine.graph.roots.includes(host.root));
  const track = host.project.tracks.at(0)!;
  assert.ok(track instanceof Track);
  assert.equal(engine.graph.get(track.id), track);
  assert.equal(track.path, '/sound/project/track/1');
  host.dispose();
  assert.equal(engine.graph.roots.includes(host.root), false);
  const empty = createSoundHost(new Engine(), { project: 'empty' });
  assert.equal(empty.project.flatTracks().length, 1);
});
