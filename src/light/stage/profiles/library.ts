// A fixture library: a folder of profile files the operator points at (QLC+'s installed library by
// default), indexed on first use and searched by maker, model and type. Nothing is downloaded:
// only files inside the folder are read (regular files, bounded, links kept inside the folder).
// The index reads what a search needs cheaply (a `.qxf` file's header, an OFL file's JSON); a
// profile is imported whole when it is asked for, and kept.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { readRegularFile } from '../../../app/regular-file.js';
import { notFound } from '../../../engine/errors.js';
import { importGdtf } from './gdtf.js';
import { importOfl } from './ofl.js';
import { type FixtureProfile, type FixtureType, ProfileError, type ProfileSource } from './profile.js';
import { importQlc, qlcType } from './qlc.js';

/** Where Debian's and Ubuntu's `qlcplus-data` package installs QLC+'s fixture definitions. */
const QLC_FIXTURES = '/usr/share/qlcplus/fixtures';

/** The library used when the configuration names none: QLC+'s installed one, when it is there. */
export function defaultFixtureFolder(): string | undefined {
  return existsSync(QLC_FIXTURES) ? QLC_FIXTURES : undefined;
}

/** Largest profile file read: a QLC+ or OFL file is text of a few hundred KB at most; GDTF holds 3D models and pictures. */
const MAX_TEXT_BYTES = 8 * 1024 * 1024;
const MAX_GDTF_BYTES = 128 * 1024 * 1024;
/** Files and folder depth an index walks at most. */
const MAX_FILES = 50_000;
const MAX_DEPTH = 6;
/** Files the index reads at once. */
const INDEX_BATCH = 16;

interface ProfileEntry {
  /** The file's path inside the library, with `/` between folders: the profile's id. */
  readonly id: string;
  readonly maker: string;
  readonly model: string;
  readonly type: FixtureType;
  readonly source: ProfileSource;
}

interface RefusedProfile {
  readonly id: string;
  readonly reason: string;
}

interface ProfileIndex {
  readonly entries: readonly ProfileEntry[];
  readonly refused: readonly RefusedProfile[];
}

interface ProfileQuery {
  /** Parts of the maker's name, the model's name (case-insensitive). */
  readonly maker?: string;
  readonly model?: string;
  readonly type?: FixtureType;
  /** Words that must all appear in maker, model or type. */
  readonly text?: string;
}

function sourceOf(name: string): ProfileSource | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.qxf')) return 'qlc';
  if (lower.endsWith('.gdtf')) return 'gdtf';
  if (lower.endsWith('.json') && lower !== 'manufacturers.json' && lower !== 'register.json') return 'ofl';
  return undefined;
}

/** An OFL importer's reasons that say a `.json` file is no fixture at all (a package.json, a register): skipped, not refused. */
const NOT_A_FIXTURE = /^(no "name"|no "categories" list|not a JSON object)$/;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]).trim();
}

/** A `.qxf` file's maker, model and type from its header (the first elements of every QLC+ definition). */
function qlcHeader(id: string, xml: string): Omit<ProfileEntry, 'id' | 'source'> {
  const head = xml.slice(0, 8192);
  const pick = (tag: string): string => {
    const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(head);
    if (!m) throw new ProfileError(id, `no <${tag}> in the header`);
    return unescapeXml(m[1]);
  };
  const maker = pick('Manufacturer');
  const model = pick('Model');
  const typeName = pick('Type');
  const type =
    qlcType(typeName) ??
    (() => {
      throw new ProfileError(id, `unknown fixture type ${JSON.stringify(typeName)}`);
    })();
  return { maker, model, type };
}

export class FixtureLibrary {
  private index: Promise<ProfileIndex> | undefined;
  private readonly profiles = new Map<string, FixtureProfile>();
  private readonly makers = new Map<string, Promise<ReadonlyMap<string, string>>>();

  /**
   * `folder`: the library's root (QLC+'s `fixtures/` with a folder per maker, an OFL `fixtures/` folder, or any folder of files),
   * or undefined for none; `builtIns`: profiles found beside the folder's, by id (Footlight's generic ones).
   */
  constructor(
    readonly folder: string | undefined,
    private readonly builtIns: ReadonlyMap<string, FixtureProfile> = new Map(),
  ) {}

  private get where(): string {
    return this.folder ?? "Footlight's built-in profiles (no fixture library is set)";
  }

  /** Every profile file of the folder, read once on first use. */
  entries(): Promise<ProfileIndex> {
    // A failed read (no such folder) is not kept: the next call tries again.
    this.index ??= this.build().catch((err: unknown) => {
      this.index = undefined;
      throw err;
    });
    return this.index;
  }

  /** Forgets the index and the imported profiles: the next call reads the folder again. */
  reload(): void {
    this.index = undefined;
    this.makers.clear();
    this.profiles.clear();
  }

