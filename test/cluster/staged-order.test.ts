// Exact order for staged protocol-3 lines (issue #33): `sampler-zones` loads its samples off the queue
// and sets the zones in one queue task; the leader logs the line from inside that task, so an `undo`
// or `set` line from another client that ran right after it (often in the same queue drain) is logged
// after it, and the render node takes back the same step. At the end the render node holds the
// leader's history, sound host (the Sampler's zones) and project, and renders its frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { encodeWav24 } from '../../src/sound/audio/wav.js';
import { tempHome } from '../helpers/show.js';
import { prng } from '../reliability/helpers.js';
import { history, nextFrames, replayed, sameFrames, sameShow } from './agree.js';
import { NATS_SERVER, startNats, startNode } from './nodes.js';

const SEED = 3301;
/** Zone changes sent while the other clients undo and set. */
const ZONE_LINES = 120;

/** A mono WAV (the engine's own writer) of `frames` samples of a 440 Hz sine at 44.1 kHz. */
const wav = (frames: number): Uint8Array =>
  encodeWav24([Float32Array.from({ length: frames }, (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / 44_100))], 44_100).bytes;

const zonesLine = (zones: readonly object[], token: string): string => `sampler-zones ${Buffer.from(JSON.stringify(zones)).toString('base64')} ${token}`;

/** Replies no client may get here: `internal`, and `unavailable` (the log stays up). */
function check(bad: string[], line: string, r: Record<string, unknown>): void {
  if (r.ok !== true && (r.code === 'internal' || r.code === 'unavailable' || r.code === undefined)) bad.push(`${line} → ${JSON.stringify(r).slice(0, 300)}`);
}

test('sampler-zones racing undo and set lines: the render node runs the leader’s order (history, sound host, frames)', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const folder = join(await tempHome(t), 'samples');
  await mkdir(folder);
  await writeFile(join(folder, 'a.wav'), wav(2205));
  await writeFile(join(folder, 'b.wav'), wav(4410));
  const { url } = await startNats(t);
  const args = ['--sound-cooperative', '--samples', folder];
  const [lead, r1] = await Promise.all([startNode(t, url, 'lead', 'leader', args), startNode(t, url, 'r1', 'render', args)]);

  // The zone writer selects the Kick's Sampler (selection lines are logged too) and reads its token.
  const zones = new Protocol3Client();
  await zones.connect('127.0.0.1', lead.protocol3);
  t.after(() => zones.close());
  assert.equal((await zones.request('track 1')).ok, true);
  const selected = await zones.request('device-first');
  const device = selected.device as { name: string; selection_token?: string };
  assert.equal(device.name, 'Sampler', JSON.stringify(selected).slice(0, 400));
  const token = (selected.selection_token ?? device.selection_token) as string;
  assert.match(token, /^[0-9a-f]{64}$/, JSON.stringify(selected).slice(0, 600));
  const before = await history(lead);

  const bad: string[] = [];
  let writing = true;
  const kits = [[{ sample: 'a.wav', root_key: 60 }], [{ sample: 'b.wav', root_key: 62 }], [{ sample: 'a.wav', root_key: 48, gain_db: -6 }], []];
  const zoneWriter = async (): Promise<number> => {
    let changed = 0;
    try {
      for (let i = 0; i < ZONE_LINES; i++) {
        const line = zonesLine(kits[i % kits.length], token);
        const r = await zones.request(line);
        check(bad, 'sampler-zones', r);
        if (r.changed === true) changed++;
      }
    } finally {
      writing = false;
    }
    return changed;
  };
  const racer = async (seed: number): Promise<number> => {
    const random = prng(seed);
    const client = new Protocol3Client();
    await client.connect('127.0.0.1', lead.protocol3);
    let n = 0;
    try {
      while (writing) {
        const line = random() < 0.6 ? 'undo' : `set ${1 + Math.floor(random() * 4)} ${random().toFixed(4)}`;
        check(bad, line, await client.request(line));
        n++;
      }
    } finally {
      await client.close();
    }
    return n;
  };
  const [changed, lines1, lines2] = await Promise.all([zoneWriter(), racer(SEED), racer(SEED + 1)]);
  t.diagnostic(`zone changes ${changed} of ${ZONE_LINES}; racing undo and set lines ${lines1 + lines2}`);
  assert.deepEqual(bad, [], 'nothing answered internal or unavailable');
  assert.ok(changed > 0, 'the zones changed');
  assert.notDeepEqual(await history(lead), before, 'the history moved');

  await replayed(lead, [r1]);
  await sameShow(lead, [r1]);
  assert.equal((await r1.status()).failed, 0, 'r1 replayed every record without a failure');
  await sameFrames([lead, r1], await nextFrames(lead));

  // An undo now takes back the same step on both.
  await lead.call('undo');
  await replayed(lead, [r1]);
  await sameShow(lead, [r1]);
});
