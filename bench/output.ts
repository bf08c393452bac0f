// LED output stage throughput: how many universes per second one Footlight sends over Art-Net
// and sACN at 44 Hz and 60 Hz (64, 512 and 2,048 universes of 170 RGB pixels, and the
// 100,000-point rig of four 100×250 grids, 592 universes), to a receiver in another process
// (bench/output-sink.mjs) on 127.0.0.1 that counts what arrives. The engine renders a Solid
// pattern in real time (src/main.ts's pipeline: render, then the outputs encode and hand the frame
// to the network thread); the figures are CPU time per second of wall time ("% of one core"):
//   encoder   the engine thread's time in the output stage (encode into the packet arena, post)
//   sender    the network thread's time (Linux schedstat; includes the kernel's send path,
//             which on loopback also delivers to the receiver's socket)
// plus frames dropped because the network thread was still busy with the two previous frames,
// frames the clock ran late, and datagrams lost at the receiver (the kernel's drop counter of its
// socket: the receiver, not Footlight, falling behind). The 100k rig also runs with segmented
// sends off (one send per packet) for comparison. Writes bench/results/output.json.
//
//   BENCH_SECONDS=8      measured seconds per case (after a 1.5 s warm-up)
//   BENCH_BATCH=both     on | off | both: segmented sends for every case (default: on, and both for the 100k rig)
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Engine } from '../src/engine/engine.js';
import { silentLogger } from '../src/engine/log.js';
import { LightShow } from '../src/light/show/light-show.js';
import { Channel } from '../src/light/mixer/channel.js';
import { OutputEngine } from '../src/light/output/output-engine.js';
import { SolidPattern } from '../src/light/devices/patterns/color/solid-pattern.js';
import { Fixture } from '../src/light/structure/fixture.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = 1.5;
const BATCH = process.env.BENCH_BATCH ?? 'default';
const PIXELS_PER_UNIVERSE = 170;

type Protocol = 'artnet' | 'sacn';

interface Case {
  readonly protocol: Protocol;
  readonly fps: number;
  /** Grids of `rows` × `columns` points, each starting at a new universe. */
  readonly grids: number;
  readonly rows: number;
  readonly columns: number;
  readonly batching: boolean;
  readonly label: string;
}

function cases(): Case[] {
  const out: Case[] = [];
  const modes = (headline: boolean): boolean[] => (BATCH === 'on' ? [true] : BATCH === 'off' ? [false] : BATCH === 'both' || headline ? [true, false] : [true]);
  for (const protocol of ['artnet', 'sacn'] as const) {
    for (const universes of [64, 512, 2048]) {
      for (const fps of [44, 60]) {
        // 16 universes per grid: 16 rows of 170 pixels, each row exactly one universe.
        for (const batching of modes(false))
          out.push({ protocol, fps, grids: universes / 16, rows: 16, columns: PIXELS_PER_UNIVERSE, batching, label: `${universes}` });
      }
    }
    for (const batching of modes(true)) out.push({ protocol, fps: 60, grids: 4, rows: 100, columns: 250, batching, label: '100k rig' });
  }
  return out;
}

/** This thread's CPU time in ns (Linux schedstat), or the wall clock where the OS does not say. */
const threadCpuNs: () => number = (() => {
  try {
    readFileSync('/proc/thread-self/schedstat', 'utf8');
    return () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return () => performance.now() * 1e6;
  }
})();

interface SinkReport {
  readonly packets: number;
  readonly bytes: number;
  readonly drops: number;
  readonly cpuMs: number;
}

