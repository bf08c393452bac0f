// Maintains the component behaviour notes (src/light/docs/notes/<full class>.md).
//
//   npm run docs:components:check            every registered class has a well-formed note whose
//                                            pinned hash matches its implementation (exit 1 if not)
//   npm run docs:components:pin -- <class>…  after reviewing a note against the changed code,
//                                            pin it to the implementation's current hash and date
//   npm run docs:components:new -- <class>…  writes a skeleton note for a class that has none
//
// <class> is a full class, simple class name or display name ("Gradient"; add the kind as
// pattern:Noise / modulator:Noise when several kinds share the name).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_NOTES_DIR, ComponentDocs, repoRelative } from '../src/light/docs/component-docs.js';
import { noteProblems } from '../src/light/docs/note-check.js';
import { normalizedSha256, parseNote, rewriteFrontmatter } from '../src/light/docs/note-format.js';
import { createLibrary } from '../src/light/devices/library.js';
import type { DeviceEntry, DeviceKind } from '../src/light/component/registry.js';

const docs = new ComponentDocs(createLibrary());
const today = new Date().toISOString().slice(0, 10);

function entryOf(arg: string): DeviceEntry {
  const m = /^(pattern|effect|modulator):(.+)$/.exec(arg);
  return m === null ? docs.find(arg) : docs.find(m[2], m[1] as DeviceKind);
}

function check(): number {
  let bad = 0;
  for (const entry of docs.entries()) {
    const p = noteProblems(docs, entry);
    if (p.length > 0) bad++;
    console.log(`${p.length === 0 ? 'ok   ' : 'FAIL '} ${entry.kind.padEnd(9)} ${entry.className}${p.length > 0 ? `: ${p.join('; ')}` : ''}`);
  }
  console.log(bad === 0 ? `all ${docs.entries().length} notes are current` : `${bad} note(s) need work`);
  return bad === 0 ? 0 : 1;
}

function pin(args: string[]): number {
  if (args.length === 0) {
    console.error('name the classes you reviewed: npm run docs:components:pin -- Gradient Chase');
    return 1;
  }
  for (const arg of args) {
    const entry = entryOf(arg);
    const file = join(BUILTIN_NOTES_DIR, `${entry.className}.md`);
    if (!existsSync(file)) throw new Error(`${entry.className} has no note; npm run docs:components:new -- ${arg}`);
    const text = readFileSync(file, 'utf8');
    const note = parseNote(text);
    const current = entry.sourceUrl === undefined ? undefined : normalizedSha256(readFileSync(new URL(entry.sourceUrl), 'utf8'));
    if (current === undefined) throw new Error(`${entry.className} has no implementation to pin to`);
    const deps = note.dependsOn.length === 0 ? undefined : docs.dependenciesSha256(note.dependsOn);
    if (note.dependsOn.length > 0 && deps === undefined)
      throw new Error(`${entry.className}: a file in dependsOn cannot be read (${note.dependsOn.join(', ')})`);
    writeFileSync(file, rewriteFrontmatter(text, { source: repoRelative(entry.sourceUrl), sourceSha256: current, dependsOnSha256: deps, reviewed: today }));
    console.log(`pinned ${entry.className} to ${current}${deps !== undefined ? ` (+ ${note.dependsOn.length} dependencies)` : ''}`);
  }
  return 0;
}

function scaffold(args: string[]): number {
  for (const arg of args) {
    const entry = entryOf(arg);
    const file = join(BUILTIN_NOTES_DIR, `${entry.className}.md`);
    if (existsSync(file)) throw new Error(`${file} exists`);
    const source = repoRelative(entry.sourceUrl);
    const head = ['---', `class: ${entry.className}`, `kind: ${entry.kind}`, ...(source !== undefined ? [`source: ${source}`] : ['unavailable: true']), '---'];
    writeFileSync(file, `${[...head, '## Summary', 'TODO', '', '## Parameter interactions', 'TODO', '', '## Usage tips', 'TODO', ''].join('\n')}`);
    console.log(`wrote ${file}; write it from the implementation, then pin it`);
  }
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => number> = { check: () => check(), pin, new: scaffold };
const run = commands[command ?? ''];
if (run === undefined) {
  console.error('usage: component-docs.ts check | pin <class>... | new <class>...');
  process.exit(2);
}
process.exit(run(rest));
