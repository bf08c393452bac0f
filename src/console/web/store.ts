import { batch, signal, type Signal } from '@preact/signals';
import { accessHeaders, socketUrl } from './access.js';
import {
  BIN_BEAM_BYTES,
  BIN_BEAMS,
  BIN_FRAME,
  BIN_HEADER_BYTES,
  BIN_MODEL,
  PROTOCOL_VERSION,
  type ActivityItem,
  type ClientMessage,
  type ConnectInfo,
  type DeviceSummary,
  type DmxInState,
  type HistoryState,
  type LightState,
  type ParameterPayload,
  type PolicyState,
  type ServerMessage,
  type SessionInfo,
  type ShowLiveState,
  type SoundState,
} from '../protocol.js';

type LinkState = 'connecting' | 'open' | 'closed';

export const link = signal<LinkState>('connecting');
const connectionId = signal<string | undefined>(undefined);
export const light = signal<LightState | undefined>(undefined);
export const history = signal<HistoryState>({
  steps: [],
  redo: [],
  canUndo: false,
  canRedo: false,
  memory: { droppedSteps: 0, usedBytes: 0, budgetBytes: 0, nearBudget: false },
});
export const activity = signal<readonly ActivityItem[]>([]);
export const sessions = signal<{ sessions: readonly SessionInfo[]; connected: boolean }>({ sessions: [], connected: false });
/** The agent switches as the server holds them; undefined until the server has said (never guessed). */
export const policy = signal<PolicyState | undefined>(undefined);
export const sound = signal<SoundState>({ available: false });
/** The DMX input's receivers and rate; undefined while none is configured. */
export const dmxIn = signal<DmxInState | undefined>(undefined);
export const connect = signal<ConnectInfo | undefined>(undefined);
/** The cue lists and the timecode readouts; undefined until the server has sent them. */
export const show = signal<ShowLiveState | undefined>(undefined);
/**
 * The device (pattern, effect...) open in the editor, by id (ids survive moves; the path is
 * re-read from every light state, so an agent moving things does not change what is open).
 */
export const selectedDevice = signal<{ readonly id: number; readonly path: string } | undefined>(undefined);
/** Channels and groups selected in the mixer (ids), for the mixer's toolbar. */
export const selectedChannels = signal<readonly number[]>([]);

interface Notice {
  readonly id: number;
  readonly text: string;
  readonly error: boolean;
  readonly at: number;
}
/** Messages for the operator: errors stay until dismissed (the last few), confirmations fade. */
export const notices = signal<readonly Notice[]>([]);
let noticeSeq = 0;
const MAX_NOTICES = 4;
const INFO_MS = 4000;

export function notify(text: string, error: boolean): void {
  const n: Notice = { id: ++noticeSeq, text, error, at: Date.now() };
  notices.value = [...notices.value, n].slice(-MAX_NOTICES);
  if (!error) setTimeout(() => dismiss(n.id), INFO_MS);
}

export function dismiss(id: number): void {
  notices.value = notices.value.filter((n) => n.id !== id);
}

/** Selects a device for the editor (or nothing). */
export function selectDevice(d: { readonly id: number; readonly path: string } | undefined): void {
  selectedDevice.value = d === undefined ? undefined : { id: d.id, path: d.path };
}

/** Every device the light state shows (patterns, their effects, bus effects), by id. */
function devicesOf(l: LightState): Map<number, DeviceSummary> {
  const out = new Map<number, DeviceSummary>();
  const add = (list: readonly DeviceSummary[]): void => {
    for (const d of list) {
      out.set(d.id, d);
      if (d.effects !== undefined) add(d.effects);
    }
  };
  for (const ch of l.channels) {
    add(ch.patterns);
    add(ch.effects);
  }
  add(l.master.effects);
  return out;
}

/** Keeps selections pointing at what they selected: new paths after moves, cleared when gone. */
function followSelections(l: LightState): void {
  const sel = selectedDevice.value;
  if (sel !== undefined) {
    const d = devicesOf(l).get(sel.id);
    if (d === undefined) selectedDevice.value = undefined;
    else if (d.path !== sel.path) selectedDevice.value = { id: d.id, path: d.path };
  }
  const ids = new Set(l.channels.map((c) => c.id));
  const kept = selectedChannels.value.filter((id) => ids.has(id));
  if (kept.length !== selectedChannels.value.length) selectedChannels.value = kept;
}

const paramSignals = new Map<string, Signal<ParameterPayload>>();

