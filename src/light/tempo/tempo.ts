// The tempo clock (LX's Tempo) at `/lx/tempo`.
//
// API for devices and modulators (read inside `run`/`loop`, allocation-free):
//
//   tempo.getBasis(division)       0 ≤ basis < 1: position inside the current cycle of `division`
//                                  (a Division from ./divisions.js, e.g. Div.QUARTER, or its
//                                  ordinal, as division choosers store it); LFOs with
//                                  tempo sync and lock use it as their basis.
//   tempo.getCycleCount(division)  how many whole cycles of `division` have passed (an integer);
//                                  a change from one frame to the next is a boundary (a "loop").
//   tempo.isActive(division)       true on the frame `division` crossed a boundary.
//   tempo.beatPeriodMs()           ms per beat at the current bpm and nudge (for unlocked sync:
//                                  basis += deltaMs / beatPeriodMs() · division.multiplier).
//   tempo.bpmValue(), beatCount(), basis(), beat() (beat boundary this frame), bar() (bar boundary).
//   tempo.launchDivision()         the launch quantization's division, or null for None.
//
// Divisions are in LX's ordinal order (DIVISIONS in ./divisions.js); WHOLE is always 4 beats.
// Quantized triggers (./quantized-trigger.js) wait for the next boundary of the launch
// quantization; `pendingTriggers()` lists them until they fire.
//
// Clock model (LX §6.4): a target cursor advances by deltaMs / (period · nudge) each frame, or
// jumps on an explicit trigger (tap, OSC beat). A smooth cursor follows it: it jumps when 3.9
// beats or more apart, runs at ×2 while behind, at ×0.25 while ahead, and never runs backwards
// or past the target. Every query reads the smooth cursor. Tempo runs on unscaled time (engine speed
// does not change it).
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { LXComponent } from '../component/lx-component.js';
import { DIVISIONS, type Division, QUANTIZATIONS } from './divisions.js';
import { QuantizedTriggerParameter, type QuantizingClock } from './quantized-trigger.js';
import { invalidArgument } from '../../engine/errors.js';

const MS_PER_MINUTE = 60000;
const MIN_BPM = 20;
const MAX_BPM = 240;
/** Taps further apart than this start a new count. */
const TAP_TIMEOUT_MS = 2000;
/** Nudge ramps the period toward ×0.9 (up) or ×1.1 (down) over this long while held. */
const NUDGE_RAMP_MS = 5000;
/** The smooth cursor jumps to the target when this many beats apart. */
const JUMP_BEATS = 3.9;

type TempoListener = (tempo: Tempo, event: 'beat' | 'bar', beat: number) => void;

/**
 * A transport the tempo follows (the song's, wired by the show): while it plays, the beat
 * cursor is its position; while it stops, the tempo runs on by itself from there, as LX's
 * internal clock does, and jumps when the position is moved (a seek).
 */
interface TempoTransport {
  playing(): boolean;
  /** Quarter-note beats since the start of the song. */
  positionBeats(): number;
  /**
   * Moves the playing transport by `beats` (a nudge ending: the light ran that far ahead of the
   * song, or behind it when negative). Without it, a nudge while the transport plays is dropped
   * when it ends and the light snaps back to the transport's position.
   */
  nudge?(beats: number): void;
}

/** The tempo clock: bpm, tap, nudge, beat and bar counters, divisions and quantized launches. */
export class Tempo extends LXComponent implements QuantizingClock {
  override runtimeFields(): readonly string[] {
    return [
      ...super.runtimeFields(),
      'targetBeat',
      'targetBasis',
      'smoothBeat',
      'smoothBasis',
      'running',
      'doTrigger',
      'restartAt',
      'nudge',
      'nudgeTarget',
      'isBeatFrame',
      'isBarFrame',
      'cycleCounts',
      'active',
      'firstTap',
      'lastTap',
      'tapCount',
      'syncing',
      'transportAt',
      'nudgeOffset',
      'pendingLaunches',
    ];
  }

