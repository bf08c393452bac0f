import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { Device } from '../shared/device.js';

/** LX ramps an effect in and out over 250 ms when it is switched on or off. */
const ENABLE_DAMPING_MS = 250;

/**
 * An effect processes a buffer in place (LX's LXEffect). Switching it on or off ramps its
 * `enabledAmount` linearly from where it is to 1 or 0 over the attack or release time (250 ms
 * by default; LX's enabledDamped envelope); `run` is called only while the amount is above 0
 * and should scale its strength by it. A class that sets `hasDamping = false` switches at once
 * and has `run` called every frame with 1 or 0. An effect loaded from a project starts at its
 * saved state with no ramp.
 *
 * Each frame: the device's modulation engine, the enable ramp, the class's built-in modulators,
 * then `onEnable` (first frame after switching on, or the first frame if saved on), then `run`;
 * `onDisable` fires once the release ramp has finished.
 */
export abstract class Effect extends Device {
  override runtimeFields(): readonly string[] {
    return [
      ...super.runtimeFields(),
      'dampFrom',
      'dampTo',
      'dampBasis',
      'dampPeriod',
      'dampRunning',
      'dampValue',
      'initialize',
      'pendingEnable',
      'pendingDisable',
    ];
  }

  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Whether the effect applies' });
  readonly locked = new BooleanParameter('Locked', false, { description: 'Protects the effect from accidental edits in the console' });
  /** False for classes that switch at once (LX's setDamping(false)). */
  protected hasDamping = true;
  // The enable envelope: value = from + basis·(to − from), basis advancing by deltaMs / period.
  private dampFrom = 1;
  private dampTo = 1;
  private dampBasis = 1;
  private dampPeriod = ENABLE_DAMPING_MS;
  private dampRunning = false;
  private dampValue = 1;
  private initialize = true;
  private pendingEnable = false;
  private pendingDisable = false;

  constructor(label: string) {
    super(label);
    this.addParameter('enabled', this.enabled);
    this.addParameter('locked', this.locked);
    this.enabled.onChange(() => {
      const on = this.enabled.isOn();
      if (this.damped) this.rampTo(on ? 1 : 0, this.enableDampingMs);
      if (on) this.pendingEnable = true;
      else this.pendingDisable = true;
    });
  }

  private rampTo(target: number, periodMs: number): void {
    this.dampFrom = this.dampValue;
    this.dampTo = target;
    this.dampPeriod = periodMs;
    this.dampBasis = 0;
    this.dampRunning = true;
  }

  /** Length of the enable ramp in ms (attack and release); 0 switches at once. */
  protected get enableDampingMs(): number {
    return ENABLE_DAMPING_MS;
  }

  private get damped(): boolean {
    return this.hasDamping && this.enableDampingMs > 0;
  }

  /** 0–1: how far the effect is switched on. */
  protected get enabledAmount(): number {
    return this.damped ? this.dampValue : this.enabled.isOn() ? 1 : 0;
  }

  /** Sets the ramp to its end state at once (LX skips the ramp while a project loads). */
  settle(): void {
    const on = this.enabled.isOn() ? 1 : 0;
    this.dampFrom = this.dampTo = this.dampValue = on;
    this.dampBasis = 1;
    this.dampRunning = false;
    this.pendingEnable = false;
    this.pendingDisable = false;
  }

  /** Runs one frame over `colors` and `points` (set by the container first). */
  loop(deltaMs: number): void {
    this.modulation.loop(deltaMs);
    if (this.dampRunning) {
      const period = this.dampPeriod;
      let basis = period > 0 ? this.dampBasis + deltaMs / period : 1;
      if (basis >= 1) {
        basis = 1;
        this.dampRunning = false;
      }
      this.dampBasis = basis;
      this.dampValue = this.dampFrom + basis * (this.dampTo - this.dampFrom);
    }
    this.loopBuiltIns(deltaMs);
    if (this.initialize) {
      this.initialize = false;
      if (this.enabled.isOn()) this.onEnable();
    }
    if (this.pendingEnable) {
      this.pendingEnable = false;
      this.onEnable();
    } else if (this.pendingDisable && (!this.damped || !this.dampRunning)) {
      this.pendingDisable = false;
      this.onDisable();
    }
    if (this.damped) {
      const amount = this.dampValue;
      if (amount > 0) this.run(deltaMs, amount);
    } else {
      this.run(deltaMs, this.enabled.isOn() ? 1 : 0);
    }
  }

  /** Runs the class's own modulators, after the enable ramp (LX's modulator list order). */
  protected loopBuiltIns(deltaMs: number): void {
    const b = this.builtIns.items;
    for (let i = 0; i < b.length; i++) b[i].loop(deltaMs);
  }

  protected onEnable(): void {}
  protected onDisable(): void {}

  /** Processes `colors` in place over `points`, scaled by `enabledAmount` (0–1). */
  protected abstract run(deltaMs: number, enabledAmount: number): void;
}
