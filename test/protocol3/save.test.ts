import assert from 'node:assert/strict';
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import { startProtocol3Server } from '../../src/protocol3/server/server.js';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { createSoundHost, readProjectFile } from '../../src/sound/index.js';
import { saveProject } from '../../src/sound/model/components.js';
import { b64, refusedUnchanged, startStack, tempDir, type Reply, type Stack } from './helpers.js';
import { openProject } from '../../src/sound/operations/project.js';

const tok = async (s: Stack): Promise<string> => (await s.ok('song-state')).project_token as string;

/** Everything a client can read about the song, without live identities. */
async function portableView(call: (line: string) => Promise<Reply>): Promise<unknown> {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v))
        if (
          !/(^|_)(id|ids|token|revision|instance_id|native_id|track_id|graph_id|instance)$/.test(k) &&
          k !== 'source' &&
          k !== 'target' &&
          k !== 'module' &&
          k !== 'session' &&
          k !== 'selected'
        )
          out[k] = strip(x);
      return out;
    }
    return v;
  };
  const tracks = (await call('tracks')).tracks as unknown[];
  const arrangers = [];
  for (let i = 0; i < tracks.length; i++) arrangers.push(await call(`song-arranger ${i}`));
  const song = await call('song-state');
  return strip({ tracks, arrangers, transport: song.transport, markers: song.cue_markers, name: song.project_name });
}

test('song-save into a fresh empty directory: native_save_completed, a regular project file, modified cleared', async (t) => {
  const s = await startStack(t);
  const dir = await tempDir(t);
  await s.ok('set 3 0.5');
  assert.equal((await s.ok('song-state')).project_modified, true);
  const r = await s.ok(`song-save ${await tok(s)} ${b64(dir)}`);
  assert.equal(r.status, 'native_save_completed');
  assert.equal(r.project_file, join(dir, 'PromptTrack', 'PromptTrack.bwproject'));
  assert.equal(r.error, null);
  assert.equal(r.verification_scope, 'native_save_callback_and_project_file_presence');
  assert.equal(r.retry_performed, false);
  assert.equal((r.host_observed as Reply).reloaded_document_matches, true);
  const st = await lstat(r.project_file as string);
  assert.ok(st.isFile() && !st.isSymbolicLink());
  assert.deepEqual(await readdir(join(dir, 'PromptTrack')), ['PromptTrack.bwproject'], 'no temporary file is left behind');
  const json = JSON.parse(await readFile(r.project_file as string, 'utf8')) as { format: string; version: number };
  assert.equal(json.format, 'footlight.sound-project');
  const song = await s.ok('song-state');
  assert.equal(song.project_modified, false);
  assert.equal(song.project_save_pending, false);
  assert.equal(s.engine.history.undoDepth, 1, 'a save is not an undo step');
});

test('a saved project loads back losslessly into a fresh host (document, arranger, Grid graphs)', async (t) => {
  const s = await startStack(t);
  // Make the project differ from the demo in every area first.
  await s.ok('set 3 0.42');
  const g = await s.ok('graph-state');
  await s.ok(`guard ${g.revision} graph-move ${(g.modules as { id: number }[])[0].id} -7 9`);
  await s.ok(`song-transport-tempo ${await tok(s)} 133.5`);
  await s.ok(`song-transport-meter ${await tok(s)} 7/8`);
  await s.ok(`song-transport-loop ${await tok(s)} true`);
  await s.ok(`song-track-state ${await tok(s)} 1 true keep`);
  // The render's model fields: a mix, a new send, a cord depth, a device parameter past the controls.
  await s.ok(`song-track-mix ${await tok(s)} 3 -9dB -0.3`);
  const bus = ((await s.ok('tracks')).tracks as { index: number; type: string }[]).find((x) => x.type === 'effect')!.index;
  await s.ok(`song-track-send ${await tok(s)} 1 ${bus} -6 true`);
  const g2 = await s.ok('graph-state');
  const lfoCord = (g2.connections as { source: number; source_kind: string; target: number; target_port: number }[]).find(
    (c) => c.source_kind === 'modulator',
  )!;
  await s.ok(`graph-set-amount ${lfoCord.source} 0 ${lfoCord.target} ${lfoCord.target_port} -0.6`);
  await s.ok(`device-param-set ${b64('VOICES')} 3 ${(await s.ok('state')).selection_token as string}`);
  await s.ok('action Create%20Group%20Track');
  const dir = await tempDir(t);
  const saved = await s.ok(`song-save ${await tok(s)} ${b64(dir)}`);
  const original = saveProject(s.host.project, { ids: false });
  const originalView = await portableView(s.call);

  const engine = new Engine();
  const host = createSoundHost(engine, { project: 'empty' });
  t.after(() => host.dispose());
  const json = await readProjectFile(saved.project_file as string);
  const opened = await engine.queue.submit(() => openProject(host, { surface: 'cli' }, json));
  assert.equal(opened.project_name, 'Footlight Demo');
  assert.deepEqual(saveProject(host.project, { ids: false }), original, 'the document is identical');
  assert.equal(host.modified, false);
  const server = await startProtocol3Server({ host: '127.0.0.1', port: 0, soundHost: host, engine });
  t.after(() => server.close());
  const client = new Protocol3Client();
  await client.connect(server.host, server.port);
  t.after(() => client.close());
  const call = async (line: string): Promise<Reply> => (await client.request(line)) as Reply;
  assert.deepEqual(await portableView(call), originalView, 'every client-visible field reads back the same');
  const moved = ((await call('graph-state')).modules as { x: number; y: number }[])[0];
  assert.deepEqual([moved.x, moved.y], [-7, 9]);
  const file = saveProject(host.project, { ids: false });
  assert.deepEqual(file.tracks[0].children![0].sends, [{ fx_index: 0, level_db: -6, pre_fader: true }], 'the new send, by fx index');
  assert.equal(file.tracks[0].children![0].sends!.length, 1);
  const lead = file.tracks.find((x) => x.name === 'Lead')!;
  assert.ok(
    lead.devices[0].grid!.connections.some((c) => c.amount === -0.6),
    'the cord depth',
  );
  assert.equal(lead.devices[0].params.VOICES, 3, 'a parameter past the exposed controls');
  // Opening is one undo step, back to the empty project.
  await call('undo');
  assert.equal((await call('song-state')).project_name, 'Untitled');
});

