// Offline render speed of the sound engine: the demo song's whole arrangement (to the bar after
// its last note plus the 2 s tail), rendered BENCH_REPEATS times (default 7) on the one JS
// thread, after one warm-up render. It streams the blocks as `render-sound` does (renderBlocks) and
// keeps none: a whole-song copy (renderOffline) adds ~0.15 s of page faults for its 50 MB. Reports the median wall and CPU time per render as multiples
// of real time, with the load average: on a shared machine the CPU-time figure is the fairer one
// (wall time includes waiting for a core). It times the compiled engine in lib/, which the CLI and
// the server run (issue #28): through tsx every module's exports sit behind getters. When lib/ is
// older than the sources (`npm run build:engine` refreshes it) it times src/ and says so.
// Writes bench/results/audio-render.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compiledIsCurrent } from '../bin/compiled-build.js';
import { fmt, machine, quantile } from './load-loop.js';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const compiled = compiledIsCurrent(ROOT);
const from = compiled ? '../lib/' : '../src/';
const { renderBlocks } = (await import(`${from}sound/audio/offline.js`)) as typeof import('../src/sound/audio/offline.js');
const { buildPlan } = (await import(`${from}sound/audio/plan.js`)) as typeof import('../src/sound/audio/plan.js');
const { demoProject } = (await import(`${from}sound/demo.js`)) as typeof import('../src/sound/demo.js');
if (!compiled) console.log('lib/ is older than src/ (npm run build:engine): timing the sources through tsx');

const start = machine();
const plan = buildPlan(demoProject());
const sink = (): void => {};
renderBlocks(plan, {}, sink);
const wall: number[] = [];
const cpu: number[] = [];
let seconds = 0;
for (let i = 0; i < REPEATS; i++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = renderBlocks(plan, {}, sink);
  wall.push((performance.now() - t0) / 1000);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1e6);
  seconds = r.seconds;
}
const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const result = {
  song: 'demo',
  engine: compiled ? 'lib' : 'src',
  audioSeconds: seconds,
  repeats: REPEATS,
  medianWallSeconds: median(wall),
  medianCpuSeconds: median(cpu),
  realTimeWall: seconds / median(wall),
  realTimeCpu: seconds / median(cpu),
  machine: { start, end: machine() },
};
console.log(
  `demo song (${compiled ? 'compiled lib/' : 'src/ through tsx'}), ${fmt(seconds, 1)} s of audio: ` +
    `median ${fmt(result.medianWallSeconds, 3)} s wall (${fmt(result.realTimeWall, 0)}× real time), ` +
    `${fmt(result.medianCpuSeconds, 3)} s CPU (${fmt(result.realTimeCpu, 0)}× real time); load average ${start.loadAverage.join(' ')}`,
);
await mkdir(RESULTS, { recursive: true });
await writeFile(`${RESULTS}audio-render.json`, `${JSON.stringify(result, null, 2)}\n`);
