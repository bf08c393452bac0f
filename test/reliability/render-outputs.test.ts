// The render commands check every bound and their output paths before any work, and write each
// output under a temporary name renamed over the target once whole (defects 7, 8, 9 and 12 of #26).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempHome } from '../helpers/show.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;

function footlight(args: string[], home: string, detached = false): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'], detached });
}

/** Waits for a child to exit, at most `ms`; a child still running then is killed and reported as hung. */
async function finished(child: ChildProcess, ms: number): Promise<{ code: number | 'hung'; out: string; err: string }> {
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise<number | 'hung'>((resolve) => {
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
      resolve('hung');
    }, ms);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c ?? -1);
    });
  });
  return { code, out, err };
}

const sha = async (path: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/** ffprobe's duration of an MP4, or undefined when it cannot read the file (no moov box). */
function mp4Seconds(path: string): number | undefined {
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], { encoding: 'utf8' });
  const s = Number.parseFloat(r.stdout);
  return r.status === 0 && Number.isFinite(s) ? s : undefined;
}

/** The pids of a process's children (Linux: /proc/PID/task/TID/children). */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [])) {
    const text = await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '');
    for (const p of text.split(/\s+/)) if (p !== '') out.push(Number(p));
  }
  return out;
}

test('defect 8: an output under /proc, on a FIFO or on a folder is refused at once (render, render-show, render-sound)', { timeout: 300_000 }, async (t) => {
  const home = await tempHome(t);
  const fifo = join(home, 'frames.fifo');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  const project = join(new URL('../golden/lx-1.2.1/', import.meta.url).pathname, 'solid_faders.lxp');
  const cases: [string[], RegExp][] = [
    [['render-show', '--seconds', '1', '--out', '/proc/footlight-harden/show'], /footlight render-show: invalid_argument: .*a proc file system/],
    [
      ['render', project, '--frames', '1', '--delta-ms', '16', '--out', '/proc/footlight-harden/frames.json'],
      /footlight render: invalid_argument: .*a proc file system/,
    ],
    [['render-sound', '--seconds', '1', '--out', '/proc/footlight-harden/song.wav'], /footlight render-sound: invalid_argument: .*a proc file system/],
    [['render', project, '--frames', '1', '--delta-ms', '16', '--out', fifo], /is a FIFO \(named pipe\); give the path of a file/],
    [['render-sound', '--seconds', '1', '--out', home], /is a folder; give the path of a file/],
  ];
  for (const [args, expected] of cases) {
    const r = await finished(footlight(args, home), 60_000);
    assert.equal(r.code, 1, `${args.join(' ')}: ${r.code} ${r.err}`);
    assert.match(r.err, expected);
  }
  assert.ok((await stat(fifo)).isFIFO(), 'the FIFO is still a FIFO');
});

test('defect 9: render-show --seconds 3601 is refused before anything renders or is written', { timeout: 120_000 }, async (t) => {
  const home = await tempHome(t);
  const out = join(home, 'long');
  const r = await finished(footlight(['render-show', '--seconds', '3601', '--out', out], home), 60_000);
  assert.equal(r.code, 1, r.err);
  assert.match(r.err, /footlight render-show: invalid_argument: a render is at most 3600 s; this one would be 3601\.0 s/);
  await assert.rejects(stat(out), /ENOENT/, 'no output folder was made');
});

test('defect 12: render and render-show refuse a project nested 50,000 deep by the 256-level bound serve applies', { timeout: 120_000 }, async (t) => {
  const home = await tempHome(t);
  const deep = join(home, 'deep.lxp');
  await writeFile(deep, `{"engine":${'['.repeat(50_000)}${']'.repeat(50_000)}}`);
  for (const args of [
    ['render', deep, '--frames', '1', '--delta-ms', '16'],
    ['render-show', '--project', deep, '--seconds', '1', '--out', join(home, 'out')],
  ]) {
    const r = await finished(footlight(args, home), 60_000);
    assert.equal(r.code, 1, `${args[0]}: ${r.err}`);
    assert.match(r.err, /deep\.lxp: .*nest.* 256/, args[0]);
    assert.doesNotMatch(r.err, /call stack/);
  }
});

test('defect 7: render-show killed during the MP4 encode keeps the previous show.mp4 whole; the next render clears the temporary', {
  timeout: 600_000,
}, async (t) => {
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0) return t.skip('ffmpeg is not installed');
  const home = await tempHome(t);
  const out = join(home, 'show');
  const mp4 = join(out, 'show.mp4');
  const first = await finished(footlight(['render-show', '--seconds', '1', '--out', out], home), 240_000);
  assert.equal(first.code, 0, first.err);
  const good = await sha(mp4);
  assert.ok((mp4Seconds(mp4) ?? 0) > 0.5, 'the first MP4 is whole');

  // A longer render, killed (with its ffmpeg) while ffmpeg writes the MP4: once its output (the
  // temporary, or show.mp4 itself as before the fix) has bytes.
  const goodSize = (await stat(mp4)).size;
  const child = footlight(['render-show', '--seconds', '6', '--out', out], home, true);
  const exited = finished(child, 300_000);
  const writing = async (): Promise<boolean> => {
    if ((await stat(mp4)).size !== goodSize) return true;
    for (const f of await readdir(out)) if (f.startsWith('.show.mp4.') && (await stat(join(out, f)).catch(() => undefined))?.size) return true;
    return false;
  };
  let killed = false;
  for (const until = Date.now() + 240_000; !killed && Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    let encoding = false;
    for (const pid of await childrenOf(child.pid!)) encoding ||= (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim() === 'ffmpeg';
    if (encoding && (await writing())) {
      process.kill(-child.pid!, 'SIGKILL');
      killed = true;
    }
  }
  assert.ok(killed, 'ffmpeg was seen encoding');
  await exited;
  assert.equal(await sha(mp4), good, 'the previous show.mp4 is as it was');
  const left = (await readdir(out)).filter((f) => f.startsWith('.show.mp4.'));
  assert.equal(left.length, 1, `the killed encode left its temporary: ${left}`);

  const again = await finished(footlight(['render-show', '--seconds', '1', '--out', out], home), 240_000);
  assert.equal(again.code, 0, again.err);
  assert.deepEqual(
    (await readdir(out)).filter((f) => f.startsWith('.')),
    [],
    'the next render removed the dead temporary',
  );
  assert.ok((mp4Seconds(mp4) ?? 0) > 0.5);
});