test('song-save refusals: non-empty, symlinked, non-canonical, relative, non-directory, missing, inside a project folder', async (t) => {
  const s = await startStack(t);
  const root = await tempDir(t);
  const token = await tok(s);
  const full = join(root, 'full');
  await mkdir(full);
  await writeFile(join(full, 'x.txt'), 'x');
  await refusedUnchanged(s, `song-save ${token} ${b64(full)}`, 'invalid_argument', 'destination_not_empty');
  const real = join(root, 'real');
  await mkdir(real);
  await symlink(real, join(root, 'link'));
  await refusedUnchanged(s, `song-save ${token} ${b64(join(root, 'link'))}`, 'invalid_argument', 'invalid_path');
  await mkdir(join(real, 'inner'));
  await refusedUnchanged(s, `song-save ${token} ${b64(join(root, 'link', 'inner'))}`, 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, `song-save ${token} ${b64(`${real}/`)}`, 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, `song-save ${token} ${b64(`${root}/./real`)}`, 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, `song-save ${token} ${b64(`${root}//real`)}`, 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, `song-save ${token} ${b64(`${root}/full/../real`)}`, 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, `song-save ${token} ${b64('relative/dir')}`, 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, `song-save ${token} ${b64(join(full, 'x.txt'))}`, 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, `song-save ${token} ${b64(join(root, 'missing'))}`, 'not_found');
  await refusedUnchanged(s, `song-save ${token} ${b64('/')}`, 'invalid_argument', 'invalid_path');
  // Inside an existing project folder: below a saved project, or below any folder holding a .bwproject.
  const first = join(root, 'first');
  await mkdir(first);
  await s.ok(`song-save ${token} ${b64(first)}`);
  const nested = join(first, 'PromptTrack', 'again');
  await mkdir(nested);
  await refusedUnchanged(s, `song-save ${token} ${b64(nested)}`, 'invalid_argument', 'inside_project_folder');
  const other = join(root, 'other');
  await mkdir(join(other, 'sub', 'deeper'), { recursive: true });
  await writeFile(join(other, 'Song.bwproject'), '{}');
  await refusedUnchanged(s, `song-save ${token} ${b64(join(other, 'sub', 'deeper'))}`, 'invalid_argument', 'inside_project_folder');
  assert.deepEqual(await readdir(real), ['inner'], 'refused saves write nothing');
});

test('song-save refusals from project state: stale token, recording, a save still pending', async (t) => {
  const s = await startStack(t);
  const dir = await tempDir(t);
  const token = await tok(s);
  await refusedUnchanged(s, `song-save ${'e'.repeat(64)} ${b64(dir)}`, 'stale', 'stale_project_token');
  await s.ok('action Record');
  await refusedUnchanged(s, `song-save ${await tok(s)} ${b64(dir)}`, 'invalid_argument', 'recording');
  await s.ok('action Record');
  await s.ok('action Stop');
  // A save still being written blocks the next one; the flag is visible but not part of the token.
  await s.engine.queue.submit(() => (s.host.song.savePending = true));
  const st = await s.ok('song-state');
  assert.equal(st.project_save_pending, true);
  assert.equal(st.project_token, token);
  await refusedUnchanged(s, `song-save ${token} ${b64(dir)}`, 'invalid_argument', 'project_save_pending');
  await s.engine.queue.submit(() => (s.host.song.savePending = false));
  assert.deepEqual(await readdir(dir), []);
  await s.ok(`song-save ${token} ${b64(dir)}`);
  await refusedUnchanged(s, `song-save ${token}`, 'invalid_argument');
});

test('song-save: two concurrent saves on two connections never write into one directory twice', async (t) => {
  const s = await startStack(t);
  const dir = await tempDir(t);
  const token = await tok(s);
  const other = new Protocol3Client();
  await other.connect(s.server.host, s.server.port);
  t.after(() => other.close());
  const [a, b] = await Promise.all([s.call(`song-save ${token} ${b64(dir)}`), other.request(`song-save ${token} ${b64(dir)}`) as Promise<Reply>]);
  const oks = [a, b].filter((r) => r.status === 'native_save_completed');
  assert.equal(oks.length, 1, `exactly one save completes: ${JSON.stringify([a, b]).slice(0, 500)}`);
  assert.deepEqual(await readdir(join(dir, 'PromptTrack')), ['PromptTrack.bwproject']);
});
