// The LX round trip, asked of LX 1.2.1 itself (README.md beside this file):
//   golden   every .lxp under test/golden: Footlight opens and saves it, LX renders Footlight's
//            save with GoldenRender, and the sha256 must be the committed frames' (or, for a
//            project committed without frames, that of LX rendering its own file).
//   authored the projects of authored.ts: Footlight builds and saves them into
//            test/golden/lx-round-trip/, LX renders each three times (normal, --jitter, -Xint with
//            StrictMath-style libm) into <name>.frames.json, kept only when the three agree; LX
//            also opens and re-saves each, and the keys it changes are listed.
// Writes test/golden/lx-round-trip/summary.json.
//   LX_BUILD=<dir with classes/, gson.jar, harness/> [JAVA_HOME=<JDK 21+>] \
//     node --import tsx scripts/lx-harness/round-trip/lx-round-trip.ts [golden] [authored]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { GOLDEN_ROOT, goldenProjects } from '../../../test/helpers/golden-projects.js';
import { AUTHORED } from './authored.js';

const BUILD = process.env.LX_BUILD;
if (BUILD === undefined || !existsSync(join(BUILD, 'classes')))
  throw new Error('set LX_BUILD to the shared LX harness build folder (classes/, gson.jar, harness/)');
const JAVA = process.env.JAVA_HOME === undefined ? 'java' : join(process.env.JAVA_HOME, 'bin', 'java');
const CP = [join(BUILD, 'classes'), join(BUILD, 'gson.jar'), join(BUILD, 'harness')].join(':');
const OUT = join(GOLDEN_ROOT, 'lx-round-trip');
const STRICT_MATH = ['-Xint', '-XX:+UnlockDiagnosticVMOptions', '-XX:-UseLibmIntrinsic'];

interface Render {
  readonly sha256: string;
  readonly points: number;
  readonly frames: number;
  readonly lxErrors: number;
}

/** Runs one harness class from a fresh folder (LX writes .lxpreferences and Projects/ there), with a copy of the media folder. */
function java(args: readonly string[], media: string | undefined, jvm: readonly string[] = []): { stdout: string; stderr: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lx-round-trip-'));
  const full = [...jvm, '-cp', CP, ...args];
  if (media !== undefined) {
    cpSync(media, join(dir, 'media'), { recursive: true });
    if (args[0] === 'GoldenRender') full.push('--media');
    full.push(join(dir, 'media'));
  }
  const r = spawnSync(JAVA, full, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${args[0]} failed (${r.status}): ${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr, dir };
}

/** GoldenRender of a project: its sha256 line, the frames file left at `out` when given. */
function render(
  lxp: string,
  media: string | undefined,
  frames: number,
  every: number,
  opts: { out?: string; jvm?: readonly string[]; jitter?: boolean; notes?: string } = {},
): Render {
  const args = ['GoldenRender', '--lxp', lxp, '--frames', String(frames), '--every', String(every)];
  if (opts.out !== undefined) args.push('--out', opts.out);
  if (opts.jitter === true) args.push('--jitter');
  let notesDir: string | undefined;
  if (opts.notes !== undefined) {
    notesDir = mkdtempSync(join(tmpdir(), 'lx-round-trip-notes-'));
    writeFileSync(join(notesDir, 'notes.txt'), opts.notes);
    args.push('--notes-file', join(notesDir, 'notes.txt'));
  }
  const { stdout, dir } = java(args, media, opts.jvm);
  rmSync(dir, { recursive: true, force: true });
  if (notesDir !== undefined) rmSync(notesDir, { recursive: true, force: true });
  const m = /sha256 ([0-9a-f]{64}) points (\d+) frames (\d+) errors (\d+)/.exec(stdout);
  if (m === null) throw new Error(`GoldenRender printed no sha256: ${stdout}`);
  return { sha256: m[1], points: Number(m[2]), frames: Number(m[3]), lxErrors: Number(m[4]) };
}

/** Opens a project into a Footlight show and saves it, as `footlight serve` and the console do. */
async function footlightSave(source: string, media: string, out: string): Promise<readonly string[]> {
  const show = await LightShow.open(new Engine(), source, { media, renderOnClock: false });
  await show.saveProject(out);
  return show.warnings;
}

function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * How LX's save of a file differs from the file: keys it added (its defaults for what Footlight
 * leaves unsaid), ids it renumbered (a fresh LX's own components hold the file's ids, so it maps
 * them), and values it dropped or changed otherwise.
 */
interface Resave {
  added: number;
  renumbered: number;
  dropped: string[];
  changed: string[];
}

/** Keys that hold a component id (its own, or a reference to one). */
const ID_KEYS = new Set(['id', 'componentId', 'patternId']);

function compareResave(a: unknown, b: unknown, path: string, out: Resave): Resave {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    if (Object.is(a, b) || path === '/timestamp') return out;
    const key = path.slice(path.lastIndexOf('/') + 1);
    if (a === undefined) out.added++;
    else if (b === undefined) out.dropped.push(path);
    else if (ID_KEYS.has(key)) out.renumbered++;
    else out.changed.push(`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
    return out;
  }
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
    compareResave((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`, out);
  return out;
}

