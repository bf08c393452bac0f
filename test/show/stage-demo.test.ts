import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { demoCueMarkers } from '../../src/sound/demo-song.js';
import { startShow } from '../helpers/show.js';

test('the stage demo: a 3D rig, six channels, a look per section cued on the song; playing the song plays the lights', async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const model = await show.call('describe_model');
  assert.ok(JSON.stringify(model).length > 0);
  const light = show.app.light;
  assert.ok(light.structure.model.size > 2000, `${light.structure.model.size} points`);
  const zs = new Set(Array.from(light.structure.model.points.z).map((z) => Math.round(z)));
  assert.ok(zs.size >= 3, 'the rig has depth');
  const channels = (await show.call('list_channels')).channels.map((c: { label: string }) => c.label);
  assert.deepEqual(channels, ['Wall', 'Spectrum', 'Strips', 'Planes', 'Color', 'Kick Pulse']);
  assert.deepEqual(
    (await show.call('list_snapshots')).snapshots.map((s: { label: string }) => s.label),
    ['Intro look', 'Verse look', 'Drop look', 'Breakdown look', 'Outro look'],
  );
  // A cue on every section marker of the song, at the marker's beat, each launching its own scene.
  assert.deepEqual(
    show.app.services.lightCues!.list().map((c) => [c.marker, c.beat, c.scene]),
    demoCueMarkers().map((m, i) => [m.name, m.beat, i]),
  );
  const clips = await show.call('list_clips', { detail: 'full' });
  assert.ok(JSON.stringify(clips).includes('"Breakdown"'), 'the scenes are named after the sections');
  // The default summary names every clip and stays small on the whole demo grid.
  const summary = await show.call('list_clips');
  assert.deepEqual(
    summary.buses.map((b: { clips: { id: number; label: string }[] }) => b.clips.map((c) => [c.id, c.label])),
    clips.buses.map((b: { clips: { id: number; label: string }[] }) => b.clips.map((c) => [c.id, c.label])),
  );
  assert.ok(JSON.stringify(summary).length < 16_000, `list_clips summary: ${JSON.stringify(summary).length} bytes`);
  assert.equal((await show.call('get_history')).undoDepth, 0, 'building the demo left no history');

  const p3 = new Protocol3Client();
  await p3.connect(show.app.protocol3.host, show.app.protocol3.port);
  t.after(() => p3.close());
  const tokenNow = async (): Promise<string> => ((await p3.request('song-state')) as { project_token: string }).project_token;
  const strips = light.mixer.channels.items[2].fader;
  const pulse = light.mixer.channels.items[5].fader;
  const master = light.mixer.master.fader;
  const step = (frames: number, each: () => void): Promise<void> =>
    show.app.engine.queue.submit(() => {
      for (let k = 0; k < frames; k++) {
        show.app.engine.clock.stepFixed(1, 1000 / 60);
        each();
      }
    });

  // The intro: from black, the master comes up within a bar; the strips stay dark for four bars; no kick, no pulse.
  assert.equal(((await p3.request(`song-transport-play ${await tokenNow()}`)) as { ok: boolean }).ok, true);
  let pulsed = 0;
  await step(60 * 7, () => {
    if (show.app.sound.transport.position < 15.9) assert.equal(strips.getValue(), 0, 'the strips are dark in the intro');
    if (pulse.getValue() > 0.5) pulsed++;
  });
  assert.equal(master.getValue(), 1, 'the intro faded the master up');
  assert.equal(pulsed, 0, 'no kick in the intro, no pulse');

  // Into the verse: its cue brings the strips up and the kick pulses them.
  await p3.request(`song-transport-seek ${await tokenNow()} 31`);
  await step(60 * 3, () => {
    if (pulse.getValue() > 0.5) pulsed++;
  });
  assert.ok(show.app.sound.transport.position > 32.5);
  assert.ok(strips.getValue() >= 0.6, `the verse brought the strips up: ${strips.getValue()}`);
  assert.ok(pulsed > 0, 'the kick pulse flashed');

  // The stage rig follows: the floor pars light with their strips, the heads swing with the Sway LFO.
  const rig = (await show.call('list_stage_fixtures')).fixtures as { path: string; label: string; protocol: string; universe: number }[];
  assert.deepEqual(
    rig.map((f) => f.label),
    ['Wash 1', 'Wash 2', 'Wash 3', 'Wash 4', 'Floor par 1', 'Floor par 2', 'Floor par 3', 'Floor par 4', 'Floor par 5', 'Floor par 6'],
  );
  assert.ok(rig.every((f) => f.protocol === 'artnet' && f.universe === 1));
  const attr = async (path: string, key: string) =>
    ((await show.call('get_stage_fixture_dmx', { path })).attributes as { key: string; value: number; drivenBy?: string }[]).find((a) => a.key === key)!;
  const lit = [];
  const pans = new Set<number>();
  for (let k = 0; k < 6; k++) {
    await step(20, () => {});
    for (const f of rig.slice(4)) {
      const dimmer = await attr(f.path, 'intensity');
      assert.match(dimmer.drivenBy ?? '', /^the frame at model point \d+$/);
      if (dimmer.value > 0) lit.push(f.label);
    }
    const pan = await attr(rig[0].path, 'pan');
    assert.equal(pan.drivenBy, 'its aim (point)');
    pans.add(pan.value);
  }
  assert.ok(lit.length > 0, 'the verse lit the floor pars');
  assert.ok(pans.size > 1, 'the heads swing with the Sway LFO');
});
