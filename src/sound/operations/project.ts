// The project document as a whole: open one in place of the current, as one undoable step.

import type { Origin } from '../../engine/commands/history.js';
import { invalidArgument } from '../../engine/errors.js';
import { ReplaceProject } from '../model/commands.js';
import type { SoundHost } from '../host/host.js';
import { buildProject, type ProjectJson, type SoundProject } from '../model/components.js';
import type { Payload } from '../model/payloads.js';

/**
 * Opens a project document in place of the current one, as one undoable step. Identities
 * (track, device, module and clip ids) are new: re-read them.
 */
export function openProject(host: SoundHost, origin: Origin, json: ProjectJson): Payload {
  let next: SoundProject;
  try {
    next = buildProject(json);
  } catch (err) {
    throw invalidArgument(`the project document is invalid: ${(err as Error).message}`);
  }
  host.markSaved(next);
  host.perform(origin, new ReplaceProject(`Open ${next.name}`, host.root, next));
  host.selection.selectDefault();
  return { project_name: next.name, track_count: next.flatTracks().length };
}
