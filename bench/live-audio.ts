// Live playback under the light engine's load: Footlight runs the standard workload at 100k
// points and 60 fps while the sound host plays the demo song (its arranger loop on, so it never
// runs out of notes) through the live render worker, paced by the wall clock (--output none: by
// node-web-audio-api's real-time context with no device).
// Counts late light frames (started later than 1.5× their period) and late audio blocks (the
// worker fell behind the context's clock), and the worker's DSP time as a share of one core.
//   node --import tsx bench/live-audio.ts [--minutes 10] [--rows 316 --columns 316] [--output clock|none]
// Writes bench/results/live-audio.json. The machine may be shared: the load average is recorded.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Protocol3Client } from '../src/protocol3/client/client.js';
import { startFootlight } from '../src/main.js';
import { silentLogger } from '../src/engine/log.js';
import { writeWorkload } from './agent-workload.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rows: { type: 'string', default: '316' },
    columns: { type: 'string', default: '316' },
    output: { type: 'string', default: 'clock' },
  },
});
const minutes = Number(values.minutes);
const rows = Number(values.rows);
const columns = Number(values.columns);

const home = await mkdtemp(join(tmpdir(), 'footlight-live-bench-'));
const project = await writeWorkload(home, 'standard', rows, columns);
const app = await startFootlight({
  home,
  project,
  port: 0,
  soundPort: 0,
  oscReceivePort: 0,
  oscTransmitPort: 0,
  writeStatus: false,
  log: silentLogger,
  liveAudio: values.output as 'none' | 'clock',
});
const live = app.live!;
const opened = await live.ready;
const p3 = new Protocol3Client();
await p3.connect(app.protocol3.host, app.protocol3.port);
const token = ((await p3.request('song-state')) as { project_token: string }).project_token;
await p3.request(`song-transport-loop ${token} true`);
const token2 = ((await p3.request('song-state')) as { project_token: string }).project_token;
await p3.request(`song-transport-play ${token2}`);

const load0 = loadavg();
await new Promise((r) => setTimeout(r, 3000)); // warm-up: the worker's JIT and the first plan
const c0 = app.engine.clock.stats();
const late0 = live.lateBlocks;
const blocks0 = live.blocks;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const shares: number[] = [];
const end = t0 + minutes * 60_000;
while (performance.now() < end) {
  await new Promise((r) => setTimeout(r, Math.min(5000, end - performance.now())));
  shares.push(live.cpuShare);
  process.stderr.write(
    `\r${((performance.now() - t0) / 60000).toFixed(1)} / ${minutes} min, late blocks ${live.lateBlocks - late0}, late frames ` +
      `${app.engine.clock.stats().late - c0.late}   `,
  );
}
const wall = (performance.now() - t0) / 1000;
const c1 = app.engine.clock.stats();
const cpu = process.cpuUsage(cpu0);
const out = {
  at: new Date().toISOString(),
  minutes: wall / 60,
  points: rows * columns,
  output: opened.output,
  output_reason: opened.reason,
  loadavg_start: load0.map((x) => Number(x.toFixed(2))),
  loadavg_end: loadavg().map((x) => Number(x.toFixed(2))),
  light_frames: c1.frames - c0.frames,
  light_fps: (c1.frames - c0.frames) / wall,
  late_light_frames: c1.late - c0.late,
  audio_blocks: live.blocks - blocks0,
  late_audio_blocks: live.lateBlocks - late0,
  audio_dsp_share_of_one_core_mean: shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length),
  process_cpu_share_of_one_core: (cpu.user + cpu.system) / 1e6 / wall,
};
process.stderr.write('\n');
console.log(JSON.stringify(out, null, 2));
await writeFile(new URL('./results/live-audio.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
await p3.close();
await app.close();
await rm(home, { recursive: true, force: true });
