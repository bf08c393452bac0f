// The engine's LED output stage. After each rendered frame (inside the frame task) it encodes
// the mixer's main buffer into preallocated packets and hands the bank to the network thread;
// the engine never waits for a socket. Plans (which fixture goes where) are rebuilt only when
// fixtures, the model or output settings change.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { FrameTime } from '../../engine/clock.js';
import type { Logger } from '../../engine/log.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import type { BoundedParameter } from '../../engine/parameters/bounded.js';
import type { Graph } from '../../engine/graph.js';
import type { MasterBus } from '../mixer/master-bus.js';
import type { Structure } from '../structure/structure.js';
import { Fixture } from '../structure/fixture.js';
import { encodeFrame } from './encoder.js';
import { FixtureOutputParameters } from '../structure/fixture-output-parameters.js';
import { GammaTable, brightnessLevel } from './gamma.js';
import { levelChain } from '../show/level-chain.js';
import { OutputGroup } from '../show/output-group.js';
import { RUN_STATIC, buildPlan, type HeaderWriter, type OutputPlan } from './packing.js';
import { stageKey, stageOutputs } from './stage-sources.js';
import type { StageFixture, StageRig } from '../show/stage-rig.js';
import {
  type Protocol,
  writeArtDmxHeader,
  writeArtSync,
  writeDdpHeader,
  writeKinetDmxOutHeader,
  writeKinetPortOutHeader,
  writeOpcHeader,
  writeSacnHeader,
  writeSacnSync,
} from '../structure/output-protocols.js';
import {
  MAX_DESTINATIONS,
  type PlanMessage,
  STATS_STRIDE,
  STAT_BACKOFF_UNTIL,
  STAT_BYTES,
  STAT_CONNECTED,
  STAT_ERRORS,
  STAT_LAST_ERROR_AT,
  STAT_PACKETS,
  STAT_SENDS,
  STAT_SKIPPED,
  type WorkerMessage,
} from './sender-protocol.js';
import { type DeclaredFixture, structureOutputs } from './sources.js';
import { type OutputMapReport, outputMapReport } from './output-map.js';

interface OutputEngineOptions {
  readonly log: Logger;
  /** sACN source name (at most 63 UTF-8 bytes are sent). Default "Footlight". */
  readonly sourceName?: string;
  /** sACN component id (16 bytes). Default: a random UUID, fixed for the life of the process. */
  readonly cid?: Uint8Array;
  /**
   * Destination ports per protocol instead of the standard ones (Art-Net 6454, sACN 5568, DDP
   * 4048, KiNET 6038); OPC always uses the fixture's `port`. For bridges and for tests, which
   * send only to ephemeral loopback ports.
   */
  readonly ports?: Partial<Record<Protocol, number>>;
  /**
   * Send each UDP destination's runs of equal-size packets as one segmented send (Linux UDP
   * segmentation offload) where the system allows it. Default true; false sends packet by packet.
   */
  readonly batchSends?: boolean;
}

interface DestinationRecord {
  readonly key: string;
  readonly slot: number;
  readonly protocol: string;
  readonly transport: string;
  readonly host: string;
  readonly port: number;
  lastError?: string;
  lastErrorAt?: string;
}

interface DestinationStats {
  readonly key: string;
  readonly protocol: string;
  readonly transport: string;
  readonly host: string;
  readonly port: number;
  /** True while a fixture in the current plan sends here. */
  readonly active: boolean;
  readonly packets: number;
  /** Send calls; fewer than packets where runs of packets leave as one segmented send. */
  readonly sends: number;
  readonly bytes: number;
  readonly errors: number;
  readonly skipped: number;
  readonly connected: boolean;
  readonly backoffMs?: number;
  readonly lastError?: string;
  readonly lastErrorAt?: string;
}

interface OutputStats {
  readonly live: boolean;
  /** Frames handed to the network thread. */
  readonly framesSent: number;
  /** Frames not sent because the network thread was still sending the two previous ones. */
  readonly framesDropped: number;
  /** Frames left out by the output `fps` limit. */
  readonly framesLimited: number;
  readonly packetsPerFrame: number;
  readonly bytesPerFrame: number;
  readonly destinations: readonly DestinationStats[];
}

