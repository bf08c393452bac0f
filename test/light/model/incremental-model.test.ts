// A model rebuilt fixture by fixture (add, insert, edit, move, remove, undo) is the model built
// in one go, bit for bit: every point field, the node tree, the bounds, and the frames rendered
// over it. Structure.rebuild hands the previous model to buildModel, which copies unchanged
// fixtures' points instead of placing them again (issue #33).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../../src/engine/engine.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { type FixtureGeometry, type Model, type ModelNode, type NormalizationSettings, buildModel } from '../../../src/light/model/index.js';
import { arcFixture } from '../../../src/light/model/arc-fixture.js';
import { gridFixture } from '../../../src/light/model/grid-fixture.js';
import { pointFixture } from '../../../src/light/model/point-fixture.js';
import { stripFixture } from '../../../src/light/model/strip-fixture.js';
import { sharing } from '../../../src/light/parallel/shared-arrays.js';
import { addFixture, moveFixture, removeFixture, setFixtureParams } from '../../../src/light/operations/fixtures.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { readProject } from '../../../src/light/show/project/project-file.js';
import { standardWorkload } from '../../../bench/workload.js';

type Json = Record<string, unknown>;
/** JSON fixtures with components, sub-fixtures and expressions (the LX golden scenes' media folder). */
const MEDIA = mediaResolvers(fileURLToPath(new URL('../../golden/lx-scenes/fixtures/media/', import.meta.url)));
const origin = { surface: 'mcp', session: '6f1c2a9e-5d1b-4c1e-9f0a-1b2c3d4e5f60', client: 'test' } as const;
const FIELDS = [
  'index',
  'x',
  'y',
  'z',
  'r',
  'rxy',
  'rxz',
  'theta',
  'azimuth',
  'elevation',
  'xn',
  'yn',
  'zn',
  'rn',
  'rc',
  'rcn',
  'xnormal',
  'ynormal',
  'znormal',
] as const;

/**
 * The standard workload over `fixtures`, without its Blur: the blur feeds back the frame before,
 * so frames rendered over a model that changed since would differ from a fresh show's however
 * the model was built (noise, gradient, planes, chase and the LFO depend on the frame alone).
 */
function open(fixtures: unknown[]): LightShow {
  const project = standardWorkload(1, 1) as { model: { fixtures: unknown[] }; engine: { children: { mixer: { children: { master: Json } } } } };
  project.model.fixtures = fixtures;
  project.engine.children.mixer.children.master.effects = [];
  const engine = new Engine();
  const opened = readProject(project, createLibrary(), { resolveLxf: MEDIA.resolveLxf });
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  show.structure.resolveLxf = MEDIA.resolveLxf;
  return show;
}

function node(n: ModelNode): unknown {
  return { kind: n.kind, tags: n.tags, path: n.path, points: Array.from(n.points), bounds: n.bounds, children: n.children.map(node) };
}

/** Everything of a model, as plain values (typed arrays compared element by element with Object.is). */
function picture(m: Model): unknown {
  const points = Object.fromEntries(FIELDS.map((k) => [k, Array.from(m.points[k])]));
  return {
    size: m.size,
    points,
    pointFixture: Array.from(m.pointFixture),
    bounds: m.bounds,
    normalization: m.normalization,
    centerRadius: m.centerRadius,
    root: node(m.root),
    sub: ['strip', 'row', 'column', 'grid'].map((t) => m.root.sub(t).map((n) => n.path)),
  };
}

/** SHA-256 of each of `frames` frames. */
function frames(show: LightShow, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    show.engine.clock.stepFixed(1, 1000 / 60);
    out.push(createHash('sha256').update(show.main).digest('hex'));
  }
  return out;
}

/**
 * Opens the fixtures `show` holds now as a project in one go, brings it to the show's frame, and
 * checks that the model and the next frames are the same.
 */
