// An LX project with a Sound Object pattern and effect, fed by the song's master output and by
// ADM-OSC over real UDP: it loads, and its orb lights with the music and moves with the object.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import type { Origin } from '../../src/engine/commands/history.js';
import { Engine } from '../../src/engine/engine.js';
import { encodeMessage } from '../../src/osc/codec.js';
import type { SoundObject } from '../../src/light/audio/sound-object.js';
import { createLibrary } from '../../src/light/devices/library.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { addChannel } from '../../src/light/operations/channels.js';
import { addModulator } from '../../src/light/operations/modulation.js';
import type { LxObject } from '../../src/light/component/lxp-types.js';
import { readProject, writeProject } from '../../src/light/show/project/project-file.js';
import { Fixture } from '../../src/light/structure/fixture.js';
import { linkShowAudio } from '../../src/show/song-audio.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { demoCueMarkers } from '../../src/sound/demo-song.js';
import { createSoundHost } from '../../src/sound/index.js';
import { startPlayback } from '../../src/sound/operations/song.js';

/** The demo song's verse, where the kick comes in. */
const VERSE = demoCueMarkers().find((m) => m.name === 'Verse')!.beat;
import { startShow } from '../helpers/show.js';

const ORIGIN: Origin = { surface: 'engine' };
const FRAME_MS = 1000 / 60;
const N = 16;

/** A light project: a 16×16 grid, a Sound Object pattern reading a Sound Object on the song's meter. */
function savedProject(): LxObject {
  const light = new LightShow(new Engine());
  const grid = new Fixture('GridFixture', 'Grid');
  grid.parameters.get('numRows')?.setBase(N);
  grid.parameters.get('numColumns')?.setBase(N);
  light.structure.addFixture(grid);
  addChannel(light, { patternClass: 'heronarts.lx.pattern.audio.SoundObjectPattern' }, ORIGIN);
  const obj = addModulator(light, 'SoundObject', {}, ORIGIN) as SoundObject;
  obj.meterSource.setValue(1); // Audio: the global meter
  obj.admSync.setOn(true);
  light.lx.audio.enabled.setOn(true);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/selector' }, 'Sound Object', ORIGIN);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/signalToBrt' }, 1, ORIGIN);
  return writeProject(light.lx, {}, 0);
}

function peak(main: Uint32Array): number {
  let m = 0;
  for (let i = 0; i < main.length; i++) m = Math.max(m, main[i] & 0xff);
  return m;
}

test("a saved Sound Object pattern lights with the song's master output: dark while it is stopped, pulsing while it plays", () => {
  const engine = new Engine();
  const sound = createSoundHost(engine);
  const opened = readProject(savedProject(), createLibrary());
  assert.deepEqual(opened.warnings, []);
  const light = new LightShow(engine, opened.lx);
  linkShowClock(light, sound);
  linkShowAudio(light, sound);
  engine.clock.stepFixed(30, FRAME_MS);
  assert.equal(peak(light.main), 0, 'silence: no light');
  // The demo song's verse: kick, bass and pad (its intro is a quiet fade-in).
  sound.transport.position = VERSE;
  startPlayback(sound);
  const peaks: number[] = [];
  while (sound.transport.position < VERSE + 4) {
    engine.clock.stepFixed(1, FRAME_MS);
    peaks.push(peak(light.main));
  }
  assert.ok(Math.max(...peaks) > 150, `the song lights the orb (peak ${Math.max(...peaks)})`);
  assert.ok(Math.max(...peaks) - Math.min(...peaks) > 30, 'and it moves with the music');
});

test('over real UDP, ADM-OSC moves the orb of a Sound Object pattern added over MCP', async (t) => {
  const show = await startShow(t);
  const obj = await show.call('add_modulator', { class: 'Sound Object' });
  const objPath = obj.modulator.path as string;
  await show.call('set_parameter', { path: `${objPath}/admSync`, value: true });
  await show.call('set_parameter', { path: `${objPath}/input`, value: 1 });
  const added = await show.call('add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Sound Object' });
  const path = added.pattern.path as string;
  await show.call('activate_pattern', { path });
  await show.call('set_parameter', { path: `${path}/selector`, value: 'Sound Object' });
  const brightestX = () =>
    show.app.engine.queue.submit(() => {
      const { xn, index } = show.app.light.structure.model.points;
      const main = show.app.light.main;
      let best = -1;
      let x = -1;
      for (let k = 0; k < index.length; k++) {
        if ((main[index[k]] & 0xff) > best) {
          best = main[index[k]] & 0xff;
          x = xn[k];
        }
      }
      return x;
    });
  const step = () => show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(2, FRAME_MS));
  await step();
  assert.ok(Math.abs((await brightestX()) - 0.5) < 0.05, 'straight ahead: the middle');
  const udp = createSocket('udp4');
  t.after(() => udp.close());
  const send = (address: string, args: number[]) =>
    new Promise<void>((resolve, reject) =>
      udp.send(
        encodeMessage(
          address,
          args.map((value) => ({ type: 'float' as const, value })),
        ),
        show.app.osc!.receivePort!,
        '127.0.0.1',
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  await send('/adm/obj/1/aed', [-90, 0, 1]); // ADM: clockwise 90° → LX azimuth 90 (the right edge)
  for (let i = 0; i < 100 && (await show.call('get_parameter', { path: `${objPath}/azimuth` })).parameter.value !== 90; i++) {
    await new Promise((r) => setTimeout(r, 20));
    await step();
  }
  await step();
  assert.equal((await show.call('get_parameter', { path: `${objPath}/azimuth` })).parameter.value, 90);
  assert.ok((await brightestX()) > 0.95, 'the orb moved to the right edge');
});
