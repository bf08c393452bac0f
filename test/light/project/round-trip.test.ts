import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { Group } from '../../../src/light/mixer/group.js';
import { Placeholder } from '../../../src/light/component/placeholder.js';
import { openProjectFile, readProject, saveProjectFile, writeProject } from '../../../src/light/show/project/project-file.js';
import { renderOffline } from '../../../src/light/render/offline.js';
import { goldenScenes } from '../../../src/light/render/golden.js';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

function golden(scene: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(GOLDEN, `${scene}.lxp`), 'utf8')) as Record<string, unknown>;
}

/**
 * Paths where two JSON values differ (key order ignored). With `additions`, keys only `b` has
 * are allowed: Footlight's own additions (e.g. an output option LX does not have) that LX
 * ignores when it reads the file.
 */
function differences(a: unknown, b: unknown, path = '', out: string[] = [], additions = false): string[] {
  if (out.length > 20) return out;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    if (!Object.is(a, b) && !(additions && a === undefined)) out.push(`${path}: ${JSON.stringify(a)?.slice(0, 60)} ≠ ${JSON.stringify(b)?.slice(0, 60)}`);
    return out;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`, out, additions);
  return out;
}

function saveOf(json: unknown): { saved: Record<string, unknown>; warnings: readonly string[] } {
  const opened = readProject(json, createLibrary());
  return { saved: writeProject(opened.lx, opened.externals, 0) as Record<string, unknown>, warnings: opened.warnings };
}

for (const scene of goldenScenes(GOLDEN)) {
  test(`round trip ${scene}: load → save → load → save gives identical JSON`, () => {
    const first = saveOf(golden(scene));
    const second = saveOf(first.saved);
    assert.deepEqual(differences(first.saved, second.saved), []);
    // Everything Footlight loaded without a warning is written back exactly as LX saved it.
    if (first.warnings.length === 0) {
      const original = { ...golden(scene), timestamp: 0 };
      assert.deepEqual(differences(original, first.saved, '', [], true), [], `${scene} differs from LX's file`);
    }
  });
}

const UNKNOWN_PATTERN = {
  id: 900,
  class: 'com.example.FancyPattern',
  internal: { modulationColor: 0 },
  parameters: { label: 'Fancy', enabled: true, speed: 0.25, wobble: 'lots' },
  children: { modulation: { class: 'heronarts.lx.modulation.LXModulationEngine', modulators: [], modulations: [], triggers: [] } },
  deviceVersion: 3,
  effects: [],
  customState: { a: [1, 2, 3] },
};
const UNKNOWN_EFFECT = { id: 901, class: 'com.example.Sparkles', parameters: { label: 'Sparkles', enabled: true, amount: 0.7 }, extra: 'kept' };

test('placeholders: unknown pattern and effect classes render nothing and save back unchanged', () => {
  const json = golden('solid_faders') as { engine: { children: { mixer: { channels: Record<string, unknown>[] } } } };
  const base = json.engine.children.mixer.channels[0];
  (base.patterns as unknown[]).push(UNKNOWN_PATTERN);
  (base.effects as unknown[]).push(UNKNOWN_EFFECT);
  base.patternIndex = 1; // the unknown pattern is the active one
  const opened = readProject(json, createLibrary());
  const channel = opened.lx.mixer.channels.at(0) as Channel;
  assert.ok(channel.patterns.at(1) instanceof Placeholder);
  assert.ok(channel.effects.at(0) instanceof Placeholder);
  assert.match(opened.warnings.join('\n'), /com\.example\.FancyPattern/);
  assert.match(opened.warnings.join('\n'), /com\.example\.Sparkles/);
  const saved = writeProject(opened.lx, opened.externals, 0) as typeof json;
  const savedChannel = saved.engine.children.mixer.channels[0];
  assert.deepEqual((savedChannel.patterns as unknown[])[1], UNKNOWN_PATTERN);
  assert.deepEqual((savedChannel.effects as unknown[])[0], UNKNOWN_EFFECT);
  // The placeholder renders nothing: the channel with it active adds nothing, so the frame is
  // what the other channels make (channel 2 alone at 0.42 over black).
  const out = renderOffline(json, { frames: 1, deltaMs: 1000 / 60, registry: createLibrary() });
  const ref = golden('solid_faders') as typeof json;
  ref.engine.children.mixer.channels[0].enabled = false;
  (ref.engine.children.mixer.channels[0].parameters as Record<string, unknown>).enabled = false;
  const expected = renderOffline(ref, { frames: 1, deltaMs: 1000 / 60, registry: createLibrary() });
  assert.deepEqual(out.frames[0].argb, expected.frames[0].argb);
});

