// `npm run golden`: per-scene parity with LX 1.2.1's golden frames (exact-match fraction of
// pixels, maximum channel error, first mismatch). Same comparison as test/light/golden.test.ts.
// Walks test/golden/lx-1.2.1/ and every subfolder of test/golden/lx-scenes/ (FOOTLIGHT_GOLDEN_DIR:
// that one folder only), then prints the table of LX's stock devices
// (test/golden/lx-scenes/devices/devices.json). Arguments filter scenes by substring.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../src/light/render/golden.js';

const goldenRoot = fileURLToPath(new URL('../test/golden/', import.meta.url));
const scenesRoot = join(goldenRoot, 'lx-scenes');
const dirs =
  process.env.FOOTLIGHT_GOLDEN_DIR !== undefined
    ? [process.env.FOOTLIGHT_GOLDEN_DIR]
    : [
        join(goldenRoot, 'lx-1.2.1'),
        ...(existsSync(scenesRoot)
          ? readdirSync(scenesRoot, { withFileTypes: true })
              .filter((d) => d.isDirectory())
              .map((d) => join(scenesRoot, d.name))
              .sort()
          : []),
      ];
const only = process.argv.slice(2);
const registry = createLibrary();
/** Parity per scene path under test/golden/ without extension (`lx-scenes/devices/solid`). */
const exactByScene = new Map<string, boolean>();
let exact = 0;
let total = 0;
for (const dir of dirs) {
  const scenes = goldenScenes(dir).filter((s) => only.length === 0 || only.some((o) => s.includes(o)));
  if (scenes.length === 0) continue;
  if (dirs.length > 1) process.stdout.write(`${dir.slice(goldenRoot.length)}\n`);
  for (const scene of scenes) {
    const p = compareScene(dir, scene, registry);
    const isExact = p.exactFraction === 1 && p.shapeError === undefined;
    exactByScene.set(join(dir, scene).slice(goldenRoot.length), isExact);
    total++;
    if (isExact) exact++;
    process.stdout.write(`${formatParity(p)}\n`);
    if (process.env.GOLDEN_VERBOSE === '1') {
      for (const m of p.mismatchesByFrame.slice(0, 12)) process.stdout.write(`    frame ${m.frame}: ${m.points} points differ, max ${m.maxError}\n`);
      for (const w of p.warnings) process.stdout.write(`    warning: ${w}\n`);
    }
  }
}
process.stdout.write(`${exact}/${total} scenes exact\n`);

interface DeviceRow {
  readonly class: string;
  readonly scene?: string;
  readonly owner?: string;
  readonly note?: string;
}

const tablePath = join(scenesRoot, 'devices', 'devices.json');
if (process.env.FOOTLIGHT_GOLDEN_DIR === undefined && only.length === 0 && existsSync(tablePath)) {
  const rows = (JSON.parse(readFileSync(tablePath, 'utf8')) as { devices: DeviceRow[] }).devices;
  const status = (row: DeviceRow): string => {
    if (row.scene === undefined) return 'no scene';
    if (row.scene.endsWith('/')) {
      const owned = [...exactByScene].filter(([s]) => s.startsWith(row.scene as string));
      return owned.length === 0 ? `see ${row.scene}` : `${owned.filter(([, e]) => e).length}/${owned.length} of ${row.scene} exact`;
    }
    const e = exactByScene.get(row.scene);
    return e === undefined ? 'own golden' : e ? 'EXACT' : 'departs';
  };
  process.stdout.write('\nLX 1.2.1 stock devices (test/golden/lx-scenes/devices/devices.json)\n');
  process.stdout.write(`${'class'.padEnd(46)} ${'Footlight'.padEnd(16)} ${'runs'.padEnd(5)} ${'scene'.padEnd(38)} exact\n`);
  for (const row of rows) {
    const entry = registry.byClassName(row.class);
    const runs = entry?.create !== undefined ? 'yes' : 'no';
    const line = `${row.class.padEnd(46)} ${(entry?.name ?? '—').padEnd(16)} ${runs.padEnd(5)} ${(row.scene ?? '—').padEnd(38)} ${status(row)}`;
    process.stdout.write(`${line}${row.note !== undefined && row.scene === undefined ? `  (${row.note})` : ''}\n`);
  }
}
