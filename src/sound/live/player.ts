import { Worker } from 'node:worker_threads';
import type { HistoryChange } from '../../engine/commands/history.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import type { Component } from '../../engine/component.js';
import type { Logger } from '../../engine/log.js';
import { buildPlan, lightTapIndex } from '../audio/plan.js';
import type { Meter } from '../audio/dsp/engine.js';
import { BLOCK } from '../audio/dsp/math.js';
import type { RenderPlan } from '../audio/dsp/plan.js';
import type { Payload, SoundHost } from '../host/host.js';
import { saveProject } from '../model/components.js';
import {
  DEFAULT_LEAD_MS,
  MIN_LEAD_MS,
  type FromWorker,
  type NoteReceipt,
  type OutputKind,
  type ToWorker,
  type WorkerReady,
  type WorkerTick,
} from './messages.js';
import type { Track } from '../model/components.js';
import { combine, metersPayload, type MeterWindow } from './meters.js';
import { Playout } from './playout.js';
import { AudioRing } from './ring.js';
import type { Reply } from '../../protocol3/replies/index.js';

/** How much of the live output is kept for listening (seconds). */
const LIVE_HISTORY_SECONDS = 30;
/** Ticks the song-state meters cover (≈ 300 ms). */
const METER_TICKS = 6;
const HISTORY_TICKS = Math.ceil(LIVE_HISTORY_SECONDS / 0.05);
/** A model change reaches the worker at most this often. */
const PLAN_EVERY_MS = 30;

interface LiveOptions {
  /** `device`: the sound card; `none`: a real-time context with no device; `clock`: the wall clock, no output. */
  readonly output: OutputKind;
  readonly log: Logger;
  /** How far ahead of its output the worker renders (ms, MIN_LEAD_MS–1000; default DEFAULT_LEAD_MS): a live note waits that long. */
  readonly leadMs?: number;
}

type AudioListener = (left: Float32Array, right: Float32Array, sample: number) => void;

/**
 * Live playback: a worker thread renders the host's project in real time (render-worker.ts).
 * The engine thread posts it plans when the model changes and transport changes as they happen,
 * once per frame and never waiting; the worker's ticks bring back the position (the count of
 * samples rendered while playing, which the host's transport then reports), the meters and the
 * samples, kept for listening and streamed to the console.
 */
export class LivePlayer {
  readonly ready: Promise<WorkerReady>;
  private readonly worker: Worker;
  private opened: WorkerReady | null = null;
  private readonly detach: (() => void)[] = [];
  private plan: RenderPlan | null = null;
  private dirty = true;
  private planCount = 0;
  private lastPlanAt = 0;
  private seq = 0;
  private lastPlaying = false;
  private lastPosition = 0;
  private last: WorkerTick | null = null;
  private window: MeterWindow[] = [];
  /** Every tick's meters over the kept output, for listening to it. */
  private history: MeterWindow[] = [];
  private readonly listeners: AudioListener[] = [];
  readonly ring = new AudioRing(LIVE_HISTORY_SECONDS * 48000);
  /** DSP time over audio time, smoothed over about a second. */
  private cpu = 0;
  private closed = false;
  private error: string | null = null;
  /** What the output plays now: the sample heard, its song position, the light's tap samples. */
  readonly playout = new Playout();
  /** The track the light hears (by name); undefined: the master. */
  private lightTrack: string | undefined;
  private noteId = 0;
  /** The newest live notes' timings (at most 256), for latency figures (bench/midi-keys.ts). */
  readonly noteReceipts: NoteReceipt[] = [];

