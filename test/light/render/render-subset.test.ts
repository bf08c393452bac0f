// A render subset (LightShow.setRenderSubset): every LX golden project and the standard workload,
// rendered whole and with several subsets, give the same colors at every subset point, every frame.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { standardWorkload } from '../../../bench/workload.js';
import { Engine } from '../../../src/engine/engine.js';
import { isFootlightError } from '../../../src/engine/errors.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { pointPool } from '../../../src/light/parallel/point-pool.js';
import { renderOffline } from '../../../src/light/render/offline.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { parseLenientJson } from '../../../src/light/show/project/lenient-json.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { readProject } from '../../../src/light/show/project/project-file.js';

const GOLDEN = fileURLToPath(new URL('../../golden/', import.meta.url));
const FRAMES = 40;
const DELTA = 1000 / 60;
const BLACK = 0xff000000;

function projectsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...projectsUnder(path));
    else if (entry.name.endsWith('.lxp')) out.push(path);
  }
  return out.sort();
}

/** A sorted random half of `size` points (a fixed seed: the same half every run). */
function randomHalf(size: number): Int32Array {
  let seed = 0x2545f491;
  const out: number[] = [];
  for (let p = 0; p < size; p++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    if (seed >>> 31 === 1) out.push(p);
  }
  return Int32Array.from(out);
}

const SUBSETS: Record<string, (show: LightShow) => Int32Array> = {
  'a random half': (show) => randomHalf(show.structure.model.size),
  'one fixture': (show) => {
    const n = show.structure.fixtures.length;
    return n === 0 ? new Int32Array(0) : show.fixtureSubset([Math.floor(n / 2)]);
  },
  // The last three quarters: a range off the start of the buffers, large enough for the workload's jobs to use helper threads.
  'a contiguous range': (show) => {
    const size = show.structure.model.size;
    const from = Math.floor(size / 4);
    return Int32Array.from({ length: size - from }, (_, k) => from + k);
  },
  empty: () => new Int32Array(0),
};

interface Source {
  readonly project: unknown;
  readonly media?: ReturnType<typeof mediaResolvers>;
}

function render(source: Source, subset?: (show: LightShow) => Int32Array) {
  return renderOffline(source.project, {
    frames: FRAMES,
    deltaMs: DELTA,
    registry: createLibrary(),
    resolveLxf: source.media?.resolveLxf,
    resolveLxm: source.media?.resolveLxm,
    subset,
  });
}

/** Renders whole and with each subset; every subset point of every frame must match. */
function checkSubsets(name: string, source: Source): void {
  const whole = render(source);
  for (const [label, make] of Object.entries(SUBSETS)) {
    let points: Int32Array = new Int32Array(0);
    const part = render(source, (show) => {
      points = make(show);
      return points;
    });
    assert.equal(part.frames.length, whole.frames.length);
    for (let f = 0; f < whole.frames.length; f++) {
      const a = whole.frames[f].argb;
      const b = part.frames[f].argb;
      for (let k = 0; k < points.length; k++) {
        const p = points[k];
        if (a[p] !== b[p])
          assert.fail(
            `${name}, ${label} (${points.length} of ${a.length} points): frame ${f}, point ${p}: whole ${a[p].toString(16)}, subset ${b[p].toString(16)}`,
          );
      }
    }
  }
}

for (const path of projectsUnder(GOLDEN)) {
  const name = relative(GOLDEN, path);
  test(`${name}: each subset's points equal the whole render's, every frame`, () => {
    const media = existsSync(join(dirname(path), 'media')) ? mediaResolvers(join(dirname(path), 'media')) : undefined;
    checkSubsets(name, { project: parseLenientJson(readFileSync(path, 'utf8'), path), media });
  });
}

for (const threads of [1, 2]) {
  test(`the standard workload (120 × 100 points, ${threads} render thread${threads > 1 ? 's' : ''}): each subset's points equal the whole render's`, (t) => {
    const before = pointPool.threads;
    t.after(() => pointPool.setThreads(before));
    pointPool.setThreads(threads);
    checkSubsets('workload', { project: standardWorkload(120, 100) });
  });
}

