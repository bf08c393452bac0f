// bin/footlight.js runs the compiled JavaScript in lib/ only while it was built from the sources
// as they are: an edited source runs as written (through tsx) until the next build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compiledIsCurrent, newestSourceMtime } from '../../bin/compiled-build.js';
import { checkZones } from '../../src/sound/model/sample-zones.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION, writeProjectFile } from '../../src/sound/model/project-file.js';
import { clip, dev, project, track } from '../sound/audio/helpers.js';
import { tempHome } from '../helpers/show.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Sets a file's modification time to `seconds` (since the epoch). */
const at = (file: string, seconds: number): void => utimesSync(file, seconds, seconds);

test('lib/ is current until a source is newer than its stamp; the web console and a missing stamp are handled', async (t) => {
  const root = await tempHome(t);
  mkdirSync(join(root, 'src', 'sound'), { recursive: true });
  mkdirSync(join(root, 'src', 'console', 'web'), { recursive: true });
  const source = join(root, 'src', 'sound', 'engine.ts');
  const web = join(root, 'src', 'console', 'web', 'main.tsx');
  writeFileSync(source, '');
  writeFileSync(web, '');
  at(source, 1000);
  at(web, 1000);
  assert.equal(compiledIsCurrent(root), false, 'never built');
  mkdirSync(join(root, 'lib'));
  writeFileSync(join(root, 'lib', 'build.json'), JSON.stringify({ sourcesMtimeMs: newestSourceMtime(root) }));
  assert.equal(compiledIsCurrent(root), true);
  at(web, 2000);
  assert.equal(compiledIsCurrent(root), true, 'the web console is bundled apart (dist/console), not into lib/');
  at(source, 2000);
  assert.equal(compiledIsCurrent(root), false, 'an edited source');
  writeFileSync(join(root, 'lib', 'build.json'), '{');
  assert.equal(compiledIsCurrent(root), false, 'an unreadable stamp');
});

test("a bundle's stamp: only the sources it was built from decide, and a removed one makes it stale", async (t) => {
  const root = await tempHome(t);
  mkdirSync(join(root, 'src', 'cli'), { recursive: true });
  mkdirSync(join(root, 'lib'));
  const input = join(root, 'src', 'cli', 'render.ts');
  const other = join(root, 'src', 'cli', 'serve.ts');
  writeFileSync(input, '');
  writeFileSync(other, '');
  at(input, 1000);
  at(other, 1000);
  const bundles = { 'render-sound': ['src/cli/render.ts'] };
  writeFileSync(join(root, 'lib', 'build.json'), JSON.stringify({ sourcesMtimeMs: newestSourceMtime(root), bundles }));
  assert.equal(compiledIsCurrent(root, 'render-sound'), true);
  at(other, 2000);
  assert.equal(compiledIsCurrent(root, 'render-sound'), true, 'a source outside the bundle leaves it current');
  assert.equal(compiledIsCurrent(root), false, 'but not the rest of lib/');
  assert.equal(compiledIsCurrent(root, 'unknown'), false, 'a bundle the stamp does not list is judged by every source');
  at(input, 2000);
  assert.equal(compiledIsCurrent(root, 'render-sound'), false, 'an edited source of the bundle');
  at(input, 1000);
  rmSync(input);
  assert.equal(compiledIsCurrent(root, 'render-sound'), false, 'a removed source of the bundle');
});

test('FOOTLIGHT_FROM_SOURCE=1 and the compiled build render the same bytes', async (t) => {
  const home = await tempHome(t);
  const render = (env: Record<string, string>, out: string) => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'footlight.js'), 'render-sound', '--seconds', '0.5', '--out', out], {
      encoding: 'utf8',
      env: { ...process.env, FOOTLIGHT_HOME: home, ...env },
    });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(out);
  };
  assert.deepEqual(render({ FOOTLIGHT_FROM_SOURCE: '1' }, join(home, 'a.wav')), render({}, join(home, 'b.wav')));
});

test("render-sound's own entry (bin/footlight.js starts there) has main.ts's options, help and errors", async (t) => {
  const home = await tempHome(t);
  const run = (entry: string[], args: string[]) => {
    const r = spawnSync(process.execPath, [...entry, 'render-sound', ...args], { encoding: 'utf8', env: { ...process.env, FOOTLIGHT_HOME: home } });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const main = [join(ROOT, 'lib', 'cli', 'main.js')];
  const own = [join(ROOT, 'lib', 'cli', 'render-sound-main.cjs')];
  const help = run(own, ['--help']);
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Usage: footlight render-sound \[options\]/);
  assert.deepEqual(help, run(main, ['--help']));
  const bad = run(own, ['--seconds', '-1', '--out', join(home, 'x.wav')]);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /a number above 0/);
  assert.deepEqual(bad, run(main, ['--seconds', '-1', '--out', join(home, 'x.wav')]));
  const missing = run(own, ['--project', join(home, 'nowhere'), '--out', join(home, 'x.wav')]);
  assert.equal(missing.status, 1, 'a failed render exits 1 (the entry exits once the command is done)');
  assert.match(missing.stderr, /^footlight render-sound: /);
  assert.deepEqual(missing, run(main, ['--project', join(home, 'nowhere'), '--out', join(home, 'x.wav')]));
});

test("render-sound's own entry does not load child_process (commander's, for subcommands it has none of)", async (t) => {
  const home = await tempHome(t);
  const out = join(home, 'x.wav');
  const probe =
    `process.argv = [process.argv[0], 'footlight', 'render-sound', '--seconds', '0.01', '--out', ${JSON.stringify(out)}];` +
    "process.on('exit', () => process.stderr.write('builtins: ' + process.moduleLoadList.join(',')));" +
    `require(${JSON.stringify(join(ROOT, 'lib', 'cli', 'render-sound-main.cjs'))});`;
  const r = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8', env: { ...process.env, FOOTLIGHT_HOME: home } });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /x\.wav: 0\.010 s from beat 0/);
  const loaded = r.stderr.slice(r.stderr.indexOf('builtins: ')).split(',');
  assert.ok(loaded.includes('NativeModule fs'), 'the probe lists the builtins');
  assert.ok(!loaded.includes('NativeModule child_process'), 'child_process is loaded only when a subcommand would spawn');
});

test('render-sound through its CommonJS entry plays a SoundFont (a package it loads when used) as the sources do', async (t) => {
  const home = await tempHome(t);
  const samples = join(home, 'samples');
  mkdirSync(samples);
  copyFileSync('/usr/share/sounds/sf2/TimGM6mb.sf2', join(samples, 'gm.sf2'));
  const song = join(home, 'song');
  mkdirSync(song);
  const sampler = { ...dev('Sampler'), zones: checkZones([{ sample: 'gm.sf2' }]) };
  const json = project([track('Keys', [sampler], [clip(0, 2, [[60, 0, 1, 100]])])]);
  await writeProjectFile(song, { format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project: json });
  const render = (env: Record<string, string>, out: string) => {
    const args = ['render-sound', '--project', song, '--samples', samples, '--seconds', '0.5', '--out', out];
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'footlight.js'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, FOOTLIGHT_HOME: home, ...env },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '', 'nothing not rendered, no warning');
    return readFileSync(out);
  };
  const compiled = render({}, join(home, 'b.wav'));
  assert.ok(
    compiled.subarray(44).some((b) => b !== 0),
    'the note sounds',
  );
  assert.deepEqual(render({ FOOTLIGHT_FROM_SOURCE: '1' }, join(home, 'a.wav')), compiled);
});
