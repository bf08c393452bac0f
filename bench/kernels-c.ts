// The sound engine's hot loops beside the same loops in C (bench/c/kernels.c, compiled here with
// Debian's gcc -O2, no fused multiply-adds): how far the compiled JavaScript the engine runs is from
// C on equal work. Two kernels, over BENCH_SECONDS (default 132, the demo's length) of audio:
//   clipper  the Distortion's 4× soft clipper (Clipper4x) over stereo noise: the master's clipper in the demo
//   voice    one held saw through the low-pass (waveInto + Svf.lowpassAdd): a Polysynth voice at its sustain
// Each side runs BENCH_REPEATS times (default 5) after a warm-up, alternating; medians of CPU time. The sums of
// both sides' outputs must agree to 10⁻⁶, which shows the same work was done (not to the bit: the filters'
// coefficients come from different maths libraries' powers and tangents, an ulp apart, and 32-bit rounding of the
// outputs turns some of those into a last-bit difference). Writes bench/results/kernels-c.json. Skips, saying so, without gcc.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledIsCurrent } from '../bin/compiled-build.js';
import { fmt, machine, quantile } from './load-loop.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 132);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BLOCK = 128;
const RATE = 48_000;
const CUTOFF = 1000;
const DAMPING = 0.7;

const compiled = compiledIsCurrent(ROOT);
const from = compiled ? '../lib/' : '../src/';
const { Clipper4x } = (await import(`${from}sound/audio/dsp/clipper-4x.js`)) as typeof import('../src/sound/audio/dsp/clipper-4x.js');
const { waveInto } = (await import(`${from}sound/audio/dsp/oscillators.js`)) as typeof import('../src/sound/audio/dsp/oscillators.js');
const { Svf } = (await import(`${from}sound/audio/dsp/filters.js`)) as typeof import('../src/sound/audio/dsp/filters.js');

const gcc = spawnSync('gcc', ['--version'], { encoding: 'utf8' });
if (gcc.status !== 0) {
  console.log('gcc is not installed (apt-get install gcc): kernels-c skipped');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'footlight-kernels-'));
const binary = join(dir, 'kernels');
const built = spawnSync('gcc', ['-O2', '-ffp-contract=off', '-o', binary, fileURLToPath(new URL('./c/kernels.c', import.meta.url)), '-lm'], {
  encoding: 'utf8',
});
if (built.status !== 0) throw new Error(`gcc failed: ${built.stderr}`);

const blocks = Math.floor((SECONDS * RATE) / BLOCK);

/** kernels.c's noise: 64 blocks of an LCG, −0.8…0.8, rounded to 32 bits. */
const noise = Array.from({ length: 64 }, () => new Float32Array(BLOCK));
let seed = 1;
for (const b of noise)
  for (let i = 0; i < BLOCK; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    b[i] = (seed / 4294967296) * 1.6 - 0.8;
  }

function clipper(): number {
  const left = new Clipper4x();
  const right = new Clipper4x();
  const gains = new Float64Array(BLOCK).fill(1);
  const l = new Float32Array(BLOCK);
  const r = new Float32Array(BLOCK);
  let sum = 0;
  for (let b = 0; b < blocks; b++) {
    l.set(noise[b & 63]);
    r.set(noise[(b + 7) & 63]);
    left.run(l, BLOCK, gains);
    right.run(r, BLOCK, gains);
    for (let i = 0; i < BLOCK; i++) sum += l[i] + r[i];
  }
  return sum;
}

function voice(): number {
  const dt = (440 * 2 ** ((48 - 69) / 12)) / RATE;
  const filter = new Svf();
  filter.set(CUTOFF, DAMPING, RATE);
  const osc = new Float64Array(BLOCK);
  const out = new Float32Array(BLOCK);
  let phase = 0;
  let sum = 0;
  for (let b = 0; b < blocks; b++) {
    phase = waveInto(0, phase, dt, osc, 0, BLOCK);
    out.fill(0);
    filter.lowpassAdd(osc, 0, BLOCK, 1, 0.3, out, out);
    for (let i = 0; i < BLOCK; i++) sum += out[i];
  }
  return sum;
}

function inC(kernel: string): { cpu: number; sum: number } {
  const res = spawnSync(binary, [kernel, String(SECONDS), String(CUTOFF), String(DAMPING)], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`kernels ${kernel} failed: ${res.stderr}`);
  const [cpu, sum] = res.stdout.trim().split(' ').map(Number);
  return { cpu, sum };
}

function inJs(run: () => number): { cpu: number; sum: number } {
  const c0 = process.cpuUsage();
  const sum = run();
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, sum };
}

const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

const start = machine();
const rows = [];
try {
  for (const [name, run] of [
    ['clipper', clipper],
    ['voice', voice],
  ] as const) {
    inJs(run);
    const js: number[] = [];
    const c: number[] = [];
    let sums = { js: 0, c: 0 };
    for (let i = 0; i < REPEATS; i++) {
      const a = inJs(run);
      const b = inC(name);
      js.push(a.cpu);
      c.push(b.cpu);
      sums = { js: a.sum, c: b.sum };
    }
    const agree = Math.abs(sums.js - sums.c) <= 1e-6 * Math.abs(sums.c);
    if (!agree) throw new Error(`${name}: the JavaScript and C outputs differ (sums ${sums.js} and ${sums.c})`);
    const row = { kernel: name, audioSeconds: SECONDS, jsCpuSeconds: median(js), cCpuSeconds: median(c), ratio: median(js) / median(c), sums };
    rows.push(row);
    console.log(
      `${name.padEnd(8)} ${fmt(SECONDS, 0)} s of audio: JavaScript (${compiled ? 'lib/' : 'src/ through tsx'}) ${fmt(row.jsCpuSeconds, 3)} s CPU, ` +
        `C (gcc -O2) ${fmt(row.cCpuSeconds, 3)} s: ×${fmt(row.ratio, 2)}; outputs agree${sums.js === sums.c ? ' to the bit' : ''}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`load average ${start.loadAverage.join(' ')} → ${machine().loadAverage.join(' ')}`);
await mkdir(RESULTS, { recursive: true });
await writeFile(`${RESULTS}kernels-c.json`, `${JSON.stringify({ repeats: REPEATS, rows, machine: { start, end: machine() } }, null, 2)}\n`);
