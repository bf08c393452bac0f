import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { ColorParameter } from '../../../engine/parameters/color.js';
import type { Component } from '../../../engine/component.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { ColorCell } from '../../color/color-cell.js';
import { BLACK } from '../../color/lx-color.js';
import { DMX_BYTE_ORDERS } from '../../dmx/dmx-engine.js';
import type { Palette } from '../../palette/palette.js';
import { DmxModulatorBase } from './dmx-modulator-base.js';

const FIXED = 0;

function paletteOf(c: Component): Palette | undefined {
  for (let p: Component | null = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { palette?: Palette }).palette;
  }
  return undefined;
}

/**
 * LX's DmxColorModulator ("DMX Color"): three DMX input channels from `channel`, in a byte order,
 * as an opaque color held exactly in `color` (its hue, saturation and brightness follow as LX's
 * ColorParameter sets them: black keeps hue and saturation, grays keep the hue). With `Palette`
 * on, each frame writes it into the live swatch's color `Index` (adding black colors up to it)
 * and, with `Fixed`, sets that color's mode to Fixed. Not a modulation source: its value stays 0
 * (LX returns the color's bits as a double, which means nothing as a modulation amount).
 */
export class DmxColorModulator extends DmxModulatorBase {
  readonly lxClass = 'heronarts.lx.dmx.DmxColorModulator';
  readonly byteOrder = new EnumParameter('Byte Order', DMX_BYTE_ORDERS, 0);
  readonly updatePalette = new BooleanParameter('Palette', false, { description: "Updates the global palette's active swatch with the DMX color" });
  readonly paletteIndex = new DiscreteParameter('Index', 1, 1, 5, {
    options: ['1', '2', '3', '4', '5'],
    description: "Target index in the global palette's active swatch",
  });
  readonly setPaletteFixed = new BooleanParameter('Fixed', true, {
    description: 'When sending DMX color to the palette, also set the target color mode to Fixed',
  });
  readonly color = new ColorParameter('Color', { h: 0, s: 0, b: 0 }, { description: 'Color received by DMX' });
  private readonly cell = new ColorCell(this.color, BLACK);

  constructor(label = 'DMX Color') {
    super(label, 3);
    this.mappingSource = false;
    this.addParameter('byteOrder', this.byteOrder);
    this.addParameter('updatePalette', this.updatePalette);
    this.addParameter('paletteIndex', this.paletteIndex);
    this.addParameter('setPaletteFixed', this.setPaletteFixed);
    this.addParameter('color', this.color);
  }

  /** The received color, exact (LX's getColor()). */
  getColor(): number {
    return this.cell.color;
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p.parent === this.color) this.cell.subChanged();
  }

  protected computeValue(): number {
    const dmx = this.dmx;
    if (dmx === null) return 0;
    const color = dmx.getColor(this.universe.getValue(), this.channel.getValue(), this.byteOrder.getValue());
    this.cell.setColor(color);
    const palette = this.updatePalette.isOn() ? paletteOf(this) : undefined;
    if (palette !== undefined) {
      const index = this.paletteIndex.getValue() - 1;
      const swatch = palette.swatch;
      while (swatch.size <= index) swatch.addColor().setPrimaryColor(BLACK);
      const target = swatch.getColor(index);
      target.setPrimaryColor(color);
      if (this.setPaletteFixed.isOn()) target.mode.setValue(FIXED);
    }
    return 0;
  }
}