function assertSameAsOpenedAtOnce(show: LightShow, what: string): void {
  const once = open(show.structure.fixtures.items.map((f) => f.save()));
  // The same clock: the show has rendered frames before (noise, chase and the LFO move with time).
  for (let i = 0; i < show.frameCount; i++) once.engine.clock.stepFixed(1, 1000 / 60);
  assert.deepStrictEqual(picture(show.structure.model), picture(once.structure.model), `${what}: the model`);
  assert.deepStrictEqual(frames(show, 3), frames(once, 3), `${what}: the frames`);
}

const GRID = { numRows: 6, numColumns: 7, rowSpacing: 3, columnSpacing: 4 };

test('fixtures added one by one give the model and frames of the same fixtures opened at once', () => {
  const show = open([]);
  for (let i = 0; i < 12; i++) {
    // Some inside the bounds so far, some growing them (every point's normalization changes).
    const x = i % 3 === 0 ? 5 : i * 40;
    addFixture(show, { className: 'Grid', label: `Grid ${i}`, params: { ...GRID, x, y: (i % 4) * 7, z: i % 2 } }, origin);
  }
  addFixture(show, { className: 'Strip', params: { numPoints: 30, spacing: 2, y: -20, yaw: 30 } }, origin);
  addFixture(show, { className: 'Arc', params: { numPoints: 17, radius: 40, degrees: 200 } }, origin);
  addFixture(show, { className: 'Spiral', index: 0, params: { numPoints: 25 } }, origin);
  addFixture(show, { className: 'Point', index: 7, params: { x: -30, y: 90, z: 4 } }, origin);
  addFixture(show, { className: 'Grid', label: 'Off', index: 3, params: { ...GRID, deactivate: true } }, origin);
  addFixture(show, { type: 'fixt/Panel', index: 5, params: { x: 60, y: -40 } }, origin);
  addFixture(show, { type: 'fixt/Edge', params: { z: 12 } }, origin);
  assert.equal(show.structure.fixtures.length, 19);
  // The fixtures before an added one are not placed again: their nodes keep their index arrays.
  const before = show.structure.model;
  addFixture(show, { className: 'Point', params: { x: 3000 } }, origin);
  const after = show.structure.model;
  assert.notEqual(after.points, before.points);
  for (let i = 0; i < before.fixtures.length; i++) assert.equal(after.fixtures[i].points, before.fixtures[i].points, `fixture ${i} kept its indices`);
  const first = show.structure.fixtures.at(0)!;
  assert.equal(first.geometry(), first.geometry(), 'an unchanged stock fixture keeps its geometry');
  const panel = show.structure.fixtures.at(5)!;
  assert.equal(panel.fixtureType?.getString(), 'fixt/Panel');
  assert.equal(panel.geometry(), panel.geometry(), 'an unchanged JSON fixture keeps its geometry');
  assertSameAsOpenedAtOnce(show, 'after adding');

  const [, second, third, , fifth] = show.structure.fixtures.items;
  setFixtureParams(show, { id: third.id }, { numRows: 9, x: 700 }, origin);
  assertSameAsOpenedAtOnce(show, 'after editing one (more points, wider bounds)');
  moveFixture(show, { id: second.id }, 12, origin);
  assertSameAsOpenedAtOnce(show, 'after moving one');
  removeFixture(show, { id: fifth.id }, origin);
  assertSameAsOpenedAtOnce(show, 'after removing one');
  setFixtureParams(show, { id: show.structure.fixtures.at(3)!.id }, { deactivate: false }, origin);
  assertSameAsOpenedAtOnce(show, 'after activating one');
  const json = show.structure.fixtures.items.find((f) => f.fixtureType?.getString() === 'fixt/Panel')!;
  const kept = json.geometry();
  setFixtureParams(show, { id: json.id }, { rows: 5, tilt: 10 }, origin);
  assert.notEqual(json.geometry(), kept, "a JSON fixture's .lxf values rebuild its geometry");
  assertSameAsOpenedAtOnce(show, 'after editing a JSON fixture');
});

