// A SoundFont preset played by a Sampler zone. The SF2/SF3 engine is a package (spessasynth_core),
// which the DSP may not import (it runs in an AudioWorklet too): the floor that loads SoundFonts
// (src/sound/samples/soundfont.ts) plugs its synthesizer in here, and the Sampler asks for one per zone.

/** A zone's SoundFont as the plan carries it: the file's bytes and the preset it plays. */
export interface PlanSoundFont {
  /** The file, relative to the sample folder (its parsed bank is cached by it). */
  readonly file: string;
  readonly bytes: Uint8Array;
  /** SoundFont bank (0–127; 128 = percussion) and program (0–127). */
  readonly bank: number;
  readonly program: number;
}

/** One preset's synthesizer: MIDI notes in, stereo added into the track's buffers. */
export interface PresetSynth {
  /** `velocity` 1–127. */
  noteOn(key: number, velocity: number): void;
  noteOff(key: number): void;
  /** Adds samples from..to−1 (at most one block) into l and r, times `gain` and, when given, the block's per-sample levels. */
  render(l: Float32Array, r: Float32Array, from: number, to: number, gain: number, ramp: Float32Array | null): void;
  reset(): void;
  readonly sounding: boolean;
}

type PresetSynthFactory = (sf: PlanSoundFont, sampleRate: number, tune: number) => PresetSynth | null;

let factory: PresetSynthFactory | null = null;

/** Plugs the SoundFont synthesizer in (once per thread, by whoever loads SoundFonts). */
export function usePresetSynths(f: PresetSynthFactory): void {
  factory = f;
}

/** A synthesizer for a zone's preset; null when none is plugged in (the zone is then silent). */
export function presetSynth(sf: PlanSoundFont, sampleRate: number, tune: number): PresetSynth | null {
  return factory === null ? null : factory(sf, sampleRate, tune);
}
