import { batch, signal, type Signal } from '@preact/signals';
import {
  BIN_FRAME, BIN_HEADER_BYTES, BIN_MODEL, PROTOCOL_VERSION, type ActivityItem, type ClientMessage, type ConnectInfo,
  type HistoryState, type LightState, type ParameterPayload, type PolicyState, type ServerMessage, type SessionInfo, type SoundState,
} from '../protocol.js';

export type LinkState = 'connecting' | 'open' | 'closed';

export const link = signal<LinkState>('connecting');
export const connectionId = signal<string | undefined>(undefined);
export const light = signal<LightState | undefined>(undefined);
export const history = signal<HistoryState>({ steps: [], redo: [], canUndo: false, canRedo: false });
export const activity = signal<readonly ActivityItem[]>([]);
export const sessions = signal<{ sessions: readonly SessionInfo[]; connected: boolean }>({ sessions: [], connected: false });
export const policy = signal<PolicyState>({ agentsReadOnly: false, soundCooperative: false });
export const sound = signal<SoundState>({ available: false });
export const connect = signal<ConnectInfo | undefined>(undefined);
/** The device (pattern, effect...) open in the editor. */
export const selectedDevice = signal<string | undefined>(undefined);
/** The latest error a console action got back, shown in the status bar. */
export const notice = signal<{ text: string; error: boolean; at: number } | undefined>(undefined);

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

export interface PreviewSink {
  model(generation: number, stride: number, xyz: Float32Array): void;
  frame(generation: number, frame: number, rgb: Uint8Array): void;
}

let sink: PreviewSink | undefined;
let lastModel: { generation: number; stride: number; xyz: Float32Array } | undefined;
let lastFrame: { generation: number; frame: number; rgb: Uint8Array } | undefined;
export const previewStats = { framesReceived: 0, bytesReceived: 0, modelsReceived: 0 };

export function setPreviewSink(s: PreviewSink | undefined): void {
  sink = s;
  if (s !== undefined && lastModel !== undefined) s.model(lastModel.generation, lastModel.stride, lastModel.xyz);
  if (s !== undefined && lastFrame !== undefined) s.frame(lastFrame.generation, lastFrame.frame, lastFrame.rgb);
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

function receive(msg: ServerMessage): void {
  switch (msg.type) {
    case 'hello':
      if (msg.protocol !== PROTOCOL_VERSION) {
        notice.value = { text: `This page speaks console protocol ${PROTOCOL_VERSION}, the server ${msg.protocol}: reload the page.`, error: true, at: Date.now() };
      }
      connectionId.value = msg.connection;
      return;
    case 'light':
      putParams(paramsOfLight(msg.light));
      light.value = msg.light;
      return;
    case 'params':
      putParams(msg.parameters);
      return;
    case 'history':
      history.value = msg.history;
      return;
    case 'activity': {
      const next = msg.reset === true ? msg.items : [...activity.value, ...msg.items];
      activity.value = next.length > 200 ? next.slice(-200) : next;
      return;
    }
    case 'sessions':
      sessions.value = { sessions: msg.sessions, connected: msg.connected };
      return;
    case 'policy':
      policy.value = msg.policy;
      return;
    case 'sound':
      sound.value = msg.sound;
      return;
    case 'error':
      notice.value = { text: `${msg.error}: ${msg.message}`, error: true, at: Date.now() };
      return;
    default:
      return;
  }
}

export function openSocket(): void {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  link.value = 'connecting';
  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  ws = socket;
  socket.onopen = () => {
    retryMs = 500;
    link.value = 'open';
    sendPreview();
    if (watchPaths.length > 0) send({ type: 'watch', paths: watchPaths });
  };
  socket.onmessage = (ev: MessageEvent) => {
    if (ev.data instanceof ArrayBuffer) binary(ev.data);
    else receive(JSON.parse(ev.data as string) as ServerMessage);
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
  const headers: Record<string, string> = {};
  if (connectionId.value !== undefined) headers['x-footlight-connection'] = connectionId.value;
  const init: RequestInit = body === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new ApiError(String(json.error ?? 'internal'), String(json.message ?? res.statusText), json);
  return json as T;
}

/** Runs an API call, showing its failure in the status bar; returns undefined on failure. */
export async function act<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    const text = err instanceof ApiError ? `${what}: ${err.code}: ${err.message}` : `${what}: ${(err as Error).message}`;
    notice.value = { text, error: true, at: Date.now() };
    return undefined;
  }
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
  void act('Fire', () => api('/api/trigger', { path }));
}

let gestureSeq = 0;
/** A new id for one continuous gesture (a fader drag), so its edits merge into one undo step. */
export function newGesture(): string {
  return `g${Date.now().toString(36)}${(gestureSeq++).toString(36)}`;
}