/** The workload's grid (12 × 40 points) with one channel: `pattern`, then `effects` on the channel. */
function oneChannel(pattern: string, effects: string[] = [], inRack = false): unknown {
  const project = standardWorkload(12, 40) as { engine: { children: { mixer: Record<string, any> } } };
  const mixer = project.engine.children.mixer;
  mixer.children.master.effects = [];
  const channel = mixer.channels[0];
  const p = { id: 100, class: pattern, parameters: { label: 'P' }, children: {}, deviceVersion: -1, effects: [] };
  const rack = { ...p, id: 101, class: 'heronarts.lx.pattern.PatternRack', parameters: { label: 'Rack' }, patternIndex: 0, patterns: [p] };
  channel.patterns = [inRack ? rack : p];
  // Switched on and at full strength, whatever each class calls its strength.
  const strength = { enabled: true, amount: 1, depth: 1, level: 1 };
  channel.effects = effects.map((cls, k) => ({ id: 200 + k, class: cls, parameters: { label: `E${k}`, ...strength }, children: {}, deviceVersion: -1 }));
  mixer.channels = [channel];
  return project;
}

// Every pattern and effect of the library on its own (the golden projects leave some off): one
// wrongly marked subset-capable shows here even when no golden scene turns it on.
for (const kind of ['pattern', 'effect'] as const) {
  for (const entry of createLibrary().list(kind)) {
    if (entry.create === undefined) continue;
    test(`${kind} ${entry.name} alone: each subset's points equal the whole render's`, () => {
      const noise = 'heronarts.lx.pattern.texture.NoisePattern';
      checkSubsets(`${kind} ${entry.name}`, { project: kind === 'pattern' ? oneChannel(entry.className) : oneChannel(noise, [entry.className]) });
    });
    if (kind === 'pattern' && entry.name !== 'Pattern Rack')
      test(`pattern ${entry.name} in a Pattern Rack: each subset's points equal the whole render's`, () => {
        checkSubsets(`rack of ${entry.name}`, { project: oneChannel(entry.className, [], true) });
      });
  }
}

test('the workload renders only the subset: points outside it stay black, inside they are lit', () => {
  const source = { project: standardWorkload(60, 100) };
  const whole = render(source).frames.at(-1)?.argb as Uint32Array;
  assert.ok(
    whole.some((c) => c !== BLACK),
    'the whole render lights points',
  );
  const range = Int32Array.from({ length: 1000 }, (_, k) => 2000 + k);
  const part = render(source, () => range).frames.at(-1)?.argb as Uint32Array;
  let outsideLit = 0;
  for (let p = 0; p < part.length; p++) if ((p < 2000 || p >= 3000) && part[p] !== BLACK) outsideLit++;
  assert.equal(outsideLit, 0, 'no point outside the subset was computed');
  assert.ok(range.some((p) => part[p] !== BLACK));
  const empty = render(source, () => new Int32Array(0)).frames.at(-1)?.argb as Uint32Array;
  assert.ok(empty.every((c) => c === BLACK));
});

