import { randomBytes } from 'node:crypto';
import { CompoundCommand, type Command } from '../engine/commands/command.js';
import type { HistoryEntry, Origin } from '../engine/commands/history.js';
import type { BooleanParameter } from '../engine/parameters/boolean.js';
import { SetParameter } from '../engine/commands/set-parameter.js';
import type { Engine } from '../engine/engine.js';
import { FootlightError, internal, invalidArgument, notFound } from '../engine/errors.js';
import { digest } from '../engine/guards.js';
import type { Logger } from '../engine/log.js';
import { DEVICES, deviceSpec, matchesQuery, uuidKind, UUID_PATTERN, type DeviceSpec } from './catalog.js';
import { deviceCodec, InsertNode, RemoveNode, ReplaceProject, swapProject, trackCodec } from './commands.js';
import { refuse } from './errors.js';
import {
  BANK_SIZE,
  buildProject,
  Device,
  nativeDisplay,
  nativeToNormalized,
  nativeValue,
  normalizedToNative,
  saveProject,
  SoundRoot,
  Track,
  trackChain,
  type Chain,
  type DeviceJson,
  type FlatTrack,
  type NativeValue,
  type ProjectJson,
  type SoundProject,
  type TrackJson,
} from './model.js';
import { catalogDevicePayload, deviceSummary, paramPayload, trackOf, trackPayload, type Payload } from './payloads.js';
import { GridOps } from './grid.js';
import { dropSendsTo } from './mixer.js';
import { SongOps } from './song.js';
import { HOST_NAME, HOST_VERSION, PROTOCOL_VERSION } from './version.js';

export type { Payload };

/** Who asked, and by when the request must have started: one deadline spans queue and submission. */
export interface OpContext {
  readonly origin: Origin;
  /** Absolute deadline in `Date.now()` milliseconds. */
  readonly deadlineAt: number;
}

/** Exposed controls per device page. */
const CONTROL_COUNT = 8;
/** Devices per chain. */
const MAX_CHAIN_DEVICES = 64;
/** The `devices` sibling window. */
const DEVICE_WINDOW = 16;
/** Pairs in one `batch`. */
const MAX_BATCH = 64;

/** Runtime transport state: not part of the document and not undoable (as in the host it models). */
interface TransportState {
  playing: boolean;
  /** Quarter-note beats. */
  position: number;
  /** Arranger recording. The host records no audio; the state exists so guards can refuse. */
  recording: boolean;
}

/** An application action: a raw id, and its percent-escaped wire token. */
interface ActionDef {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly undoable: boolean;
  run(host: SoundHost, ctx: OpContext): Payload;
}

