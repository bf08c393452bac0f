// The suite and the scripts must run on any machine: no absolute path of a development machine
// (a home or work folder) in the code, tests, scripts, benchmarks or the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|sh|lxp|lxf|lxm)$/;
// Built from parts so this file does not match itself.
const MACHINE_PATH = new RegExp(`(^|[^\\w.~-])/(${['wo' + 'rk', 'Us' + 'ers', 'ho' + 'me', 'ro' + 'ot'].join('|')})/`);

function files(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (TEXT.test(name)) out.push(path);
  }
}

test('no absolute machine path in src, test, scripts, bench or bin', () => {
  const found: string[] = [];
  const all: string[] = [];
  for (const top of ['src', 'test', 'scripts', 'bench', 'bin']) files(join(ROOT, top), all);
  assert.ok(all.length > 100, `only ${all.length} files scanned`);
  for (const file of all) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (MACHINE_PATH.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  assert.deepEqual(found, []);
});

test('the machine-path pattern catches what it is for', () => {
  for (const bad of ["'/wo" + "rk/shared/golden'", '"/ho' + 'me/me/x"', '(/Us' + 'ers/me/x)']) assert.match(bad, MACHINE_PATH);
  for (const ok of ['~/ho' + 'me/x', 'https://example.com/ho' + 'me/x', 'test/wo' + 'rk/x']) assert.doesNotMatch(ok, MACHINE_PATH);
});

/** Quoted relative paths that climb (`'../…'`), as code writes them for `new URL(…, import.meta.url)` or `join(…)`. */
const CLIMBING = /['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g;

test('tests, scripts and benchmarks read only files inside the repository (no ../shared, no sibling checkout)', () => {
  const found: string[] = [];
  const all: string[] = [];
  for (const top of ['src', 'test', 'scripts', 'bench', 'bin']) files(join(ROOT, top), all);
  for (const file of all) {
    if (file.endsWith('.md')) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(CLIMBING)) {
        const target = relative(ROOT, join(file, '..', m[1]));
        if (target.startsWith('..')) found.push(`${relative(ROOT, file)}:${i + 1}: ${m[1]} leaves the repository`);
      }
    });
  }
  assert.deepEqual(found, []);
});
