import assert from 'node:assert/strict';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { startShow, tempHome } from '../helpers/show.js';
import { api, baseOf } from './helpers.js';
import { fingerprint } from '../reliability/helpers.js';

test('console save to unwritable places: a clear refusal naming the path and the reason, never internal', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const dir = await tempHome(t);
  const locked = join(dir, 'locked');
  await mkdir(locked);
  await chmod(locked, 0o500);
  t.after(() => chmod(locked, 0o700).catch(() => undefined));
  const before = await fingerprint(show.app);
  const root = process.getuid?.() === 0;
  const cases = ['/proc/self/x.lxp', '/proc/x.lxp', '/sys/x.lxp', '/dev/null/x.lxp', join(dir, 'missing', 'x.lxp'), ...(root ? [] : [join(locked, 'x.lxp')])];
  for (const path of cases) {
    const r = await api(base, '/api/save', { path, overwrite: true });
    assert.ok(r.status === 400 || r.status === 404, `${path}: ${r.status} ${JSON.stringify(r.body)}`);
    assert.notEqual(r.body.error, 'internal');
    assert.ok(r.body.message.includes(path) || r.body.message.includes(join(path, '..')), `${path}: the message names the path: ${r.body.message}`);
    assert.match(
      r.body.message,
      /denied|not permitted|read-only|does not|not a folder|special file system|not support|E[A-Z]+\)/,
      `${path}: the reason: ${r.body.message}`,
    );
  }
  assert.deepEqual(await readdir(locked), []);
  assert.equal(await fingerprint(show.app), before);
});
