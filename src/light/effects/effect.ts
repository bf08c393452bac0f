import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { Device } from '../device.js';

/** LX ramps an effect in and out over 250 ms when it is switched on or off. */
const ENABLE_DAMPING_MS = 250;

/**
 * An effect processes a buffer in place (LX's LXEffect). Switching it on or off ramps its
 * `enabledAmount` over 250 ms; `run` is called only while the amount is above 0 and should
 * scale its strength by it.
 */
export abstract class Effect extends Device {
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Whether the effect applies' });
  readonly locked = new BooleanParameter('Locked', false, { description: 'Protects the effect from accidental edits in the console' });
  /** 0–1: how far the effect is switched on, ramping over 250 ms. */
  protected enabledAmount = 1;
  private wasEnabled = true;
  /** False until the first frame: LX calls onEnable() then if the effect is on (also after a load). */
  private initialized = false;

  constructor(label: string) {
    super(label);
    this.addParameter('enabled', this.enabled);
    this.addParameter('locked', this.locked);
  }

  /** Sets the ramp to its end state at once (LX skips the ramp while a project loads). */
  settle(): void {
    this.enabledAmount = this.enabled.isOn() ? 1 : 0;
    this.wasEnabled = this.enabled.isOn();
  }

  /** Attack and release of the enable ramp, in ms; 0 switches at once. */
  protected get enableDampingMs(): number {
    return ENABLE_DAMPING_MS;
  }

  loop(deltaMs: number): void {
    this.runModulators(deltaMs);
    const on = this.enabled.isOn();
    if (!this.initialized) {
      this.initialized = true;
      if (on) this.onEnable();
    } else if (on && !this.wasEnabled) this.onEnable();
    this.wasEnabled = on;
    const ramp = this.enableDampingMs;
    if (ramp <= 0) this.enabledAmount = on ? 1 : 0;
    else if (on) this.enabledAmount = Math.min(1, this.enabledAmount + deltaMs / ramp);
    else if (this.enabledAmount > 0) {
      this.enabledAmount = Math.max(0, this.enabledAmount - deltaMs / ramp);
      if (this.enabledAmount === 0) this.onDisable();
    }
    if (this.enabledAmount > 0) this.run(deltaMs, this.enabledAmount);
  }

  protected onEnable(): void {}
  protected onDisable(): void {}

  /** Processes `colors` in place over `points`, scaled by `enabledAmount` (0–1). */
  protected abstract run(deltaMs: number, enabledAmount: number): void;
}
