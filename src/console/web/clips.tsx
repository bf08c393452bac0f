import { useState } from 'preact/hooks';
import type { ClipGridState, ClipSlotState, LightCueState } from '../protocol.js';
import { act, api, callTool, sound } from './store.js';

/** Where the cursor is, as a fraction of the clip's length (0 when stopped or empty). */
function progress(c: ClipSlotState): number {
  return c.lengthMs > 0 ? Math.min(1, Math.max(0, c.cursorMs / c.lengthMs)) : 0;
}

function beats(ms: number, bpm: number): string {
  return ((ms * bpm) / 60000).toFixed(2);
}

function Slot({
  bus,
  clip,
  slot,
}: {
  readonly bus: { readonly id: number; readonly label: string };
  readonly clip: ClipSlotState | undefined;
  readonly slot: number;
}) {
  if (clip === undefined) return <td class="clip-slot empty" aria-label={`${bus.label}: slot ${slot + 1} empty`} />;
  const state = clip.running ? 'running' : clip.pending ? 'pending' : 'stopped';
  const toggle = () =>
    void act(clip.running || clip.pending ? `Stop ${clip.label}` : `Launch ${clip.label}`, () =>
      callTool(clip.running || clip.pending ? 'stop_clip' : 'launch_clip', { bus: bus.id, slot }),
    );
  return (
    <td class={`clip-slot ${state}`} data-slot={slot} data-clip={clip.id}>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={clip.running}
        title={
          `${clip.label}: ${state}${clip.loop ? ', looping' : ''}, ${beats(clip.cursorMs, clip.referenceBpm)} / ` +
          `${beats(clip.lengthMs, clip.referenceBpm)} beats (click to ${clip.running || clip.pending ? 'stop' : 'launch'})`
        }
      >
        <span class="clip-name">{clip.label}</span>
        <span class="clip-pos" data-cursor-ms={clip.cursorMs}>
          {state === 'running' ? `${(clip.cursorMs / 1000).toFixed(2)} s` : state === 'pending' ? 'waiting' : ''}
        </span>
        <span class="clip-bar" style={{ width: `${(100 * progress(clip)).toFixed(1)}%` }} />
      </button>
    </td>
  );
}

/** The song's playhead in beats, from the Sound view's state (undefined without a song). */
function playheadBeats(): number | undefined {
  const s = sound.value as { available: boolean; song?: { transport?: { position_beats?: number } } };
  return s.available ? s.song?.transport?.position_beats : undefined;
}

/** A cue's fade as the list shows it: "fade 2 beats", "fade 500 ms", or nothing. */
function fadeText(cue: LightCueState): string {
  const f = cue.fade;
  if (f?.beats !== undefined) return `fade ${f.beats} ${f.beats === 1 ? 'beat' : 'beats'}`;
  return f?.ms !== undefined ? `fade ${f.ms} ms` : 'cut';
}

/** What a cue does, as the list shows it: "scene 2 · fade 2 beats", "Go Main", "Goto Main 3". */
function whatText(cue: LightCueState): string {
  const parts: string[] = [];
  if (cue.scene !== undefined) parts.push(`scene ${cue.scene + 1} · ${fadeText(cue)}`);
  const s = cue.cueList;
  if (s !== undefined) parts.push(s.cue === undefined ? `Go ${s.list}` : `Goto ${s.list} ${s.cue}`);
  return parts.join(' · ');
}

function Cue({ cue }: { readonly cue: LightCueState }) {
  const [to, setTo] = useState(String(cue.beat));
  const move = () => {
    const beat = Number(to);
    if (!Number.isFinite(beat) || beat === cue.beat) return;
    void act(`Move light cue at beat ${cue.beat}`, () => api('/api/cue/move', { beat: cue.beat, to: beat })).then((r) => {
      if (r === undefined) setTo(String(cue.beat));
    });
  };
  // A new fade places the cue again at its beat (one undo step): 0 or empty cuts in.
  const setFade = (text: string) => {
    const beats = text.trim() === '' ? 0 : Number(text);
    if (!Number.isFinite(beats) || beats < 0) return;
    const fade = beats > 0 ? { beats } : undefined;
    const body = { beat: cue.beat, scene: cue.scene, ...(cue.cueList ? { cueList: cue.cueList } : {}), ...(fade ? { fade } : {}) };
    void act(`Set the fade of the light cue at beat ${cue.beat}`, () => api('/api/cue/place', body));
  };
  return (
    <li class="light-cue" data-beat={cue.beat} data-scene={cue.scene} data-fade={fadeText(cue)}>
      <span class="cue-what">
        {cue.marker !== undefined ? `${cue.marker} · ` : ''}
        {whatText(cue)}
      </span>
      <label>
        beat
        <input
          type="number"
          class="cue-beat"
          min={0}
          step={0.25}
          value={to}
          aria-label={`Beat of the light cue at beat ${cue.beat}: ${whatText(cue)}`}
          onInput={(e) => setTo((e.target as HTMLInputElement).value)}
          onChange={move}
        />
      </label>
      {cue.scene !== undefined && (
        <label title="Fade the scene in over this many beats (0: cut)">
          fade
          <input
            type="number"
            class="cue-fade"
            min={0}
            step={0.5}
            value={cue.fade?.beats ?? (cue.fade?.ms !== undefined ? '' : 0)}
            placeholder={cue.fade?.ms !== undefined ? `${cue.fade.ms} ms` : undefined}
            aria-label={`Fade in beats of the light cue at beat ${cue.beat}`}
            onChange={(e) => setFade((e.target as HTMLInputElement).value)}
          />
        </label>
      )}
      <button
        type="button"
        class="cue-remove"
        title={`Remove the light cue at beat ${cue.beat}`}
        aria-label={`Remove the light cue at beat ${cue.beat}`}
        onClick={() => void act(`Remove light cue at beat ${cue.beat}`, () => api('/api/cue/remove', { beat: cue.beat }))}
      >
        ×
      </button>
    </li>
  );
}

