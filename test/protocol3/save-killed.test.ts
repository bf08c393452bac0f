// kill -9 while a sound save writes: the destination never holds a partial `PromptTrack` folder.
// What is left is the staging folder, whose name says the save never finished, and a song-save
// into that directory is refused `incomplete_save` (a client can tell; nothing is overwritten).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { PROJECT_DIR, STAGING_PREFIX } from '../../src/sound/model/project-file.js';
import { b64, refusedUnchanged, startStack, tempDir } from './helpers.js';

const ROOT = new URL('../..', import.meta.url).pathname;

test('kill -9 during a sound save leaves a staging folder that says so, and the next save there is refused incomplete_save', { timeout: 60_000 }, async (t) => {
  const dir = await tempDir(t);
  const dest = join(dir, 'song');
  const work = await tempDir(t);
  const script = join(work, 'writer.mts'); // .mts: an ES module, for its top-level await
  // A project file of ~96 MB: its write and fsync take long enough to be caught midway.
  await writeFile(
    script,
    `import { mkdir } from 'node:fs/promises';
import { writeProjectFile } from ${JSON.stringify(join(ROOT, 'src/sound/model/project-file.ts'))};
await mkdir(${JSON.stringify(dest)});
await writeProjectFile(${JSON.stringify(dest)}, {
  format: 'footlight.sound-project', version: 1, saved_by: { host: 'test', version: '0' }, project: { pad: 'x'.repeat(96 * 1024 * 1024) },
} as never);
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: 'ignore' });
  t.after(() => child.kill('SIGKILL'));
  let caught: string[] = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = await readdir(dest).catch(() => [] as string[]);
    if (names.some((n) => n.startsWith(STAGING_PREFIX))) {
      child.kill('SIGKILL');
      caught = names;
      break;
    }
    await new Promise((r) => setImmediate(r));
  }
  await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r)));
  assert.ok(caught.length > 0, 'the writer was killed while its staging folder existed');
  const left = await readdir(dest);
  assert.equal(left.includes(PROJECT_DIR), false, `no partial ${PROJECT_DIR} folder: ${left.join(', ')}`);
  assert.equal(left.length, 1);
  assert.ok(left[0].startsWith(STAGING_PREFIX), left[0]);
  const s = await startStack(t);
  const token = (await s.ok('song-state')).project_token as string;
  const r = await refusedUnchanged(s, `song-save ${token} ${b64(dest)}`, 'invalid_argument', 'incomplete_save');
  assert.match(String(r.error), /never finished/);
});
