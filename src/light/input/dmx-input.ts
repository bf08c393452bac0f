// The DMX input on the engine thread: starts the receiver thread (dmx-in-thread.ts) for the
// operator's receivers, hands the light engine the latest universes once per frame (a DmxSource)
// and reports what arrives: per universe its last levels, source, rate and age, per receiver its
// counters and why packets were dropped.
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../engine/log.js';
import { DMX_CHANNELS, DMX_UNIVERSES, type DmxSource } from '../dmx/dmx-engine.js';
import type { DmxInConfig, DmxInProtocol } from './dmx-in-config.js';
import {
  DMX_IN_LOSS_MS,
  DMX_IN_REASONS,
  type DmxInReason,
  type DmxInThreadMessage,
  MAX_RECEIVERS,
  R_APPLIED,
  R_BYTES,
  R_PACKETS,
  R_REASONS,
  R_STRIDE,
  U_CHANNELS,
  U_LAST_AT,
  U_PACKETS,
  U_PRIORITY,
  U_RATE,
  U_RECEIVER,
  U_SOURCE,
  U_STRIDE,
} from './dmx-in-layout.js';
import type { DmxInThreadData } from './dmx-in-thread.js';

/** How long the receiver thread may take to bind its sockets (it loads its sources first). */
const START_TIMEOUT_MS = 20_000;
/** Channels a compact universe report shows (four RGB pixels). */
const FIRST_CHANNELS = 12;

interface DmxReceiverStatus {
  readonly protocol: DmxInProtocol;
  readonly host: string;
  /** The bound port (the asked one until it listens). */
  readonly port: number;
  /** The universes it takes; absent: all. */
  readonly universes?: number[];
  readonly multicast: boolean;
  readonly listening: boolean;
  /** Why it is not listening. */
  readonly error?: string;
  readonly packets: number;
  readonly bytes: number;
  /** Packets whose levels were applied. */
  readonly applied: number;
  /** Bad input by reason (only reasons that happened). */
  readonly dropped: Partial<Record<DmxInReason, number>>;
  /** Valid packets that carried no levels for us, by reason. */
  readonly ignored: Partial<Record<DmxInReason, number>>;
}

interface DmxUniverseStatus {
  readonly universe: number;
  readonly protocol: DmxInProtocol;
  /** Where the last packet came from (`address:port`). */
  readonly source: string;
  /** sACN: the source's name and CID. */
  readonly sourceName?: string;
  readonly cid?: string;
  /** sACN: the priority of the last packet. */
  readonly priority?: number;
  readonly packets: number;
  /** Packets per second over the last whole second. */
  readonly rate: number;
  /** Milliseconds since the last packet. */
  readonly ageMs: number;
  /** Channels in the last packet. */
  readonly channels: number;
  /** Channels above 0 and the highest level, over all 512. */
  readonly nonZero: number;
  readonly max: number;
  /** The first channels' levels. */
  readonly first: number[];
  /** All 512 levels, when asked for. */
  readonly values?: number[];
}

interface DmxInStatus {
  /** True when the operator configured a receiver. */
  readonly enabled: boolean;
  /** True when a universe was updated within the last 2.5 s (E1.31's data loss timeout). */
  readonly receiving: boolean;
  /** Packets applied per second, all universes. */
  readonly rate: number;
  readonly receivers: DmxReceiverStatus[];
  /** Universes that received levels since the show started, in universe order. */
  readonly universes: DmxUniverseStatus[];
}

interface DmxInSummary {
  readonly receivers: { protocol: DmxInProtocol; host: string; port: number; listening: boolean }[];
  readonly receiving: boolean;
  /** Universes that received levels since the show started. */
  readonly universes: number;
  /** Packets applied per second, all universes. */
  readonly rate: number;
}

interface Source {
  readonly address: string;
  readonly name?: string;
  readonly cid?: string;
}

export class DmxInput implements DmxSource {
  private readonly levelsBuffer = new SharedArrayBuffer(DMX_UNIVERSES * DMX_CHANNELS);
  private readonly seqBuffer = new SharedArrayBuffer(DMX_UNIVERSES * 4);
  private readonly universeBuffer = new SharedArrayBuffer(DMX_UNIVERSES * U_STRIDE * 8);
  private readonly receiverBuffer = new SharedArrayBuffer(MAX_RECEIVERS * R_STRIDE * 8);
  private readonly levels = new Uint8Array(this.levelsBuffer);
  /** One view per universe, made once: the latch copies without allocating. */
  private readonly universeViews: Uint8Array[] = [];
  private readonly seq = new Int32Array(this.seqBuffer);
  private readonly ustats = new Float64Array(this.universeBuffer);
  private readonly rstats = new Float64Array(this.receiverBuffer);
  /** Per universe, the lock value last copied into `lastTarget`. */
  private readonly copied = new Int32Array(DMX_UNIVERSES).fill(-1);
  private lastTarget: Uint8Array | null = null;
  private readonly sources: Source[] = [];
  private readonly ports: number[];
  private readonly errors: (string | undefined)[];
  private readonly listening: boolean[];
  private worker: Worker | null = null;
  private timecodeListener: ((bytes: Uint8Array, receiver: number) => void) | undefined;

