// The format of a component behaviour note (one markdown file per stock class):
//
//   ---
//   class: heronarts.lx.pattern.color.GradientPattern
//   kind: pattern
//   source: src/light/devices/patterns/color/gradient-pattern.ts
//   sourceSha256: <64 lowercase hex: SHA-256 of that file, line endings normalized to \n>
//   dependsOn: src/light/color/gradient.ts, ...   (optional: helper modules the behaviour lives in)
//   dependsOnSha256: <SHA-256 over those files, see dependenciesSha256>
//   reviewed: 2025-01-31
//   verifiedBy: test/light/docs/behaviour.test.ts
//   ---
//   ## Summary
//   ...
//   ## Parameter interactions
//   ...
//   ## Usage tips
//   ...
//
// The frontmatter is flat `key: value` lines (not YAML). A class Footlight cannot run has no
// `source`/`sourceSha256` and says `unavailable: true`. The body has exactly the three headings,
// in that order. Notes describe behaviour only: parameter ranges and defaults belong to the live
// parameter tools.
import { createHash } from 'node:crypto';
import type { DeviceKind } from '../component/registry.js';

const NOTE_SECTIONS = ['Summary', 'Parameter interactions', 'Usage tips'] as const;

const KINDS: readonly DeviceKind[] = ['pattern', 'effect', 'modulator'];
const KNOWN_KEYS = new Set(['class', 'kind', 'source', 'sourceSha256', 'dependsOn', 'dependsOnSha256', 'reviewed', 'verifiedBy', 'unavailable']);
const SHA256 = /^[0-9a-f]{64}$/;

export interface ComponentNote {
  readonly className: string;
  readonly kind: DeviceKind;
  /** Repository-relative path of the implementation the note was written against. */
  readonly source?: string;
  /** SHA-256 of that implementation (line endings normalized) when the note was last reviewed. */
  readonly sourceSha256?: string;
  /**
   * Other modules whose code decides the behaviour described (a shared engine, a base class),
   * repository-relative; they are pinned together by `dependsOnSha256`.
   */
  readonly dependsOn: readonly string[];
  readonly dependsOnSha256?: string;
  /** Date of the last review (YYYY-MM-DD). */
  readonly reviewed?: string;
  /** Tests that check the note's claims against renders or values. */
  readonly verifiedBy?: string;
  /** The note is about a class Footlight lists but cannot run. */
  readonly unavailable: boolean;
  readonly summary: string;
  readonly parameterInteractions: string;
  readonly usageTips: string;
  /** The frontmatter lines in file order (kept so a re-pin rewrites only the hash and date). */
  readonly frontmatter: readonly (readonly [string, string])[];
}

export class NoteFormatError extends Error {
  override readonly name = 'NoteFormatError';
}

/** SHA-256 (hex) of a source text after normalizing CRLF and CR line endings to LF. */
export function normalizedSha256(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
}

/**
 * One SHA-256 over several source files: for each, in order, its repository-relative path, a
 * newline, its normalized text and a NUL. Renaming, reordering or editing any of them changes it.
 */
