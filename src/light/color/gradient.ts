// LX 1.2.1 GradientUtils: gradient interpolation modes, color stops and the gray lookup table.
//
// Precision (as LX): stops hold float hue/saturation/brightness; every interpolation is float32
// (LXUtils.lerpf = v1 + (v2 − v1)·t per float op); the RGB mode rounds each channel with Java's
// Math.round(float) (floor(x + 0.5), ties up); GrayTable builds its LUT in double and indexes it in float.

import { hsb, hsbBits, setHsbInput } from './lx-color.js';
import { javaInt } from '../math/java-num.js';

const fr = Math.fround;

/** GradientUtils.BlendMode ordinals; .lxp files store the ordinal plus the constant name. */
export const GradientBlendMode = { RGB: 0, HSV: 1, HSVM: 2, HSVCW: 3, HSVCCW: 4 } as const;
export type GradientBlendMode = (typeof GradientBlendMode)[keyof typeof GradientBlendMode];

interface GradientBlendInfo {
  readonly ordinal: GradientBlendMode;
  /** LX enum constant name, as saved in `<key>/name`. */
  readonly name: 'RGB' | 'HSV' | 'HSVM' | 'HSVCW' | 'HSVCCW';
  /** Display label (LX toString()). */
  readonly label: 'RGB' | 'HSV' | 'HSV-Min' | 'HSV-CW' | 'HSV-CCW';
}

/** The five modes in ordinal order. */
export const GRADIENT_BLEND_MODES: readonly GradientBlendInfo[] = Object.freeze([
  Object.freeze({ ordinal: 0, name: 'RGB', label: 'RGB' }),
  Object.freeze({ ordinal: 1, name: 'HSV', label: 'HSV' }),
  Object.freeze({ ordinal: 2, name: 'HSVM', label: 'HSV-Min' }),
  Object.freeze({ ordinal: 3, name: 'HSVCW', label: 'HSV-CW' }),
  Object.freeze({ ordinal: 4, name: 'HSVCCW', label: 'HSV-CCW' }),
] as const);

/** The mode whose constant name or display label is `text`, or undefined. */
export function gradientBlendModeOf(text: string): GradientBlendMode | undefined {
  for (const m of GRADIENT_BLEND_MODES) if (m.name === text || m.label === text) return m.ordinal;
  return undefined;
}

/** LXUtils.lerpf: float32 v1 + (v2 − v1)·t. */
export function lerpf(v1: number, v2: number, t: number): number {
  const a = fr(v1);
  return fr(a + fr(fr(fr(v2) - a) * fr(t)));
}

/**
 * GradientUtils.HueInterpolation for the HSV modes (float32). HSV: straight lerp. HSVM: shortest way,
 * adding 360 to the smaller hue when they are more than 180 apart. HSVCW: hue2 += 360 if hue2 < hue1.
 * HSVCCW: hue1 += 360 if hue1 < hue2. RGB has no hue interpolation in LX: RangeError.
 */
export function hueLerp(mode: GradientBlendMode, hue1: number, hue2: number, t: number): number {
  let h1 = fr(hue1);
  let h2 = fr(hue2);
  switch (mode) {
    case GradientBlendMode.HSV:
      break;
    case GradientBlendMode.HSVM:
      if (fr(h2 - h1) > 180) h1 = fr(h1 + 360);
      else if (fr(h1 - h2) > 180) h2 = fr(h2 + 360);
      break;
    case GradientBlendMode.HSVCW:
      if (h2 < h1) h2 = fr(h2 + 360);
      break;
    case GradientBlendMode.HSVCCW:
      if (h1 < h2) h1 = fr(h1 + 360);
      break;
    default:
      noHueInterpolation(mode);
  }
  return fr(h1 + fr(fr(h2 - h1) * fr(t)));
}

/** hueLerp's refusal, out of line so that hueLerp stays small enough for V8 to inline into per-pixel loops. */
function noHueInterpolation(mode: GradientBlendMode): never {
  throw new RangeError(`gradient blend mode ${String(mode)} has no hue interpolation; expected HSV, HSVM, HSVCW or HSVCCW (1–4)`);
}

/** Stop slots: LXSwatch.MAX_COLORS (5) real stops plus one copy of the last, so t = 1 is safe. */
export const MAX_GRADIENT_STOPS = 6;
/** Most stops setNumStops() accepts (one slot stays free for the copy of the last stop). */
const MAX_GRADIENT_STOP_COUNT = MAX_GRADIENT_STOPS - 1;

/**
 * GradientUtils.ColorStops: preallocated stops, struct-of-arrays. Each stop keeps float hue, saturation
 * and brightness and the RGB bytes of hsb() of them (LX always derives the RGB that way).
 *
 * How LX's setters map here:
 *   ColorStop.set(ColorParameter, hueOff, satOff, briOff)   → setStopWithOffsets(i, hue, sat, bri, hueOff, satOff, briOff)
 *   ColorStop.set(LXDynamicColor, hueOff) (palette stops)   → setStop(i, fround(hueF + hueOff), saturation, b(color))
 */
