// No dead exports in src/: every name a file in src/ exports must be imported by another file in
// src/, bin/, scripts/ or bench/. Tests alone do not keep an export alive: code only tests reach
// is dead code, and a test of it tests nothing the product does. The scan reads the text
// (import and export statements), which is enough for this tree: no `export *`, relative
// specifiers only, namespace imports counted by the members they use (`ns.name`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const SCANNED = ['src', 'bin', 'scripts', 'bench'];

/**
 * Exports kept without an importer in the tree, each with its reason. Keep it tiny: a public
 * entry point or a name another program loads by convention, never "a test uses it".
 */
const ALLOWED: Readonly<Record<string, string>> = {};

/**
 * Known debt, to shrink and never to grow: exports that only tests import, as found when this
 * test was written. The test fails when an entry is no longer exported or gets a real importer,
 * so the lists only get shorter.
 * - TESTED_FROM_OUTSIDE: code the product runs, whose tests reach in directly; un-export each name
 *   once its test goes through the code that uses it.
 * - ONLY_TESTS_RUN: code nothing in the product calls (LX math kept for parity tests, test oracles,
 *   unused helpers); delete it with its tests, or move an oracle into the test that needs it.
 */
const TESTED_FROM_OUTSIDE: Readonly<Record<string, readonly string[]>> = {
  'src/engine/client-json.ts': ['MAX_JSON_DEPTH'],
  'src/http/framing.ts': ['ChunkSizeWatcher'],
  'src/http/server.ts': ['exposureWarning'],
  'src/light/color/blend-kernel.ts': ['ColorBlend', 'blend'],
  'src/light/color/blend-modes.ts': ['ALL_BLENDS'],
  'src/light/color/gradient.ts': ['MAX_GRADIENT_STOPS', 'lerpf'],
  'src/light/color/lx-color.ts': ['alpha', 'hsba', 'rgb', 'rgba', 'rgbf', 'scaleBrightness', 'scaleBrightnessf'],
  'src/light/model/project.ts': ['readProjectStructure'],
  'src/light/math/lfo-math.ts': ['QUADRATIC_EASES', 'rangeClamp', 'rangeNormalized'],
  'src/light/modulation/osc.ts': ['modulatorByOscLabel', 'modulatorOscAddress'],
  'src/light/modulation/trigger-modulation.ts': ['MOMENTARY_TOGGLE_MODES', 'TOGGLE_MODES', 'TOGGLE_MOMENTARY_MODES'],
  'src/light/math/waveshapes.ts': ['DOWN', 'SINE', 'SQUARE', 'TRIANGLE', 'UP', 'WAVESHAPES'],
  'src/light/math/perlin.ts': ['perlinNoise3Batch', 'perlinNoise3Wrap'],
  'src/light/output/gamma.ts': ['gammaValue'],
  'src/light/output/sources.ts': ['gridWiringOrder'],
  'src/light/devices/patterns/form/planes-pattern.ts': ['Plane'],
  'src/light/show/snapshots/snapshot-engine.ts': ['isSnapshotControl'],
  'src/osc/osc-params-route.ts': ['OscAddressEntry'],
  'src/protocol3/client/client.ts': ['Protocol3CommandError', 'Protocol3ConnectError', 'Protocol3NotConnectedError', 'Protocol3TransportError'],
  'src/protocol3/server/commands.ts': ['COMMANDS'],
  'src/protocol3/server/dispatch.ts': ['tokenize'],
  'src/sound/audio/dsp/params.ts': ['MAX_VOICES', 'exp', 'gain'],
  'src/sound/model/project-file.ts': ['PROJECT_DIR', 'STAGING_PREFIX'],
  'src/sound/model/units.ts': ['noteName'],
  'src/mcp/lean-schema.ts': ['listedTool'],
};
const ONLY_TESTS_RUN: Readonly<Record<string, readonly string[]>> = {
  // From the sound split, found when h-floors merged it: product code does not call it.
  'src/sound/operations/project.ts': ['openProject'],
  'src/engine/guards.ts': ['isDigest'],
  'src/light/color/blend-kernel.ts': ['BLEND_ALPHA_HALF', 'addOpaqueFull'],
  'src/light/color/blend-modes.ts': ['isBlendName'],
  'src/light/color/gradient.ts': ['gradientBlendModeOf'],
  'src/light/color/lx-color.ts': ['WHITE', 'blue', 'green', 'red'],
  'src/light/model/project.ts': ['modelFromProject'],
  'src/light/math/java-math.ts': ['javaExp', 'javaLog', 'javaLog10', 'javaTan'],
  'src/light/math/lfo-math.ts': [
    'quadraticEnvelopeInverse',
    'quadraticEnvelopeShape',
    'rangeBasisForValue',
    'sawLfoInverse',
    'sawLfoShape',
    'sinLfoInverse',
    'sinLfoShape',
    'squareLfoInverse',
    'squareLfoShape',
    'triangleLfoInverse',
    'triangleLfoShape',
  ],
  'src/light/modulation/osc.ts': ['modulationOscAddress'],
  'src/light/math/waveshapes.ts': ['waveshapeByName'],
  'src/light/math/perlin.ts': ['perlinNoise3WrapNonPow2'],
  'src/light/devices/patterns/strip/chase-kernel.ts': ['chaseKernelPointByPoint'],
  'src/light/math/pattern-math.ts': ['distf3'],
  'src/light/show/project/project-file.ts': ['saveProjectFile'],
  'src/sound/index.ts': ['readProjectFile'],
  'src/tools/toolsets.ts': ['selectTools'],
};

