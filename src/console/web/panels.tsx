import { useEffect, useState } from 'preact/hooks';
import type { HistoryStep, ParameterPayload } from '../protocol.js';
import { ParamControl } from './controls.js';
import { act, activity, api, ApiError, connect, history, light, notice, policy, selectedDevice, sessions, watch } from './store.js';

interface ComponentReply {
  readonly component: { readonly path: string; readonly id: number; readonly label: string; readonly class?: string };
  readonly parameters: readonly ParameterPayload[];
  readonly subParameters: readonly ParameterPayload[];
  readonly momentary: readonly string[];
}

/** Parameters every pattern or effect has (LX's device base classes): shown folded, below the device's own. */
const COMMON_KEYS = ['view', 'viewPriority', 'enabled', 'recall', 'launch', 'compositeBlend', 'compositeLevel', 'hasCustomCycleTime', 'customCycleTimeSecs', 'autoMute', 'cueActive', 'auxActive', 'locked'];

/** Every parameter of the selected device, each with the control for its kind. */
export function DeviceEditor() {
  const path = selectedDevice.value;
  const [data, setData] = useState<ComponentReply | undefined>(undefined);
  const revision = light.value; // re-read after structure changes
  useEffect(() => {
    if (path === undefined) {
      setData(undefined);
      watch([]);
      return;
    }
    let live = true;
    void api<ComponentReply>(`/api/component?path=${encodeURIComponent(path)}`)
      .then((d) => {
        if (live) setData(d);
      })
      .catch((err: unknown) => {
        if (!live) return;
        setData(undefined);
        if (err instanceof ApiError && err.code === 'not_found') selectedDevice.value = undefined;
      });
    watch([path]);
    return () => {
      live = false;
    };
  }, [path, revision]);
  if (path === undefined || data === undefined) {
    return (
      <section class="device empty" aria-label="Device">
        <h2>Device</h2>
        <p class="hint">Select a pattern or effect in the mixer to edit its parameters.</p>
      </section>
    );
  }
  const params = data.parameters.filter((p) => !COMMON_KEYS.includes(p.key));
  const common = data.parameters.filter((p) => !params.includes(p));
  return (
    <section class="device" aria-label="Device" data-path={data.component.path}>
      <h2>
        {data.component.label}
        <small>{data.component.class?.split('.').pop()}</small>
      </h2>
      <div class="params">
        {params.map((p) => (
          <div class="param-row" key={p.path}>
            <span class="param-label" title={p.description}>
              {p.label}
            </span>
            <ParamControl p={p} all={data.subParameters} momentary={data.momentary.includes(p.key)} />
          </div>
        ))}
      </div>
      {common.length > 0 && (
        <details class="common">
          <summary>View, playlist and blend</summary>
          {common.map((p) => (
            <div class="param-row" key={p.path}>
              <span class="param-label" title={p.description}>
                {p.label}
              </span>
              <ParamControl p={p} all={data.subParameters} momentary={data.momentary.includes(p.key)} />
            </div>
          ))}
        </details>
      )}
    </section>
  );
}

function who(s: { readonly surface: string; readonly client?: string; readonly session?: string }): string {
  if (s.surface === 'console') return s.session === undefined ? 'console' : `console ${s.session}`;
  if (s.surface === 'mcp') return `${s.client ?? 'agent'} · ${s.session?.slice(0, 8) ?? ''}`;
  return s.session === undefined ? s.surface : `${s.surface} ${s.session}`;
}

function Step({ s, redo = false }: { readonly s: HistoryStep; readonly redo?: boolean }) {
  return (
    <li class={`step ${redo ? 'redo' : ''} surface-${s.surface}`} data-seq={s.seq}>
      <span class="step-label">{s.label}</span>
      <span class="step-who">{who(s)}</span>
    </li>
  );
}

export function HistoryPanel() {
  const h = history.value;
  return (
    <section class="history" aria-label="Undo history">
      <h2>
        History
        <span class="buttons">
          <button type="button" id="undo" disabled={!h.canUndo} title={h.steps[0] !== undefined ? `Undo ${h.steps[0].label}` : 'Nothing to undo'} onClick={() => void act('Undo', () => api('/api/undo', {}))}>
            Undo
          </button>
          <button type="button" id="redo" disabled={!h.canRedo} title={h.redo[0] !== undefined ? `Redo ${h.redo[0].label}` : 'Nothing to redo'} onClick={() => void act('Redo', () => api('/api/redo', {}))}>
            Redo
          </button>
        </span>
      </h2>
      <ol class="steps">
        {[...h.redo].reverse().map((s) => (
          <Step key={`r${s.seq}`} s={s} redo />
        ))}
        {h.steps.map((s) => (
          <Step key={s.seq} s={s} />
        ))}
        {h.steps.length === 0 && h.redo.length === 0 && <li class="hint">No changes yet.</li>}
      </ol>
    </section>
  );
}