export class ColorStops {
  readonly hue = new Float32Array(MAX_GRADIENT_STOPS);
  readonly saturation = new Float32Array(MAX_GRADIENT_STOPS);
  readonly brightness = new Float32Array(MAX_GRADIENT_STOPS);
  readonly red = new Int32Array(MAX_GRADIENT_STOPS);
  readonly green = new Int32Array(MAX_GRADIENT_STOPS);
  readonly blue = new Int32Array(MAX_GRADIENT_STOPS);
  private count = 1;
  /** The amount of the next blendBits (typed-array memory: storing it makes no heap number; see hsbBits). */
  private readonly amountCell = new Float64Array(1);

  /** Number of real stops (LX starts at 1); change it with setNumStops(). */
  get numStops(): number {
    return this.count;
  }

  /** Sets stop `index` (0–5) from float hue, saturation and brightness (no clamping), RGB = hsb() of them. */
  setStop(index: number, hue: number, saturation: number, brightness: number): void {
    checkSlot(index);
    this.hue[index] = hue;
    this.saturation[index] = saturation;
    this.brightness[index] = brightness;
    const c = hsb(this.hue[index], this.saturation[index], this.brightness[index]);
    this.red[index] = (c >>> 16) & 0xff;
    this.green[index] = (c >>> 8) & 0xff;
    this.blue[index] = c & 0xff;
  }

  /**
   * LX's ColorParameter setter: hue = hue + hueOffset (float), saturation and brightness = clamp(x + offset, 0, 100)
   * (float).
   */
  setStopWithOffsets(
    index: number,
    hue: number,
    saturation: number,
    brightness: number,
    hueOffset: number,
    saturationOffset: number,
    brightnessOffset: number,
  ): void {
    const sat = fr(fr(saturation) + fr(saturationOffset));
    const bri = fr(fr(brightness) + fr(brightnessOffset));
    this.setStop(index, fr(fr(hue) + fr(hueOffset)), sat < 0 ? 0 : sat > 100 ? 100 : sat, bri < 0 ? 0 : bri > 100 ? 100 : bri);
  }

  /** Copies stop `from` into stop `to` (both 0–5). */
  copyStop(from: number, to: number): void {
    checkSlot(from);
    checkSlot(to);
    this.hue[to] = this.hue[from];
    this.saturation[to] = this.saturation[from];
    this.brightness[to] = this.brightness[from];
    this.red[to] = this.red[from];
    this.green[to] = this.green[from];
    this.blue[to] = this.blue[from];
  }

  /** Sets the number of real stops (1–5) and copies the last one into the next slot. */
  setNumStops(numStops: number): void {
    if (!Number.isInteger(numStops) || numStops < 1 || numStops > MAX_GRADIENT_STOP_COUNT) {
      throw new RangeError(`numStops takes 1–${MAX_GRADIENT_STOP_COUNT}; got ${numStops}`);
    }
    this.count = numStops;
    this.copyStop(numStops - 1, numStops);
  }

  /** Numbers writeTo uses. */
  static readonly WORDS = 1 + 6 * MAX_GRADIENT_STOPS;

  /** Writes the stops into `num` from `at` (WORDS numbers), to hand them to another thread. */
  writeTo(num: Float64Array, at: number): void {
    num[at] = this.count;
    const fields = [this.hue, this.saturation, this.brightness, this.red, this.green, this.blue];
    for (let j = 0; j < fields.length; j++) for (let i = 0; i < MAX_GRADIENT_STOPS; i++) num[at + 1 + j * MAX_GRADIENT_STOPS + i] = fields[j][i];
  }

  /** Reads stops writeTo wrote. */
  readFrom(num: Float64Array, at: number): void {
    this.count = num[at];
    const fields = [this.hue, this.saturation, this.brightness, this.red, this.green, this.blue];
    for (let j = 0; j < fields.length; j++) for (let i = 0; i < MAX_GRADIENT_STOPS; i++) fields[j][i] = num[at + 1 + j * MAX_GRADIENT_STOPS + i];
  }

  /** A stop has brightness exactly 0: HSV blends then borrow the other stop's hue and saturation. */
  isBlack(index: number): boolean {
    return this.brightness[index] === 0;
  }

  /**
   * ColorStops.getColor: t (0..1, float) is scaled by numStops − 1, k = floor, f = fraction, and stops k and
   * k + 1 are blended with `mode`. t outside 0..1 reads past the stops (LX throws there): callers clamp.
   */
  getColor(t: number, mode: GradientBlendMode): number {
    const x = fr(fr(t) * (this.count - 1));
    const k = Math.floor(x) | 0; // (int) Math.floor(x); NaN → 0
    this.amountCell[0] = fr(x - k);
    return this.blendBits(k, k + 1, mode) >>> 0;
  }

