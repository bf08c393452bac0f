import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startShow, tempHome } from '../../helpers/show.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { addChannel } from '../../../src/light/operations/channels.js';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';
const BIN = new URL('../../../bin/footlight.js', import.meta.url).pathname;

test('startFootlight({ project }) opens the project: its channels, its path in get_project_info', async (t) => {
  const project = join(GOLDEN, 'groups.lxp');
  const show = await startShow(t, { project });
  const info = await show.call('get_project_info', {});
  assert.equal(info.projectPath, project);
  const labels = show.app.light.mixer.channels.items.map((c) => c.label.getString());
  assert.deepEqual(labels, ['Group-1', 'GradCh', 'NoiseCh', 'Planes', 'Group-2', 'SolidCh']);
  assert.ok(show.app.light.mixer.channels.at(1) instanceof Channel);
  assert.equal(show.app.engine.history.undoDepth, 0);
});

test('footlight serve --project: status.json reports projectPath; a missing file exits 2', async (t) => {
  const home = await tempHome(t);
  const project = join(GOLDEN, 'solid_faders.lxp');
  const child = spawn(process.execPath, [BIN, 'serve', '--project', project, '--port', '0', '--sound-port', '0', '--osc-port', '0'], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => child.kill('SIGKILL'));
  let status: { running?: boolean; projectPath?: string } = {};
  const until = Date.now() + 60_000;
  while (Date.now() < until && status.running !== true) {
    try {
      status = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    } catch {
      // not written yet
    }
    if (status.running !== true) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(status.running, true);
  assert.equal(status.projectPath, project);
  const exited = new Promise<number>((r) => child.once('exit', (c) => r(c ?? -1)));
  child.kill('SIGTERM');
  assert.equal(await exited, 0);

  const missing = spawn(process.execPath, [BIN, 'serve', '--project', join(home, 'nope.lxp'), '--port', '0', '--sound-port', '0', '--osc-port', '0'], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  missing.stderr.on('data', (d: Buffer) => (err += d.toString()));
  missing.stdout.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number>((r) => missing.once('exit', (c) => r(c ?? -1)));
  assert.equal(code, 2);
  assert.match(err, /no project file/);
});

test('openProject replaces the open show (history cleared), saveProject writes it back atomically', async (t) => {
  const { Engine } = await import('../../../src/engine/engine.js');
  const { LightShow } = await import('../../../src/light/show/light-show.js');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(join(tmpdir(), 'footlight-open-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const engine = new Engine();
  const show = new LightShow(engine);
  addChannel(show, { patternClass: 'Solid' }, { surface: 'engine' });
  assert.equal(engine.history.undoDepth, 1);
  const warnings = await show.openProject(join(GOLDEN, 'crossfader_ab.lxp'));
  assert.deepEqual(warnings, []);
  assert.equal(engine.history.undoDepth, 0);
  assert.deepEqual(
    show.mixer.channels.items.map((c) => c.label.getString()),
    ['A', 'B', 'Bypass'],
  );
  engine.clock.stepFixed(3, 1000 / 60);
  assert.equal(show.main.length, 503);
  const out = join(dir, 'copy.lxp');
  await show.saveProject(out);
  assert.equal(show.projectPath, out);
  const saved = JSON.parse(await readFile(out, 'utf8')) as { engine: { children: { mixer: { channels: unknown[] } } } };
  assert.equal(saved.engine.children.mixer.channels.length, 3);
});

const LENIENT = 'openProject reads a project leniently; a malformed one is refused (invalid_argument, file:line:column) and the open show and its history stay';
test(LENIENT, async (t) => {
  const { Engine } = await import('../../../src/engine/engine.js');
  const { LightShow } = await import('../../../src/light/show/light-show.js');
  const { isFootlightError } = await import('../../../src/engine/errors.js');
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(join(tmpdir(), 'footlight-open-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const text = await readFile(join(GOLDEN, 'crossfader_ab.lxp'), 'utf8');
  const commented = join(dir, 'commented.lxp');
  await writeFile(commented, `// saved by hand\n/* a block */\n${text.replace('"version"', '# the version\n  version').replace('"1.2.1"', "'1.2.1'")}`);
  const broken = join(dir, 'broken.lxp');
  await writeFile(broken, text.replace(/\n}\s*$/, ',\n}\n'));
  const engine = new Engine();
  const show = new LightShow(engine);
  addChannel(show, { patternClass: 'Solid' }, { surface: 'engine' });
  assert.deepEqual(await show.openProject(commented), []);
  assert.deepEqual(
    show.mixer.channels.items.map((c) => c.label.getString()),
    ['A', 'B', 'Bypass'],
  );
  addChannel(show, { patternClass: 'Solid' }, { surface: 'engine' });
  const lines = text.replace(/\n}\s*$/, ',\n}\n').split('\n');
  await assert.rejects(show.openProject(broken), (err: unknown) => {
    assert.ok(isFootlightError(err) && err.code === 'invalid_argument', String(err));
    assert.match(err.message, new RegExp(`broken\\.lxp:${lines.length - 1}:1: Expected name`));
    return true;
  });
  assert.equal(show.projectPath, commented);
  assert.equal(show.mixer.channels.items.length, 4);
  assert.equal(engine.history.undoDepth, 1, 'the history of the open show is kept');
});
