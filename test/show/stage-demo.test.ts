import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startShow } from '../helpers/show.js';

test('the stage demo: a 3D rig, five channels, snapshots, a clip scene per section; playing the song plays the lights', async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const model = await show.call('describe_model');
  assert.ok(JSON.stringify(model).length > 0);
  const light = show.app.light;
  assert.ok(light.structure.model.size > 2000, `${light.structure.model.size} points`);
  const zs = new Set(Array.from(light.structure.model.points.z).map((z) => Math.round(z)));
  assert.ok(zs.size >= 3, 'the rig has depth');
  const channels = (await show.call('list_channels')).channels.map((c: { label: string }) => c.label);
  assert.deepEqual(channels, ['Noise', 'Gradient', 'Chase', 'Planes', 'Kick Pulse']);
  assert.equal((await show.call('list_snapshots')).snapshots.length, 2);
  assert.deepEqual(
    show.app.services.lightCues!.list().map((c) => c.marker),
    ['Intro', 'Drop'],
  );
  assert.equal((await show.call('get_history')).undoDepth, 0, 'building the demo left no history');

  const p3 = new Protocol3Client();
  await p3.connect(show.app.protocol3.host, show.app.protocol3.port);
  t.after(() => p3.close());
  const token = ((await p3.request('song-state')) as { project_token: string }).project_token;
  assert.equal(((await p3.request(`song-transport-play ${token}`)) as { ok: boolean }).ok, true);
  const chase = light.mixer.channels.items[2].fader;
  const pulse = light.mixer.channels.items[4].fader;
  let pulsed = 0;
  await show.app.engine.queue.submit(() => {
    for (let k = 0; k < 60 * 9; k++) {
      show.app.engine.clock.stepFixed(1, 1000 / 60);
      if (pulse.getValue() > 0.5) pulsed++;
      if (show.app.sound.transport.position < 15.9) assert.equal(chase.getValue(), 0, 'the chase is dark in the intro');
    }
  });
  assert.ok(pulsed > 0, 'the kick pulse flashed');
  assert.equal(chase.getValue(), 1, 'the drop scene brought the chase up');
});
