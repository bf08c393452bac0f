import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Origin } from '../../src/engine/commands/history.js';
import { Engine } from '../../src/engine/engine.js';
import type { NumericParameter } from '../../src/engine/parameters/numeric.js';
import { buildGridDemo } from '../../src/light/grid-demo.js';
import { createLibrary } from '../../src/light/devices/library.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { wireModulation } from '../../src/light/operations/modulation.js';
import type { LxObject } from '../../src/light/component/lxp-types.js';
import { readProject, writeProject } from '../../src/light/show/project/project-file.js';
import { linkShowAudio } from '../../src/show/song-audio.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { demoCueMarkers } from '../../src/sound/demo-song.js';
import { createSoundHost } from '../../src/sound/index.js';
import { startPlayback } from '../../src/sound/operations/song.js';
import { GOLDEN_DIR } from '../helpers/golden-dir.js';

const FRAME_MS = 1000 / 60;
const ORIGIN: Origin = { surface: 'engine' };
const LX_FILE = join(GOLDEN_DIR, 'solid_faders.lxp');

function audioOf(json: LxObject): LxObject {
  return (json as { engine: { children: { audio: LxObject } } }).engine.children.audio;
}

test("an LX 1.2.1 project's audio engine and meter load into /lx/audio and save back unchanged", () => {
  const json = JSON.parse(readFileSync(LX_FILE, 'utf8')) as LxObject;
  const opened = readProject(json, createLibrary());
  const audio = opened.lx.audio;
  assert.equal(audio.meter.path, '/lx/audio/meter');
  assert.equal(audio.meter.id, (audioOf(json).children as Record<string, { id: number }>).meter.id);
  assert.equal(audio.enabled.isOn(), false);
  assert.deepEqual(audioOf(writeProject(opened.lx, {}, 0)), audioOf(json), 'input, output, sound stage, ADM, Envelop and Reaper kept; meter written back');
});

/** The demo song's verse, where the kick comes in. */
const VERSE = demoCueMarkers().find((m) => m.name === 'Verse')!.beat;

/** A stepped show with the song's master output wired; `json` opens a saved light project. */
function show(json?: LxObject) {
  const engine = new Engine();
  const sound = createSoundHost(engine);
  const light = json === undefined ? new LightShow(engine) : new LightShow(engine, readProject(json, createLibrary()).lx);
  if (json === undefined) {
    buildGridDemo(light);
    light.mixer.channels.items[0].fader.setValue(0);
    wireModulation(light, { path: '/lx/audio/meter' }, { path: '/lx/mixer/channel/1/fader' }, { range: 1 }, ORIGIN);
    light.lx.audio.enabled.setOn(true);
  }
  linkShowClock(light, sound);
  linkShowAudio(light, sound);
  return { engine, sound, light };
}

test('a project modulating from the global meter loads and reacts to the song; the meter reads through get_parameter paths', () => {
  const saved = writeProject(show().light.lx, {}, 0);
  const { engine, sound, light } = show(saved);
  const fader = light.parameter({ path: '/lx/mixer/channel/1/fader' }) as NumericParameter;
  const band1 = light.parameter({ path: '/lx/audio/meter/band-1' }) as NumericParameter;
  engine.clock.stepFixed(30, FRAME_MS);
  assert.equal(light.lx.audio.meter.getValue(), 0, 'silence while the song is stopped');
  assert.equal(fader.getValue(), 0);
  // The demo song's verse: kick, bass and pad (its intro is a quiet fade-in).
  sound.transport.position = VERSE;
  startPlayback(sound);
  const levels: number[] = [];
  const bands = new Set<number>();
  while (sound.transport.position < VERSE + 4) {
    engine.clock.stepFixed(1, FRAME_MS);
    const meter = light.lx.audio.meter.getValue();
    levels.push(meter);
    assert.ok(Math.abs(fader.getValue() - meter) < 1e-6, `the fader follows the meter (${fader.getValue()} vs ${meter})`);
    bands.add(Math.round(band1.getValue() * 1000));
  }
  assert.ok(Math.max(...levels) > 0.5, `the song is heard (peak ${Math.max(...levels)})`);
  assert.ok(Math.max(...levels) - Math.min(...levels) > 0.1, 'the level moves with the music');
  assert.ok(bands.size > 10, 'band-1 moves with the kick and bass');
  assert.equal(light.lx.modulation.modulations.items[0]?.source, light.lx.audio.meter, 'the loaded modulation reads the loaded meter');
});