async function runCase(c: Case, port: number, sink: ReturnType<typeof fork>) {
  const engine = new Engine();
  const light = new LightShow(engine);
  const channel = new Channel('Channel-1');
  light.mixer.insertChannel(channel);
  channel.addPattern(new SolidPattern({ h: 30, s: 60, b: 90 }));
  const universesPerGrid = Math.ceil((c.rows * c.columns) / PIXELS_PER_UNIVERSE);
  for (let i = 0; i < c.grids; i++) {
    const f = new Fixture('GridFixture', `Grid-${i + 1}`);
    const set = (key: string, v: unknown) => {
      const p = f.parameters.get(key)!;
      p.setBase(p.accept(v));
    };
    set('numRows', c.rows);
    set('numColumns', c.columns);
    set('y', i * 1000);
    set('protocol', c.protocol === 'artnet' ? 'ARTNET' : 'SACN');
    set('artNetUniverse', 1 + i * universesPerGrid);
    set('enabled', true);
    light.structure.addFixture(f);
  }
  const outputs = new OutputEngine(light, { log: silentLogger, ports: { artnet: port, sacn: port }, batchSends: c.batching });
  let outputNs = 0;
  engine.clock.onFrame((frame) => {
    const t0 = threadCpuNs();
    outputs.send(frame, light.main);
    outputNs += threadCpuNs() - t0;
  });
  outputs.refresh();
  await outputs.whenConnected();
  const universes = outputs.map().plan?.packetCount ?? 0;
  engine.clock.start(c.fps);
  await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));

  sink.send('reset');
  await new Promise((r) => setTimeout(r, 20));
  const stats0 = outputs.stats();
  const clock0 = engine.clock.stats();
  const sender0 = (await outputs.networkThreadCpuNs()) ?? NaN;
  const cpu0 = process.cpuUsage();
  outputNs = 0;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  engine.clock.stop();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const sender1 = (await outputs.networkThreadCpuNs()) ?? NaN;
  const engineOutputNs = outputNs;
  await outputs.flush();
  await new Promise((r) => setTimeout(r, 150)); // let the receiver drain its socket
  const stats = outputs.stats();
  const clock = engine.clock.stats();
  sink.send('report');
  const [received] = (await once(sink, 'message')) as [SinkReport];
  const sum = (s: typeof stats, k: 'packets' | 'errors' | 'skipped') => s.destinations.reduce((a, d) => a + d[k], 0);
  const packets = sum(stats, 'packets') - sum(stats0, 'packets');
  await outputs.close();
  const encoderCore = engineOutputNs / 1e9 / wall;
  const senderCore = (sender1 - sender0) / 1e9 / wall;
  return {
    protocol: c.protocol,
    label: c.label,
    fps: c.fps,
    batching: c.batching,
    points: light.structure.model.size,
    universes,
    seconds: wall,
    renderFps: (clock.frames - clock0.frames) / wall,
    sendFps: (stats.framesSent - stats0.framesSent) / wall,
    framesDropped: stats.framesDropped - stats0.framesDropped,
    framesLate: clock.late - clock0.late,
    universesPerSecond: packets / wall,
    receivedPerSecond: received.packets / wall,
    receiverDrops: received.drops,
    notReceived: Math.max(0, packets - received.packets),
    sendErrors: sum(stats, 'errors') - sum(stats0, 'errors'),
    skipped: sum(stats, 'skipped') - sum(stats0, 'skipped'),
    encoderCore,
    senderCore,
    outputsCore: encoderCore + senderCore,
    processCore: (cpu.user + cpu.system) / 1e6 / wall,
    receiverCore: received.cpuMs / 1000 / wall,
    loadAverage: loadavg()[0],
  };
}

const loadBefore = loadavg();
const sink = fork(new URL('./output-sink.mjs', import.meta.url));
const [{ port }] = (await once(sink, 'message')) as [{ port: number }];
const results = [];
for (const c of cases()) {
  const r = await runCase(c, port, sink);
  results.push(r);
  process.stderr.write(
    `  output: ${r.protocol} ${r.label} @ ${r.fps} Hz, ${r.batching ? 'segmented' : 'per packet'}: ${r.universesPerSecond.toFixed(0)} universes/s\n`,
  );
}
sink.send('exit');
const loadAfter = loadavg();

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '-');
const head = [
  'protocol',
  'universes',
  'Hz',
  'sends',
  'universes/s',
  'received/s',
  'lost@rx',
  'dropped',
  'late',
  'encoder',
  'sender',
  'outputs',
  'process',
  'receiver',
  'load',
];
const rows = results.map((r) => [
  r.protocol,
  r.label === '100k rig' ? `${r.universes} (100k)` : `${r.universes}`,
  `${r.fps}`,
  r.batching ? 'segmented' : 'per packet',
  r.universesPerSecond.toFixed(0),
  r.receivedPerSecond.toFixed(0),
  `${r.receiverDrops}`,
  `${r.framesDropped}`,
  `${r.framesLate}`,
  pct(r.encoderCore),
  pct(r.senderCore),
  pct(r.outputsCore),
  pct(r.processCore),
  pct(r.receiverCore),
  r.loadAverage.toFixed(1),
]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: readonly string[]) => cells.map((c, i) => (i < 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`LED output stage: Solid pattern rendered in real time, sent to a receiver process on 127.0.0.1, ${SECONDS} s per case`);
console.log(
  `  ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}; load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, ` +
    `after ${loadAfter.map((l) => l.toFixed(1)).join(' ')}`,
);
console.log('  CPU columns are % of one core: encoder = engine thread in the output stage, sender = network thread (kernel send path included),');
console.log('  outputs = both; dropped = frames skipped because the sender was busy; late = frames the clock ran >1.5 periods late;');
console.log("  lost@rx = datagrams the receiver's kernel socket dropped (the receiver falling behind)");
console.log(`  ${line(head)}`);
for (const r of rows) console.log(`  ${line(r)}`);
await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/output.json',
  JSON.stringify(
    {
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverage: [loadBefore, loadAfter] },
      seconds: SECONDS,
      results,
    },
    null,
    2,
  ) + '\n',
);