/** The grids "Add cue at playhead" snaps to, in beats (0: the exact playhead). */
const SNAPS = [
  { beats: 1, label: 'snap: beat' },
  { beats: 4, label: 'snap: bar (4 beats)' },
  { beats: 0.5, label: 'snap: 1/8' },
  { beats: 0.25, label: 'snap: 1/16' },
  { beats: 0, label: 'no snap' },
] as const;

/**
 * The song's light cues: each launches a clip scene when the playing song reaches its beat.
 * Add one at the playhead (snapped to the chosen grid), move one by editing its beat, set its
 * fade, remove one; each is an undo step (the same operation as place_light_cue).
 */
function LightCues({ grid, scenes }: { readonly grid: ClipGridState; readonly scenes: number }) {
  const [scene, setScene] = useState(0);
  const [snap, setSnap] = useState(1);
  if (!grid.timeline) return <p class="hint light-cues">No song is wired to the light, so there is no timeline for light cues.</p>;
  const at = playheadBeats();
  return (
    <section class="light-cues" aria-label="Light cues">
      <header class="clip-grid-head">
        <span class="title">Light cues</span>
        <span class="cue-playhead" data-beats={at ?? ''}>
          playhead {at === undefined ? '–' : `beat ${at.toFixed(2)}`}
        </span>
        <select aria-label="Scene the new cue launches" value={scene} onChange={(e) => setScene(Number((e.target as HTMLSelectElement).value))}>
          {Array.from({ length: scenes }, (_, i) => (
            <option key={i} value={i}>
              scene {i + 1}
            </option>
          ))}
        </select>
        <select aria-label="Grid the new cue snaps to" class="cue-snap" value={snap} onChange={(e) => setSnap(Number((e.target as HTMLSelectElement).value))}>
          {SNAPS.map((s) => (
            <option key={s.beats} value={s.beats}>
              {s.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          class="cue-add"
          onClick={() => void act('Add light cue at the playhead', () => api('/api/cue/place', { playhead: true, snap, scene }))}
        >
          Add cue at playhead
        </button>
      </header>
      {grid.cues.length === 0 ? (
        <p class="hint">No light cues yet.</p>
      ) : (
        <ol class="light-cue-list">
          {grid.cues.map((c) => (
            <Cue key={`${c.beat}:${c.scene}`} cue={c} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The light clip grid: a row per bus, a column per scene; click a clip to launch or stop it. */
export function ClipGrid({ grid }: { readonly grid: ClipGridState }) {
  const used = Math.max(0, ...grid.buses.flatMap((b) => b.clips.map((c) => c.slot + 1)));
  const scenes = Math.max(grid.scenes, used);
  const cols = Array.from({ length: scenes }, (_, i) => i);
  return (
    <section class="clip-grid" aria-label="Clips">
      <header class="clip-grid-head">
        <span class="title">Clips</span>
        <button type="button" onClick={() => void act('Stop all clips', () => callTool('stop_clip'))}>
          Stop all
        </button>
      </header>
      <div class="clip-grid-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Bus</th>
              {cols.map((i) => (
                <th scope="col" key={i}>
                  <button
                    type="button"
                    class="scene"
                    title={`Launch scene ${i + 1}`}
                    onClick={() => void act(`Launch scene ${i + 1}`, () => callTool('launch_clip', { scene: i }))}
                  >
                    ▶ {i + 1}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.buses.map((b) => (
              <tr key={b.id} data-bus={b.path}>
                <th scope="row">{b.label}</th>
                {cols.map((i) => (
                  <Slot key={i} bus={b} slot={i} clip={b.clips.find((c) => c.slot === i)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LightCues grid={grid} scenes={scenes} />
    </section>
  );
}
