// Exact order on the sound side (docs/cluster.md): a sound tool's protocol-3 lines are logged from
// inside their own queue tasks, so light writes and undos that race a sound tool — from MCP and from
// protocol-3 clients, on the leader and through a render node — replay on the render node in the
// order the leader ran them. At the end the render node holds the leader's history (undo and redo
// labels), sound host (the selected device and every track's mix), project, and renders its frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { rawExchange } from '../protocol3/helpers.js';
import { pick, prng } from '../reliability/helpers.js';
import { history, nextFrames, replayed, sameFrames, sameShow } from './agree.js';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';

const SEED = 4933;
/** Sound-tool calls on the leader and through the render node. */
const SOUND_CALLS = 30;

interface Track {
  readonly index: number;
  readonly volume: number;
  readonly pan: number;
}

/** Every track's index, volume and pan as the node's sound host reports them (its own protocol-3 connection: the sound tools' may wait on the log). */
async function mix(node: Node): Promise<Track[]> {
  const [line] = await rawExchange(node.protocol3, 'song-state\n');
  const tracks = JSON.parse(line).inventory.tracks as Record<string, any>[];
  return tracks.map((x) => ({ index: x.index, volume: x.volume, pan: x.pan }));
}

/** Replies no client may get here: `internal`, and `unavailable` (the log stays up). */
function check(bad: string[], what: string, ok: boolean, code: unknown, text: string): void {
  if (!ok && (code === 'internal' || code === 'unavailable' || code === undefined)) bad.push(`${what} → ${text.slice(0, 300)}`);
}

/** `count` track-mix calls on `node` (MCP, so the tool's lines reach the leader's host one by one). */
async function soundCalls(node: Node, tracks: readonly number[], seed: number, count: number, bad: string[]): Promise<number> {
  const random = prng(seed);
  let ok = 0;
  for (let i = 0; i < count; i++) {
    const args = { track_index: pick(random, tracks), volume_db: -Math.round(random() * 24), pan: +(random() * 2 - 1).toFixed(2) };
    const r = await node.client.callTool({ name: 'song_set_track_mix', arguments: args });
    const text = (r.content as { text?: string }[])[0]?.text ?? '';
    check(bad, `${node.name} song_set_track_mix ${JSON.stringify(args)}`, r.isError !== true, /^([a-z_]+):/.exec(text)?.[1], text);
    if (r.isError !== true) ok++;
  }
  return ok;
}

/** Until `done`: a protocol-3 client on the leader sending light writes and undos as fast as they are answered. */
async function lineRacer(leader: Node, seed: number, done: () => boolean, bad: string[]): Promise<number> {
  const random = prng(seed);
  const client = new Protocol3Client();
  await client.connect('127.0.0.1', leader.protocol3);
  let n = 0;
  try {
    while (!done()) {
      const line = random() < 0.5 ? 'undo' : `set ${1 + Math.floor(random() * 4)} ${random().toFixed(4)}`;
      const r = await client.request(line);
      check(bad, `protocol3 ${line}`, r.ok === true, r.code, JSON.stringify(r));
      n++;
    }
  } finally {
    await client.close();
  }
  return n;
}

/** Until `done`: MCP light writes and undos on `node` (the leader's own, or forwarded by a render node). */
async function mcpRacer(node: Node, paths: readonly string[], seed: number, done: () => boolean, bad: string[]): Promise<number> {
  const random = prng(seed);
  let n = 0;
  while (!done()) {
    const [name, args] = random() < 0.4 ? ['undo', {}] : ['set_parameter', { path: pick(random, paths), value: +random().toFixed(4) }];
    const r = await node.client.callTool({ name, arguments: args });
    const text = (r.content as { text?: string }[])[0]?.text ?? '';
    check(bad, `${node.name} ${name}`, r.isError !== true, /^([a-z_]+):/.exec(text)?.[1], text);
    n++;
  }
  return n;
}