function Switch({ id, on, label, hint, onFlip }: { readonly id: string; readonly on: boolean; readonly label: string; readonly hint: string; readonly onFlip: (on: boolean) => void }) {
  return (
    <label class={`switch ${on ? 'on' : ''}`} title={hint}>
      <input id={id} type="checkbox" role="switch" checked={on} onChange={(ev) => onFlip((ev.currentTarget as HTMLInputElement).checked)} />
      <span>{label}</span>
    </label>
  );
}

export function AgentPanel() {
  const pol = policy.value;
  const items = activity.value;
  const sess = sessions.value;
  const flip = (body: Record<string, boolean>): void => void act('Agent policy', () => api('/api/policy', body));
  return (
    <section class="agents" aria-label="Agent activity">
      <h2>
        Agents
        <span class={`dot ${sess.connected ? 'on' : ''}`} title={sess.connected ? 'An agent is connected' : 'No agent connected'} />
        <small>{sess.sessions.length} session{sess.sessions.length === 1 ? '' : 's'}</small>
      </h2>
      <div class="switches">
        <Switch id="agents-write" on={!pol.agentsReadOnly} label="Agents may change the show" hint="Off: every agent tool that changes the show is refused (agents read-only)" onFlip={(on) => flip({ agentsReadOnly: !on })} />
        <Switch id="sound-coop" on={pol.soundCooperative} label="Sound: cooperative writes" hint="The grant the sound tools check before changing the sound project" onFlip={(on) => flip({ soundCooperative: on })} />
      </div>
      {sess.sessions.length > 0 && (
        <ul class="sessions">
          {sess.sessions.map((s) => (
            <li key={s.id} title={s.id}>
              {s.client ?? 'client'} <code>{s.id.slice(0, 8)}</code>
              {s.inFlight > 0 && <span class="busy"> working</span>}
            </li>
          ))}
        </ul>
      )}
      <ol class="feed" aria-live="polite">
        {[...items]
          .reverse()
          .slice(0, 60)
          .map((c) => (
            <li key={c.id} class={c.ok ? 'ok' : 'fail'} title={c.error ?? c.args}>
              <span class="tool">{c.tool}</span>
              <span class="args">{c.args}</span>
              <span class="meta">
                {c.client ?? c.surface} · {c.session?.slice(0, 8)}
                {c.step !== undefined && <> · step {c.step}</>}
                {!c.ok && <> · {c.error?.split(':')[0]}</>}
              </span>
            </li>
          ))}
        {items.length === 0 && <li class="hint">No agent calls yet. Connect an agent (Connect, top right).</li>}
      </ol>
    </section>
  );
}

/** The human's save of the light show: a path, and an explicit confirmation to overwrite. */
export function SaveDialog({ onClose }: { readonly onClose: () => void }) {
  const [path, setPath] = useState(light.value?.projectPath ?? '');
  const [confirm, setConfirm] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const save = async (overwrite: boolean): Promise<void> => {
    setBusy(true);
    try {
      const out = await api<{ path: string; bytes: number }>('/api/save', { path, overwrite });
      notice.value = { text: `Saved ${out.path} (${Math.round(out.bytes / 1024)} KiB)`, error: false, at: Date.now() };
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body.exists === true) setConfirm(path);
      else notice.value = { text: `Save: ${err instanceof ApiError ? `${err.code}: ${err.message}` : String(err)}`, error: true, at: Date.now() };
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="dialog" role="dialog" aria-label="Save the light show">
      <h2>Save the light show</h2>
      <p class="hint">Writes an LX project (.lxp) on this machine. Agents cannot save; only you can.</p>
      <input class="path" placeholder="/home/you/shows/my-show.lxp" value={path} onInput={(ev) => { setPath((ev.currentTarget as HTMLInputElement).value); setConfirm(undefined); }} />
      {confirm !== undefined && <p class="warn">{confirm} already exists. Overwrite it?</p>}
      <div class="dialog-buttons">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        {confirm === undefined ? (
          <button type="button" class="primary" disabled={busy || path.trim() === ''} onClick={() => void save(false)}>
            Save
          </button>
        ) : (
          <button type="button" class="danger" disabled={busy} onClick={() => void save(true)}>
            Overwrite
          </button>
        )}
      </div>
    </div>
  );
}

export function ConnectDialog({ onClose }: { readonly onClose: () => void }) {
  const info = connect.value;
  useEffect(() => {
    if (info === undefined) void act('Connect', async () => (connect.value = await api('/api/connect')));
  }, [info]);
  return (
    <div class="dialog wide" role="dialog" aria-label="Connect an agent">
      <h2>Connect an agent</h2>
      {info === undefined ? (
        <p>Loading…</p>
      ) : (
        <>
          <p>
            MCP endpoint: <code>{info.mcpUrl}</code>
          </p>
          {info.clients.map((c) => (
            <div class="snippet" key={c.name}>
              <h3>
                {c.name} <small>{c.where}</small>
                <button type="button" onClick={() => void navigator.clipboard?.writeText(c.text)}>
                  Copy
                </button>
              </h3>
              <pre>{c.text}</pre>
            </div>
          ))}
        </>
      )}
      <div class="dialog-buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
