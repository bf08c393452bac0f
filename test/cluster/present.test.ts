// The presentation delay (docs/cluster.md, "Presenting frames together"): a render node renders
// frame f only once `--cluster-delay` has passed since the leader ran it, so nodes that receive the
// log at different moments show each frame together. A lower bound only: a loaded machine can make
// a frame later, never earlier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tempHome } from '../helpers/show.js';
import { BIN } from '../helpers/serve-process.js';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

const DELAY = 300;
/** The leader notes a frame's render once the frame has run: its wall clock was latched before that. */
const LEADER_FRAME_MS = 40;

test('a render node presents each frame --cluster-delay after the leader ran it', { skip: !existsSync(NATS_SERVER), timeout: 240_000 }, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render', ['--cluster-delay', String(DELAY)]);
  await leader.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.5 });
  const from = ((await leader.status()).frame as number) + 10;
  const frames = Array.from({ length: 40 }, (_, i) => from + 3 * i);
  const end = frames[frames.length - 1];
  await until('the render node to present the frames', async () => ((await render.status()).frame >= end ? true : undefined));
  const ours = await leader.status(frames);
  const theirs = await render.status(frames);
  assert.equal(theirs.presentDelayMs, DELAY);
  assert.deepEqual(theirs.digests, ours.digests, 'the same frames');
  const early = frames.filter((_, i) => theirs.renderedAt[i] - ours.renderedAt[i] < DELAY - LEADER_FRAME_MS);
  assert.deepEqual(early, [], 'no frame presented before its time');
});

test('serve --cluster-delay takes 0–1000 ms, on a node of a cluster', { timeout: 60_000 }, async (t) => {
  const r = spawnSync(process.execPath, [BIN, 'serve', '--cluster-delay', '2000'], { encoding: 'utf8' });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /--cluster-delay.*milliseconds from 0 to 1000/);
  const home = await tempHome(t);
  const alone = spawnSync(process.execPath, [BIN, 'serve', '--cluster-delay', '20', '--port', '0'], {
    encoding: 'utf8',
    env: { ...process.env, FOOTLIGHT_HOME: home },
  });
  assert.equal(alone.status, 2);
  assert.match(alone.stderr + alone.stdout, /--cluster-delay is for a node of a cluster/);
});