test('ids: a project opened into a graph whose ids are taken keeps its references', () => {
  const engine = new Engine();
  // Take the ids the file uses by attaching something first.
  const taken = new LightShow(engine);
  for (let i = 0; i < 400; i++) taken.mixer.insertChannel(new Channel(`Filler-${i}`));
  const opened = readProject(golden('groups'), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  engine.graph.addRoot(opened.lx);
  const channels = opened.lx.mixer.channels.items;
  const group = channels[0] as Group;
  assert.ok(group instanceof Group);
  assert.equal(group.members.length, 2);
  const members = channels.filter((c) => c instanceof Channel && c.group === group);
  assert.deepEqual(members, group.members);
  // Ids are unique in the graph and the saved group reference follows the (possibly new) id.
  const ids = new Set<number>();
  for (const c of opened.lx.descendants()) {
    assert.ok(!ids.has(c.id), `duplicate id ${c.id}`);
    ids.add(c.id);
  }
  const saved = opened.lx.mixer.save() as { channels: { group?: number }[] };
  assert.equal(saved.channels[1].group, group.id);
});

test('project files: JSON fixtures from the media folder, external model sync, atomic save', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-media-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'Fixtures', 'rigs'), { recursive: true });
  await mkdir(join(dir, 'Models'), { recursive: true });
  await mkdir(join(dir, 'Projects'), { recursive: true });
  await writeFile(
    join(dir, 'Fixtures', 'rigs', 'bar.lxf'),
    JSON.stringify({
      label: 'Bar',
      tags: ['bar'],
      parameters: { n: { type: 'int', default: 4, min: 1, max: 32 } },
      components: [{ type: 'strip', numPoints: '$n', spacing: 2 }],
    }),
  );
  const json = golden('solid_faders') as { model: { fixtures: Record<string, unknown>[] } };
  json.model.fixtures.push({
    jsonFixtureType: 'rigs/bar',
    jsonParameters: { n: 6 },
    id: 950,
    class: 'heronarts.lx.structure.JsonFixture',
    parameters: {
      label: 'Bar 1',
      x: 0,
      y: -20,
      z: 0,
      yaw: 0,
      pitch: 0,
      roll: 0,
      scale: 1,
      selected: false,
      enabled: false,
      brightness: 1,
      identify: false,
      mute: false,
      solo: false,
      tags: '',
      fixtureType: 'rigs/bar',
      deactivate: false,
    },
    children: {},
  });
  const path = join(dir, 'Projects', 'show.lxp');
  await writeFile(path, JSON.stringify(json));
  const opened = await openProjectFile(path, createLibrary());
  assert.deepEqual(opened.warnings, []);
  assert.equal(opened.lx.structure.model.size, 384 + 6);
  // A model file in Models/ replaces the fixtures when the project syncs it.
  // Its normalization block replaces the project's too (LX's importModel), MANUAL bounds included.
  const normalization = { normalizationMode: 1, 'normalizationMode/name': 'MANUAL', normalizationX: 5, normalizationWidth: 40 };
  const lxm = { version: '1.2.1', timestamp: 0, fixtures: [json.model.fixtures[json.model.fixtures.length - 1]], normalization };
  await writeFile(join(dir, 'Models', 'bars.lxm'), JSON.stringify(lxm));
  const synced = {
    ...json,
    model: { ...json.model, file: 'bars.lxm', parameters: { ...(json.model as { parameters?: object }).parameters, syncModelFile: true } },
  };
  await writeFile(path, JSON.stringify(synced));
  const fromModel = await openProjectFile(path, createLibrary());
  assert.equal(fromModel.lx.structure.model.size, 6);
  const structure = fromModel.lx.structure;
  assert.deepEqual(
    [
      structure.normalizationMode.getValue(),
      structure.normalizationX.getValue(),
      structure.normalizationWidth.getValue(),
      structure.normalizationHeight.getValue(),
    ],
    [1, 5, 40, 1000],
  );
  // Saving keeps the model file reference and writes through a rename.
  const out = join(dir, 'Projects', 'saved.lxp');
  await saveProjectFile(out, fromModel.lx, fromModel.externals);
  const written = JSON.parse(await readFile(out, 'utf8')) as { model: { file?: string; fixtures: unknown[]; parameters: Record<string, unknown> } };
  assert.equal(written.model.file, 'bars.lxm');
  assert.equal(written.model.parameters.normalizationWidth, 40);
  assert.equal(written.model.fixtures.length, 1);
});
