// The Sampler's own samples (issue #28): how long loading a sample takes — read, decode, mix to
// mono — per format, and converting it to the engine rate (windowed sinc, 44.1 → 48 kHz). The
// files are made here by sox and ffmpeg: 10 s of stereo at 44.1 kHz. Best of BENCH_REPEATS (3),
// with the load average. Writes bench/results/samples.json.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resample } from '../src/sound/audio/dsp/resample.js';
import { SampleFolder } from '../src/sound/samples/folder.js';
import { SampleStore } from '../src/sound/samples/store.js';
import { fmt, machine } from './load-loop.js';

const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const SECONDS = 10;

const dir = await mkdtemp(join(tmpdir(), 'footlight-bench-samples-'));
try {
  const source = join(dir, 'source.wav');
  execFileSync('sox', ['-n', '-r', '44100', '-c', '2', '-b', '16', source, 'synth', String(SECONDS), 'sine', '440', 'sine', '660']);
  const files: [name: string, make: string[]][] = [
    ['wav16.wav', ['sox', source, join(dir, 'wav16.wav')]],
    ['wav24.wav', ['sox', source, '-b', '24', join(dir, 'wav24.wav')]],
    ['aiff.aiff', ['sox', source, join(dir, 'aiff.aiff')]],
    ['flac.flac', ['sox', source, join(dir, 'flac.flac')]],
    ['mp3.mp3', ['ffmpeg', '-loglevel', 'error', '-i', source, '-c:a', 'libmp3lame', '-b:a', '192k', join(dir, 'mp3.mp3')]],
    ['ogg.ogg', ['ffmpeg', '-loglevel', 'error', '-i', source, '-c:a', 'libvorbis', join(dir, 'ogg.ogg')]],
  ];
  for (const [, [tool, ...args]] of files) execFileSync(tool, args);
  const folder = await SampleFolder.open(dir);
  const start = machine();
  console.log(`samples: ${SECONDS} s of stereo at 44.1 kHz, best of ${REPEATS} (load average ${start.loadAverage.join(' ')})`);
  const rows: { name: string; ms: number }[] = [];
  let mono: Float32Array = new Float32Array(0);
  for (const [name] of files) {
    let best = Infinity;
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      mono = (await new SampleStore(folder).load(name)).data;
      best = Math.min(best, performance.now() - t);
    }
    rows.push({ name: `load ${name}`, ms: best });
    console.log(`  load ${name.padEnd(10)} ${fmt(best, 1).padStart(8)} ms`);
  }
  let best = Infinity;
  for (let i = 0; i < REPEATS; i++) {
    const t = performance.now();
    resample(mono, 44_100, 48_000);
    best = Math.min(best, performance.now() - t);
  }
  rows.push({ name: 'resample 44.1 → 48 kHz', ms: best });
  console.log(`  resample 44.1 → 48 kHz ${fmt(best, 1).padStart(8)} ms (${fmt(best / SECONDS, 1)} ms per second of sample)`);
  await mkdir(RESULTS, { recursive: true });
  await writeFile(`${RESULTS}samples.json`, `${JSON.stringify({ seconds: SECONDS, rows, machine: { start, end: machine() } }, null, 2)}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
