// The end of the flywheel (docs/cluster.md, "Failure"): a render node cut off from the log presents
// frames on its own clock for `--flywheel` seconds, then holds its last frame (`hold`, the default)
// or sends black (`black`). Two render nodes split four Art-Net bars: r1 blacks out (config.json's
// `flywheelEnd`), r2 holds (`--flywheel-end hold`). The NATS server stops: r1's universes go to zeros
// while r2's keep their last frame; when the server is back both follow the log and send the scene again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NATS_SERVER, artnetReceiver, settled, startNats, startNode, until, type ClusterProcess } from './nodes.js';

const PROJECT = fileURLToPath(new URL('./slices/slices.lxp', import.meta.url));
const MEDIA = fileURLToPath(new URL('./slices/media', import.meta.url));
const SHOW = ['--project', PROJECT, '--media', MEDIA, '--lease', '30'];
const CH1 = '/lx/mixer/channel/1';
const zeros = (hex: string): boolean => /^0*$/.test(hex);
const presenting = (node: ClusterProcess, what: string): Promise<boolean> =>
  until(`${node.name} to present ${what}`, async () => ((await node.status()).presenting === what ? true : undefined));

test('a render node cut off from the log blacks out at the end of its flywheel with black, and holds with hold', {
  skip: !existsSync(NATS_SERVER),
  timeout: 420_000,
}, async (t) => {
  const nats = await startNats(t);
  const wire = await artnetReceiver(t);
  const leader = await startNode(t, nats.url, 'lead', 'leader', [...SHOW, '--slice', 'none']);
  const [r1, r2] = await Promise.all([
    startNode(t, nats.url, 'r1', 'render', [...SHOW, '--slice', 'Left,Mid A', '--flywheel', '1'], { flywheelEnd: 'black' }),
    startNode(t, nats.url, 'r2', 'render', [...SHOW, '--slice', 'Mid B,Right', '--flywheel', '1', '--flywheel-end', 'hold']),
  ]);
  // A still scene that lights every bar: a gradient across x.
  for (const { path } of (await leader.call('get_output_map')).fixtures)
    await leader.call('set_fixture_params', { path, params: { port: wire.port, enabled: true } });
  await leader.call('add_channel', { class: 'Gradient', fader: 1 });
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/colorMode`, value: 'FIXED' });
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/gradient`, value: 0.5 });
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/xAmount`, value: 1 });
  const frame = (await leader.status()).frame as number;
  await until('the render nodes to replay the calls', async () =>
    (await r1.status()).frame > frame + 2 && (await r2.status()).frame > frame + 2 ? true : undefined,
  );
  const lit = await settled(wire.packets, wire.packets.length, [1, 2, 3, 4]);
  for (const [u, data] of lit) assert.ok(!zeros(data), `universe ${u} is lit`);

  await nats.stop();
  try {
    const cut = wire.packets.length;
    await presenting(r1, 'black');
    await presenting(r2, 'held');
    const dark = await settled(wire.packets, wire.packets.length, [1, 2]);
    for (const [u, data] of dark) assert.ok(zeros(data), `r1 sends universe ${u} black: ${data.slice(0, 24)}…`);
    const held = wire.packets.slice(cut).filter((p) => p.universe === 3 || p.universe === 4);
    assert.ok(
      held.every((p) => p.data === lit.get(p.universe)),
      'r2 sent only its last frame: its universes hold',
    );
    assert.equal((await r2.status()).presenting, 'held');
  } finally {
    // Also when an assertion failed: a node that stops while the server has long been away may not exit.
    await nats.start();
  }
  // The log's consumer may resume in bursts at first (a gap longer than the flywheel blacks r1 out again): wait for the scene to stay.
  await until('both nodes to send the scene again', async () => {
    const back = await settled(wire.packets, wire.packets.length, [1, 2, 3, 4]);
    return [...back].every(([u, data]) => data === lit.get(u)) ? true : undefined;
  });
  assert.equal((await r1.status()).presenting, 'following');
  assert.equal((await r2.status()).presenting, 'following');
  assert.equal((await leader.status()).role, 'leader', 'the outage elected nobody');
});