  readonly lxClass = 'heronarts.lx.Tempo';
  readonly clockSource = new EnumParameter(
    'Clock',
    [
      { label: 'Int', name: 'INTERNAL' },
      { label: 'Midi', name: 'MIDI' },
      { label: 'Osc', name: 'OSC' },
    ],
    0,
    { mappable: false, description: 'Source of the tempo clock: internal, or beats arriving over MIDI clock or OSC' },
  );
  readonly period = new BoundedParameter('Period', 500, {
    v0: MS_PER_MINUTE / MAX_BPM,
    v1: MS_PER_MINUTE / MIN_BPM,
    units: 'millisecondsRaw',
    mappable: false,
    description: 'Milliseconds per beat (follows bpm)',
  });
  readonly bpm = new BoundedParameter('BPM', 120, { v0: MIN_BPM, v1: MAX_BPM, description: 'Beats per minute' });
  readonly tap = new BooleanParameter('Tap', false, {
    mode: 'momentary',
    pulse: true,
    description: 'Tap repeatedly: from the fourth tap the tempo follows the taps; every tap restarts the beat',
  });
  readonly nudgeUp = new BooleanParameter('Nudge+', false, { description: 'While held, runs the clock up to 10% faster' });
  readonly nudgeDown = new BooleanParameter('Nudge-', false, { description: 'While held, runs the clock up to 10% slower' });
  readonly beatsPerBar = new DiscreteParameter('Time Signature', 4, 1, 16, { description: 'Beats per bar' });
  readonly trigger = new BooleanParameter('Trigger', false, {
    mode: 'momentary',
    pulse: true,
    description: 'Pulses on every beat while Enabled (a modulation source)',
  });
  readonly enabled = new BooleanParameter('Enabled', false, { description: 'Whether the beat trigger pulses' });
  readonly launchQuantization = new EnumParameter(
    'Launch Quantization',
    QUANTIZATIONS.map((q) => ({ label: q.label })),
    0,
    { objectChooser: true, description: 'Launches (patterns, clips) wait for the next boundary of this length' },
  );
  readonly follow = new BooleanParameter('Follow', false, { description: 'Clip views follow the playhead' });

  // Target cursor (where the clock should be) and smooth cursor (what queries read), in beats.
  private targetBeat = 0;
  private targetBasis = 0;
  private smoothBeat = 0;
  private smoothBasis = 0;
  private running = true;
  private doTrigger = false;
  private restartAt = 0;
  private nudge = 1;
  private nudgeTarget = 1;
  private isBeatFrame = false;
  private isBarFrame = false;
  private readonly cycleCounts = new Float64Array(DIVISIONS.length);
  private readonly active = new Uint8Array(DIVISIONS.length);
  private readonly pending: QuantizedTriggerParameter[] = [];
  private readonly pendingDivision: Division[] = [];
  private firstTap = 0;
  private lastTap = -Infinity;
  private tapCount = 0;
  private syncing = false;
  private readonly listeners: TempoListener[] = [];
  /** The wall clock taps are measured on (the engine's nowMillis). */
  nowMillis: () => number = () => 0;
  private transport: TempoTransport | null = null;
  private transportAt = NaN;
  /** Beats the light has run ahead of (or behind) the playing transport while a nudge is held. */
  private nudgeOffset = 0;

  constructor() {
    super('Tempo');
    this.addParameter('clockSource', this.clockSource);
    this.addParameter('period', this.period);
    this.addParameter('bpm', this.bpm);
    this.addParameter('tap', this.tap);
    this.addParameter('nudgeUp', this.nudgeUp);
    this.addParameter('nudgeDown', this.nudgeDown);
    this.addParameter('beatsPerBar', this.beatsPerBar);
    this.addParameter('trigger', this.trigger);
    this.addParameter('enabled', this.enabled);
    this.addParameter('launchQuantization', this.launchQuantization);
    this.addParameter('follow', this.follow);
    this.legacyKeys.set('beatsPerMeasure', 'beatsPerBar');
  }

  protected override onParameterChanged(p: Parameter): void {
    if (p === this.period && !this.syncing) {
      this.syncing = true;
      this.bpm.setValue(MS_PER_MINUTE / this.period.getValue());
      this.syncing = false;
    } else if (p === this.bpm && !this.syncing) {
      this.syncing = true;
      this.period.setValue(MS_PER_MINUTE / this.bpm.getValue());
      this.syncing = false;
    } else if (p === this.tap) {
      if (this.tap.isOn()) {
        this.tapAt(this.nowMillis());
        this.tap.setOn(false);
      }
    } else if (p === this.nudgeUp || p === this.nudgeDown) {
      this.nudgeTarget = this.nudgeUp.isOn() ? 0.9 : this.nudgeDown.isOn() ? 1.1 : 1;
      if (this.nudgeTarget === 1) this.nudge = 1;
    } else if (p === this.trigger) {
      if (this.trigger.isOn()) this.trigger.setOn(false);
    } else if (p === this.clockSource) {
      if (this.clockSource.getValue() !== 0) {
        // External clock: stop and wait for beats to arrive.
        this.running = false;
        this.targetBasis = 0;
      } else {
        this.running = true;
      }
    }
  }

  // ---- queries -----------------------------------------------------------------------------

  bpmValue(): number {
    return this.bpm.getValue();
  }

  /** Milliseconds per beat, including any nudge. */
  beatPeriodMs(): number {
    return this.period.getValue() * this.nudge;
  }

  /** Whole beats counted so far. */
  beatCount(): number {
    return this.smoothBeat;
  }

