// The component notes themselves: every registered class has one, well formed and pinned to the
// implementation running now. A code change to a device fails here until its note is reviewed
// (npm run docs:components:check lists what to do; :pin records the review).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_NOTES_DIR, ComponentDocs } from '../../../src/light/docs/component-docs.js';
import { noteProblems } from '../../../src/light/docs/note-check.js';
import { NoteFormatError, normalizedSha256, parseNote, rewriteFrontmatter } from '../../../src/light/docs/note-format.js';
import { createLibrary } from '../../../src/light/devices/library.js';

const docs = new ComponentDocs(createLibrary());

test('every registered pattern, effect and modulator has a current note', () => {
  const failures = docs
    .entries()
    .map((e) => [e.className, noteProblems(docs, e)] as const)
    .filter(([, p]) => p.length > 0);
  assert.deepEqual(failures, [], 'run npm run docs:components:check');
});

test('no note for a class the library does not have', async () => {
  const files = (await readdir(BUILTIN_NOTES_DIR)).filter((f) => f.endsWith('.md'));
  const known = new Set(docs.entries().map((e) => `${e.className}.md`));
  assert.deepEqual(
    files.filter((f) => !known.has(f)),
    [],
  );
});

test('notes stay short enough for small-context agents', async () => {
  for (const e of docs.entries()) {
    const note = docs.doc(e).note!;
    const words = `${note.summary} ${note.parameterInteractions} ${note.usageTips}`.split(/\s+/).length;
    assert.ok(words <= 400, `${e.className}: ${words} words; keep a note under 400`);
  }
});

test('staleness: matching hash → false, other hash → true, no hash or no source → "unknown"', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-notes-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const library = createLibrary();
  const gradient = library.byClassName('heronarts.lx.pattern.color.GradientPattern')!;
  const text = await readFile(join(BUILTIN_NOTES_DIR, `${gradient.className}.md`), 'utf8');
  const current = normalizedSha256(await readFile(new URL(gradient.sourceUrl!), 'utf8'));
  const at = (sha: string | undefined) => {
    const d = new ComponentDocs(library, { notesDir: dir });
    return writeFile(join(dir, `${gradient.className}.md`), rewriteFrontmatter(text, { sourceSha256: sha })).then(() => d.doc(gradient));
  };
  assert.equal((await at(current)).stale, false);
  assert.equal((await at('f'.repeat(64))).stale, true);
  assert.equal((await at(undefined)).stale, 'unknown');
  const unreadable = { ...gradient, sourceUrl: new URL('./no-such-file.ts', gradient.sourceUrl).href };
  assert.equal(new ComponentDocs(library, { notesDir: dir }).doc(unreadable).stale, 'unknown');
  const bare = new ComponentDocs(library, { notesDir: dir });
  assert.equal(bare.doc(library.byClassName('heronarts.lx.pattern.color.SolidPattern')!).note, undefined);
  assert.equal(bare.isDocumented(library.byClassName('heronarts.lx.pattern.color.SolidPattern')!), false);
});

test('the hash ignores line-ending style', () => {
  assert.equal(normalizedSha256('a\r\nb\rc\n'), normalizedSha256('a\nb\nc\n'));
  assert.notEqual(normalizedSha256('a\nb'), normalizedSha256('a\nb\n'));
});

test('note format: frontmatter and exactly the three sections, in order', () => {
  const ok = '---\nclass: a.B\nkind: pattern\n---\n## Summary\ns\n\n## Parameter interactions\np\n\n## Usage tips\nu\n';
  const note = parseNote(ok);
  assert.deepEqual([note.className, note.kind, note.summary, note.parameterInteractions, note.usageTips], ['a.B', 'pattern', 's', 'p', 'u']);
  const bad: [string, RegExp][] = [
    ['## Summary\ns', /starts with/],
    ['---\nclass: a.B\nkind: pattern\n## Summary', /closing/],
    [ok.replace('kind: pattern', 'kind: fixture'), /kind must be/],
    [ok.replace('kind: pattern', 'kind: pattern\ncolor: red'), /unknown frontmatter key color/],
    [ok.replace('kind: pattern', 'kind: pattern\nsourceSha256: abc'), /64 lowercase hex/],
    [ok.replace('## Usage tips\nu\n', ''), /exactly these headings/],
    [ok.replace('## Summary', '## Overview'), /exactly these headings/],
    [ok.replace('p\n', '\n'), /Parameter interactions is empty/],
    [ok.replace('---\n## Summary', '---\nintro\n## Summary'), /before the first/],
  ];
  for (const [text, message] of bad)
    assert.throws(
      () => parseNote(text),
      (err: unknown) => err instanceof NoteFormatError && message.test(err.message),
      text,
    );
});

test('re-pinning rewrites the frontmatter only', () => {
  const text = '---\nclass: a.B\nkind: pattern\nsourceSha256: ' + '1'.repeat(64) + '\n---\n## Summary\ns\n';
  const out = rewriteFrontmatter(text, { sourceSha256: '2'.repeat(64), reviewed: '2030-01-01' });
  assert.equal(out, '---\nclass: a.B\nkind: pattern\nsourceSha256: ' + '2'.repeat(64) + '\nreviewed: 2030-01-01\n---\n## Summary\ns\n');
});

test('staleness: a changed dependency makes a note stale; an unreadable or outside one makes it "unknown"', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-notes-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const library = createLibrary();
  const gradient = library.byClassName('heronarts.lx.pattern.color.GradientPattern')!;
  const text = await readFile(join(BUILTIN_NOTES_DIR, `${gradient.className}.md`), 'utf8');
  const pinned = parseNote(text);
  assert.ok(pinned.dependsOn.length > 0 && pinned.dependsOnSha256 !== undefined);
  const at = async (changes: Record<string, string | undefined>) => {
    await writeFile(join(dir, `${gradient.className}.md`), rewriteFrontmatter(text, changes));
    return new ComponentDocs(library, { notesDir: dir }).doc(gradient);
  };
  const same = await at({});
  assert.equal(same.stale, false);
  assert.deepEqual(same.dependsOn, { files: pinned.dependsOn, changed: false });
  const changed = await at({ dependsOnSha256: 'e'.repeat(64) });
  assert.equal(changed.stale, true);
  assert.equal(changed.dependsOn?.changed, true);
  assert.equal((await at({ dependsOn: 'src/light/no-such-module.ts' })).stale, 'unknown');
  assert.equal((await at({ dependsOn: '../outside.ts' })).stale, 'unknown');
  assert.equal((await at({ dependsOnSha256: undefined })).stale, 'unknown');
});
