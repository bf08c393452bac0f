import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { SetParameter } from '../engine/commands/set-parameter.js';
import type { HistoryChange } from '../engine/commands/history.js';
import { parseJsonBounded } from '../engine/client-json.js';
import { FootlightError } from '../engine/errors.js';
import type { Component } from '../engine/component.js';
import { NumericParameter } from '../engine/parameters/numeric.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import type { Logger } from '../engine/log.js';
import { BeamEncoder, encodeModel, FrameEncoder, previewCount, strideFor } from './frames.js';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  PREVIEW_BYTES_PER_SECOND,
  PREVIEW_DEFAULT_FPS,
  PREVIEW_DEFAULT_MAX_POINTS,
  PREVIEW_MAX_FPS,
  PREVIEW_MAX_POINTS,
  PROTOCOL_VERSION,
  type ClientMessage,
  type ParameterPayload,
  type ServerMessage,
} from './protocol.js';
import type { ConsoleContext } from './context.js';
import { MidiFeedback } from './midi-feedback.js';
import { type MidiSender, midiShapeError, newSender, takeMidi } from './midi-intake.js';
import { type MidiPort, type MidiPortStatus, type MidiSync, SystemMidi } from './system-midi.js';
import { isTimecodeRate, TIMECODE_RATES } from '../show/timecode/timecode.js';
import { parameterPayload, visibleParameters } from './state.js';

type ActivityItems = Extract<ServerMessage, { type: 'activity' }>['items'];

interface Preview {
  fps: number;
  maxPoints: number;
  stride: number;
  /** Earliest time the next frame may go out (ms, performance clock). */
  due: number;
  /** The encoder version last sent, and the model generation last sent. */
  sentVersion: number;
  sentGeneration: number;
  /** The beam encoder version last sent. */
  sentBeams: number;
}

interface Client extends MidiSender {
  readonly id: string;
  readonly ws: WebSocket;
  preview: Preview | undefined;
  watch: readonly string[];
  bytesSent: number;
  framesSent: number;
  /** The last refusal of a played note sent to this page: the same one is not repeated until a note plays. */
  midiRefused: string | undefined;
  /** Stops this page's MIDI out (MTC, clock), while it has one. */
  midiOut: (() => void) | undefined;
  /** Stops this page's feedback to its controllers, while it has it on. */
  midiFeedback: (() => void) | undefined;
}

/** Frames held back while a page's socket has this much unsent data. */
const MAX_BUFFERED_BYTES = 1 << 20;
const FLUSH_MS = 30;
/** Stage fixtures' beams are re-read for the preview at most this often. */
const BEAMS_MS = 50;
const WATCH_MS = 100;
const SESSIONS_MS = 2000;
/**
 * Finished calls reach the pages together at most this often: with 32 agents calling a hundred
 * times a second, one message per call cost the engine thread more than the calls' own work.
 */
const ACTIVITY_MS = 100;
/** Sound state and clip grid refresh while the transport or a clip plays (the playheads). */
const PLAYHEAD_MS = 250;

/**
 * The `/ws` endpoint: pages connect, get the state and then deltas (parameters, structure,
 * history, activity, sessions, policy) and, while they ask for it, binary preview frames. With
 * no page connected nothing listens to the engine and no timer runs.
 */
export class ConsoleHub {
  private readonly wss: WebSocketServer;
  private readonly clients = new Map<string, Client>();
  private nextId = 1;
  private unlisten: (() => void)[] = [];
  private readonly pendingParams = new Set<Parameter>();
  private pendingLight = false;
  private pendingHistory = false;
  private pendingSound = false;
  private pendingActivity: ActivityItems[number][] = [];
  private activityTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private frameTimer: NodeJS.Timeout | undefined;
  private watchTimer: NodeJS.Timeout | undefined;
  private sessionsTimer: NodeJS.Timeout | undefined;
  private playheadTimer: NodeJS.Timeout | undefined;
  private clipsWereActive = false;
  private soundWasPlaying = false;
  private lastSessions = '';
  private lastDmxIn = '';
  private lastShow = '';
  private showWasActive = false;
  private showPolling = false;
  private showAgain = false;
  private pendingShow = false;
  private readonly encoders = new Map<number, FrameEncoder>();
  private readonly beams = new BeamEncoder();
  private beamsAt = Number.NEGATIVE_INFINITY;
  private readonly log: Logger;
  /** Feedback to the pages' controllers (src/console/midi-feedback.ts). */
  private readonly feedback: MidiFeedback;
  /** The system MIDI ports on the console's path, when serve opened some. */
  private systemMidi: SystemMidi | undefined;

