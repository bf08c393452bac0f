import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../../src/app/config.js';
import type { Logger } from '../../../src/engine/log.js';
import { pointPool } from '../../../src/light/parallel/point-pool.js';
import { defaultRenderThreads } from '../../../src/engine/render-threads.js';
import { standardWorkload } from '../../../bench/workload.js';
import { startShow, tempHome } from '../../helpers/show.js';

const BIN = new URL('../../../bin/footlight.js', import.meta.url).pathname;

test('config.json renderThreads: a whole number from 1 to 64 is read; anything else is logged and ignored', async (t) => {
  const home = await tempHome(t);
  const warnings: string[] = [];
  const log = {
    warn: (f: unknown, m: string) => warnings.push(`${m} ${JSON.stringify(f)}`),
    info() {},
    debug() {},
    error() {},
    child() {
      return log;
    },
  } as unknown as Logger;
  await writeFile(join(home, 'config.json'), '{"renderThreads": 3}');
  assert.deepEqual(await loadConfig(home, log), { renderThreads: 3 });
  for (const bad of ['0', '1.5', '65', '"two"']) {
    await writeFile(join(home, 'config.json'), `{"renderThreads": ${bad}}`);
    assert.deepEqual(await loadConfig(home, log), {}, bad);
  }
  assert.equal(warnings.length, 4);
  assert.match(warnings[0], /renderThreads/);
});

test('serve: the render thread count comes from the option, else config.json, else one per core', async (t) => {
  const home = await tempHome(t);
  t.after(() => pointPool.setThreads(defaultRenderThreads()));
  await startShow(t, { home });
  assert.equal(pointPool.threads, defaultRenderThreads());
  await writeFile(join(home, 'config.json'), '{"renderThreads": 3}');
  await startShow(t, { home });
  assert.equal(pointPool.threads, 3, 'config.json');
  await startShow(t, { home, renderThreads: 1 });
  assert.equal(pointPool.threads, 1, 'the option wins over config.json');
});

test('footlight render --render-threads: 1 and 3 threads print the same frames; a bad count fails before rendering', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-threads-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  // 20480 points: large enough that frames are split between threads.
  const project = join(dir, 'workload.lxp');
  await writeFile(project, JSON.stringify(standardWorkload(160, 128)));
  const frames = (threads: string): { sha256: string; frames: unknown[] } => {
    const out = join(dir, `frames-${threads}.json`);
    const r = spawnSync(
      process.execPath,
      [BIN, 'render', project, '--frames', '30', '--delta-ms', '16.666666666666668', '--render-threads', threads, '--out', out],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(readFileSync(out, 'utf8'));
  };
  const one = frames('1');
  const three = frames('3');
  assert.equal(one.frames.length, 30);
  assert.deepEqual(three, one);
  for (const bad of ['0', '2.5', '65', 'many']) {
    const r = spawnSync(process.execPath, [BIN, 'render', project, '--frames', '1', '--delta-ms', '16', '--render-threads', bad], { encoding: 'utf8' });
    assert.notEqual(r.status, 0, bad);
    assert.match(r.stderr, /render threads must be a whole number from 1 to 64/, bad);
  }
});
