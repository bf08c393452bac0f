import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './styles.css';
import { ClipGrid } from './clips.js';
import { ClusterBar } from './cluster.js';
import { CuesView } from './cues.js';
import { Mixer } from './mixer.js';
import { OutputsView } from './outputs.js';
import { StageView } from './stage.js';
import { AgentPanel, ConnectDialog, DeviceEditor, HistoryPanel, SaveDialog } from './panels.js';
import type { CameraPose, PointStyleView, Preview, ViewPreset } from './preview.js';
import { LearnButton } from './learn.js';
import { midiOutState, midiState, setMidi, setMidiOut } from './midi.js';
import { SoundView } from './sound.js';
import { hasSong, toStart, togglePlay } from './transport.js';
import {
  act,
  callTool,
  dismiss,
  dmxIn,
  history,
  light,
  link,
  notices,
  openSocket,
  policy,
  previewStats,
  requestPreview,
  setPreviewSink,
  undoRedo,
} from './store.js';

/** How long a recalled camera takes to fly to its pose in the preview. */
const RECALL_MS = 800;

type NamedCamera = CameraPose & { readonly name: string };

/** The point sizes and display gammas the preview's Point style menu offers (set_point_style takes any in range). */
const POINT_SIZES = ['auto', 2, 4, 8, 12] as const;
const POINT_GAMMAS = [1, 1.8, 2.2] as const;

