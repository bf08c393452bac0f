// DMX input costs: what the engine thread pays per frame to latch the universes (none changed, and
// all 512 changed), how many packets per second the receiver thread applies while another process
// sends valid 512-channel ArtDmx as fast as it can, and the 60 fps render's frame time, start delay
// and late frames before and during a flood of mixed malformed and valid packets. Writes
// bench/results/dmx-in.json.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Engine } from '../src/engine/engine.js';
import { silentLogger } from '../src/engine/log.js';
import { DmxPattern } from '../src/light/devices/patterns/dmx/dmx-pattern.js';
import { dmxInConfig } from '../src/light/input/dmx-in-config.js';
import { DmxInput } from '../src/light/input/dmx-input.js';
import { Channel } from '../src/light/mixer/channel.js';
import { LightShow } from '../src/light/show/light-show.js';
import { Fixture } from '../src/light/structure/fixture.js';
import { fmt, quantile } from './load-loop.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SENDER = fileURLToPath(new URL('../test/light/input/flood-sender.mjs', import.meta.url));

/** Runs the sender process for `seconds` (below the show's priority, as a network peer costs it little); returns the datagrams it sent. */
async function send(port: number, seconds: number, mode: 'mixed' | 'valid'): Promise<number> {
  const child = spawn(process.execPath, [SENDER, String(port), String(seconds * 1000), ...(mode === 'valid' ? ['valid'] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  setPriority(child.pid!, 10);
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  await new Promise((r) => child.on('exit', r));
  return Number(out.trim());
}

function latchCost(dmx: DmxInput): { unchangedUs: number; allChangedUs: number } {
  const a = new Uint8Array(512 * 512);
  const b = new Uint8Array(512 * 512);
  const time = (n: number, f: (i: number) => void): number => {
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      f(i);
      samples.push((performance.now() - t0) * 1000);
    }
    return quantile(
      samples.sort((x, y) => x - y),
      0.5,
    );
  };
  dmx.latch(a);
  const unchangedUs = time(2000, () => dmx.latch(a));
  // A new target buffer every call: every universe is copied, as after a project opens.
  const allChangedUs = time(500, (i) => dmx.latch(i & 1 ? a : b));
  return { unchangedUs, allChangedUs };
}

async function main(): Promise<void> {
  const load = loadavg();
  const engine = new Engine();
  const light = new LightShow(engine);
  const strip = new Fixture('StripFixture');
  strip.parameters.get('numPoints')?.setBase(170 * 4);
  light.structure.addFixture(strip);
  const channel = new Channel('Desk');
  light.mixer.insertChannel(channel);
  const pattern = new DmxPattern();
  pattern.universe.setValue(2);
  channel.addPattern(pattern);
  const dmx = new DmxInput(dmxInConfig({ receivers: ['artnet:0'] }), silentLogger);
  await dmx.start();
  light.dmxSource = dmx;
  const port = dmx.bound[0].port;

  const latch = latchCost(dmx);
  const applied0 = dmx.status().receivers[0].applied;
  const t0 = performance.now();
  const validSent = await send(port, SECONDS, 'valid');
  const validSeconds = (performance.now() - t0) / 1000;
  const applied = dmx.status().receivers[0].applied - applied0;

  const window = async (flood: boolean) => {
    const before = engine.clock.stats();
    const sent = flood ? await send(port, SECONDS, 'mixed') : (await new Promise((r) => setTimeout(r, SECONDS * 1000)), 0);
    const after = engine.clock.stats();
    const frames = after.frames - before.frames;
    return {
      flood,
      sent,
      frames,
      late: after.late - before.late,
      frameMeanMs: (after.frameMs - before.frameMs) / Math.max(1, frames),
      startDelayMeanMs: (after.startDelayMs - before.startDelayMs) / Math.max(1, frames),
    };
  };
  engine.clock.start(60);
  await new Promise((r) => setTimeout(r, 1000));
  const quiet = await window(false);
  const flooded = await window(true);
  engine.clock.stop();
  const receiver = dmx.status().receivers[0];
  await dmx.close();

  const result = {
    machine: { cores: cpus().length, loadAverage: load, loadAverageEnd: loadavg() },
    latch,
    throughput: { sent: validSent, seconds: validSeconds, applied, appliedPerSecond: applied / validSeconds },
    render: [quiet, flooded],
    dropped: receiver.dropped,
  };
  await mkdir(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
  await writeFile(fileURLToPath(new URL('./results/dmx-in.json', import.meta.url)), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`DMX input — ${cpus().length} cores, load average ${load.map((x) => fmt(x)).join(' ')} at start`);
  console.log(`latch per frame: ${fmt(latch.unchangedUs, 1)} µs with nothing new, ${fmt(latch.allChangedUs, 1)} µs copying all 512 universes`);
  console.log(
    `receiver: ${fmt(result.throughput.appliedPerSecond, 0)} valid packets/s applied (${validSent} sent in ${fmt(validSeconds, 1)} s, ${applied} applied)`,
  );
  for (const r of result.render)
    console.log(
      `render at 60 fps ${r.flood ? `during a flood (${r.sent} datagrams)` : 'without a flood'}: ${r.frames} frames, ${r.late} late, frame ` +
        `${fmt(r.frameMeanMs, 3)} ms, started ${fmt(r.startDelayMeanMs, 2)} ms after due`,
    );
}

await main();
