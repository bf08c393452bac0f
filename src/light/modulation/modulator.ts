import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { SeededRandom } from '../../engine/random.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import type { Polarity } from '../../engine/parameters/units.js';
import { LXComponent } from '../component/lx-component.js';
import type { NormalizedSource } from './normalized-source.js';
import type { Tempo } from '../tempo/tempo.js';
import { tempoOf } from './tempo-division.js';

/**
 * A modulator (LX's LXModulator): a component that computes a value each frame while running.
 * Its normalized value (0–1) can drive compound modulations; its OSC address uses its label.
 *
 * Lifecycle, as LX: `running` switches it (start/stop); `trigger` fires onTrigger, onReset, then
 * starts; `reset` stops and calls onReset. `loop(deltaMs)` is called once per frame by its
 * modulation engine (in list order): while running it adds deltaMs to `runMs` and stores
 * `computeValue(deltaMs)`. A modulator whose computeValue throws is marked crashed and stops
 * computing (LX logs it and shows it as crashed), so one broken modulator never stops a frame.
 */
export abstract class Modulator extends LXComponent implements NormalizedSource {
  /** The output, time run and random sequence carry from frame to frame (the random generator is made on first use, the same in every show). */
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'value', 'runMs', 'crashed', 'random'];
  }

  readonly running = new BooleanParameter('Running', false, { description: 'Whether the modulator is running' });
  readonly trigger = new TriggerParameter('Trigger', { description: 'Restarts the modulator from the beginning' });
  readonly reset = new TriggerParameter('Reset', { description: 'Stops the modulator and returns it to its start' });
  /** The current output. */
  protected value = 0;
  /** Milliseconds run since the last start. */
  protected runMs = 0;
  /** How a modulation from this modulator starts out (the modulation's own polarity can change). */
  polarity: Polarity = 'unipolar';
  /** Set when computeValue threw; the error is kept in `crash`. */
  crashed = false;
  crash: unknown = undefined;
  /** False for classes that must not start when added (LX's disableAutoStart). */
  protected autoStartEnabled = true;
  /** False for trigger-style modulators (LX's setMappingSource(false)). */
  protected mappingSource = true;
  private rng: SeededRandom | null = null;

  constructor(label: string) {
    super(label);
    this.addParameter('running', this.running);
    this.addParameter('trigger', this.trigger);
    this.addParameter('reset', this.reset);
    this.trigger.onChange(() => {
      this.onTrigger();
      this.onReset();
      this.start();
    });
    this.reset.onChange(() => {
      this.stop();
      this.onReset();
    });
  }

  /** False for trigger-style modulators that cannot drive continuous modulation (LX's isMappingSource). */
  get isMappingSource(): boolean {
    return this.mappingSource;
  }

  /**
   * The boolean that trigger modulations from this modulator listen to (LX's LXTriggerSource),
   * or null when the class has none.
   */
  getTriggerSource(): BooleanParameter | null {
    return null;
  }

  /**
   * The booleans this modulator drives when its inputs change: what a trigger mapping into it
   * can reach (for the cycle check). The trigger source by default; Multi Trig has five outputs.
   */
  triggerOutputs(): readonly BooleanParameter[] {
    const t = this.getTriggerSource();
    return t === null ? [] : [t];
  }

  /** The tempo clock of the engine this modulator runs in (undefined while detached). */
  protected get tempo(): Tempo | undefined {
    return tempoOf(this);
  }

  /**
   * This modulator's random generator (LX uses Math.random). Seeded from the class and the
   * component id, so a loaded project replays the same sequence; `reseed` pins it.
   */
  protected get random(): SeededRandom {
    if (this.rng === null) this.rng = new SeededRandom(seedFor(this.lxClass, this.id));
    return this.rng;
  }

  /** Restarts this modulator's random sequence from `seed`. */
  reseed(seed: number): void {
    this.rng = new SeededRandom(seed);
  }

  isRunning(): boolean {
    return this.running.isOn();
  }

  start(): void {
    this.running.setOn(true);
  }

  stop(): void {
    this.running.setOn(false);
  }

  /** What the AddModulator command does after creating one: start it unless the class says not to. */
  autostart(): void {
    if (this.autoStartEnabled) this.start();
  }

  getValue(): number {
    return this.value;
  }

  /** Java's `getValuef()`: the value rounded to float32. */
  getValuef(): number {
    return Math.fround(this.value);
  }

  /** The output mapped to 0–1; modulators whose value already is 0–1 return it. */
  getNormalized(): number {
    return this.value;
  }

  /** Sets the output directly (LX's setValue); periodic modulators move their basis to match. */
  setValue(value: number): void {
    this.value = value;
    this.onSetValue(value);
  }

  /** Runs one frame: computes the new value while running. */
  loop(deltaMs: number): void {
    if (this.crashed) return;
    try {
      if (this.running.isOn()) {
        this.runMs += deltaMs;
        this.value = this.computeValue(deltaMs);
      }
      this.postRun(deltaMs);
    } catch (err) {
      this.crashed = true;
      this.crash = err;
    }
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.running) {
      if (this.running.isOn()) this.onStart();
      else this.onStop();
    }
  }

  protected abstract computeValue(deltaMs: number): number;
  /** Runs every frame after computeValue, running or not. */
  protected postRun(_deltaMs: number): void {}
  protected onSetValue(_value: number): void {}
  protected onStart(): void {}
  protected onStop(): void {}
  protected onTrigger(): void {}
  protected onReset(): void {
    this.runMs = 0;
  }
}

/** FNV-1a of the class name mixed with the id: a stable per-instance seed. */
function seedFor(className: string, id: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < className.length; i++) h = Math.imul(h ^ className.charCodeAt(i), 0x01000193);
  return (h ^ Math.imul(id, 0x9e3779b1)) >>> 0;
}