/** The live payload of a parameter, by path; updated by state messages and deltas. */
export function param(p: ParameterPayload): Signal<ParameterPayload> {
  let s = paramSignals.get(p.path);
  if (s === undefined) paramSignals.set(p.path, (s = signal(p)));
  return s;
}

function putParams(list: readonly ParameterPayload[]): void {
  batch(() => {
    for (const p of list) {
      const s = paramSignals.get(p.path);
      if (s === undefined) paramSignals.set(p.path, signal(p));
      else s.value = p;
    }
  });
}

function paramsOfLight(l: LightState): ParameterPayload[] {
  const out: ParameterPayload[] = [l.mixer.crossfader, ...Object.values(l.master.params), ...l.engine.params];
  for (const ch of l.channels) out.push(...Object.values(ch.params));
  for (const panel of [l.tempo, l.palette, l.snapshots]) {
    out.push(...panel.params);
    for (const list of panel.lists) for (const item of list.items) out.push(...item.params);
  }
  return out;
}

// ---- preview frames: the preview module registers here; frames that arrive before it are kept.

/** A stage fixture's beam as the server sends it (BIN_BEAMS): colour and intensity 0–1. */
export interface BeamView {
  readonly id: number;
  readonly origin: readonly [number, number, number];
  readonly direction: readonly [number, number, number];
  readonly beamAngle: number;
  readonly color: readonly [number, number, number];
  readonly intensity: number;
}

export interface PreviewSink {
  model(generation: number, stride: number, xyz: Float32Array): void;
  frame(generation: number, frame: number, rgb: Uint8Array): void;
  beams(beams: readonly BeamView[]): void;
}

let sink: PreviewSink | undefined;
let lastModel: { generation: number; stride: number; xyz: Float32Array } | undefined;
let lastFrame: { generation: number; frame: number; rgb: Uint8Array } | undefined;
let lastBeams: readonly BeamView[] = [];
export const previewStats = { framesReceived: 0, bytesReceived: 0, modelsReceived: 0 };

export function setPreviewSink(s: PreviewSink | undefined): void {
  sink = s;
  if (s !== undefined && lastModel !== undefined) s.model(lastModel.generation, lastModel.stride, lastModel.xyz);
  if (s !== undefined && lastFrame !== undefined) s.frame(lastFrame.generation, lastFrame.frame, lastFrame.rgb);
  s?.beams(lastBeams);
}

function readBeams(view: DataView, count: number): BeamView[] {
  const out: BeamView[] = [];
  for (let i = 0, o = BIN_HEADER_BYTES; i < count; i++, o += BIN_BEAM_BYTES) {
    const f = (k: number): number => view.getFloat32(o + 4 * k, true);
    const b = (k: number): number => view.getUint8(o + 28 + k) / 255;
    out.push({
      origin: [f(0), f(1), f(2)],
      direction: [f(3), f(4), f(5)],
      beamAngle: f(6),
      color: [b(0), b(1), b(2)],
      intensity: b(3),
      id: view.getUint32(o + 32, true),
    });
  }
  return out;
}

function binary(buf: ArrayBuffer): void {
  previewStats.bytesReceived += buf.byteLength;
  const view = new DataView(buf);
  const kind = view.getUint8(0);
  const generation = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  if (kind === BIN_MODEL) {
    const stride = view.getUint32(12, true);
    lastModel = { generation, stride, xyz: new Float32Array(buf, BIN_HEADER_BYTES, count * 3) };
    previewStats.modelsReceived++;
    sink?.model(generation, stride, lastModel.xyz);
  } else if (kind === BIN_FRAME) {
    const frame = view.getUint32(12, true);
    lastFrame = { generation, frame, rgb: new Uint8Array(buf, BIN_HEADER_BYTES, count * 3) };
    previewStats.framesReceived++;
    sink?.frame(generation, frame, lastFrame.rgb);
  } else if (kind === BIN_BEAMS) {
    lastBeams = readBeams(view, count);
    sink?.beams(lastBeams);
  }
}

// ---- the socket

let ws: WebSocket | undefined;
let retryMs = 500;
let wantPreview: { on: boolean; fps?: number; maxPoints?: number } = { on: false };
let watchPaths: readonly string[] = [];

