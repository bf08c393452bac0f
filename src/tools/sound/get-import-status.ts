import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'song_get_import_status',
  title: 'Read an import receipt',
  toolset: 'song',
  description:
    'The receipt of a song import (receipt_id from song_import_plan): status (queued, submitted, native_rejected, submission_error_observe_before_retry), ' +
    'digests, target, what the host observes now about the tracks and clips it created (recomputed at every read: an undone import shows group_present: ' +
    'false) and a current inventory observation. verified stays false and requires_observation true: this is not arranger-note verification — inspect ' +
    'song_get_arranger and listen. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    receipt_id: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'a receipt id as returned')
      .describe('receipt_id from song_import_plan'),
  }),
  output: ReadPayload,
  handle: async ({ receipt_id }, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('song-import-status', receipt_id)),
});
