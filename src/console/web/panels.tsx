import { useEffect, useRef, useState } from 'preact/hooks';
import type { ActivityItem, DeviceSummary, HistoryState, HistoryStep, LightState, ParameterPayload } from '../protocol.js';
import { ParamControl } from './controls.js';
import { EffectChain } from './mixer.js';
import {
  act,
  activity,
  api,
  ApiError,
  connect,
  failureText,
  history,
  light,
  notify,
  policy,
  selectedDevice,
  selectDevice,
  sessions,
  undoRedo,
  watch,
} from './store.js';

interface ComponentReply {
  readonly component: { readonly path: string; readonly id: number; readonly label: string; readonly class?: string };
  readonly parameters: readonly ParameterPayload[];
  readonly subParameters: readonly ParameterPayload[];
  readonly momentary: readonly string[];
}

/** Parameters every pattern or effect has (LX's device base classes): shown folded, below the device's own. */
const COMMON_KEYS = [
  'view',
  'viewPriority',
  'enabled',
  'recall',
  'launch',
  'compositeBlend',
  'compositeLevel',
  'hasCustomCycleTime',
  'customCycleTimeSecs',
  'autoMute',
  'cueActive',
  'auxActive',
  'locked',
];

/** Where a device sits, for the editor's title: the pattern (with its channel) or the effect's container. */
function placeOf(l: LightState | undefined, id: number): { device: DeviceSummary; where: string; isPattern: boolean } | undefined {
  if (l === undefined) return undefined;
  for (const ch of l.channels) {
    for (const p of ch.patterns) {
      if (p.id === id) return { device: p, where: ch.label, isPattern: true };
      for (const e of p.effects ?? []) if (e.id === id) return { device: e, where: `${p.label} on ${ch.label}`, isPattern: false };
    }
    for (const e of ch.effects) if (e.id === id) return { device: e, where: ch.label, isPattern: false };
  }
  for (const e of l.master.effects) if (e.id === id) return { device: e, where: 'Master', isPattern: false };
  return undefined;
}

/** Every parameter of the selected device, each with the control for its kind; a pattern's effect chain. */
/** One labelled control per parameter of the device being edited. */
function ParamRows({ params, data }: { readonly params: readonly ParameterPayload[]; readonly data: ComponentReply }) {
  return (
    <>
      {params.map((p) => (
        <div class="param-row" key={p.path}>
          <span class="param-label" title={p.description}>
            {p.label}
          </span>
          <ParamControl p={p} all={data.subParameters} momentary={data.momentary.includes(p.key)} />
        </div>
      ))}
    </>
  );
}

export function DeviceEditor() {
  const sel = selectedDevice.value;
  const [data, setData] = useState<ComponentReply | undefined>(undefined);
  const l = light.value;
  const id = sel?.id;
  const place = id === undefined ? undefined : placeOf(l, id);
  useEffect(() => {
    if (id === undefined) {
      setData(undefined);
      watch([]);
      return;
    }
    let live = true;
    void api<ComponentReply>(`/api/component?id=${id}`)
      .then((d) => {
        if (live) setData(d);
      })
      .catch((err: unknown) => {
        if (!live) return;
        setData(undefined);
        if (err instanceof ApiError && err.code === 'not_found') selectDevice(undefined);
        else notify(failureText('Read device', err), true);
      });
    return () => {
      live = false;
    };
  }, [id, l]);
  useEffect(() => {
    if (sel !== undefined) watch([sel.path]);
  }, [sel?.path]);
  if (sel === undefined || data === undefined || data.component.id !== sel.id) {
    return (
      <section class="device empty" aria-label="Device">
        <h2>Device</h2>
        <p class="hint">{sel === undefined ? 'Select a pattern or effect in the mixer to edit its parameters.' : 'Reading…'}</p>
      </section>
    );
  }
  const params = data.parameters.filter((p) => !COMMON_KEYS.includes(p.key));
  const common = data.parameters.filter((p) => !params.includes(p));
  return (
    <section class="device" aria-label="Device" data-path={data.component.path} data-id={data.component.id}>
      <h2>
        <span class="device-name">{data.component.label}</span>
        <small>
          {data.component.class?.split('.').pop()}
          {place !== undefined && ` · ${place.where}`}
        </small>
        <button type="button" class="close" aria-label="Close the device editor" title="Close" onClick={() => selectDevice(undefined)}>
          ×
        </button>
      </h2>
      <div class="device-body">
        <div class="params">
          <ParamRows params={params} data={data} />
          {params.length === 0 && <p class="hint">No parameters of its own.</p>}
        </div>
        {place?.isPattern === true && l !== undefined && (
          <div class="device-fx">
            <h3>Effects on this pattern</h3>
            <EffectChain container={place.device} effects={place.device.effects ?? []} library={l.library.effects} name={place.device.label} />
          </div>
        )}
        {common.length > 0 && (
          <details class="common">
            <summary>View, playlist and blend</summary>
            <div class="params">
              <ParamRows params={common} data={data} />
            </div>
          </details>
        )}
      </div>
    </section>
  );
}

