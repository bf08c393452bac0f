// One agent's slow sound call never stalls another's (defect 4 of #26), and listens share a bounded
// pool: past it a listen is refused busy at once, changing nothing (defect 5).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Protocol3Client } from '../../../src/protocol3/client/client.js';
import { startShow } from '../../helpers/show.js';

type Reply = Record<string, unknown> & { ok: boolean };

test("defect 4: one agent's 30-s listen does not hold another agent's sound reads behind it", { timeout: 300_000 }, async (t) => {
  const show = await startShow(t);
  const listener = await show.connect('listener');
  const reader = await show.connect('reader');
  // Both agents have talked to the host once (connections ready).
  await listener.callTool({ name: 'song_get_state', arguments: {} });
  await reader.callTool({ name: 'song_get_state', arguments: {} });
  const long = { timeout: 280_000 };
  const listen = listener.callTool({ name: 'song_listen', arguments: { region: { from_beat: 0, to_beat: 60 } } }, long);
  // The listen is rendering on the host before the read is sent.
  for (let i = 0; i < 600 && show.app.sound.song.listening === 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(show.app.sound.song.listening, 1, 'the listen renders');
  const read = await reader.callTool({ name: 'song_get_state', arguments: {} }, long);
  assert.notEqual(read.isError, true, JSON.stringify(read.content).slice(0, 200));
  assert.equal(show.app.sound.song.listening, 1, 'the read was answered while the listen still rendered');
  const heard = await listen;
  assert.notEqual(heard.isError, true, JSON.stringify(heard.content).slice(0, 200));
  assert.equal(show.app.sound.song.listening, 0);
});

test('defect 5: listens share a bounded pool; one past it is refused busy at once and changes nothing', { timeout: 300_000 }, async (t) => {
  const show = await startShow(t);
  const { host, port } = show.app.protocol3;
  const first = new Protocol3Client();
  await first.connect(host, port);
  t.after(() => first.close());
  const caps = (await first.request('capabilities')) as Reply & { song?: { listen?: { max_concurrent?: number } } };
  const state = (await first.request('song-state')) as Reply & { capabilities: { listen: { max_concurrent: number } } };
  const max = state.capabilities.listen.max_concurrent;
  assert.ok(Number.isInteger(max) && max >= 1, `the pool size is reported (${JSON.stringify(caps).slice(0, 80)})`);
  const clients = [first];
  for (let i = 0; i < max + 1; i++) {
    const c = new Protocol3Client();
    await c.connect(host, port);
    t.after(() => c.close());
    clients.push(c);
  }
  const before = show.app.sound.fingerprint();
  const replies = (await Promise.all(clients.slice(1).map((c) => c.request('song-listen region 0 60')))) as Reply[];
  const busy = replies.filter((r) => r.ok === false);
  assert.equal(replies.filter((r) => r.ok === true).length, max, JSON.stringify(busy).slice(0, 300));
  assert.equal(busy.length, 1);
  assert.equal(busy[0].code, 'busy');
  assert.equal(busy[0].reason, 'listen_busy');
  assert.equal(busy[0].applied, false);
  assert.match(String(busy[0].error), new RegExp(`at most ${max} listen`));
  assert.equal(show.app.sound.fingerprint(), before, 'nothing changed');
  // The pool frees as listens end.
  assert.equal(((await first.request('song-listen region 0 8')) as Reply).ok, true);
});

test('a reversed song_listen region is refused as reversed, not out of range', async (t) => {
  const show = await startShow(t);
  const backwards = await show.call('song_listen', { region: { from_beat: 8, to_beat: 4 } });
  assert.deepEqual([backwards.ok, backwards.code, backwards.reason], [false, 'invalid_argument', 'reversed_region']);
  assert.match(backwards.error, /TO_BEAT \(4\) must be after FROM_BEAT \(8\)/);
});
