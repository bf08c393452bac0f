import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { ColorStops, type GradientBlendMode, hueLerp } from '../color/gradient.js';
import { blendMaskf, lerp } from '../color/blend-kernel.js';
import { b as brightnessOf, h as hueOf, hsb, s as saturationOf } from '../color/lx-color.js';
import { ColorCell } from '../color/color-cell.js';
import { LXComponent } from '../component/lx-component.js';

const DYNAMIC_COLOR_MODES = [
  { label: 'Fixed', name: 'FIXED' },
  { label: 'Osc', name: 'OSCILLATE' },
  { label: 'Cycle', name: 'CYCLE' },
] as const;
const FIXED = 0;
const OSCILLATE = 1;
const CYCLE = 2;

function hsbOfHex(argb: number): { h: number; s: number; b: number } {
  return { h: hueOf(argb), s: saturationOf(argb), b: brightnessOf(argb) };
}

/**
 * One color of a swatch (LX's LXDynamicColor), `/lx/palette/swatch/color/N`: Fixed shows the
 * primary color; Osc goes primary → secondary → primary over `period` (a triangle, RGB blend);
 * Cycle turns the primary's hue once around the wheel per `period`.
 */
export class DynamicColor extends LXComponent {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'sawBasis'];
  }

  readonly lxClass = 'heronarts.lx.color.LXDynamicColor';
  readonly mode = new EnumParameter('Mode', DYNAMIC_COLOR_MODES, FIXED, {
    description: 'Fixed color, oscillate between primary and secondary, or cycle the hue',
  });
  readonly period = new BoundedParameter('Period', 30, { v0: 1, v1: 3600, units: 'seconds', description: 'Seconds per oscillation or hue cycle' });
  readonly primary: ColorParameter;
  readonly secondary: ColorParameter;
  private readonly primaryCell: ColorCell;
  private readonly secondaryCell: ColorCell;
  /**
   * How Osc mode blends primary into secondary (a GradientUtils mode, 0 = RGB). LX does not save
   * it, so it is RGB after every load (LX quirk); not a parameter here for the same reason.
   */
  oscBlend: GradientBlendMode = 0;
  /** Position of the internal saw over `period`, 0–1 (LX's basis SawLFO). Not saved. */
  private sawBasis = 0;
  private readonly stops = new ColorStops();

  constructor(primary = 0xffff0000, secondary = 0xff00ff00) {
    super('LX');
    this.primary = new ColorParameter('Color', hsbOfHex(primary), { description: 'The base color' });
    this.secondary = new ColorParameter('Secondary', hsbOfHex(secondary), { description: 'The color Osc mode swings to' });
    this.primaryCell = new ColorCell(this.primary, primary);
    this.secondaryCell = new ColorCell(this.secondary, secondary);
    this.addParameter('mode', this.mode);
    this.addParameter('period', this.period);
    this.addParameter('primary', this.primary);
    this.addParameter('secondary', this.secondary);
  }

  /** LX labels every swatch color "LX"; history steps say which swatch and which color instead. */
  override historyName(): string {
    return `${this.parent?.label.getString() ?? 'Swatch'} Color ${this.index + 1}`;
  }

  protected override onParameterChanged(p: Parameter): void {
    if (p.parent === this.primary) this.primaryCell.subChanged();
    else if (p.parent === this.secondary) this.secondaryCell.subChanged();
  }

  /** The primary's exact ARGB. */
  get primaryColor(): number {
    return this.primaryCell.color;
  }

  get secondaryColor(): number {
    return this.secondaryCell.color;
  }

  setPrimaryColor(argb: number): void {
    this.primaryCell.setColor(argb);
  }

  setSecondaryColor(argb: number): void {
    this.secondaryCell.setColor(argb);
  }

  /** Restarts the saw (LX retriggers every color when a swatch loads). */
  trigger(): void {
    this.sawBasis = 0;
  }

  /** Advances the internal saw by `deltaMs`. */
  loop(deltaMs: number): void {
    const periodMs = this.period.getValue() * 1000;
    let basis = periodMs === 0 ? 1 : this.sawBasis + deltaMs / periodMs;
    if (basis >= 1) basis %= 1;
    this.sawBasis = basis;
  }

  /** 0–1: the triangle basis in Osc mode, the saw in Cycle mode, 0 in Fixed mode. */
  getBasis(): number {
    switch (this.mode.getValue()) {
      case OSCILLATE:
        return 1 - 2 * Math.abs(this.sawBasis - 0.5);
      case CYCLE:
        return this.sawBasis;
      default:
        return 0;
    }
  }

  private get oscMode(): GradientBlendMode {
    return this.oscBlend;
  }

  /** The current ARGB. */
  getColor(): number {
    switch (this.mode.getValue()) {
      case OSCILLATE: {
        // RGB: LXColor.lerp of the two stored ARGBs with the float mask (int)(basis·256), as
        // BlendFunction.RGB does for color parameters (not the stops' per-byte lerpi).
        if (this.oscMode === 0) return lerp(this.primaryCell.color, this.secondaryCell.color, blendMaskf(this.getBasis()));
        const stops = this.stops;
        stops.setStop(0, this.primary.hue.getValuef(), this.primary.saturation.getValuef(), this.primary.brightness.getValuef());
        stops.setStop(1, this.secondary.hue.getValuef(), this.secondary.saturation.getValuef(), this.secondary.brightness.getValuef());
        stops.setNumStops(2);
        return stops.blendStops(0, 1, Math.fround(this.getBasis()), this.oscMode);
      }
      case CYCLE:
        return hsb(this.primary.hue.getValue() + this.sawBasis * 360, this.primary.saturation.getValue(), this.primary.brightness.getValue());
      default:
        return this.primaryCell.color;
    }
  }

  /** The current hue in degrees; valid even when the color is black (LX's getHue()). */
  getHue(): number {
    switch (this.mode.getValue()) {
      case OSCILLATE: {
        const mode = this.oscMode;
        if (mode !== 0) {
          const hue1 = this.primary.hue.getValuef();
          const hue2 = this.secondary.hue.getValuef();
          if (this.primary.brightness.getValue() === 0) return hue2;
          if (this.secondary.brightness.getValue() === 0) return hue1;
          return hueLerp(mode, hue1, hue2, Math.fround(this.getBasis()));
        }
        const c = this.getColor();
        if (brightnessOf(c) > 0) return hueOf(c);
        return this.getBasis() > 0.5 ? this.secondary.hue.getValuef() : this.primary.hue.getValuef();
      }
      case CYCLE:
        // Wrapped into [0, 360): LX 1.2.1's golden frames turn the gradient the short way once
        // hue + basis·360 passes 360 (palette_dynamic from frame 110).
        return (this.primary.hue.getValue() + this.sawBasis * 360) % 360;
      default:
        return this.primary.hue.getValue();
    }
  }

  /**
   * Saturation 0–100 as LX 1.2.1 reports it: Fixed and Cycle give the primary's saturation
   * parameter (not the ARGB's, which differs by rounding); Osc interpolates the parameters in
   * the HSV modes and reads the blended ARGB in RGB mode.
   */
  getSaturation(): number {
    switch (this.mode.getValue()) {
      case OSCILLATE: {
        if (this.oscMode !== 0) {
          const sat1 = this.primary.saturation.getValue();
          const sat2 = this.secondary.saturation.getValue();
          if (this.primary.brightness.getValue() === 0) return Math.fround(sat2);
          if (this.secondary.brightness.getValue() === 0) return Math.fround(sat1);
          return Math.fround(sat1 + (sat2 - sat1) * this.getBasis());
        }
        const c = this.getColor();
        if (brightnessOf(c) > 0) return saturationOf(c);
        return this.getBasis() > 0.5 ? this.secondary.saturation.getValuef() : this.primary.saturation.getValuef();
      }
      default:
        return this.primary.saturation.getValuef();
    }
  }

  /** Brightness 0–100 of the current color (float, from its ARGB). */
  getBrightness(): number {
    return brightnessOf(this.getColor());
  }
}