function who(s: { readonly surface: string; readonly client?: string; readonly session?: string; readonly via?: string }): string {
  if (s.surface === 'console') return s.session === undefined ? 'console' : `console ${s.session}`;
  if (s.surface === 'mcp')
    return `${s.client ?? 'agent'} · ${s.session?.slice(0, 8) ?? ''}${s.via === undefined ? '' : ` (via ${s.via === 'protocol3' ? 'protocol 3' : s.via})`}`;
  return s.session === undefined ? s.surface : `${s.surface} ${s.session}`;
}

// One formatter for every step: toLocaleTimeString with options builds a formatter per call, and
// the history re-renders 50 steps per update, so an agent's burst of 80 edits kept the page busy
// for seconds (4.8 s of script in Chromium) and the operator saw the history late.
const CLOCK = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

function clock(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : CLOCK.format(d);
}

/**
 * A newest-first list that holds still while the operator reads it: while the pointer is over
 * it (`onHover`) or it is scrolled away from the top, new items are counted, not inserted, and
 * a button shows them. Items are keyed by an increasing number.
 */
function useHeld<T>(live: readonly T[], key: (t: T) => number, onHover: boolean) {
  const [held, setHeld] = useState<readonly T[] | undefined>(undefined);
  const hover = useRef(false);
  const scrolled = useRef(false);
  const list = useRef<HTMLOListElement>(null);
  const update = (): void => {
    const hold = (onHover && hover.current) || scrolled.current;
    if (hold && held === undefined) setHeld(live);
    else if (!hold && held !== undefined) setHeld(undefined);
  };
  const shown = held ?? live;
  const top = shown.length > 0 ? key(shown[0]) : -Infinity;
  const newer = held === undefined ? 0 : live.filter((t) => key(t) > top).length;
  return {
    shown,
    newer,
    release: (): void => {
      scrolled.current = false;
      hover.current = false;
      if (list.current !== null) list.current.scrollTop = 0;
      setHeld(undefined);
    },
    /** On the scrolling list. */
    list: {
      ref: list,
      onScroll: (ev: Event): void => {
        scrolled.current = (ev.currentTarget as HTMLElement).scrollTop > 4;
        update();
      },
    },
    /** On the element around the list and its "newer" button (so reaching for the button keeps the hold). */
    area: {
      onPointerEnter: (): void => {
        hover.current = true;
        update();
      },
      onPointerLeave: (): void => {
        hover.current = false;
        update();
      },
    },
  };
}

function Step({ s, redo = false }: { readonly s: HistoryStep; readonly redo?: boolean }) {
  const text = `${s.label} — ${who(s)} at ${clock(s.at)}${redo ? ' (undone: Redo brings it back)' : ''}`;
  return (
    <li class={`step ${redo ? 'redo' : ''} surface-${s.surface}`} data-seq={s.seq} title={text}>
      <span class="step-seq">{s.seq}</span>
      <span class="step-label">{s.label}</span>
      <span class="step-who">{who(s)}</span>
    </li>
  );
}

