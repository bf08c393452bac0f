// Every golden project, opened from its file with the golden media folder, saved back by
// Footlight, reopened and rendered: the same frames as the original, bit for bit. A project with
// custom (non-stock) classes keeps loading with placeholders and survives the trip the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../../../src/light/devices/library.js';
import { parseLenientJson } from '../../../src/light/show/project/lenient-json.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { openProjectFile, saveProjectFile } from '../../../src/light/show/project/project-file.js';
import { goldenScenes } from '../../../src/light/render/golden.js';
import { renderOffline } from '../../../src/light/render/offline.js';
import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

const MEDIA = join(GOLDEN, 'media');
const BIN = fileURLToPath(new URL('../../../bin/footlight.js', import.meta.url));
const FRAMES = 40;
const DELTA = 1000 / 60;

/** Reads a project file as `footlight render --media` does and renders it. */
async function renderFile(path: string): Promise<{ frames: Uint32Array[]; warnings: readonly string[] }> {
  const media = mediaResolvers(MEDIA);
  const json = parseLenientJson(await readFile(path, 'utf8'), path);
  const out = renderOffline(json, { frames: FRAMES, deltaMs: DELTA, registry: createLibrary(), resolveLxf: media.resolveLxf, resolveLxm: media.resolveLxm });
  return { frames: out.frames.map((f) => f.argb), warnings: out.warnings };
}

function firstDifference(a: Uint32Array[], b: Uint32Array[]): string | undefined {
  if (a.length !== b.length) return `${a.length} frames against ${b.length}`;
  for (let f = 0; f < a.length; f++) {
    if (a[f].length !== b[f].length) return `frame ${f}: ${a[f].length} points against ${b[f].length}`;
    for (let i = 0; i < a[f].length; i++) if (a[f][i] !== b[f][i]) return `frame ${f} point ${i}: ${a[f][i].toString(16)} against ${b[f][i].toString(16)}`;
  }
  return undefined;
}

async function roundTrip(source: string, dir: string): Promise<{ before: Uint32Array[]; after: Uint32Array[]; warnings: readonly string[] }> {
  const before = await renderFile(source);
  const opened = await openProjectFile(source, createLibrary(), MEDIA);
  const saved = join(dir, 'saved.lxp');
  await saveProjectFile(saved, opened.lx, opened.externals);
  const after = await renderFile(saved);
  assert.deepEqual(after.warnings, before.warnings);
  return { before: before.frames, after: after.frames, warnings: before.warnings };
}

for (const scene of goldenScenes(GOLDEN)) {
  test(`render round trip ${scene}: open with the media folder, save, reopen: identical frames`, async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'footlight-rt-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const { before, after } = await roundTrip(join(GOLDEN, `${scene}.lxp`), dir);
    assert.ok(
      before.some((f) => f.some((c) => (c & 0xffffff) !== 0)),
      'the scene renders something',
    );
    assert.equal(firstDifference(before, after), undefined);
  });
}

test('render round trip: custom classes load as placeholders and the saved project renders the same', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-rt-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const json = JSON.parse(await readFile(join(GOLDEN, 'blend_modes.lxp'), 'utf8')) as {
    engine: { children: { mixer: { channels: { patterns: unknown[]; effects: unknown[] }[] } } };
  };
  const channel = json.engine.children.mixer.channels[0];
  channel.patterns.push({
    id: 9000,
    class: 'com.example.FancyPattern',
    parameters: { label: 'Fancy', enabled: true, speed: 0.25 },
    customState: { a: [1, 2] },
  });
  channel.effects.push({ id: 9001, class: 'com.example.Sparkles', parameters: { label: 'Sparkles', enabled: true, amount: 0.7 } });
  const source = join(dir, 'custom.lxp');
  await writeFile(source, JSON.stringify(json));
  const { before, after, warnings } = await roundTrip(source, dir);
  assert.match(warnings.join('\n'), /com\.example\.FancyPattern/);
  assert.match(warnings.join('\n'), /com\.example\.Sparkles/);
  assert.equal(firstDifference(before, after), undefined);
  const saved = JSON.parse(await readFile(join(dir, 'saved.lxp'), 'utf8')) as typeof json;
  assert.deepEqual(saved.engine.children.mixer.channels[0].patterns.at(-1), channel.patterns.at(-1));
  assert.deepEqual(saved.engine.children.mixer.channels[0].effects.at(-1), channel.effects.at(-1));
});

test('footlight render --media: the JSON-fixture project and its saved copy print the same frames', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-rt-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const source = join(GOLDEN, 'fixture_comments.lxp');
  const opened = await openProjectFile(source, createLibrary(), MEDIA);
  const saved = join(dir, 'saved.lxp');
  await saveProjectFile(saved, opened.lx, opened.externals);
  const cli = async (project: string, out: string): Promise<{ sha256: string; points: number; frames: { argb: string }[] }> => {
    const r = spawnSync(process.execPath, [BIN, 'render', project, '--media', MEDIA, '--frames', String(FRAMES), '--delta-ms', String(DELTA), '--out', out], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(await readFile(out, 'utf8'));
  };
  const a = await cli(source, join(dir, 'a.json'));
  const b = await cli(saved, join(dir, 'b.json'));
  assert.equal(a.points, 80);
  assert.deepEqual(b.frames, a.frames);
  // Without the media folder the JSON fixture is not found: no points, as in LX, and a warning.
  const bare = spawnSync(process.execPath, [BIN, 'render', saved, '--frames', '1', '--delta-ms', '16', '--out', join(dir, 'c.json')], { encoding: 'utf8' });
  assert.equal(bare.status, 0, bare.stderr);
  const c = JSON.parse(await readFile(join(dir, 'c.json'), 'utf8')) as { points: number; notes: string };
  assert.equal(c.points, 0);
  assert.match(c.notes, /CommentPanel\.lxf/);
});
