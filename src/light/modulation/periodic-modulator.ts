import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import type { LoadContext, LxObject } from '../component/lxp-types.js';
import { PeriodicState } from '../math/lfo-math.js';
import { Modulator } from './modulator.js';
import { DIVISIONS } from '../tempo/divisions.js';
import { QUARTER, TEMPO_DIVISION_CHOICES } from './tempo-division.js';

export interface PeriodicDefaults {
  readonly loop?: boolean;
  readonly tempoSync?: boolean;
  readonly tempoLock?: boolean;
}

/**
 * A modulator that moves through a cycle (LX's LXPeriodicModulator): a `basis` in [0, 1)
 * advanced each frame by deltaMs / period, or locked to the tempo, or read from `basisIn`.
 *
 * - free running: basis += deltaMs / periodMs; period 0 jumps to 1;
 * - tempoSync + tempoLock: basis = tempo.getBasis(division); a change of the division's cycle
 *   count is a loop (a restart or reset is not counted);
 * - tempoSync without lock: basis += deltaMs / beatPeriod × division multiplier;
 * - manualBasis: basis = basisIn, no end-of-cycle logic.
 * At basis ≥ 1 a looping modulator keeps the fraction and reports `loop()`; a one-shot stops at
 * 1 and reports `finished()`; starting it again rewinds to 0. The basis is saved as `basis`.
 */
export abstract class PeriodicModulator extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'state', 'restarted', 'resetting', 'previousCycle'];
  }

  readonly looping: BooleanParameter;
  readonly tempoSync: BooleanParameter;
  readonly tempoDivision = new EnumParameter('Division', TEMPO_DIVISION_CHOICES, QUARTER, { description: 'Tempo division when in sync mode' });
  readonly tempoLock: BooleanParameter;
  readonly manualBasis = new BooleanParameter('Manual', false, { description: 'Take the position in the cycle from the Basis knob instead of time' });
  readonly basisIn = new BoundedParameter('Basis', 0, {
    modulatable: true,
    wrappable: true,
    units: 'percentNormalized',
    description: 'Position in the cycle when Manual is on',
  });
  protected readonly state = new PeriodicState();
  private restarted = false;
  private resetting = false;
  private previousCycle = 0;
  /** Skip the rewind-to-0 when a finished one-shot is started again (LX's disableAutoReset). */
  protected autoResetDisabled = false;

  constructor(label: string, defaults: PeriodicDefaults = {}) {
    super(label);
    this.looping = new BooleanParameter('Loop', defaults.loop ?? true, { description: 'Whether the modulator loops at the end of its cycle' });
    this.tempoSync = new BooleanParameter('Sync', defaults.tempoSync ?? false, { description: 'Whether the modulator syncs to the tempo' });
    this.tempoLock = new BooleanParameter('Lock', defaults.tempoLock ?? true, {
      description: 'Whether the modulator is locked to the beat grid or free-running',
    });
    this.addParameter('loop', this.looping);
    this.addParameter('tempoSync', this.tempoSync);
    this.addParameter('tempoMultiplier', this.tempoDivision);
    this.addParameter('tempoLock', this.tempoLock);
    this.addParameter('manualBasis', this.manualBasis);
    this.addParameter('basisIn', this.basisIn);
  }

  /** The period in ms, read live each frame. */
  protected abstract currentPeriodMs(): number;
  /** The value at `basis` (LX's computeValue(deltaMs, basis)). */
  protected abstract computeBasisValue(deltaMs: number, basis: number): number;
  /** The basis at which the modulator takes `value`, given the current basis (for setValue). */
  protected computeBasis(basis: number, _value: number): number {
    return basis;
  }

  getBasis(): number {
    return this.state.basis;
  }

  /** Java's `getBasisf()`. */
  getBasisf(): number {
    return Math.fround(this.state.basis);
  }

  /** True on a frame where the cycle wrapped (LX's `loop()`). */
  looped(): boolean {
    return this.state.looped;
  }

  /** How many times the cycle wrapped this frame (0, or 1 unless the period is tiny). */
  numLoops(): number {
    return this.state.numLoops;
  }

  override loop(deltaMs: number): void {
    // The per-frame flags drop every frame, running or not; needsReset survives a stop.
    this.state.looped = false;
    this.state.finished = false;
    this.state.numLoops = 0;
    super.loop(deltaMs);
  }

  /** True on the frame a one-shot reached its end. */
  finished(): boolean {
    return this.state.finished;
  }

  /** Moves to a position in the cycle (clamped to [0, 1]) and recomputes the value. */
  setBasis(basis: number): void {
    this.state.setBasis(basis);
    this.value = this.computeValue(0);
  }

  protected override onSetValue(value: number): void {
    this.state.basis = this.computeBasis(this.state.basis, value);
  }

  protected override onReset(): void {
    super.onReset();
    this.resetting = true;
    this.setBasis(0);
    this.resetting = false;
    this.state.needsReset = false;
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.running) {
      if (this.running.isOn()) {
        this.restarted = true;
        if (this.state.needsReset && !this.autoResetDisabled) this.setBasis(0);
      }
    } else if (p === this.tempoLock) {
      if (this.tempoLock.isOn()) this.restarted = true;
    }
  }

  protected computeValue(deltaMs: number): number {
    const state = this.state;
    if (this.manualBasis.isOn()) {
      state.setManual(this.basisIn.getValue());
      return this.computeBasisValue(deltaMs, state.basis);
    }
    let stop: boolean;
    const tempo = this.tempoSync.isOn() ? this.tempo : undefined;
    if (tempo !== undefined) {
      const division = DIVISIONS[this.tempoDivision.getValue()];
      if (this.tempoLock.isOn()) {
        const cycle = tempo.getCycleCount(division);
        let elapsed = 0;
        if (this.resetting) {
          // A reset is not the end of a cycle: the tempo keeps running underneath.
        } else if (this.restarted) {
          this.restarted = false;
        } else if (cycle !== this.previousCycle) {
          elapsed = cycle > this.previousCycle ? cycle - this.previousCycle : -1;
        }
        this.previousCycle = cycle;
        stop = state.advanceLocked(tempo.getBasis(division), elapsed, this.looping.isOn());
      } else {
        stop = state.advanceTempo(deltaMs, tempo.beatPeriodMs(), division.multiplier, this.looping.isOn());
      }
    } else {
      stop = state.advance(deltaMs, this.currentPeriodMs(), this.looping.isOn());
    }
    if (stop) this.stop();
    return this.computeBasisValue(deltaMs, state.basis);
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['basis'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.basis = this.state.basis;
  }

  protected override loadExtra(obj: LxObject, _ctx: LoadContext): void {
    if (typeof obj.basis === 'number' && Number.isFinite(obj.basis)) this.setBasis(obj.basis);
  }
}
