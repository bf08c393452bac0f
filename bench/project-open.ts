// Show-file scale: how opening a light project grows with its size. For each channel count
// (1,000, 4,000 and 20,000 by default) it writes a .lxp whose channels cycle through the stage
// demo's five (Noise, Gradient, Chase, Planes, Kick Pulse, each with its patterns and effects)
// on the stage demo's rig, then, in a fresh process per size, opens it as `footlight serve
// --project` does (startFootlight) and takes: the wall and CPU time of the open, the first
// frame, the console's /api/state, and the live heap after a full collection. Opening is linear
// when the per-channel figures stay flat from the smallest size to the largest. The load average
// is printed beside the figures (CPU time is the steadier measure on a busy machine).
// Writes bench/results/project-open.json.
//
//   node --import tsx bench/project-open.ts
//   BENCH_CHANNELS=1000,4000,20000 node --import tsx bench/project-open.ts
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, machine } from './load-loop.js';

const CHANNELS = (process.env.BENCH_CHANNELS ?? '1000,4000,20000').split(',').map(Number);
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

interface Row {
  readonly channels: number;
  readonly fileMiB: number;
  readonly openMs: number;
  readonly openCpuMs: number;
  readonly firstFrameMs: number;
  readonly stateMs: number;
  readonly heapMiB: number;
  readonly rssMiB: number;
}

/** The project: the stage demo, its channels repeated (fresh ids) until there are `n`. */
async function writeShow(path: string, n: number): Promise<void> {
  const { Engine } = await import('../src/engine/engine.js');
  const { LightShow } = await import('../src/light/show/light-show.js');
  const { buildDemoShow } = await import('../src/light/demo-show.js');
  const { writeProject } = await import('../src/light/show/project/project-file.js');
  const show = new LightShow(new Engine());
  buildDemoShow(show);
  const json = writeProject(show.lx, {}, 0) as { engine: { children: { mixer: { channels: unknown[] } } } };
  const protos = json.engine.children.mixer.channels;
  let nextId = 10_000_000;
  const reid = (o: unknown): unknown => {
    if (Array.isArray(o)) return o.map(reid);
    if (o === null || typeof o !== 'object') return o;
    const c: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) c[k] = k === 'id' ? nextId++ : reid(v);
    return c;
  };
  // Group memberships and modulations name ids of the first five; repeats are plain channels.
  json.engine.children.mixer.channels = Array.from({ length: n }, (_, i) => (i < protos.length ? protos[i] : reid(protos[i % protos.length])));
  await writeFile(path, JSON.stringify(json));
}

/** In a fresh process: open the project as serve does and measure (see the header). */
async function measure(project: string, home: string): Promise<Omit<Row, 'channels' | 'fileMiB'>> {
  const { startFootlight } = await import('../src/main.js');
  const { silentLogger } = await import('../src/engine/log.js');
  const gc = (globalThis as { gc?: () => void }).gc;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const app = await startFootlight({
    host: '127.0.0.1',
    port: 0,
    soundPort: 0,
    home,
    log: silentLogger,
    realtime: false,
    oscReceivePort: 0,
    oscTransmitPort: 0,
    project,
    writeStatus: false,
  });
  const openMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const t1 = performance.now();
  await app.engine.queue.submit(() => app.engine.clock.stepFixed(1, 1000 / 60));
  const firstFrameMs = performance.now() - t1;
  const t2 = performance.now();
  const reply = await fetch(app.http.url.replace(/\/mcp$/, '/api/state'));
  await reply.arrayBuffer();
  const stateMs = performance.now() - t2;
  gc?.();
  const heapMiB = process.memoryUsage().heapUsed / 2 ** 20;
  const rssMiB = process.memoryUsage().rss / 2 ** 20;
  await app.close();
  return { openMs, openCpuMs: (cpu.user + cpu.system) / 1000, firstFrameMs, stateMs, heapMiB, rssMiB };
}

if (process.argv[2] === '--child') {
  const result = await measure(process.argv[3], process.argv[4]);
  process.send?.(result);
  process.exit(0);
}

const start = machine();
const dir = await mkdtemp(join(tmpdir(), 'footlight-project-open-'));
const rows: Row[] = [];
try {
  for (const n of CHANNELS) {
    const project = join(dir, `show-${n}.lxp`);
    await writeShow(project, n);
    const fileMiB = (await stat(project)).size / 2 ** 20;
    const child = fork(fileURLToPath(import.meta.url), ['--child', project, dir], {
      execArgv: ['--import', 'tsx', '--expose-gc', '--max-old-space-size=8192'],
    });
    const [result] = (await once(child, 'message')) as [Omit<Row, 'channels' | 'fileMiB'>];
    await once(child, 'exit');
    const row: Row = { channels: n, fileMiB, ...result };
    rows.push(row);
    console.log(
      `${String(n).padStart(6)} channels, ${fmt(fileMiB, 1)} MiB: open ${fmt(row.openMs / 1000)} s (CPU ${fmt(row.openCpuMs / 1000)} s, ` +
        `${fmt((row.openCpuMs * 1000) / n, 0)} µs/channel); first frame ${fmt(row.firstFrameMs, 0)} ms; /api/state ${fmt(row.stateMs, 0)} ms; ` +
        `heap ${fmt(row.heapMiB, 0)} MiB (${fmt((row.heapMiB * 1024) / n, 1)} KiB/channel), RSS ${fmt(row.rssMiB, 0)} MiB`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
const end = machine();
const first = rows[0];
const last = rows[rows.length - 1];
if (first !== undefined && last !== undefined && last !== first) {
  const per = (r: Row, v: number): number => v / r.channels;
  console.log(
    `per channel, ${last.channels} against ${first.channels}: open CPU ×${fmt(per(last, last.openCpuMs) / per(first, first.openCpuMs))}, ` +
      `heap ×${fmt(per(last, last.heapMiB) / per(first, first.heapMiB))} (1.00 is linear)`,
  );
}
console.log(`load average at start ${start.loadAverage.join(' ')}, at end ${end.loadAverage.join(' ')} on ${start.cores} cores`);
await mkdir(RESULTS, { recursive: true });
await writeFile(join(RESULTS, 'project-open.json'), `${JSON.stringify({ machine: { start, end }, rows }, null, 2)}\n`);
