import { FootlightError, type ErrorCode } from '../../engine/errors.js';

/**
 * Why the host refused a request, for clients that branch on it without parsing the message.
 * The kernel error code stays the primary classification.
 */
type RefusalReason =
  | 'stale_selection_token'
  | 'stale_revision'
  | 'stale_project_token'
  | 'recording'
  | 'armed_tracks'
  | 'project_save_pending'
  | 'bank_capacity'
  | 'no_selection'
  | 'not_a_grid'
  | 'wrong_uuid_kind'
  | 'occupied'
  | 'out_of_range'
  | 'nothing_to_undo'
  | 'nothing_to_redo'
  | 'sha256_mismatch'
  | 'note_track_count_mismatch'
  | 'invalid_midi'
  | 'invalid_path'
  | 'destination_not_empty'
  | 'incomplete_save'
  | 'inside_project_folder'
  | 'not_soloable'
  | 'live_off'
  | 'outside_sample_folder'
  | 'no_sample_folder'
  | 'live_track'
  | 'live_empty'
  | 'reversed_region'
  | 'listen_busy';

/** A refusal with a machine-readable reason next to the kernel code. */
export class SoundRefusal extends FootlightError {
  constructor(
    code: ErrorCode,
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(code, message);
  }
}

export const refuse = (code: ErrorCode, reason: RefusalReason, message: string): SoundRefusal => new SoundRefusal(code, reason, message);
