// Slices the leader assigns (docs/cluster.md, "Slices"): nats-server, a leader with --slice none and
// two render nodes with --slice auto (one from its config.json), beside a single `serve` of the same
// project (four Art-Net bars, one universe each). The leader splits the bars over the two auto
// nodes: every universe carries the single process's bytes, each from one node. Then one auto node
// is killed (SIGKILL): once the leader counts it dead it moves its bars to the survivor, which then
// sends the whole rig, with the single process's bytes again; a third auto node that joins takes
// half of it back, and the bars it takes change sender between two frames (counted and printed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../helpers/show.js';
import { NATS_SERVER, artnetReceiver, runServe, settled, startNats, startServe, until, type DmxPacket, type ServeNode } from './nodes.js';
import { CH1, SHOW, UNIVERSES, clustered, senders } from './slices/rig.js';

/** For each universe: how often its sender changed from one packet to the next (a clean handover changes it once). */
function handovers(packets: readonly DmxPacket[]): Map<number, number> {
  const out = new Map<number, number>();
  const last = new Map<number, number>();
  for (const p of packets) {
    const before = last.get(p.universe);
    if (before !== undefined && before !== p.from) out.set(p.universe, (out.get(p.universe) ?? 0) + 1);
    last.set(p.universe, p.from);
  }
  return out;
}

interface Entry {
  node: string;
  slice: string[] | null;
  auto?: true;
  assigned?: { by: string; frame: number; at: string };
  universes: string[];
  frame: number | null;
}