  constructor(
    readonly host: SoundHost,
    options: LiveOptions,
  ) {
    const leadMs = options.leadMs ?? DEFAULT_LEAD_MS;
    if (!(leadMs >= MIN_LEAD_MS && leadMs <= 1000)) throw new Error(`the live audio lead takes ${MIN_LEAD_MS}–1000 ms, not ${leadMs}`);
    this.worker = new Worker(new URL('./render-worker.mjs', import.meta.url), {
      workerData: { output: options.output, leadBlocks: Math.ceil((leadMs * 48) / BLOCK) },
      execArgv: [],
      name: 'footlight-audio',
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          this.opened = m;
          if (m.reason !== null) options.log.warn({ output: options.output }, `audio out: ${m.reason}`);
          resolve(m);
        } else if (m.type === 'tick') this.onTick(m);
        else {
          this.error = m.message;
          options.log.error({}, `live audio: ${m.message}`);
        }
      });
      this.worker.on('error', (err) => {
        this.error = err.message;
        options.log.error({ err }, 'live audio worker failed');
        reject(err);
      });
    });
    this.ready.catch(() => undefined);
    host.song.live = this;
    this.detach.push(
      host.engine.history.listen((change) => {
        if (!this.outsideSong(change)) this.dirty = true;
      }),
    );
    // First in every frame (before the song and the light): the light renders at the position heard.
    this.detach.push(host.engine.clock.onFrame(() => this.frame(), { first: true }));
    this.lastPosition = host.transport.position;
    this.sendPlan();
  }

  /** True while the worker runs: the host's transport position then comes from it. */
  get driving(): boolean {
    return !this.closed && this.error === null;
  }

  private post(m: ToWorker): void {
    this.worker.postMessage(m);
  }

  /**
   * Called first in every engine frame: forwards model and transport changes, and while playing
   * sets the transport to the position being heard (the output's clock; held at a seek or play
   * target until the output reaches the first block rendered after it).
   */
  frame(): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.dirty && now - this.lastPlanAt >= PLAN_EVERY_MS) this.sendPlan(now);
    const t = this.host.transport;
    // Nothing else moved the transport since the last frame: it goes to the position being heard
    // (the output's clock; held at a seek or play target until the output reaches the first block
    // rendered after it), under the song's end rule (which may hold the end, stop there or wrap).
    if (t.playing && this.lastPlaying && t.position === this.lastPosition && this.last !== null && this.last.seq === this.seq) {
      const heard = this.playout.playedSample(performance.timeOrigin + performance.now());
      const beat = heard >= this.last.seqBlock * BLOCK ? this.playout.positionAt(heard) : null;
      if (beat !== null && !this.host.follow(beat)) this.lastPosition = t.position;
    }
    if (t.playing !== this.lastPlaying) {
      this.post(t.playing ? { type: 'play', beat: t.position, seq: ++this.seq } : { type: 'stop', seq: ++this.seq });
      this.lastPlaying = t.playing;
    } else if (t.playing && t.position !== this.lastPosition) this.post({ type: 'seek', beat: t.position, seq: ++this.seq });
    // While stopped a move is not sent: Play carries the position, and a seek would cut the release tails still sounding.
    this.lastPosition = t.position;
  }

  /**
   * A step that sets a parameter of the light (or anything else outside the song) leaves the
   * plan as it is: with agents writing light 60 times a second, rebuilding and re-sending the
   * whole song's plan each time cost the engine thread and the audio worker late blocks.
   */
  private outsideSong(change: HistoryChange): boolean {
    const command = change.entry?.command;
    if (!(command instanceof SetParameter)) return false;
    const owner = this.host.engine.graph.get(command.ref.componentId);
    if (owner === undefined) return false;
    for (let c: Component | null = owner; c !== null; c = c.parent) if (c === this.host.root) return false;
    return true;
  }

  /** Sends the plan now (also on a frame after a model change). */
  sendPlan(now = Date.now()): void {
    this.planCount++;
    this.plan = buildPlan(saveProject(this.host.project, { ids: false }), this.host.samples);
    this.post({ type: 'plan', plan: this.plan, tap: lightTapIndex(this.plan, this.lightTrack) });
    this.dirty = false;
    this.lastPlanAt = now;
  }

  /**
   * Plays a note live on `track` (a MIDI keyboard): straight to the worker, which starts it on the
   * next block it renders, playing or stopped. Not a song edit: no history step. Returns the
   * note's id (its timings arrive in `noteReceipts`), or why it cannot play.
   */
  note(track: Track, on: boolean, pitch: number, velocity: number, sentAt: number): number | string {
    if (!this.driving) return 'the live audio engine is not running';
    // The worker must hold the plan this track is in (a track just added, an instrument just inserted).
    if (this.dirty) this.sendPlan();
    const index = this.host.project.flatTracks().findIndex((f) => f.track === track);
    const planned = this.plan?.tracks[index];
    if (index < 0 || planned === undefined) return 'the track is not in the song';
    if (!planned.devices.some((d) => d.kind === 'instrument' && d.enabled)) return `track "${track.name}" has no enabled instrument`;
    const id = ++this.noteId;
    this.post({ type: 'note', id, track: index, on, pitch, velocity, sentAt });
    return id;
  }

  /** Plans sent to the worker, each a rebuild of the whole song: how often edits reach the audio. */
  get plans(): number {
    return this.planCount;
  }

  /** The track the light hears, by name (the first of that name; none of that name, or undefined: the master). */
  setLightTrack(track: string | undefined): void {
    this.lightTrack = track;
    this.dirty = true;
  }

  private onTick(m: WorkerTick): void {
    this.last = m;
    this.playout.take(m);
    const seconds = m.left.length / 48000;
    if (seconds > 0) this.cpu += (m.renderMs / 1000 / seconds - this.cpu) * 0.05;
    this.ring.push(m.left, m.right);
    if (m.notes.length > 0) {
      this.noteReceipts.push(...m.notes);
      if (this.noteReceipts.length > 256) this.noteReceipts.splice(0, this.noteReceipts.length - 256);
    }
    const w = { tracks: m.tracks, frames: m.left.length };
    this.window.push(w);
    if (this.window.length > METER_TICKS) this.window.shift();
    this.history.push(w);
    if (this.history.length > HISTORY_TICKS) this.history.shift();
    for (const l of this.listeners) l(m.left, m.right, m.sample - m.left.length);
  }

  /** Subscribes to the rendered samples (about every 50 ms); returns the unsubscribe. */
  onAudio(listener: AudioListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** The last meter tick's per-track values, by flat index (the master last), for the console. */
  lastMeters(): readonly Meter[] | null {
    return this.last?.tracks ?? null;
  }

  /** The newest `seconds` of output with the per-track meters over them (whole ticks). */
  recent(seconds: number): { left: Float32Array; right: Float32Array; tracks: readonly Meter[]; plan: RenderPlan } {
    const frames = Math.round(seconds * 48000);
    const { left, right } = this.ring.last(frames);
    let covered = 0;
    const ticks: MeterWindow[] = [];
    for (let i = this.history.length - 1; i >= 0 && covered < left.length; i--) {
      ticks.push(this.history[i]);
      covered += this.history[i].frames;
    }
    const plan = this.plan!;
    return { left, right, tracks: plan.tracks.map((_, i) => combine(ticks, i)), plan };
  }

  /** Bank index and name of each track the engine plays, by flat index (the master last). */
  trackNames(): readonly { index: number; name: string }[] {
    return this.plan?.tracks.map((t) => ({ index: t.index, name: t.name })) ?? [];
  }

  /** Song-state's `meters`. */
  meters(): Reply<'song-state'>['meters'] {
    if (this.error !== null) return { available: false, reason: `the live audio engine failed: ${this.error}` };
    if (this.last === null || this.plan === null) return { available: false, reason: 'the live audio engine is starting; nothing has been rendered yet' };
    return metersPayload(this.window, this.plan, this.last, this.opened?.output ?? 'clock');
  }

  /** The live engine's state for sound status. */
  status(): Payload {
    return {
      running: this.driving,
      output: this.opened?.output ?? 'starting',
      output_reason: this.opened?.reason ?? null,
      sample_rate: 48000,
      rendered_seconds: this.last === null ? 0 : this.last.sample / 48000,
      late_blocks: this.last?.lateBlocks ?? 0,
      blocks: this.last?.blocks ?? 0,
      dsp_share_of_one_core: Number(this.cpu.toFixed(4)),
      error: this.error,
    };
  }

  get lateBlocks(): number {
    return this.last?.lateBlocks ?? 0;
  }

  get blocks(): number {
    return this.last?.blocks ?? 0;
  }

  get cpuShare(): number {
    return this.cpu;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const d of this.detach) d();
    if (this.host.song.live === this) this.host.song.live = null;
    this.post({ type: 'close' });
    await Promise.race([new Promise((r) => this.worker.once('exit', r)), new Promise((r) => setTimeout(r, 500))]);
    await this.worker.terminate();
  }
}
