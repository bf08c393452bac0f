// Footlight's `render-sound` beside Csound 6 as whole commands (issue #28's speed targets): the CPU
// time (user + system of the child, start-up included, from /proc/self/stat) of rendering the same
// music to a WAV, run alternately BENCH_REPEATS times (default 3), medians. Cases:
//   start-up    a 10 ms render: what each command costs before the first sample
//   one voice   a held saw through a low-pass, BENCH_SECONDS (default 60) s: Polysynth (a TPT state-variable
//               filter) vs vco2 + zdf_2pole (the same filter design in C)
//   stress      8 tracks × an 8-note saw chord, each into a delay and a reverb, BENCH_SECONDS / 2 s:
//               Polysynth + Delay+ + Reverb vs vco2 + zdf_2pole, delayr/delayw with feedback, reverbsc
//   demo        the demo song's whole arrangement (Footlight only): × real time as a musician runs it
// Targets: one voice ≤ 1.5× Csound, stress ≤ 0.8×, demo ≥ 50× for the whole command. Needs csound
// (Debian's) for the comparisons; writes bench/results/csound-commands.json. The commands run without
// NODE_EXTRA_CA_CERTS, and the bench prints what it costs a Node start where it is set (commandEnv).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION, writeProjectFile } from '../src/sound/model/project-file.js';
import type { ProjectJson } from '../src/sound/model/components.js';
import { clip, dev, project, track } from '../test/sound/audio/helpers.js';
import { fmt, machine, quantile } from './load-loop.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/footlight.js', import.meta.url));
const RATE = 48_000;

const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

/** The children's user + system CPU so far, in ms (fields 16 and 17 of /proc/self/stat, 10 ms ticks). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/**
 * The commands' environment. NODE_EXTRA_CA_CERTS (set on some machines for a proxy; on the one these figures come
 * from, to the system's whole bundle) makes every Node process parse those certificates before any JavaScript runs:
 * tens of ms of a start that Csound does not pay, for TLS that render-sound never opens, and a Node install does not
 * set it. So the commands run without it, and the bench says what it costs here; BENCH_KEEP_ENV=1 keeps it.
 */
const KEEP_ENV = process.env.BENCH_KEEP_ENV === '1';
const EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS;
function commandEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FOOTLIGHT_HOME: home };
  if (!KEEP_ENV) delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** Runs a command to completion; its CPU time in seconds. */
function cpuOf(command: string, args: string[], env = commandEnv()): number {
  const c0 = childrenCpuMs();
  const res = spawnSync(command, args, { encoding: 'utf8', env });
  if (res.status !== 0) throw new Error(`${command} failed: ${(res.stderr || res.stdout).slice(-400)}`);
  return (childrenCpuMs() - c0) / 1000;
}

/** A sound project folder holding `json`, for `render-sound --project`. */
async function projectDir(name: string, json: ProjectJson): Promise<string> {
  const d = join(dir, name);
  mkdirSync(d);
  await writeProjectFile(d, { format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'bench', version: '0' }, project: json });
  return d;
}

/** A Csound orchestra at 48 kHz, ksmps 128 (the engine's block), 24-bit WAV out. */
function csd(name: string, instruments: string, score: string): string {
  const file = join(dir, `${name}.csd`);
  writeFileSync(
    file,
    `<CsoundSynthesizer>\n<CsOptions>\n-d -m0 -W -3 -o ${join(dir, `${name}.wav`)}\n</CsOptions>\n<CsInstruments>\n` +
      `sr = ${RATE}\nksmps = 128\nnchnls = 2\n0dbfs = 1\n${instruments}\n</CsInstruments>\n<CsScore>\n${score}\n</CsScore>\n</CsoundSynthesizer>\n`,
  );
  return file;
}

// 120 BPM: a beat is half a second.
const saw = (voices = 8) => dev('Polysynth', { WAVE: 0, CUTOFF: 0.6, RESONANCE: 0.2, ATTACK: 0, DECAY: 0, SUSTAIN: 1, VOICES: voices });
const CHORD = [48, 52, 55, 59, 60, 64, 67, 71];
const VOICE_INSTR = `instr 1
  a1 vco2 0.1, cpsmidinn(p4)
  a1 zdf_2pole a1, 1200, 0.9
  outs a1, a1
endin`;
const STRESS_INSTR = `gaL[] init 8
instr 1
  a1 vco2 0.05, cpsmidinn(p4)
  a1 zdf_2pole a1, 1200, 0.9
  gaL[p5] = gaL[p5] + a1
endin
instr 2
  ain = gaL[p4]
  abuf delayr 1
  adel deltap 0.25
  delayw ain + adel * 0.3
  aL, aR reverbsc ain + adel, ain + adel, 0.85, 12000
  outs ain + adel + aL * 0.3, ain + adel + aR * 0.3
  gaL[p4] = 0
endin`;

