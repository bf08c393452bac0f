import { AUDIO_BLOCK, type LightAudioInput } from '../../../src/light/audio/audio-input.js';

/** A light audio input that hands the same block `perFrame` times each frame (advance() per frame). */
export class FixedInput implements LightAudioInput {
  blockCount = 0;
  frameBlock = 0;
  constructor(
    readonly sampleRate: number,
    public samples: Float32Array,
    private readonly perFrame = 2,
  ) {}

  block(n: number): Float32Array | null {
    return n < this.blockCount ? this.samples : null;
  }

  advance(): void {
    this.frameBlock = this.blockCount;
    this.blockCount += this.perFrame;
  }
}

/** One block of a sine with `cycles` whole cycles per block. */
export function sineBlock(amplitude: number, cycles: number): Float32Array {
  const b = new Float32Array(AUDIO_BLOCK);
  for (let i = 0; i < AUDIO_BLOCK; i++) b[i] = amplitude * Math.sin((2 * Math.PI * cycles * i) / AUDIO_BLOCK);
  return b;
}
