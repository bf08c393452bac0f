// MIDI-to-sound latency: a keyboard plays the sound host (src/midi/midi-keys.ts). Notes go
// through the console's WebSocket (as the page's Web MIDI sends them) to the selected sound
// track (the demo's Bass) while the engine runs in real time (60 fps light frames) and the live
// worker renders at its block size (128 samples at 48 kHz), paced by --output (clock: the wall
// clock; none: node-web-audio-api's real-time context with no device; device: the sound card). For each note the worker
// reports when it got it, when the block that starts it was rendered and when the output plays
// that block. Figures, from the message reaching the server (the socket handler) — the median,
// the 95th percentile and the worst, in ms:
//   to worker    the engine queue's task ran and the note was posted to the render worker
//   to render    the first block holding the note was rendered (the engine's latency)
//   to output    that block's first sample is played out (the render lead included: 128 ms, or --lead)
//   node --import tsx bench/midi-keys.ts [--notes 200] [--output clock|none|device] [--lead ms] [--light-load]
// --light-load adds the standard light workload (100k points) in the same process.
// Writes bench/results/midi-keys.json. The machine may be shared: the load average is recorded.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { startFootlight } from '../src/main.js';
import { silentLogger } from '../src/engine/log.js';
import { writeWorkload } from './agent-workload.js';

const { values } = parseArgs({
  options: {
    notes: { type: 'string', default: '200' },
    output: { type: 'string', default: 'clock' },
    lead: { type: 'string', default: '128' },
    'light-load': { type: 'boolean', default: false },
  },
});
const notes = Number(values.notes);

const home = await mkdtemp(join(tmpdir(), 'footlight-keys-bench-'));
const project = values['light-load'] ? await writeWorkload(home, 'standard', 316, 316) : undefined;
const app = await startFootlight({
  home,
  ...(project === undefined ? { demo: 'grid' as const } : { project }),
  port: 0,
  soundPort: 0,
  oscReceivePort: 0,
  oscTransmitPort: 0,
  writeStatus: false,
  log: silentLogger,
  liveAudio: values.output as 'none' | 'clock' | 'device',
  liveAudioLeadMs: Number(values.lead),
});
const live = app.live!;
const opened = await live.ready;
await app.engine.queue.submit(() => {
  const bass = app.sound.project.flatTracks().find((f) => f.track.name === 'Bass');
  if (bass === undefined) throw new Error('the song has no Bass track');
  app.sound.selection.selectTrack(bass.track);
});
const ws = new WebSocket(`${app.http.url.replace(/^http/, 'ws').replace(/\/mcp$/, '')}/ws`);
await new Promise((resolve, reject) => {
  ws.once('open', resolve);
  ws.once('error', reject);
});
const errors: string[] = [];
ws.on('message', (data, binary) => {
  if (!binary && data.toString().includes('"error"')) errors.push(data.toString());
});
const send = (data: number[]): void => ws.send(JSON.stringify({ type: 'midi', input: 'Bench Keys', data }));

await new Promise((r) => setTimeout(r, 2000)); // warm-up: the worker's JIT and the first plan
const load0 = loadavg();
const lateBefore = live.lateBlocks;
const first = live.noteReceipts.length;
for (let i = 0; i < notes; i++) {
  const pitch = 36 + (i % 24);
  send([0x90, pitch, 100]);
  // Held 40–80 ms, then 20–60 ms apart: faster than a player, slower than the socket's budget.
  await new Promise((r) => setTimeout(r, 40 + Math.random() * 40));
  send([0x80, pitch, 0]);
  await new Promise((r) => setTimeout(r, 20 + Math.random() * 40));
}
await new Promise((r) => setTimeout(r, 500)); // the last receipts come with the next ticks
const receipts = live.noteReceipts.slice(first);

function figures(xs: number[]): { median: number; p95: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => Number(s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(2));
  return { median: at(0.5), p95: at(0.95), max: Number(s[s.length - 1].toFixed(2)) };
}
const out = {
  at: new Date().toISOString(),
  output: opened.output,
  output_reason: opened.reason,
  lead_ms: Number(values.lead),
  light_load_points: project === undefined ? 0 : 316 * 316,
  block_samples: 128,
  sample_rate: 48000,
  notes_sent: notes * 2,
  notes_timed: receipts.length,
  refusals: errors.length,
  late_audio_blocks: live.lateBlocks - lateBefore,
  loadavg_start: load0.map((x) => Number(x.toFixed(2))),
  loadavg_end: loadavg().map((x) => Number(x.toFixed(2))),
  ms_to_worker: figures(receipts.map((r) => r.appliedAt - r.sentAt)),
  ms_to_render: figures(receipts.map((r) => r.renderedAt - r.sentAt)),
  ms_to_output: figures(receipts.map((r) => r.playsAt - r.sentAt)),
  ms_render_lead: figures(receipts.map((r) => r.playsAt - r.renderedAt)),
};
console.log(JSON.stringify(out, null, 2));
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/midi-keys.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
ws.close();
await app.close();
await rm(home, { recursive: true, force: true });
