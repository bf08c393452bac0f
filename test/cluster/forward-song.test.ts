// A render node's song follows the leader's ticks (docs/cluster.md): the leader plays the demo song
// by its own output's clock; the render node's transport takes each tick's position and play state,
// so while the song plays both nodes render the same frames. A stop sent to the render node goes to
// the leader, and both stop at the same position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

test('while the song plays, a render node renders the leader’s frames', { skip: !existsSync(NATS_SERVER), timeout: 240_000 }, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');
  await leader.call('song_control_transport', { operation: 'play' });
  const from = (await leader.status()).frame as number;
  const frames = Array.from({ length: 24 }, (_, i) => from + 10 + 10 * i);
  const end = frames[frames.length - 1];
  await until('the render node to pass the frames', async () => ((await render.status()).frame >= end ? true : undefined));
  const ours = (await leader.status(frames)).digests;
  assert.ok(new Set(ours.map((d: { digest: string }) => d.digest)).size > 1, 'the show moves while the song plays');
  assert.deepEqual((await render.status(frames)).digests, ours, 'the same frames while playing');
  const playing = (await render.call('song_get_state')).native.transport;
  assert.equal(playing.playing, true, 'the render node plays too');

  await render.call('song_control_transport', { operation: 'stop' });
  const stopped = (await leader.call('song_get_state')).native.transport;
  assert.equal(stopped.playing, false);
  await until('the render node to stop at the same place', async () => {
    const there = (await render.call('song_get_state')).native.transport;
    return there.playing === false && there.position_beats === stopped.position_beats ? true : undefined;
  });
});
