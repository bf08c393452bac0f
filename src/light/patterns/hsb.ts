/**
 * LX's `hsb(h, s, b)` in float32: hue in degrees, saturation and brightness 0–100, to an
 * opaque ARGB color.
 */
export function hsb(h: number, s: number, b: number): number {
  const f = Math.fround;
  const b255 = f(f(b) * f(2.55));
  let r: number;
  let g: number;
  let bl: number;
  if (f(s) === 0) {
    r = g = bl = Math.trunc(f(b255 + f(0.5)));
  } else {
    const hq = f(f(h) / f(360));
    const frac = f(hq - Math.floor(hq));
    const h6 = f(frac * f(6));
    const fr = f(h6 - Math.floor(h6));
    const sn = f(f(s) / f(100));
    const p = f(b255 * f(f(1) - sn));
    const q = f(b255 * f(f(1) - f(fr * sn)));
    const t = f(b255 * f(f(1) - f(f(f(1) - fr) * sn)));
    const round = (x: number): number => Math.trunc(f(x + f(0.5)));
    switch (Math.trunc(h6)) {
      case 0: r = round(b255); g = round(t); bl = round(p); break;
      case 1: r = round(q); g = round(b255); bl = round(p); break;
      case 2: r = round(p); g = round(b255); bl = round(t); break;
      case 3: r = round(p); g = round(q); bl = round(b255); break;
      case 4: r = round(t); g = round(p); bl = round(b255); break;
      default: r = round(b255); g = round(p); bl = round(q); break;
    }
  }
  return (0xff000000 | (r << 16) | (g << 8) | bl) >>> 0;
}
