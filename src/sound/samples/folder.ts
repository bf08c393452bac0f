// The sample folder the operator grants (`serve --samples DIR`, or `samples` in config.json): the
// only place samples load from. Every path is relative to it and must resolve, symlinks followed,
// to a file inside it.

import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { refuse } from '../model/errors.js';
import { formatOf, type SampleFormat } from './decode.js';

/** How an operator grants the folder, for refusals. */
export const GRANT_HINT = 'grant one with --samples DIR (footlight serve, render-sound, render-show) or "samples": "DIR" in config.json (serve)';
/** A listing walks at most this many folder entries (a huge tree cannot stall the host). */
const MAX_WALK_ENTRIES = 20_000;
/** Folder depth a listing descends. */
const MAX_DEPTH = 8;

/** SoundFonts live in the folder beside samples: a Sampler zone plays one of their presets. */
const SOUNDFONTS: Readonly<Record<string, 'sf2' | 'sf3'>> = { sf2: 'sf2', sf3: 'sf3' };
type FileFormat = SampleFormat | 'sf2' | 'sf3';

/** A file's format by its extension (case-insensitive): a sample's or a SoundFont's; undefined for others. */
function fileFormatOf(name: string): FileFormat | undefined {
  const dot = name.lastIndexOf('.');
  return formatOf(name) ?? (dot < 0 ? undefined : SOUNDFONTS[name.slice(dot + 1).toLowerCase()]);
}

const code = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;

interface SampleFile {
  /** Relative to the folder, with `/` separators. */
  readonly path: string;
  readonly format: FileFormat;
  readonly absolute: string;
}

export class SampleFolder {
  private constructor(readonly root: string) {}

  /** Opens a granted folder: it must exist and be a directory; symlinks on the way are resolved once, here. */
  static async open(dir: string): Promise<SampleFolder> {
    let root: string;
    try {
      root = await realpath(dir);
    } catch (err) {
      throw invalidArgument(`the sample folder ${dir} cannot be opened (${code(err) ?? 'error'})`);
    }
    if (!(await stat(root)).isDirectory()) throw invalidArgument(`the sample folder ${dir} is not a directory`);
    return new SampleFolder(root);
  }

  private inside(real: string): boolean {
    return real === this.root || real.startsWith(this.root.endsWith(sep) ? this.root : this.root + sep);
  }

  /**
   * A sample path → its file. Refused with invalid_argument: absolute paths, `..` that leaves the
   * folder, symlinks that point out of it, unknown formats; not_found when nothing is there.
   */
  async resolve(path: string): Promise<SampleFile> {
    const shown = JSON.stringify(path.slice(0, 200));
    if (path.length === 0 || path.includes('\0')) throw invalidArgument('a sample path must be a non-empty path without NUL bytes');
    if (isAbsolute(path) || /^[a-zA-Z]:/.test(path))
      throw refuse('invalid_argument', 'outside_sample_folder', `sample paths are relative to the sample folder; ${shown} is absolute`);
    const format = fileFormatOf(path);
    if (format === undefined)
      throw invalidArgument(`${shown} is not a sample file: give a .wav, .aif/.aiff, .flac, .mp3 or .ogg file, or a .sf2/.sf3 SoundFont`);
    const joined = join(this.root, path);
    if (!this.inside(joined)) throw refuse('invalid_argument', 'outside_sample_folder', `${shown} leaves the sample folder`);
    let real: string;
    try {
      real = await realpath(joined);
    } catch (err) {
      if (code(err) === 'ENOENT') throw notFound(`no sample ${shown} in the sample folder; sound_list_samples lists what is there`);
      throw invalidArgument(`sample ${shown} cannot be read (${code(err) ?? 'error'})`);
    }
    if (!this.inside(real)) throw refuse('invalid_argument', 'outside_sample_folder', `${shown} is a symbolic link that points out of the sample folder`);
    if (!(await stat(real)).isFile()) throw invalidArgument(`${shown} is not a file`);
    return { path: relative(this.root, real).split(sep).join('/'), format, absolute: real };
  }

  /** As resolve, for an audio sample: a SoundFont is refused with invalid_argument. */
  async resolveAudio(path: string): Promise<SampleFile & { readonly format: SampleFormat }> {
    const file = await this.resolve(path);
    if (file.format === 'sf2' || file.format === 'sf3')
      throw invalidArgument(`${JSON.stringify(file.path)} is a SoundFont, not an audio sample: a zone plays it with a bank and a program`);
    return { ...file, format: file.format };
  }

  /** Every sample and SoundFont file in the folder and its subfolders, sorted by path; symlinks that point out are skipped. */
  async list(): Promise<SampleFile[]> {
    const out: SampleFile[] = [];
    let seen = 0;
    const walk = async (dir: string, depth: number): Promise<void> => {
      const names = (await readdir(dir)).sort();
      for (const name of names) {
        if (++seen > MAX_WALK_ENTRIES || name.startsWith('.')) continue;
        const abs = join(dir, name);
        const st = await lstat(abs);
        const rel = relative(this.root, abs).split(sep).join('/');
        if (st.isDirectory()) {
          if (depth < MAX_DEPTH) await walk(abs, depth + 1);
        } else if (fileFormatOf(name) !== undefined) {
          const file = await this.resolve(rel).catch(() => null);
          if (file !== null) out.push({ ...file, path: rel });
        }
      }
    };
    await walk(this.root, 0);
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}
