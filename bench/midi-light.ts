// MIDI-to-light latency: a controller's CC, mapped to a channel fader (add_midi_mapping over MCP),
// goes through the console's WebSocket as the page's Web MIDI sends it, then through the MIDI
// surface's tool call and the engine queue, and shows in a frame. For each CC the bench notes when
// it was sent and the first frame (60 fps) that rendered with the fader at the CC's value, in ms:
// the median, the 95th percentile and the worst. That frame's LED packets leave at its end.
//   node --import tsx bench/midi-light.ts [--moves 200] [--light-load]
// --light-load renders the standard light workload (100k points) instead of the demo grid.
// Writes bench/results/midi-light.json. The machine may be shared: the load average is recorded.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import WebSocket from 'ws';
import { startFootlight } from '../src/main.js';
import { silentLogger } from '../src/engine/log.js';
import { writeWorkload } from './agent-workload.js';

const { values } = parseArgs({ options: { moves: { type: 'string', default: '200' }, 'light-load': { type: 'boolean', default: false } } });
const moves = Number(values.moves);
const FADER = '/lx/mixer/channel/1/fader';

const home = await mkdtemp(join(tmpdir(), 'footlight-midi-light-bench-'));
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
  liveAudio: 'none',
});
const client = new Client({ name: 'midi-light-bench', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(app.http.url)));
const added = await client.callTool({ name: 'add_midi_mapping', arguments: { type: 'cc', channel: 1, number: 7, path: FADER } });
if (added.isError === true) throw new Error(`add_midi_mapping: ${JSON.stringify(added.content)}`);

const fader = app.light.parameter({ path: FADER });
/** The CC awaited: its value (the fader at value / 127) and when it was sent. */
let pending: { value: number; sentAt: number } | null = null;
const latencies: number[] = [];
app.engine.clock.onFrame(() => {
  if (pending !== null && Math.abs(Number(fader.value) - pending.value / 127) < 1e-9) {
    latencies.push(performance.now() - pending.sentAt);
    pending = null;
  }
});

const ws = new WebSocket(`${app.http.url.replace(/^http/, 'ws').replace(/\/mcp$/, '')}/ws`);
await new Promise((resolve, reject) => {
  ws.once('open', resolve);
  ws.once('error', reject);
});
const send = (value: number): void => ws.send(JSON.stringify({ type: 'midi', input: 'Bench Faders', data: [0xb0, 7, value] }));
// Soft takeover: the control picks the fader up once it crosses the fader's value.
send(0);
send(127);
await new Promise((r) => setTimeout(r, 1000));

const load0 = loadavg();
let missed = 0;
for (let i = 0; i < moves; i++) {
  const value = 1 + ((i * 37) % 126);
  pending = { value, sentAt: performance.now() };
  send(value);
  // 30–70 ms apart, as a hand moves a fader in steps.
  await new Promise((r) => setTimeout(r, 30 + Math.random() * 40));
  if (pending !== null) missed++;
}

function figures(xs: number[]): { median: number; p95: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => Number(s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(2));
  return { median: at(0.5), p95: at(0.95), max: Number(s[s.length - 1].toFixed(2)) };
}
const out = {
  at: new Date().toISOString(),
  light_points: project === undefined ? 'demo grid' : 316 * 316,
  moves,
  timed: latencies.length,
  not_shown_before_the_next_move: missed,
  loadavg_start: load0.map((x) => Number(x.toFixed(2))),
  loadavg_end: loadavg().map((x) => Number(x.toFixed(2))),
  ms_to_frame: figures(latencies),
};
console.log(JSON.stringify(out, null, 2));
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/midi-light.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
ws.close();
await client.close();
await app.close();
await rm(home, { recursive: true, force: true });
