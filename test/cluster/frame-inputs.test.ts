// A frame's inputs from outside the log (docs/cluster.md, "Frame inputs"): a desk's Art-Net reaches
// only the leader's receiver, yet a render node's DMX pattern shows the same levels on the same
// frames, because the leader logs each frame's changed universes with its tick. Real processes,
// a real NATS server, ArtDmx sent over loopback UDP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { artDmx } from '../light/input/packets.js';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

const CH1 = '/lx/mixer/channel/1';

test("a desk's DMX reaches only the leader, and the render node renders the same frames from the log", {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader', ['--dmx-in', 'artnet:0']);
  const render = await startNode(t, url, 'r1', 'render');
  const port = leader.info.dmxIn.receivers[0].port as number;

  // Channel 1 shows universe 0 through a DMX pattern, alone and at full.
  await leader.call('add_pattern', { containerPath: CH1, class: 'DMX', index: 0 });
  await leader.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 1 });

  const desk = createSocket('udp4');
  t.after(() => desk.close());
  const send = (level: number, sequence: number) =>
    new Promise<void>((resolve, reject) =>
      desk.send(artDmx({ portAddress: 0, sequence, data: Array.from({ length: 512 }, (_, i) => (level + 7 * i) % 256) }), port, '127.0.0.1', (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  // Three looks, each held until the leader's input shows it, with the frames they lit.
  const frames: number[] = [];
  for (const [k, level] of [40, 130, 220].entries()) {
    await until(`level ${level} at the leader`, async () => {
      await send(level, k + 1);
      const input = await leader.call('get_dmx_input', { universes: [0] });
      return input.universes[0]?.first?.[0] === level ? true : undefined;
    });
    const at = (await leader.status()).frame as number;
    frames.push(at + 3, at + 10);
  }
  const end = Math.max(...frames);
  await until('the leader to pass the frames', async () => ((await leader.status()).frame >= end ? true : undefined));
  await until('the render node to replay them', async () => ((await render.status()).frame >= end ? true : undefined));
  const ours = (await leader.status(frames)).digests;
  const theirs = (await render.status(frames)).digests;
  assert.deepEqual(theirs, ours, 'the render node rendered the desk it never heard');
  // Its own input holds nothing: the levels came through the log.
  assert.equal((await render.call('get_dmx_input', { universes: [0] })).universes[0]?.first?.[0] ?? 0, 0);
});
