import { createHash } from 'node:crypto';

/** Frames whose digests a node keeps (about 20 s at 60 fps). */
const KEPT = 1200;

/** SHA-256 (hex) of a frame's colors, as the bytes of its ARGB words. */
export function frameDigest(colors: Uint32Array): string {
  return createHash('sha256')
    .update(new Uint8Array(colors.buffer, colors.byteOffset, colors.byteLength))
    .digest('hex');
}

/** The digests of the frames a node rendered most recently, by frame number. */
export class FrameDigests {
  private readonly byFrame = new Map<number, string>();
  private lastFrame: number | null = null;

  add(frame: number, digest: string): void {
    this.byFrame.set(frame, digest);
    this.lastFrame = frame;
    if (this.byFrame.size > KEPT) this.byFrame.delete(this.byFrame.keys().next().value as number);
  }

  get(frame: number): string | undefined {
    return this.byFrame.get(frame);
  }

  get last(): { readonly frame: number; readonly digest: string } | undefined {
    if (this.lastFrame === null) return undefined;
    const digest = this.byFrame.get(this.lastFrame);
    return digest === undefined ? undefined : { frame: this.lastFrame, digest };
  }
}