/** The show's named cameras (list_cameras), read again whenever the history moves: saving or removing one is an undo step. */
function useCameras(): readonly NamedCamera[] {
  const [cameras, setCameras] = useState<readonly NamedCamera[]>([]);
  const h = history.value;
  useEffect(() => {
    let live = true;
    void callTool<{ cameras: NamedCamera[] }>('list_cameras')
      .then((r) => {
        if (live) setCameras(r.cameras);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [h]);
  return cameras;
}

/** The show's point style (get_point_style), read again whenever the history moves: changing it is an undo step. */
function usePointStyle(): PointStyleView | undefined {
  const [style, setStyle] = useState<PointStyleView | undefined>(undefined);
  const h = history.value;
  useEffect(() => {
    let live = true;
    void callTool<{ style: PointStyleView }>('get_point_style')
      .then((r) => {
        if (live) setStyle(r.style);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [h]);
  return style;
}

/** Test and benchmark hooks: the preview's figures and read-backs. */
interface FootlightDebug {
  preview?: Preview;
  previewStats: typeof previewStats;
}
declare global {
  interface Window {
    __footlight: FootlightDebug;
  }
}
window.__footlight = { previewStats };

function PreviewPane() {
  const host = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<Preview | undefined>(undefined);
  const [on, setOn] = useState(true);
  const [fps, setFps] = useState(0);
  useEffect(() => {
    let p: Preview | undefined;
    let disposed = false;
    void import('./preview.js').then(({ Preview: P }) => {
      if (disposed || host.current === null) return;
      p = new P(host.current);
      window.__footlight.preview = p;
      setPreviewSink(p);
      setPreview(p);
    });
    const timer = setInterval(() => setFps(p?.stats.fps ?? 0), 1000);
    return () => {
      disposed = true;
      clearInterval(timer);
      setPreviewSink(undefined);
      p?.dispose();
    };
  }, []);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const maxPoints = Number(params.get('maxPoints') ?? '') || undefined;
    requestPreview(on, { maxPoints });
  }, [on]);
  const view = (v: ViewPreset): void => preview?.view(v);
  const cameras = useCameras();
  const style = usePointStyle();
  useEffect(() => {
    if (preview !== undefined && style !== undefined) preview.pointStyle(style);
  }, [preview, style]);
  /** A choice of the Point style menu ("led:glow", "size:8", "gamma:2.2"): set_point_style, one undo step. */
  const restyle = (choice: string): void => {
    const [key, raw] = choice.split(':');
    if (raw === undefined) return;
    const value = key === 'led' || raw === 'auto' ? raw : Number(raw);
    void act('Change point style', () => callTool('set_point_style', { [key]: value }));
  };
  const recall = (name: string): void => {
    const camera = cameras.find((c) => c.name === name);
    if (camera === undefined) return;
    preview?.flyTo(camera, RECALL_MS, 'ease-in-out');
    // The show's view follows (get_frame camera:"current"); live, not an undo step.
    void act(`Recall camera ${name}`, () => callTool('recall_camera', { name, durationMs: RECALL_MS, easing: 'ease-in-out' }));
  };
  const l = light.value;
  return (
    <section class="preview" aria-label="Preview">
      <div class="preview-canvas" ref={host} />
      <div class="preview-bar">
        {(['front', 'top', 'side', 'perspective'] as const).map((v) => (
          <button type="button" key={v} onClick={() => view(v)}>
            {v[0].toUpperCase() + v.slice(1)}
          </button>
        ))}
        {cameras.length > 0 && (
          <select
            aria-label="Camera"
            class="preview-cameras"
            value=""
            onChange={(e) => {
              const select = e.currentTarget as HTMLSelectElement;
              recall(select.value);
              select.value = '';
            }}
          >
            <option value="">Camera…</option>
            {cameras.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        )}
        <select
          aria-label="Point style"
          class="preview-points"
          value=""
          title={style === undefined ? 'Point style' : `Points: ${style.led}, size ${style.size}, gamma ${style.gamma}`}
          onChange={(e) => {
            const select = e.currentTarget as HTMLSelectElement;
            restyle(select.value);
            select.value = '';
          }}
        >
          <option value="">Points…</option>
          <optgroup label="LED style">
            {(['disc', 'square', 'glow'] as const).map((led) => (
              <option key={led} value={`led:${led}`}>
                {led === style?.led ? `✓ ${led}` : led}
              </option>
            ))}
          </optgroup>
          <optgroup label="Size (px)">
            {POINT_SIZES.map((size) => (
              <option key={size} value={`size:${size}`}>
                {size === style?.size ? `✓ ${size}` : `${size}`}
              </option>
            ))}
          </optgroup>
          <optgroup label="Gamma">
            {POINT_GAMMAS.map((gamma) => (
              <option key={gamma} value={`gamma:${gamma}`}>
                {gamma === style?.gamma ? `✓ ${gamma}` : `${gamma}`}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="button" class={`toggle ${on ? 'on' : ''}`} aria-pressed={on} onClick={() => setOn(!on)} title="Stream live frames">
          Live
        </button>
        <span class="preview-info">
          {l?.pointCount.toLocaleString()} points · {preview?.stats.points.toLocaleString() ?? 0} shown ·{' '}
          {on ? (fps > 0 ? `${fps} fps` : 'live, no change') : 'paused'}
        </span>
      </div>
    </section>
  );
}

/** DMX in from a desk: receiving (universes, packets per second), waiting, or not listening; nothing when none is configured. */
function DmxInBadge() {
  const d = dmxIn.value;
  if (d === undefined) return null;
  const where = d.receivers
    .map((r) => `${r.protocol === 'artnet' ? 'Art-Net' : 'sACN'} ${r.host}:${r.port}${r.listening ? '' : ' (not listening)'}`)
    .join(', ');
  const listening = d.receivers.some((r) => r.listening);
  const text = !listening ? 'DMX in: off' : d.receiving ? `DMX in · ${d.universes} univ · ${d.rate}/s` : 'DMX in: waiting';
  const state = !listening ? 'closed' : d.receiving ? 'open' : 'idle';
  return (
    <span class={`link link-${state}`} title={`DMX input: ${where}`} data-testid="dmx-in">
      {text}
    </span>
  );
}

/** Web MIDI on or off, with the controllers it reaches; a click turns it on (the browser may ask) or off. */
function MidiToggle() {
  const m = midiState.value;
  const text = m.on ? `MIDI · ${m.inputs.length} in` : 'MIDI off';
  const title = m.error ?? (m.on ? `MIDI inputs: ${m.inputs.join(', ') || 'none connected'} (click to turn off)` : 'Play the show from MIDI controllers');
  return (
    <button type="button" class={`toggle ${m.on ? 'on' : ''}`} aria-pressed={m.on} title={title} data-testid="midi" onClick={() => void setMidi(!m.on)}>
      {text}
    </button>
  );
}

/** While MIDI is on: the output the show's MTC and clock go to, and which of them (docs/midi.md, "MIDI out"). */
function MidiOutPanel() {
  if (!midiState.value.on) return null;
  const s = midiOutState.value;
  const title = s.error ?? (s.latencyMs === undefined ? 'MIDI out: MTC and clock from the song' : `MIDI out plays ${s.latencyMs} ms after the song`);
  return (
    <span class="midi-out" title={title} data-testid="midi-out">
      <select
        aria-label="MIDI output"
        data-testid="midi-output"
        value={s.output ?? ''}
        onChange={(e) => void setMidiOut({ output: e.currentTarget.value === '' ? null : e.currentTarget.value, mtc: s.mtc, clock: s.clock })}
      >
        <option value="">no MIDI out</option>
        {s.outputs.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <label>
        <input
          type="checkbox"
          data-testid="midi-mtc"
          checked={s.mtc}
          onChange={(e) => void setMidiOut({ output: s.output, mtc: e.currentTarget.checked, clock: s.clock })}
        />
        MTC
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="midi-clock"
          checked={s.clock}
          onChange={(e) => void setMidiOut({ output: s.output, mtc: s.mtc, clock: e.currentTarget.checked })}
        />
        Clock
      </label>
      {s.error !== undefined && (
        <span class="warn" data-testid="midi-out-error">
          {s.error}
        </span>
      )}
    </span>
  );
}

function TopBar({ tab, setTab, open }: { readonly tab: string; readonly setTab: (t: string) => void; readonly open: (d: 'save' | 'connect') => void }) {
  const h = history.value;
  const ro = policy.value?.agentsReadOnly === true;
  const l = light.value;
  return (
    <header class="topbar">
      <span class="brand">Footlight</span>
      <div class="tabs" role="tablist">
        {['Light', 'Clips', 'Cues', 'Sound', 'Outputs', 'Stage'].map((t) => (
          <button type="button" role="tab" key={t} aria-selected={tab === t} class={tab === t ? 'on' : ''} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      <span class={`link link-${link.value}`} title="Connection to the show">
        {link.value === 'open' ? 'live' : link.value === 'closed' ? 'disconnected: retrying' : 'connecting'}
      </span>
      <DmxInBadge />
      <MidiToggle />
      {midiState.value.on && <LearnButton />}
      <MidiOutPanel />
      {ro && <span class="badge warn">agents read-only</span>}
      <span class="project" title={l?.projectPath ?? 'Not saved yet'}>
        {l?.projectPath?.split('/').pop() ?? 'unsaved show'}
      </span>
      <span class="buttons">
        <button
          type="button"
          disabled={!h.canUndo}
          onClick={() => undoRedo('undo')}
          title={h.steps[0] ? `Undo ${h.steps[0].label} (Ctrl/⌘-Z)` : 'Nothing to undo'}
        >
          ↶ Undo
        </button>
        <button
          type="button"
          disabled={!h.canRedo}
          onClick={() => undoRedo('redo')}
          title={h.redo[0] ? `Redo ${h.redo[0].label} (Shift-Ctrl/⌘-Z)` : 'Nothing to redo'}
        >
          ↷ Redo
        </button>
        <button type="button" onClick={() => open('save')}>
          Save…
        </button>
        <button type="button" onClick={() => open('connect')}>
          Connect
        </button>
      </span>
    </header>
  );
}

/** Errors from the server stay until dismissed; confirmations fade by themselves. */
function Notices() {
  const list = notices.value;
  if (list.length === 0) return null;
  return (
    <div class="notices">
      {list.map((n) => (
        <div key={n.id} class={`notice ${n.error ? 'error' : 'info'}`} role={n.error ? 'alert' : 'status'}>
          <span class="notice-text">{n.text}</span>
          <button type="button" class="close" aria-label="Dismiss" title="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** Ctrl/⌘-Z undoes, Shift-Ctrl/⌘-Z (and Ctrl-Y) redoes, unless a text field has the keys. */
function isUndoKey(ev: KeyboardEvent): 'undo' | 'redo' | undefined {
  if (!(ev.metaKey || ev.ctrlKey) || ev.altKey) return undefined;
  const key = ev.key.toLowerCase();
  if (key === 'z') return ev.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && ev.ctrlKey && !ev.shiftKey) return 'redo';
  return undefined;
}

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (el === null) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'range'].includes((el as HTMLInputElement).type);
}

/**
 * The song's keys, as in a DAW: Space plays or stops (on a focused button too: Enter presses
 * buttons), Home returns to the start. Not while typing, in a menu or a dialog, or (Home) on a
 * slider, where Home is the slider's minimum; not at all without a sound host.
 */
function transportKey(ev: KeyboardEvent): 'play' | 'start' | undefined {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey || typing(ev.target) || !hasSong()) return undefined;
  const el = ev.target as HTMLElement | null;
  if (el?.tagName === 'SELECT' || el?.closest('.dialog') != null) return undefined;
  if (ev.key === ' ') return 'play';
  const slider = el?.getAttribute('role') === 'slider' || (el?.tagName === 'INPUT' && (el as HTMLInputElement).type === 'range');
  return ev.key === 'Home' && !slider ? 'start' : undefined;
}

function App() {
  const [tab, setTab] = useState('Light');
  const [dialog, setDialog] = useState<'save' | 'connect' | undefined>(undefined);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent): void => {
      const key = transportKey(ev);
      if (key !== undefined) {
        ev.preventDefault();
        if (!ev.repeat) key === 'play' ? togglePlay() : toStart();
        return;
      }
      const which = isUndoKey(ev);
      if (which === undefined || typing(ev.target)) return;
      ev.preventDefault();
      undoRedo(which);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (dialog === undefined) return;
    const onKey = (ev: KeyboardEvent): void => {
      if (ev.key === 'Escape') setDialog(undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog]);
  const l = light.value;
  return (
    <div class="app">
      <TopBar tab={tab} setTab={setTab} open={setDialog} />
      <ClusterBar />
      <main class={`main tab-${tab.toLowerCase()}`}>
        {tab === 'Light' ? (
          <div class="light-view">
            <div class="stage">
              <PreviewPane />
              {l !== undefined ? <Mixer light={l} /> : <p class="hint waiting">Waiting for the show…</p>}
            </div>
            <aside class="side">
              <DeviceEditor />
              <HistoryPanel />
              <AgentPanel />
            </aside>
          </div>
        ) : tab === 'Clips' ? (
          <div class="clips-view">
            {l !== undefined ? <ClipGrid grid={l.clips} /> : <p class="hint waiting">Waiting for the show…</p>}
            <aside class="side">
              <HistoryPanel />
              <AgentPanel />
            </aside>
          </div>
        ) : tab === 'Cues' ? (
          <div class="cues-view">
            <CuesView />
            <aside class="side">
              <HistoryPanel />
              <AgentPanel />
            </aside>
          </div>
        ) : tab === 'Stage' ? (
          <div class="outputs-view">
            <StageView />
            <aside class="side">
              <HistoryPanel />
              <AgentPanel />
            </aside>
          </div>
        ) : tab === 'Outputs' ? (
          <div class="outputs-view">
            <OutputsView />
            <aside class="side">
              <HistoryPanel />
              <AgentPanel />
            </aside>
          </div>
        ) : (
          <div class="sound-view">
            <SoundView />
            <aside class="side">
              <HistoryPanel />
              <AgentPanel />
            </aside>
          </div>
        )}
      </main>
      <Notices />
      {dialog !== undefined && (
        <div class="backdrop">
          {/* A click beside the dialog closes it: the backdrop's own button, under the dialog. */}
          <button type="button" class="backdrop-close" aria-label="Close the dialog" tabIndex={-1} onClick={() => setDialog(undefined)} />
          {dialog === 'save' ? <SaveDialog onClose={() => setDialog(undefined)} /> : <ConnectDialog onClose={() => setDialog(undefined)} />}
        </div>
      )}
    </div>
  );
}

openSocket();
render(<App />, document.getElementById('app')!);
