// `npm run demo:listen`: the demo song heard section by section through protocol 3's
// `song-listen region` (a real host and a real loopback connection): loudness, true peak, the
// five bands, centroid, onsets and tempo per section, so a mix change shows where it lands.
import { Engine } from '../src/engine/engine.js';
import { Protocol3Client } from '../src/protocol3/client/client.js';
import { startProtocol3Server } from '../src/protocol3/server/server.js';
import { createSoundHost } from '../src/sound/index.js';

interface Segment {
  readonly rms_dbfs: number;
  readonly centroid_hz: number;
  readonly bands_db: Record<string, number>;
}
interface Heard {
  readonly integrated_lufs: number;
  readonly true_peak_dbtp: number;
  readonly rms_dbfs: number;
  readonly over_time: readonly Segment[];
  readonly onset_count: number;
  readonly tempo_estimate: { readonly bpm: number } | null;
}

/** Power mean in dB of per-segment levels in dB (silent segments are -Infinity or absent). */
function meanDb(values: readonly number[]): number {
  const p = values.filter(Number.isFinite).map((v) => 10 ** (v / 10));
  return p.length === 0 ? Number.NEGATIVE_INFINITY : 10 * Math.log10(p.reduce((a, b) => a + b, 0) / p.length);
}

const f = (n: number, w = 6): string => (Number.isFinite(n) ? n.toFixed(1) : '-inf').padStart(w);

const engine = new Engine();
const host = createSoundHost(engine, { project: 'demo' });
const server = await startProtocol3Server({ host: '127.0.0.1', port: 0, soundHost: host, engine });
const client = new Protocol3Client();
try {
  await client.connect(server.host, server.port);
  const state = (await client.request('song-state')) as { cue_markers: { name: string; beat: number }[] };
  const marks = state.cue_markers;
  const arranger = (await client.request('tracks')) as { tracks: { index: number }[] };
  let end = 0;
  for (const t of arranger.tracks) {
    const a = (await client.request(`song-arranger ${t.index}`)) as { arranger: { clips: { end: number }[] } };
    for (const c of a.arranger.clips) end = Math.max(end, c.end);
  }
  const bands = ['sub_20_60', 'bass_60_250', 'low_mid_250_1k', 'mid_1k_4k', 'high_4k_20k'];
  process.stdout.write(`section     beats       LUFS  dBTP   RMS  ${bands.map((b) => b.split('_')[0].padStart(6)).join('')}  centroid onsets tempo\n`);
  for (let i = 0; i < marks.length; i++) {
    const from = marks[i].beat;
    const to = i + 1 < marks.length ? marks[i + 1].beat : end + 4;
    const r = (await client.request(`song-listen region ${from} ${to}`)) as unknown as Heard;
    const seg = r.over_time;
    process.stdout.write(
      `${marks[i].name.padEnd(10)} ${`${from}–${to}`.padEnd(9)} ${f(r.integrated_lufs)}${f(r.true_peak_dbtp)}${f(r.rms_dbfs)}  ` +
        `${bands.map((b) => f(meanDb(seg.map((s) => s.bands_db[b])))).join('')}  ${f(seg.reduce((a, s) => a + s.centroid_hz, 0) / seg.length, 8)} ` +
        `${String(r.onset_count).padStart(6)} ${r.tempo_estimate === null ? '    -' : r.tempo_estimate.bpm.toFixed(0).padStart(5)}\n`,
    );
  }
} finally {
  await client.close();
  await server.close();
  host.dispose();
}