export function dependenciesSha256(files: readonly { readonly path: string; readonly text: string }[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(`${f.path}\n${f.text.replace(/\r\n?/g, '\n')}\0`, 'utf8');
  return h.digest('hex');
}

/** Parses a note; throws NoteFormatError naming what is wrong. */
export function parseNote(text: string): ComponentNote {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0] !== '---') throw new NoteFormatError('a note starts with a "---" frontmatter line');
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new NoteFormatError('the frontmatter has no closing "---" line');
  const frontmatter: [string, string][] = [];
  const fields = new Map<string, string>();
  for (const line of lines.slice(1, end)) {
    if (line.trim() === '') continue;
    const m = /^([A-Za-z][A-Za-z0-9]*):\s*(.*)$/.exec(line);
    if (m === null) throw new NoteFormatError(`frontmatter line ${JSON.stringify(line)} is not "key: value"`);
    const [, key, value] = m;
    if (!KNOWN_KEYS.has(key)) throw new NoteFormatError(`unknown frontmatter key ${key}; known: ${[...KNOWN_KEYS].join(', ')}`);
    if (fields.has(key)) throw new NoteFormatError(`frontmatter key ${key} appears twice`);
    fields.set(key, value.trim());
    frontmatter.push([key, value.trim()]);
  }
  const className = fields.get('class');
  if (className === undefined || className === '') throw new NoteFormatError('the frontmatter needs class');
  const kind = fields.get('kind') as DeviceKind | undefined;
  if (kind === undefined || !KINDS.includes(kind)) throw new NoteFormatError(`kind must be one of ${KINDS.join(', ')}`);
  const sha = fields.get('sourceSha256');
  if (sha !== undefined && !SHA256.test(sha)) throw new NoteFormatError('sourceSha256 must be 64 lowercase hex digits');
  const depSha = fields.get('dependsOnSha256');
  if (depSha !== undefined && !SHA256.test(depSha)) throw new NoteFormatError('dependsOnSha256 must be 64 lowercase hex digits');
  const dependsOn = (fields.get('dependsOn') ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');
  if (dependsOn.length === 0 && depSha !== undefined) throw new NoteFormatError('dependsOnSha256 without dependsOn');
  const unavailable = fields.get('unavailable');
  if (unavailable !== undefined && unavailable !== 'true' && unavailable !== 'false') throw new NoteFormatError('unavailable must be true or false');

  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  const order: string[] = [];
  for (const line of lines.slice(end + 1)) {
    const h = /^##\s+(.+?)\s*$/.exec(line);
    if (h !== null) {
      order.push(h[1]);
      current = [];
      sections.set(h[1], current);
      continue;
    }
    if (/^#\s/.test(line)) throw new NoteFormatError('a note has only "## " headings');
    if (current === undefined) {
      if (line.trim() !== '') throw new NoteFormatError('text before the first "## Summary" heading');
      continue;
    }
    current.push(line);
  }
  if (order.length !== NOTE_SECTIONS.length || order.some((h, i) => h !== NOTE_SECTIONS[i])) {
    throw new NoteFormatError(
      `the body has exactly these headings, in order: ${NOTE_SECTIONS.map((s) => `## ${s}`).join(', ')}; ` +
        `found ${order.map((s) => `## ${s}`).join(', ') || 'none'}`,
    );
  }
  const body = (name: string): string => {
    const text = (sections.get(name) ?? []).join('\n').trim();
    if (text === '') throw new NoteFormatError(`section ${name} is empty`);
    return text;
  };
  return {
    className,
    kind,
    source: fields.get('source') || undefined,
    sourceSha256: sha,
    dependsOn,
    dependsOnSha256: depSha,
    reviewed: fields.get('reviewed') || undefined,
    verifiedBy: fields.get('verifiedBy') || undefined,
    unavailable: unavailable === 'true',
    summary: body('Summary'),
    parameterInteractions: body('Parameter interactions'),
    usageTips: body('Usage tips'),
    frontmatter,
  };
}

/** Writes a note back with some frontmatter fields replaced or added (the body is kept as is). */
export function rewriteFrontmatter(text: string, changes: Readonly<Record<string, string | undefined>>): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const end = lines.indexOf('---', 1);
  if (lines[0] !== '---' || end < 0) throw new NoteFormatError('no frontmatter to rewrite');
  const head = lines.slice(1, end).filter((l) => l.trim() !== '');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of head) {
    const key = line.slice(0, line.indexOf(':'));
    if (key in changes) {
      seen.add(key);
      const v = changes[key];
      if (v !== undefined) out.push(`${key}: ${v}`);
    } else out.push(line);
  }
  for (const [key, v] of Object.entries(changes)) if (!seen.has(key) && v !== undefined) out.push(`${key}: ${v}`);
  return ['---', ...out, ...lines.slice(end)].join('\n');
}
