// Divergence repair and sliced checks (docs/cluster.md, "Divergence checks"): two render nodes
// started on another version of the show (the same file name, its first fixture moved), one with
// the whole rig and one with a slice that leaves that fixture out. Both are found diverged — the
// sliced one through the canary region every node renders — and both repair themselves from the
// leader's next checkpoint: then the whole-rig node renders the leader's frames, holds its history
// and follows later calls, and the sliced node's checks match again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';
import { sameFrames } from './agree.js';
import { CH1, SHOW } from './slices/rig.js';

/** The ten frames after `frame`. */
const tenAfter = (frame: number): number[] => Array.from({ length: 10 }, (_, i) => frame + 1 + i);

const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });

/** Waits until `node` repaired itself and a later check matched; a node that stopped or could not repair fails with the reason. */
async function repairedOf(node: Node): Promise<any> {
  const status = await until(`${node.name} to repair itself`, async () => {
    const s = await node.status();
    if (s.stopped !== undefined || s.repairFailed !== undefined) return s;
    return s.repaired !== undefined && s.diverged === undefined ? s : undefined;
  });
  assert.equal(status.stopped, undefined, `${node.name} stopped`);
  assert.equal(status.repairFailed, undefined, `${node.name} could not repair itself`);
  return status;
}

test('diverged render nodes, with a slice or without, are found and repair themselves from the next checkpoint', {
  skip: !existsSync(NATS_SERVER),
  timeout: 300_000,
}, async (t) => {
  const project = SHOW[1];
  const dir = await mkdtemp(join(tmpdir(), 'footlight-repair-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const moved = (await readFile(project, 'utf8')).replace('"x": 0.0', '"x": 37.0');
  assert.notEqual(moved, await readFile(project, 'utf8'));
  await writeFile(join(dir, 'slices.lxp'), moved);
  const other = ['--project', join(dir, 'slices.lxp'), '--media', SHOW[3]];

  const { url } = await startNats(t);
  // Started before the leader, so they replay its log from the start: a node joining from a checkpoint would take its values at once.
  const [whole, sliced] = await Promise.all([startNode(t, url, 'whole', 'render', other), startNode(t, url, 'sliced', 'render', [...other, '--slice', '2,3'])]);
  const leader = await startNode(t, url, 'lead', 'leader', [...SHOW, '--checkpoint', '5']);
  for (const node of [whole, sliced]) assert.equal((await node.status()).joined, undefined, `${node.name} replays the log from its start`);

  // Noise over space: the moved fixture's points take other colors.
  await leader.call('add_channel', { class: 'Noise', fader: 1 });
  for (const node of [whole, sliced]) {
    const found = await until(`${node.name} to be found diverged`, async () => {
      const s = await node.status();
      return s.diverged !== undefined || s.repaired !== undefined ? s : undefined;
    });
    assert.ok(found.checks >= 1, `${node.name} was checked`);
  }

  const fixed = await repairedOf(whole);
  assert.equal(fixed.repaired.count, 1);
  assert.match(fixed.repaired.reason, /divergence checks in a row differed/);
  assert.equal(fixed.failed, 0);
  t.diagnostic(`whole repaired from the checkpoint at frame ${fixed.repaired.frame} in ${fixed.repaired.ms} ms`);
  const x = (await whole.call('get_parameter', { path: '/lx/structure/fixture/1/x' })).parameter.value;
  assert.equal(x, 0, "the moved fixture stands where the leader's does");
  await sameFrames([leader, whole], tenAfter((await whole.status()).frame));
  assert.deepEqual(steps(await whole.call('get_history', { limit: 20 })), steps(await leader.call('get_history', { limit: 20 })), 'one history');

  // The sliced node's canary matches again after its repair, and keeps matching.
  const slicedFixed = await repairedOf(sliced);
  assert.match(slicedFixed.repaired.reason, /divergence checks in a row differed/, 'the canary found the sliced node diverged');
  await until('two more sliced checks', async () => ((await sliced.status()).checks >= slicedFixed.checks + 2 ? true : undefined));
  assert.equal((await sliced.status()).diverged, undefined, 'the sliced node renders the canary as the leader does');

  // Calls after the repair replay as before: a change and its undo.
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.4 });
  await leader.call('undo');
  await until("whole's undo", async () => ((await whole.status()).calls >= 3 ? true : undefined));
  await sameFrames([leader, whole], tenAfter((await leader.status()).frame));
  assert.deepEqual(steps(await whole.call('get_history', { limit: 20 })), steps(await leader.call('get_history', { limit: 20 })), 'one history');
  assert.equal((await whole.status()).repaired.count, 1, 'one repair was enough');
});
