import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'song_get_state',
  title: 'Read the song: token, tracks, transport',
  toolset: 'song',
  description:
    'The song at a glance: the 64-hex `project_token` every song write binds to (it covers the project identity and name, the track inventory with ' +
    'mute/arm, the selected target, tempo, meter, arranger-loop enabled/start/duration, every clip and the recording state — not play position, ' +
    'playing, save-pending, meters, device parameters or Grid graphs), project name, modified and save-pending flags, the selected import target, the ' +
    'flat track inventory, transport (playing, position in quarter-note beats, tempo, meter, arranger loop, metronome, song_end_beats — the latest ' +
    'end of any clip, cue marker or light cue — and at_song_end: "stop" when playback stops there, "loop" when the loop brings it back, "none" for ' +
    'an empty song), conservative recording state ' +
    '(armed track indexes), meters, cue markers and song capabilities. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('song-state')),
});
