import { useState } from 'preact/hooks';
import { act, api, light, sound } from './store.js';
import { MeterBar, Monitor, monitorBeat, monitorMeters } from './monitor.js';

interface TrackInfo {
  index: number;
  track_id: number;
  name: string;
  type: string;
  depth: number;
  muted: boolean;
  armed: boolean;
  selected: boolean;
  hidden: boolean;
  volume_display: string;
}
interface Transport {
  playing: boolean;
  position_beats: number;
  tempo: number;
  meter: { numerator: number; denominator: number };
  arranger_loop_enabled: boolean;
  arranger_loop_start: number;
  arranger_loop_duration: number;
}
interface Song {
  project_name: string;
  project_modified: boolean;
  inventory: { tracks: TrackInfo[] };
  transport: Transport;
}
interface Clip {
  native_id: number;
  name: string;
  start: number;
  length: number;
  loop_enabled: boolean;
}
interface Control {
  index: number;
  exists: boolean;
  name?: string;
  value?: number;
  display?: string;
}
interface DeviceState {
  device: { name: string } | null;
  controls: Control[];
  reason?: string;
}
interface GridNode {
  id: number;
  kind: string;
  name: string;
  x: number;
  y: number;
}
interface GridConn {
  source: number;
  source_port: number;
  target: number;
  target_port: number;
  signal: string;
}
interface Grid {
  device: string;
  modules: GridNode[];
  modulators: GridNode[];
  connections: GridConn[];
}
interface SoundView {
  available: boolean;
  reason?: string;
  song: Song;
  arranger: { index: number; clips: Clip[] }[];
  grid: Grid | null;
  device: DeviceState;
}

const post = (what: string, path: string, body: unknown): void => void act(what, () => api(path, body));