  constructor(private readonly ctx: ConsoleContext) {
    this.log = ctx.log;
    this.feedback = new MidiFeedback(ctx.services.engine, ctx.light);
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  }

  /**
   * Puts the system MIDI ports `serve --midi-ports` opened on the path a page's Web MIDI takes,
   * with feedback and surface LEDs to their outputs, until `close` (src/console/system-midi.ts).
   */
  attachMidiPorts(ports: readonly MidiPort[], sync: readonly MidiSync[] = []): void {
    this.systemMidi?.stop();
    this.systemMidi = new SystemMidi(this.ctx, this.feedback, ports, this.log.child({ surface: 'midi-ports' }), sync);
  }

  /** The attached system ports' counters (none attached: empty). */
  midiPortStatus(): MidiPortStatus[] {
    return this.systemMidi?.status() ?? [];
  }

  /** The upgrade handler for the HTTP server (which has already checked Host and Origin). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean {
    if (url.pathname !== '/ws') return false;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws));
    return true;
  }

  /** Whether anything still runs for the console (false and 0 when no page is connected). */
  idle(): { listening: boolean; timers: number } {
    const timers = [this.flushTimer, this.frameTimer, this.watchTimer, this.sessionsTimer, this.playheadTimer].filter((x) => x !== undefined).length;
    return { listening: this.unlisten.length > 0, timers };
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  /** Preview figures per connection, for benchmarks and tests. */
  stats(): { id: string; bytesSent: number; framesSent: number; previewing: boolean }[] {
    return [...this.clients.values()].map((c) => ({ id: c.id, bytesSent: c.bytesSent, framesSent: c.framesSent, previewing: c.preview !== undefined }));
  }

  private open(ws: WebSocket): void {
    const client: Client = {
      id: `c${this.nextId++}`,
      ws,
      preview: undefined,
      watch: [],
      bytesSent: 0,
      framesSent: 0,
      ...newSender(),
      midiRefused: undefined,
      midiOut: undefined,
      midiFeedback: undefined,
      surfaceLeds: undefined,
    };
    this.clients.set(client.id, client);
    // LED feedback for control surfaces goes to the page's Web MIDI output of the surface's device name.
    client.surfaceLeds = this.ctx.surfaceLeds?.((device, messages) =>
      this.send(client, { type: 'midiSend', latencyMs: 0, t: 0, output: device, messages: messages.map((data) => ({ data, at: 0 })) }),
    );
    if (this.clients.size === 1) this.startListening();
    ws.on('message', (data, isBinary) => this.receive(client, data as Buffer, isBinary));
    ws.on('close', () => this.drop(client));
    ws.on('error', (err) => this.log.debug({ err, connection: client.id }, 'console socket error'));
    this.send(client, {
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      connection: client.id,
      server: { name: this.ctx.services.server.identity.serverName, version: this.ctx.services.server.identity.serverVersion },
    });
    void this.ctx
      .snapshot()
      .then((s) => {
        if (ws.readyState !== ws.OPEN) return;
        this.send(client, { type: 'light', light: s.light });
        this.send(client, { type: 'history', history: s.history });
        this.send(client, { type: 'policy', policy: s.policy });
        this.send(client, { type: 'sessions', sessions: s.sessions, connected: s.connected });
        this.send(client, { type: 'activity', items: s.activity, reset: true });
        this.send(client, { type: 'sound', sound: s.sound });
        if (this.ctx.services.dmxIn.enabled) this.send(client, { type: 'dmxIn', dmxIn: this.ctx.dmxIn() });
        if (this.ctx.midiOut?.timecode.mtc === true) this.send(client, { type: 'midiOutDefault', mtc: this.ctx.midiOut.timecode.rate });
      })
      .then(() => this.ctx.services.engine.queue.submit(() => this.ctx.showState(), { label: 'console show' }))
      .then((show) => {
        if (show !== undefined && ws.readyState === ws.OPEN) this.send(client, { type: 'show', show });
      })
      .catch((err: unknown) => this.log.error({ err }, 'console snapshot failed'));
  }

  private drop(client: Client): void {
    if (!this.clients.delete(client.id)) return;
    client.midiOut?.();
    client.midiOut = undefined;
    client.midiFeedback?.();
    client.midiFeedback = undefined;
    client.surfaceLeds?.stop();
    if (this.clients.size === 0) this.stopListening();
    this.updateTimers();
  }

  private receive(client: Client, data: Buffer, isBinary: boolean): void {
    let msg: ClientMessage;
    try {
      if (isBinary) throw new Error('binary');
      msg = parseJsonBounded(data.toString('utf8')) as ClientMessage;
    } catch (err) {
      const message = err instanceof FootlightError ? `${err.message} (docs/console.md)` : 'messages are JSON text objects; see docs/console.md';
      this.send(client, { type: 'error', error: 'invalid_argument', message });
      return;
    }
    switch (msg?.type) {
      case 'preview':
        this.setPreview(client, msg);
        return;
      case 'watch':
        client.watch = Array.isArray(msg.paths) ? msg.paths.filter((p): p is string => typeof p === 'string').slice(0, 16) : [];
        this.updateTimers();
        return;
      case 'midi':
        this.receiveMidi(client, msg);
        return;
      case 'midiOut':
        this.setMidiOut(client, msg);
        return;
      case 'midiFeedback':
        this.setMidiFeedback(client, msg.on);
        return;
      case 'ping':
        this.send(client, { type: 'pong', t: typeof msg.t === 'number' ? msg.t : 0 });
        return;
      default:
        this.send(client, {
          type: 'error',
          error: 'invalid_argument',
          message: `unknown message type ${JSON.stringify((msg as { type?: unknown } | null)?.type ?? null)}; see docs/console.md`,
        });
    }
  }

  /**
   * A Web MIDI message: a bad shape (midi-intake.ts) is answered with the reason; a good one takes the
   * path a system port's takes, to timecode in (MTC, when it is on) or the MIDI surface, which drop and count malformed ones.
   */
  private receiveMidi(client: Client, msg: Extract<ClientMessage, { type: 'midi' }>): void {
    const error = (message: string): void => this.send(client, { type: 'error', error: 'invalid_argument', message: `midi: ${message} (docs/midi.md)` });
    if (this.ctx.midi === undefined) return error('this process takes no MIDI');
    if (typeof msg.input !== 'string' || msg.input.length === 0 || msg.input.length > 128) return error('input is the device name, 1–128 characters');
    const shape = midiShapeError(msg.data);
    if (shape !== undefined) return error(shape);
    takeMidi(this.ctx, this.feedback, client, msg.data, msg.input)
      .reply?.then((r) => {
        // A note-on the sound host could not play (no track selected, no instrument) is answered, as a malformed message is: once, not for every key.
        if (r.played !== undefined) client.midiRefused = undefined;
        if (r.refused === undefined || r.refused.message === client.midiRefused) return;
        client.midiRefused = r.refused.message;
        this.send(client, { type: 'error', ...r.refused });
      })
      .catch((err: unknown) => this.log.warn({ err }, 'MIDI from the console failed'));
  }

  /**
   * A page turns its MIDI out on, changes it or turns it off. A bad setting is refused with the
   * reason and changes nothing: the page keeps what it had.
   */
  private setMidiOut(client: Client, msg: Extract<ClientMessage, { type: 'midiOut' }>): void {
    const midiOut = this.ctx.midiOut;
    const error = (message: string): void => this.send(client, { type: 'error', error: 'invalid_argument', message: `midiOut: ${message} (docs/midi.md)` });
    if (midiOut === undefined) return error('this process runs no song transport to send MIDI from');
    if (typeof msg.mtc !== 'boolean' || typeof msg.clock !== 'boolean') return error('mtc and clock are true or false');
    const rate = msg.rate ?? midiOut.timecode.rate;
    if (typeof rate !== 'string' || !isTimecodeRate(rate))
      return error(`rate is one of ${TIMECODE_RATES.join(', ')}; got ${JSON.stringify(typeof rate === 'string' ? rate.slice(0, 20) : rate)}`);
    client.midiOut?.();
    client.midiOut = undefined;
    const latencyMs = midiOut.latencyMs;
    if (msg.mtc || msg.clock) {
      client.midiOut = midiOut.subscribe({ mtc: msg.mtc ? rate : null, clock: msg.clock }, (messages, frameAt) => {
        // Times to a hundredth of a millisecond: Web MIDI timestamps are ms with a fraction.
        const items = messages.map((m) => ({ data: m.data, at: Math.round(m.at * 100) / 100 }));
        this.send(client, { type: 'midiSend', latencyMs, t: Math.round(frameAt * 100) / 100, messages: items });
      });
    }
    this.send(client, { type: 'midiOut', mtc: msg.mtc ? rate : null, clock: msg.clock, latencyMs });
  }

  /** A page turns feedback to its controllers on (it gets every mapping's message, then changes) or off. */
  private setMidiFeedback(client: Client, on: unknown): void {
    if (typeof on !== 'boolean') {
      this.send(client, { type: 'error', error: 'invalid_argument', message: 'midiFeedback: on is true or false (docs/midi.md)' });
      return;
    }
    client.midiFeedback?.();
    client.midiFeedback = on ? this.feedback.subscribe((messages, controlOff) => this.send(client, { type: 'midiFeedback', messages, controlOff })) : undefined;
  }

  private setPreview(client: Client, msg: Extract<ClientMessage, { type: 'preview' }>): void {
    if (msg.on !== true) {
      client.preview = undefined;
    } else {
      const fps = clampInt(msg.fps, 1, PREVIEW_MAX_FPS, PREVIEW_DEFAULT_FPS);
      const maxPoints = clampInt(msg.maxPoints, 1, PREVIEW_MAX_POINTS, PREVIEW_DEFAULT_MAX_POINTS);
      client.preview = { fps, maxPoints, stride: 1, due: 0, sentVersion: -1, sentGeneration: -1, sentBeams: -1 };
    }
    const p = client.preview;
    const count = this.ctx.light.structure.model.size;
    const stride = p === undefined ? 1 : strideFor(count, p.maxPoints);
    if (p !== undefined) p.stride = stride;
    this.send(client, { type: 'preview', on: p !== undefined, fps: p?.fps ?? 0, maxPoints: p?.maxPoints ?? 0, stride, count: previewCount(count, stride) });
    this.updateTimers();
  }

  private startListening(): void {
    const { engine } = this.ctx.services;
    this.unlisten.push(
      engine.graph.listen({
        parameterChanged: (p) => {
          if (this.ctx.isSound(p.owner)) this.pendingSound = true;
          else {
            this.pendingParams.add(p);
            // A color's value is its hue/saturation/brightness: send the color too.
            if (p.parent !== null) this.pendingParams.add(p.parent);
          }
          this.scheduleFlush();
        },
        structureChanged: () => {
          this.pendingLight = true;
          this.pendingSound = true;
          this.scheduleFlush();
        },
      }),
      engine.history.listen((change) => this.historyChanged(change)),
    );
  }

  private stopListening(): void {
    for (const u of this.unlisten) u();
    this.unlisten = [];
    this.pendingParams.clear();
    this.pendingLight = false;
    this.pendingHistory = false;
    this.pendingSound = false;
    this.pendingShow = false;
    this.encoders.clear();
  }

  private historyChanged(change: HistoryChange): void {
    this.pendingHistory = true;
    // Cue lists are edited by history steps (create, record, edit): the cue panel follows with the next flush.
    this.pendingShow = true;
    // Steps other than parameter edits (activating a pattern...) change state no parameter reports.
    const command = change.entry?.command;
    if (command !== undefined && !(command instanceof SetParameter)) {
      this.pendingLight = true;
      this.pendingSound = true;
    }
    // Pattern and effect summaries in the light state carry their label and on/off.
    if (command instanceof SetParameter && (command.ref.key === 'enabled' || command.ref.key === 'label' || command.ref.key === 'locked'))
      this.pendingLight = true;
    // Swatch colors are shown in the light state (the palette panel's chips).
    if (command instanceof SetParameter && this.inPalette(command.ref.componentId)) this.pendingLight = true;
    if (command instanceof SetParameter && this.ctx.isSound(this.ctx.services.engine.graph.get(command.ref.componentId) ?? null)) this.pendingSound = true;
    if (change.kind === 'clear') this.pendingLight = this.pendingSound = true;
    this.scheduleFlush();
  }

  private inPalette(componentId: number): boolean {
    const c = this.ctx.services.engine.graph.get(componentId);
    return c !== undefined && this.ctx.light.lx.palette.contains(c);
  }

  /** Called by the API after it changes something only the console knows about. */
  lightChanged(): void {
    if (this.clients.size === 0) return;
    this.pendingLight = true;
    this.scheduleFlush();
  }

  /** Called by the API after a sound action that is not a history step (transport, selection). */
  soundTouched(): void {
    if (this.clients.size === 0) return;
    this.pendingSound = true;
    this.scheduleFlush();
  }

  /**
   * Re-reads the cue lists and timecode readouts and sends them when they changed: after a console
   * action on a cue list (Go and Back are not history steps) and, while anything is there to follow,
   * with the playheads (a fade's progress, the timecode label).
   */
  showTouched(): void {
    if (this.clients.size === 0) return;
    // One read at a time; a touch during it reads again after it, so nothing is left stale.
    if (this.showPolling) {
      this.showAgain = true;
      return;
    }
    this.showPolling = true;
    void this.ctx.services.engine.queue
      .submit(() => this.ctx.showState(), { label: 'console show' })
      .then((show) => {
        const text = JSON.stringify(show);
        if (text === this.lastShow) return;
        this.lastShow = text;
        this.broadcast({ type: 'show', show });
      })
      .catch((err: unknown) => this.log.error({ err }, 'console show readout failed'))
      .finally(() => {
        this.showPolling = false;
        if (this.showAgain) {
          this.showAgain = false;
          this.showTouched();
        }
      });
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.clients.size === 0) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush().catch((err: unknown) => this.log.error({ err }, 'console flush failed'));
    }, FLUSH_MS);
  }

  private async flush(): Promise<void> {
    const light = this.pendingLight;
    const history = this.pendingHistory;
    const params = light ? [] : [...this.pendingParams];
    const sound = this.pendingSound;
    if (this.pendingShow) this.showTouched();
    this.pendingShow = false;
    this.pendingLight = false;
    this.pendingHistory = false;
    this.pendingSound = false;
    this.pendingParams.clear();
    const out = await this.ctx.services.engine.queue.submit(
      () => ({
        light: light ? this.ctx.lightState() : undefined,
        history: history ? this.ctx.historyState() : undefined,
        params: params.filter((p) => p.owner?.graph != null && !p.internal).map(parameterPayload),
      }),
      { label: 'console update' },
    );
    if (out.light !== undefined) this.broadcast({ type: 'light', light: out.light });
    if (out.params.length > 0) this.broadcast({ type: 'params', parameters: out.params });
    if (out.history !== undefined) this.broadcast({ type: 'history', history: out.history });
    if (sound) this.broadcast({ type: 'sound', sound: await this.ctx.sound() });
  }

  /** A finished MCP call, for the activity feed (sent with the session list, see ACTIVITY_MS). */
  activity(items: ActivityItems): void {
    if (this.clients.size === 0) return;
    this.pendingActivity.push(...items);
    this.activityTimer ??= setTimeout(() => {
      this.activityTimer = undefined;
      const batch = this.pendingActivity;
      this.pendingActivity = [];
      this.broadcast({ type: 'activity', items: batch });
      this.pollSessions();
    }, ACTIVITY_MS);
  }

  policyChanged(): void {
    this.broadcast({ type: 'policy', policy: this.ctx.policy() });
  }

  soundChanged(sound: Extract<ServerMessage, { type: 'sound' }>['sound']): void {
    this.broadcast({ type: 'sound', sound });
  }

  private pollSessions(): void {
    const s = this.ctx.sessions();
    const text = JSON.stringify(s);
    if (text === this.lastSessions) return;
    this.lastSessions = text;
    this.broadcast({ type: 'sessions', sessions: s.sessions, connected: s.connected });
  }

  /** The DMX input's line in the top bar, when it changed (polled with the playheads). */
  private pollDmxIn(): void {
    if (!this.ctx.services.dmxIn.enabled) return;
    const state = this.ctx.dmxIn();
    const text = JSON.stringify(state);
    if (text === this.lastDmxIn) return;
    this.lastDmxIn = text;
    this.broadcast({ type: 'dmxIn', dmxIn: state });
  }

  private updateTimers(): void {
    const previewing = [...this.clients.values()].some((c) => c.preview !== undefined);
    if (previewing && this.frameTimer === undefined) this.frameTimer = setInterval(() => this.pushFrames(), 1000 / PREVIEW_MAX_FPS / 2);
    if (!previewing && this.frameTimer !== undefined) {
      clearInterval(this.frameTimer);
      this.frameTimer = undefined;
      this.encoders.clear();
    }
    const watching = [...this.clients.values()].some((c) => c.watch.length > 0);
    if (watching && this.watchTimer === undefined) this.watchTimer = setInterval(() => void this.pushWatched(), WATCH_MS);
    if (!watching && this.watchTimer !== undefined) {
      clearInterval(this.watchTimer);
      this.watchTimer = undefined;
    }
    const any = this.clients.size > 0;
    if (any && this.sessionsTimer === undefined) this.sessionsTimer = setInterval(() => this.pollSessions(), SESSIONS_MS);
    if (any && this.playheadTimer === undefined) {
      this.playheadTimer = setInterval(() => {
        // The playhead moves while the song plays; once more after it stops (at the song's end, say).
        const playing = this.ctx.soundPlaying();
        if (playing || this.soundWasPlaying) this.soundTouched();
        this.soundWasPlaying = playing;
        // Clip cursors move every frame; refresh while any clip plays, and once after the last stops.
        const clips = this.ctx.clipsActive();
        if (clips || this.clipsWereActive) this.lightChanged();
        this.clipsWereActive = clips;
        this.pollDmxIn();
        // Cue fades and timecode move without history steps; once more after the last goes away.
        const show = this.ctx.showActive();
        if (show || this.showWasActive) this.showTouched();
        this.showWasActive = show;
      }, PLAYHEAD_MS);
    }
    if (!any && this.playheadTimer !== undefined) {
      clearInterval(this.playheadTimer);
      this.playheadTimer = undefined;
    }
    if (!any && this.sessionsTimer !== undefined) {
      clearInterval(this.sessionsTimer);
      this.sessionsTimer = undefined;
      this.lastSessions = '';
      this.lastDmxIn = '';
      this.lastShow = '';
    }
  }

  /** Sends each previewing page the latest frame if it changed, within its fps and byte budget. */
  private pushFrames(): void {
    const light = this.ctx.light;
    const now = performance.now();
    const generation = light.structure.generation;
    // Beams are read at most every BEAMS_MS (about 21 µs a fixture): a new encoding only when one changed.
    if (now - this.beamsAt >= BEAMS_MS) {
      this.beamsAt = now;
      this.beams.current(light);
    }
    for (const c of this.clients.values()) {
      const p = c.preview;
      if (p === undefined || now < p.due || c.ws.readyState !== c.ws.OPEN) continue;
      if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      if (p.sentGeneration !== generation) p.stride = strideFor(light.structure.model.size, p.maxPoints);
      let encoder = this.encoders.get(p.stride);
      if (encoder === undefined) this.encoders.set(p.stride, (encoder = new FrameEncoder(p.stride)));
      const frame = encoder.current(light);
      if (frame === undefined) continue;
      if (p.sentGeneration !== generation) {
        const model = encodeModel(light, p.stride);
        c.ws.send(model);
        c.bytesSent += model.length;
        p.sentGeneration = generation;
        p.sentVersion = -1;
      }
      // A page never sent a beam gets none while the show has no stage fixture.
      const beams = this.beams.last;
      const empty = beams === undefined || beams.readUInt32LE(8) === 0;
      if (beams !== undefined && p.sentBeams !== this.beams.version && !(empty && p.sentBeams === -1)) {
        c.ws.send(beams);
        c.bytesSent += beams.length;
        p.sentBeams = this.beams.version;
        p.due = now + 1000 / p.fps - 2;
      }
      if (p.sentVersion === encoder.version) continue;
      c.ws.send(frame);
      c.bytesSent += frame.length;
      c.framesSent++;
      p.sentVersion = encoder.version;
      // The next frame waits for the fps cap and for the byte budget, whichever is later.
      const interval = Math.max(1000 / p.fps, (frame.length / PREVIEW_BYTES_PER_SECOND) * 1000);
      p.due = now + interval - 2;
    }
  }

  /** Live (modulated) values of the parameters of components pages are looking at. */
  private async pushWatched(): Promise<void> {
    const watchers = [...this.clients.values()].filter((c) => c.watch.length > 0);
    if (watchers.length === 0) return;
    const light = this.ctx.light;
    const results = await this.ctx.services.engine.queue.submit(
      () =>
        watchers.map((c) => {
          const out: ParameterPayload[] = [];
          for (const path of c.watch) {
            let comp: Component;
            try {
              comp = light.component(path);
            } catch {
              continue;
            }
            for (const p of visibleParameters(comp)) if (isLive(p)) out.push(parameterPayload(p));
          }
          return out;
        }),
      { label: 'console watch' },
    );
    watchers.forEach((c, i) => {
      if (results[i].length > 0) this.send(c, { type: 'params', parameters: results[i] });
    });
  }

  private broadcast(msg: ServerMessage): void {
    if (this.clients.size === 0) return;
    const text = JSON.stringify(msg);
    for (const c of this.clients.values()) this.sendText(c, text);
  }

  private send(client: Client, msg: ServerMessage): void {
    this.sendText(client, JSON.stringify(msg));
  }

  private sendText(client: Client, text: string): void {
    if (client.ws.readyState !== client.ws.OPEN) return;
    client.ws.send(text);
    client.bytesSent += Buffer.byteLength(text);
  }

  async close(): Promise<void> {
    this.systemMidi?.stop();
    this.systemMidi = undefined;
    for (const c of this.clients.values()) {
      c.midiOut?.();
      c.midiFeedback?.();
      c.surfaceLeds?.stop();
      c.ws.terminate();
    }
    this.clients.clear();
    this.stopListening();
    this.updateTimers();
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    clearTimeout(this.activityTimer);
    this.activityTimer = undefined;
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function isLive(p: Parameter): boolean {
  if (p instanceof NumericParameter) return p.isModulated;
  const sub = (p as { subParameters?: () => Parameter[] }).subParameters;
  return !!sub?.call(p).some((s) => s instanceof NumericParameter && s.isModulated);
}

function clampInt(v: unknown, min: number, max: number, fallback: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return fallback;
  return Math.max(min, Math.min(max, Math.round(v)));
}
