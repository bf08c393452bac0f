import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './styles.css';
import { Mixer } from './mixer.js';
import { AgentPanel, ConnectDialog, DeviceEditor, HistoryPanel, SaveDialog } from './panels.js';
import type { Preview, ViewPreset } from './preview.js';
import { SoundView } from './sound.js';
import { act, api, history, light, link, notice, openSocket, policy, previewStats, requestPreview, setPreviewSink } from './store.js';

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
        <button type="button" class={`toggle ${on ? 'on' : ''}`} aria-pressed={on} onClick={() => setOn(!on)} title="Stream live frames">
          Live
        </button>
        <span class="preview-info">
          {l?.pointCount.toLocaleString()} points · {preview?.stats.points.toLocaleString() ?? 0} shown · {on ? (fps > 0 ? `${fps} fps` : 'live, no change') : 'paused'}
        </span>
      </div>
    </section>
  );
}

function TopBar({ tab, setTab, open }: { readonly tab: string; readonly setTab: (t: string) => void; readonly open: (d: 'save' | 'connect') => void }) {
  const h = history.value;
  const n = notice.value;
  const ro = policy.value.agentsReadOnly;
  return (
    <header class="topbar">
      <span class="brand">Footlight</span>
      <nav class="tabs" role="tablist">
        {['Light', 'Sound'].map((t) => (
          <button type="button" role="tab" key={t} aria-selected={tab === t} class={tab === t ? 'on' : ''} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </nav>
      <span class={`link link-${link.value}`} title="Connection to the show">
        {link.value === 'open' ? 'live' : link.value}
      </span>
      {ro && <span class="badge warn">agents read-only</span>}
      <span class={`notice ${n?.error === true ? 'error' : ''}`} role="status">
        {n?.text}
      </span>
      <span class="buttons">
        <button type="button" disabled={!h.canUndo} onClick={() => void act('Undo', () => api('/api/undo', {}))} title={h.steps[0] ? `Undo ${h.steps[0].label}` : ''}>
          ↶ Undo
        </button>
        <button type="button" disabled={!h.canRedo} onClick={() => void act('Redo', () => api('/api/redo', {}))} title={h.redo[0] ? `Redo ${h.redo[0].label}` : ''}>
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

function App() {
  const [tab, setTab] = useState('Light');
  const [dialog, setDialog] = useState<'save' | 'connect' | undefined>(undefined);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent): void => {
      const target = ev.target as HTMLElement | null;
      if (target !== null && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if ((ev.metaKey || ev.ctrlKey) && ev.key.toLowerCase() === 'z') {
        ev.preventDefault();
        void act(ev.shiftKey ? 'Redo' : 'Undo', () => api(ev.shiftKey ? '/api/redo' : '/api/undo', {}));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const l = light.value;
  return (
    <div class="app">
      <TopBar tab={tab} setTab={setTab} open={setDialog} />
      <main class={`main tab-${tab.toLowerCase()}`}>
        {tab === 'Light' ? (
          <div class="light-view">
            <div class="stage">
              <PreviewPane />
              {l !== undefined ? <Mixer light={l} /> : <p class="hint">Waiting for the show…</p>}
            </div>
            <aside class="side">
              <DeviceEditor />
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
      {dialog !== undefined && (
        <div class="backdrop" onClick={(ev) => ev.target === ev.currentTarget && setDialog(undefined)}>
          {dialog === 'save' ? <SaveDialog onClose={() => setDialog(undefined)} /> : <ConnectDialog onClose={() => setDialog(undefined)} />}
        </div>
      )}
    </div>
  );
}

openSocket();
render(<App />, document.getElementById('app')!);