function TransportBar({ t }: { readonly t: Transport }) {
  const [bpm, setBpm] = useState<string | undefined>(undefined);
  const bar = Math.floor(t.position_beats / Math.max(1, t.meter.numerator)) + 1;
  const beat = Math.floor(t.position_beats % Math.max(1, t.meter.numerator)) + 1;
  return (
    <div class="transport">
      <button
        type="button"
        class={`toggle ${t.playing ? 'on' : ''}`}
        aria-pressed={t.playing}
        onClick={() => post(t.playing ? 'Stop' : 'Play', '/api/sound/transport', { action: t.playing ? 'stop' : 'play' })}
      >
        {t.playing ? '■ Stop' : '▶ Play'}
      </button>
      <span class="position">
        {bar}.{beat}
      </span>
      <label>
        Tempo
        <input
          class="bpm-input"
          type="number"
          min="20"
          max="666"
          step="0.1"
          value={bpm ?? t.tempo.toFixed(2)}
          onInput={(ev) => setBpm((ev.currentTarget as HTMLInputElement).value)}
          onChange={(ev) => {
            setBpm(undefined);
            post('Tempo', '/api/sound/transport', { action: 'tempo', bpm: Number((ev.currentTarget as HTMLInputElement).value) });
          }}
        />
        BPM
      </label>
      <label>
        Meter
        <select
          value={`${t.meter.numerator}/${t.meter.denominator}`}
          onChange={(ev) => {
            const [n, d] = (ev.currentTarget as HTMLSelectElement).value.split('/').map(Number);
            post('Meter', '/api/sound/transport', { action: 'meter', numerator: n, denominator: d });
          }}
        >
          {['2/4', '3/4', '4/4', '5/4', '6/8', '7/8', '12/8']
            .concat([`${t.meter.numerator}/${t.meter.denominator}`])
            .filter((v, i, a) => a.indexOf(v) === i)
            .map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
        </select>
      </label>
      <button
        type="button"
        class={`toggle ${t.arranger_loop_enabled ? 'on' : ''}`}
        aria-pressed={t.arranger_loop_enabled}
        onClick={() => post('Loop', '/api/sound/transport', { action: 'loop', enabled: !t.arranger_loop_enabled })}
      >
        Loop
      </button>
    </div>
  );
}

function Arranger({ tracks, arranger, t }: { readonly tracks: TrackInfo[]; readonly arranger: SoundView['arranger']; readonly t: Transport }) {
  const cues = light.value?.clips.timeline === true ? light.value.clips.cues : [];
  let end = 16;
  for (const a of arranger) for (const c of a.clips) end = Math.max(end, c.start + c.length);
  for (const c of cues) end = Math.max(end, c.beat);
  end = Math.ceil(end / 4) * 4 + 4;
  const pct = (b: number): string => `${((b / end) * 100).toFixed(3)}%`;
  const meters = monitorMeters.value;
  return (
    <section class="arranger" aria-label="Arranger">
      {tracks
        .filter((tr) => !tr.hidden)
        .map((tr) => {
          const clips = arranger.find((a) => a.index === tr.index)?.clips ?? [];
          return (
            <div class={`lane ${tr.selected ? 'selected' : ''}`} key={tr.track_id}>
              <div class="lane-head" style={{ paddingLeft: `${6 + tr.depth * 10}px` }}>
                <button type="button" class="lane-name" onClick={() => post('Select track', '/api/sound/track', { index: tr.index })} title={tr.type}>
                  {tr.name}
                </button>
                <span class="lane-vol" title="Volume (fader law: gain = 2·v³)">
                  {tr.volume_display}
                </span>
                {meters.length > 0 && (
                  <MeterBar
                    peak={meters.find((m) => m.index === tr.index)?.peak ?? 0}
                    rms={meters.find((m) => m.index === tr.index)?.rms ?? 0}
                    label={tr.name}
                  />
                )}
                <button
                  type="button"
                  class={`mini ${tr.muted ? 'on' : ''}`}
                  title="Mute"
                  aria-label={`Mute ${tr.name}`}
                  aria-pressed={tr.muted}
                  onClick={() => post('Mute', '/api/sound/track', { index: tr.index, muted: !tr.muted, select: false })}
                >
                  M
                </button>
                <button
                  type="button"
                  class={`mini ${tr.armed ? 'on rec' : ''}`}
                  title="Arm for recording"
                  aria-label={`Arm ${tr.name}`}
                  aria-pressed={tr.armed}
                  onClick={() => post('Arm', '/api/sound/track', { index: tr.index, armed: !tr.armed, select: false })}
                >
                  ●
                </button>
              </div>
              <div class="lane-body">
                {t.arranger_loop_enabled && <div class="loop-range" style={{ left: pct(t.arranger_loop_start), width: pct(t.arranger_loop_duration) }} />}
                {clips.map((c) => (
                  <div
                    class={`clip ${c.loop_enabled ? 'looped' : ''}`}
                    key={c.native_id}
                    style={{ left: pct(c.start), width: pct(c.length) }}
                    title={`${c.name}: beats ${c.start}–${c.start + c.length}`}
                  >
                    {c.name}
                  </div>
                ))}
                <div class="playhead" style={{ left: pct(monitorBeat.value ?? t.position_beats) }} />
              </div>
            </div>
          );
        })}
      {cues.length > 0 && (
        <div class="lane light-cue-lane">
          <div class="lane-head">
            <span class="lane-name" title="Light cues launch a clip scene at their beat (edit them in the Clips tab)">
              Light cues
            </span>
          </div>
          <div class="lane-body">
            {cues.map((c) => (
              <div class="light-cue-mark" key={c.beat} data-beat={c.beat} style={{ left: pct(c.beat) }} title={`Beat ${c.beat}: scene ${c.scene + 1}`}>
                {c.marker ?? `S${c.scene + 1}`}
              </div>
            ))}
            <div class="playhead" style={{ left: pct(monitorBeat.value ?? t.position_beats) }} />
          </div>
        </div>
      )}
    </section>
  );
}

function DeviceControls({ d }: { readonly d: DeviceState }) {
  if (d.device === null) return <p class="hint">{d.reason ?? 'No device selected.'}</p>;
  return (
    <div class="sound-device">
      <h3>
        {d.device.name}
        <span class="buttons">
          <button
            type="button"
            aria-label="Previous device"
            title="Previous device"
            onClick={() => post('Previous device', '/api/sound/device', { navigate: 'previous' })}
          >
            ◀
          </button>
          <button type="button" aria-label="Next device" title="Next device" onClick={() => post('Next device', '/api/sound/device', { navigate: 'next' })}>
            ▶
          </button>
        </span>
      </h3>
      <div class="controls-grid">
        {d.controls
          .filter((c) => c.exists)
          .map((c) => (
            <label class="sound-control" key={c.index}>
              <span>{c.name}</span>
              <input
                type="range"
                min="0"
                max="1"
                step="0.001"
                value={String(c.value ?? 0)}
                data-index={c.index}
                onChange={(ev) => post('Set control', '/api/sound/control', { index: c.index, value: Number((ev.currentTarget as HTMLInputElement).value) })}
              />
              <small>{c.display}</small>
            </label>
          ))}
      </div>
    </div>
  );
}

/** The selected Grid patch as a read-only graph: modules where they sit, cords between them. */
function GridGraphView({ g }: { readonly g: Grid }) {
  const nodes = [...g.modules, ...g.modulators];
  if (nodes.length === 0) return <p class="hint">{g.device}: empty patch.</p>;
  const W = 120,
    H = 36,
    SX = 150,
    SY = 60;
  const minX = Math.min(...nodes.map((n) => n.x)),
    minY = Math.min(...nodes.map((n) => n.y));
  const pos = new Map(nodes.map((n) => [n.id, { x: (n.x - minX) * SX + 10, y: (n.y - minY) * SY + 10 }]));
  const width = Math.max(...[...pos.values()].map((p) => p.x)) + W + 10;
  const height = Math.max(...[...pos.values()].map((p) => p.y)) + H + 10;
  return (
    <svg class="grid-graph" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${g.device} patch`}>
      {g.connections.map((c, i) => {
        const a = pos.get(c.source),
          b = pos.get(c.target);
        if (a === undefined || b === undefined) return null;
        const x1 = a.x + W,
          y1 = a.y + H / 2,
          x2 = b.x,
          y2 = b.y + H / 2;
        return <path key={i} class={`cord ${c.signal}`} d={`M${x1},${y1} C${x1 + 40},${y1} ${x2 - 40},${y2} ${x2},${y2}`} />;
      })}
      {nodes.map((n) => {
        const p = pos.get(n.id)!;
        return (
          <g key={n.id} transform={`translate(${p.x},${p.y})`}>
            <rect class={`node ${n.kind}`} width={W} height={H} rx="4" />
            <text x={W / 2} y={H / 2 + 4} text-anchor="middle">
              {n.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The sound host: tracks, device controls, transport, arranger and the selected Grid patch. */
export function SoundView() {
  const s = sound.value as unknown as SoundView;
  const [dir, setDir] = useState('');
  if (!s.available) {
    return (
      <section class="sound empty" aria-label="Sound">
        <h2>Sound</h2>
        <p class="hint">{s.reason ?? 'The sound host is not running.'}</p>
      </section>
    );
  }
  return (
    <section class="sound" aria-label="Sound">
      <h2>
        {s.song.project_name}
        {s.song.project_modified && <small>modified</small>}
        <span class="buttons">
          <input
            class="dir"
            aria-label="Folder for the sound project (new and empty)"
            placeholder="/path/to/new-empty-folder"
            value={dir}
            onInput={(ev) => setDir((ev.currentTarget as HTMLInputElement).value)}
          />
          <button
            type="button"
            disabled={dir.trim() === ''}
            onClick={() => post('Save sound project', '/api/sound/save', { dir })}
            title="Writes the project into a new, empty folder; never overwrites"
          >
            Save project
          </button>
        </span>
      </h2>
      <TransportBar t={s.song.transport} />
      <Monitor />
      <Arranger tracks={s.song.inventory.tracks} arranger={s.arranger} t={s.song.transport} />
      <div class="sound-lower">
        <section>
          <h2>Device</h2>
          <DeviceControls d={s.device} />
        </section>
        <section>
          <h2>Grid patch {s.grid !== null && <small>{s.grid.device} · read-only</small>}</h2>
          {s.grid !== null ? <GridGraphView g={s.grid} /> : <p class="hint">Select a Poly Grid or FX Grid device to see its patch.</p>}
        </section>
      </div>
    </section>
  );
}
