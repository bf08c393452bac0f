import * as z from 'zod';

export const SongWorkflowPayload = z.strictObject({
  song_session_id: z.string(),
  revision: z.number().int().describe('The plan revision; song_import_plan must name it'),
  export: z
    .record(z.string(), z.unknown())
    .describe(
      'The workflow-owned type-1 MIDI export of this revision: id, path, sha256, bytes, note_track_count, summary (tempo, meter, sections with start beats, ' +
        'parts with note counts)',
    ),
  plan: z.record(z.string(), z.unknown()).describe('The plan as compiled, defaults filled in'),
  imports: z.array(z.record(z.string(), z.unknown())).describe('Every import attempt: revision, status, receipt id, transport steps'),
  import_available: z.boolean().describe('False once this revision was sent for import (ambiguous attempts included)'),
  where: z.string(),
  created_at: z.string(),
});