  /** Position inside the current beat, 0 ≤ basis < 1. */
  basis(): number {
    return this.smoothBasis;
  }

  /** True on the frame a beat starts. */
  beat(): boolean {
    return this.isBeatFrame;
  }

  /** True on the frame a bar starts. */
  bar(): boolean {
    return this.isBarFrame;
  }

  /** 0-based beat within the bar. */
  beatInBar(): number {
    const n = this.beatsPerBar.getValue();
    return ((this.smoothBeat % n) + n) % n;
  }

  /** Position inside the current cycle of `division` (a Division or its ordinal): 0 ≤ basis < 1. */
  getBasis(division: Division | number): number {
    const m = (typeof division === 'number' ? (DIVISIONS[division] ?? DIVISIONS[4]) : division).multiplier;
    const whole = this.smoothBeat * m;
    let x = whole - Math.floor(whole) + this.smoothBasis * m;
    x -= Math.floor(x);
    return x < 1 ? x : 0.9999999999999999;
  }

  /** Whole cycles of `division` (a Division or its ordinal) completed so far. */
  getCycleCount(division: Division | number): number {
    const m = (typeof division === 'number' ? (DIVISIONS[division] ?? DIVISIONS[4]) : division).multiplier;
    const whole = this.smoothBeat * m;
    return Math.floor(whole) + Math.floor(whole - Math.floor(whole) + this.smoothBasis * m);
  }

  /** True on the frame `division` (a Division or its ordinal) crossed a boundary. */
  isActive(division: Division | number): boolean {
    return this.active[typeof division === 'number' ? division : division.ordinal] === 1;
  }

  launchDivision(): Division | null {
    return QUANTIZATIONS[this.launchQuantization.getValue()]?.division ?? null;
  }

  /** Triggers waiting for a quantization boundary, with the division each waits for. */
  pendingTriggers(): readonly { readonly trigger: QuantizedTriggerParameter; readonly division: Division }[] {
    return this.pending.map((trigger, i) => ({ trigger, division: this.pendingDivision[i] }));
  }

  /** The waiting triggers with their divisions' ordinals, for runtime state: restored, each waits again. */
  get pendingLaunches(): { trigger: QuantizedTriggerParameter; division: number }[] {
    return this.pending.map((trigger, i) => ({ trigger, division: this.pendingDivision[i].ordinal }));
  }

  set pendingLaunches(launches: readonly { trigger: QuantizedTriggerParameter; division: number }[]) {
    for (const t of [...this.pending]) t.cancel();
    for (const { trigger, division } of launches) {
      const d = DIVISIONS[division];
      if (!(trigger instanceof QuantizedTriggerParameter) || d === undefined) throw invalidArgument(`runtime state of ${this.path}: a bad pending launch`);
      trigger.holdPending();
      this.schedule(trigger, d);
    }
  }

