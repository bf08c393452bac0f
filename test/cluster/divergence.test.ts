// Divergence checks (docs/cluster.md): the leader logs the digest of every 60th frame with its tick,
// and a render node without a slice compares the digest of the frame it rendered. A render node
// started on another version of the show (the same file name, one fixture moved) renders other
// frames from the same log: it reports `diverged`, while a node on the same show reports none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

const PROJECT = fileURLToPath(new URL('./slices/slices.lxp', import.meta.url));
const MEDIA = fileURLToPath(new URL('./slices/media', import.meta.url));

test('a render node on another version of the show reports diverged; one on the same show does not', {
  skip: !existsSync(NATS_SERVER),
  timeout: 300_000,
}, async (t) => {
  // The other version: the same file name (so the same log), its first fixture moved along x.
  const dir = await mkdtemp(join(tmpdir(), 'footlight-diverged-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const moved = (await readFile(PROJECT, 'utf8')).replace('"x": 0.0', '"x": 37.0');
  assert.notEqual(moved, await readFile(PROJECT, 'utf8'));
  await writeFile(join(dir, 'slices.lxp'), moved);

  const { url } = await startNats(t);
  const show = (project: string) => ['--project', project, '--media', MEDIA];
  const leader = await startNode(t, url, 'lead', 'leader', show(PROJECT));
  const same = await startNode(t, url, 'same', 'render', show(PROJECT));
  const other = await startNode(t, url, 'other', 'render', show(join(dir, 'slices.lxp')));
  // Noise over space: the moved fixture's points take other colors.
  await leader.call('add_channel', { class: 'Noise', fader: 1 });
  const written = (await leader.status()).frame as number;
  for (const node of [same, other])
    await until(`${node.name} to pass two checks`, async () => ((await node.status()).frame >= written + 130 ? true : undefined));

  const diverged = (await other.status()).diverged;
  assert.ok(diverged !== undefined && diverged.frame >= diverged.since, `the other show is reported: ${JSON.stringify(await other.status())}`);
  const ok = await same.status();
  assert.ok(ok.checks >= 2, `the same show was checked (${ok.checks})`);
  assert.equal(ok.diverged, undefined, 'the same show renders the same frames');
  assert.equal((await leader.status()).diverged, undefined, 'the leader checks nothing against itself');
});
