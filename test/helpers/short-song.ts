import { emptyProject } from '../../src/sound/demo.js';
import { newTrackJson, type ClipJson, type ProjectJson } from '../../src/sound/model/components.js';

/** Two bars of a riff on one track (beats 0–8) and an Outro marker at beat 10: the song ends at beat 10. */
export function shortSong(): ProjectJson {
  const riff: ClipJson = {
    name: 'Riff',
    start: 0,
    length: 8,
    loop_enabled: false,
    loop_start: 0,
    loop_length: 8,
    notes: [
      [60, 0, 1, 100, 0],
      [64, 4, 1, 100, 0],
    ],
  };
  return {
    ...emptyProject(),
    name: 'Short',
    cue_markers: [{ name: 'Outro', beat: 10 }],
    tracks: [newTrackJson('Keys', 'instrument', { clips: [riff] }), newTrackJson('Empty', 'instrument')],
  };
}
