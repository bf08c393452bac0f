// The Reverb beside Csound's reverbsc, and Delay+ beside a Csound delay of the same shape (issue #28):
// CPU time per audio second; for the Reverb also the quality
// figures the tests hold it to (RT60, tail ripple, images of a 15 kHz sine, the 12–16 kHz decay),
// measured the same way on both (test/sound/audio/reverb-measures.ts: Schroeder integration,
// fft.js, sox). CPU: the effect alone over BENCH_SECONDS (default 120) of seeded noise, less the
// same loop without it; Csound's: `csound` rendering reverbsc over noise for as long, less the
// same orchestra without reverbsc (the children's CPU from /proc/self/stat). Delay+ (375 ms, 30 %
// feedback through its 100 Hz low cut and 8 kHz high cut) is timed the same way beside two
// delayr/deltapi/delayw lines with tone and atone in their feedback. Runs alternate,
// BENCH_REPEATS times (default 5); medians. Needs csound (Debian's `csound`) and sox; writes
// bench/results/reverb.json.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DELAY_PLUS } from '../src/sound/audio/dsp/delay-plus.js';
import type { Effect } from '../src/sound/audio/dsp/effect.js';
import { BLOCK, Rng } from '../src/sound/audio/dsp/math.js';
import { imageDb, impulse, RATE, renderReverb, reverb, rt60, sine15k, soxBand, tailRipple } from '../test/sound/audio/reverb-measures.js';
import { fmt, machine, quantile } from './load-loop.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
/** reverbsc's feedback 0.85 rings about 2.6 s; the Reverb is set to the same decay. */
const SETTINGS = { SIZE: 2600, DAMPING: 0 };

const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

/** Delay+'s plan values (physical: ms and Hz) for the CPU comparison. */
const DELAY = { TIME: 375, FEEDBACK: 0.3, LOW_CUT: 100, HIGH_CUT: 8000, MIX: 0.3, PING_PONG: 0, SYNC: 0, TIME_SYNC: 3, TIME_BEATS: 0.5 };
/** The same delay in Csound: per channel a line read at 375 ms, its feedback through tone (8 kHz) and atone (100 Hz). */
const CSOUND_DELAY = ['L', 'R']
  .map((c) => `abuf${c} delayr 1\nad${c} deltapi 0.375\nafb${c} atone tone(ad${c}, 8000), 100\ndelayw a1 + afb${c} * 0.3`)
  .join('\n');

function delayPlus(): Effect {
  const device = { path: 'delay', type: DELAY_PLUS.name, kind: 'audio_effect' as const, enabled: true, p: { ...DELAY }, slots: {}, grid: null, polyphony: 0 };
  const fx = DELAY_PLUS.kind === 'audio_effect' ? DELAY_PLUS.build(device, { sampleRate: RATE, secondsPerBeat: 0.5, effects: () => [] }) : null;
  if (fx === null) throw new Error('Delay+ did not build');
  return fx;
}

