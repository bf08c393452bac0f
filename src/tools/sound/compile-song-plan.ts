import * as z from 'zod';
import { SongPlan } from '../../sound-client/song-plan.js';
import { defineTool } from '../define-tool.js';
import { asPayload, WORKFLOW_ONLY } from './payloads.js';
import { SongWorkflowPayload } from './song-payloads.js';

export default defineTool({
  name: 'song_compile_plan',
  title: 'Compile a song plan to a MIDI export (offline)',
  toolset: 'song',
  description:
    'Compiles a song plan offline — the host is not contacted — into a type-1 Standard MIDI File the workflow owns: a conductor track named after the title ' +
    'with the meter, the tempo and one marker per section, then one note track per part, named after it. Times are quarter-note beats; a bar is ' +
    "numerator × 4 / denominator beats; pitches are MIDI keys or note names (C3 = 60). Parts take explicit `notes` (start from the song's beginning, or " +
    'from `section`) and/or `patterns` (a list of steps — pitch, chord or null rest — repeated every step_beats through the chosen sections). ' +
    'Without song_session_id it starts a song session at revision 1; with one it makes the next revision (a new export; the old one can no longer be ' +
    'imported). Review the summary, then import with song_import_plan naming this revision. Example: {"title":"Night ' +
    'Drive","tempo":96,"meter":{"numerator":4,"denominator":4},"sections":[{"name":"Intro","bars":2},{"name":"Verse","bars":4}],' +
    '"parts":[{"name":"Bass","patterns":[{"steps":["C1",null,"G1",null]}]},' +
    '{"name":"Lead","notes":[{"pitch":"E3","start":0,"duration":2,"section":"Verse"}]}]}. ' +
    'Song sessions are process-local. ' +
    WORKFLOW_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    plan: SongPlan,
    song_session_id: z.string().min(1).max(64).optional().describe('Revise this song session instead of starting one'),
  }),
  output: SongWorkflowPayload,
  handle: async ({ plan, song_session_id }, { soundAdapter }) =>
    asPayload<z.infer<typeof SongWorkflowPayload>>(await soundAdapter.song.compile(plan, song_session_id)),
});
