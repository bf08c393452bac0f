/**
 * The render plan: everything the DSP needs, as plain data (numbers, strings, arrays), so it can
 * be posted to a worker thread or an AudioWorklet unchanged. The host builds it from the sound
 * model (../plan.ts); nothing in dsp/ imports the model, the catalog or Node.
 */

import type { PlanSoundFont } from './preset-synth.js';

/** A device's parameters in physical units: Hz and ms for exponential scales, linear gain for
 * level scales, dB / semitones / fractions (0–1 for %) / enum indices otherwise. */
export type PlanParams = Record<string, number>;

export interface PlanGridNode {
  /** Catalog name of the module or modulator ("Sawtooth", "LFO"...). */
  readonly type: string;
  readonly modulator: boolean;
  readonly p: PlanParams;
  /** Port counts from the catalog. */
  readonly inputs: number;
  readonly outputs: number;
}

interface PlanCord {
  /** Index into PlanGrid.nodes. */
  readonly source: number;
  readonly sourcePort: number;
  readonly target: number;
  readonly targetPort: number;
  /** Depth of the cord: 1 carries the source unchanged. */
  readonly amount: number;
  /** The source's port type is pitch, the target's is pitch (see docs/audio-engine.md). */
  readonly sourcePitch: boolean;
  readonly targetPitch: boolean;
}

export interface PlanGrid {
  readonly nodes: readonly PlanGridNode[];
  readonly cords: readonly PlanCord[];
}

export interface PlanDevice {
  /** A stable address inside the project: "track 3 › device 1 › FX 0". */
  readonly path: string;
  /** Catalog name ("Polysynth", "Reverb"...). */
  readonly type: string;
  readonly kind: 'instrument' | 'audio_effect' | 'note_effect';
  readonly enabled: boolean;
  readonly p: PlanParams;
  readonly slots: Readonly<Record<string, readonly PlanDevice[]>>;
  readonly grid: PlanGrid | null;
  /** Instruments: the voice pool size. */
  readonly polyphony: number;
  /** The Sampler's sample zones whose samples are loaded (absent or empty: its built-in kit). */
  readonly zones?: readonly PlanZone[];
}

/** A Sampler zone with its decoded sample (mono, at the file's rate) or its SoundFont preset. Ranges are inclusive MIDI numbers. */
export interface PlanZone {
  readonly sample: string;
  readonly keyLow: number;
  readonly keyHigh: number;
  readonly velocityLow: number;
  readonly velocityHigh: number;
  readonly rootKey: number;
  /** Linear gain of the zone (from gain_db). */
  readonly gain: number;
  /** Transposition in semitones, fractional (tune_semitones + tune_cents / 100). */
  readonly tune: number;
  /** The sustain loop in the sample's own frames; both 0: none. */
  readonly loopStart: number;
  readonly loopEnd: number;
  /** Frames before loopEnd blended into those before loopStart while looping (0: none). */
  readonly loopCrossfade: number;
  readonly sampleRate: number;
  /** The sample: mono, or a stereo file's left with `right` its right (null: mono). */
  readonly data: Float32Array;
  readonly right: Float32Array | null;
  /** A SoundFont zone: the preset it plays (then `data` is empty and the loop, root key and rate unused). */
  readonly soundFont?: PlanSoundFont;
}

/** An audio clip with its decoded sample (mono, or stereo with `right`, at the file's rate), in song beats. */
export interface PlanAudioClip {
  readonly sample: string;
  readonly start: number;
  readonly length: number;
  /** Linear gain (from gain_db). */
  readonly gain: number;
  /** Where in the sample the clip starts playing (seconds). */
  readonly offset: number;
  /** Repeat the sample from `offset` to its end until the clip ends. */
  readonly loop: boolean;
  readonly sampleRate: number;
  readonly data: Float32Array;
  readonly right: Float32Array | null;
}

/** A note in song beats (arranger clips expanded: loops unrolled, cut at the clip end). */
export interface PlanNote {
  readonly on: number;
  readonly off: number;
  readonly pitch: number;
  readonly velocity: number;
}

interface PlanSend {
  /** Index into RenderPlan.tracks of the effect track. */
  readonly target: number;
  readonly gain: number;
  readonly preFader: boolean;
}

export interface PlanTrack {
  /** Position in the flat ALL_CHANNELS bank (main tracks depth first, effect tracks, master). */
  readonly index: number;
  readonly name: string;
  readonly type: 'instrument' | 'audio' | 'hybrid' | 'group' | 'effect' | 'master';
  /** Index of the track this one sums into (its group, or the master); −1 for the master. */
  readonly output: number;
  readonly mute: boolean;
  readonly solo: boolean;
  /** Linear gain from the fader law. */
  readonly gain: number;
  readonly pan: number;
  readonly devices: readonly PlanDevice[];
  /** Sorted by `on`. */
  readonly notes: readonly PlanNote[];
  /** Audio tracks: the clips whose samples are loaded, sorted by start. */
  readonly audioClips: readonly PlanAudioClip[];
  readonly sends: readonly PlanSend[];
}

export interface PlanSkip {
  readonly track: string;
  readonly device: string;
  readonly reason: string;
}

export interface RenderPlan {
  readonly tempo: number;
  readonly meter: { readonly numerator: number; readonly denominator: number };
  readonly loop: { readonly enabled: boolean; readonly start: number; readonly duration: number };
  /** Flat bank order; the master is last. */
  readonly tracks: readonly PlanTrack[];
  /** Beat where the last note ends. */
  readonly lengthBeats: number;
  /** Devices, cords or features the engine does not render, with the reason. */
  readonly notRendered: readonly PlanSkip[];
}
