import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import type { Polarity } from '../../engine/parameters/units.js';
import { LXComponent } from '../lx-component.js';
import type { NormalizedSource } from './normalized-source.js';

/**
 * A modulator (LX's LXModulator): a component that computes a value each frame while running.
 * Its normalized value (0–1) can drive compound modulations; its OSC address uses its label.
 */
export abstract class Modulator extends LXComponent implements NormalizedSource {
  readonly running = new BooleanParameter('Running', false, { description: 'Whether the modulator is running' });
  readonly trigger = new TriggerParameter('Trigger', { description: 'Restarts the modulator from the beginning' });
  readonly reset = new TriggerParameter('Reset', { description: 'Stops the modulator and returns it to its start' });
  /** The current output. */
  protected value = 0;
  /** Milliseconds run since the last start. */
  protected runMs = 0;
  polarity: Polarity = 'unipolar';

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
    return true;
  }

  start(): void {
    this.running.setOn(true);
  }

  stop(): void {
    this.running.setOn(false);
  }

  /** What the AddModulator command does after creating one: start it unless the class says not to. */
  autostart(): void {
    this.start();
  }

  getValue(): number {
    return this.value;
  }

  /** The output mapped to 0–1; modulators whose value already is 0–1 return it. */
  getNormalized(): number {
    return this.value;
  }

  /** Runs one frame: computes the new value while running. */
  loop(deltaMs: number): void {
    if (this.running.isOn()) {
      this.runMs += deltaMs;
      this.value = this.computeValue(deltaMs);
    }
    this.postRun(deltaMs);
  }

  protected abstract computeValue(deltaMs: number): number;
  protected postRun(_deltaMs: number): void {}
  protected onTrigger(): void {}
  protected onReset(): void {
    this.runMs = 0;
  }
}