  constructor(
    readonly config: DmxInConfig,
    private readonly log: Logger,
  ) {
    if (config.receivers.length > MAX_RECEIVERS) throw new RangeError(`at most ${MAX_RECEIVERS} DMX receivers`);
    for (let u = 0; u < DMX_UNIVERSES; u++) this.universeViews.push(this.levels.subarray(u * DMX_CHANNELS, (u + 1) * DMX_CHANNELS));
    this.ports = config.receivers.map((r) => r.port);
    this.errors = config.receivers.map(() => undefined);
    this.listening = config.receivers.map(() => false);
  }

  get enabled(): boolean {
    return this.config.receivers.length > 0;
  }

  /** The receivers that listen, with the ports they bound. */
  get bound(): { protocol: DmxInProtocol; host: string; port: number }[] {
    return this.config.receivers.flatMap((r, i) => (this.listening[i] ? [{ protocol: r.protocol, host: this.config.host, port: this.ports[i] }] : []));
  }

  /**
   * Starts the receiver thread and waits until every receiver listens or says why it cannot
   * (a port in use, an address this machine does not have). Nothing to start without receivers.
   */
  async start(): Promise<void> {
    if (!this.enabled || this.worker !== null) return;
    const data: DmxInThreadData = {
      config: this.config,
      levels: this.levelsBuffer,
      seq: this.seqBuffer,
      universes: this.universeBuffer,
      receivers: this.receiverBuffer,
    };
    const worker = new Worker(new URL('./dmx-in-worker.mjs', import.meta.url), { workerData: data, execArgv: [], name: 'footlight-dmx-in' });
    worker.unref();
    this.worker = worker;
    let pending = this.config.receivers.length;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        for (let i = 0; i < this.errors.length; i++)
          if (!this.listening[i] && this.errors[i] === undefined) this.errors[i] = `the receiver thread did not start within ${START_TIMEOUT_MS / 1000} s`;
        resolve();
      }, START_TIMEOUT_MS);
      const settle = (): void => {
        if (--pending > 0) return;
        clearTimeout(timer);
        resolve();
      };
      worker.on('message', (m: DmxInThreadMessage) => {
        if (m.type === 'timecode') this.timecodeListener?.(m.bytes, m.receiver);
        else if (m.type === 'source') this.sources[m.slot] = { address: m.address, name: m.name, cid: m.cid };
        else if (m.type === 'listening') {
          this.listening[m.receiver] = true;
          this.ports[m.receiver] = m.port ?? this.ports[m.receiver];
          settle();
        } else {
          this.errors[m.receiver] = m.error;
          settle();
        }
      });
      worker.on('error', (err) => {
        this.log.error({ err }, 'the DMX receiver thread failed: DMX input stopped');
        for (let i = 0; i < this.errors.length; i++) {
          this.listening[i] = false;
          this.errors[i] ??= `the receiver thread failed: ${err.message}`;
        }
        this.worker = null;
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * The frame's universes (DmxSource): copies each universe whose lock moved since the last copy
   * into `data`, skipping one the thread is writing this instant (it is copied next frame), so a
   * frame never holds half a packet. A new `data` array (another project opened) gets every universe.
   */
  latch(data: Uint8Array): void {
    if (this.worker === null) return;
    if (data !== this.lastTarget) {
      this.lastTarget = data;
      this.copied.fill(-1);
    }
    const seq = this.seq;
    const copied = this.copied;
    for (let u = 0; u < DMX_UNIVERSES; u++) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const before = Atomics.load(seq, u);
        if (before === copied[u] || (before & 1) === 1) break;
        data.set(this.universeViews[u], u * DMX_CHANNELS);
        if (Atomics.load(seq, u) === before) {
          copied[u] = before;
          break;
        }
      }
    }
  }

  /** In one line (get_status, the console): the receivers, whether levels arrive, how many universes, packets per second. */
  /**
   * Hands each ArtTimeCode datagram an Art-Net receiver gets to `listener` (one listener: timecode
   * in, when it listens on a receiver's port); the receiver is its index in the config.
   */
  onTimecode(listener: (bytes: Uint8Array, receiver: number) => void): void {
    this.timecodeListener = listener;
  }

  summary(): DmxInSummary {
    const now = Date.now();
    let receiving = false;
    let universes = 0;
    let rate = 0;
    for (let u = 0; u < DMX_UNIVERSES; u++) {
      const s = u * U_STRIDE;
      if (this.ustats[s + U_PACKETS] === 0) continue;
      universes++;
      rate += this.ustats[s + U_RATE];
      if (now - this.ustats[s + U_LAST_AT] < DMX_IN_LOSS_MS) receiving = true;
    }
    const receivers = this.config.receivers.map((r, i) => ({
      protocol: r.protocol,
      host: this.config.host,
      port: this.ports[i],
      listening: this.listening[i],
    }));
    return { receivers, receiving, universes, rate: Math.round(rate * 10) / 10 };
  }

  /** What the desk sends: every receiver, and each universe that received levels (or only those asked for). */
  status(options: { readonly universes?: readonly number[]; readonly values?: boolean } = {}): DmxInStatus {
    const now = Date.now();
    const receivers = this.config.receivers.map((spec, i): DmxReceiverStatus => {
      const base = i * R_STRIDE;
      const dropped: Partial<Record<DmxInReason, number>> = {};
      const ignored: Partial<Record<DmxInReason, number>> = {};
      DMX_IN_REASONS.forEach((reason, k) => {
        const n = this.rstats[base + R_REASONS + k];
        if (n > 0) (reason.kind === 'dropped' ? dropped : ignored)[reason.name] = n;
      });
      const error = this.errors[i];
      return {
        protocol: spec.protocol,
        host: this.config.host,
        port: this.ports[i],
        ...(spec.universes === undefined ? {} : { universes: [...spec.universes] }),
        multicast: spec.protocol === 'sacn' && this.config.multicast,
        listening: this.listening[i],
        ...(error === undefined ? {} : { error }),
        packets: this.rstats[base + R_PACKETS],
        bytes: this.rstats[base + R_BYTES],
        applied: this.rstats[base + R_APPLIED],
        dropped,
        ignored,
      };
    });
    const wanted = options.universes === undefined ? undefined : new Set(options.universes);
    const universes: DmxUniverseStatus[] = [];
    let receiving = false;
    let rate = 0;
    for (let u = 0; u < DMX_UNIVERSES; u++) {
      const s = u * U_STRIDE;
      const packets = this.ustats[s + U_PACKETS];
      if (packets === 0) continue;
      const ageMs = Math.max(0, now - this.ustats[s + U_LAST_AT]);
      if (ageMs < DMX_IN_LOSS_MS) receiving = true;
      rate += this.ustats[s + U_RATE];
      if (wanted !== undefined && !wanted.has(u)) continue;
      universes.push(this.universeStatus(u, ageMs, options.values === true));
    }
    return { enabled: this.enabled, receiving, rate: Math.round(rate * 10) / 10, receivers, universes };
  }

  private universeStatus(u: number, ageMs: number, values: boolean): DmxUniverseStatus {
    const s = u * U_STRIDE;
    const levels = this.readUniverse(u);
    let nonZero = 0;
    let max = 0;
    for (const v of levels) {
      if (v > 0) nonZero++;
      if (v > max) max = v;
    }
    const slot = this.ustats[s + U_SOURCE];
    const source = slot >= 0 ? this.sources[slot] : undefined;
    const protocol = this.config.receivers[this.ustats[s + U_RECEIVER]]?.protocol ?? 'artnet';
    const priority = this.ustats[s + U_PRIORITY];
    return {
      universe: u,
      protocol,
      source: source?.address ?? (slot < 0 ? 'one of many (more sources than Footlight tracks)' : 'unknown'),
      ...(source?.name === undefined ? {} : { sourceName: source.name }),
      ...(source?.cid === undefined ? {} : { cid: source.cid }),
      ...(priority >= 0 ? { priority } : {}),
      packets: this.ustats[s + U_PACKETS],
      rate: Math.round(this.ustats[s + U_RATE] * 10) / 10,
      ageMs: Math.round(ageMs),
      channels: this.ustats[s + U_CHANNELS],
      nonZero,
      max,
      first: Array.from(levels.subarray(0, FIRST_CHANNELS)),
      ...(values ? { values: Array.from(levels) } : {}),
    };
  }

  /** A copy of one universe's levels, never half a packet. */
  private readUniverse(u: number): Uint8Array {
    const out = new Uint8Array(DMX_CHANNELS);
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = Atomics.load(this.seq, u);
      out.set(this.universeViews[u]);
      if ((before & 1) === 0 && Atomics.load(this.seq, u) === before) break;
    }
    return out;
  }

  /** Stops the receivers (their ports are free when this resolves). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker === null) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' });
    const timer = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timer);
    for (let i = 0; i < this.listening.length; i++) this.listening[i] = false;
  }
}