function walk(dir: string, out: string[]): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return out;
  for (const name of readdirSync(full)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Strips comments (block and line) so commented-out code neither exports nor imports. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in this tree), or undefined. */
function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = relative(ROOT, resolve(join(ROOT, dirname(from)), spec));
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.js`, `${stem}.mjs`, join(base, 'index.ts')]) {
    if (existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile()) return c;
  }
  return undefined;
}

/** Names a file exports (`default` for a default export), re-exports included. */
function exportsOf(text: string): Set<string> {
  const out = new Set<string>();
  const decl =
    /^\s*export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  for (const m of text.matchAll(decl)) out.add(m[1]);
  if (/^\s*export\s+default\b/m.test(text)) out.add('default');
  for (const m of text.matchAll(/^\s*export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) out.add(name);
    }
  }
  return out;
}

/** For each file another file imports from: the names it takes ('*' for all of them). */
function importsOf(file: string, text: string, into: Map<string, Set<string>>): void {
  const take = (spec: string, names: Iterable<string>): void => {
    const target = resolveSpecifier(file, spec);
    if (target === undefined || target === file) return;
    let set = into.get(target);
    if (set === undefined) into.set(target, (set = new Set()));
    for (const n of names) set.add(n);
  };
  const stmt = /\b(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(stmt)) {
    const clause = m[3];
    const spec = m[4];
    if (/[;]/.test(clause) || clause.length > 2000) continue;
    const names: string[] = [];
    const braces = clause.match(/\{([^}]*)\}/);
    if (braces) {
      for (const part of braces[1].split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.push(name);
      }
    }
    const ns = clause.match(/\*\s+as\s+([A-Za-z_$][\w$]*)/);
    if (ns) {
      const used = new Set<string>();
      for (const u of text.matchAll(new RegExp(`\\b${ns[1].replace(/\$/g, '\\$')}\\.([A-Za-z_$][\\w$]*)`, 'g'))) used.add(u[1]);
      names.push(...used);
    } else if (m[1] === 'export' && clause.trim() === '*') names.push('*');
    const head = clause.replace(/\{[^}]*\}/, '').replace(/\*\s+as\s+[\w$]+/, '');
    if (m[1] === 'import' && /^\s*[A-Za-z_$][\w$]*\s*(,|$)/.test(head)) names.push('default');
    take(spec, names);
  }
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) take(m[1], ['*']);
}

test('every export in src/ is imported by another file in src/, bin/, scripts/ or bench/', () => {
  const files = SCANNED.flatMap((d) => walk(d, []));
  const texts = new Map(files.map((f) => [f, code(readFileSync(join(ROOT, f), 'utf8'))]));
  const imported = new Map<string, Set<string>>();
  for (const [f, text] of texts) importsOf(f, text, imported);
  const debt = new Set<string>();
  for (const list of [TESTED_FROM_OUTSIDE, ONLY_TESTS_RUN]) for (const [f, names] of Object.entries(list)) for (const n of names) debt.add(`${f}#${n}`);
  const dead: string[] = [];
  for (const [f, text] of texts) {
    if (!f.startsWith('src/')) continue;
    const used = imported.get(f) ?? new Set<string>();
    if (used.has('*')) continue;
    for (const name of exportsOf(text)) {
      const key = `${f}#${name}`;
      if (!used.has(name) && ALLOWED[key] === undefined && !debt.has(key)) dead.push(key);
    }
  }
  const stale = [...Object.keys(ALLOWED), ...debt].filter((k) => {
    const [f, name] = k.split('#');
    return !texts.has(f) || !exportsOf(texts.get(f)!).has(name) || (imported.get(f)?.has(name) ?? false);
  });
  assert.deepEqual(stale, [], 'allow-list entries that are gone or now imported: remove them');
  assert.deepEqual(dead, [], `${dead.length} exports nothing outside tests imports: remove them or drop the export`);
});
