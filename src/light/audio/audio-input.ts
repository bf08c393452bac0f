import type { Component } from '../../engine/component.js';

/** LX analyses audio in blocks of this many samples per channel (its FFT size). */
export const AUDIO_BLOCK = 512;

/**
 * The sound the light hears: mono blocks of AUDIO_BLOCK samples (LX's mix buffer, s16/32768
 * scale: ±1 full scale), numbered from 0 as they arrive. The show wires one (src/show feeds the
 * song's master or a chosen track); without one the audio devices read silence.
 */
export interface LightAudioInput {
  readonly sampleRate: number;
  /** How many blocks have arrived so far. */
  readonly blockCount: number;
  /** The first block that arrived for the current frame (a device that starts now reads from it). */
  readonly frameBlock: number;
  /** Block `n` if it is still held (recent blocks only), else null. Reading marks the input in use. */
  block(n: number): Float32Array | null;
}

/** The audio input of the light engine holding `c`, or null (detached or none wired). */
export function audioInputOf(c: Component | null): LightAudioInput | null {
  for (let p = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { audioInput?: LightAudioInput | null }).audioInput ?? null;
  }
  return null;
}