const previous = existsSync(join(OUT, 'summary.json')) ? (JSON.parse(readFileSync(join(OUT, 'summary.json'), 'utf8')) as Record<string, unknown>) : {};
const modes = process.argv.slice(2);
const run = (mode: string): boolean => modes.length === 0 || modes.includes(mode);
const work = mkdtempSync(join(tmpdir(), 'lx-round-trip-work-'));
mkdirSync(OUT, { recursive: true });
let failures = 0;

try {
  // ---- authored: Footlight's own projects, LX's frames of them committed -----------------------
  const authored = run('authored') ? [] : ((previous.authored as unknown[]) ?? []);
  if (run('authored')) {
    for (const a of AUTHORED) {
      const show = a.build();
      const saved = join(work, `${a.name}.lxp`);
      await show.saveProject(saved);
      // Committed with timestamp 0 so a re-run rewrites the same file (LX rewrites it on every save anyway).
      const json = JSON.parse(readFileSync(saved, 'utf8')) as Record<string, unknown>;
      json.timestamp = 0;
      const lxp = join(OUT, `${a.name}.lxp`);
      writeFileSync(lxp, `${JSON.stringify(json, null, 2)}\n`);
      const notes =
        `${a.covers} | authored and saved by Footlight (scripts/lx-harness/round-trip/authored.ts), opened and rendered by LX 1.2.1; ` +
        'three renders (normal, --jitter, -Xint without libm intrinsics) agree';
      const frames = join(OUT, `${a.name}.frames.json`);
      const runs = [
        render(lxp, undefined, 121, a.every, { out: frames, notes }),
        render(lxp, undefined, 121, a.every, { jitter: true }),
        render(lxp, undefined, 121, a.every, { jvm: STRICT_MATH }),
      ];
      const agree = runs.every((r) => r.sha256 === runs[0].sha256) && runs[0].lxErrors === 0;
      if (!agree) {
        failures++;
        rmSync(frames, { force: true });
      }
      // LX opens Footlight's file and saves it: which keys does it not keep?
      const resaved = join(work, `${a.name}.lx.lxp`);
      rmSync(java(['SaveAfter', lxp, resaved, '0'], undefined).dir, { recursive: true, force: true });
      const lxJson = JSON.parse(readFileSync(resaved, 'utf8')) as Record<string, unknown>;
      const lxResave = compareResave(json, lxJson, '', { added: 0, renumbered: 0, dropped: [], changed: [] });
      authored.push({ name: a.name, covers: a.covers, points: runs[0].points, frames: runs[0].frames, sha256: runs.map((r) => r.sha256), agree, lxResave });
      const { added, renumbered, dropped, changed } = lxResave;
      process.stdout.write(`${a.name}: ${runs.map((r) => r.sha256.slice(0, 12)).join(' ')} ${agree ? 'agree' : 'DISAGREE'}; LX re-save: `);
      process.stdout.write(`${added} keys added, ${renumbered} ids renumbered, dropped ${JSON.stringify(dropped)}, changed ${JSON.stringify(changed)}\n`);
    }
  }

  // ---- golden: every project under test/golden, saved by Footlight, rendered by LX ------------
  const golden = run('golden') ? [] : ((previous.golden as unknown[]) ?? []);
  if (run('golden')) {
    for (const p of goldenProjects()) {
      const saved = join(work, 'footlight.lxp');
      const warnings = await footlightSave(p.path, p.media, saved);
      const media = existsSync(join(p.media, 'Fixtures')) || existsSync(join(p.media, 'Models')) ? p.media : undefined;
      let reference: { from: string; sha256: string; frames: number; every: number };
      if (p.frames !== undefined) {
        const f = JSON.parse(readFileSync(p.frames, 'utf8')) as { sha256: string; frameCount: number; frameStep: number };
        reference = { from: 'committed frames', sha256: f.sha256, frames: f.frameCount, every: f.frameStep };
      } else {
        const own = render(p.path, media, 121, 1);
        reference = { from: "LX's render of its own file", sha256: own.sha256, frames: 121, every: 1 };
      }
      const lx = render(saved, media, reference.frames, reference.every);
      const equal = lx.sha256 === reference.sha256 && lx.lxErrors === 0;
      if (!equal) failures++;
      golden.push({
        project: p.name,
        projectSha256: sha256File(p.path),
        reference: reference.from,
        frames: reference.frames,
        every: reference.every,
        points: lx.points,
        expected: reference.sha256,
        lxOfFootlightSave: lx.sha256,
        lxErrors: lx.lxErrors,
        footlightWarnings: warnings.length,
        equal,
      });
      process.stdout.write(`${p.name.padEnd(44)} ${equal ? 'EQUAL' : 'DIFFERS'} ${lx.sha256.slice(0, 16)} (${reference.from})\n`);
    }
  }

  const summary = {
    about:
      'LX 1.2.1 (b7c10b3c) rendering projects Footlight saved: golden = every .lxp under test/golden opened and saved by Footlight, ' +
      'rendered by GoldenRender, against the committed frames (or LX rendering its own file); authored = projects Footlight built, ' +
      'three LX renders each (frames committed beside them). Written by scripts/lx-harness/round-trip/lx-round-trip.ts.',
    golden,
    authored,
  };
  writeFileSync(join(OUT, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`${golden.length} golden projects, ${authored.length} authored; ${failures} failures\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failures === 0 ? 0 : 1;
