import { useState } from 'preact/hooks';
import { Arranger } from './arranger.js';
import { Monitor } from './monitor.js';
import { SamplesPanel } from './samples.js';
import type { Clip, Song } from './song.js';
import { act, api, sound } from './store.js';
import { TransportBar } from './transport.js';

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
      <TransportBar t={s.song.transport} tempoRange={s.song.capabilities.tempo_range} />
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
        <SamplesPanel sampler={s.device.device?.name === 'Sampler'} />
      </div>
    </section>
  );
}
