import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { ModulationInput, NumericParameter } from '../../engine/parameters/numeric.js';
import { LXComponent } from '../component/lx-component.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { Modulator } from './modulator.js';

/** What a modulation reads: a modulator, or any numeric parameter (LX's LXNormalizedParameter). */
export type ModulationSource = Modulator | NumericParameter;

/** The display name of a source: a modulator's label or a parameter's label. */
export function sourceLabel(s: Modulator | Parameter): string {
  return s instanceof Modulator ? s.label.getString() : s.label;
}

/** LX's `LXParameter.Polarity`, in enum order. */
const POLARITY_CHOICES = Object.freeze([
  { label: 'Unipolar', name: 'UNIPOLAR' },
  { label: 'Bipolar', name: 'BIPOLAR' },
] as const);

/**
 * A continuous modulation (LX's LXCompoundModulation): adds `range × source` to the target's
 * normalized base value whenever the target is read — unipolar `n·range`, bipolar
 * `2(n − ½)·range`, where n is the source's normalized value. The target sums every modulation
 * on it in normalized (post-exponent) space and clamps (or wraps) the sum. `range` is itself
 * modulatable. Saved in its engine's `modulations` with source and target paths relative to the
 * engine's owner (see ModulationEngine).
 */
export class CompoundModulation extends LXComponent implements ModulationInput {
  readonly lxClass = 'heronarts.lx.modulation.LXCompoundModulation';
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Whether the modulation applies' });
  readonly polarity = new EnumParameter('Polarity', POLARITY_CHOICES, 0, {
    description: 'Unipolar adds 0…range; bipolar swings −range…+range around the base',
  });
  readonly range = new BoundedParameter('Range', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    units: 'percentNormalized',
    modulatable: true,
    description: "Depth of the modulation, as a fraction of the target's range; negative inverts it",
  });
  private connected = false;

  constructor(
    readonly source: ModulationSource,
    readonly target: NumericParameter,
  ) {
    // LX's label quirk: a class whose own name starts with "LX" is labelled "LX".
    super('LX');
    this.addParameter('enabled', this.enabled);
    this.addParameter('polarity', this.polarity);
    this.addParameter('range', this.range);
    this.polarity.setValue(source.polarity === 'bipolar' ? 1 : 0);
    this.legacyKeys.set('Polarity', 'polarity');
    this.legacyKeys.set('Range', 'range');
  }

  /** "source > target", as LX names a modulation in its UI. */
  get title(): string {
    return `${sourceLabel(this.source)} > ${this.target.label}`;
  }

  modulationAmount(): number {
    if (!this.enabled.isOn()) return 0;
    const n = this.source.getNormalized();
    const range = this.range.getValue();
    return this.polarity.getValue() === 1 ? 2 * (n - 0.5) * range : n * range;
  }

  /** `source` and `target` are written by the engine (saveWiring), never kept from a load. */
  protected override extraSaveKeys(): readonly string[] {
    return ['source', 'target'];
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Attaches to the target (called when the modulation joins an engine). */
  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.target.addModulation(this);
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.target.removeModulation(this);
  }
}