/** Says when the history has dropped its earliest steps, or will soon: undo cannot reach past them. */
function HistoryBudget({ m }: { readonly m: HistoryState['memory'] }) {
  const share = m.budgetBytes > 0 ? Math.round((100 * m.usedBytes) / m.budgetBytes) : 0;
  if (m.droppedSteps > 0)
    return (
      <p class="history-budget dropped" id="history-dropped" role="status">
        {m.droppedSteps} earliest step{m.droppedSteps === 1 ? ' was' : 's were'} dropped to keep the history inside its memory budget: undo cannot go back past
        them.
      </p>
    );
  if (m.nearBudget)
    return (
      <p class="history-budget near" id="history-near" role="status">
        The history uses {share} % of its memory budget: past it, the earliest steps are dropped.
      </p>
    );
  return null;
}

export function HistoryPanel() {
  const h = history.value;
  const held = useHeld(h.steps, (s) => s.seq, false);
  return (
    <section class="history" aria-label="Undo history">
      <h2>
        History
        <small>{h.steps.length === 0 ? '' : `${h.steps.length}${h.steps.length >= 50 ? '+' : ''} step${h.steps.length === 1 ? '' : 's'}`}</small>
        <span class="buttons">
          <button
            type="button"
            id="undo"
            disabled={!h.canUndo}
            title={h.steps[0] !== undefined ? `Undo ${h.steps[0].label} (Ctrl/⌘-Z)` : 'Nothing to undo'}
            onClick={() => undoRedo('undo')}
          >
            Undo
          </button>
          <button
            type="button"
            id="redo"
            disabled={!h.canRedo}
            title={h.redo[0] !== undefined ? `Redo ${h.redo[0].label} (Shift-Ctrl/⌘-Z)` : 'Nothing to redo'}
            onClick={() => undoRedo('redo')}
          >
            Redo
          </button>
        </span>
      </h2>
      <HistoryBudget m={h.memory} />
      {held.newer > 0 && (
        <button type="button" class="newer" onClick={held.release}>
          ↑ {held.newer} newer step{held.newer === 1 ? '' : 's'}
        </button>
      )}
      <ol class="steps" {...held.list}>
        {held.shown === h.steps && [...h.redo].reverse().map((s) => <Step key={`r${s.seq}`} s={s} redo />)}
        {held.shown.map((s) => (
          <Step key={s.seq} s={s} />
        ))}
        {h.steps.length === 0 && h.redo.length === 0 && <li class="hint">No changes yet. Every change, yours or an agent's, lands here and can be undone.</li>}
      </ol>
    </section>
  );
}

function Switch({
  id,
  on,
  label,
  hint,
  onFlip,
}: {
  readonly id: string;
  readonly on: boolean | undefined;
  readonly label: string;
  readonly hint: string;
  readonly onFlip: (on: boolean) => void;
}) {
  return (
    <div class={`switch ${on === true ? 'on' : ''}`}>
      <label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on === true}
          aria-checked={on === true}
          disabled={on === undefined}
          aria-describedby={`${id}-hint`}
          onChange={(ev) => onFlip((ev.currentTarget as HTMLInputElement).checked)}
        />
        <span class="switch-label">{label}</span>
        <span class="switch-state">{on === undefined ? '…' : on ? 'On' : 'Off'}</span>
      </label>
      <p class="switch-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** What the sound switch means, in its current state (the MCP sound tools read the same field). */
function soundSwitchHint(on: boolean | undefined): string {
  if (on === undefined) return 'Reading the switch from the server…';
  return on ? 'On: agents’ sound writes run at once, without a preview.' : 'Off: agents get a preview and must confirm each sound write.';
}

function FeedItem({ c }: { readonly c: ActivityItem }) {
  const code = c.error?.split(':')[0];
  return (
    <li class={c.ok ? 'ok' : 'fail'} data-id={c.id} title={c.error ?? c.args}>
      <span class="feed-head">
        <span class="tool">{c.tool}</span>
        <span class="time">{clock(c.at)}</span>
      </span>
      {c.args !== '' && <span class="args">{c.args}</span>}
      {!c.ok && <span class="error">{c.error ?? code}</span>}
      <span class="meta">
        {c.client ?? c.surface}
        {c.session !== undefined && <> · {c.session.slice(0, 8)}</>}
        {c.step !== undefined && <> · step {c.step}</>} · {c.ms} ms
      </span>
    </li>
  );
}

export function AgentPanel() {
  const pol = policy.value;
  const items = activity.value;
  const sess = sessions.value;
  const newestFirst = [...items].reverse();
  const held = useHeld(newestFirst, (c) => c.id, true);
  const flip = (body: Record<string, boolean>): void => void act('Agent switch', () => api('/api/policy', body));
  return (
    <section class="agents" aria-label="Agent activity">
      <h2>
        Agents
        <span class={`dot ${sess.connected ? 'on' : ''}`} title={sess.connected ? 'An agent is connected' : 'No agent connected'} />
        <small>
          {sess.sessions.length} session{sess.sessions.length === 1 ? '' : 's'}
        </small>
      </h2>
      <div class="switches">
        <Switch
          id="agents-write"
          on={pol === undefined ? undefined : !pol.agentsReadOnly}
          label="Agents may change the show"
          hint={
            pol === undefined
              ? 'Reading the switch from the server…'
              : pol.agentsReadOnly
                ? 'Off: agents can only read; their changes are refused.'
                : 'On: agents may change the show; you can undo it.'
          }
          onFlip={(on) => flip({ agentsReadOnly: !on })}
        />
        <Switch
          id="sound-coop"
          on={pol?.soundCooperative}
          label="Sound: let agents write without confirming"
          hint={soundSwitchHint(pol?.soundCooperative)}
          onFlip={(on) => flip({ soundCooperative: on })}
        />
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
      <div class="feed-wrap" {...held.area}>
        {held.newer > 0 && (
          <button type="button" class="newer" onClick={held.release}>
            ↑ {held.newer} newer call{held.newer === 1 ? '' : 's'}
          </button>
        )}
        <ol class="feed" aria-label="Agent calls, newest first" {...held.list}>
          {held.shown.slice(0, 80).map((c) => (
            <FeedItem key={c.id} c={c} />
          ))}
          {items.length === 0 && <li class="hint">No agent calls yet. Connect an agent (Connect, top right).</li>}
        </ol>
      </div>
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
      notify(`Saved ${out.path} (${Math.round(out.bytes / 1024)} KiB)`, false);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body.exists === true) setConfirm(path);
      else notify(failureText('Save', err), true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="dialog" role="dialog" aria-label="Save the light show">
      <h2>Save the light show</h2>
      <p class="hint">Writes an LX project (.lxp) on this machine. Agents cannot save; only you can.</p>
      <input
        class="path"
        placeholder="/path/to/my-show.lxp"
        value={path}
        onInput={(ev) => {
          setPath((ev.currentTarget as HTMLInputElement).value);
          setConfirm(undefined);
        }}
      />
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
          {info.accessToken === undefined ? null : (
            <p class="access-token">
              Access token: <code>{info.accessToken}</code> — this Footlight listens beyond loopback, so every client sends it (the configurations below do).
              Console link for another browser: <code>{info.consoleUrl}</code>
            </p>
          )}
          {info.clients.map((c) => (
            <div class="snippet" key={c.name}>
              <h3>
                {c.name} <small>{c.where}</small>
                <button
                  type="button"
                  onClick={() => {
                    if (navigator.clipboard === undefined) notify('Copy: this browser gives the page no clipboard here; select the text and copy it', true);
                    else
                      navigator.clipboard.writeText(c.text).then(
                        () => notify(`Copied the ${c.name} configuration`, false),
                        (err: unknown) => notify(failureText('Copy', err), true),
                      );
                  }}
                >
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
