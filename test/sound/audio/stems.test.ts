import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { clip, dev, project, sine, soxStatFile, track } from './helpers.js';

// render-sound --stems: one WAV per track, aligned with the mix; pre-master stems of the tracks
// that feed the master sum to it (a plain master at 0 dB) — summed and compared by sox.

const ROOT = new URL('../../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'footlight-stems-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/footlight.js'), ...args], { encoding: 'utf8', env: { ...process.env, FOOTLIGHT_HOME: dir } });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

// A group of two voices, a lead with a post-fader send to a reverb return, the return, a plain master.
const song = project(
  [
    track('Pair', [], [], {
      type: 'group',
      volume: 0.7,
      children: [track('Low', [sine()], [clip(0, 8, [[57, 0, 3]])]), track('High', [dev('Polysynth')], [clip(0, 8, [[64, 1, 2, 90]])], { pan: 0.4 })],
    }),
    track(
      'Lead',
      [dev('Polysynth')],
      [
        clip(0, 8, [
          [72, 0.5, 1],
          [76, 2, 1],
        ]),
      ],
      { sends: [{ fx_index: 0, level_db: -6, pre_fader: false }] },
    ),
  ],
  { fx: [track('Return', [dev('Reverb')], [], { type: 'effect' })] },
);
const pdir = join(dir, 'song');
spawnSync('mkdir', ['-p', join(pdir, 'PromptTrack')]);
writeFileSync(
  join(pdir, 'PromptTrack', 'PromptTrack.bwproject'),
  JSON.stringify({ format: 'footlight.sound-project', version: 1, saved_by: { host: 'test', version: '0' }, project: song }),
);

const frames = (file: string): number => Number(spawnSync('soxi', ['-s', file], { encoding: 'utf8' }).stdout.trim());

test('pre-master stems: one aligned WAV per track; the stems that feed the master sum to the mix within −80 dB', () => {
  const mix = join(dir, 'mix.wav');
  const stems = join(dir, 'pre');
  const r = cli('render-sound', '--project', pdir, '--seconds', '6', '--out', mix, '--stems', stems);
  assert.equal(r.status, 0, r.stderr);
  const files = readdirSync(stems).sort();
  assert.deepEqual(files, ['00-Pair.wav', '01-Low.wav', '02-High.wav', '03-Lead.wav', '04-Return.wav']);
  for (const f of files) assert.equal(frames(join(stems, f)), frames(mix), `${f} is aligned with the mix`);
  assert.match(r.stdout, /stem .*00-Pair\.wav: group "Pair" into the master; peak -?\d/);
  assert.match(r.stdout, /stem .*01-Low\.wav: instrument "Low" into its group/);
  const feeds = ['00-Pair.wav', '03-Lead.wav', '04-Return.wav'].flatMap((f) => ['-v', '1', join(stems, f)]);
  const residual = spawnSync('sox', ['-m', ...feeds, '-v', '-1', mix, '-n', 'stat'], { encoding: 'utf8' }).stderr;
  const diff = Number(/Maximum amplitude:\s+([\d.e-]+)/.exec(residual)?.[1]);
  const peak = soxStatFile(mix)['Maximum amplitude'];
  assert.ok(peak > 0.05, `the mix sounds (${peak})`);
  assert.ok(20 * Math.log10(diff / peak) <= -80, `the stems sum to the mix within ${(20 * Math.log10(diff / peak)).toFixed(1)} dB`);
  assert.ok(soxStatFile(join(stems, '04-Return.wav'))['Maximum amplitude'] > 1e-3, 'the return carries the send');
});

test('post-master stems: each main track soloed through the master, aligned; a folder that cannot be written is refused before rendering', () => {
  const mix = join(dir, 'mix2.wav');
  const stems = join(dir, 'post');
  const r = cli('render-sound', '--project', pdir, '--seconds', '6', '--out', mix, '--stems', stems, '--stems-mode', 'post-master');
  assert.equal(r.status, 0, r.stderr);
  const files = readdirSync(stems).sort();
  assert.deepEqual(files, ['00-Pair.wav', '01-Low.wav', '02-High.wav', '03-Lead.wav'], 'effect tracks sound inside the stems that send to them');
  for (const f of files) assert.equal(frames(join(stems, f)), frames(mix));
  assert.match(r.stdout, /"Lead" soloed through the master/);
  // The soloed lead keeps its reverb: it rings on after its last note ends (beat 3 = 1.5 s).
  assert.ok(soxStatFile(join(stems, '03-Lead.wav'), ['trim', '2.5', '1'])['Maximum amplitude'] > 1e-4, 'the lead stem carries its return');
  const file = join(dir, 'a-file');
  writeFileSync(file, 'x');
  const bad = cli('render-sound', '--project', pdir, '--seconds', '1', '--out', join(dir, 'mix3.wav'), '--stems', join(file, 'sub'));
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /a-file/);
  assert.equal(spawnSync('test', ['-e', join(dir, 'mix3.wav')]).status, 1, 'nothing was written');
});
