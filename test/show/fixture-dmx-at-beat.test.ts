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

/** The same show saved and opened offline by hand, played to frame `index`: the fixture's DMX there. */
async function directRender(show: TestShow, path: string, index: number): Promise<unknown> {
  const { app } = show;
  const [light, song] = await app.engine.queue.submit(() => [
    writeProject(app.light.lx, app.light.externals, 0),
    saveProject(app.sound.project, { ids: false }),
  ]);
  const media = app.light.mediaDir === undefined ? {} : mediaResolvers(app.light.mediaDir);
  const offline = openOfflineShow({ light, song: song as never, fps: 60, registry: createLibrary(), ...media });
  try {
    for (let k = 0; k <= index; k++) offline.step();
    return stageFixtureDmx(stageFixtureAt(offline.show, { path }));
  } finally {
    offline.dispose();
  }
}

test('get_stage_fixture_dmx at a beat: the frame at that beat rendered offline, as a direct render gives it; the live show untouched', async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const rig = (await show.call('list_stage_fixtures')).fixtures as { path: string; label: string }[];
  const pars = rig.filter((f) => f.label.startsWith('Floor par'));
  const head = rig.find((f) => f.label === 'Wash 1')!;
  const before = await liveState(show, pars[0].path);
  const tempo = show.app.sound.project.tempo.getBaseValue();

  // The intro (strips dark) and the verse (its cue at beat 32 brings the strips up): the floor pars follow the strips.
  const intensity = (r: { attributes: { key: string; value: number; drivenBy?: string }[] }) => r.attributes.find((a) => a.key === 'intensity')!;
  const intro = [];
  const verse = [];
  for (const p of pars) {
    intro.push(await show.call('get_stage_fixture_dmx', { path: p.path, beat: 8 }));
    verse.push(await show.call('get_stage_fixture_dmx', { path: p.path, beat: 34 }));
  }
  for (const r of [...intro, ...verse]) assert.match(intensity(r).drivenBy ?? '', /^the frame at model point \d+$/);
  const lit = (rs: typeof intro) => rs.filter((r) => intensity(r).value > 0).length;
  assert.ok(lit(verse) > lit(intro), `the verse lights more floor pars than the intro: ${lit(verse)} vs ${lit(intro)}`);
  assert.notDeepEqual(
    verse.map((r) => r.dmx),
    intro.map((r) => r.dmx),
  );

  // Which frame: the first at or after the beat, as render-show numbers them (the frame ending at beat 34 at 60 fps).
  const v = verse[0];
  assert.deepEqual(v.frame, { index: Math.round((34 * 3600) / tempo) - 1, fps: 60, beat: 34, seconds: (34 * 60) / tempo });
  assert.equal(intro[0].frame.beat, 8);

  // The same bytes, attributes and aim as the show saved and played offline by hand to that frame.
  const { frame: _f, ...parAt34 } = v;
  assert.deepEqual(parAt34, await directRender(show, pars[0].path, v.frame.index));
  const h = await show.call('get_stage_fixture_dmx', { path: head.path, beat: 34 });
  const { frame: hf, ...headAt34 } = h;
  assert.equal(h.attributes.find((a: { key: string }) => a.key === 'pan').drivenBy, 'its aim (point)');
  assert.deepEqual(headAt34, await directRender(show, head.path, hf.index));

  assert.deepEqual(await liveState(show, pars[0].path), before, 'history, transport, the live frame and DMX are as they were');
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