  listen(listener: TempoListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  // ---- control -----------------------------------------------------------------------------

  schedule(trigger: QuantizedTriggerParameter, division: Division): void {
    const i = this.pending.indexOf(trigger);
    if (i >= 0) {
      this.pendingDivision[i] = division;
      return;
    }
    this.pending.push(trigger);
    this.pendingDivision.push(division);
  }

  unschedule(trigger: QuantizedTriggerParameter): void {
    const i = this.pending.indexOf(trigger);
    if (i < 0) return;
    this.pending.splice(i, 1);
    this.pendingDivision.splice(i, 1);
  }

  /** Follows `transport` from now on (its position, at once), or runs by itself again (null). */
  followTransport(transport: TempoTransport | null): void {
    this.transport = transport;
    if (transport === null) return;
    const at = transport.positionBeats();
    this.transportAt = at;
    this.targetBeat = this.smoothBeat = Math.floor(at);
    this.targetBasis = this.smoothBasis = at - this.targetBeat;
  }

  /** Restarts the beat: the next frame is beat `beat` (default: back to beat 0 of the bar). */
  restartBeat(beat = 0): void {
    this.restartAt = beat;
    this.doTrigger = true;
  }

  /** A tap at `nowMillis`: LX's tap tempo. */
  tapAt(nowMillis: number): void {
    if (nowMillis - this.lastTap > TAP_TIMEOUT_MS) {
      this.firstTap = nowMillis;
      this.tapCount = 0;
    }
    this.lastTap = nowMillis;
    this.tapCount++;
    if (this.tapCount > 3) {
      const beatPeriod = (this.lastTap - this.firstTap) / (this.tapCount - 1);
      const bpm = MS_PER_MINUTE / beatPeriod;
      this.bpm.setValue(bpm < MIN_BPM ? MIN_BPM : bpm > MAX_BPM ? MAX_BPM : bpm);
    }
    this.restartBeat(this.tapCount - 1);
  }

  // ---- frame -------------------------------------------------------------------------------

  /** Advances the clock by unscaled time; runs first in each frame. */
  loop(deltaMs: number): void {
    // Nudge: ramp the period multiplier toward its target while a nudge button is held.
    if (this.nudge !== this.nudgeTarget) {
      const step = (deltaMs / NUDGE_RAMP_MS) * Math.abs(this.nudgeTarget - 1);
      this.nudge = this.nudge < this.nudgeTarget ? Math.min(this.nudgeTarget, this.nudge + step) : Math.max(this.nudgeTarget, this.nudge - step);
    }
    const advance = deltaMs / (this.period.getValue() * this.nudge);
    const prevBeat = this.smoothBeat;
    const t = this.transport;
    let at = t === null ? NaN : t.positionBeats();
    const playing = t?.playing() === true;
    if (!playing) this.nudgeOffset = 0;
    else if (this.nudgeTarget !== 1) {
      // Nudging the playing song: the light runs ahead (or behind) by the nudge's extra beats.
      this.nudgeOffset += advance - deltaMs / this.period.getValue();
    } else if (this.nudgeOffset !== 0) {
      // The nudge ended: the song's transport moves by what the light gained, one clock again.
      const offset = this.nudgeOffset;
      this.nudgeOffset = 0;
      if (t?.nudge !== undefined) {
        t.nudge(offset);
        at = t.positionBeats();
        this.transportAt = at;
      }
    }
    const placed = t !== null && (playing || at !== this.transportAt);
    if (placed) {
      // Follow the song: the cursor is its position (plus a held nudge), with no smoothing (the
      // song never jumps by accident, and a seek must land at once).
      const cursor = at + this.nudgeOffset;
      this.doTrigger = false;
      this.running = true;
      this.targetBeat = Math.floor(cursor);
      this.targetBasis = cursor - this.targetBeat;
      this.smoothBeat = this.targetBeat;
      this.smoothBasis = this.targetBasis;
    }
    this.transportAt = at;
    if (placed) {
      // The song placed the cursor.
    } else if (this.doTrigger) {
      this.doTrigger = false;
      this.targetBeat = this.restartAt;
      this.targetBasis = 0;
      this.running = true;
    } else if (this.running) {
      this.targetBasis += advance;
      if (this.targetBasis >= 1) {
        const whole = Math.floor(this.targetBasis);
        this.targetBeat += whole;
        this.targetBasis -= whole;
      }
    }

    // The smooth cursor follows the target.
    const lag = this.targetBeat - this.smoothBeat + (this.targetBasis - this.smoothBasis);
    if (Math.abs(lag) >= JUMP_BEATS || (lag !== 0 && !this.running)) {
      this.smoothBeat = this.targetBeat;
      this.smoothBasis = this.targetBasis;
    } else if (lag === 0) {
      this.smoothBeat = this.targetBeat;
      this.smoothBasis = this.targetBasis;
    } else {
      // Behind: run at twice the tempo until caught up. Ahead: run at a quarter until the target
      // catches up. Either way the cursor never runs backwards and never overshoots.
      const rate = lag > 0 ? 2 : 0.25;
      let basis = this.smoothBasis + advance * rate;
      let beat = this.smoothBeat;
      if (basis >= 1) {
        const whole = Math.floor(basis);
        beat += whole;
        basis -= whole;
      }
      const past = beat > this.targetBeat || (beat === this.targetBeat && basis >= this.targetBasis);
      if ((lag > 0 && past) || (lag < 0 && !past)) {
        beat = this.targetBeat;
        basis = this.targetBasis;
      }
      this.smoothBeat = beat;
      this.smoothBasis = basis;
    }

    for (let i = 0; i < DIVISIONS.length; i++) {
      const count = this.getCycleCount(DIVISIONS[i]);
      this.active[i] = count !== this.cycleCounts[i] ? 1 : 0;
      this.cycleCounts[i] = count;
    }
    this.isBeatFrame = this.smoothBeat !== prevBeat;
    this.isBarFrame = this.isBeatFrame && this.beatInBar() === 0;

    // Resolve launches waiting for a boundary that has just passed.
    for (let i = 0; i < this.pending.length; ) {
      if (this.active[this.pendingDivision[i].ordinal] === 1) {
        const t = this.pending[i];
        this.pending.splice(i, 1);
        this.pendingDivision.splice(i, 1);
        t.resolve();
      } else i++;
    }

    if (this.isBeatFrame) {
      for (let i = 0; i < this.listeners.length; i++) this.listeners[i](this, 'beat', this.beatInBar());
      if (this.isBarFrame) for (let i = 0; i < this.listeners.length; i++) this.listeners[i](this, 'bar', 0);
      if (this.enabled.isOn()) this.trigger.setOn(true);
    }
  }
}
