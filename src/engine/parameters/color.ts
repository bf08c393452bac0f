import { BoundedParameter } from './bounded.js';
import { EnumParameter } from './enum.js';
import { DiscreteParameter } from './discrete.js';
import { Parameter, type ParameterOptions } from './parameter.js';

/**
 * A color made of hue, saturation and brightness sub-parameters (LX's ColorParameter). When a
 * component adds it under `key`, each sub-parameter is also added as `key/<sub>` so it can be
 * set, modulated and saved on its own; the aggregate itself is not saved. Surfaces set colors
 * through the sub-parameters.
 */
export class ColorParameter extends Parameter {
  readonly kind = 'color' as const;
  readonly brightness: BoundedParameter;
  readonly saturation: BoundedParameter;
  readonly hue: BoundedParameter;

  constructor(label: string, hsb: { readonly h: number; readonly s: number; readonly b: number }, options: ParameterOptions = {}) {
    super(label, options);
    this.brightness = new BoundedParameter('Brightness', hsb.b, { v1: 100, units: 'percent', modulatable: true });
    this.saturation = new BoundedParameter('Saturation', hsb.s, { v1: 100, units: 'percent', modulatable: true });
    this.hue = new BoundedParameter('Hue', hsb.h, { v1: 359, modulatable: true, wrappable: true });
    this.brightness.parent = this;
    this.saturation.parent = this;
    this.hue.parent = this;
  }

  /** Sub-parameters in LX's registration order, keyed by their sub-path. */
  subParameters(): Parameter[] {
    return [this.brightness, this.saturation, this.hue];
  }

  subEntries(): [string, Parameter][] {
    return [
      ['brightness', this.brightness],
      ['saturation', this.saturation],
      ['hue', this.hue],
    ];
  }

  /** Base hue, saturation and brightness as one value; surfaces format it as a color. */
  get value(): string {
    return `hsb(${this.hue.getValue()},${this.saturation.getValue()},${this.brightness.getValue()})`;
  }

  get baseValue(): string {
    return `hsb(${this.hue.getBaseValue()},${this.saturation.getBaseValue()},${this.brightness.getBaseValue()})`;
  }

  accept(_input: unknown): string {
    const base = this.path || this.label;
    return this.reject(`is a color: set ${base}/hue, ${base}/saturation or ${base}/brightness instead`);
  }

  setBase(_value: number | string | boolean): void {
    // Colors change through their sub-parameters.
  }

  save(): unknown {
    return undefined;
  }

  load(_json: unknown): void {
    // The sub-parameters carry the saved values.
  }

  reset(): void {
    for (const sub of this.subParameters()) sub.reset();
  }
}

/**
 * A color that can follow the palette (LX's LinkedColorParameter): adds `mode` (Static or
 * Palette) and `index` (the 1-based palette color) sub-parameters.
 */
export class LinkedColorParameter extends ColorParameter {
  readonly mode: EnumParameter;
  readonly index: DiscreteParameter;

  constructor(label: string, hsb: { readonly h: number; readonly s: number; readonly b: number }, options: ParameterOptions = {}) {
    super(label, hsb, options);
    this.mode = new EnumParameter('Mode', [
      { label: 'Static', name: 'STATIC' },
      { label: 'Palette', name: 'PALETTE' },
    ]);
    this.index = new DiscreteParameter('Palette Index', 1, 1, 5, { options: ['1', '2', '3', '4', '5'] });
    this.mode.parent = this;
    this.index.parent = this;
  }

  override subParameters(): Parameter[] {
    return [...super.subParameters(), this.mode, this.index];
  }

  override subEntries(): [string, Parameter][] {
    return [...super.subEntries(), ['mode', this.mode], ['index', this.index]];
  }
}
