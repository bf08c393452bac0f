// Where renders write, under hostile paths (issue #26): pseudo file systems, devices, FIFOs,
// sockets, folders, paths through files, link loops, dangling links, over-long names, NUL bytes,
// relative and empty paths. Each is refused with invalid_argument naming the path and why, or
// written atomically (the whole file or the old one, no temporary left); nothing hangs, and a
// refused path is left exactly as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { writeFileAtomic } from '../../src/app/atomic-write.js';
import { checkOutputFile, checkOutputFolder } from '../../src/app/output-path.js';
import { isFootlightError } from '../../src/engine/errors.js';
import { tempHome } from '../helpers/show.js';

test('render outputs: hostile paths are refused in words or written whole; refused ones are untouched', { timeout: 300_000 }, async (t) => {
  const home = await tempHome(t);
  const fifo = join(home, 'out.fifo');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  const sock = join(home, 'out.sock');
  const server = createServer();
  await new Promise<void>((r) => server.listen(sock, r));
  t.after(() => server.close());
  const file = join(home, 'a-file.txt');
  await writeFile(file, 'keep me');
  await mkdir(join(home, 'folder'));
  await symlink(join(home, 'loop-b'), join(home, 'loop-a'));
  await symlink(join(home, 'loop-a'), join(home, 'loop-b'));
  await symlink(join(home, 'nowhere', 'x'), join(home, 'dangling'));
  await symlink('/proc/self', join(home, 'to-proc'));

  const refused: string[] = [
    '/proc/footlight-fuzz/frames.json',
    '/proc/self/status',
    '/proc/self/fd/1',
    '/sys/kernel/footlight.json',
    '/sys/footlight/a/b/c.wav',
    '/dev/null',
    '/dev/zero',
    fifo,
    sock,
    join(home, 'folder'),
    join(file, 'under-a-file.json'),
    join(home, 'loop-a', 'x.json'),
    join(home, 'to-proc', 'x.json'),
    join(home, `${'n'.repeat(300)}.json`),
    join(home, 'nul\u0000byte.json'),
    '',
    '/',
  ];
  const accepted: string[] = [
    join(home, 'new', 'deep', 'frames.json'),
    join(home, 'plain.wav'),
    join(home, 'é ü 💡.json'),
    file,
    join(home, 'dangling-target.json'),
  ];
  const statusOf = async (p: string): Promise<string> => {
    const st = await lstat(p).catch(() => undefined);
    return st === undefined ? 'absent' : `${st.mode}:${st.size}:${st.mtimeMs}`;
  };
  let cases = 0;
  for (const path of refused) {
    const was = path.includes('\u0000') || path === '' ? '' : await statusOf(path);
    for (const check of [checkOutputFile, (p: string) => writeFileAtomic(p, 'x')]) {
      cases++;
      await assert.rejects(
        (async () => {
          await check(path);
        })(),
        (err: unknown) => {
          assert.ok(isFootlightError(err) && err.code === 'invalid_argument', `${JSON.stringify(path)}: ${String(err)}`);
          return true;
        },
      );
    }
    if (was !== '') assert.equal(await statusOf(path), was, `${path} was left as it was`);
  }
  for (const path of ['/proc/footlight-fuzz/show', '/sys/footlight', file, '/dev/null/x']) {
    cases++;
    await assert.rejects(checkOutputFolder(path), (err: unknown) => isFootlightError(err) && err.code === 'invalid_argument');
  }
  for (const path of accepted) {
    cases++;
    await writeFileAtomic(path, `whole ${path}`);
    assert.equal(await readFile(path, 'utf8'), `whole ${path}`);
  }
  // (Not a recursive listing: it would follow the link into /proc.)
  const leftovers = [...(await readdir(home)), ...(await readdir(join(home, 'new', 'deep')))].filter((f) => f.includes('.tmp'));
  assert.deepEqual(leftovers, [], 'no temporary left behind');
  assert.equal(await readFile(file, 'utf8'), `whole ${file}`, 'a regular file is replaced whole');
  t.diagnostic(`${cases} output paths checked`);
});
