#!/usr/bin/env node
// Runs the whole suite in one node:test invocation. Node 20's test runner does not discover
// .ts files by itself, so the file list is explicit; one invocation gives one closing summary.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, p));
  }
  return out;
}

const files = walk(join(root, 'test'), [])
  .sort()
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('no test files matched: a suite that runs zero tests is a failure');
  process.exit(1);
}
const concurrency = process.env.FOOTLIGHT_TEST_CONCURRENCY ?? '2';
const result = spawnSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FOOTLIGHT_TEST: '1' } },
);
process.exit(result.status ?? 1);
