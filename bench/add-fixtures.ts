// Issue #33's scale fact: adding fixtures one by one to a large model. Adds FIXTURES grids
// (ROWS × COLUMNS points each, every one further along x so the model's bounds grow on each
// add) through the add_fixture operation (one history step each), and prints total CPU and the
// per-add median and p99 (the adds' own CPU, frames excluded), and every FRAME_EVERY adds the frame
// after the add beside the next one; then opens a project holding the same fixtures in one go and checks
// that both models have the same points. Figures go to bench/results/add-fixtures.json.
//
//   node --import tsx bench/add-fixtures.ts        (FIXTURES=256 ROWS=52 COLUMNS=53: 705,536 points)
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { Engine } from '../src/engine/engine.js';
import { createLibrary } from '../src/light/devices/library.js';
import { addFixture } from '../src/light/operations/fixtures.js';
import { LightShow } from '../src/light/show/light-show.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { standardWorkload } from './workload.js';

const FIXTURES = Number(process.env.FIXTURES ?? 256);
const ROWS = Number(process.env.ROWS ?? 52);
const COLUMNS = Number(process.env.COLUMNS ?? 53);
const origin = { surface: 'mcp', session: '6f1c2a9e-5d1b-4c1e-9f0a-1b2c3d4e5f60', client: 'bench' } as const;

function params(i: number): Record<string, number> {
  return { numRows: ROWS, numColumns: COLUMNS, x: i * COLUMNS * 10, y: (i % 7) * 3 };
}

function open(fixtures: unknown[]): LightShow {
  const project = standardWorkload(1, 1) as { model: { fixtures: unknown[] } };
  project.model.fixtures = fixtures;
  const engine = new Engine();
  const opened = readProject(project, createLibrary());
  engine.graph.reserveIds(opened.maxId);
  return new LightShow(engine, opened.lx);
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
}

function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

const load0 = loadavg()[0];
const show = open([]);
const perAdd: number[] = [];
let totalMs = 0;
// Every FRAME_EVERY adds, the frame right after the add and the one after it (CPU ms): what an
// add costs the next frame (its buffers resized, the output plan rebuilt) beside a steady frame.
const FRAME_EVERY = Number(process.env.FRAME_EVERY ?? 64);
const frameAfterAdd: { fixtures: number; firstMs: number; nextMs: number }[] = [];
for (let i = 0; i < FIXTURES; i++) {
  const c0 = process.cpuUsage();
  addFixture(show, { className: 'Grid', label: `Grid ${i + 1}`, params: params(i) }, origin);
  const ms = cpuMs(c0);
  perAdd.push(ms);
  totalMs += ms;
  if ((i + 1) % FRAME_EVERY === 0) {
    const f0 = process.cpuUsage();
    show.engine.clock.stepFixed(1, 1000 / 60);
    const firstMs = cpuMs(f0);
    const f1 = process.cpuUsage();
    show.engine.clock.stepFixed(1, 1000 / 60);
    frameAfterAdd.push({ fixtures: i + 1, firstMs, nextMs: cpuMs(f1) });
  }
}

const saved = show.structure.fixtures.items.map((f) => f.save());
const open0 = process.cpuUsage();
const once = open(saved);
const openMs = cpuMs(open0);

const a = show.structure.model;
const b = once.structure.model;
let same = a.size === b.size;
for (const key of ['x', 'y', 'z', 'xn', 'yn', 'zn'] as const) {
  const pa = a.points[key];
  const pb = b.points[key];
  for (let k = 0; same && k < a.size; k++) if (!Object.is(pa[k], pb[k])) same = false;
}
const out = {
  fixtures: FIXTURES,
  points: a.size,
  totalCpuMs: totalMs,
  medianAddMs: quantile(perAdd, 0.5),
  p99AddMs: quantile(perAdd, 0.99),
  lastAddMs: perAdd[perAdd.length - 1],
  openCpuMs: openMs,
  frameAfterAdd,
  samePoints: same,
  loadAverage: [load0, loadavg()[0]],
};
console.log(
  `${FIXTURES} fixtures added one by one, ${a.size.toLocaleString('en')} points: ${(totalMs / 1000).toFixed(2)} s of CPU; ` +
    `per add median ${out.medianAddMs.toFixed(2)} ms, p99 ${out.p99AddMs.toFixed(2)} ms, last ${out.lastAddMs.toFixed(2)} ms`,
);
for (const f of frameAfterAdd)
  console.log(`after add ${f.fixtures}: the next frame ${f.firstMs.toFixed(1)} ms of CPU, the one after it ${f.nextMs.toFixed(1)} ms`);
console.log(
  `the same model opened in one go: ${openMs.toFixed(0)} ms of CPU; same points: ${same}; load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
);
await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
await writeFile(new URL('./results/add-fixtures.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
if (!same) process.exitCode = 1;
