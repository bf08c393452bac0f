// What the divergence checks' canary region (src/cluster/canary.ts) costs a node with a slice: the
// standard workload (bench/workload.ts) at 20k points, one render thread, each frame computing a
// slice (the middle third of the points) alone or with the canary's points added, as slice.ts adds
// them; and the canary's digest, which every node takes once a second. The two renders take turns,
// repeated, so a slow spell of the machine hits both. Prints median CPU ms a frame and the digest's µs.
//
//   node --import tsx bench/cluster-canary.ts      (BENCH_FRAMES=600 BENCH_REPEAT=3)
import { loadavg } from 'node:os';
import { canaryDigest, canaryRange } from '../src/cluster/canary.js';
import { Engine } from '../src/engine/engine.js';
import { createLibrary } from '../src/light/devices/library.js';
import { subsetOfRanges } from '../src/light/model/subset.js';
import { pointPool } from '../src/light/parallel/point-pool.js';
import { LightShow } from '../src/light/show/light-show.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { standardWorkload } from './workload.js';

const FRAMES = Number(process.env.BENCH_FRAMES ?? 600);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const WARMUP = 120;
const DELTA = 1000 / 60;
pointPool.setThreads(1);

function median(values: number[]): number {
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** CPU ms of each frame rendering the middle third of the points, with the canary's points or without; and µs a canary digest. */
function run(withCanary: boolean): { cpu: number[]; digestUs: number[] } {
  const engine = new Engine();
  const opened = readProject(standardWorkload(100, 200), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const size = show.structure.model.size;
  const third = { start: Math.round(size / 3), count: Math.round(size / 3) };
  show.setRenderSubset(subsetOfRanges(withCanary ? [third, canaryRange(show)] : [third]));
  engine.clock.stepFixed(WARMUP, DELTA);
  const cpu: number[] = [];
  const digestUs: number[] = [];
  for (let i = 0; i < FRAMES; i++) {
    const c0 = process.cpuUsage();
    engine.clock.stepFixed(1, DELTA);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    const t0 = performance.now();
    canaryDigest(show);
    digestUs.push((performance.now() - t0) * 1000);
  }
  engine.graph.removeRoot(show.lx);
  return { cpu, digestUs };
}

const slice: number[] = [];
const canary: number[] = [];
const digests: number[] = [];
for (let r = 0; r < REPEAT; r++) {
  slice.push(...run(false).cpu);
  const got = run(true);
  canary.push(...got.cpu);
  digests.push(...got.digestUs);
}
const [a, b] = [median(slice), median(canary)];
console.log(`canary region: standard workload 20k points, a third of them as the slice, ${REPEAT} × ${FRAMES} frames, load ${loadavg()[0].toFixed(1)}`);
console.log(`  slice alone       CPU ${a.toFixed(3)} ms a frame (median)`);
console.log(`  slice + canary    CPU ${b.toFixed(3)} ms a frame (median), ${((b / a - 1) * 100).toFixed(1)}%`);
console.log(`  canary digest     ${median(digests).toFixed(1)} µs (median; taken once a second)`);