test('sound tools racing light writes and undos: the render node runs the leader’s order (history, sound host, frames)', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  const [lead, r1] = await Promise.all([
    startNode(t, url, 'lead', 'leader', ['--sound-cooperative']),
    startNode(t, url, 'r1', 'render', ['--sound-cooperative']),
  ]);
  const tracks = (await mix(lead)).map((x) => x.index);
  assert.ok(tracks.length >= 2, 'the demo song has tracks');
  const paths = ['/lx/mixer/master/fader', '/lx/mixer/channel/1/fader', '/lx/mixer/channel/2/fader'];
  const before = await history(lead);

  const bad: string[] = [];
  let sounding = 2;
  const done = (): boolean => sounding === 0;
  const finish = (n: number): number => {
    sounding--;
    return n;
  };
  const [here, through, lines1, lines2, mcpLead, mcpRender] = await Promise.all([
    soundCalls(lead, tracks, SEED, SOUND_CALLS, bad).then(finish),
    soundCalls(r1, tracks, SEED + 1, SOUND_CALLS / 3, bad).then(finish),
    lineRacer(lead, SEED + 2, done, bad),
    lineRacer(lead, SEED + 3, done, bad),
    mcpRacer(lead, paths, SEED + 4, done, bad),
    mcpRacer(r1, paths, SEED + 5, done, bad),
  ]);
  t.diagnostic(`sound calls ${here} on the leader, ${through} through r1; racing lines ${lines1 + lines2}, MCP writes ${mcpLead} + ${mcpRender} (r1)`);
  assert.deepEqual(bad, [], 'nothing answered internal or unavailable');
  assert.ok(here > 0 && through > 0, 'sound calls ran on the leader and through the render node');
  assert.notDeepEqual(await history(lead), before, 'the history moved');

  await replayed(lead, [r1]);
  assert.deepEqual(await mix(r1), await mix(lead), 'r1 holds the leader’s track mix');
  await sameShow(lead, [r1]);
  assert.equal((await r1.status()).failed, 0, 'r1 replayed every record without a failure');
  await sameFrames([lead, r1], await nextFrames(lead));

  // An undo now takes back the same step on both.
  await lead.call('undo');
  await replayed(lead, [r1]);
  await sameShow(lead, [r1]);
});

test('a sound tool whose line the log refuses is taken back and fails with unavailable', { skip: !existsSync(NATS_SERVER), timeout: 240_000 }, async (t) => {
  const nats = await startNats(t);
  const LEASE = ['--lease', '1', '--sound-cooperative'];
  const [lead, r1] = await Promise.all([startNode(t, nats.url, 'lead', 'leader', LEASE), startNode(t, nats.url, 'r1', 'render', LEASE)]);
  const before = await mix(lead);
  const steps = await history(lead);
  const track = before[0];
  const volume_db = -18;

  // The log goes away: the leader runs the tool's line and holds its record; the tool waits for the log.
  await nats.stop();
  const call = lead.client.callTool({ name: 'song_set_track_mix', arguments: { track_index: track.index, volume_db } });
  await until('the leader to run the line', async () => ((await mix(lead))[0].volume !== track.volume ? true : undefined));
  // While the leader sleeps the log comes back and r1 takes the lease: the held record is refused.
  process.kill(lead.pid, 'SIGSTOP');
  try {
    await nats.start();
    await until('r1 to take the lease', async () => ((await r1.status()).role === 'leader' ? true : undefined));
  } finally {
    process.kill(lead.pid, 'SIGCONT');
  }
  const r = await call;
  const text = (r.content as { text?: string }[])[0]?.text ?? '';
  assert.deepEqual(await mix(lead), before, `the leader took the line back (the tool said: ${text.slice(0, 300)})`);
  // The tool reports the host's refusal of its line: the log's, with what became of the step.
  assert.notEqual(r.isError, true, text.slice(0, 400));
  const payload = JSON.parse(text);
  assert.deepEqual([payload.ok, payload.status], [false, 'refused'], text.slice(0, 2000));
  assert.match(text, /unavailable/, text.slice(0, 2000));
  assert.match(text, /did not acknowledge song-track-mix .*it was taken back and nothing changed/, text.slice(0, 2000));
  assert.deepEqual(await mix(r1), before, 'r1 never saw it');
  await until('the old leader to follow r1', async () => ((await lead.status()).role === 'render' ? true : undefined));
  assert.deepEqual(await history(lead), steps, 'the history as before');
  assert.deepEqual(await history(r1), steps);
});
