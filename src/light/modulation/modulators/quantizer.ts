import type { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { QUANTIZATIONS } from '../../tempo/divisions.js';
import { Modulator } from '../modulator.js';
import { TEMPO_QUANTIZATION_CHOICES } from '../tempo-division.js';

/**
 * LX's Quantizer: `triggerIn` waits for the next boundary of its own quantization (a bar or
 * note division of the tempo) and then fires `triggerOut`; with None, or when the division
 * ticks in the very frame of the press, it fires at once. Presses while waiting collapse into
 * one. Its `triggerOut` drives trigger mappings.
 */
export class Quantizer extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'pending'];
  }

  readonly lxClass = 'heronarts.lx.modulator.Quantizer';
  readonly triggerIn = new TriggerParameter('Trigger', { description: 'Fires the output on the next quantization boundary' });
  readonly quantization = new EnumParameter('Quantization', TEMPO_QUANTIZATION_CHOICES, 0, {
    objectChooser: true,
    description: 'Tempo boundary the trigger waits for',
  });
  readonly triggerOut = new TriggerParameter('Trigger Out', { description: 'Fires on the quantization boundary' });
  /** True while a press waits for its boundary. */
  pending = false;

  constructor(label = 'Quantizer') {
    super(label);
    this.mappingSource = false;
    this.addParameter('triggerIn', this.triggerIn);
    this.addParameter('quantization', this.quantization);
    this.addParameter('triggerOut', this.triggerOut);
    this.triggerIn.onChange(() => {
      const division = QUANTIZATIONS[this.quantization.getValue()]?.division ?? null;
      const tempo = this.tempo;
      if (division === null || tempo === undefined || tempo.isActive(division)) {
        this.pending = false;
        this.triggerOut.fire();
      } else {
        this.pending = true;
      }
    });
  }

  override getTriggerSource(): BooleanParameter {
    return this.triggerOut;
  }

  protected override postRun(_deltaMs: number): void {
    if (!this.pending) return;
    const division = QUANTIZATIONS[this.quantization.getValue()]?.division ?? null;
    const tempo = this.tempo;
    if (division === null || tempo === undefined || tempo.isActive(division)) {
      this.pending = false;
      this.triggerOut.fire();
    }
  }

  protected computeValue(_deltaMs: number): number {
    return this.triggerOut.getValue();
  }
}