function parseUuid(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Whether a frame at `now` may be sent under an fps cap last met at `last` (0 = no cap). Engine
 * time is whole milliseconds (16, 33, 50… at 60 fps), so a period is met 1 ms early: 30 fps on a
 * 60 fps engine sends every second frame.
 */
function due(fps: number, now: number, last: number): boolean {
  return fps <= 0 || now - last >= 1000 / fps - 1;
}

/** Fixture parameters whose change alters the plan (others, like brightness, are read per frame). */
/** The colors of a black frame: none (the encoder reads a missing point as 0). */
const NO_COLORS = new Uint32Array(0);
const PLAN_KEYS = new Set([...FixtureOutputParameters.KEYS, 'enabled', 'deactivate', 'numRows', 'numColumns', 'numPoints', 'wiring', 'sacnSync']);

/**
 * What the outputs read of a show besides each frame's colors: the fixtures and their output
 * settings, the engine's output group and the master fader (the light show is one). Read through
 * on every use, since opening a project replaces them.
 */
interface OutputScene {
  readonly engine: { readonly graph: Graph };
  readonly structure: Structure;
  readonly lx: { readonly output: OutputGroup; readonly stage: StageRig };
  readonly mixer: { readonly master: MasterBus };
}

/**
 * The LED outputs: each finished frame (`send`, called by the frame pipeline in src/main.ts after
 * the light renders) is encoded into the current plan's packets and handed to the network thread.
 */
export class OutputEngine {
  readonly cid: Uint8Array;
  private readonly sourceName: Uint8Array;
  private readonly headers: HeaderWriter;
  private readonly gammaTable = new GammaTable();
  private readonly log: Logger;
  private readonly ports: Partial<Record<Protocol, number>>;
  private readonly batchSends: boolean;
  private cpuWaiters: ((ns: number) => void)[] = [];
  /** Banks in the packet arena: two, and one more for each frame that may wait for its presentation time (`holdUpTo`). */
  private banks = 2;
  /** Per bank: when it was handed over, or the time it waits for (epoch ms), for releaseStuckBanks. */
  private busySince = [0, 0];
  private dirty = true;
  private generation = -1;
  private plan: OutputPlan | null = null;
  private declared: readonly DeclaredFixture[] = [];
  private owners: readonly number[] = [];
  private brightness: readonly { readonly parameter: BoundedParameter; readonly scale: number }[] = [];
  private levels = new Uint8Array(0);
  /** The stage fixtures' byte runs: where in the plan's static bytes each fixture's DMX goes, refilled every frame. */
  private stageRuns: readonly { readonly fixture: StageFixture; readonly first: number; readonly length: number }[] = [];
  private stageKey = '';
  private sequences = new Uint8Array(0);
  /** Per packet: when it was last sent (engine ms), for packets with an fps limit. */
  private packetSentAt = new Float64Array(0);
  /** Per bank and packet: 1 when the packet is held back this frame by its fps limit; null when no packet has one. */
  private skip: Uint8Array | null = null;
  /** Per destination, while a frame's skips are worked out: 1 once one of its synced packets goes this frame. */
  private syncedSent = new Uint8Array(0);
  private bytes: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  private control = new Int32Array(new SharedArrayBuffer(4 * this.banks));
  private nextBank = 0;
  private readonly statsBuffer = new SharedArrayBuffer(MAX_DESTINATIONS * STATS_STRIDE * 8);
  private readonly statsView = new Float64Array(this.statsBuffer);
  private readonly records = new Map<string, DestinationRecord>();
  private activeKeys = new Set<string>();
  private worker: Worker | null = null;
  private closed = false;
  private lastSentMillis = -Infinity;
  private structureSentMillis = -Infinity;
  private framesSent = 0;
  private framesDropped = 0;
  private framesLimited = 0;
  private readonly unsubscribe: (() => void)[] = [];
  /** A cluster node's slice (serve --slice): only these fixtures' outputs are sent. Null: every output. */
  private sends: ((fixture: Fixture) => boolean) | null = null;
  private sendsStage = true;
  /** The plan with its static bytes at zero, for black frames (made again when the plan changes). */
  private black: { readonly of: OutputPlan; readonly plan: OutputPlan } | null = null;

  constructor(
    private readonly light: OutputScene,
    options: OutputEngineOptions,
  ) {
    this.log = options.log;
    this.ports = { ...options.ports };
    this.batchSends = options.batchSends ?? true;
    this.cid = options.cid ?? parseUuid(randomUUID());
    this.sourceName = new TextEncoder().encode(options.sourceName ?? 'Footlight');
    const cid = this.cid;
    const name = this.sourceName;
    this.headers = {
      artDmx: writeArtDmxHeader,
      artSync: writeArtSync,
      sacn: (buf, off, priority, universe, length, sync) => writeSacnHeader(buf, off, cid, name, priority, universe, length, sync),
      sacnSync: (buf, off, sync) => writeSacnSync(buf, off, cid, sync),
      ddp: writeDdpHeader,
      opc: writeOpcHeader,
      kinet: (buf, off, version, port) => (version === 'PORTOUT' ? writeKinetPortOutHeader(buf, off, port) : writeKinetDmxOutHeader(buf, off, port)),
    };
    this.unsubscribe.push(
      light.engine.graph.listen({
        parameterChanged: (p) => this.onParameterChanged(p),
        structureChanged: () => {
          this.dirty = true;
        },
      }),
    );
  }

  private get group(): OutputGroup {
    return this.light.lx.output;
  }

  private onParameterChanged(p: Parameter): void {
    const owner = p.owner;
    if (owner instanceof Fixture) {
      if (PLAN_KEYS.has(p.key)) this.dirty = true;
    } else if (owner instanceof OutputGroup && (p === owner.artNetSync || p === owner.sacnSync || p === owner.sacnSyncUniverse)) this.dirty = true;
  }

  /** Sends only the outputs of the pixel fixtures `sends` accepts, and the stage fixtures only when `stage` (a cluster node's slice). */
  restrict(sends: (fixture: Fixture) => boolean, stage: boolean): void {
    this.sends = sends;
    this.sendsStage = stage;
    this.dirty = true;
  }

  /**
   * Makes room for frames that wait up to `ms` for their presentation time before they leave (`send`'s
   * `at`: a cluster leader presents on the render nodes' delay, docs/cluster.md), at 60 frames a second.
   */
  holdUpTo(ms: number): void {
    this.banks = 2 + Math.ceil((ms * 60) / 1000) + 2;
    this.busySince = new Array(this.banks).fill(0);
    this.dirty = true;
  }

  /** Rebuilds the plan now if anything it depends on changed (also done before each frame). */
  refresh(): void {
    const structure = this.light.structure;
    const rig = this.light.lx.stage;
    const key = stageKey(rig);
    if (!this.dirty && this.generation === structure.generation && key === this.stageKey) return;
    this.dirty = false;
    this.generation = structure.generation;
    this.stageKey = key;
    const pixels = structureOutputs(structure, structure.model, this.ports, this.sends);
    // Stage fixtures come after the pixel fixtures: their bytes join the same packets (a stage fixture is never dimmed by a level).
    const stage = this.sendsStage ? stageOutputs(rig, pixels.sources.length, this.ports) : { fixtures: [], declared: [], sources: [] };
    const outputs = {
      declared: [...pixels.declared, ...stage.declared],
      sources: [...pixels.sources, ...stage.sources],
      owners: [...pixels.owners, ...stage.declared.map((_, i) => pixels.declared.length + i)],
      brightness: pixels.brightness,
    };
    const group = this.group;
    const plan = buildPlan(outputs.sources, this.headers, {
      artNetSync: group.artNetSync.isOn(),
      sacnSync: group.sacnSync.isOn(),
      sacnSyncUniverse: group.sacnSyncUniverse.getValue(),
    });
    this.declared = outputs.declared;
    this.owners = outputs.owners;
    this.brightness = outputs.brightness;
    this.plan = plan;
    this.levels = new Uint8Array(pixels.sources.length);
    const stageRuns: { fixture: StageFixture; first: number; length: number }[] = [];
    for (let r = 0; r < plan.runCount; r++) {
      const si = plan.runSource[r] - pixels.sources.length;
      if (si >= 0 && plan.runOrder[r] === RUN_STATIC) stageRuns.push({ fixture: stage.fixtures[si], first: plan.runFirst[r], length: plan.runPixels[r] });
    }
    this.stageRuns = stageRuns;
    this.sequences = new Uint8Array(plan.packetCount);
    this.packetSentAt = new Float64Array(plan.packetCount).fill(-Infinity);
    for (const c of plan.collisions) {
      this.log.warn(
        { destination: c.destination, universe: c.universe, channels: [c.start, c.end], fixtures: c.sources.map((i) => plan.sources[i].path) },
        'output collision: two outputs write the same channels',
      );
    }
    for (const e of plan.errors) this.log.warn({ fixture: plan.sources[e.source].path }, `output overflow: ${e.message}`);
    this.activeKeys = new Set(plan.destinations.map((d) => d.key));
    if (plan.packetCount === 0) {
      this.bytes = new Uint8Array(0);
      this.skip = null;
      return;
    }
    const arena = new SharedArrayBuffer(this.banks * plan.bankSize);
    this.bytes = new Uint8Array(arena);
    for (let b = 0; b < this.banks; b++) plan.writeHeaders(this.bytes, b * plan.bankSize);
    const control = new SharedArrayBuffer(4 * this.banks);
    this.control = new Int32Array(control);
    this.nextBank = 0;
    const skip = plan.packetFps.some((f) => f > 0) ? new SharedArrayBuffer(this.banks * plan.packetCount) : null;
    this.skip = skip === null ? null : new Uint8Array(skip);
    this.syncedSent = new Uint8Array(plan.destinations.length);
    const destinations = plan.destinations.map((d) => {
      const record = this.recordFor(d.key, d.protocol, d.transport, d.host, d.port);
      return { slot: record.slot, key: d.key, transport: d.transport, host: d.host, port: d.port };
    });
    const message: PlanMessage = {
      type: 'plan',
      arena,
      bankSize: plan.bankSize,
      banks: this.banks,
      control,
      stats: this.statsBuffer,
      destinations,
      packetOffset: plan.packetOffset.slice().buffer,
      packetLength: plan.packetLength.slice().buffer,
      packetDestination: plan.packetDestination.slice().buffer,
      skip,
      batching: this.batchSends,
    };
    this.ensureWorker()?.postMessage(message);
  }

  private recordFor(key: string, protocol: string, transport: string, host: string, port: number): DestinationRecord {
    let r = this.records.get(key);
    if (r === undefined) {
      if (this.records.size >= MAX_DESTINATIONS) throw new Error(`more than ${MAX_DESTINATIONS} output destinations`);
      r = { key, slot: this.records.size, protocol, transport, host, port };
      this.records.set(key, r);
    }
    return r;
  }

  private ensureWorker(): Worker | null {
    if (this.closed) return null;
    if (this.worker !== null) return this.worker;
    const worker = new Worker(new URL('./sender-worker.mjs', import.meta.url), { execArgv: [], name: 'footlight-outputs' });
    worker.unref();
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'cpu') {
        const waiters = this.cpuWaiters;
        this.cpuWaiters = [];
        for (const w of waiters) w(m.ns);
        return;
      }
      const r = this.records.get(m.key);
      if (r === undefined) return;
      // Nothing listening at a UDP destination (a controller or visualiser not started yet) is
      // normal: said once in the log, not warned about; get_output_stats counts every refusal.
      const refused = m.message.startsWith('ECONNREFUSED');
      if (refused) {
        if (r.lastError?.startsWith('ECONNREFUSED') !== true)
          this.log.info({ destination: m.key }, 'nothing listens at this output destination yet; sending on');
      } else if (r.lastError !== m.message) this.log.warn({ destination: m.key, error: m.message }, 'output send failed');
      r.lastError = m.message;
      r.lastErrorAt = new Date().toISOString();
    });
    worker.on('error', (err) => {
      this.log.error({ err }, 'output network thread failed; restarting it with the current plan');
      if (this.worker === worker) {
        this.worker = null;
        this.dirty = true;
      }
    });
    this.worker = worker;
    return worker;
  }

  /**
   * Sends a finished frame (`colors`: one ARGB per model point), within the fps caps of /lx/output, the
   * structure output and each packet: its packets leave at `at` (epoch ms; `holdUpTo` makes room), else now,
   * and never before a frame handed over earlier.
   */
  send(frame: FrameTime, colors: Uint32Array, at?: number): void {
    if (this.closed) return;
    this.refresh();
    const plan = this.plan;
    if (plan === null || plan.packetCount === 0 || this.worker === null) return;
    const group = this.group;
    const stage = this.light.structure.output;
    if (!group.enabled.isOn() || !stage.enabled.isOn()) return;
    if (!due(group.fps.getValue(), frame.nowMillis, this.lastSentMillis) || !due(stage.fps.getValue(), frame.nowMillis, this.structureSentMillis)) {
      this.framesLimited++;
      return;
    }
    const bank = this.freeBank();
    if (bank < 0) return;
    const skip = this.skip === null ? null : this.skip.subarray(bank * plan.packetCount, (bank + 1) * plan.packetCount);
    if (skip !== null) {
      // A sync packet (E1.31 sync, /lx/output's ArtSync) follows its destination's universes: it
      // goes in a frame where one of its synced packets goes, and is held with them.
      const syncedSent = this.syncedSent;
      syncedSent.fill(0);
      for (let p = 0; p < plan.packetCount; p++) {
        const d = plan.packetDestination[p];
        let held: boolean;
        if (plan.packetGated[p] === 1) held = syncedSent[d] === 0;
        else {
          const fps = plan.packetFps[p];
          held = fps > 0 && !due(fps, frame.nowMillis, this.packetSentAt[p]);
          if (!held && plan.packetSynced[p] === 1) syncedSent[d] = 1;
        }
        skip[p] = held ? 1 : 0;
        if (!held) this.packetSentAt[p] = frame.nowMillis;
      }
    }
    this.encode(bank, colors, skip);
    this.post(bank, at);
    this.lastSentMillis = frame.nowMillis;
    this.structureSentMillis = frame.nowMillis;
  }

  /**
   * Sends every packet of the plan with each of its channels at zero, stage fixtures included (a
   * cluster node whose flywheel ends black: docs/cluster.md, "Failure"). Call inside the engine queue.
   */
  sendBlack(): void {
    if (this.closed) return;
    this.refresh();
    const plan = this.plan;
    if (plan === null || plan.packetCount === 0 || this.worker === null) return;
    if (!this.group.enabled.isOn() || !this.light.structure.output.enabled.isOn()) return;
    const bank = this.freeBank();
    if (bank < 0) return;
    // Missing colors read as 0, which every curve keeps at 0; static bytes (stage fixtures, fixed channels) are zeroed.
    if (this.black?.of !== plan) this.black = { of: plan, plan: { ...plan, staticBytes: new Uint8Array(plan.staticBytes.length) } };
    encodeFrame(this.black.plan, NO_COLORS, this.bytes, bank * plan.bankSize, this.gammaTable.lut, this.levels, this.sequences);
    this.post(bank);
  }

  /** A bank the network thread is neither sending from nor holding, or -1 (the frame is dropped) when every one is busy. */
  private freeBank(): number {
    this.releaseStuckBanks();
    for (let i = 0; i < this.banks; i++) {
      const bank = (this.nextBank + i) % this.banks;
      if (Atomics.load(this.control, bank) === 0) return bank;
    }
    this.framesDropped++;
    return -1;
  }

  /** Hands an encoded bank to the network thread, to send at `at` (epoch ms) or now. */
  private post(bank: number, at?: number): void {
    Atomics.store(this.control, bank, 1);
    const now = Date.now();
    this.busySince[bank] = at === undefined ? now : Math.max(now, at);
    this.worker!.postMessage(at === undefined ? bank : { type: 'frame', bank, at });
    this.nextBank = (bank + 1) % this.banks;
    this.framesSent++;
  }

  /**
   * A bank whose sends never completed (a socket closed under them) would stall the outputs;
   * after a second it is taken back.
   */
  private releaseStuckBanks(): void {
    const now = Date.now();
    for (let b = 0; b < this.banks; b++) {
      if (Atomics.load(this.control, b) !== 0 && now - this.busySince[b] > 1000) {
        this.log.warn({ bank: b }, 'output network thread did not finish a frame within 1 s; taking the bank back');
        Atomics.store(this.control, b, 0);
      }
    }
  }

  /**
   * Builds the plan and waits until every destination in it has a connected socket or has
   * failed (tests call this before stepping frames, so no frame is skipped while connecting).
   */
  async whenConnected(timeoutMs = 3000): Promise<void> {
    this.refresh();
    const end = Date.now() + timeoutMs;
    const v = this.statsView;
    while (Date.now() < end) {
      let waiting = false;
      for (const key of this.activeKeys) {
        const r = this.records.get(key);
        if (r === undefined) continue;
        const s = r.slot * STATS_STRIDE;
        if (v[s + STAT_CONNECTED] !== 1 && v[s + STAT_ERRORS] === 0) waiting = true;
      }
      if (!waiting) return;
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  /**
   * Encodes the current frame into one bank (exposed for tests and benchmarks). Fixture outputs
   * use the structure output's gamma and white point (or /lx/output's when its gamma mode is
   * INHERIT); the level is LX's: master fader (PRE) × /lx/output × structure output brightness,
   * times each output's fixture brightness.
   */
  encode(bank: number, colors: Uint32Array, skip: Uint8Array | null = null): Uint8Array<ArrayBufferLike> {
    const plan = this.plan;
    if (plan === null) return this.bytes;
    const group = this.group;
    const stage = this.light.structure.output;
    const curve = stage.direct ? stage : group;
    this.gammaTable.update(
      curve.gamma.getValue(),
      curve.whitePointRed.getValue(),
      curve.whitePointGreen.getValue(),
      curve.whitePointBlue.getValue(),
      curve.whitePointWhite.getValue(),
    );
    const chain = levelChain(this.light);
    const levels = this.levels;
    const brightness = this.brightness;
    for (let s = 0; s < levels.length; s++) levels[s] = brightnessLevel(chain, brightness[s].scale * brightness[s].parameter.getValue());
    // A stage fixture's bytes are its DMX now (driven values from this frame's drive pass, else its parameters).
    for (const run of this.stageRuns) plan.staticBytes.set(run.fixture.dmx().subarray(0, run.length), run.first);
    encodeFrame(plan, colors, this.bytes, bank * plan.bankSize, this.gammaTable.lut, levels, this.sequences, skip);
    return this.bytes;
  }

  /**
   * Every fixture's declared outputs, their allocation and problems, for get_output_map; `query`
   * keeps the fixtures whose label, path, type, tags, host or components match. Call inside the
   * engine queue.
   */
  map(query = ''): OutputMapReport {
    this.refresh();
    const live = this.group.enabled.isOn() && this.light.structure.output.enabled.isOn();
    return outputMapReport({ live, declared: this.declared, owners: this.owners, plan: this.plan }, this.light.structure.model, query);
  }

  /**
   * The universes the current plan sends, each `protocol/transport/host:port#universe` (the
   * destination as get_output_map names it), sorted: a cluster node's entry in the node registry.
   * Call inside the engine queue.
   */
  universes(): string[] {
    this.refresh();
    const plan = this.plan;
    const out = new Set<string>();
    if (plan !== null)
      plan.placements.forEach((list, i) => {
        const s = plan.sources[i];
        for (const p of list) out.add(`${s.protocol === 'artsync' ? 'artnet' : s.protocol}/${s.transport}/${s.host}:${s.port}#${p.universe}`);
      });
    return [...out].sort();
  }

  /** Counters per destination (every destination used since start), for get_output_stats. */
  stats(): OutputStats {
    this.refresh();
    const v = this.statsView;
    const now = Date.now();
    const destinations: DestinationStats[] = [];
    for (const r of this.records.values()) {
      const s = r.slot * STATS_STRIDE;
      const backoff = v[s + STAT_BACKOFF_UNTIL] - now;
      const d: DestinationStats = {
        key: r.key,
        protocol: r.protocol,
        transport: r.transport,
        host: r.host,
        port: r.port,
        active: this.activeKeys.has(r.key),
        packets: v[s + STAT_PACKETS],
        sends: v[s + STAT_SENDS],
        bytes: v[s + STAT_BYTES],
        errors: v[s + STAT_ERRORS],
        skipped: v[s + STAT_SKIPPED],
        connected: v[s + STAT_CONNECTED] === 1,
        ...(backoff > 0 ? { backoffMs: Math.ceil(backoff) } : {}),
        ...(r.lastError !== undefined ? { lastError: r.lastError } : {}),
        ...(r.lastError !== undefined ? { lastErrorAt: r.lastErrorAt ?? new Date(v[s + STAT_LAST_ERROR_AT]).toISOString() } : {}),
      };
      destinations.push(d);
    }
    const plan = this.plan;
    return {
      live: this.group.enabled.isOn(),
      framesSent: this.framesSent,
      framesDropped: this.framesDropped,
      framesLimited: this.framesLimited,
      packetsPerFrame: plan?.packetCount ?? 0,
      bytesPerFrame: plan?.bankSize ?? 0,
      destinations,
    };
  }

  /** CPU time of the network thread so far in nanoseconds (benchmarks); undefined when it is not running or the OS does not say. */
  async networkThreadCpuNs(): Promise<number | undefined> {
    const worker = this.worker;
    if (worker === null) return undefined;
    const ns = await new Promise<number>((resolve) => {
      this.cpuWaiters.push(resolve);
      worker.postMessage({ type: 'cpu' });
    });
    return ns >= 0 ? ns : undefined;
  }

  /** Waits until the network thread has finished every bank handed to it (tests, shutdown). */
  async flush(timeoutMs = 2000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      let busy = false;
      for (let b = 0; b < this.banks; b++) busy ||= Atomics.load(this.control, b) !== 0;
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const u of this.unsubscribe) u();
    const worker = this.worker;
    this.worker = null;
    if (worker === null) return;
    await this.flush(500);
    worker.postMessage({ type: 'close' });
    await worker.terminate();
  }
}
