// Every project under test/golden (walked at test time, so scenes added later are covered) opens
// in Footlight and comes back from Footlight's save as the file says: equal as JSON once
// `timestamp` is removed. Twice: through a show's open and save (LightShow.open, saveProject), and
// through `footlight serve --project` and the console's save (POST /api/save).
// `timestamp` is the only key removed because it is the only one LX itself changes: LX opening
// each of its 25 files here and saving it again (the harness's `SaveAfter IN OUT 0`) gives the
// same JSON but for `timestamp` (the save's wall clock). Ids are kept by LX (a fresh LX's own
// components get the ids the file holds, and LXComponent.load registers the rest as saved), so
// Footlight must keep them too. Key order is not compared: LX reads a project by key. The two
// Footlight-authored files in lx-round-trip/ are covered the same way. A project that syncs an
// external model file is the one other case where LX rewrites part of the file (withoutModelSync).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { openProjectFile, saveProjectFile } from '../../../src/light/show/project/project-file.js';
import type { Fixture } from '../../../src/light/structure/fixture.js';
import { api, baseOf } from '../../console/helpers.js';
import { goldenProjects } from '../../helpers/golden-projects.js';
import { startShow } from '../../helpers/show.js';

/** Paths where two JSON values differ (key order ignored), at most 20. */
function differences(a: unknown, b: unknown, path = '', out: string[] = []): string[] {
  if (out.length >= 20) return out;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    if (!Object.is(a, b)) out.push(`${path || '/'}: ${JSON.stringify(a)?.slice(0, 60)} ≠ ${JSON.stringify(b)?.slice(0, 60)}`);
    return out;
  }
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
    differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`, out);
  return out;
}

/** A project file's JSON without what LX regenerates on every save (`timestamp`). */
async function readWithoutTimestamp(path: string): Promise<Record<string, unknown>> {
  const json = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  assert.equal(typeof json.timestamp, 'number', `${path} has a timestamp`);
  delete json.timestamp;
  return json;
}

type Json = Record<string, unknown>;
const NORMALIZATION = [
  'normalizationMode',
  'normalizationX',
  'normalizationY',
  'normalizationZ',
  'normalizationWidth',
  'normalizationHeight',
  'normalizationDepth',
];

/**
 * Leaves out of both files what LX rebuilds from an external model file: a project whose
 * structure syncs one (`model.file` with `syncModelFile`, the file present in the media folder's
 * Models/) has its fixtures and normalization read from that file, not from the project
 * (LXStructure.load → importModel), so LX's own re-save rewrites them. Footlight's fixtures are
 * then checked against the model file (class and label, in order) and its normalization against
 * the model file's.
 */
async function withoutModelSync(lx: Json, saved: Json, media: string): Promise<void> {
  const model = lx.model as Json | undefined;
  const params = model?.parameters as Json | undefined;
  if (model === undefined || params?.syncModelFile !== true || typeof model.file !== 'string') return;
  let lxm: Json;
  try {
    lxm = JSON.parse(await readFile(join(media, 'Models', model.file), 'utf8')) as Json;
  } catch {
    return; // LX turns the sync off when the file is missing and keeps the project's fixtures.
  }
  const savedModel = saved.model as Json;
  const summary = (fixtures: unknown): string[] =>
    ((fixtures as Json[] | undefined) ?? []).map((f) => `${f.class} ${(f.parameters as Json | undefined)?.label}`);
  assert.deepEqual(summary(savedModel.fixtures), summary(lxm.fixtures), 'the fixtures are those of the model file');
  const norm = (lxm.normalization ?? {}) as Json;
  for (const key of NORMALIZATION) {
    if (key in norm) assert.equal((savedModel.parameters as Json)[key], norm[key], key);
    for (const m of [model, savedModel]) {
      delete (m.parameters as Json)[key];
      delete (m.parameters as Json)[`${key}/name`];
    }
  }
  delete model.fixtures;
  delete savedModel.fixtures;
}

/**
 * Values LX itself writes differently when it opens and saves one of these files again (checked
 * with the harness's SaveAfter, 0 frames): LX's load quirks that Footlight reproduces. A Cycle
 * saved with a bipolar speed is read before its polarity, so −0.6 opens (and saves) as 1.
 */
const LX_RESAVES: Readonly<Record<string, readonly [path: readonly (string | number)[], value: unknown][]>> = {
  'lx-scenes/modulators/cycle_speeds.lxp': [[['engine', 'children', 'modulation', 'modulators', 1, 'parameters', 'speedBipolar'], 1]],
};

function asLxResaves(name: string, lx: Json): void {
  for (const [path, value] of LX_RESAVES[name] ?? []) {
    let at = lx as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path[path.length - 1]] = value;
  }
}

/** Opens a project with its media folder into a show and saves it, as the engine's own open and save do. */
async function footlightSave(source: string, media: string, out: string): Promise<void> {
  const show = await LightShow.open(new Engine(), source, { media, renderOnClock: false });
  await show.saveProject(out);
}

const projects = goldenProjects();

test('the golden folders hold the projects LX saved', () => {
  // 25 when this test was written (lx-1.2.1, lx-1.2.1-dmx, lx-outputs); more are welcome.
  assert.ok(projects.length >= 25, `found ${projects.length}`);
});

for (const project of projects) {
  test(`LX → Footlight → file: ${project.name} is saved back as LX wrote it`, async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'footlight-rt-lx-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const once = join(dir, 'once.lxp');
    await footlightSave(project.path, project.media, once);
    const lx = await readWithoutTimestamp(project.path);
    const saved = await readWithoutTimestamp(once);
    await withoutModelSync(lx, saved, project.media);
    asLxResaves(project.name, lx);
    assert.deepEqual(differences(lx, saved), [], `${project.name}: Footlight's save differs from LX's file`);
    // And Footlight's own file opens to the same save again.
    const twice = join(dir, 'twice.lxp');
    await footlightSave(once, project.media, twice);
    // Read again (the comparison above left out what an external model supplies), and leave that out here too: its fixtures get new ids on each open.
    const [first, second] = [await readWithoutTimestamp(once), await readWithoutTimestamp(twice)];
    await withoutModelSync(first, second, project.media);
    assert.deepEqual(differences(first, second), []);
  });
}

test('LX → footlight serve → console save: every golden project is saved back as LX wrote it', async (t) => {
  for (const project of projects) {
    await t.test(project.name, async (t) => {
      const show = await startShow(t, { project: project.path, media: project.media });
      const out = join(show.home, 'saved.lxp');
      const r = await api(baseOf(show.url), '/api/save', { path: out });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const lx = await readWithoutTimestamp(project.path);
      const saved = await readWithoutTimestamp(out);
      await withoutModelSync(lx, saved, project.media);
      asLxResaves(project.name, lx);
      assert.deepEqual(differences(lx, saved), []);
    });
  }
});

// Footlight's own parameters (sACN / Art-Net sync, keys LX 1.2.1 does not have) are left out of
// the file only while they say nothing: at their default, not in the file and never set since.
test("Footlight's own parameters: saved once set or read, left out while untouched at their default", async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-rt-lx-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const solid = projects.find((p) => p.name === 'lx-1.2.1/solid_faders.lxp');
  assert.ok(solid);
  type Saved = { model: { fixtures: { parameters: Record<string, unknown> }[] }; engine: { children: { output: { parameters: Record<string, unknown> } } } };
  const save = async (name: string, source: string, change?: (o: Awaited<ReturnType<typeof openProjectFile>>) => void): Promise<Saved> => {
    const opened = await openProjectFile(source, createLibrary(), solid.media);
    change?.(opened);
    const out = join(dir, name);
    await saveProjectFile(out, opened.lx, opened.externals);
    return JSON.parse(await readFile(out, 'utf8')) as Saved;
  };
  const untouched = await save('untouched.lxp', solid.path);
  assert.equal('sacnSync' in untouched.model.fixtures[0].parameters, false);
  for (const key of ['artNetSync', 'sacnSync', 'sacnSyncUniverse']) assert.equal(key in untouched.engine.children.output.parameters, false, key);

  // Set on: written. Set on then back to the default: still written (the operator said so, and a
  // machine's config.json default for sacnSync must not take it back on the next open).
  const on = await save('on.lxp', solid.path, (o) => {
    o.lx.output.sacnSync.setValue(1);
    (o.lx.structure.fixtures.at(0) as Fixture).sacnSync.setValue(2);
  });
  assert.equal(on.engine.children.output.parameters.sacnSync, true);
  assert.equal(on.engine.children.output.parameters.artNetSync, undefined);
  assert.equal(on.model.fixtures[0].parameters.sacnSync, 2);
  assert.equal(on.model.fixtures[0].parameters['sacnSync/name'], 'OFF');
  const back = await save('back.lxp', solid.path, (o) => {
    o.lx.output.sacnSync.setValue(1);
    o.lx.output.sacnSync.setValue(0);
  });
  assert.equal(back.engine.children.output.parameters.sacnSync, false);
  assert.equal(back.engine.children.output.parameters.sacnSyncUniverse, undefined);

  // A file that has the keys at their defaults keeps them (it said them).
  const explicit = join(dir, 'explicit.lxp');
  const json = JSON.parse(await readFile(solid.path, 'utf8')) as Saved;
  Object.assign(json.engine.children.output.parameters, { artNetSync: false, sacnSync: false, sacnSyncUniverse: 63999 });
  Object.assign(json.model.fixtures[0].parameters, { sacnSync: 0, 'sacnSync/name': 'OUTPUT' });
  await writeFile(explicit, JSON.stringify(json));
  const kept = await save('kept.lxp', explicit);
  assert.deepEqual(
    [
      kept.engine.children.output.parameters.artNetSync,
      kept.engine.children.output.parameters.sacnSync,
      kept.engine.children.output.parameters.sacnSyncUniverse,
    ],
    [false, false, 63999],
  );
  assert.equal(kept.model.fixtures[0].parameters.sacnSync, 0);
  assert.equal(kept.model.fixtures[0].parameters['sacnSync/name'], 'OUTPUT');
});