  /** Entries matching every field given, by maker, then model. */
  async search(query: ProfileQuery): Promise<ProfileEntry[]> {
    const { entries } = await this.entries();
    const maker = query.maker?.toLowerCase();
    const model = query.model?.toLowerCase();
    const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    return entries.filter((e) => {
      if (maker !== undefined && !e.maker.toLowerCase().includes(maker)) return false;
      if (model !== undefined && !e.model.toLowerCase().includes(model)) return false;
      if (query.type !== undefined && e.type !== query.type) return false;
      const hay = `${e.maker} ${e.model} ${e.type}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }

  /** The profile of entry `id`, imported whole (`not_found` for an id the library does not hold; ProfileError for a bad file). */
  async get(id: string): Promise<FixtureProfile> {
    const known = this.builtIns.get(id) ?? this.profiles.get(id);
    if (known) return known;
    const { entries, refused } = await this.entries();
    const entry = entries.find((e) => e.id === id);
    if (entry === undefined) {
      const bad = refused.find((r) => r.id === id);
      if (bad) throw new ProfileError(id, bad.reason);
      throw notFound(`no fixture profile ${JSON.stringify(id)} in ${this.where}`);
    }
    const profile = await this.importFile(entry.id, entry.source);
    this.profiles.set(id, profile);
    return profile;
  }

  private async read(id: string, source: ProfileSource): Promise<Buffer> {
    if (this.folder === undefined) throw notFound(`no fixture profile ${JSON.stringify(id)} in ${this.where}`);
    const buf = await readRegularFile(join(this.folder, ...id.split('/')), {
      folder: this.folder,
      maxBytes: source === 'gdtf' ? MAX_GDTF_BYTES : MAX_TEXT_BYTES,
    });
    if (buf === undefined) throw notFound(`fixture profile ${JSON.stringify(id)} is no longer in ${this.folder}`);
    return buf;
  }

  private async importFile(id: string, source: ProfileSource): Promise<FixtureProfile> {
    const buf = await this.read(id, source);
    if (source === 'qlc') return importQlc(id, buf.toString('utf8'));
    if (source === 'gdtf') return importGdtf(id, buf);
    return importOfl(id, buf.toString('utf8'), await this.makerOf(id));
  }

  /** An OFL fixture's maker: the name `manufacturers.json` (beside the makers' folders) gives its folder, else the folder's name. */
  private async makerOf(id: string): Promise<string> {
    const makerFolder = dirname(id);
    const root = dirname(makerFolder);
    let names = this.makers.get(root);
    if (names === undefined) {
      names = this.readMakers(root);
      this.makers.set(root, names);
    }
    return (await names).get(basename(makerFolder)) ?? (makerFolder === '.' ? '' : basename(makerFolder));
  }

  private async readMakers(root: string): Promise<ReadonlyMap<string, string>> {
    const names = new Map<string, string>();
    if (this.folder === undefined) return names;
    const path = join(this.folder, ...root.split('/'), 'manufacturers.json');
    const buf = await readRegularFile(path, { folder: this.folder, maxBytes: MAX_TEXT_BYTES }).catch(() => undefined);
    if (buf === undefined) return names;
    try {
      const doc = JSON.parse(buf.toString('utf8')) as Record<string, { name?: unknown }>;
      for (const [key, value] of Object.entries(doc)) if (typeof value?.name === 'string') names.set(key, value.name);
    } catch {
      // A manufacturers.json that is not JSON names nobody: folder names stand.
    }
    return names;
  }

  private async build(): Promise<ProfileIndex> {
    const entries: ProfileEntry[] = [...this.builtIns.values()].map((p) => ({ id: p.file, maker: p.maker, model: p.model, type: p.type, source: p.source }));
    const refused: RefusedProfile[] = [];
    const folder = this.folder;
    if (folder !== undefined) await this.indexFolder(folder, entries, refused);
    refused.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    entries.sort((a, b) => a.maker.localeCompare(b.maker) || a.model.localeCompare(b.model) || (a.id < b.id ? -1 : 1));
    return { entries, refused };
  }

  private async indexFolder(folder: string, entries: ProfileEntry[], refused: RefusedProfile[]): Promise<void> {
    const found: { id: string; source: ProfileSource }[] = [];
    const walk = async (dir: string, depth: number): Promise<void> => {
      if (depth > MAX_DEPTH || found.length >= MAX_FILES) return;
      let list;
      try {
        list = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (depth === 0) throw notFound(`the fixture library ${folder} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
        return;
      }
      for (const e of list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        if (e.name.startsWith('.')) continue;
        const path = join(dir, e.name);
        if (e.isDirectory()) await walk(path, depth + 1);
        else {
          const source = sourceOf(e.name);
          if (source && found.length < MAX_FILES) found.push({ id: relative(folder, path).split(sep).join('/'), source });
        }
      }
    };
    await walk(folder, 0);
    const indexOne = async ({ id, source }: { id: string; source: ProfileSource }): Promise<void> => {
      try {
        if (source === 'qlc') entries.push({ id, source, ...qlcHeader(id, (await this.read(id, source)).toString('utf8')) });
        else {
          const profile = await this.importFile(id, source);
          this.profiles.set(id, profile);
          entries.push({ id, source, maker: profile.maker, model: profile.model, type: profile.type });
        }
      } catch (err) {
        if (source === 'ofl' && err instanceof ProfileError && NOT_A_FIXTURE.test(err.reason)) return; // JSON, but not a fixture
        refused.push({ id, reason: err instanceof ProfileError ? err.reason : (err as Error).message });
      }
    };
    // A few files at a time: the reads overlap, the order of the result does not depend on them (sorted below).
    for (let i = 0; i < found.length; i += INDEX_BATCH) await Promise.all(found.slice(i, i + INDEX_BATCH).map(indexOne));
  }
}
