// The offline show check (check_show) on the stage demo and the demo song: how long the copy of
// the live show takes on the engine thread (the only part there), and how long the check takes
// for ranges near and far from the song's start (the copy plays from beat 0), as wall and CPU
// time, median of BENCH_REPEATS (default 3) after one warm-up, run in this process (the tool runs
// the same job in a worker thread). Writes bench/results/check-show.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Engine } from '../src/engine/engine.js';
import { buildDemoShow } from '../src/light/demo-show.js';
import { LightShow } from '../src/light/show/light-show.js';
import { writeProject } from '../src/light/show/project/project-file.js';
import { runShowCheckJob } from '../src/show/check-show-job.js';
import { demoProject } from '../src/sound/demo.js';
import { buildProject, saveProject } from '../src/sound/model/components.js';
import { fmt, machine, quantile } from './load-loop.js';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const RANGES: readonly (readonly [number, number])[] =
  process.env.BENCH_QUICK === '1'
    ? [[0, 8]]
    : [
        [0, 16],
        [32, 96],
        [192, 256],
      ];
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

const start = machine();
const show = new LightShow(new Engine());
buildDemoShow(show);
const sound = buildProject(demoProject());
const copyMs: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  JSON.stringify(writeProject(show.lx, show.externals, 0));
  saveProject(sound, { ids: false });
  copyMs.push(performance.now() - t0);
}
const lightJson = JSON.stringify(writeProject(show.lx, show.externals, 0));
const song = saveProject(sound, { ids: false });
const job = (fromBeat: number, toBeat: number) => ({
  lightJson,
  song,
  fromBeat,
  toBeat,
  fps: 60,
  maxFrames: Math.ceil(((toBeat * 60) / song.tempo) * 60) + 1,
  contactSheet: false,
  full: false,
});
runShowCheckJob(job(0, 4));
const ranges = RANGES.map(([from, to]) => {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    runShowCheckJob(job(from, to));
    wall.push((performance.now() - t0) / 1000);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1e6);
  }
  const showSeconds = (to * 60) / song.tempo;
  return { fromBeat: from, toBeat: to, showSecondsPlayed: showSeconds, medianWallSeconds: median(wall), medianCpuSeconds: median(cpu) };
});
const result = { show: 'stage demo + demo song', copyMsMedian: median(copyMs), repeats: REPEATS, ranges, machine: { start, end: machine() } };
console.log(`copy of the live show (on the engine thread): median ${fmt(result.copyMsMedian, 2)} ms; load average ${start.loadAverage.join(' ')}`);
for (const r of ranges)
  console.log(
    `beats ${r.fromBeat}–${r.toBeat} (${fmt(r.showSecondsPlayed, 1)} s of show played from the start): median ${fmt(r.medianWallSeconds, 2)} s wall, ` +
      `${fmt(r.medianCpuSeconds, 2)} s CPU (${fmt(r.showSecondsPlayed / r.medianCpuSeconds, 1)}× real time)`,
  );
console.log(`load average at the end ${result.machine.end.loadAverage.join(' ')}`);
await mkdir(RESULTS, { recursive: true });
await writeFile(`${RESULTS}check-show.json`, `${JSON.stringify(result, null, 2)}\n`);