test('two auto nodes share the rig the leader assigns; a killed one’s fixtures move to the survivor', {
  skip: !existsSync(NATS_SERVER),
  timeout: 600_000,
}, async (t) => {
  const { url } = await startNats(t);
  const wire = await artnetReceiver(t);
  const alone = await artnetReceiver(t);
  const leader = await startServe(t, 'lead', clustered(url, 'lead', 'leader', 'none'));
  const [a1, a2, single] = await Promise.all([
    startServe(t, 'a1', clustered(url, 'a1', 'render', 'auto')),
    // a2's slice comes from its config.json.
    startServe(t, 'a2', clustered(url, 'a2', 'render'), { slice: 'auto' }),
    startServe(t, 'single', SHOW),
  ]);
  assert.equal((await a2.call('get_cluster_status')).auto, true, "config.json's auto");

  let renderNodes: ServeNode[] = [a1, a2];
  const renderFrames = async (): Promise<number> =>
    Math.min(...(await Promise.all(renderNodes.map(async (n) => ((await n.call('get_cluster_status')).frame as number | null) ?? -1))));
  /** One call on both sides; then the DMX each side settled on. */
  const step = async (tool: string, args: Record<string, unknown> = {}): Promise<[Map<number, string>, Map<number, string>]> => {
    await leader.call(tool, args);
    const frame = (await leader.call('get_cluster_status')).frame as number;
    await until('the render nodes to replay the call', async () => ((await renderFrames()) >= frame + 2 ? true : undefined));
    const sinceWire = wire.packets.length;
    await single.call(tool, args);
    const sinceAlone = alone.packets.length;
    return Promise.all([settled(wire.packets, sinceWire, UNIVERSES), settled(alone.packets, sinceAlone, UNIVERSES)]);
  };
  const same = ([ours, theirs]: [Map<number, string>, Map<number, string>], what: string): Map<number, string> => {
    assert.deepEqual(ours, theirs, `${what}: the cluster sends the single process's bytes`);
    return ours;
  };
  /** The registry as the leader reads it, once `ready` accepts it: every node by name. */
  const registry = (what: string, ready: (byName: Record<string, Entry>) => boolean): Promise<Record<string, Entry>> =>
    until(what, async () => {
      const s = await leader.call('get_cluster_status');
      const byName: Record<string, Entry> = Object.fromEntries(s.nodes.map((n: Entry) => [n.node, n]));
      return ready(byName) ? byName : undefined;
    });
  /** An auto node has switched to its assignment: it renders frames from the assigned one on. */
  const switched = (n: Entry | undefined, fixtures: number): boolean =>
    n?.assigned !== undefined && n.slice?.length === fixtures && n.universes.length === fixtures && (n.frame ?? -1) >= n.assigned.frame;

  const fixtures = (await leader.call('get_output_map')).fixtures.map((f: { path: string }) => f.path);
  assert.equal(fixtures.length, 4);
  for (const path of fixtures) {
    await leader.call('set_fixture_params', { path, params: { port: wire.port, enabled: true } });
    await single.call('set_fixture_params', { path, params: { port: alone.port, enabled: true } });
  }
  // The leader splits the four bars, two to each auto node; it takes none itself.
  const split = await registry('the leader to split the rig over a1 and a2', (n) => switched(n.a1, 2) && switched(n.a2, 2));
  assert.deepEqual(split.lead.slice, []);
  assert.equal(split.lead.auto, undefined);
  assert.deepEqual([...split.a1.slice!, ...split.a2.slice!].sort(), ['Left', 'Mid A', 'Mid B', 'Right']);
  assert.equal(split.a1.assigned!.by, 'lead');
  assert.deepEqual(split.a1.assigned, split.a2.assigned, 'both switched at the same frame, to the same assignment');
  const mine = await a1.call('get_cluster_status');
  assert.deepEqual({ auto: mine.auto, slice: mine.slice, assigned: mine.assigned }, { auto: true, slice: split.a1.slice, assigned: split.a1.assigned });
  const map = await a1.call('get_output_map');
  assert.deepEqual(map.cluster.collisions, []);
  assert.deepEqual(map.cluster.nodes.find((n: Entry) => n.node === 'a1').assigned, split.a1.assigned, 'get_output_map says who assigned the slice');

  const mark = wire.packets.length;
  same(await step('add_channel', { class: 'Gradient', fader: 1 }), 'a channel');
  same(await step('set_parameter', { path: `${CH1}/pattern/1/colorMode`, value: 'FIXED' }), 'fixed color');
  same(await step('set_parameter', { path: `${CH1}/pattern/1/gradient`, value: 0.5 }), 'a hue gradient');
  same(await step('set_parameter', { path: `${CH1}/pattern/1/xAmount`, value: 1 }), 'a gradient across x');
  const shifted = same(await step('set_parameter', { path: `${CH1}/pattern/1/xOffset`, value: 0.3 }), 'shifted');
  assert.ok(new Set(shifted.values()).size > 1, 'the bars differ from each other');

  // Each universe came from one node since the split: a1's two from one port, a2's from another.
  const universeOf = (u: string): number => Number(u.slice(u.lastIndexOf('#') + 1));
  const from = senders(wire.packets.slice(mark));
  for (const u of UNIVERSES) assert.equal(from.get(u)?.size, 1, `universe ${u} came from one node`);
  const portOf = (node: Entry): number => {
    const ports = new Set(node.universes.map((u) => [...from.get(universeOf(u))!][0]));
    assert.equal(ports.size, 1, `${node.node}'s universes come from one socket`);
    return [...ports][0];
  };
  const a1Port = portOf(split.a1);
  assert.notEqual(a1Port, portOf(split.a2));
  console.log(`sender changes per universe before the split settled: ${JSON.stringify([...handovers(wire.packets.slice(0, mark))])}`);

  // a2 dies: once the leader counts it dead, a1 sends the whole rig.
  const killedAt = Date.now();
  await a2.kill();
  renderNodes = [a1];
  const moved = await registry('the leader to move a2’s bars to a1', (n) => switched(n.a1, 4) && n.a1.assigned!.frame > split.a1.assigned!.frame);
  assert.deepEqual(moved.a1.slice, ['Left', 'Mid A', 'Mid B', 'Right']);
  console.log(`kill → the survivor switched to the whole rig (as the registry shows it): ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
  const after = wire.packets.length;
  const dimmed = same(await step('set_parameter', { path: `${CH1}/fader`, value: 0.4 }), 'dimmed, after the move');
  assert.notDeepEqual(dimmed, shifted, 'the call changed the bytes');
  assert.deepEqual(same(await step('undo'), 'undone, after the move'), shifted, 'undo brings the bytes back');
  const survivor = senders(wire.packets.slice(after));
  for (const u of UNIVERSES) assert.deepEqual([...(survivor.get(u) ?? [])], [a1Port], `universe ${u} comes from a1 alone`);

  // a3 joins: the leader splits the rig again, and two bars move from a1 to a3 while both run.
  const joining = wire.packets.length;
  const a3 = await startServe(t, 'a3', clustered(url, 'a3', 'render', 'auto'));
  renderNodes = [a1, a3];
  const rejoined = await registry('the leader to split the rig over a1 and a3', (n) => switched(n.a1, 2) && switched(n.a3, 2));
  assert.deepEqual(rejoined.a1.assigned, rejoined.a3.assigned);
  const joined = wire.packets.length;
  same(await step('set_parameter', { path: `${CH1}/fader`, value: 0.7 }), 'after a3 joined');
  const split3 = senders(wire.packets.slice(joined));
  for (const u of UNIVERSES) assert.equal(split3.get(u)?.size, 1, `universe ${u} comes from one node after a3 joined`);
  const a3Universes = rejoined.a3.universes.map(universeOf);
  for (const u of a3Universes) assert.notEqual([...split3.get(u)!][0], a1Port, `universe ${u} moved to a3`);
  console.log(`sender changes per universe while a3 took its bars from a1: ${JSON.stringify([...handovers(wire.packets.slice(joining, joined))])}`);

  // Bad slices stop the start: auto is not a fixture among others.
  const home = await tempHome(t);
  const mixed = await runServe(home, clustered(url, 'bad', 'render', 'auto,Left'));
  assert.equal(mixed.code, 2);
  assert.match(mixed.stderr, /auto stands alone/);
  const lone = await runServe(home, [...SHOW, '--slice', 'auto']);
  assert.equal(lone.code, 2);
  assert.match(lone.stderr, /--slice goes with --cluster/);
  assert.equal(existsSync(join(home, 'status.json')), false, 'nothing started');
});
