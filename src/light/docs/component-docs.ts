// Behaviour notes for the stock patterns, effects and modulators, and whether each note still
// matches the code it describes.
//
// Each registered class may have a note `<notes folder>/<full class>.md` (see note-format.ts).
// A note pins the SHA-256 of the implementation it was written against (the module at the
// registry entry's `sourceUrl`). At run time the loaded implementation's source is hashed once
// per class and compared: `stale` is false when they match, true when they differ, "unknown"
// when the note has no hash or the source cannot be read. An operator's own note in the overlay
// folder (FOOTLIGHT_HOME/components/<full class>.md) wins over the built-in one.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import type { DeviceEntry, DeviceKind, DeviceRegistry } from '../component/registry.js';
import { type ComponentNote, NoteFormatError, dependenciesSha256, normalizedSha256, parseNote } from './note-format.js';

const DEVICE_KINDS: readonly DeviceKind[] = ['pattern', 'effect', 'modulator'];

/** The built-in notes, shipped with the source. */
export const BUILTIN_NOTES_DIR = fileURLToPath(new URL('./notes/', import.meta.url));
/** The repository root (for repository-relative source paths). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

type Staleness = boolean | 'unknown';

export interface ComponentDoc {
  readonly entry: DeviceEntry;
  /** Absent when the class has no note. */
  readonly note?: ComponentNote;
  /** Where the note came from. */
  readonly origin?: 'builtin' | 'overlay';
  /** Repository-relative path of the loaded implementation, when it has one. */
  readonly implementation?: string;
  /** SHA-256 of the loaded implementation's source, when it could be read. */
  readonly currentSha256?: string;
  /** The note's helper modules, and whether they changed since the review ("unknown": unreadable). */
  readonly dependsOn?: { readonly files: readonly string[]; readonly changed: Staleness };
  /** True when the implementation or a module the note depends on changed since the review. */
  readonly stale: Staleness;
}

interface ComponentDocsOptions {
  /** Folder of the built-in notes (tests point it elsewhere). */
  readonly notesDir?: string;
  /** The operator's notes, which win over the built-in ones (FOOTLIGHT_HOME/components). */
  readonly overlayDir?: string;
}

function simpleName(className: string): string {
  return className.slice(className.lastIndexOf('.') + 1);
}

/** The repository-relative path of a `file:` URL inside the repository, else undefined. */
export function repoRelative(url: string | undefined): string | undefined {
  if (url === undefined || !url.startsWith('file:')) return undefined;
  const rel = relative(REPO_ROOT, fileURLToPath(url));
  return rel.startsWith('..') ? undefined : rel.split('\\').join('/');
}

/** The component notes of one light library. Reads files outside the engine's hot path only. */
export class ComponentDocs {
  private readonly notesDir: string;
  private readonly overlayDir: string | undefined;
  private readonly builtin = new Map<string, ComponentNote | null>();
  private readonly hashes = new Map<string, string | null>();
  private readonly dependencyHashes = new Map<string, string | null>();
  private readonly keys = new Map<string, readonly string[]>();

  constructor(
    readonly registry: DeviceRegistry,
    options: ComponentDocsOptions = {},
  ) {
    this.notesDir = options.notesDir ?? BUILTIN_NOTES_DIR;
    this.overlayDir = options.overlayDir;
  }

  /** Every registered class of `kind` (or of every kind), in registry order. */
  entries(kind?: DeviceKind): DeviceEntry[] {
    return (kind === undefined ? DEVICE_KINDS : [kind]).flatMap((k) => [...this.registry.list(k)]);
  }

  /**
   * A registered class by full class name, simple class name or display name (exact first, then
   * case-insensitive), optionally only of one kind. Unknown: `not_found`; several: `invalid_argument`
   * listing them.
   */
  find(name: string, kind?: DeviceKind): DeviceEntry {
    const pool = this.entries(kind);
    const names = (e: DeviceEntry): string[] => [e.className, simpleName(e.className), e.name];
    let matches = pool.filter((e) => names(e).includes(name));
    if (matches.length === 0) matches = pool.filter((e) => names(e).some((n) => n.toLowerCase() === name.toLowerCase()));
    if (matches.length === 1) return matches[0];
    const what = kind ?? 'pattern, effect or modulator';
    if (matches.length > 1) {
      throw invalidArgument(
        `${JSON.stringify(name)} names several classes: ${matches.map((e) => `${e.className} (${e.kind} "${e.name}")`).join(', ')}; ` +
          `pass the full class${kind === undefined ? ' or a kind' : ''}`,
      );
    }
    throw notFound(
      `no ${what} class ${JSON.stringify(name)} in Footlight's library; ` +
        `list_available_${kind ?? 'pattern'}s lists ${kind === undefined ? 'the patterns (and _effects, _modulators the others)' : 'them'}`,
    );
  }

