// Damaged project files (issue #26): the stage demo's .lxp — light cues in its externals, clips
// with markers and lane events, every channel's parameters — mutated at random, value by value.
// Each mutated file must open (or be refused with invalid_argument naming why), play with the
// song for ten seconds of cues and clips without a frame failing, give every clip a payload the
// tools' output schema accepts, save back, and report what it dropped by key path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../src/engine/engine.js';
import { isFootlightError } from '../../src/engine/errors.js';
import { silentLogger } from '../../src/engine/log.js';
import { buildDemoShow } from '../../src/light/demo-show.js';
import { createLibrary } from '../../src/light/devices/library.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { readProject, writeProject } from '../../src/light/show/project/project-file.js';
import { linkLightCues, SHOW_EXTERNALS } from '../../src/show/light-cues.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { SoundHost } from '../../src/sound/host/host.js';
import { demoProject } from '../../src/sound/demo.js';
import { startPlayback } from '../../src/sound/operations/song.js';
import { ClipPayload, toClipPayload } from '../../src/tools/clips/payloads.js';
import { pick, prng } from './helpers.js';

const FILES = Number(process.env.FOOTLIGHT_FUZZ_FILES ?? (process.env.CI === 'true' ? 400 : 160));
const SEED = Number(process.env.FOOTLIGHT_FUZZ_SEED ?? 26);

type Json = unknown;
type Path = (string | number)[];

/** Values a damaged or hostile file puts where another was. */
const HOSTILE: readonly Json[] = [
  null,
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  1e-308,
  2 ** 53 + 1,
  -(2 ** 31),
  '',
  'x',
  'NaN',
  'Infinity',
  '1e999',
  true,
  false,
  [],
  [null],
  {},
  { a: 1 },
  'x'.repeat(10_000),
];

/** Every path in `v` under `prefix` (objects and arrays, leaves included). */
function paths(v: Json, prefix: Path, out: Path[]): Path[] {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) paths(x, [...prefix, k], out);
  return out;
}

function at(root: Json, path: Path): { parent: Record<string | number, Json> | Json[]; key: string | number } | undefined {
  let node = root as Record<string | number, Json>;
  for (let i = 0; i < path.length - 1; i++) {
    node = node[path[i]] as Record<string | number, Json>;
    if (typeof node !== 'object' || node === null) return undefined;
  }
  return path.length === 0 ? undefined : { parent: node, key: path[path.length - 1] };
}

/** One random damage at one path: a hostile value, the key removed, or (in a list) an entry duplicated or a null inserted. */
function damage(root: Json, path: Path, random: () => number): string {
  const spot = at(root, path);
  if (spot === undefined) return 'nothing';
  const { parent, key } = spot;
  const roll = random();
  if (Array.isArray(parent) && typeof key === 'number') {
    if (roll < 0.15) {
      parent.splice(key, 0, null);
      return 'a null inserted';
    }
    if (roll < 0.3) {
      parent.splice(key, 0, structuredClone(parent[key]));
      return 'an entry duplicated';
    }
  } else if (roll < 0.15) {
    delete (parent as Record<string, Json>)[key as string];
    return 'removed';
  }
  const value = pick(random, HOSTILE);
  (parent as Record<string | number, Json>)[key] = structuredClone(value);
  return `set to ${JSON.stringify(value).slice(0, 24)}`;
}

test(`damaged project files: ${FILES} random damages to cues, clips and parameters open, play, list and save without a failure`, { timeout: 1_800_000 }, () => {
  const demo = new LightShow(new Engine());
  buildDemoShow(demo);
  const base = JSON.parse(JSON.stringify(writeProject(demo.lx, demo.externals, 0))) as Record<string, Json>;
  const engineJson = base.engine as Record<string, Json>;
  // Where to aim: the cues, every clip, and any parameter of the engine.
  const cuePaths = paths((base.externals as Record<string, Json>)['footlight.lightCues'], ['externals', 'footlight.lightCues'], []);
  const clipPaths = paths(engineJson, ['engine'], []).filter((p) => p.includes('clips'));
  const paramPaths = paths(engineJson, ['engine'], []).filter((p) => p.includes('parameters') && !p.includes('clips'));
  assert.ok(cuePaths.length > 3 && clipPaths.length > 50 && paramPaths.length > 100, `${cuePaths.length} ${clipPaths.length} ${paramPaths.length}`);
  const random = prng(SEED);
  const registry = createLibrary();
  const song = demoProject();
  const counts = { opened: 0, refused: 0, warned: 0, frames: 0, clips: 0 };
  for (let n = 0; n < FILES; n++) {
    const file = structuredClone(base);
    const hits = 1 + Math.floor(random() * 3);
    const done: string[] = [];
    for (let h = 0; h < hits; h++) {
      const pool = random() < 0.35 ? cuePaths : random() < 0.7 ? clipPaths : paramPaths;
      const path = pick(random, pool);
      done.push(`${path.join('/')}: ${damage(file, path, random)}`);
    }
    const what = `file ${n} (seed ${SEED}): ${done.join('; ')}`;
    let opened: ReturnType<typeof readProject>;
    try {
      opened = readProject(file, registry, { externals: SHOW_EXTERNALS });
    } catch (err) {
      assert.ok(isFootlightError(err) && err.code === 'invalid_argument', `${what}: ${String(err)}`);
      counts.refused++;
      continue;
    }
    counts.opened++;
    if (opened.warnings.length > 0) counts.warned++;
    const engine = new Engine();
    engine.graph.reserveIds(opened.maxId);
    const show = new LightShow(engine, opened.lx, { registry, externals: SHOW_EXTERNALS });
    show.externals = opened.externals;
    const sound = new SoundHost(engine, silentLogger, song);
    try {
      linkShowClock(show, sound);
      linkLightCues(show, sound);
      startPlayback(sound);
      // Ten seconds of song (both demo cues) at 0.5 beat a frame, every clip launched once.
      for (const clip of show.lx.clips.sceneClips(0)) clip.start();
      for (let k = 0; k < 40; k++) {
        try {
          engine.clock.stepFixed(1, 250);
        } catch (err) {
          assert.fail(`${what}: frame ${k} failed: ${(err as Error).stack}`);
        }
        counts.frames++;
      }
      for (const bus of [...show.mixer.channels.items, show.mixer.master]) {
        for (const clip of bus.clips.items) {
          const payload = toClipPayload(clip, false);
          const checked = ClipPayload.safeParse(JSON.parse(JSON.stringify(payload)));
          assert.ok(checked.success, `${what}: ${clip.path} has a payload the tools refuse: ${JSON.stringify(payload).slice(0, 300)}`);
          counts.clips++;
        }
      }
      JSON.stringify(writeProject(show.lx, show.externals, 0));
      for (const w of opened.warnings) assert.ok(w.length > 0 && !w.includes('undefined'), `${what}: warning ${w}`);
    } finally {
      sound.dispose();
    }
  }
  console.log(
    `damaged files: ${FILES} (seed ${SEED}): ${counts.opened} opened (${counts.warned} with warnings), ${counts.refused} refused; ` +
      `${counts.frames} frames, ${counts.clips} clip payloads checked`,
  );
});
