// song-listen under hostile use (issue #26): regions and options of every wrong shape, and real
// listens at once over several connections. Every line gets one reply: ok, or refused with
// invalid_argument / not_found / busy (never internal); the pool never holds more than its size;
// nothing in the show changes; the listener answers afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startShow } from '../helpers/show.js';
import { fingerprint, pick, prng } from './helpers.js';

type Reply = Record<string, unknown> & { ok: boolean };

const BEATS = ['0', '4', '-1', '-0', 'NaN', 'Infinity', '-Infinity', '1e308', '24576', '24576.0001', '0x10', '1e3', '+1', '.5', '1.', '', '٣', '4\u0000'];
const OPTIONS = ['clip', 'spectrogram', 'track=0', 'track=1', 'track=-1', 'track=99', 'track=x', 'track=1e9', 'track=', 'clip clip', 'nope', 'track=1 track=2'];
const LIVE = ['0', '-1', '0.05', '0.1', '30', '30.0001', '1e308', 'NaN', 'x'];

function hostileLines(random: () => number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 6 === 0) {
      // A sound listen among them, so real renders compete for the pool.
      const from = Math.floor(random() * 16);
      out.push(`song-listen region ${from} ${from + 4}${random() < 0.5 ? ' clip' : ''}`);
      continue;
    }
    const opts = Array.from({ length: Math.floor(random() * 3) }, () => pick(random, OPTIONS));
    if (random() < 0.25) out.push(['song-listen', 'live', pick(random, LIVE), ...opts].join(' '));
    else if (random() < 0.1) out.push(['song-listen', pick(random, ['region', 'Region', 'regions', '']), pick(random, BEATS)].join(' '));
    else out.push(['song-listen', 'region', pick(random, BEATS), pick(random, BEATS), ...opts].join(' '));
  }
  return out;
}

test('song-listen: hostile regions and options, and listens at once over four connections — refused in words or answered, never internal', {
  timeout: 900_000,
}, async (t) => {
  const show = await startShow(t);
  const { host, port } = show.app.protocol3;
  const clients: Protocol3Client[] = [];
  for (let i = 0; i < 4; i++) {
    const c = new Protocol3Client({ timeoutMs: 600_000 });
    await c.connect(host, port);
    t.after(() => c.close());
    clients.push(c);
  }
  const before = await fingerprint(show.app);
  const lines = hostileLines(prng(26), Number(process.env.FOOTLIGHT_FUZZ_LINES ?? 240));
  const counts = { ok: 0, invalid_argument: 0, not_found: 0, busy: 0 } as Record<string, number>;
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, show.app.sound.song.listening)), 5);
  t.after(() => clearInterval(watch));
  await Promise.all(
    clients.map(async (client, k) => {
      for (let i = k; i < lines.length; i += clients.length) {
        const line = lines[i];
        const r = (await client.request(line)) as Reply;
        const code = r.ok ? 'ok' : String(r.code);
        assert.ok(code in counts, `${JSON.stringify(line)}: ${JSON.stringify(r).slice(0, 300)}`);
        if (code === 'busy') assert.equal(r.applied, false, line);
        counts[code]++;
      }
    }),
  );
  clearInterval(watch);
  assert.ok(most <= show.app.sound.song.maxListens, `the pool held ${most} listens (size ${show.app.sound.song.maxListens})`);
  assert.equal(show.app.sound.song.listening, 0, 'every place was given back');
  assert.ok(counts.ok > 0 && counts.invalid_argument > 0, JSON.stringify(counts));
  assert.ok(counts.ok + counts.busy >= Math.floor(lines.length / 6), `every sound listen was answered or refused busy: ${JSON.stringify(counts)}`);
  assert.equal(await fingerprint(show.app), before, 'nothing changed');
  assert.equal(((await clients[0].request('ping')) as Reply).ok, true);
  t.diagnostic(`${lines.length} song-listen lines: ${JSON.stringify(counts)}; at most ${most} rendering at once`);
});
