import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, dirname, resolve } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  if (/\.(ts|tsx)$/.test(dir)) return [dir];
  let entries;
  try {
    entries = await readdir(join(ROOT, dir), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else if (/\.(ts|tsx)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Every relative import of a file, resolved to a path from the project root (specifier as written: `.js` for a `.ts` file). */
async function imports(file: string): Promise<string[]> {
  const text = await readFile(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    // A `.js` specifier names the `.ts` source beside it.
    out.push(relative(ROOT, resolve(join(ROOT, dirname(file)), m[1])).replace(/\.js$/, '.ts'));
  }
  return out;
}

async function assertNoImports(from: string, forbidden: string[]): Promise<void> {
  for (const file of await files(from)) {
    for (const target of await imports(file)) {
      for (const f of forbidden) assert.ok(!target.startsWith(`${f}/`) && target !== f, `${file} imports ${target}: ${from} must not depend on ${f}`);
    }
  }
}

/** Every relative import of every file under `from` lands inside one of `allowed` (folders or files). */
async function assertOnlyImports(from: string, allowed: string[]): Promise<void> {
  const list = await files(from);
  assert.ok(list.length > 0, `${from} holds no source: update this test for the new place`);
  for (const file of list) {
    for (const target of await imports(file)) {
      const ok = allowed.some((a) => target === a || target.startsWith(`${a}/`));
      assert.ok(ok, `${file} imports ${target}: ${from} may import only ${allowed.join(', ')}`);
    }
  }
}

/**
 * What the light wing may import from src/app: atomic writes (saves), and the one reader of files
 * people put in the media folder (regular files inside it, bounded: issue #26), so a fixture or
 * model file is read the same way by every part of the show.
 */
const LIGHT_USES_OF_APP: readonly string[] = ['src/app/atomic-write.ts', 'src/app/regular-file.ts'];

// ---- Floors of the house -----------------------------------------------------------------------
//
// Each folder of src/ (protocol 3 split into its client side and its server) is a room on a floor;
// a file imports its own room and lower floors only, and rooms on one line are siblings.
// docs/architecture.md draws the map; the rules above say more about some rooms.
const HOUSE_FLOORS: readonly (readonly string[])[] = [
  ['net', 'protocol3/shared'], // HTTP helpers; protocol 3's commands, reply schemas, wire rules and client: nothing of Footlight's
  ['engine'], // the kernel: graph, parameters, history, queue, clock, errors
  ['app'], // home folder, config, status file, atomic writes
  ['light', 'sound'], // the two wings
  ['show', 'sound-client', 'protocol3/server'], // light with sound; the sound tools' client application; protocol 3's host side
  ['tools'], // the tool catalog and its one call path
  ['mcp', 'console', 'osc', 'midi', 'cluster'], // the surfaces (a cluster's render node replays the leader's calls)
  ['http'], // the one HTTP server that mounts them
  ['main.ts'], // startFootlight: wires it all
  ['cli'], // the command line
];

function houseRoom(file: string): { readonly floor: number; readonly room: string } {
  const rest = file.slice('src/'.length);
  const room = rest.startsWith('protocol3/server/') ? 'protocol3/server' : rest.startsWith('protocol3/') ? 'protocol3/shared' : rest.split('/')[0];
  const floor = HOUSE_FLOORS.findIndex((names) => names.includes(room));
  assert.ok(floor >= 0, `${file}: src/${room} is on no floor; place it in HOUSE_FLOORS (test/layers.test.ts) and docs/architecture.md`);
  return { floor, room };
}

/** Why `from` may not import `to` (both in src/), or undefined when the import points down or stays in its room. */
function houseUpward(from: string, to: string): string | undefined {
  const a = houseRoom(from);
  const b = houseRoom(to);
  if (a.room === b.room || b.floor < a.floor) return undefined;
  return b.floor === a.floor ? `${a.room} and ${b.room} are siblings` : `${b.room} is above ${a.room}`;
}

test('house floors: every file in src/ imports only its own room and lower floors', async () => {
  const found: string[] = [];
  for (const file of await files('src')) {
    for (const target of await imports(file)) {
      if (!target.startsWith('src/')) continue;
      const why = houseUpward(file, target);
      if (why !== undefined) found.push(`${file} imports ${target}: ${why}`);
    }
  }
  assert.deepEqual(found, [], 'imports that run up the floors of the house');
});

test('house floors: the rule catches an upward import and a sibling import', () => {
  assert.match(houseUpward('src/app/config.ts', 'src/light/parallel/point-pool.ts') ?? '', /light is above app/);
  assert.match(houseUpward('src/light/x.ts', 'src/sound/y.ts') ?? '', /siblings/);
  assert.match(houseUpward('src/protocol3/client/client.ts', 'src/protocol3/server/server.ts') ?? '', /protocol3\/server is above protocol3\/shared/);
  assert.equal(houseUpward('src/sound-client/connection.ts', 'src/protocol3/wire.ts'), undefined);
});

test('imports point downward', async () => {
  await assertNoImports('src/engine', [
    'src/light',
    'src/show',
    'src/sound',
    'src/tools',
    'src/mcp',
    'src/http',
    'src/protocol3',
    'src/osc',
    'src/console',
    'src/cli',
    'src/app',
    'src/sound-client',
  ]);
  await assertNoImports('src/light', [
    'src/sound',
    'src/show',
    'src/tools',
    'src/mcp',
    'src/http',
    'src/protocol3',
    'src/console',
    'src/cli',
    'src/sound-client',
  ]);
  await assertNoImports('src/sound', [
    'src/light',
    'src/show',
    'src/tools',
    'src/mcp',
    'src/http',
    'src/osc',
    'src/console',
    'src/cli',
    'src/app',
    'src/sound-client',
  ]);
  // src/app (home, config, status file, atomic writes) is below both wings and imports only the kernel; the
  // light wing may take from it only what is listed here (its project and show files are written atomically).
  await assertOnlyImports('src/app', ['src/app', 'src/engine']);
  for (const file of await files('src/light'))
    for (const target of await imports(file))
      if (target.startsWith('src/app/'))
        assert.ok(LIGHT_USES_OF_APP.includes(target), `${file} imports ${target}: light may use only ${LIGHT_USES_OF_APP.join(', ')} of src/app`);
  await assertNoImports('src/tools', ['src/mcp', 'src/http', 'src/console', 'src/cli']);
  // The console runs tools through the registry's one call path (src/tools/invoke.ts), never through MCP.
  await assertNoImports('src/console', ['src/mcp', 'src/osc', 'src/cli']);
  await assertNoImports('src/osc', ['src/mcp', 'src/console', 'src/cli', 'src/app']);
  // The sound tools reach the host only through protocol 3: its client, never the host or the server.
  await assertNoImports('src/tools/sound', ['src/sound', 'src/protocol3/server']);
  // The audio engine is a floor under the host: the kernel and the sound model only (SOUND_FLOORS orders the wing).
  await assertNoImports('src/sound/audio', ['src/light', 'src/tools', 'src/mcp', 'src/http', 'src/protocol3', 'src/osc', 'src/console', 'src/cli', 'src/app']);
  // Shared HTTP helpers (Host/Origin guard, bounded bodies, JSON replies, route types): a floor
  // below every surface, importing nothing of Footlight's; the surfaces never import the server.
  await assertNoImports('src/net', [
    'src/engine',
    'src/light',
    'src/show',
    'src/sound',
    'src/tools',
    'src/mcp',
    'src/http',
    'src/protocol3',
    'src/osc',
    'src/console',
    'src/cli',
    'src/app',
    'src/main.ts',
  ]);
  for (const surface of ['src/mcp', 'src/console', 'src/osc', 'src/protocol3']) await assertNoImports(surface, ['src/http']);
  // The sound tools' client application (src/sound-client: connection, confirmations, sessions, the song-plan
  // compiler): the kernel's plain parts and the protocol-3 client only.
  await assertOnlyImports('src/sound-client', ['src/engine', 'src/protocol3/client', 'src/protocol3/wire.ts', 'src/protocol3/replies', 'src/sound-client']);
  // Protocol 3 is split: the client imports nothing of the server (or of the host), so it drives any protocol-3 host.
  await assertOnlyImports('src/protocol3/client', ['src/protocol3/client', 'src/protocol3/wire.ts', 'src/protocol3/replies']);
  await assertOnlyImports('src/protocol3/wire.ts', ['src/protocol3/replies']);
  // The command table and its reply schemas, shared by the host's side and the client's: nothing else of Footlight's.
  await assertOnlyImports('src/protocol3/replies', ['src/protocol3/replies']);
  // The sound host returns the replies protocol 3 declares: of src/protocol3 it imports those schemas' types only.
  for (const file of await files('src/sound'))
    for (const target of await imports(file))
      if (target.startsWith('src/protocol3/'))
        assert.ok(target.startsWith('src/protocol3/replies/'), `${file} imports ${target}: the sound host may use only src/protocol3/replies`);
  await assertNoImports('src/protocol3/server', ['src/protocol3/client', 'src/tools', 'src/mcp', 'src/console', 'src/cli', 'src/light']);
});

test('the DSP runs anywhere: src/sound/audio/dsp imports only itself, no Node or package modules', async () => {
  for (const file of await files('src/sound/audio/dsp')) {
    const text = await readFile(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1];
      assert.ok(spec.startsWith('./'), `${file} imports ${spec}: the DSP must run in an AudioWorklet (relative imports inside dsp/ only)`);
    }
    assert.doesNotMatch(
      text,
      /\b(process\.|Buffer\.|require\(|Date\.now|new Date|Math\.random|setTimeout|setInterval|performance\.)/,
      `${file} uses a Node API, the wall clock or unseeded randomness`,
    );
  }
});

// ---- Floors inside the light wing --------------------------------------------------------------
//
// Each folder of src/light is a floor; a file imports its own folder and lower floors only. Folders
// on one line are siblings: neither imports the other. Files directly in src/light sit on top (the
// wing's entry points for the surfaces) and no floor imports them. docs/architecture.md draws the map.
const LIGHT_FLOORS: readonly (readonly string[])[] = [
  ['math'], // Java float math, pattern math, wave shapes, Perlin noise: numbers only
  ['parallel'], // point jobs on helper threads; kernels are handed in, never imported
  ['color'], // LX colors, gradients, the blend kernels and blend tables
  ['model'], // points, fixtures' geometry, matrices
  ['stage'], // stage (DMX) fixtures: profiles and their library, the moving-head aim solver; above the model's axes
  ['component'], // LXComponent, the device registry, the saved-file shapes, placeholders
  ['structure', 'tempo', 'palette', 'dmx', 'midi'], // dmx: the DMX input the DMX devices read (LX's LXDmxEngine); midi: LX's MIDI model
  ['modulation'],
  ['audio'], // LX's audio modulators (band filter, sound objects)
  ['devices'], // patterns and effects, below: DEVICE_FLOORS
  ['clips'],
  ['mixer'],
  ['show'], // the light show, the engine root, snapshots, project files, path resolution
  ['operations', 'render', 'docs'],
  ['output', 'input'], // the LED outputs and the DMX receivers: the wing's network I/O, each with its own thread
];
/** Inside devices/: shared helpers, then effects, then patterns (a pattern holds effects), then the catalog; files in devices/ itself on top. */
const DEVICE_FLOORS: readonly string[] = ['shared', 'effects', 'patterns', 'library'];

interface Place {
  readonly floor: number;
  readonly folder: string;
  readonly inner: number;
  readonly innerFolder: string;
}

function lightPlace(file: string): Place {
  const parts = file.slice('src/light/'.length).split('/');
  if (parts.length === 1) return { floor: LIGHT_FLOORS.length, folder: '', inner: 0, innerFolder: '' };
  const floor = LIGHT_FLOORS.findIndex((names) => names.includes(parts[0]));
  assert.ok(floor >= 0, `${file}: src/light/${parts[0]} is on no floor; place it in LIGHT_FLOORS (test/layers.test.ts) and docs/architecture.md`);
  if (parts[0] !== 'devices') return { floor, folder: parts[0], inner: 0, innerFolder: '' };
  if (parts.length === 2) return { floor, folder: 'devices', inner: DEVICE_FLOORS.length, innerFolder: '' };
  const inner = DEVICE_FLOORS.indexOf(parts[1]);
  assert.ok(inner >= 0, `${file}: devices/${parts[1]} is on no device floor; place it in DEVICE_FLOORS`);
  return { floor, folder: 'devices', inner, innerFolder: parts[1] };
}

/** Why `from` may not import `to`, or undefined when the import points down (or stays in its folder). */
function upward(from: string, to: string): string | undefined {
  const a = lightPlace(from);
  const b = lightPlace(to);
  if (a.folder === b.folder) {
    if (a.folder !== 'devices' || a.innerFolder === b.innerFolder || b.inner < a.inner) return undefined;
    return `devices/${b.innerFolder || '.'} is not below devices/${a.innerFolder || '.'}`;
  }
  if (b.floor < a.floor) return undefined;
  if (b.folder === '') return 'files in src/light itself sit on top: no floor imports them';
  return b.floor === a.floor ? `${a.folder} and ${b.folder} are siblings` : `${b.folder} is above ${a.folder}`;
}

test('light floors: every file in src/light imports only its own folder and lower floors', async () => {
  const found: string[] = [];
  for (const file of await files('src/light')) {
    for (const target of await imports(file)) {
      if (!target.startsWith('src/light/')) continue;
      const why = upward(file, target);
      if (why !== undefined) found.push(`${file} imports ${target}: ${why}`);
    }
  }
  assert.deepEqual(found, [], 'imports that run up the light floors');
});

test('light floors: the rule catches an upward import and a sibling import', () => {
  assert.match(upward('src/light/color/gradient.ts', 'src/light/parallel/point-pool.ts') ?? '', /^$/); // parallel is below color
  assert.match(upward('src/light/parallel/point-pool.ts', 'src/light/devices/point-kernels.ts') ?? '', /devices is above parallel/);
  assert.match(upward('src/light/tempo/tempo.ts', 'src/light/palette/palette.ts') ?? '', /siblings/);
  assert.match(upward('src/light/devices/effects/x.ts', 'src/light/devices/patterns/y.ts') ?? '', /not below/);
  assert.match(upward('src/light/output/x.ts', 'src/light/frame-view.ts') ?? '', /sit on top/);
  assert.equal(upward('src/light/devices/patterns/color/x.ts', 'src/light/devices/shared/y.ts'), undefined);
});

// ---- Floors inside the sound wing --------------------------------------------------------------
//
// As in the light wing: each folder of src/sound is a floor (audio/dsp one of its own, below
// everything); a file imports its own folder and lower floors only; folders on one line are
// siblings. Files directly in src/sound (index.ts, the demo project it opens) sit on top.
const SOUND_FLOORS: readonly (readonly string[])[] = [
  ['audio/dsp'], // the device DSP: runs anywhere (Node, a worker, an AudioWorklet), imports only itself
  ['model'], // the document: catalog, units, components, undoable commands, payloads, MIDI, project files
  ['samples'], // the granted sample folder and its decoded samples (decoders are packages: off the DSP floor)
  ['audio'], // the render plan, offline renders, WAV, loudness
  ['host'], // the host: selection, transport, the song's runtime state, the project token
  ['operations', 'live'], // the verbs (free functions over the host, one file per area); live playback in a worker
  ['listen'], // song-listen: offline and live analysis in a worker
];

function soundPlace(file: string): { readonly floor: number; readonly folder: string } {
  const rest = file.slice('src/sound/'.length);
  if (!rest.includes('/')) return { floor: SOUND_FLOORS.length, folder: '' };
  const folder = rest.startsWith('audio/dsp/') ? 'audio/dsp' : rest.split('/')[0];
  const floor = SOUND_FLOORS.findIndex((names) => names.includes(folder));
  assert.ok(floor >= 0, `${file}: src/sound/${folder} is on no floor; place it in SOUND_FLOORS (test/layers.test.ts) and docs/architecture.md`);
  return { floor, folder };
}

/** Why `from` may not import `to` (both in src/sound), or undefined when the import points down or stays in its folder. */
function soundUpward(from: string, to: string): string | undefined {
  const a = soundPlace(from);
  const b = soundPlace(to);
  if (a.folder === b.folder || b.floor < a.floor) return undefined;
  if (b.folder === '') return 'files in src/sound itself sit on top: no floor imports them';
  return b.floor === a.floor ? `${a.folder} and ${b.folder} are siblings` : `${b.folder} is above ${a.folder}`;
}

test('sound floors: every file in src/sound imports only its own folder and lower floors', async () => {
  const found: string[] = [];
  for (const file of await files('src/sound')) {
    for (const target of await imports(file)) {
      if (!target.startsWith('src/sound/')) continue;
      const why = soundUpward(file, target);
      if (why !== undefined) found.push(`${file} imports ${target}: ${why}`);
    }
  }
  assert.deepEqual(found, [], 'imports that run up the sound floors');
});

test('sound floors: the rule catches an upward import, a sibling import and an import of the top', () => {
  assert.equal(soundUpward('src/sound/host/host.ts', 'src/sound/model/components.ts'), undefined);
  assert.equal(soundUpward('src/sound/model/catalog.ts', 'src/sound/audio/dsp/reverb.ts'), undefined); // dsp is below the model
  assert.match(soundUpward('src/sound/audio/dsp/engine.ts', 'src/sound/model/units.ts') ?? '', /model is above audio\/dsp/);
  assert.match(soundUpward('src/sound/host/host.ts', 'src/sound/operations/song.ts') ?? '', /operations is above host/);
  assert.match(soundUpward('src/sound/live/player.ts', 'src/sound/operations/core.ts') ?? '', /siblings/);
  assert.match(soundUpward('src/sound/listen/listen.ts', 'src/sound/demo.ts') ?? '', /sit on top/);
});

// ---- No import cycles --------------------------------------------------------------------------

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** The relative import graph of src/ (type-only imports and re-exports included), file → files. */
async function importGraph(): Promise<Map<string, { readonly to: string; readonly typeOnly: boolean }[]>> {
  const all = (await files('src')).filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'));
  for (const e of await readdir(join(ROOT, 'src/light/parallel'))) if (e.endsWith('.mjs')) all.push(`src/light/parallel/${e}`);
  const known = new Set(all);
  const graph = new Map<string, { to: string; typeOnly: boolean }[]>();
  for (const file of all) {
    const text = await readFile(join(ROOT, file), 'utf8');
    const edges: { to: string; typeOnly: boolean }[] = [];
    const re = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;
    for (const m of text.matchAll(re)) {
      const spec = m[2] ?? m[3];
      const raw = relative(ROOT, resolve(join(ROOT, dirname(file)), spec));
      const to = [raw, raw.replace(/\.js$/, '.ts'), raw.replace(/\.js$/, '.tsx'), raw.replace(/\.mjs$/, '.mts')].find((c) => known.has(c));
      if (to !== undefined) edges.push({ to, typeOnly: m[1] !== undefined });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): the import cycles (Tarjan). */
function cycles(graph: ReadonlyMap<string, readonly { readonly to: string; readonly typeOnly: boolean }[]>, valuesOnly: boolean): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const { to, typeOnly } of graph.get(v) ?? []) {
      if (valuesOnly && typeOnly) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v) as number, index.get(to) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (graph.get(v) ?? []).some((e) => e.to === v)) found.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((x, y) => x[0].localeCompare(y[0]));
}

/**
 * Cycles that remain through type-only imports, outside the light wing, each to be removed by the
 * work that owns its files (issue #19). The list may only shrink: a new cycle, or a file joining
 * one of these, fails.
 */
const KNOWN_TYPE_CYCLES: readonly (readonly string[])[] = [
  // A component's parameters name their owner, the graph its components: the kernel's core types refer to each other.
  [
    'src/engine/component.ts',
    'src/engine/graph.ts',
    'src/engine/parameters/bounded.ts',
    'src/engine/parameters/numeric.ts',
    'src/engine/parameters/parameter.ts',
    'src/engine/parameters/recording.ts',
    'src/engine/parameters/string.ts',
  ],
  // The tool context names defineTool's types and defineTool the context (the invoke path reworks both).
  ['src/tools/context.ts', 'src/tools/define-tool.ts'],
];

test('no import cycles: none at run time anywhere in src/, none at all in either wing, and the known type-only ones only shrink', async () => {
  const graph = await importGraph();
  assert.deepEqual(cycles(graph, true), [], 'cycles through value imports (module load order)');
  const all = cycles(graph, false);
  assert.deepEqual(
    all.filter((c) => c.some((f) => f.startsWith('src/light/') || f.startsWith('src/sound/'))),
    [],
    'cycles in the light or sound wing (type-only imports included)',
  );
  for (const c of all) {
    assert.ok(
      KNOWN_TYPE_CYCLES.some((k) => c.every((f) => k.includes(f))),
      `a new import cycle (type-only imports included): ${c.join(' → ')}`,
    );
  }
});

test('the cycle finder finds a cycle of two, a self-import and a longer ring, and ignores type edges when asked', () => {
  const g = new Map([
    ['a', [{ to: 'b', typeOnly: false }]],
    ['b', [{ to: 'a', typeOnly: true }]],
    ['c', [{ to: 'c', typeOnly: false }]],
    ['d', [{ to: 'e', typeOnly: false }]],
    ['e', [{ to: 'f', typeOnly: false }]],
    ['f', [{ to: 'd', typeOnly: false }]],
    ['g', [{ to: 'a', typeOnly: false }]],
  ]);
  assert.deepEqual(cycles(g, false), [['a', 'b'], ['c'], ['d', 'e', 'f']]);
  assert.deepEqual(cycles(g, true), [['c'], ['d', 'e', 'f']]);
});