const start = machine();
let extraCaCerts: { file: string; kept: boolean; nodeStartWith: number; nodeStartWithout: number } | undefined;
const dir = mkdtempSync(join(tmpdir(), 'footlight-csound-bench-'));
const home = join(dir, 'home');
mkdirSync(home);
const hasCsound = spawnSync('csound', ['--version'], { encoding: 'utf8' }).status === 0;
try {
  const beats = SECONDS * 2;
  const stressBeats = beats / 2;
  const oneVoice = await projectDir('one-voice', project([track('Saw', [saw(1)], [clip(0, beats, [[48, 0, beats]])])]));
  const stress = await projectDir(
    'stress',
    project(
      Array.from({ length: 8 }, (_, t) =>
        track(
          `T${t}`,
          [saw(), dev('Delay+', { FEEDBACK: 0.3, MIX: 0.3 }), dev('Reverb', { MIX: 0.3 })],
          [
            clip(
              0,
              stressBeats,
              CHORD.map((k) => [k, 0, stressBeats]),
            ),
          ],
        ),
      ),
    ),
  );
  const render = (args: string[]) => cpuOf(process.execPath, [BIN, 'render-sound', ...args, '--out', join(dir, 'out.wav')]);
  const cases: { name: string; audioSeconds: number; ours: () => number; theirs?: () => number; target?: number }[] = [
    {
      name: 'start-up (10 ms render)',
      audioSeconds: 0.01,
      ours: () => render(['--project', oneVoice, '--seconds', '0.01']),
      theirs: () => cpuOf('csound', [csd('startup', VOICE_INSTR, 'i 1 0 0.01 48')]),
    },
    {
      name: `one voice (${SECONDS} s)`,
      audioSeconds: SECONDS,
      ours: () => render(['--project', oneVoice, '--seconds', String(SECONDS)]),
      theirs: () => cpuOf('csound', [csd('voice', VOICE_INSTR, `i 1 0 ${SECONDS} 48`)]),
      target: 1.5,
    },
    {
      name: `stress, 8 tracks × 8 voices, delay + reverb (${SECONDS / 2} s)`,
      audioSeconds: SECONDS / 2,
      ours: () => render(['--project', stress, '--seconds', String(SECONDS / 2)]),
      theirs: () => {
        const notes = Array.from({ length: 8 }, (_, t) => CHORD.map((k) => `i 1 0 ${SECONDS / 2} ${k} ${t}`).join('\n')).join('\n');
        const busses = Array.from({ length: 8 }, (_, t) => `i 2 0 ${SECONDS / 2} ${t}`).join('\n');
        return cpuOf('csound', [csd('stress', STRESS_INSTR, `${notes}\n${busses}`)]);
      },
      target: 0.8,
    },
    { name: 'demo song, whole arrangement', audioSeconds: 132, ours: () => render([]) },
  ];
  const rows = [];
  if (EXTRA_CA_CERTS !== undefined) {
    // What the variable costs a bare Node start here, alternating with and without it.
    const bare = commandEnv();
    delete bare.NODE_EXTRA_CA_CERTS;
    const withIt: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < Math.max(REPEATS, 5); i++) {
      withIt.push(cpuOf(process.execPath, ['-e', '0'], { ...bare, NODE_EXTRA_CA_CERTS: EXTRA_CA_CERTS }));
      without.push(cpuOf(process.execPath, ['-e', '0'], bare));
    }
    extraCaCerts = { file: EXTRA_CA_CERTS, kept: KEEP_ENV, nodeStartWith: median(withIt), nodeStartWithout: median(without) };
    const kept = KEEP_ENV ? 'kept for the commands (BENCH_KEEP_ENV=1)' : 'the commands run without it (BENCH_KEEP_ENV=1 keeps it)';
    console.log(
      `NODE_EXTRA_CA_CERTS=${EXTRA_CA_CERTS} is set here: a bare Node start takes ${fmt(median(withIt), 3)} s CPU with it, ` +
        `${fmt(median(without), 3)} s without; ${kept}`,
    );
  }
  for (const c of cases) {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      ours.push(c.ours());
      if (hasCsound && c.theirs !== undefined) theirs.push(c.theirs());
    }
    const row = {
      name: c.name,
      footlightCpuSeconds: median(ours),
      csoundCpuSeconds: theirs.length > 0 ? median(theirs) : undefined,
      ratio: theirs.length > 0 ? median(ours) / median(theirs) : undefined,
      realTime: c.audioSeconds / median(ours),
      target: c.target,
    };
    rows.push(row);
    const vs =
      row.ratio === undefined
        ? c.theirs === undefined
          ? ''
          : '; csound not installed'
        : `; Csound ${fmt(row.csoundCpuSeconds!, 3)} s; ×${fmt(row.ratio)} of Csound${c.target === undefined ? '' : ` (target ≤ ${c.target})`}`;
    console.log(`${c.name.padEnd(52)} Footlight ${fmt(row.footlightCpuSeconds, 3)} s CPU (${fmt(row.realTime, 0)}× real time)${vs}`);
  }
  console.log(`load average ${start.loadAverage.join(' ')} → ${machine().loadAverage.join(' ')}`);
  await mkdir(RESULTS, { recursive: true });
  await writeFile(
    `${RESULTS}csound-commands.json`,
    `${JSON.stringify({ repeats: REPEATS, extraCaCerts, rows, machine: { start, end: machine() } }, null, 2)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