  /** Whether the class has a note (overlay or built-in); cheap enough for list tools. */
  isDocumented(entry: DeviceEntry): boolean {
    if (this.overlayDir !== undefined && existsSync(join(this.overlayDir, `${entry.className}.md`))) return true;
    return this.builtinNote(entry.className) !== undefined;
  }

  /** The class's note and whether it is stale. */
  doc(entry: DeviceEntry): ComponentDoc {
    const overlay = this.overlayNote(entry.className);
    const note = overlay ?? this.builtinNote(entry.className);
    const implementation = repoRelative(entry.sourceUrl);
    const current = this.currentSha256(entry);
    let stale: Staleness = 'unknown';
    if (note?.sourceSha256 !== undefined && current !== undefined) stale = note.sourceSha256 !== current;
    let dependsOn: ComponentDoc['dependsOn'];
    if (note !== undefined && note.dependsOn.length > 0) {
      const now = this.dependenciesSha256(note.dependsOn);
      const changed: Staleness = note.dependsOnSha256 === undefined || now === undefined ? 'unknown' : note.dependsOnSha256 !== now;
      dependsOn = { files: note.dependsOn, changed };
      // A changed dependency makes the note stale; an unreadable one makes a fresh note unknown.
      if (changed === true) stale = true;
      else if (changed === 'unknown' && stale === false) stale = 'unknown';
    }
    return {
      entry,
      ...(note !== undefined ? { note, origin: overlay !== undefined ? ('overlay' as const) : ('builtin' as const) } : {}),
      ...(implementation !== undefined ? { implementation } : {}),
      ...(current !== undefined ? { currentSha256: current } : {}),
      ...(dependsOn !== undefined ? { dependsOn } : {}),
      stale,
    };
  }

  /**
   * The parameter keys a class has, in its order (internal ones left out), read from a detached
   * instance made once per class; undefined for a class Footlight cannot run.
   */
  parameterKeys(entry: DeviceEntry): readonly string[] | undefined {
    if (entry.create === undefined) return undefined;
    let keys = this.keys.get(entry.className);
    if (keys === undefined) {
      keys = [...entry.create().parameters.values()].filter((p) => !p.internal).map((p) => p.key);
      this.keys.set(entry.className, keys);
    }
    return keys;
  }

  /** The combined hash of repository-relative source files (cached per list), or undefined if one cannot be read. */
  dependenciesSha256(files: readonly string[]): string | undefined {
    const key = files.join(',');
    const cached = this.dependencyHashes.get(key);
    if (cached !== undefined) return cached ?? undefined;
    let hash: string | null;
    try {
      if (files.some((f) => isAbsolute(f) || normalize(f).startsWith('..'))) throw new Error('outside the repository');
      hash = dependenciesSha256(files.map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') })));
    } catch {
      hash = null; // a missing or unreadable file: staleness is unknown
    }
    this.dependencyHashes.set(key, hash);
    return hash ?? undefined;
  }

  /** SHA-256 of the class's implementation source (line endings normalized), hashed once per class. */
  currentSha256(entry: DeviceEntry): string | undefined {
    const cached = this.hashes.get(entry.className);
    if (cached !== undefined) return cached ?? undefined;
    let hash: string | null = null;
    if (entry.sourceUrl !== undefined) {
      try {
        hash = normalizedSha256(readFileSync(new URL(entry.sourceUrl), 'utf8'));
      } catch {
        hash = null; // not readable here (e.g. a build without sources): staleness is unknown
      }
    }
    this.hashes.set(entry.className, hash);
    return hash ?? undefined;
  }

  private builtinNote(className: string): ComponentNote | undefined {
    let note = this.builtin.get(className);
    if (note === undefined) {
      const file = join(this.notesDir, `${className}.md`);
      note = existsSync(file) ? this.parse(file, className, 'built-in') : null;
      this.builtin.set(className, note);
    }
    return note ?? undefined;
  }

  private overlayNote(className: string): ComponentNote | undefined {
    if (this.overlayDir === undefined) return undefined;
    const file = join(this.overlayDir, `${className}.md`);
    if (!existsSync(file)) return undefined;
    return this.parse(file, className, 'overlay');
  }

  private parse(file: string, className: string, origin: 'built-in' | 'overlay'): ComponentNote {
    let note: ComponentNote;
    try {
      note = parseNote(readFileSync(file, 'utf8'));
    } catch (err) {
      if (!(err instanceof NoteFormatError)) throw err;
      if (origin === 'overlay') throw invalidArgument(`your note ${file} cannot be read: ${err.message}`);
      throw internal(`the built-in note for ${className} is malformed: ${err.message}`);
    }
    if (note.className !== className) {
      const msg = `${file} says class ${note.className}, but its file name is for ${className}`;
      throw origin === 'overlay' ? invalidArgument(msg) : internal(msg);
    }
    return note;
  }
}
