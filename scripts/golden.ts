// `npm run golden`: per-scene parity with LX 1.2.1's golden frames (exact-match fraction of
// pixels, maximum channel error, first mismatch). Same comparison as test/light/golden.test.ts.
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../src/light/render/golden.js';

const dir = process.env.FOOTLIGHT_GOLDEN_DIR ?? fileURLToPath(new URL('../test/golden/lx-1.2.1/', import.meta.url));
const only = process.argv.slice(2);
const registry = createLibrary();
let exact = 0;
const scenes = goldenScenes(dir).filter((s) => only.length === 0 || only.some((o) => s.includes(o)));
for (const scene of scenes) {
  const p = compareScene(dir, scene, registry);
  if (p.exactFraction === 1 && p.shapeError === undefined) exact++;
  process.stdout.write(`${formatParity(p)}\n`);
  if (process.env.GOLDEN_VERBOSE === '1') {
    for (const m of p.mismatchesByFrame.slice(0, 12)) process.stdout.write(`    frame ${m.frame}: ${m.points} points differ, max ${m.maxError}\n`);
    for (const w of p.warnings) process.stdout.write(`    warning: ${w}\n`);
  }
}
process.stdout.write(`${exact}/${scenes.length} scenes exact\n`);
