// Joining late (docs/cluster.md, "Joining late"): nats-server, a leader that has run many calls and
// frames, and a render node started after them, as real processes; four Art-Net bars send to a
// receiver on loopback. While the late node reports `catchingUp` it sends no packet (checked before
// every status poll: a packet counted before the request was sent before the node answered); once
// caught up it reports what the catch-up took, has compared the leader's logged digests on every
// checked frame it replayed, sends, and renders the leader's frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NATS_SERVER, artnetReceiver, startNats, startNode, until } from './nodes.js';

const PROJECT = fileURLToPath(new URL('./slices/slices.lxp', import.meta.url));
const MEDIA = fileURLToPath(new URL('./slices/media', import.meta.url));
const SHOW = ['--project', PROJECT, '--media', MEDIA];
const CH1 = '/lx/mixer/channel/1';
/** Calls and frames the leader runs before the render node starts: seconds of replay, so the test sees the catch-up. */
const CALLS = 400;
const JOIN_AT = 2400;

test('a render node that joins late catches up without sending, then sends and renders the leader’s frames', {
  skip: !existsSync(NATS_SERVER),
  timeout: 360_000,
}, async (t) => {
  const { url } = await startNats(t);
  const wire = await artnetReceiver(t);
  // No checkpoints (default every 45 s, which a loaded run passes before JOIN_AT): the node replays the log from its start.
  const leader = await startNode(t, url, 'lead', 'leader', [...SHOW, '--checkpoint', '0']);
  const fixtures = (await leader.call('get_output_map')).fixtures.map((f: { path: string }) => f.path);
  for (const path of fixtures) await leader.call('set_fixture_params', { path, params: { port: wire.port, enabled: true } });
  await leader.call('add_channel', { class: 'Noise', fader: 1 });
  for (let i = 0; i < CALLS; i++) {
    const path = i % 2 === 0 ? `${CH1}/pattern/1/scale` : `${CH1}/fader`;
    await leader.call('set_parameter', { path, value: 0.3 + (i % 50) / 100 });
  }
  await until(`the leader to run ${JOIN_AT} frames`, async () => ((await leader.status()).frame >= JOIN_AT ? true : undefined), 240_000);
  await until('the leader to send', async () => (wire.packets.length > 0 ? true : undefined));
  const leaderPorts = new Set(wire.packets.map((p) => p.from));
  assert.equal(leaderPorts.size, 1, 'one sender socket on the leader');
  const fromLate = (): number => wire.packets.filter((p) => !leaderPorts.has(p.from)).length;
  const logged = (await leader.status()).calls as number;

  const late = await startNode(t, url, 'late', 'render', SHOW);
  let watched = 0;
  let previous: { frame: number | null } | undefined;
  let done: any;
  // Not `until`, which takes a throw for "not yet": every poll's assertion must hold.
  for (const end = Date.now() + 240_000; done === undefined; await new Promise((r) => setTimeout(r, 25))) {
    assert.ok(Date.now() < end, 'timed out waiting for the late node to catch up');
    const sent = fromLate();
    const s = await late.status();
    if (s.catchingUp === undefined) done = s;
    else {
      assert.equal(sent, 0, `the late node sent ${sent} Art-Net packets while catching up (at frame ${s.frame})`);
      assert.ok(Number.isInteger(s.catchingUp.behind) && s.catchingUp.behind >= 0);
      // Frames it rendered before this poll's count would have sent packets by now.
      if ((previous?.frame ?? -1) >= 100) watched++;
      previous = s;
    }
  }
  assert.ok(watched >= 1, 'the test watched the node replay frames while it caught up');
  assert.equal(done.failed, 0, 'every replayed call succeeded');
  assert.equal(done.caughtUp.calls, logged, 'the catch-up replayed every call the leader logged');
  assert.ok(done.caughtUp.frames >= JOIN_AT, `the catch-up replayed the leader's frames (${done.caughtUp.frames})`);
  assert.ok(done.caughtUp.ms > 0);
  assert.ok(done.checks >= JOIN_AT / 60 - 1, `the node compared the leader's digests while it replayed (${done.checks})`);
  assert.equal(done.diverged, undefined, "every checked frame equals the leader's");

  // Caught up: it sends, and renders the leader's frames.
  await until('the late node to send', async () => (fromLate() > 0 ? true : undefined));
  const last = (await leader.status()).frame as number;
  const frames = Array.from({ length: 12 }, (_, i) => last + 5 * i);
  const end = frames[frames.length - 1];
  await until('the leader to pass the frames', async () => ((await leader.status()).frame >= end ? true : undefined));
  await until('the late node to render them', async () => ((await late.status()).frame >= end ? true : undefined));
  const ours = (await leader.status(frames)).digests;
  assert.ok(
    ours.every((d: { digest: string | null }) => d.digest !== null),
    'the leader keeps the digests',
  );
  assert.deepEqual((await late.status(frames)).digests, ours, "the late node renders the leader's frames");
  const steps = (h: any) => h.steps.map((s: any) => s.label);
  assert.deepEqual(steps(await late.call('get_history', { limit: 20 })), steps(await leader.call('get_history', { limit: 20 })));
});