test('add, edit and remove one fixture → undo restores the model and the frames exactly', () => {
  const show = open([]);
  for (let i = 0; i < 5; i++) addFixture(show, { className: 'Grid', label: `Grid ${i}`, params: { ...GRID, x: i * 30 } }, origin);
  const steps: [string, () => void][] = [
    ['add one growing the bounds', () => addFixture(show, { className: 'Strip', params: { numPoints: 20, x: -100, y: 300 } }, origin)],
    ['insert one at the front', () => addFixture(show, { className: 'Grid', index: 0, params: GRID }, origin)],
    ['edit one', () => setFixtureParams(show, { id: show.structure.fixtures.at(2)!.id }, { numColumns: 2, y: -50 }, origin)],
    ['remove one', () => removeFixture(show, { id: show.structure.fixtures.at(1)!.id }, origin)],
  ];
  for (const [what, step] of steps) {
    const before = picture(show.structure.model);
    const generation = show.structure.generation;
    const depth = show.engine.history.recent(1000).length;
    step();
    assert.notDeepStrictEqual(picture(show.structure.model), before, `${what}: the model changed`);
    assertSameAsOpenedAtOnce(show, what);
    assert.equal(show.engine.history.recent(1000).length, depth + 1, `${what}: one undo step`);
    show.engine.history.undo();
    assert.ok(show.structure.generation > generation, `${what}: undo rebuilt the model`);
    assert.deepStrictEqual(picture(show.structure.model), before, `${what}: undo restores the model`);
    assertSameAsOpenedAtOnce(show, `${what}, undone`);
  }
});

test('buildModel with the previous model: random inserts, removals, moves and edits, on own and shared buffers', () => {
  let seed = 7;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const make = (): FixtureGeometry => {
    const k = random(5);
    // A fixture with no points (a JSON fixture whose components are all disabled): it moves the
    // fixtures after it along the list but not their points.
    if (k === 4) return { ...pointFixture({}), points: new Float32Array(0), normals: new Float32Array(0), submodels: [] };
    const at = { x: random(200) - 100, y: random(90), z: random(5) };
    if (k === 0) return gridFixture({ ...at, numRows: 1 + random(5), numColumns: 1 + random(6) });
    if (k === 1) return stripFixture({ ...at, numPoints: 1 + random(40), deactivate: random(8) === 0 });
    if (k === 2) return arcFixture({ ...at, numPoints: 2 + random(20), radius: 5 + random(30) });
    return pointFixture(at);
  };
  const manual: NormalizationSettings = { mode: 'MANUAL', x: 10, y: 20, z: 0, width: 300, height: 120, depth: 10 };
  const saved = sharing.minLength;
  try {
    for (const minLength of [saved, 1]) {
      sharing.minLength = minLength;
      for (const settings of [undefined, manual]) {
        const list: FixtureGeometry[] = [];
        let model = buildModel(list, settings);
        for (let step = 0; step < 120; step++) {
          const op = list.length < 3 ? 0 : random(5);
          if (op <= 1) list.splice(random(list.length + 1), 0, make());
          else if (op === 2) list.splice(random(list.length), 1);
          else if (op === 3) list.splice(random(list.length), 0, ...list.splice(random(list.length), 1));
          else list[random(list.length)] = make();
          model = buildModel(list, settings, model);
          assert.deepStrictEqual(
            picture(model),
            picture(buildModel(list, settings)),
            `step ${step} (sharing from ${minLength}, ${settings?.mode ?? 'AUTOMATIC'})`,
          );
        }
      }
    }
  } finally {
    sharing.minLength = saved;
  }
});

test('a fixture the model cannot be built with is refused before the previous model is touched', () => {
  const a = gridFixture({ numRows: 4, numColumns: 5 });
  const b = stripFixture({ numPoints: 12, y: 30 });
  // Grown from a smaller model, so its buffers have room and the next build works in place.
  const model = buildModel([a, b], undefined, buildModel([a]));
  const before = picture(model);
  const grid = gridFixture({ numRows: 2, numColumns: 2, x: -50 });
  const bad: FixtureGeometry = { ...grid, submodels: [{ ...grid.submodels[0], count: 9 }] };
  assert.throws(() => buildModel([bad, a, b], undefined, model), /submodel point 4 is outside the fixture's 4 points/);
  assert.deepStrictEqual(picture(model), before, 'the previous model is whole');
});
