import { signal } from '@preact/signals';
import { socketUrl } from './access.js';

/** What the monitor's worklet reports twice a second (also on window.footlightMonitor, for tests). */
interface MonitorStats {
  readonly blocks: number;
  readonly soundingBlocks: number;
  readonly starvedBlocks: number;
  readonly received: number;
  readonly queued: number;
  readonly peak: number;
}

interface MeterMessage {
  readonly type: 'meters';
  readonly beat: number;
  readonly playing: boolean;
  readonly tracks: readonly { readonly index: number; readonly name: string; readonly peak: number; readonly rms: number }[];
}

/** The live engine's position while the monitor listens (null: not listening; the song state's position is shown). */
export const monitorBeat = signal<number | null>(null);
export const monitorMeters = signal<MeterMessage['tracks']>([]);
const state = signal<'off' | 'starting' | 'on' | { error: string }>('off');
const stats = signal<MonitorStats | null>(null);

const db = (x: number): string => (x > 0 ? `${(20 * Math.log10(x)).toFixed(1)} dB` : '−∞');
/** A meter's fill: −60 dBFS empty, 0 dBFS full. */
const fill = (x: number): string => `${Math.max(0, Math.min(100, x > 0 ? ((20 * Math.log10(x) + 60) / 60) * 100 : 0)).toFixed(1)}%`;

let ctx: AudioContext | null = null;
let socket: WebSocket | null = null;

async function start(): Promise<void> {
  state.value = 'starting';
  try {
    ctx = new AudioContext({ sampleRate: 48000, latencyHint: 'playback' });
    await ctx.audioWorklet.addModule('/monitor-worklet.js');
    const node = new AudioWorkletNode(ctx, 'footlight-monitor', { numberOfInputs: 0, outputChannelCount: [2] });
    node.connect(ctx.destination);
    node.port.onmessage = (ev: MessageEvent<MonitorStats>) => {
      stats.value = ev.data;
      (window as unknown as { footlightMonitor: MonitorStats }).footlightMonitor = ev.data;
    };
    await ctx.resume();
    socket = new WebSocket(socketUrl('/ws/audio'));
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (ev: MessageEvent<ArrayBuffer | string>) => {
      if (typeof ev.data === 'string') {
        const m = JSON.parse(ev.data) as MeterMessage;
        monitorBeat.value = m.beat;
        monitorMeters.value = m.tracks;
      } else {
        const pcm = new Float32Array(ev.data);
        node.port.postMessage(pcm, [pcm.buffer]);
      }
    };
    socket.onclose = () => stop();
    state.value = 'on';
  } catch (err) {
    stop();
    state.value = { error: (err as Error).message };
  }
}

function stop(): void {
  socket?.close();
  socket = null;
  void ctx?.close();
  ctx = null;
  monitorBeat.value = null;
  if (state.value === 'on' || state.value === 'starting') state.value = 'off';
}

/** One meter bar: RMS filled, the peak as a tick. */
export function MeterBar({ peak, rms, label }: { readonly peak: number; readonly rms: number; readonly label: string }) {
  return (
    <span class={`meter ${peak >= 1 ? 'clip' : ''}`} title={`${label}: peak ${db(peak)}, RMS ${db(rms)}`}>
      {/* The level for assistive technology: a real meter (peak in dBFS), drawn by the bars beside it. */}
      <meter class="meter-value" aria-label={`${label} level`} min={-60} max={0} value={peak > 0 ? Math.max(-60, 20 * Math.log10(peak)) : -60} />
      <span class="meter-rms" aria-hidden="true" style={{ width: fill(rms) }} />
      <span class="meter-peak" aria-hidden="true" style={{ left: fill(peak) }} />
    </span>
  );
}

/** The console's audio monitor: a start control (browsers start audio only on a gesture), the master meter and the monitor's health. */
export function Monitor() {
  const s = state.value;
  const master = monitorMeters.value[monitorMeters.value.length - 1];
  const st = stats.value;
  return (
    <section class="monitor" aria-label="Audio monitor">
      {s === 'on' ? (
        <button type="button" class="toggle on" onClick={stop} title="Stop listening in this page (the engine keeps playing)">
          ■ Stop audio
        </button>
      ) : (
        <button type="button" class="toggle" disabled={s === 'starting'} onClick={() => void start()} title="Play the live engine's output in this page">
          ▶ Start audio
        </button>
      )}
      {master !== undefined && s === 'on' && (
        <span class="monitor-master">
          Master <MeterBar peak={master.peak} rms={master.rms} label="Master" /> <small>{db(master.peak)}</small>
        </span>
      )}
      {st !== null && s === 'on' && <small class="hint">{st.starvedBlocks > 0 ? `${st.starvedBlocks} gaps` : 'no gaps'}</small>}
      {typeof s === 'object' && <small class="hint">Audio could not start: {s.error}</small>}
    </section>
  );
}
