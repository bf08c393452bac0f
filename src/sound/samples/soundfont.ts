// SoundFont 2/3 files of the sample folder, read and played by spessasynth_core (a maintained SF2
// engine: generators, modulators, envelopes, filters, SF3's Vorbis samples). This file lists a
// file's presets and plugs a preset synthesizer into the DSP (audio/dsp/preset-synth.ts).

import { BasicSoundBank, type BasicPreset, SoundBankLoader, SpessaSynthProcessor } from 'spessasynth_core';
import { BLOCK } from '../audio/dsp/math.js';
import { type PlanSoundFont, type PresetSynth, usePresetSynths } from '../audio/dsp/preset-synth.js';

/** A preset as the listing and zones name it: SoundFont bank (128: percussion), program, name. */
export interface SoundFontPreset {
  readonly bank: number;
  readonly program: number;
  readonly name: string;
}

/** Parsed banks kept per thread (a plan rebuilt with the same file does not parse it again). */
const PARSED_KEPT = 4;
const parsed = new Map<string, BasicSoundBank>();

/** SF3's Vorbis decoder (WebAssembly, embedded) is ready: await before a SoundFont plays. */
export const soundFontsReady = (): Promise<void> => BasicSoundBank.isSF3DecoderReady;

/** Parses a SoundFont's bytes (once per file and size in this thread); throws with the reason when they are not one. */
export function parseSoundFont(file: string, bytes: Uint8Array): BasicSoundBank {
  const key = `${file}\0${bytes.length}`;
  let bank = parsed.get(key);
  if (bank !== undefined) parsed.delete(key);
  else {
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
    bank = SoundBankLoader.fromArrayBuffer(copy);
    for (const k of parsed.keys()) if (parsed.size >= PARSED_KEPT) parsed.delete(k);
  }
  parsed.set(key, bank);
  return bank;
}

/** SF2's bank number of a preset: its bank, or 128 for percussion. */
const bankOf = (p: BasicPreset): number => (p.isGMGSDrum ? 128 : p.bankMSB);

/** A bank's presets sorted by bank, then program. */
export function presetsOf(bank: BasicSoundBank): SoundFontPreset[] {
  return bank.presets
    .map((p) => ({ bank: bankOf(p), program: p.program, name: p.name }))
    .sort((a, b) => a.bank - b.bank || a.program - b.program || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const findPreset = (bank: BasicSoundBank, number: number, program: number): BasicPreset | undefined =>
  bank.presets.find((p) => bankOf(p) === number && p.program === program);

/** One preset on channel 0 of its own processor; the processor's effects are off (the track's devices do that). */
class SpessaPresetSynth implements PresetSynth {
  private readonly proc: SpessaSynthProcessor;
  private readonly left = new Float32Array(BLOCK);
  private readonly right = new Float32Array(BLOCK);

  constructor(bank: BasicSoundBank, preset: BasicPreset, sampleRate: number, tune: number) {
    this.proc = new SpessaSynthProcessor(sampleRate, { effectsEnabled: false, eventsEnabled: false, initialTime: 0, maxBufferSize: BLOCK });
    this.proc.onMissingPreset = () => preset;
    this.proc.soundBankManager.addSoundBank(bank, 'zone');
    const ch = this.proc.midiChannels[0];
    if (preset.isDrum) ch.setDrums(true);
    this.proc.controllerChange(0, 0, preset.bankMSB);
    this.proc.controllerChange(0, 32, preset.bankLSB);
    this.proc.programChange(0, preset.program);
    ch.preset = preset;
    // Channel volume at full (GM resets it to 100, −4 dB): the Sampler's Output and the track's fader set the level.
    this.proc.controllerChange(0, 7, 127);
    ch.setSystemParameter('presetLock', true);
    const semis = Math.round(tune);
    ch.setSystemParameter('keyShift', semis);
    ch.setSystemParameter('fineTune', (tune - semis) * 100);
  }

  noteOn(key: number, velocity: number): void {
    this.proc.noteOn(0, key, velocity);
  }

  noteOff(key: number): void {
    this.proc.noteOff(0, key);
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number, gain: number, ramp: Float32Array | null): void {
    const n = to - from;
    if (n <= 0) return;
    const sl = this.left;
    const sr = this.right;
    sl.fill(0, 0, n);
    sr.fill(0, 0, n);
    this.proc.process(sl, sr, 0, n);
    for (let i = 0; i < n; i++) {
      const g = ramp === null ? gain : gain * ramp[from + i];
      l[from + i] += sl[i] * g;
      r[from + i] += sr[i] * g;
    }
  }

  reset(): void {
    this.proc.stopAllChannels(true);
  }

  get sounding(): boolean {
    return this.proc.voiceCount > 0;
  }
}

usePresetSynths((sf: PlanSoundFont, sampleRate: number, tune: number) => {
  const bank = parseSoundFont(sf.file, sf.bytes);
  const preset = findPreset(bank, sf.bank, sf.program);
  return preset === undefined ? null : new SpessaPresetSynth(bank, preset, sampleRate, tune);
});
