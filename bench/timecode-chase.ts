// Timecode in, as a show runs it: another process sends Art-Net timecode at 30 fps to a running
// show (real-time engine, the demo's light and song) on 127.0.0.1 for BENCH_SECONDS (default 20),
// from 00:00:10:00. Prints how long the lock took (in frames of timecode after the first label),
// and, every engine frame while locked, the song transport's error against the sender's clock
// (both read on the wall clock, so an engine frame's phase counts in): median, p99 and largest in
// frames, with the transport moves made. Writes bench/results/timecode-chase.json.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../src/engine/log.js';
import { startFootlight } from '../src/main.js';
import { fmt, machine, quantile } from './load-loop.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FPS = 30;
const START_SECONDS = 10;
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

/** The sender: labels from START_SECONDS at 30 fps, each due at t0 + k/30 s (epoch ms, high resolution). */
const SENDER = `
const dgram = require('node:dgram');
const { performance } = require('node:perf_hooks');
const [port, t0, seconds, start] = process.argv.slice(1).map(Number);
const s = dgram.createSocket('udp4');
const now = () => performance.timeOrigin + performance.now();
const two = (v) => String(v).padStart(2, '0');
let k = 0;
const tick = () => {
  const due = t0 + (k * 1000) / 30;
  if (now() >= due) {
    const f = start * 30 + k;
    const b = Buffer.alloc(19);
    b.write('Art-Net\\0', 0, 'latin1'); b[9] = 0x97; b[11] = 14;
    b[14] = f % 30; b[15] = Math.floor(f / 30) % 60; b[16] = Math.floor(f / 1800) % 60; b[17] = Math.floor(f / 108000); b[18] = 3;
    s.send(b, port, '127.0.0.1');
    k++;
    if (k >= seconds * 30) return setTimeout(() => s.close(), 50);
  }
  setTimeout(tick, Math.max(0, Math.min(4, due + 1000 / 30 - now() - 1)));
};
tick();
`;

const home = await mkdtemp(join(tmpdir(), 'footlight-tc-bench-'));
const app = await startFootlight({
  host: '127.0.0.1',
  port: 0,
  soundPort: 0,
  oscReceivePort: 0,
  oscTransmitPort: 0,
  home,
  log: silentLogger,
  timecode: { in: 'artnet:0', freewheelMs: 1000 },
});
try {
  const port = app.timecodeIn.port ?? 0;
  const wall = () => performance.timeOrigin + performance.now();
  // A second after the start, so the lock is not timed against the first frames warming up.
  const t0 = wall() + 1000;
  const errors: number[] = [];
  let lockedAt: number | undefined;
  const detach = app.engine.clock.onFrame(() => {
    const s = app.timecodeIn.status();
    const t = app.sound.transport;
    if (s.state !== 'locked' || !t.playing) return;
    const at = wall();
    lockedAt ??= at;
    const sender = START_SECONDS + (at - t0) / 1000;
    const song = (t.position * 60) / app.sound.project.tempo.getBaseValue();
    errors.push((song - sender) * FPS);
  });
  const child = spawn(process.execPath, ['-e', SENDER, String(port), String(t0), String(SECONDS), String(START_SECONDS)], { stdio: 'inherit' });
  await new Promise((r) => child.on('exit', r));
  detach();
  const status = app.timecodeIn.status();
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const sorted = [...errors].sort((a, b) => a - b);
  const row = {
    seconds: SECONDS,
    lockFrames: lockedAt === undefined ? null : ((lockedAt - t0) / 1000) * FPS,
    samples: errors.length,
    medianErrorFrames: quantile(sorted, 0.5),
    p99AbsErrorFrames: quantile(abs, 0.99),
    maxAbsErrorFrames: abs.at(-1) ?? Number.NaN,
    relocates: status.relocates,
    packets: status.packets,
    state: status.state,
    machine: machine(),
  };
  console.log(
    `timecode in, 30 fps for ${SECONDS} s: locked ${fmt(row.lockFrames ?? Number.NaN, 1)} frames after the first label; ` +
      `error median ${fmt(row.medianErrorFrames)} frames, p99 |${fmt(row.p99AbsErrorFrames)}|, max |${fmt(row.maxAbsErrorFrames)}| ` +
      `over ${row.samples} engine frames; ${row.relocates} transport moves; ${row.packets} labels; load ${row.machine.loadAverage.join(' ')}`,
  );
  await mkdir(RESULTS, { recursive: true });
  await writeFile(`${RESULTS}timecode-chase.json`, `${JSON.stringify(row, null, 2)}\n`);
} finally {
  await app.close();
  await rm(home, { recursive: true, force: true });
}
