// LED output stage throughput: how many universes per second one Footlight sends over Art-Net
// and sACN at 44 Hz and 60 Hz (64, 512 and 2,048 universes of 170 RGB pixels, and the
// 100,000-point rig of four 100×250 grids, 592 universes), to a receiver in another process
// (bench/output-sink.mjs) on 127.0.0.1 that counts what arrives. The engine renders a Solid
// pattern in real time (src/main.ts's pipeline: render, then the outputs encode and hand the frame
// to the network thread); the figures are CPU time per second of wall time ("% of one core"):
//   encoder   the engine thread's encoding: CPU per frame of the encoder run back to back
//             (process CPU time, exact) × frames sent per second
//   sender    the network thread's time (Linux schedstat over the run; includes the kernel's
//             send path, which on loopback also delivers to the receiver's socket)
// plus frames dropped because the network thread was still busy with the two previous frames,
// frames the clock ran late, and datagrams lost at the receiver (the kernel's drop counter of its
// socket: the receiver, not Footlight, falling behind). The 100k rig also runs with segmented
// sends off (one send per packet) for comparison. Writes bench/results/output.json.
//
//   BENCH_SECONDS=8      measured seconds per case (after a 1.5 s warm-up)
//   BENCH_BATCH=both     on | off | both: segmented sends for every case (default: on, and both for the 100k rig)
//   BENCH_CASES=64,100k  which rigs (default 64,512,2048,100k)
import { fork } from 'node:child_process';
import { once } from 'node:events';
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
const ENCODE_FRAMES = 500;
const RIGS = new Set((process.env.BENCH_CASES ?? '64,512,2048,100k').split(','));

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
    for (const universes of [64, 512, 2048].filter((u) => RIGS.has(`${u}`))) {
      for (const fps of [44, 60]) {
        // 16 universes per grid: 16 rows of 170 pixels, each row exactly one universe.
        for (const batching of modes(false))
          out.push({ protocol, fps, grids: universes / 16, rows: 16, columns: PIXELS_PER_UNIVERSE, batching, label: `${universes}` });
      }
    }
    if (RIGS.has('100k')) for (const batching of modes(true)) out.push({ protocol, fps: 60, grids: 4, rows: 100, columns: 250, batching, label: '100k rig' });
  }
  return out;
}

interface SinkReport {
  readonly packets: number;
  readonly bytes: number;
  readonly drops: number;
  readonly cpuMs: number;
}

/** The receiver's counts once its socket is drained: two reports 200 ms apart agree (at most 5 s). */
async function drained(sink: ReturnType<typeof fork>): Promise<SinkReport> {
  const report = async (): Promise<SinkReport> => {
    sink.send('report');
    return ((await once(sink, 'message')) as [SinkReport])[0];
  };
  let last = await report();
  for (let i = 0; i < 25; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const next = await report();
    if (next.packets === last.packets) return next;
    last = next;
  }
  return last;
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
  engine.clock.onFrame((frame) => outputs.send(frame, light.main));
  outputs.refresh();
  await outputs.whenConnected();
  const universes = outputs.map().plan?.packetCount ?? 0;
  // The encoder alone, back to back on this thread while nothing else in the process works: CPU
  // per frame (process CPU time is exact where a thread's schedstat is only as fine as a tick).
  engine.clock.step(16);
  await outputs.flush();
  for (let i = 0; i < 50; i++) outputs.encode(i & 1, light.main);
  const e0 = process.cpuUsage();
  for (let i = 0; i < ENCODE_FRAMES; i++) outputs.encode(i & 1, light.main);
  const e = process.cpuUsage(e0);
  const encodeMs = (e.user + e.system) / 1000 / ENCODE_FRAMES;
  engine.clock.start(c.fps);
  await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));

  // Pause until the receiver has drained what the warm-up sent, then count from zero.
  engine.clock.stop();
  await outputs.flush();
  await drained(sink);
  sink.send('reset');
  await once(sink, 'message');
  engine.clock.start(c.fps);
  const stats0 = outputs.stats();
  const clock0 = engine.clock.stats();
  const sender0 = (await outputs.networkThreadCpuNs()) ?? NaN;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  engine.clock.stop();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const sender1 = (await outputs.networkThreadCpuNs()) ?? NaN;
  await outputs.flush();
  const stats = outputs.stats();
  const clock = engine.clock.stats();
  const received = await drained(sink);
  const sum = (s: typeof stats, k: 'packets' | 'errors' | 'skipped') => s.destinations.reduce((a, d) => a + d[k], 0);
  const packets = sum(stats, 'packets') - sum(stats0, 'packets');
  await outputs.close();
  const sendFps = (stats.framesSent - stats0.framesSent) / wall;
  const encoderCore = (encodeMs / 1000) * sendFps;
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
    sendFps,
    framesDropped: stats.framesDropped - stats0.framesDropped,
    framesLate: clock.late - clock0.late,
    universesPerSecond: packets / wall,
    receivedPerSecond: received.packets / wall,
    receiverDrops: received.drops,
    notReceived: Math.max(0, packets - received.packets),
    sendErrors: sum(stats, 'errors') - sum(stats0, 'errors'),
    skipped: sum(stats, 'skipped') - sum(stats0, 'skipped'),
    encodeMs,
    encoderCore,
    senderCore,
    outputsCore: encoderCore + senderCore,
    /** CPU of the output stage per universe sent, and that cost at the full rate (every universe, every frame at c.fps). */
    microsPerUniverse: ((encoderCore + senderCore) * 1e6) / (packets / wall),
    fullRateCore: (((encoderCore + senderCore) * 1e6) / (packets / wall)) * 1e-6 * universes * c.fps,
    processCore: (cpu.user + cpu.system) / 1e6 / wall,
    receiverCore: received.cpuMs / 1000 / wall,
    loadAverage: loadavg()[0],
  };
}

const loadBefore = loadavg();
const sink = fork(new URL('./output-sink.mjs', import.meta.url));
const [{ port, receiveBuffer }] = (await once(sink, 'message')) as [{ port: number; receiveBuffer: number }];
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
  'encode ms',
  'encoder',
  'sender',
  'outputs',
  'µs/universe',
  'at full rate',
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
  r.encodeMs.toFixed(2),
  pct(r.encoderCore),
  pct(r.senderCore),
  pct(r.outputsCore),
  r.microsPerUniverse.toFixed(2),
  pct(r.fullRateCore),
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
console.log('  encode ms = CPU per frame of the encoder alone, back to back; CPU columns are % of one core: encoder = encode ms × frames');
console.log('  sent per second, sender = network thread (kernel send path, on loopback also the delivery to the receiver),');
console.log('  outputs = both; µs/universe = outputs CPU per universe sent; at full rate = that × universes × Hz (the share if every');
console.log('  frame went out on time); dropped = frames skipped because the sender was busy; late = frames the clock ran >1.5 periods late;');
console.log(
  `  lost@rx = datagrams the receiver's kernel socket dropped (the receiver falling behind; its buffer: ${(receiveBuffer / 2 ** 20).toFixed(0)} MiB)`,
);
console.log(`  ${line(head)}`);
for (const r of rows) console.log(`  ${line(r)}`);
await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/output.json',
  JSON.stringify(
    {
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverage: [loadBefore, loadAfter] },
      seconds: SECONDS,
      receiverBufferBytes: receiveBuffer,
      results,
    },
    null,
    2,
  ) + '\n',
);
