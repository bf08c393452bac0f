import type { Parameter } from '../../engine/parameters/parameter.js';
import type { StoredValue } from '../../engine/parameters/recording.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { LXComponent } from '../component/lx-component.js';
import type { PatternEngine } from '../devices/patterns/pattern-engine.js';
import { isLxObject, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { QuantizedTriggerParameter } from '../tempo/quantized-trigger.js';
import { clipClockOf } from './clip-clock.js';
import { type Cursor, CURSOR_ZERO, cursorAtMillis, isCursorProblem, MAX_CLIP_MS, readCursor, saveCursor } from './cursor.js';
import { type AnyLane, MidiNoteLane, PARAMETER_LANE_CLASS, ParameterLane, PatternLane, type LaneInterpolation } from './lanes.js';

export const TIME_BASES = [
  { label: 'Absolute', name: 'ABSOLUTE' },
  { label: 'Tempo', name: 'TEMPO' },
] as const;

/** Shortest loop LX allows: 125 ms (1/8 beat at 120 BPM). */
const MIN_LOOP_MS = 125;

/** The clip's saved cursor markers, in LX's save order. */
export const MARKERS = ['length', 'loopStart', 'loopLength', 'playStart', 'playEnd'] as const;
export type Marker = (typeof MARKERS)[number];

export type ClipKind = 'channel' | 'group' | 'master';

const CLIP_CLASS: Record<ClipKind, string> = {
  channel: 'heronarts.lx.clip.LXChannelClip',
  group: 'heronarts.lx.clip.LXGroupClip',
  master: 'heronarts.lx.clip.LXMasterClip',
};

const CLIP_INTERNAL = { clipView: 0, 'clipView/name': 'AUTOMATION', launchAutomation: false, zoom: 1.0 };

/** What a clip needs from the bus that holds it. */
interface ClipBus extends LXComponent {
  readonly clips: { readonly items: readonly Clip[] };
  /** The channel's pattern engine (null for groups and the master). */
  readonly clipPatternEngine: PatternEngine | null;
}

/** Set while clips play back, so recording ignores the changes playback makes. */
export const clipPlayback = { active: false };

/**
 * A clip (LX's LXClip): a slot on a bus holding lanes that play along a cursor. ABSOLUTE clips
 * advance by the frame's deltaMs, summed in doubles; TEMPO clips follow the clock's beats at the
 * clip's reference BPM. See docs/clips.md.
 */
export class Clip extends LXComponent {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'cursor', 'referenceBeats', 'starting', 'ending', 'fadeMs', 'fadeElapsed', 'fadeAmount', 'overriddenParameters'];
  }

  readonly lxClass: string;
  readonly running = new BooleanParameter('Running', false, {
    mappable: false,
    description: 'Whether the clip is playing (saved: a running clip starts when the project opens)',
  });
  readonly trigger = new TriggerParameter('Trigger', { description: 'Launches the clip' });
  readonly reset = new TriggerParameter('Reset', { description: 'Restarts a running clip from its launch position' });
  readonly referenceBpm = new BoundedParameter('Reference BPM', 120, {
    v0: 20,
    v1: 240,
    mappable: false,
    description: "Tempo at which the clip's beats convert to milliseconds",
  });
  readonly timeBase = new EnumParameter('Time Base', TIME_BASES, 0, {
    mappable: false,
    description: 'ABSOLUTE: milliseconds of frame time. TEMPO: beats of the tempo clock',
  });
  readonly launch: QuantizedTriggerParameter;
  readonly stop = new TriggerParameter('Stop', { description: 'Stops the clip' });
  readonly loop = new BooleanParameter('Loop', false, { description: 'Loop between loop start and loop end' });
  readonly snapshotEnabled = new BooleanParameter('Snapshot', false, { description: "Recall the clip's snapshot on launch (not modeled: saved only)" });
  readonly snapshotTransitionEnabled = new BooleanParameter('Snapshot Transition', true, { description: "Transition into the clip's snapshot (saved only)" });
  readonly automationEnabled = new BooleanParameter('Automation', true, { description: 'Lanes play back only while this is on' });
  readonly customSnapshotTransition = new BooleanParameter('Custom Transition', false, { description: "Use the snapshot's own transition time (saved only)" });
  readonly lanes = this.addArray<AnyLane>('lane');
  /** Slot index on the bus, 0-based (the UI and OSC show index + 1). */
  slot: number;
  /** The playback position in milliseconds (a running double sum for ABSOLUTE clips). */
  cursor = 0;
  private markers: Record<Marker, Cursor> = {
    length: CURSOR_ZERO,
    loopStart: CURSOR_ZERO,
    loopLength: CURSOR_ZERO,
    playStart: CURSOR_ZERO,
    playEnd: CURSOR_ZERO,
  };
  /** TEMPO clips: the transport beat the cursor counts from. */
  private referenceBeats = 0;
  private starting = false;
  /** Set while playback stops the clip at its end (a launch fade then runs on). */
  private ending = false;
  /** Parameters a recording take has moved: their lanes do not play until the take ends. */
  readonly overridden = new Set<Parameter>();
  /** A launch fade (a light cue's fade time), in ms of frame time; 0: none running. */
  private fadeMs = 0;
  private fadeElapsed = 0;
  /** How far the launch fade has come, 0–1 (1: not fading): the parameter lanes read it. */
  fadeAmount = 1;
  /**
   * Every parameter this clip's lanes have driven, with the base it held just before the clip
   * first drove it. Kept when the clip stops (its values stay, as in LX); `releaseDrives` puts
   * them back when what made the clip drive is undone (docs/clips.md, "Undo").
   */
  private readonly driven = new Map<Parameter, StoredValue>();
  /** What launched the clip last: a light cue, a launch_clip step, or null (a trigger, a scene, a project load). */
  launchedBy: object | null = null;

  /** The parameters a recording took over, for runtime state. */
  get overriddenParameters(): Parameter[] {
    return [...this.overridden];
  }

  set overriddenParameters(parameters: readonly Parameter[]) {
    this.overridden.clear();
    for (const p of parameters) this.overridden.add(p);
  }
  /** What a pending (quantized) launch will be launched by, once it starts. */
  private nextLaunchBy: object | null = null;

  constructor(
    readonly kind: ClipKind,
    slot: number,
    label = `Clip-${slot + 1}`,
  ) {
    super(label);
    this.lxClass = CLIP_CLASS[kind];
    this.slot = slot;
    this.setInternalDefaults(CLIP_INTERNAL);
    this.launch = new QuantizedTriggerParameter('Launch', () => this.start(), { description: 'Launches the clip at the next launch-quantization boundary' });
    this.addParameter('running', this.running);
    this.addParameter('trigger', this.trigger);
    this.addParameter('reset', this.reset);
    this.addParameter('referenceBpm', this.referenceBpm);
    this.addParameter('timeBase', this.timeBase);
    this.addParameter('launch', this.launch);
    this.addParameter('stop', this.stop);
    this.addParameter('loop', this.loop);
    this.addParameter('snapshotEnabled', this.snapshotEnabled);
    this.addParameter('snapshotTransitionEnabled', this.snapshotTransitionEnabled);
    this.addParameter('automationEnabled', this.automationEnabled);
    this.addParameter('customSnapshotTransition', this.customSnapshotTransition);
    this.running.onChange(() => {
      // Running set from outside start() (a project load, a surface): start at cursor 0.
      if (this.running.isOn() && !this.starting) this.beginAt(0);
      // Stopped by anything but reaching its end: a launch fade stops where it is.
      if (!this.running.isOn() && !this.ending) this.endFade();
    });
    this.trigger.onChange(() => {
      if (this.trigger.isOn()) this.launch.fire();
    });
    this.stop.onChange(() => {
      if (this.stop.isOn()) this.stopNow();
    });
    this.reset.onChange(() => {
      if (this.reset.isOn() && this.running.isOn()) this.start();
    });
  }

  get bus(): ClipBus {
    return this.parent as ClipBus;
  }

  referenceBpmValue(): number {
    return this.referenceBpm.getValue();
  }

  marker(m: Marker): Cursor {
    return this.markers[m];
  }

  get lengthMs(): number {
    return this.markers.length.millis;
  }
  get loopStartMs(): number {
    return this.markers.loopStart.millis;
  }
  get loopLengthMs(): number {
    return this.markers.loopLength.millis;
  }
  get loopEndMs(): number {
    return this.markers.loopStart.millis + this.markers.loopLength.millis;
  }
  get playStartMs(): number {
    return this.markers.playStart.millis;
  }
  get playEndMs(): number {
    return this.markers.playEnd.millis;
  }

  /** Sets the markers from milliseconds (see markersAfter). */
  setMarkers(ms: Partial<Record<Marker, number>>): void {
    this.markers = this.markersAfter(ms);
  }

  /**
   * The markers `setMarkers(ms)` leaves, constrained as LX does: every marker within
   * [0, length], the loop at least MIN_LOOP_MS (or the whole clip when shorter); the length at
   * most MAX_CLIP_MS. Unchanged markers keep their cursor objects.
   */
  markersAfter(ms: Partial<Record<Marker, number>>): Record<Marker, Cursor> {
    const bpm = this.referenceBpmValue();
    const length = Math.min(MAX_CLIP_MS, Math.max(0, ms.length ?? this.lengthMs));
    const clamp = (v: number) => (v < 0 ? 0 : v > length ? length : v);
    const loopStart = clamp(ms.loopStart ?? this.loopStartMs);
    let loopLength = Math.max(Math.min(MIN_LOOP_MS, length), ms.loopLength ?? this.loopLengthMs);
    if (loopStart + loopLength > length) loopLength = length - loopStart;
    const playStart = clamp(ms.playStart ?? this.playStartMs);
    const playEnd = clamp(ms.playEnd ?? (ms.length !== undefined && this.playEndMs === this.lengthMs ? length : this.playEndMs));
    const at = (v: number, old: Cursor) => (v === old.millis ? old : cursorAtMillis(v, bpm));
    return {
      length: at(length, this.markers.length),
      loopStart: at(loopStart, this.markers.loopStart),
      loopLength: at(loopLength, this.markers.loopLength),
      playStart: at(playStart, this.markers.playStart),
      playEnd: at(playEnd, this.markers.playEnd),
    };
  }

  /** The saved markers, for undo. */
  markerState(): Record<Marker, Cursor> {
    return { ...this.markers };
  }

  restoreMarkers(m: Record<Marker, Cursor>): void {
    this.markers = { ...m };
  }

  /**
   * Starts now (the launch trigger's action): stops the bus's other clips, cursor to playStart.
   * A light cue passes `fadeMs`, its fade time: Normalized parameter lanes cross from the values
   * their parameters hold now to the lane's over that long, and the pattern lane's switch is a
   * transition of that length (without one, the channel's own transition settings apply). A cue
   * the song has passed (a seek, a start mid-song) passes `elapsedMs`: the cursor starts that far
   * in, the fade that far on, and the pattern switch cuts when no fade is left. `clockBeat` is the
   * tempo clock's beat the cursor stands at now (a cue knows it: the song's position, where the
   * clock is about to be placed), which a TEMPO clip counts from instead of the clock's last beat.
   */
  start(cue?: { readonly fadeMs?: number; readonly elapsedMs: number; readonly clockBeat?: number; readonly by?: object }): void {
    for (const c of this.bus.clips.items) if (c !== this && c.running.isOn()) c.stopNow();
    this.launchedBy = cue?.by ?? this.nextLaunchBy;
    this.nextLaunchBy = null;
    const elapsed = cue?.elapsedMs ?? 0;
    const fade = cue?.fadeMs ?? 0;
    const at = elapsed > 0 ? this.cursorAfter(this.playStartMs + elapsed) : this.playStartMs;
    this.starting = true;
    try {
      this.beginAt(at, cue?.clockBeat);
      this.running.setValue(1);
    } finally {
      this.starting = false;
    }
    this.fadeMs = fade > elapsed ? fade : 0;
    this.fadeElapsed = elapsed;
    this.fadeAmount = 1;
    for (const lane of this.lanes.items) {
      if (!(lane instanceof ParameterLane)) continue;
      const p = lane.target;
      lane.fadeFrom = this.fadeMs > 0 && p instanceof NumericParameter ? p.getBaseNormalized() : Number.NaN;
    }
    if (!this.automationEnabled.isOn()) return;
    const transitionMs = cue?.fadeMs !== undefined || elapsed > 0 ? Math.max(0, fade - elapsed) : undefined;
    for (const lane of this.lanes.items) lane.restart(this.cursor, transitionMs);
  }

  /** Where the cursor is `ms` after launch, as playback would take it: wrapped into the loop, or at the end. */
  private cursorAfter(ms: number): number {
    if (this.loop.isOn() && this.loopLengthMs > 0 && ms >= this.loopEndMs && this.playStartMs <= this.loopEndMs)
      return this.loopStartMs + ((ms - this.loopEndMs) % this.loopLengthMs);
    return Math.min(ms, this.loop.isOn() ? this.loopEndMs : this.playEndMs);
  }

  /** Puts the cursor at `ms`; a TEMPO clip counts from the clock's beat now, or from `clockBeat` when the caller knows it. */
  private beginAt(ms: number, clockBeat?: number): void {
    this.cursor = ms;
    const clock = clipClockOf(this);
    if (this.timeBase.getValue() === 1 && clock !== null) {
      let beats = clockBeat ?? clock.beatCount() + clock.basis();
      // A quantized TEMPO launch counts from the boundary it waited for.
      const div = clock.launchDivision();
      if (div !== null && clockBeat === undefined) beats = Math.floor(beats * div.multiplier + 1e-9) / div.multiplier;
      this.referenceBeats = beats - (ms * this.referenceBpmValue()) / 60000;
    }
  }

  stopNow(): void {
    this.nextLaunchBy = null;
    this.launch.cancel();
    this.running.setValue(0);
  }

  /** Launches as the launch trigger does (quantized), remembering `by` as what launched it. */
  launchAs(by: object): void {
    this.nextLaunchBy = by;
    this.launch.fire();
  }

  /** Whether the launch `by` started the clip and it still runs, or is still waiting to start it. */
  launchedAs(by: object): boolean {
    return (this.running.isOn() && this.launchedBy === by) || (this.launch.pending && this.nextLaunchBy === by);
  }

  /** A lane is about to set `p`: the first time, remember the base it holds now. */
  noteDrive(p: Parameter): void {
    if (!this.driven.has(p)) this.driven.set(p, p.storedBase);
  }

  /**
   * Puts every parameter the clip drove back to the base it held before the clip first drove it
   * (the latest first) and forgets them: what made the clip drive is being undone. A parameter no
   * longer in the show is skipped. A clip still running drives again on its next frame, from there.
   */
  releaseDrives(): void {
    const all = [...this.driven];
    this.driven.clear();
    for (let i = all.length - 1; i >= 0; i--) {
      const [p, before] = all[i];
      if (p.owner !== null && p.owner.graph !== null && p.storedBase !== before) p.restoreStoredBase(before);
    }
  }

  private endFade(): void {
    if (this.fadeMs === 0) return;
    this.fadeMs = 0;
    this.fadeAmount = 1;
    const lanes = this.lanes.items;
    for (let i = 0; i < lanes.length; i++) {
      const lane = lanes[i];
      if (lane instanceof ParameterLane) lane.fadeFrom = Number.NaN;
    }
  }

  /** One frame of playback (LX's LXClip.loop), run by the bus before its modulators and patterns. */
  run(deltaMs: number): void {
    if (this.fadeMs > 0) {
      this.fadeElapsed += deltaMs;
      // Summed frame steps fall a hair short of round times (1000/60 · 60 = 999.9999999999999).
      this.fadeAmount = this.fadeElapsed >= this.fadeMs - 1e-6 ? 1 : this.fadeElapsed / this.fadeMs;
    }
    if (!this.running.isOn()) {
      // A clip shorter than its launch fade has ended: its parameters go on crossing to the values it ended on.
      if (this.fadeMs > 0) this.playFade(this.cursor, this.cursor);
      return;
    }
    const clock = clipClockOf(this);
    let next =
      this.timeBase.getValue() === 1 && clock !== null
        ? ((clock.beatCount() + clock.basis() - this.referenceBeats) * 60000) / this.referenceBpmValue()
        : this.cursor + deltaMs;
    let looping = this.loop.isOn();
    let end = looping ? this.loopEndMs : this.playEndMs;
    if (this.cursor > end) {
      end = this.lengthMs;
      looping = false;
    }
    const play = this.automationEnabled.isOn();
    clipPlayback.active = true;
    try {
      if (next < end) {
        if (play) this.playLanes(this.cursor, next);
        this.cursor = next;
        return;
      }
      if (play) this.playLanes(this.cursor, end);
      if (!looping || this.lengthMs === 0 || this.loopLengthMs === 0) {
        this.cursor = end;
        this.ending = true;
        try {
          this.running.setValue(0);
        } finally {
          this.ending = false;
        }
        return;
      }
      next -= this.loopLengthMs;
      if (this.timeBase.getValue() === 1) this.referenceBeats += (this.loopLengthMs * this.referenceBpmValue()) / 60000;
      if (play) {
        for (const lane of this.lanes.items) lane.restart(this.loopStartMs);
        this.playLanes(this.loopStartMs, next);
      }
      this.cursor = next;
    } finally {
      clipPlayback.active = false;
      if (this.fadeAmount === 1) this.endFade();
    }
  }

  /** The parameter lanes at `to` while a launch fade runs on past the clip's end. */
  private playFade(from: number, to: number): void {
    clipPlayback.active = true;
    try {
      const lanes = this.lanes.items;
      if (this.automationEnabled.isOn()) for (let i = 0; i < lanes.length; i++) if (lanes[i] instanceof ParameterLane) lanes[i].play(from, to);
    } finally {
      clipPlayback.active = false;
      if (this.fadeAmount === 1) this.endFade();
    }
  }

  private playLanes(from: number, to: number): void {
    const lanes = this.lanes.items;
    for (let i = 0; i < lanes.length; i++) lanes[i].play(from, to);
  }

  /** The cursor in beats at the reference BPM. */
  get cursorBeats(): number {
    return (this.cursor * this.referenceBpmValue()) / 60000;
  }

  parameterLanes(): ParameterLane[] {
    return this.lanes.items.filter((l): l is ParameterLane => l instanceof ParameterLane);
  }

  patternLane(): PatternLane | undefined {
    return this.lanes.items.find((l): l is PatternLane => l instanceof PatternLane);
  }

  /** The lanes every channel clip has from the start (LX): MIDI notes, then patterns. */
  addDefaultLanes(): void {
    if (this.kind !== 'channel') return;
    this.lanes.insert(new MidiNoteLane());
    this.lanes.insert(new PatternLane(() => this.bus.clipPatternEngine));
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['index', 'parameterLanes'];
  }

  override save(): LxObject {
    const obj = super.save();
    // LX writes the markers right after `loop`, each as millis, beatCount, beatBasis.
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj.parameters ?? {})) {
      params[k] = v;
      if (k === 'loop') {
        for (const m of MARKERS) {
          const c = saveCursor(this.markers[m]);
          params[`${m}/millis`] = c.millis;
          params[`${m}/beatCount`] = c.beatCount;
          params[`${m}/beatBasis`] = c.beatBasis;
        }
      }
    }
    obj.parameters = params;
    return obj;
  }

  protected override saveExtra(obj: LxObject): void {
    obj.index = this.slot;
    obj.parameterLanes = this.lanes.items.map((l) => l.save());
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    const params = isLxObject(obj.parameters) ? { ...obj.parameters } : {};
    const fields: Record<string, unknown> = {};
    for (const m of MARKERS)
      for (const f of ['millis', 'beatCount', 'beatBasis']) {
        fields[`${m}/${f}`] = params[`${m}/${f}`];
        delete params[`${m}/${f}`];
      }
    super.load({ ...obj, parameters: params }, ctx);
    const bpm = this.referenceBpmValue();
    let dropped = false;
    for (const m of MARKERS) {
      const c = readCursor({ millis: fields[`${m}/millis`], beatCount: fields[`${m}/beatCount`], beatBasis: fields[`${m}/beatBasis`] }, bpm);
      if (isCursorProblem(c)) {
        ctx.warn(`${c.problem}; ${this.label.getString()}'s ${m} was set to 0`, { obj: obj.parameters as object, key: `${m}/${c.key}` });
        dropped = true;
      }
      this.markers[m] = isCursorProblem(c) ? CURSOR_ZERO : c;
    }
    // A dropped marker may leave the others outside the clip: constrain them as an edit would.
    if (dropped) this.setMarkers({});
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    const saved: unknown[] = Array.isArray(obj.parameterLanes) ? obj.parameterLanes : [];
    for (let i = 0; i < saved.length; i++) {
      const laneJson = saved[i];
      const lane = isLxObject(laneJson) ? this.laneFor(laneJson) : undefined;
      if (lane === undefined || !isLxObject(laneJson)) {
        const cls = isLxObject(laneJson) && typeof laneJson.class === 'string' ? laneJson.class : 'without a known class';
        ctx.warn(`${this.label.getString()}: a clip lane ${cls} is not supported; it was dropped`, { obj: saved, key: i });
        continue;
      }
      this.lanes.insert(lane);
      lane.load(laneJson, ctx);
    }
  }

  private laneFor(json: LxObject): AnyLane | undefined {
    const cls = String(json.class ?? '');
    if (json.laneType === 'midiNote') return new MidiNoteLane();
    if (json.laneType === 'pattern') return new PatternLane(() => this.bus.clipPatternEngine);
    if (json.laneType === 'parameter' && cls.startsWith(PARAMETER_LANE_CLASS)) {
      const kind = cls.slice(PARAMETER_LANE_CLASS.length);
      if (kind === 'Normalized' || kind === 'Boolean' || kind === 'Discrete' || kind === 'Trigger') return new ParameterLane(kind as LaneInterpolation);
    }
    return undefined;
  }
}
