import { deviceByName } from './catalog.js';
import { faderFromDb } from './mix.js';
import type { ImportedTrack } from './midi.js';
import type { DeviceJson } from './components.js';

/** MIDI channel 10 (0-based 9): General MIDI's percussion channel. */
const GM_DRUM_CHANNEL = 9;
const DRUM_NAME = /\b(drums?|perc(ussion)?|kit|beats?)\b/i;

/**
 * The instrument a track created by MIDI import gets, so that it sounds: a drum part — every note
 * on the General MIDI percussion channel, or a name that says drums — plays the Sampler's
 * built-in kit by the GM drum map; anything else a Polysynth.
 */
export function defaultInstrument(t: ImportedTrack): DeviceJson {
  const drums = (t.notes.length > 0 && t.notes.every((n) => n.channel === GM_DRUM_CHANNEL)) || DRUM_NAME.test(t.name);
  const name = drums ? 'Sampler' : 'Polysynth';
  return { uuid: deviceByName(name).uuid, name, enabled: true, params: drums ? { SAMPLE: 0 } : {}, slots: {} };
}

/**
 * The fader an imported track starts at: −9 dB for up to four parts, 3 dB less for each doubling
 * past four, so the parts summed keep under −1 dBTP at full velocity (a GM kit hit on every drum
 * at once peaks above 0 dBTP at 0 dB; measured in test/sound/audio/import-levels.test.ts).
 */
export function importFader(partCount: number): number {
  return faderFromDb(-9 - 10 * Math.log10(Math.max(4, partCount) / 4)) as number;
}