/** Percent-escapes every byte outside A–Z a–z 0–9 - . _ ~ (action wire tokens). */
function escapeActionId(id: string): string {
  return Array.from(Buffer.from(id, 'utf8'))
    .map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/**
 * The sound host: a Bitwig-style music host that is the authority for protocol 3. It owns the
 * project (tracks, devices, Grid graphs, arranger), the selection, the transport, import
 * receipts and saves. Every operation runs as one task on the engine queue under the request's
 * deadline; every document change is a command in the engine's one history.
 */
export class SoundHost {
  readonly root = new SoundRoot();
  /** Distinguishes this host instance: tokens and graph ids from an earlier run never match. */
  readonly nonce = randomBytes(8).toString('hex');
  readonly grid: GridOps;
  readonly song: SongOps;
  readonly transport: TransportState = { playing: false, position: 0, recording: false };
  private selection: { trackId: number | null; deviceId: number | null } = { trackId: null, deviceId: null };
  /** Digest of each project's document as last saved or opened, for the modified flag. */
  private readonly savedDigests = new WeakMap<SoundProject, string>();
  private readonly actions: readonly ActionDef[];
  private readonly detachClock: () => void;

  constructor(
    readonly engine: Engine,
    readonly log: Logger,
    project: ProjectJson,
  ) {
    this.root.addChild('project', buildProject(project));
    engine.graph.addRoot(this.root);
    this.markSaved(this.project);
    this.grid = new GridOps(this);
    this.song = new SongOps(this);
    this.actions = buildActions();
    // First in every frame: the song transport is the show's clock, so what renders after it
    // (the light) reads this frame's position.
    this.detachClock = engine.clock.onFrame((f) => this.song.advance(f.deltaMs), { first: true });
    this.selectDefault();
  }

  /** Detaches the host from the engine (its graph root and its clock listener). */
  dispose(): void {
    this.detachClock();
    this.engine.graph.removeRoot(this.root);
  }

  get project(): SoundProject {
    return this.root.project;
  }

  /** A context for in-process callers: the engine's default deadline from now. */
  context(origin: Origin, deadlineMs = this.engine.deadlineMs): OpContext {
    return { origin, deadlineAt: Date.now() + deadlineMs };
  }

  // -------------------------------------------------------------------------------------------
  // Queue and history

  /** Runs `fn` as one engine-queue task under the request's remaining deadline. */
  task<T>(ctx: OpContext, label: string, fn: () => T): Promise<T> {
    const remaining = ctx.deadlineAt - Date.now();
    if (remaining <= 0)
      return Promise.reject(
        new FootlightError(
          'timeout',
          `the deadline of "${label}" passed before it could be queued; it was not applied. Re-read state before deciding what to do.`,
        ),
      );
    return this.engine.queue.submit(fn, { deadlineMs: remaining, label: `protocol3 ${label}` });
  }

  /**
   * Performs a command through the one history, then reads the state back with `verify`; if the
   * read-back disagrees the step is rolled back (undo and redo as before) and the call fails
   * with internal.
   */
  perform(ctx: OpContext, command: Command, verify?: () => boolean): HistoryEntry {
    return this.engine.history.performVerified(command, ctx.origin, (entry) => {
      if (verify !== undefined && !verify()) throw internal(`"${command.label}" did not read back as requested and was rolled back`);
      return entry;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Project document

  /** Digest of a project's document (notes by their cached digests, so it stays cheap). */
  documentDigest(p: SoundProject = this.project): string {
    return digest(saveProject(p, { ids: false, notesAsDigest: true }));
  }

  markSaved(p: SoundProject, documentDigest = this.documentDigest(p)): void {
    this.savedDigests.set(p, documentDigest);
  }

  /** Modified: the document differs from what was last saved or opened. */
  get modified(): boolean {
    return this.savedDigests.get(this.project) !== this.documentDigest();
  }

  /**
   * Opens a project document in place of the current one, as one undoable step. Identities
   * (track, device, module and clip ids) are new: re-read them.
   */
  openProject(ctx: OpContext, json: ProjectJson): Promise<Payload> {
    return this.task(ctx, 'open project', () => {
      let next: SoundProject;
      try {
        next = buildProject(json);
      } catch (err) {
        throw invalidArgument(`the project document is invalid: ${(err as Error).message}`);
      }
      this.markSaved(next);
      this.perform(ctx, new ReplaceProject(`Open ${next.name}`, this.root, next));
      this.selectDefault();
      return { project_name: next.name, track_count: next.flatTracks().length };
    });
  }

  /** Replaces the project without recording history: start-up and tests only. */
  resetProject(json: ProjectJson): void {
    const next = buildProject(json);
    this.markSaved(next);
    swapProject(this.engine.graph, this.root, next);
    this.selectDefault();
  }

  /**
   * A digest of everything the host holds: the document with its ids, the selection, the
   * transport, save and import state. Equal fingerprints mean nothing observable changed.
   */
  fingerprint(): string {
    return digest({
      document: saveProject(this.project, { ids: true }),
      selection: this.selection,
      transport: this.transport,
      song: this.song.fingerprintState(),
      devices: [...this.project.descendants()].filter((c): c is Device => c instanceof Device).map((d) => [d.id, d.windowOpen]),
      expanded: this.project.flatTracks().map((f) => [f.track.id, f.track.groupExpanded]),
    });
  }

  // -------------------------------------------------------------------------------------------
  // Selection

  flat(): FlatTrack[] {
    return this.project.flatTracks();
  }

  private attached(id: number | null): unknown {
    if (id === null) return undefined;
    const c = this.engine.graph.get(id);
    return c !== undefined && this.project.contains(c) ? c : undefined;
  }

  /** The selected track, or null (a selection whose object is gone is dropped). */
  selectedTrack(): Track | null {
    const t = this.attached(this.selection.trackId);
    if (t instanceof Track) return t;
    this.selection = { trackId: null, deviceId: null };
    return null;
  }

  selectedDevice(): Device | null {
    const track = this.selectedTrack();
    const d = this.attached(this.selection.deviceId);
    if (track !== null && d instanceof Device && trackOf(d) === track) return d;
    this.selection = { trackId: track?.id ?? null, deviceId: null };
    return null;
  }

  selectTrack(t: Track | null, device: Device | null = t?.devices.at(0) ?? null): void {
    this.selection = { trackId: t?.id ?? null, deviceId: device?.id ?? null };
  }

  selectDevice(d: Device | null): void {
    const t = d === null ? this.selectedTrack() : trackOf(d);
    this.selection = { trackId: t?.id ?? null, deviceId: d?.id ?? null };
  }

  private selectDefault(): void {
    // The first Grid device, so graph commands have something to act on; else the first track.
    for (const f of this.flat()) {
      const grid = f.track.devices.items.find((d) => d.grid !== null);
      if (grid !== undefined) return this.selectTrack(f.track, grid);
    }
    const first = this.flat()[0]?.track ?? null;
    this.selectTrack(first);
  }

  /** The chain a device sits in. */
  chainOf(d: Device): Chain {
    const owner = d.parent;
    if (owner instanceof Track) return trackChain(owner);
    if (owner instanceof Device) {
      const slot = owner.spec.slots.find((s) => `slot:${s.name}` === d.key);
      if (slot !== undefined) return owner.slotChain(slot);
    }
    throw internal(`device ${d.id} is in no chain`);
  }

  /** 64-hex digest over the exact selected native identity; null with a reason when nothing is selected. */
  selectionGuard(): { selection_token: string | null; selection_guard_available: boolean; reason?: string } {
    const track = this.selectedTrack();
    if (track === null)
      return { selection_token: null, selection_guard_available: false, reason: 'no track is selected; select one with track INDEX or track-first' };
    const device = this.selectedDevice();
    const chain = device === null ? null : this.chainOf(device);
    const token = digest({
      kind: 'selection',
      host: this.nonce,
      track_id: track.id,
      track_type: track.type,
      device_id: device?.id ?? null,
      device_uuid: device?.spec.uuid ?? null,
      chain_owner_id: chain?.owner.id ?? null,
      slot: chain?.slot ?? null,
    });
    return { selection_token: token, selection_guard_available: true };
  }

  checkSelectionToken(token: string): void {
    const guard = this.selectionGuard();
    if (guard.selection_token === null)
      throw refuse('invalid_argument', 'no_selection', `${guard.reason ?? 'nothing is selected'}; then read selection_token from devices or inspect`);
    if (guard.selection_token !== token)
      throw refuse(
        'stale',
        'stale_selection_token',
        'selection_token no longer matches the selected track and device: the selection or the device changed. Re-read devices or inspect, then decide again.',
      );
  }

  flatIndexOf(t: Track): number {
    return this.flat().findIndex((f) => f.track === t);
  }

  trackPayloadOf(t: Track): Payload {
    const f = this.flat().find((x) => x.track === t);
    if (f === undefined) throw internal(`track ${t.id} is not in the bank`);
    return trackPayload(f, this.selection.trackId);
  }

  devicePayloadOf(d: Device): Payload {
    const chain = this.chainOf(d);
    return { ...deviceSummary(d, chain.devices.indexOf(d), this.selection.deviceId), chain: this.chainPayload(chain) };
  }

  chainPayload(chain: Chain): Payload {
    return {
      owner_id: chain.owner.id,
      owner_kind: chain.owner instanceof Track ? 'track' : 'device',
      slot: chain.slot,
      device_count: chain.devices.length,
      accepts: [...chain.accepts],
    };
  }

  private selectionPayload(): Payload {
    const track = this.selectedTrack();
    const device = this.selectedDevice();
    return {
      selected_index: track === null ? null : this.flatIndexOf(track),
      track: track === null ? null : this.trackPayloadOf(track),
      device: device === null ? null : this.devicePayloadOf(device),
      ...this.selectionGuard(),
    };
  }

  private requireTrack(): Track {
    const t = this.selectedTrack();
    if (t === null) throw refuse('not_found', 'no_selection', 'no track is selected; select one with track INDEX or track-first');
    return t;
  }

  requireDevice(): Device {
    const d = this.selectedDevice();
    if (d === null)
      throw refuse(
        'not_found',
        'no_selection',
        this.selectedTrack() === null
          ? 'no track is selected; select one with track INDEX, then device-first'
          : 'no device is selected on the selected track; use device-first or device-primary',
      );
    return d;
  }

  // -------------------------------------------------------------------------------------------
  // Core commands

  ping(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'ping', () => ({ pong: true, protocol: PROTOCOL_VERSION }));
  }

  capabilities(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'capabilities', () => ({
      protocol: PROTOCOL_VERSION,
      host: { name: HOST_NAME, version: HOST_VERSION },
      extension: { name: `${HOST_NAME} sound host`, version: HOST_VERSION, instance: this.nonce },
      api: { name: 'footlight-sound', version: PROTOCOL_VERSION },
      graph_available: true,
      grid_graph: this.grid.capabilityPayload(),
      song: this.song.capabilityPayload(),
      limits: {
        command_bytes: 1024 * 1024,
        response_bytes: 8 * 1024 * 1024,
        deadline_ms: this.engine.deadlineMs,
        bank_size: BANK_SIZE,
        exposed_controls: CONTROL_COUNT,
        device_window: DEVICE_WINDOW,
      },
      undo: { scope: 'global', shared_with: ['light', 'console', 'mcp', 'osc'] },
    }));
  }

  private controlsPayload(d: Device): Payload[] {
    const out: Payload[] = [];
    for (let i = 0; i < CONTROL_COUNT; i++) {
      const id = d.spec.controls[i];
      const spec = id === undefined ? undefined : d.spec.params.find((p) => p.id === id);
      if (spec === undefined) {
        out.push({ index: i + 1, exists: false });
        continue;
      }
      const v = nativeValue(spec, d.native.get(spec.id)!);
      out.push({
        index: i + 1,
        exists: true,
        id: spec.id,
        name: spec.name,
        value: nativeToNormalized(spec, v),
        display: nativeDisplay(spec, v),
        native_value: v,
      });
    }
    return out;
  }

  state(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'state', () => {
      const d = this.selectedDevice();
      const guard = this.selectionGuard();
      if (d === null)
        return { device: null, controls: [], scale: 'normalized 0-1', ...guard, ...(guard.reason === undefined ? { reason: 'no device is selected' } : {}) };
      return {
        device: this.devicePayloadOf(d),
        page: 'Main',
        controls: this.controlsPayload(d),
        scale: 'normalized 0-1',
        parameters: d.spec.params.map((s) => paramPayload(s, d)),
        ...guard,
      };
    });
  }

  inspect(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'inspect', () => {
      const track = this.selectedTrack();
      const d = this.selectedDevice();
      let device: Payload | null = null;
      if (d !== null) {
        const chain = this.chainOf(d);
        let depth = 0;
        for (let c = d.parent; c instanceof Device; c = c.parent) depth++;
        device = {
          ...deviceSummary(d, chain.devices.indexOf(d), d.id),
          chain: this.chainPayload(chain),
          is_nested: depth > 0,
          nesting_depth: depth,
          parent_instance_id: d.parent instanceof Device ? d.parent.id : null,
          has_slots: d.spec.slots.length > 0,
          slot_names: d.spec.slots.map((s) => s.name),
          slot_device_counts: Object.fromEntries(d.spec.slots.map((s) => [s.name, d.slots.get(s.name)!.length])),
          has_layers: false,
          has_drum_pads: false,
          graph_available: d.grid !== null,
          window_open: d.windowOpen,
          exposed_control_count: d.spec.controls.length,
          host_modulation_sources: d.spec.hostSources.length,
        };
      }
      return { track: track === null ? null : this.trackPayloadOf(track), device, ...this.selectionGuard() };
    });
  }

  historyPayload(): Payload {
    const h = this.engine.history;
    const entry = (e: HistoryEntry | undefined): Payload | null =>
      e === undefined ? null : { label: e.command.label, surface: e.origin.surface, session: e.origin.session ?? null };
    return {
      project_name: this.project.name,
      project_modified: this.modified,
      can_undo: h.canUndo,
      can_redo: h.canRedo,
      undo_depth: h.undoDepth,
      redo_depth: h.redoDepth,
      next_undo: entry(h.nextUndo),
      next_redo: entry(h.nextRedo),
      scope: 'global',
    };
  }

  history(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'history', () => this.historyPayload());
  }

  private controlSpec(d: Device, index: number): NonNullable<ReturnType<typeof d.spec.params.find>> {
    if (!Number.isInteger(index) || index < 1 || index > CONTROL_COUNT)
      throw refuse('invalid_argument', 'out_of_range', `INDEX takes 1–${CONTROL_COUNT}; got ${index}`);
    const id = d.spec.controls[index - 1];
    const spec = id === undefined ? undefined : d.spec.params.find((p) => p.id === id);
    if (spec === undefined)
      throw refuse(
        'invalid_argument',
        'out_of_range',
        `control ${index} of ${d.label.getString()} is not mapped; it has ${d.spec.controls.length} exposed controls (see state)`,
      );
    return spec;
  }

  private checkNormalized(value: number): void {
    if (!Number.isFinite(value) || value < 0 || value > 1)
      throw refuse('invalid_argument', 'out_of_range', `VALUE takes the native protocol range 0–1; got ${value}`);
  }

  set(ctx: OpContext, index: number, value: number): Promise<Payload> {
    return this.task(ctx, 'set', () => {
      const d = this.requireDevice();
      const spec = this.controlSpec(d, index);
      this.checkNormalized(value);
      const p = d.native.get(spec.id)!;
      const target = normalizedToNative(spec, value);
      this.perform(ctx, new SetParameter(p, target), () => nativeValue(spec, p) === target);
      const v = nativeValue(spec, p);
      return { index, id: spec.id, name: spec.name, value: nativeToNormalized(spec, v), display: nativeDisplay(spec, v), native_value: v, instance_id: d.id };
    });
  }

  /** Serialized exposed-control writes as one undo step. Every pair is checked before any is written. */
  batch(ctx: OpContext, pairs: readonly { index: number; value: number }[]): Promise<Payload> {
    return this.task(ctx, 'batch', () => {
      if (pairs.length === 0 || pairs.length > MAX_BATCH)
        throw refuse('invalid_argument', 'out_of_range', `batch takes 1–${MAX_BATCH} INDEX=VALUE pairs; got ${pairs.length}`);
      const d = this.requireDevice();
      const steps = pairs.map(({ index, value }) => {
        const spec = this.controlSpec(d, index);
        this.checkNormalized(value);
        return { spec, target: normalizedToNative(spec, value) as NativeValue };
      });
      const command = new CompoundCommand(
        `Change ${pairs.length} controls of ${d.label.getString()}`,
        steps.map((s) => new SetParameter(d.native.get(s.spec.id)!, s.target)),
      );
      // Serialized: the last write to a control wins, and that is what must read back.
      const last = new Map(steps.map((s) => [s.spec.id, s] as const));
      this.perform(ctx, command, () => [...last.values()].every((s) => nativeValue(s.spec, d.native.get(s.spec.id)!) === s.target));
      return {
        atomic: false,
        applied: steps.length,
        instance_id: d.id,
        results: pairs.map(({ index }) => {
          const spec = this.controlSpec(d, index);
          const v = nativeValue(spec, d.native.get(spec.id)!);
          return { index, ok: true, value: nativeToNormalized(spec, v), display: nativeDisplay(spec, v) };
        }),
      };
    });
  }

  tracks(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'tracks', () => {
      const flat = this.flat();
      const selected = this.selectedTrack();
      return {
        bank: 'ALL_CHANNELS',
        bank_size: BANK_SIZE,
        scroll_position: 0,
        count: flat.length,
        complete: flat.length <= BANK_SIZE,
        selected_index: selected === null ? null : this.flatIndexOf(selected),
        tracks: flat.map((f) => trackPayload(f, selected?.id ?? null)),
      };
    });
  }

  trackAt(index: number): Track {
    if (!Number.isInteger(index) || index < 0 || index >= BANK_SIZE)
      throw refuse('invalid_argument', 'out_of_range', `INDEX takes a bank index 0–${BANK_SIZE - 1}; got ${index}`);
    const flat = this.flat();
    const f = flat[index];
    if (f === undefined) throw notFound(`track ${index} does not exist; the bank holds ${flat.length} tracks (0–${flat.length - 1}). See tracks.`);
    return f.track;
  }

  track(ctx: OpContext, index: number): Promise<Payload> {
    return this.task(ctx, 'track', () => {
      this.selectTrack(this.trackAt(index));
      return this.selectionPayload();
    });
  }

  trackNavigate(ctx: OpContext, how: 'first' | 'next' | 'previous'): Promise<Payload> {
    return this.task(ctx, `track-${how}`, () => {
      const flat = this.flat();
      const current = this.selectedTrack();
      const i = current === null ? -1 : this.flatIndexOf(current);
      const target = how === 'first' || i < 0 ? 0 : how === 'next' ? i + 1 : i - 1;
      const f = flat[target];
      const moved = f !== undefined && f.track !== current;
      if (moved) this.selectTrack(f.track);
      return { moved, ...this.selectionPayload() };
    });
  }

  deviceNavigate(ctx: OpContext, how: 'next' | 'previous' | 'parent' | 'first' | 'primary'): Promise<Payload> {
    const label = how === 'first' ? 'device-first' : how === 'primary' ? 'device-primary' : how;
    return this.task(ctx, label, () => {
      let target: Device | null = null;
      const current = this.selectedDevice();
      if (how === 'first' || how === 'primary') {
        const track = this.requireTrack();
        target =
          how === 'first' ? (track.devices.at(0) ?? null) : (track.devices.items.find((d) => d.spec.kind === 'instrument') ?? track.devices.at(0) ?? null);
      } else {
        const d = this.requireDevice();
        if (how === 'parent') target = d.parent instanceof Device ? d.parent : null;
        else {
          const chain = this.chainOf(d);
          target = chain.devices.at(chain.devices.indexOf(d) + (how === 'next' ? 1 : -1)) ?? null;
        }
      }
      const moved = target !== null && target !== current;
      if (moved) this.selectDevice(target);
      return { moved, ...this.selectionPayload() };
    });
  }

  deviceEditor(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'device-editor', () => {
      const d = this.requireDevice();
      d.windowOpen = !d.windowOpen;
      return { instance_id: d.id, name: d.label.getString(), window_open: d.windowOpen };
    });
  }

  deviceCatalog(ctx: OpContext, query: string): Promise<Payload> {
    return this.task(ctx, 'device-catalog', () => {
      const found = DEVICES.filter((d) => matchesQuery(query, d.name, d.category, d.kind.replace('_', ' ')));
      return { query, count: found.length, total: DEVICES.length, devices: found.map(catalogDevicePayload) };
    });
  }

  devices(ctx: OpContext): Promise<Payload> {
    return this.task(ctx, 'devices', () => {
      const track = this.requireTrack();
      const d = this.selectedDevice();
      const chain = d === null ? trackChain(track) : this.chainOf(d);
      const pos = d === null ? 0 : chain.devices.indexOf(d);
      const start = Math.floor(pos / DEVICE_WINDOW) * DEVICE_WINDOW;
      const window = chain.devices.items.slice(start, start + DEVICE_WINDOW);
      return {
        track: this.trackPayloadOf(track),
        chain: this.chainPayload(chain),
        window_start: start,
        window_size: DEVICE_WINDOW,
        sibling_count: chain.devices.length,
        window_complete: start === 0 && chain.devices.length <= DEVICE_WINDOW,
        selected_position: d === null ? null : pos,
        devices: window.map((x, i) => deviceSummary(x, start + i, d?.id ?? null)),
        ...this.selectionGuard(),
      };
    });
  }

  insert(ctx: OpContext, position: 'before' | 'after' | 'start' | 'end' | 'replace', uuid: string, token: string): Promise<Payload> {
    return this.task(ctx, 'insert', () => {
      this.checkSelectionToken(token);
      const spec = this.deviceSpecFor(uuid, 'insert');
      const track = this.requireTrack();
      const selected = this.selectedDevice();
      if ((position === 'before' || position === 'after' || position === 'replace') && selected === null)
        throw refuse(
          'invalid_argument',
          'no_selection',
          `insert ${position} needs a selected device; the selected track has none selected (use start or end, or device-first)`,
        );
      const chain = position === 'start' || position === 'end' ? trackChain(track) : this.chainOf(selected!);
      if (!chain.accepts.includes(spec.kind))
        throw refuse(
          'invalid_argument',
          'wrong_uuid_kind',
          `${spec.name} is ${spec.kind === 'instrument' ? 'an instrument' : spec.kind === 'audio_effect' ? 'an audio effect' : 'a note effect'}; ${this.chainName(chain)} holds ${chain.accepts.join(', ').replace(/_/g, ' ')} devices only`,
        );
      const at = selected === null ? -1 : chain.devices.indexOf(selected);
      const index = position === 'start' ? 0 : position === 'end' ? chain.devices.length : position === 'after' ? at + 1 : at;
      if (position !== 'replace' && chain.devices.length >= MAX_CHAIN_DEVICES)
        throw refuse('invalid_argument', 'out_of_range', `${this.chainName(chain)} already holds ${MAX_CHAIN_DEVICES} devices`);
      const json: DeviceJson = { uuid: spec.uuid, name: spec.name, enabled: true, params: {}, slots: {} };
      const ins = new InsertNode(`Insert ${spec.name}`, chain.devices.owner.id, chain.devices.name, json, index, deviceCodec);
      const command: Command =
        position === 'replace'
          ? new CompoundCommand(`Replace ${selected!.label.getString()} with ${spec.name}`, [
              new RemoveNode(`Remove ${selected!.label.getString()}`, chain.devices.owner.id, chain.devices.name, selected!.id, deviceCodec),
              ins,
            ])
          : ins;
      this.perform(ctx, command, () => chain.devices.at(index)?.spec.uuid === spec.uuid);
      const inserted = chain.devices.at(index)!;
      this.selectDevice(inserted);
      return {
        position,
        inserted: this.devicePayloadOf(inserted),
        ...(position === 'replace' ? { replaced_instance_id: selected!.id } : {}),
        ...this.selectionPayload(),
      };
    });
  }

  private chainName(chain: Chain): string {
    return chain.owner instanceof Track ? `the chain of track ${chain.owner.name}` : `the ${chain.slot} slot of ${chain.owner.label.getString()}`;
  }

  /** Resolves a device UUID, refusing module/modulator UUIDs by name. */
  deviceSpecFor(uuid: string, command: string): DeviceSpec {
    if (!UUID_PATTERN.test(uuid))
      throw invalidArgument(`UUID must be a lowercase 8-4-4-4-12 hex UUID from device-catalog; got ${JSON.stringify(uuid.slice(0, 60))}`);
    const kind = uuidKind(uuid);
    if (kind === 'module')
      throw refuse(
        'invalid_argument',
        'wrong_uuid_kind',
        `${uuid} is a Grid module UUID, not a device UUID; ${command} takes a device UUID from device-catalog (modules go in with graph-insert)`,
      );
    if (kind === 'modulator')
      throw refuse(
        'invalid_argument',
        'wrong_uuid_kind',
        `${uuid} is a Grid modulator UUID, not a device UUID; ${command} takes a device UUID from device-catalog (modulators go in with graph-insert-modulator)`,
      );
    const spec = deviceSpec(uuid);
    if (spec === undefined) throw notFound(`no installed device has UUID ${uuid}; see device-catalog`);
    return spec;
  }

  deviceRemove(ctx: OpContext, token: string): Promise<Payload> {
    return this.task(ctx, 'device-remove', () => {
      this.checkSelectionToken(token);
      const d = this.requireDevice();
      const chain = this.chainOf(d);
      const index = chain.devices.indexOf(d);
      const removed = deviceSummary(d, index, d.id);
      this.perform(
        ctx,
        new RemoveNode(`Remove ${d.label.getString()}`, chain.devices.owner.id, chain.devices.name, d.id, deviceCodec),
        () => d.parent === null,
      );
      const next = chain.devices.at(index) ?? chain.devices.at(index - 1) ?? null;
      if (next !== null) this.selectDevice(next);
      else if (chain.owner instanceof Device) this.selectDevice(chain.owner);
      else this.selectDevice(null);
      return { removed, ...this.selectionPayload() };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Actions, undo, redo

  listActions(ctx: OpContext, query: string): Promise<Payload> {
    return this.task(ctx, 'actions', () => {
      const found = this.actions.filter((a) => matchesQuery(query, a.id, a.name, a.category));
      return {
        query,
        count: found.length,
        total: this.actions.length,
        actions: found.map((a) => ({ id: escapeActionId(a.id), raw_id: a.id, name: a.name, category: a.category, undoable: a.undoable })),
      };
    });
  }

  action(ctx: OpContext, wireId: string): Promise<Payload> {
    return this.task(ctx, 'action', () => {
      const a = this.actions.find((x) => escapeActionId(x.id) === wireId);
      if (a === undefined) {
        const raw = this.actions.find(
          (x) => x.id === wireId || x.id.toLowerCase() === wireId.toLowerCase() || escapeActionId(x.id).toLowerCase() === wireId.toLowerCase(),
        );
        throw notFound(
          `no action has wire id ${JSON.stringify(wireId.slice(0, 80))}${raw !== undefined ? `; did you mean ${escapeActionId(raw.id)}? Pass the id from actions unchanged` : '; list them with actions [QUERY] and pass the returned id unchanged'}`,
        );
      }
      return { action: escapeActionId(a.id), name: a.name, ...a.run(this, ctx) };
    });
  }

  undoRedo(ctx: OpContext, which: 'undo' | 'redo'): Promise<Payload> {
    return this.task(ctx, which, () => this.undoRedoNow(which));
  }

  undoRedoNow(which: 'undo' | 'redo'): Payload {
    const h = this.engine.history;
    const entry = which === 'undo' ? h.undo() : h.redo();
    if (entry === undefined && which === 'undo' && h.droppedSteps > 0)
      throw refuse(
        'invalid_argument',
        'nothing_to_undo',
        `there is nothing left to undo: the history was trimmed, its ${h.droppedSteps} earliest step(s) were dropped to stay inside its memory budget`,
      );
    if (entry === undefined) throw refuse('invalid_argument', which === 'undo' ? 'nothing_to_undo' : 'nothing_to_redo', `there is nothing to ${which}`);
    return {
      [which === 'undo' ? 'undone' : 'redone']: { label: entry.command.label, surface: entry.origin.surface, session: entry.origin.session ?? null },
      ...this.historyPayload(),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Tracks (actions and import)

  /** Inserts a track built from JSON next to the selected one (same parent list), as one step. */
  createTrack(ctx: OpContext, json: TrackJson): Track {
    if (this.flat().length + 1 + countSubtracks(json) > BANK_SIZE)
      throw refuse('invalid_argument', 'bank_capacity', `the bank holds at most ${BANK_SIZE} tracks; it has ${this.flat().length}`);
    const { ownerId, arrayName, index } = this.insertionAfterSelected(json.type === 'effect');
    const cmd = new InsertNode(`Create ${json.name}`, ownerId, arrayName, json, index, trackCodec);
    this.perform(ctx, cmd);
    return this.engine.graph.require(cmd.insertedId) as Track;
  }

  /** Where a new track goes: after the selected track in its list; effect tracks at the end of FX. */
  insertionAfterSelected(effect: boolean): { ownerId: number; arrayName: string; index: number } {
    const p = this.project;
    if (effect) return { ownerId: p.id, arrayName: 'fx', index: p.fx.length };
    const sel = this.selectedTrack();
    if (sel !== null && sel.type !== 'effect' && sel.type !== 'master' && sel.parent !== null) {
      const list = sel.parent.arrays.get('track')!;
      return { ownerId: sel.parent.id, arrayName: 'track', index: list.indexOf(sel) + 1 };
    }
    return { ownerId: p.id, arrayName: 'track', index: p.tracks.length };
  }
}

function countSubtracks(json: TrackJson): number {
  let n = 0;
  for (const c of json.children ?? []) n += 1 + countSubtracks(c);
  return n;
}

function emptyTrack(name: string, type: TrackJson['type']): TrackJson {
  return {
    name,
    type,
    muted: false,
    armed: false,
    solo: false,
    volume: 0.8,
    pan: 0,
    group_expanded: true,
    devices: [],
    clips: [],
    ...(type === 'group' ? { children: [] } : {}),
  };
}

function buildActions(): ActionDef[] {
  const toggle = (id: string, name: string, get: (h: SoundHost) => { p: BooleanParameter; key: string }, guard?: (h: SoundHost) => void): ActionDef => ({
    id,
    name,
    category: 'Transport',
    undoable: true,
    run(h, ctx) {
      guard?.(h);
      const { p, key } = get(h);
      const next = !p.isOn();
      h.perform(ctx, new SetParameter(p, next), () => p.isOn() === next);
      return { [key]: p.isOn() };
    },
  });
  const create = (type: TrackJson['type'], label: string): ActionDef => ({
    id: `Create ${label} Track`,
    name: `Create ${label} Track`,
    category: 'Project',
    undoable: true,
    run(h, ctx) {
      const n = h.flat().filter((f) => f.track.type === type).length + 1;
      const t = h.createTrack(ctx, emptyTrack(`${label} ${n}`, type));
      h.selectTrack(t);
      return { created: h.trackPayloadOf(t) };
    },
  });
  return [
    { id: 'Undo', name: 'Undo', category: 'Editing', undoable: false, run: (h) => h.undoRedoNow('undo') },
    { id: 'Redo', name: 'Redo', category: 'Editing', undoable: false, run: (h) => h.undoRedoNow('redo') },
    {
      id: 'Play',
      name: 'Play',
      category: 'Transport',
      undoable: false,
      run: (h) => h.song.startPlayback(),
    },
    { id: 'Stop', name: 'Stop', category: 'Transport', undoable: false, run: (h) => h.song.stopPlayback() },
    {
      id: 'Record',
      name: 'Toggle Arranger Record',
      category: 'Transport',
      undoable: false,
      run(h) {
        h.transport.recording = !h.transport.recording;
        if (h.transport.recording) h.transport.playing = true;
        return { recording: h.transport.recording, playing: h.transport.playing };
      },
    },
    toggle('toggle_metronome', 'Toggle Metronome', (h) => ({ p: h.project.metronome, key: 'metronome' })),
    toggle(
      'toggle_arranger_loop',
      'Toggle Arranger Loop',
      (h) => ({ p: h.project.loopEnabled, key: 'arranger_loop_enabled' }),
      (h) => h.song.refuseRecording('toggle the arranger loop'),
    ),
    create('instrument', 'Instrument'),
    create('audio', 'Audio'),
    create('effect', 'Effect'),
    create('group', 'Group'),
    {
      id: 'Delete Track',
      name: 'Delete Selected Track',
      category: 'Project',
      undoable: true,
      run(h, ctx) {
        const t = h.selectedTrack();
        if (t === null) throw refuse('not_found', 'no_selection', 'no track is selected');
        if (t.type === 'master') throw invalidArgument('the master track cannot be deleted');
        const index = h.flatIndexOf(t);
        const removed = h.trackPayloadOf(t);
        const list = t.parent!.arrays.get(t.key)!;
        const remove = new RemoveNode(`Delete ${t.name}`, t.parent!.id, list.name, t.id, trackCodec);
        const unsend = t.type === 'effect' ? dropSendsTo(h, t) : [];
        h.perform(ctx, unsend.length > 0 ? new CompoundCommand(`Delete ${t.name}`, [...unsend, remove]) : remove, () => t.parent === null);
        const flat = h.flat();
        h.selectTrack(flat[Math.min(index, flat.length - 1)]?.track ?? null);
        return { deleted: removed };
      },
    },
    {
      id: 'Expand/Collapse Group',
      name: 'Expand or Collapse Selected Group',
      category: 'Arranger',
      undoable: false,
      run(h) {
        const t = h.selectedTrack();
        if (t === null || t.type !== 'group') throw invalidArgument('select a group track first');
        t.groupExpanded = !t.groupExpanded;
        return { track_id: t.id, group_expanded: t.groupExpanded };
      },
    },
  ];
}
