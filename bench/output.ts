// LED output throughput: a 100,000-point show rendered in real time at 60 fps while every frame
// is encoded and sent over Art-Net (≈590 universes) or sACN to 127.0.0.1. Prints the achieved
// render and send rates, packets per second, the engine thread's busy share and the encoder's
// cost per frame; writes bench/results/output.json.
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
import { GradientPattern } from '../src/light/devices/patterns/color/gradient-pattern.js';
import { SolidPattern } from '../src/light/devices/patterns/color/solid-pattern.js';
import { Fixture } from '../src/light/structure/fixture.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GRIDS = 4;
const ROWS = 100;
const COLUMNS = 250; // 4 × 100 × 250 = 100,000 points
const PIXELS_PER_UNIVERSE = 170;
/**
 * The pattern the engine renders: `solid` (default) keeps the render cheap so the figures show
 * the outputs' cost; `gradient` renders LX's Gradient, which alone costs ~55 ms per frame at
 * 100k points on this machine (a pattern-side cost, reported separately).
 */
const PATTERN = process.env.BENCH_PATTERN ?? 'solid';

type Mode = 'off' | 'artnet' | 'sacn';

async function run(mode: Mode, port: number, sink: ReturnType<typeof fork>) {
  const engine = new Engine();
  const light = new LightShow(engine);
  const channel = new Channel('Channel-1');
  light.mixer.insertChannel(channel);
  if (PATTERN === 'gradient') {
    const g = new GradientPattern();
    channel.addPattern(g);
    g.xAmount.setValue(1);
    g.yAmount.setValue(0.5);
    g.colorMode.setValue(0);
  } else {
    channel.addPattern(new SolidPattern({ h: 30, s: 60, b: 90 }));
  }
  const universesPerGrid = Math.ceil((ROWS * COLUMNS) / PIXELS_PER_UNIVERSE);
  for (let i = 0; i < GRIDS; i++) {
    const f = new Fixture('GridFixture', `Grid-${i + 1}`);
    const set = (key: string, v: unknown) => {
      const p = f.parameters.get(key)!;
      p.setBase(p.accept(v));
    };
    set('numRows', ROWS);
    set('numColumns', COLUMNS);
    set('y', i * 1000);
    if (mode !== 'off') {
      set('protocol', mode === 'artnet' ? 'ARTNET' : 'SACN');
      set('artNetUniverse', 1 + i * universesPerGrid);
      set('enabled', true);
    }
    light.structure.addFixture(f);
  }
  const outputs = new OutputEngine(light, { log: silentLogger, ports: { artnet: port, sacn: port } });
  engine.clock.onFrame((frame) => outputs.send(frame, light.main)); // src/main.ts's pipeline: render, then outputs
  outputs.refresh();
  await outputs.whenConnected();
  const map = outputs.map();
  // Encoder cost alone, on the engine thread.
  engine.clock.step(16);
  let encodeMs = NaN;
  if (mode !== 'off') {
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) outputs.encode(i & 1, light.main);
    encodeMs = (performance.now() - t0) / 200;
  }
  await outputs.flush();
  sink.send('reset');
  const statsBefore = outputs.stats();
  const packetsBefore = statsBefore.destinations.reduce((a, d) => a + d.packets, 0);
  const framesBefore = engine.clock.frames;
  const elu0 = performance.eventLoopUtilization();
  const net0 = outputs.networkThreadUtilization();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  engine.clock.start(60);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  engine.clock.stop();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const elu = performance.eventLoopUtilization(elu0);
  const net1 = outputs.networkThreadUtilization();
  await outputs.flush();
  const stats = outputs.stats();
  sink.send('report');
  const [received] = (await once(sink, 'message')) as [{ packets: number; bytes: number }];
  const packets = stats.destinations.reduce((a, d) => a + d.packets, 0) - packetsBefore;
  const errors = stats.destinations.reduce((a, d) => a + d.errors, 0);
  await outputs.close();
  return {
    mode,
    points: light.structure.model.size,
    universes: map.packetsPerFrame,
    bytesPerFrame: map.bytesPerFrame,
    seconds: wall,
    renderFps: (engine.clock.frames - framesBefore) / wall,
    sendFps: (stats.framesSent - statsBefore.framesSent) / wall,
    framesDropped: stats.framesDropped - statsBefore.framesDropped,
    packetsPerSecond: packets / wall,
    receivedPerSecond: received.packets / wall,
    sendErrors: errors,
    engineThreadBusy: elu.utilization,
    networkThreadBusy: net0 !== undefined && net1 !== undefined ? (net1.active - net0.active) / (net1.active - net0.active + net1.idle - net0.idle) : 0,
    processCpu: (cpu.user + cpu.system) / 1e6 / wall,
    encodeMsPerFrame: encodeMs,
  };
}

const loadBefore = loadavg()[0];
const sink = fork(new URL('./output-sink.mjs', import.meta.url));
const [{ port }] = (await once(sink, 'message')) as [{ port: number }];
const results = [];
for (const mode of ['off', 'artnet', 'sacn'] as const) results.push(await run(mode, port, sink));
sink.send('exit');

console.log(
  `LED outputs (pattern: ${PATTERN}): ${GRIDS} grids × ${ROWS}×${COLUMNS} = ${GRIDS * ROWS * COLUMNS} points, engine at 60 fps for ${SECONDS} s each, to ` +
    `127.0.0.1 (sink in another process)`,
);
console.log(
  `  machine load average before/after: ${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (other processes compete for the ` +
    `same cores)`,
);
for (const r of results) {
  const f = (n: number, d = 1) => n.toFixed(d);
  console.log(
    `  ${r.mode.padEnd(6)} render ${f(r.renderFps)} fps  send ${f(r.sendFps)} fps  ${r.universes} packets/frame  ${f(r.packetsPerSecond, 0)} packets/s ` +
      `(received ${f(r.receivedPerSecond, 0)}/s)  engine thread busy ${f(100 * r.engineThreadBusy)}%  network thread busy ${f(100 * r.networkThreadBusy)}%  ` +
      `process CPU ${f(100 * r.processCpu)}%  encode ${Number.isNaN(r.encodeMsPerFrame) ? '-' : `${f(r.encodeMsPerFrame, 2)} ms`}/frame  dropped ` +
      `${r.framesDropped}  errors ${r.sendErrors}`,
  );
}
await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/output.json',
  JSON.stringify(
    {
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverage: [loadBefore, loadavg()[0]] },
      pattern: PATTERN,
      seconds: SECONDS,
      results,
    },
    null,
    2,
  ) + '\n',
);