function send(msg: ClientMessage): void {
  if (ws !== undefined && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

/** Hands one MIDI message from a Web MIDI input to the show (dropped while the socket is down: MIDI is live, not queued). */
export function sendMidi(input: string, data: readonly number[]): void {
  send({ type: 'midi', input, data });
}

type MidiSend = Extract<ServerMessage, { type: 'midiSend' }>;
let wantMidiOut: { mtc: boolean; clock: boolean; rate?: string } = { mtc: false, clock: false };
/** The rate MTC starts with in the MIDI panel when `serve --timecode-out mtc` asked for it; null: the operator turns it on. */
export const midiOutDefault = signal<string | null>(null);
let midiSendHandler: ((msg: MidiSend, receivedAt: number) => void) | undefined;

/** Asks the show for MIDI out (MTC, clock) or stops it; remembered across reconnects. */
export function requestMidiOut(want: { mtc: boolean; clock: boolean; rate?: string }): void {
  wantMidiOut = want;
  send({ type: 'midiOut', ...want });
}

/** Where the show's MIDI out goes on this page (src/console/web/midi.ts), with the time each batch arrived. */
export function onMidiSend(handler: (msg: MidiSend, receivedAt: number) => void): void {
  midiSendHandler = handler;
}

type MidiFeedbackBatch = Extract<ServerMessage, { type: 'midiFeedback' }>;
let wantMidiFeedback = false;
let midiFeedbackHandler: ((msg: MidiFeedbackBatch) => void) | undefined;

/** Asks the show for feedback to this page's controllers (their LEDs and rings), or stops it; remembered across reconnects. */
export function requestMidiFeedback(on: boolean): void {
  wantMidiFeedback = on;
  send({ type: 'midiFeedback', on });
}

/** Where the show's feedback goes on this page (src/console/web/midi.ts). */
export function onMidiFeedback(handler: (msg: MidiFeedbackBatch) => void): void {
  midiFeedbackHandler = handler;
}

/** Asks for (or stops) preview frames; remembered across reconnects. Hidden tabs never stream. */
export function requestPreview(on: boolean, options: { fps?: number; maxPoints?: number } = {}): void {
  wantPreview = { on, ...options };
  sendPreview();
}

function sendPreview(): void {
  const visible = typeof document === 'undefined' || document.visibilityState !== 'hidden';
  send({ type: 'preview', on: wantPreview.on && visible, fps: wantPreview.fps, maxPoints: wantPreview.maxPoints });
}

export function watch(paths: readonly string[]): void {
  watchPaths = paths;
  send({ type: 'watch', paths });
}

/** Most activity items the page keeps. */
const MAX_ACTIVITY = 200;
let activityBuffer: ActivityItem[] = [];
let activityReset = false;
let activityScheduled = false;

/**
 * Activity arrives one message per agent call; a burst of calls is applied once per animation
 * frame (at most every 100 ms while the tab is hidden), so the feed re-renders at display rate.
 */
function queueActivity(items: readonly ActivityItem[], reset: boolean): void {
  if (reset) {
    activityBuffer = [];
    activityReset = true;
  }
  activityBuffer.push(...items);
  if (activityScheduled) return;
  activityScheduled = true;
  const flush = (): void => {
    activityScheduled = false;
    const base = activityReset ? [] : activity.value;
    const next = [...base, ...activityBuffer];
    activityBuffer = [];
    activityReset = false;
    activity.value = next.length > MAX_ACTIVITY ? next.slice(-MAX_ACTIVITY) : next;
  };
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') requestAnimationFrame(flush);
  else setTimeout(flush, 100);
}

function receive(msg: ServerMessage): void {
  switch (msg.type) {
    case 'hello':
      if (msg.protocol !== PROTOCOL_VERSION)
        notify(`This page speaks console protocol ${PROTOCOL_VERSION}, the server ${msg.protocol}: reload the page.`, true);
      connectionId.value = msg.connection;
      return;
    case 'light':
      batch(() => {
        putParams(paramsOfLight(msg.light));
        light.value = msg.light;
        followSelections(msg.light);
      });
      return;
    case 'params':
      putParams(msg.parameters);
      return;
    case 'history':
      history.value = msg.history;
      return;
    case 'activity':
      queueActivity(msg.items, msg.reset === true);
      return;
    case 'sessions':
      sessions.value = { sessions: msg.sessions, connected: msg.connected };
      return;
    case 'policy':
      policy.value = msg.policy;
      return;
    case 'sound':
      sound.value = msg.sound;
      return;
    case 'dmxIn':
      dmxIn.value = msg.dmxIn;
      return;
    case 'show':
      show.value = msg.show;
      return;
    case 'midiOutDefault':
      midiOutDefault.value = msg.mtc;
      return;
    case 'midiSend':
      midiSendHandler?.(msg, performance.now());
      return;
    case 'midiFeedback':
      midiFeedbackHandler?.(msg);
      return;
    case 'error':
      notify(`Server: ${msg.error}: ${msg.message}`, true);
      return;
    default:
      return;
  }
}

export function openSocket(): void {
  link.value = 'connecting';
  const socket = new WebSocket(socketUrl('/ws'));
  socket.binaryType = 'arraybuffer';
  ws = socket;
  socket.onopen = () => {
    retryMs = 500;
    link.value = 'open';
    sendPreview();
    if (watchPaths.length > 0) send({ type: 'watch', paths: watchPaths });
    if (wantMidiOut.mtc || wantMidiOut.clock) send({ type: 'midiOut', ...wantMidiOut });
    if (wantMidiFeedback) send({ type: 'midiFeedback', on: true });
  };
  socket.onmessage = (ev: MessageEvent) => {
    if (ev.data instanceof ArrayBuffer) {
      binary(ev.data);
      return;
    }
    let msg: ServerMessage;
    try {
      msg = JSON.parse(ev.data as string) as ServerMessage;
    } catch {
      notify('The server sent a message this page cannot read; reload the page.', true);
      return;
    }
    receive(msg);
  };
  socket.onclose = () => {
    if (ws !== socket) return;
    link.value = 'closed';
    connectionId.value = undefined;
    setTimeout(openSocket, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };
}

if (typeof document !== 'undefined') document.addEventListener('visibilitychange', sendPreview);

// ---- the HTTP API

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function api<T = unknown>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = accessHeaders();
  if (connectionId.value !== undefined) headers['x-footlight-connection'] = connectionId.value;
  const init: RequestInit =
    body === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError('unreachable', 'the Footlight server did not answer (is it still running?); nothing was changed by this page', {});
  }
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  if (!res.ok || json === undefined) {
    const body = json ?? {};
    throw new ApiError(
      String(body.error ?? (res.ok ? 'internal' : `HTTP ${res.status}`)),
      String(body.message ?? (text.trim().slice(0, 200) || res.statusText)),
      body,
    );
  }
  return json as T;
}

/**
 * Runs a tool, the same one an agent calls over MCP (same arguments, checks and reply), as this
 * console: `POST /api/tools/<name>` with the arguments as the body.
 */
export function callTool<T = unknown>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  return api<T>(`/api/tools/${name}`, args);
}