  /** GradientUtils.BlendFunction over two stops of this set, at float amount t; the result is opaque. */
  blendStops(i1: number, i2: number, t: number, mode: GradientBlendMode): number {
    this.amountCell[0] = fr(t);
    return this.blendBits(i1, i2, mode) >>> 0;
  }

  /** Sets the amount of the next blendBits (float32). */
  setAmount(t: number): void {
    this.amountCell[0] = fr(t);
  }

  /**
   * blendStops at the amount setAmount gave, as a signed 32-bit value (the same bits). Per-pixel
   * loops call this: only small integers cross the call, so it leaves no garbage (see hsbBits).
   */
  blendBits(i1: number, i2: number, mode: GradientBlendMode): number {
    return mode === GradientBlendMode.RGB ? this.rgbBlend(i1, i2) : this.hsvBlend(i1, i2, mode);
  }

  /** RGB: each byte LXUtils.lerpi(c1, c2, f) = Math.round(c1 + (c2 − c1)·f) in float32. */
  private rgbBlend(i1: number, i2: number): number {
    const f = this.amountCell[0];
    const r1 = this.red[i1];
    const g1 = this.green[i1];
    const b1 = this.blue[i1];
    // Bytes 0..255 and f a float: the rounded values stay tiny, so floor(x + 0.5) | 0 is Java's Math.round.
    const r = Math.floor(fr(r1 + fr((this.red[i2] - r1) * f)) + 0.5) | 0;
    const g = Math.floor(fr(g1 + fr((this.green[i2] - g1) * f)) + 0.5) | 0;
    const b = Math.floor(fr(b1 + fr((this.blue[i2] - b1) * f)) + 0.5) | 0;
    return 0xff000000 | ((r & 0xff) << 16) | ((g & 0xff) << 8) | (b & 0xff);
  }

  /** HSV modes: a black stop takes the other's hue and saturation; hue by `mode`, the rest lerpf; then hsb(). */
  private hsvBlend(i1: number, i2: number, mode: GradientBlendMode): number {
    const f = this.amountCell[0];
    let hue1 = this.hue[i1];
    let hue2 = this.hue[i2];
    let sat1 = this.saturation[i1];
    let sat2 = this.saturation[i2];
    const bri1 = this.brightness[i1];
    const bri2 = this.brightness[i2];
    if (bri1 === 0) {
      hue1 = hue2;
      sat1 = sat2;
    } else if (bri2 === 0) {
      hue2 = hue1;
      sat2 = sat1;
    }
    setHsbInput(hueLerp(mode, hue1, hue2, f), fr(sat1 + fr(fr(sat2 - sat1) * f)), fr(bri1 + fr(fr(bri2 - bri1) * f)));
    return hsbBits();
  }
}

function checkSlot(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_GRADIENT_STOPS) {
    throw new RangeError(`stop index takes 0–${MAX_GRADIENT_STOPS - 1}; got ${index}`);
  }
}

const GRAY_TABLE_SIZE = 256;
const GRAY_INDEX_SCALE = fr(2.559);

/**
 * GradientUtils.GrayTable: 256 opaque grays (plus optional padding copies of the last) where entry i has byte
 * (int)(level · lerp(i, 255.9 − i, invert)) in double. Rebuilt only when invert or level change.
 */
export class GrayTable {
  readonly lut: Uint32Array;
  private previousInvert = -1;
  private previousLevel = -1;
  private dirty = true;

  constructor(padding = 0) {
    this.lut = new Uint32Array(GRAY_TABLE_SIZE + padding);
  }

  /** Refreshes the LUT for normalized invert and level (0..1; level defaults to 1 as in LX's level-less tables). */
  update(invert: number, level = 1): void {
    if (invert !== this.previousInvert || level !== this.previousLevel) {
      this.dirty = true;
      this.previousInvert = invert;
      this.previousLevel = level;
    }
    if (!this.dirty) return;
    const lut = this.lut;
    for (let i = 0; i < GRAY_TABLE_SIZE; i++) {
      const v = javaInt(level * (i + (255.9 - i - i) * invert));
      lut[i] = (0xff000000 | (v << 16) | (v << 8) | v) >>> 0;
    }
    for (let i = GRAY_TABLE_SIZE; i < lut.length; i++) lut[i] = lut[GRAY_TABLE_SIZE - 1];
    this.dirty = false;
  }

  /** The LUT color for brightness b (0..100): lut[(int)(2.559f · b)] in float32. */
  get(b: number): number {
    return this.lut[fr(GRAY_INDEX_SCALE * fr(b)) | 0]; // b in 0..100 keeps the index tiny: `| 0` is (int)
  }
}
