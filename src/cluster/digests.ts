import { createHash } from 'node:crypto';

/** Frames whose digests a node keeps (about 20 s at 60 fps). */
const KEPT = 1200;

/** SHA-256 (hex) of a frame's colors, as the bytes of its ARGB words. */
export function frameDigest(colors: Uint32Array): string {
  return createHash('sha256')
    .update(new Uint8Array(colors.buffer, colors.byteOffset, colors.byteLength))
    .digest('hex');
}

/** The digests of the frames a node rendered most recently, by frame number, with when each was rendered. */
export class FrameDigests {
  private readonly byFrame = new Map<number, string>();
  private readonly times = new Map<number, number>();
  private lastFrame: number | null = null;

  /** `at`: when the frame was rendered (epoch ms, fractional). */
  add(frame: number, digest: string, at: number): void {
    this.byFrame.set(frame, digest);
    this.times.set(frame, at);
    this.lastFrame = frame;
    if (this.byFrame.size > KEPT) {
      const oldest = this.byFrame.keys().next().value as number;
      this.byFrame.delete(oldest);
      this.times.delete(oldest);
    }
  }

  get(frame: number): string | undefined {
    return this.byFrame.get(frame);
  }

  renderedAt(frame: number): number | undefined {
    return this.times.get(frame);
  }

  get last(): { readonly frame: number; readonly digest: string } | undefined {
    if (this.lastFrame === null) return undefined;
    const digest = this.byFrame.get(this.lastFrame);
    return digest === undefined ? undefined : { frame: this.lastFrame, digest };
  }
}
