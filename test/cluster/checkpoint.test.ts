// Checkpoints and late join (docs/cluster.md): a leader storing a checkpoint every second, a render
// node started only after writes and checkpoints, and the same node killed and started again. Each
// time it joins from the newest checkpoint (it replays the calls before it without rendering their
// frames), then renders the leader's frames exactly and holds the same history.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';
import { sameFrames } from './agree.js';

const CH1 = '/lx/mixer/channel/1';
const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });

/** Waits until `node` joined from a checkpoint; a node that stopped instead fails with its reason. */
async function joinedOf(node: Node): Promise<any> {
  const status = await until(`${node.name} to join`, async () => {
    const s = await node.status();
    return s.joined !== undefined || s.stopped !== undefined ? s : undefined;
  });
  assert.equal(status.stopped, undefined, `${node.name} stopped`);
  return status.joined;
}

/** The frames after `frame`: the next ten, then every seventh up to ~2 s later. */
const after = (frame: number): number[] => [
  ...Array.from({ length: 10 }, (_, i) => frame + 1 + i),
  ...Array.from({ length: 16 }, (_, i) => frame + 12 + 7 * i),
];

test('a late render node joins from the newest checkpoint; killed and started again, it joins again', {
  skip: !existsSync(NATS_SERVER),
  timeout: 480_000,
}, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader', ['--checkpoint', '1']);

  // Writes before any render node exists: a pattern with motion, parameters, undo and redo.
  await leader.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 });
  await leader.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/scale`, value: 0.8 });
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.35 });
  await leader.call('undo');
  await leader.call('redo');
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  await leader.call('undo');
  const written = (await leader.status()).frame as number;
  const stored = await until('a checkpoint after the writes', async () => {
    const c = (await leader.status()).checkpoint;
    return c !== undefined && c.frame > written + 60 ? c : undefined;
  });

  const r1 = await startNode(t, url, 'r1', 'render');
  const joined = await joinedOf(r1);
  assert.ok(joined.frame >= stored.frame, 'it joined from the newest checkpoint');
  assert.equal(joined.calls, 8, 'it replayed the calls before the checkpoint');
  assert.equal((await r1.status()).failed, 0);
  const skipped = await r1.status([joined.frame - 1, joined.frame]);
  assert.deepEqual(
    skipped.digests.map((d: { digest: string | null }) => d.digest),
    [null, null],
    'it rendered none of the frames before the checkpoint',
  );
  await sameFrames([leader, r1], after(joined.frame));

  // A write after the join reaches it as usual.
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/scale`, value: 0.4 });
  await sameFrames([leader, r1], after((await leader.status()).frame));
  assert.deepEqual(steps(await r1.call('get_history', { limit: 20 })), steps(await leader.call('get_history', { limit: 20 })), 'one history');

  // Killed mid-show and started again (a fresh process): it joins from a newer checkpoint.
  await r1.kill();
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.9 });
  const later = (await leader.status()).frame as number;
  await until('a checkpoint after the last write', async () => ((await leader.status()).checkpoint?.frame > later ? true : undefined));
  const again = await startNode(t, url, 'r1', 'render');
  const rejoined = await joinedOf(again);
  assert.ok(rejoined.frame > later, 'from the checkpoint after the last write');
  assert.equal(rejoined.calls, 10);
  await sameFrames([leader, again], after(rejoined.frame));
  assert.deepEqual(steps(await again.call('get_history', { limit: 20 })), steps(await leader.call('get_history', { limit: 20 })), 'one history');
  assert.equal((await again.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.9);
});

test('a node joining after cue fades takes the values they set and the history they shaped; it joins mid-fade too', {
  skip: !existsSync(NATS_SERVER),
  timeout: 480_000,
}, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader', ['--checkpoint', '1']);
  const fader = async (node: Node): Promise<number> => (await node.call('get_parameter', { path: `${CH1}/fader` })).parameter.value;

  // Frames, not calls, move the fader to 0.8: a cue's two-second fade.
  await leader.call('create_cue_list', { name: 'Main' });
  await leader.call('record_cue', { list: 'Main', blind: true, values: [{ path: `${CH1}/fader`, value: 0.2 }] });
  await leader.call('record_cue', { list: 'Main', blind: true, values: [{ path: `${CH1}/fader`, value: 0.8 }], fadeInMs: 2000 });
  await leader.call('run_cue_list', { list: 'Main', action: 'go' });
  await leader.call('run_cue_list', { list: 'Main', action: 'go' });
  await until('the fade to end', async () => ((await fader(leader)) === 0.8 ? true : undefined));
  // An undo step whose "before" (0.8) only the frames made.
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.5 });
  const written = (await leader.status()).frame as number;
  await until('a checkpoint after the writes', async () => ((await leader.status()).checkpoint?.frame > written ? true : undefined));

  const r1 = await startNode(t, url, 'r1', 'render');
  const joined = await joinedOf(r1);
  assert.equal((await r1.status()).failed, 0);
  assert.equal(await fader(r1), 0.5);
  await sameFrames([leader, r1], after(joined.frame));
  await leader.call('undo');
  assert.equal(await fader(leader), 0.8);
  await until("r1's undo", async () => ((await fader(r1)) === 0.8 ? true : undefined));
  await sameFrames([leader, r1], after((await leader.status()).frame));

  // A 30-second fade under way when the checkpoint is taken: a node started then joins mid-fade.
  await leader.call('record_cue', { list: 'Main', blind: true, values: [{ path: `${CH1}/fader`, value: 0.1 }], fadeOutMs: 30_000 });
  await leader.call('run_cue_list', { list: 'Main', action: 'go' });
  const went = (await leader.status()).frame as number;
  await until('a checkpoint during the fade', async () => ((await leader.status()).checkpoint?.frame > went ? true : undefined));
  const r2 = await startNode(t, url, 'r2', 'render');
  const mid = await joinedOf(r2);
  const value = await fader(r2);
  assert.ok(value < 0.8 && value > 0.1, `r2 joined mid-fade (fader ${value})`);
  await sameFrames([leader, r2], after(mid.frame));
  assert.deepEqual(steps(await r2.call('get_history', { limit: 20 })), steps(await leader.call('get_history', { limit: 20 })), 'one history');
});
