import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLibrary } from '../../src/light/devices/library.js';
import { stageFixtureAt } from '../../src/light/operations/stage-fixtures.js';
import { framesSha256 } from '../../src/light/render/frames-format.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { mediaResolvers } from '../../src/light/show/project/media.js';
import { stageFixtureDmx } from '../../src/light/show/stage-dmx.js';
import { openOfflineShow } from '../../src/show/render-show.js';
import { saveProject } from '../../src/sound/model/components.js';
import { startShow, type TestShow } from '../helpers/show.js';

/** What a read-only call must leave as it was: the history, the song position, the live frame and a fixture's live DMX. */
async function liveState(show: TestShow, path: string): Promise<unknown> {
  const { app } = show;
  return {
    history: await show.call('get_history', {}),
    position: app.sound.transport.position,
    playing: app.sound.transport.playing,
    frameCount: app.light.frameCount,
    frame: framesSha256([app.light.main]),
    dmx: await show.call('get_stage_fixture_dmx', { path }),
  };
}

/** The same show saved and opened offline by hand, played from the song's start: each fixture's DMX at each frame asked. */
async function directRender(show: TestShow, paths: readonly string[], frames: readonly number[]): Promise<Map<string, unknown>> {
  const { app } = show;
  const [light, song] = await app.engine.queue.submit(() => [
    writeProject(app.light.lx, app.light.externals, 0),
    saveProject(app.sound.project, { ids: false }),
  ]);
  const media = app.light.mediaDir === undefined ? {} : mediaResolvers(app.light.mediaDir);
  const offline = openOfflineShow({ light, song: song as never, fps: 60, registry: createLibrary(), ...media });
  const out = new Map<string, unknown>();
  try {
    for (let k = 0; k <= Math.max(...frames); k++) {
      offline.step();
      if (frames.includes(k)) for (const p of paths) out.set(`${p}@${k}`, stageFixtureDmx(stageFixtureAt(offline.show, { path: p })));
    }
    return out;
  } finally {
    offline.dispose();
  }
}

type Dmx = { attributes: { key: string; value: number; drivenBy?: string }[] };
const attr = (r: unknown, key: string) => (r as Dmx).attributes.find((a) => a.key === key)!;

test('get_stage_fixture_dmx at a beat: the frame at that beat rendered offline, as a direct render gives it; the live show untouched', async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const rig = (await show.call('list_stage_fixtures')).fixtures as { path: string; label: string }[];
  const pars = rig.filter((f) => f.label.startsWith('Floor par')).map((f) => f.path);
  const head = rig.find((f) => f.label === 'Wash 1')!.path;
  const before = await liveState(show, pars[0]);
  const tempo = show.app.sound.project.tempo.getBaseValue();
  // The frame at a beat: the first at or after it, as render-show numbers them (the frame ending at the beat at 60 fps).
  const frameAt = (beat: number): number => Math.round((beat * 3600) / tempo) - 1;

  // The song says: the strips are dark in the intro (beat 8), and the verse's cue (beat 32) brings them up; the floor pars follow.
  const direct = await directRender(show, [...pars, head], [frameAt(8), frameAt(34)]);
  const lit = (beat: number) => pars.filter((p) => attr(direct.get(`${p}@${frameAt(beat)}`), 'intensity').value > 0);
  const par = lit(34).find((p) => !lit(8).includes(p));
  assert.ok(par !== undefined, `a floor par dark in the intro and lit in the verse: ${lit(8)} / ${lit(34)}`);

  const intro = await show.call('get_stage_fixture_dmx', { path: par, beat: 8 });
  const verse = await show.call('get_stage_fixture_dmx', { path: par, beat: 34 });
  assert.equal(attr(intro, 'intensity').value, 0);
  assert.ok(attr(verse, 'intensity').value > 0);
  for (const r of [intro, verse]) assert.match(attr(r, 'intensity').drivenBy ?? '', /^the frame at model point \d+$/);
  assert.deepEqual(verse.frame, { index: frameAt(34), fps: 60, beat: 34, seconds: (34 * 60) / tempo });
  assert.deepEqual([intro.frame.index, intro.frame.beat], [frameAt(8), 8]);

  // The same bytes, attributes and aim as the show saved and played offline by hand to that frame.
  const { frame: _i, ...introDmx } = intro;
  const { frame: _v, ...verseDmx } = verse;
  assert.deepEqual(introDmx, direct.get(`${par}@${frameAt(8)}`));
  assert.deepEqual(verseDmx, direct.get(`${par}@${frameAt(34)}`));
  const { frame: _h, ...headDmx } = await show.call('get_stage_fixture_dmx', { path: head, beat: 34 });
  assert.equal(attr(headDmx, 'pan').drivenBy, 'its aim (point)');
  assert.deepEqual(headDmx, direct.get(`${head}@${frameAt(34)}`));

  assert.deepEqual(await liveState(show, pars[0]), before, 'history, transport, the live frame and DMX are as they were');
});

test('get_stage_fixture_dmx at a beat: bad beats and fixtures refused, busy while a check renders; nothing changed', async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const path = '/lx/stage/fixture/5';
  const before = await liveState(show, path);
  const end = show.app.sound.songEnd();
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ path, beat: -1 }, /^invalid_argument: beat/],
    [{ path, beat: 'x' }, /^invalid_argument: beat/],
    [{ path, beat: 1e9 }, /^invalid_argument: beat is at most/],
    [{ path, beat: 20000 }, /^invalid_argument: the show is played from the song's start to reach the beat, and a render is at most 3600 s/],
    [{ path, beat: end + 8 }, new RegExp(`^invalid_argument: the song ends at beat ${end} .*before beat ${end + 8}: no frame plays there`)],
    [{ path: '/lx/stage/fixture/99', beat: 4 }, /^not_found/],
    [{ path: '/lx/mixer/master', beat: 4 }, /^invalid_argument: \/lx\/mixer\/master is not a stage fixture/],
  ];
  for (const [args, expected] of cases) assert.match(await show.callError('get_stage_fixture_dmx', args), expected, JSON.stringify(args));

  const [check, dmx] = await Promise.all([
    show.client.callTool({ name: 'check_show', arguments: { from_beat: 0, to_beat: 16 } }),
    show.client.callTool({ name: 'get_stage_fixture_dmx', arguments: { path, beat: 4 } }),
  ]);
  assert.equal(check.isError, undefined);
  assert.equal(dmx.isError, true);
  assert.match((dmx.content as { text: string }[])[0].text, /^busy: another show check is rendering/);
  assert.deepEqual(await liveState(show, path), before);
});