/** The text an operator sees for a failed action. */
export function failureText(what: string, err: unknown): string {
  return err instanceof ApiError ? `${what}: ${err.code}: ${err.message}` : `${what}: ${err instanceof Error ? err.message : String(err)}`;
}

/** Runs an API call, showing its failure to the operator; returns undefined on failure. */
export async function act<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    notify(failureText(what, err), true);
    return undefined;
  }
}

/** Undo or redo the engine's latest step (whoever made it). */
export function undoRedo(which: 'undo' | 'redo'): void {
  void act(which === 'undo' ? 'Undo' : 'Redo', async () => {
    const reply = (await callTool(which)) as { trimmed?: string } | undefined;
    if (reply?.trimmed !== undefined) notify(`Undo: ${reply.trimmed}`, false);
  });
}

// ---- parameter edits: one request in flight per parameter, the latest value wins

const inflight = new Map<string, { busy: boolean; next?: { value: number | string | boolean; gesture?: string } }>();

export function setParam(path: string, value: number | string | boolean, gesture?: string): void {
  let slot = inflight.get(path);
  if (slot === undefined) inflight.set(path, (slot = { busy: false }));
  slot.next = { value, gesture };
  if (!slot.busy) void pump(path, slot);
}

async function pump(path: string, slot: { busy: boolean; next?: { value: number | string | boolean; gesture?: string } }): Promise<void> {
  slot.busy = true;
  while (slot.next !== undefined) {
    const { value, gesture } = slot.next;
    slot.next = undefined;
    const body: Record<string, unknown> = { path, value };
    if (gesture !== undefined) body.gesture = gesture;
    const out = await act('Set parameter', () => api<{ parameter: ParameterPayload }>('/api/parameter', body));
    if (out !== undefined) putParams([out.parameter]);
  }
  slot.busy = false;
}

export function fireTrigger(path: string): void {
  void act('Fire', () => callTool('fire_trigger', { path }));
}

let gestureSeq = 0;
/** A new id for one continuous gesture (a fader drag), so its edits merge into one undo step. */
export function newGesture(): string {
  return `g${Date.now().toString(36)}${(gestureSeq++).toString(36)}`;
}
