// What is wrong with a built-in component note: used by `npm run docs:components:check` and
// by the test that fails when any note is missing, malformed or stale.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceEntry } from '../component/registry.js';
import { BUILTIN_NOTES_DIR, type ComponentDocs, repoRelative } from './component-docs.js';
import { type ComponentNote, parseNote } from './note-format.js';

/** Problems with one class's note, empty when it is fine. */
export function noteProblems(docs: ComponentDocs, entry: DeviceEntry, notesDir: string = BUILTIN_NOTES_DIR): string[] {
  const file = join(notesDir, `${entry.className}.md`);
  if (!existsSync(file)) return ['no note'];
  let note: ComponentNote;
  try {
    note = parseNote(readFileSync(file, 'utf8'));
  } catch (err) {
    return [`malformed: ${(err as Error).message}`];
  }
  const out: string[] = [];
  if (note.className !== entry.className) out.push(`class ${note.className} does not match the file name`);
  if (note.kind !== entry.kind) out.push(`kind ${note.kind}, but the registry says ${entry.kind}`);
  const available = entry.create !== undefined;
  if (available === note.unavailable)
    out.push(
      available
        ? 'marked unavailable, but the class runs now: review the note against its implementation'
        : 'the class cannot run here: mark the note unavailable: true',
    );
  const implementation = repoRelative(entry.sourceUrl);
  if (implementation !== note.source) out.push(`source is ${note.source ?? 'absent'}, but the implementation is ${implementation ?? 'absent'}`);
  const current = docs.currentSha256(entry);
  if (available) {
    if (note.sourceSha256 === undefined) out.push('no sourceSha256: review the note, then pin it');
    else if (current === undefined) out.push('the implementation cannot be read');
    else if (note.sourceSha256 !== current)
      out.push(
        `stale: the implementation changed since the note was reviewed (pinned ${note.sourceSha256.slice(0, 12)}…, ` +
          `now ${current.slice(0, 12)}…); review the note against it, then pin it`,
      );
    if (note.dependsOn.length > 0) {
      const deps = docs.dependenciesSha256(note.dependsOn);
      if (deps === undefined) out.push(`a file in dependsOn (${note.dependsOn.join(', ')}) cannot be read`);
      else if (note.dependsOnSha256 === undefined) out.push('dependsOn has no dependsOnSha256: review the note, then pin it');
      else if (note.dependsOnSha256 !== deps)
        out.push(`stale: a module it depends on changed (${note.dependsOn.join(', ')}); review the note against it, then pin it`);
    }
  } else if (note.sourceSha256 !== undefined) out.push('an unavailable class has no implementation to pin');
  return out;
}
