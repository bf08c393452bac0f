// Biome formats the code but never splits a string, a comment or a test name, so a line can
// still outgrow the configured width; this test holds every source line within it.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('..', import.meta.url).pathname;
const FOLDERS = ['src', 'test', 'bench', 'scripts', 'bin'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
/** Generated or third-party content kept verbatim: the LX golden files. */
const SKIP = ['test/golden'];

async function sources(dir: string, out: string[]): Promise<string[]> {
  for (const entry of await readdir(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules' || SKIP.includes(path)) continue;
    if (entry.isDirectory()) await sources(path, out);
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

test('every source line fits the width biome.json sets (strings, comments and test names included)', async () => {
  const width: number = JSON.parse(await readFile(join(ROOT, 'biome.json'), 'utf8')).formatter.lineWidth;
  assert.ok(width >= 80, `biome.json formatter.lineWidth is ${width}`);
  const files = (await Promise.all(FOLDERS.map((f) => sources(f, [])))).flat();
  assert.ok(files.length > 500, `found only ${files.length} source files`);
  const long: string[] = [];
  for (const file of files) {
    const lines = (await readFile(join(ROOT, file), 'utf8')).split('\n');
    // Counted in code points, as an editor counts columns (an em dash is one).
    lines.forEach((line, i) => {
      const length = [...line].length;
      if (length > width) long.push(`${relative(ROOT, join(ROOT, file))}:${i + 1} (${length})`);
    });
  }
  assert.deepEqual(long, [], `${long.length} lines are wider than ${width} characters:\n${long.join('\n')}`);
});