/** Milliseconds of CPU per audio second an effect takes, its input loop's own cost taken off. */
function footlightMs(input: Float32Array, fx: Effect): number {
  const l = new Float32Array(BLOCK);
  const r = new Float32Array(BLOCK);
  const pass = (withEffect: boolean): number => {
    const c0 = process.cpuUsage();
    for (let at = 0; at + BLOCK <= input.length; at += BLOCK) {
      l.set(input.subarray(at, at + BLOCK));
      r.set(input.subarray(at, at + BLOCK));
      if (withEffect) fx.process(l, r, BLOCK);
    }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  return (pass(true) - pass(false)) / (input.length / RATE);
}

/** The children's user + system CPU so far, in ms (fields 16 and 17 of /proc/self/stat, in clock ticks of 10 ms). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function orchestra(body: string, seconds: number, options: string): string {
  return `<CsoundSynthesizer>
<CsOptions>
${options} -d -m0
</CsOptions>
<CsInstruments>
sr = ${RATE}
ksmps = ${BLOCK}
nchnls = 2
0dbfs = 1
instr 1
${body}
endin
</CsInstruments>
<CsScore>
i 1 0 ${seconds}
</CsScore>
</CsoundSynthesizer>
`;
}

function csound(dir: string, name: string, csd: string): number {
  const file = join(dir, `${name}.csd`);
  writeFileSync(file, csd);
  const c0 = childrenCpuMs();
  const res = spawnSync('csound', [file], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`csound failed: ${res.stderr.slice(-400)}`);
  return childrenCpuMs() - c0;
}

/** Csound's reverbsc on an input, as 32-bit floats of its left channel (sox converts Csound's WAV). */
function csoundRender(dir: string, input: string, seconds: number): Float32Array {
  const wav = join(dir, 'out.wav');
  csound(dir, 'render', orchestra(`${input}\naL, aR reverbsc a1, a1, 0.85, 20000\nouts aL, aR`, seconds, `-W -f -o ${wav}`));
  const raw = join(dir, 'out.f32');
  const res = spawnSync('sox', [wav, '-t', 'f32', raw, 'remix', '1'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`sox failed: ${res.stderr}`);
  const bytes = readFileSync(raw);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

interface Quality {
  rt60Seconds: number;
  rippleDb: number;
  imageDb: number;
  imageHz: number;
  highRt60Seconds: number;
}

function quality(ir: Float32Array, sine: Float32Array): Quality {
  const image = imageDb(sine);
  return { rt60Seconds: rt60(ir), rippleDb: tailRipple(ir), imageDb: image.db, imageHz: image.hz, highRt60Seconds: rt60(soxBand(ir, 12000, 16000)) };
}

const start = machine();
const rng = new Rng(28);
const input = Float32Array.from({ length: SECONDS * RATE }, () => rng.bipolar() * 0.1);
const hasCsound = spawnSync('csound', ['--version'], { encoding: 'utf8' }).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'footlight-reverb-bench-'));
try {
  footlightMs(input.subarray(0, 10 * RATE), reverb({ ...SETTINGS, MIX: 0.3 }));
  footlightMs(input.subarray(0, 10 * RATE), delayPlus());
  const ours: number[] = [];
  const theirs: number[] = [];
  const oursDelay: number[] = [];
  const theirsDelay: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    ours.push(footlightMs(input, reverb({ ...SETTINGS, MIX: 0.3 })));
    oursDelay.push(footlightMs(input, delayPlus()));
    if (hasCsound) {
      const noise = 'a1 rand 0.1';
      const withReverb = csound(dir, 'reverbsc', orchestra(`${noise}\naL, aR reverbsc a1, a1, 0.85, 12000\nouts aL, aR`, SECONDS, '-n'));
      const withDelay = csound(dir, 'delay', orchestra(`${noise}\n${CSOUND_DELAY}\nouts a1 * 0.7 + adL * 0.3, a1 * 0.7 + adR * 0.3`, SECONDS, '-n'));
      const without = csound(dir, 'baseline', orchestra(`${noise}\nouts a1, a1`, SECONDS, '-n'));
      theirs.push((withReverb - without) / SECONDS);
      theirsDelay.push((withDelay - without) / SECONDS);
    }
  }
  const footlight = quality(renderReverb(SETTINGS, impulse, 4)[0], renderReverb(SETTINGS, sine15k, 2)[0]);
  const reverbsc = hasCsound
    ? quality(csoundRender(dir, 'a1 mpulse 1, 0', 4), csoundRender(dir, `a1 = 0.5 * linseg:a(0, 0.05, 1, 10, 1) * poscil:a(1, 15000)`, 2))
    : undefined;
  const result = {
    audioSeconds: SECONDS,
    repeats: REPEATS,
    footlightMsPerSecond: median(ours),
    csoundMsPerSecond: hasCsound ? median(theirs) : undefined,
    ratio: hasCsound ? median(ours) / median(theirs) : undefined,
    delayPlus: {
      footlightMsPerSecond: median(oursDelay),
      csoundMsPerSecond: hasCsound ? median(theirsDelay) : undefined,
      ratio: hasCsound ? median(oursDelay) / median(theirsDelay) : undefined,
    },
    footlight,
    reverbsc,
    machine: { start, end: machine() },
  };
  const q = (x: Quality | undefined): string =>
    x === undefined
      ? 'csound not installed'
      : `RT60 ${fmt(x.rt60Seconds, 3)} s, 12–16 kHz RT60 ${fmt(x.highRt60Seconds, 3)} s, tail ripple ${fmt(x.rippleDb)} dB, ` +
        `15 kHz image ${fmt(x.imageDb, 1)} dB at ${fmt(x.imageHz, 0)} Hz`;
  console.log(
    `Reverb ${fmt(result.footlightMsPerSecond)} ms CPU per audio second; reverbsc ${fmt(result.csoundMsPerSecond ?? Number.NaN)} ms; ` +
      `×${fmt(result.ratio ?? Number.NaN)} of Csound; load average ${start.loadAverage.join(' ')} → ${result.machine.end.loadAverage.join(' ')}`,
  );
  const d = result.delayPlus;
  console.log(
    `Delay+ ${fmt(d.footlightMsPerSecond)} ms CPU per audio second; Csound's delay ${fmt(d.csoundMsPerSecond ?? Number.NaN)} ms; ` +
      `×${fmt(d.ratio ?? Number.NaN)} of Csound`,
  );
  console.log(`  Footlight: ${q(footlight)}`);
  console.log(`  reverbsc:  ${q(reverbsc)}`);
  await mkdir(RESULTS, { recursive: true });
  await writeFile(`${RESULTS}reverb.json`, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
