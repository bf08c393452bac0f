// Cluster slices (docs/cluster.md, "Slices"): nats-server, a leader with no slice and two render
// nodes with half the rig each (four Art-Net bars, one universe each; the first's slice from
// --slice, the second's from its config.json), beside a single `serve` of
// the same project. Both are driven over MCP with the same calls (a pattern, parameters, undo); after
// each call, once the scene is still, every universe carries the same DMX bytes from the cluster as
// from the single process. Each universe comes from exactly one process (its sender's source port):
// the first render node sends universes 1 and 2, the second 3 and 4, the leader none. A fourth node
// whose slice overlaps shows up in get_output_map as a collision; bad slices stop the start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempHome } from '../helpers/show.js';
import { NATS_SERVER, artnetReceiver, runServe, settled, startNats, startServe, until } from './nodes.js';
import { CH1, SHOW, UNIVERSES, clustered, senders } from './slices/rig.js';

test('a leader and two render nodes with half the rig each send what one process sends, each universe from one node', {
  skip: !existsSync(NATS_SERVER),
  timeout: 420_000,
}, async (t) => {
  const { url } = await startNats(t);
  const wire = await artnetReceiver(t);
  const alone = await artnetReceiver(t);
  const leader = await startServe(t, 'lead', clustered(url, 'lead', 'leader', 'none'));
  const [r1, r2, single] = await Promise.all([
    startServe(t, 'r1', clustered(url, 'r1', 'render', 'Left,1')),
    // r2's slice comes from its config.json.
    startServe(t, 'r2', clustered(url, 'r2', 'render'), { slice: [2, 'Right'] }),
    startServe(t, 'single', SHOW),
  ]);
  const status = JSON.parse(await readFile(join(r1.home, 'status.json'), 'utf8'));
  assert.deepEqual(status.cluster.slice, ['Left', 'Mid A'], 'status.json names the slice by label');

  const renderFrames = async (): Promise<number> =>
    Math.min(...(await Promise.all([r1, r2].map(async (n) => ((await n.call('get_cluster_status')).frame as number | null) ?? -1))));
  /** One call on both sides; then the DMX each side settled on. */
  const step = async (tool: string, args: Record<string, unknown> = {}, cluster = args, one = args): Promise<[Map<number, string>, Map<number, string>]> => {
    await leader.call(tool, cluster);
    const frame = (await leader.call('get_cluster_status')).frame as number;
    await until('the render nodes to replay the call', async () => ((await renderFrames()) >= frame + 2 ? true : undefined));
    const sinceWire = wire.packets.length;
    await single.call(tool, one);
    const sinceAlone = alone.packets.length;
    return Promise.all([settled(wire.packets, sinceWire, UNIVERSES), settled(alone.packets, sinceAlone, UNIVERSES)]);
  };
  const same = ([ours, theirs]: [Map<number, string>, Map<number, string>], what: string): Map<number, string> => {
    assert.deepEqual(ours, theirs, `${what}: the cluster sends the single process's bytes`);
    return ours;
  };

  // Each bar on: its output to the test's receivers (the leader's calls reach the render nodes through the log).
  const fixtures = (await leader.call('get_output_map')).fixtures.map((f: { path: string }) => f.path);
  assert.equal(fixtures.length, 4);
  for (const path of fixtures) {
    await leader.call('set_fixture_params', { path, params: { port: wire.port, enabled: true } });
    await single.call('set_fixture_params', { path, params: { port: alone.port, enabled: true } });
  }
  const black = same(await step('add_channel', { class: 'Gradient', fader: 1 }), 'a channel');
  same(await step('set_parameter', { path: `${CH1}/pattern/1/colorMode`, value: 'FIXED' }), 'fixed color');
  same(await step('set_parameter', { path: `${CH1}/pattern/1/gradient`, value: 0.5 }), 'a hue gradient');
  const across = same(await step('set_parameter', { path: `${CH1}/pattern/1/xAmount`, value: 1 }), 'a gradient across x');
  const shifted = same(await step('set_parameter', { path: `${CH1}/pattern/1/xOffset`, value: 0.3 }), 'shifted');
  assert.notDeepEqual(shifted, across, 'the call changed the bytes');
  assert.ok(new Set(shifted.values()).size > 1, 'the bars differ from each other');
  const dimmed = same(await step('set_parameter', { path: `${CH1}/fader`, value: 0.4 }), 'dimmed');
  assert.notDeepEqual(dimmed, shifted);
  assert.deepEqual(same(await step('undo'), 'undone'), shifted, 'undo brings the bytes back');
  assert.notDeepEqual(black, shifted);

  // Each universe came from one process: universes 1 and 2 from r1's sender, 3 and 4 from r2's; none from the leader.
  const from = senders(wire.packets);
  for (const u of UNIVERSES) assert.equal(from.get(u)?.size, 1, `universe ${u} came from one node`);
  const port = (u: number): number => [...from.get(u)!][0];
  assert.equal(port(1), port(2));
  assert.equal(port(3), port(4));
  assert.notEqual(port(1), port(3));
  assert.deepEqual([...from.keys()].sort(), UNIVERSES, 'no other universe was sent');

  // The registry: every node with its slice and universes, no collision.
  const dest = `artnet/udp/127.0.0.1:${wire.port}`;
  const nodes = await until('the registry to show the three nodes with their universes', async () => {
    const s = await leader.call('get_cluster_status');
    const byName = Object.fromEntries(s.nodes.map((n: any) => [n.node, n]));
    return byName.r1?.universes.length === 2 && byName.r2?.universes.length === 2 && s.nodes.length === 3 ? byName : undefined;
  });
  assert.deepEqual(
    Object.values(nodes).map((n: any) => [n.node, n.role, n.slice, n.universes]),
    [
      ['lead', 'leader', [], []],
      ['r1', 'render', ['Left', 'Mid A'], [`${dest}#1`, `${dest}#2`]],
      ['r2', 'render', ['Mid B', 'Right'], [`${dest}#3`, `${dest}#4`]],
    ],
  );
  const map = await leader.call('get_output_map');
  assert.deepEqual(map.cluster.collisions, []);
  assert.ok(
    map.fixtures.every((f: any) => !f.sending && /slice/.test(f.idle)),
    "the leader's map: it sends none of them",
  );
  const r1map = await r1.call('get_output_map');
  assert.deepEqual(
    r1map.fixtures.map((f: any) => f.sending),
    [true, true, false, false],
  );

  // A node whose slice overlaps r1's: universe 1 is flagged, naming both nodes.
  await startServe(t, 'r3', clustered(url, 'r3', 'render', 'Left'));
  const collisions = await until('the collision to show', async () => {
    const c = (await leader.call('get_output_map')).cluster.collisions;
    return c.length > 0 ? c : undefined;
  });
  assert.deepEqual(collisions, [{ universe: `${dest}#1`, nodes: ['r1', 'r3'] }]);

  // Bad slices stop the start with the reason; the registry is unchanged.
  const home = await tempHome(t);
  const unknown = await runServe(home, clustered(url, 'bad', 'render', 'Left,Nope'));
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--slice: no fixture labelled "Nope" in the project \(4 fixtures: 0 Left, 1 Mid A, 2 Mid B, 3 Right\)/);
  const beyond = await runServe(home, clustered(url, 'bad', 'render', '4'));
  assert.equal(beyond.code, 2);
  assert.match(beyond.stderr, /--slice: no fixture at index 4/);
  const twice = await runServe(home, clustered(url, 'bad', 'render', 'Left,Left'));
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /Left is named twice/);
  const lone = await runServe(home, [...SHOW, '--slice', 'Left']);
  assert.equal(lone.code, 2);
  assert.match(lone.stderr, /--slice goes with --cluster/);
  assert.equal(existsSync(join(home, 'status.json')), false, 'nothing started');
  const after = (await leader.call('get_cluster_status')).nodes.map((n: any) => n.node);
  assert.deepEqual(after, ['lead', 'r1', 'r2', 'r3'], 'no entry for the refused node');
});