function openWorkload(): LightShow {
  const engine = new Engine();
  const opened = readProject(standardWorkload(10, 20), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  return new LightShow(engine, opened.lx, { renderOnClock: false });
}

test('setRenderSubset takes sorted point indices of the model or null, and refuses anything else unchanged', () => {
  const show = openWorkload();
  assert.equal(show.renderSubset, null);
  show.setRenderSubset(Int32Array.of(0, 5, 199));
  assert.deepEqual(show.renderSubset, Int32Array.of(0, 5, 199));
  const bad: [Int32Array, RegExp][] = [
    [Int32Array.of(5, 0), /strictly ascending/],
    [Int32Array.of(3, 3), /strictly ascending/],
    [Int32Array.of(200), /not a point of a model of 200/],
    [Int32Array.of(-1), /not a point/],
  ];
  for (const [points, message] of bad) {
    assert.throws(
      () => show.setRenderSubset(points),
      (err) => isFootlightError(err) && err.code === 'invalid_argument' && message.test(err.message),
    );
    assert.deepEqual(show.renderSubset, Int32Array.of(0, 5, 199), 'the subset set before is kept');
  }
  show.setRenderSubset(null);
  assert.equal(show.renderSubset, null);
});

test('fixtureSubset: the points of fixtures by label or index, sorted and merged; an unknown fixture is not_found', () => {
  const engine = new Engine();
  const project = standardWorkload(10, 20) as { model: { fixtures: Record<string, unknown>[] } };
  project.model.fixtures.push({ id: 11, class: 'heronarts.lx.structure.StripFixture', parameters: { label: 'Strip', numPoints: 30 } });
  const opened = readProject(project, createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx, { renderOnClock: false });
  assert.equal(show.structure.model.size, 230);
  assert.deepEqual(
    show.fixtureSubset(['Strip']),
    Int32Array.from({ length: 30 }, (_, k) => 200 + k),
  );
  const both = show.fixtureSubset([1, 'Grid', 'Strip']);
  assert.deepEqual(
    both,
    Int32Array.from({ length: 230 }, (_, k) => k),
  );
  assert.deepEqual(show.fixtureSubset([]), new Int32Array(0));
  for (const ref of ['Nope', 2]) {
    assert.throws(
      () => show.fixtureSubset([ref]),
      (err) => isFootlightError(err) && err.code === 'not_found',
    );
  }
});

test("docs/performance.md's device table says which devices render only the subset, as the devices do", () => {
  const doc = readFileSync(fileURLToPath(new URL('../../../docs/performance.md', import.meta.url)), 'utf8');
  const section = doc.slice(doc.indexOf('### Rendering a slice'));
  const rows = new Map<string, string>();
  for (const m of section.matchAll(/^\| ([^|]+?) \| (pattern|effect) \| (subset|whole)\b/gm)) rows.set(`${m[2]} ${m[1]}`, m[3]);
  const library = createLibrary();
  for (const kind of ['pattern', 'effect'] as const) {
    for (const entry of library.list(kind)) {
      if (entry.create === undefined) continue;
      const device = entry.create() as { subsetCapable?: boolean };
      assert.equal(rows.get(`${kind} ${entry.name}`), device.subsetCapable === true ? 'subset' : 'whole', `${kind} ${entry.name}`);
    }
  }
});

/** The workload on a 30 × 200 grid, stepped by hand. */
function steppedWorkload(): { show: LightShow; step: (frames: number) => void } {
  const engine = new Engine();
  const opened = readProject(standardWorkload(30, 200), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  return { show, step: (frames) => engine.clock.stepFixed(frames, DELTA) };
}

test('a subset set after whole frames (a node taking its slice) is exact at once, Blur memory included', () => {
  const whole = steppedWorkload();
  const part = steppedWorkload();
  whole.step(20);
  part.step(20);
  const slice = part.show.fixtureSubset(['Grid']).subarray(1000, 4000);
  part.show.setRenderSubset(slice);
  for (let f = 0; f < 20; f++) {
    whole.step(1);
    part.step(1);
    for (const p of slice) assert.equal(part.show.main[p], whole.show.main[p], `frame ${20 + f}, point ${p}`);
  }
  assert.ok(
    part.show.main.some((c, p) => (p < 1000 || p >= 4000) && c === BLACK),
    'the frames rendered only the slice',
  );
});

test('a model that loses subset points renders whole until it holds them again', () => {
  const { show, step } = steppedWorkload();
  const applied = () => show.mixer.subset?.index ?? null;
  show.setRenderSubset(Int32Array.of(10, 5999));
  step(1);
  assert.deepEqual(applied(), Int32Array.of(10, 5999));
  const grid = show.structure.fixtures.items[0];
  const rows = grid.parameters.get('numRows') as unknown as { setValue(v: number): void };
  rows.setValue(20);
  step(1);
  assert.equal(show.structure.model.size, 4000);
  assert.equal(applied(), null, 'point 5999 is gone: the frame rendered whole');
  assert.deepEqual(show.renderSubset, Int32Array.of(10, 5999), 'the subset asked for is kept');
  rows.setValue(30);
  step(1);
  assert.deepEqual(applied(), Int32Array.of(10, 5999));
});
