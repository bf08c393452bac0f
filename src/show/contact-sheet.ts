// The contact sheet: thumbnails of the rig, one per bar half a beat in (the look the bar's cue set,
// between the kick's flashes), in rows of eight bars, the usual phrase. render-show writes it;
// check_show returns it as an image.
import { PNG } from 'pngjs';
import { rasterize, type Camera, type FrameSnapshot, type Raster } from '../light/frame-view.js';
import type { PointSet } from '../light/model/index.js';

const THUMB_WIDTH = 220;
/** Contact sheet rows: eight bars, the usual phrase, so a song's sections start rows. */
export const BARS_PER_ROW = 8;
/** The preview camera: a little from the left and above, so the rig's depth shows. */
export const CAMERA: Camera = { orbit: { theta: -25, phi: 12 } };

/** A frame of a model's points as the rasterizer takes it. */
export function snapshotOf(points: PointSet, colors: Uint32Array): FrameSnapshot {
  return { size: points.size, x: points.x, y: points.y, z: points.z, colors };
}

/** The frames a contact sheet shows, chosen as they go by: the first at or after each `unit` (beats) plus half a beat. */
export class SheetPicker {
  private next: number;

  /** `unit`: beats per thumbnail (a bar); `fromBeat`: the first unit shown starts here or after. */
  constructor(
    private readonly unit: number,
    fromBeat = 0,
  ) {
    this.next = Math.max(0, Math.ceil((fromBeat - 0.5) / unit));
  }

  /** True when the frame ending at song position `beat` is the next thumbnail. */
  wants(beat: number): boolean {
    if (beat < this.next * this.unit + 0.5) return false;
    this.next = Math.floor((beat - 0.5) / this.unit) + 1;
    return true;
  }
}

/** A thumbnail of one frame. */
export function thumbnail(snap: FrameSnapshot): Raster {
  return rasterize(snap, CAMERA, THUMB_WIDTH);
}

/** Thumbnails in rows of `perRow`, on a dark ground. */
export function contactSheet(thumbs: readonly Raster[], perRow: number): Raster {
  const w = thumbs[0].width + 4;
  const h = thumbs[0].height + 4;
  const cols = Math.min(perRow, thumbs.length);
  const rows = Math.ceil(thumbs.length / cols);
  const width = cols * w;
  const height = rows * h;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([24, 24, 28, 255], i);
  thumbs.forEach((t, i) => {
    const x0 = (i % cols) * w + 2;
    const y0 = Math.floor(i / cols) * h + 2;
    for (let y = 0; y < t.height; y++) rgba.set(t.rgba.subarray(y * t.width * 4, (y + 1) * t.width * 4), ((y0 + y) * width + x0) * 4);
  });
  return { width, height, rgba };
}

/** A raster as PNG bytes. */
export function png(r: Raster): Buffer {
  const p = new PNG({ width: r.width, height: r.height });
  p.data = Buffer.from(r.rgba.buffer, r.rgba.byteOffset, r.rgba.byteLength);
  return PNG.sync.write(p);
}
