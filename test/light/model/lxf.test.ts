// JSON fixtures (.lxf): components, parameters and expressions, transforms, tags, meta, nesting.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type LxfResolver, ModelInputError, buildModel, buildView, jsonFixture, lxfParameters } from '../../../src/light/model/index.js';
import { arcFixture } from '../../../src/light/model/arc-fixture.js';
import { evaluate as evaluateLxfExpression } from '../../../src/light/model/expression.js';
import { fixtureGeometry } from '../../../src/light/model/fixture-registry.js';
import { modelFromProject } from '../../../src/light/model/project.js';
import { stripFixture } from '../../../src/light/model/strip-fixture.js';

const f = Math.fround;

function files(docs: Record<string, unknown>): LxfResolver {
  return (type) => docs[type];
}

function pt(points: Float32Array, i: number): number[] {
  return [points[3 * i], points[3 * i + 1], points[3 * i + 2]];
}

function near(actual: number[], expected: number[], eps = 1e-4): void {
  actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) <= eps, `[${actual}] vs [${expected}]`));
}

test('lxf: components in order — point, points, strip, arc — with submodels and tags', () => {
  const g = jsonFixture(
    'Thing',
    {},
    {},
    files({
      Thing: {
        label: 'My Thing',
        tags: ['thing', 'prop'],
        components: [
          { type: 'point', x: 1, y: 2, z: 3 },
          { type: 'points', coords: [{ x: 5 }, { y: 6 }], tags: ['dots'] },
          { type: 'strip', numPoints: 3, spacing: 2, x: 10, tag: 'edge' },
          { type: 'arc', numPoints: 3, radius: 10, degrees: 180, mode: 'center', y: 50 },
        ],
        meta: { maker: 'us', size: 3 },
      },
    }),
  );
  assert.equal(g.label, 'My Thing');
  assert.deepEqual(g.tags, ['thing', 'prop']);
  assert.deepEqual(g.metaData, { maker: 'us', size: '3' });
  assert.equal(g.points.length / 3, 9);
  assert.deepEqual(pt(g.points, 0), [1, 2, 3]);
  assert.deepEqual(pt(g.points, 1), [5, 0, 0]);
  assert.deepEqual(pt(g.points, 2), [0, 6, 0]);
  assert.deepEqual(
    [pt(g.points, 3), pt(g.points, 5)],
    [
      [10, 0, 0],
      [14, 0, 0],
    ],
  );
  assert.deepEqual(pt(g.points, 6), [0, 40, 0]);
  near(pt(g.points, 8), [0, 60, 0]);
  assert.deepEqual(
    g.submodels.map((s) => [s.tags.join(' '), s.start, s.count]),
    [
      ['dots', 1, 2],
      ['edge', 3, 3],
      ['strip arc', 6, 3],
    ],
  );
});

test('lxf: a strip matches the stock StripFixture when placed the same way', () => {
  const json = jsonFixture(
    'S',
    { x: 3, y: 4, z: 5, yaw: 30, pitch: 10, scale: 1.5 },
    {},
    files({
      S: { components: [{ type: 'strip', numPoints: 20, spacing: 7 }] },
    }),
  );
  const stock = stripFixture({ numPoints: 20, spacing: 7, x: 3, y: 4, z: 5, yaw: 30, pitch: 10, scale: 1.5 });
  assert.deepEqual(Array.from(json.points), Array.from(stock.points));
  assert.deepEqual(Array.from(json.transform), Array.from(stock.transform));
});

test('lxf: an arc matches the stock ArcFixture at the fixture origin', () => {
  const json = jsonFixture('A', {}, {}, files({ A: { components: [{ type: 'arc', numPoints: 12, radius: 40, degrees: 120 }] } }));
  const stock = arcFixture({ numPoints: 12, radius: 40, degrees: 120 });
  near(Array.from(json.points), Array.from(stock.points), 1e-3);
});

test('lxf: strip direction and end set spacing and orientation', () => {
  const g = jsonFixture(
    'D',
    {},
    {},
    files({
      D: {
        components: [
          { type: 'strip', numPoints: 3, direction: { x: 0, y: 0, z: -5 } },
          { type: 'strip', numPoints: 5, x: 0, y: 0, end: { x: 0, y: 8, z: 0 } },
        ],
      },
    }),
  );
  near(pt(g.points, 2), [0, 0, -10]);
  near(pt(g.points, 4), [0, 2, 0]);
  near(pt(g.points, 7), [0, 8, 0]);
});

test('lxf: parameters with defaults, project values, $name and ${name}, expressions', () => {
  const doc = {
    parameters: {
      count: { type: 'int', default: 4, min: 1, max: 10, label: 'Count' },
      gap: { type: 'float', default: 2.5, description: 'Gap between points' },
      tagName: { type: 'string', default: 'bar', options: ['bar', 'baz'] },
      vertical: { type: 'boolean', default: false },
    },
    components: [
      {
        type: 'strip',
        numPoints: '$count * 2',
        spacing: '${gap}',
        tags: ['$tagName'],
        pitch: '$vertical ? 0 : 0',
        roll: '$vertical ? 90 : 0',
      },
    ],
  };
  const specs = lxfParameters(doc, 'P');
  assert.deepEqual(
    specs.map((p) => [p.name, p.type, p.default]),
    [
      ['count', 'int', 4],
      ['gap', 'float', 2.5],
      ['tagName', 'string', 'bar'],
      ['vertical', 'boolean', false],
    ],
  );
  assert.deepEqual(specs[0], { name: 'count', label: 'Count', type: 'int', default: 4, min: 1, max: 10 });
  const byDefault = jsonFixture('P', {}, {}, files({ P: doc }));
  assert.equal(byDefault.points.length / 3, 8);
  assert.deepEqual(pt(byDefault.points, 1), [2.5, 0, 0]);
  assert.deepEqual(byDefault.submodels[0].tags, ['bar']);
  const custom = jsonFixture('P', {}, { count: 30, gap: 1, tagName: 'baz', vertical: true }, files({ P: doc }));
  assert.equal(custom.points.length / 3, 20, 'count clamps to its max of 10');
  near(pt(custom.points, 1), [0, 1, 0]);
  assert.deepEqual(custom.submodels[0].tags, ['baz']);
  assert.throws(() => jsonFixture('P', {}, { tagName: 'qux' }, files({ P: doc })), /tagName takes one of bar, baz/);
  assert.throws(() => jsonFixture('P', {}, { gap: 'wide' }, files({ P: doc })), /gap takes a number/);
});

test('lxf: instances repeat a component with $instance and $instances', () => {
  const strip = { type: 'strip', instances: 3, numPoints: 2, spacing: 1, y: '$instance * 10', tags: ['row$instance'], meta: { of: '$instances' } };
  const g = jsonFixture('I', {}, {}, files({ I: { components: [strip] } }));
  assert.equal(g.points.length / 3, 6);
  assert.deepEqual([pt(g.points, 0)[1], pt(g.points, 2)[1], pt(g.points, 4)[1]], [0, 10, 20]);
  assert.deepEqual(
    g.submodels.map((s) => s.tags[0]),
    ['row0', 'row1', 'row2'],
  );
  assert.deepEqual(g.submodels[1].metaData, { of: '3' });
  assert.deepEqual(g.outputProblems, []);

  // LX 1.2.1 refuses $instance in a true/false field: it warns and reads false, for every instance.
  const off = jsonFixture('I', {}, {}, files({ I: { components: [{ ...strip, enabled: '$instance != 1' }] } }));
  assert.equal(off.points.length / 3, 0);
  assert.deepEqual(
    off.outputProblems?.map((p) => [p.source.file, p.source.key, /\$instance is not a boolean parameter/.test(p.message)]),
    [0, 1, 2].map(() => ['Fixtures/I.lxf', 'enabled', true]),
  );
});

test('lxf: true/false fields refuse numbers as LX does; class components truncate numeric expressions', () => {
  const doc = {
    parameters: { n: { type: 'int', default: 2 }, on: { type: 'boolean', default: true } },
    components: [
      { type: 'point', x: 1, enabled: '$on && 1 < 2' },
      { type: 'point', x: 2, enabled: '$n > 1' },
      { type: 'point', x: 3, enabled: '1' },
      { type: 'point', x: 4, transforms: [{ x: 10, enabled: '$n == 2' }] },
      { type: 'class', class: 'heronarts.lx.structure.GridFixture', parameters: { numRows: '1', numColumns: '2.9', columnSpacing: '1.5 * 3' } },
      { type: 'class', class: 'heronarts.lx.structure.GridFixture', y: 5, parameters: { numRows: 1, numColumns: 2, columnSpacing: 4.5 } },
    ],
    outputs: [
      { protocol: 'artnet', host: '10.0.0.1', enabled: '$on' },
      { protocol: 'artnet', host: '10.0.0.2', enabled: '$n == 2' },
    ],
  };
  const g = jsonFixture('B', {}, {}, files({ B: doc }));
  assert.deepEqual(
    [0, 1].map((i) => pt(g.points, i)[0]),
    [1, 4],
    'only the first point and the untransformed fourth remain',
  );
  assert.deepEqual(
    g.outputProblems?.map((p) => p.message.replace(/^.*?: /, '')),
    [
      '$n is not a boolean parameter; LX 1.2.1 refuses it in a true/false field and reads false',
      '"1" is a number, not true or false; LX reads false',
      '$n is not a boolean parameter; LX 1.2.1 refuses it in a true/false field and reads false',
      '"enabled": $n is not a boolean parameter; LX 1.2.1 refuses it in a true/false field and reads false',
    ],
  );
  assert.deepEqual(
    g.outputs?.map((o) => o.host),
    ['10.0.0.1'],
    'an output whose enabled is refused is left out',
  );
  const [grid, plain] = g.children;
  assert.equal(grid.points.length / 3, 2, '"2.9" columns is 2');
  assert.equal(pt(grid.points, 1)[0] - pt(grid.points, 0)[0], 4, 'an expression for a float parameter is cast to int');
  assert.equal(pt(plain.points, 1)[0] - pt(plain.points, 0)[0], 4.5, 'a plain number is not');
});

test('lxf: top-level and component transforms, applied after the fixture scale', () => {
  const g = jsonFixture(
    'T',
    { x: 100 },
    {},
    files({
      T: {
        transforms: [{ x: 5 }, { yaw: 90 }, { scale: 2 }, { y: 1, enabled: false }],
        components: [
          { type: 'point', x: 1 },
          { type: 'point', transforms: [{ z: 3 }] },
        ],
      },
    }),
  );
  assert.deepEqual(pt(g.points, 0), [105, 0, -2]);
  // LXFixture rotates a transform by float radians: cos(float(π/2)) is -4.37e-8, rounded to -4e-8.
  assert.deepEqual(pt(g.points, 1), [111, 0, -2.399999914359796e-7]);
});

test('lxf: transform entries follow LX: one kind per entry, several axes allowed, mixed entries skipped', () => {
  const doc = {
    components: [
      {
        type: 'point',
        transforms: [
          { x: 1, y: 2, z: 3 },
          { x: 50, yaw: 90 },
          { roll: 5, rotateX: 5 },
          { yaw: 10, scale: 2 },
          { x: 1, scale: 2 },
          { spin: 40 },
          null,
          { scale: { y: 2 } },
        ],
      },
    ],
  };
  const g = jsonFixture('T', {}, {}, files({ T: doc }));
  // only the translation and the y scale apply (the scale after the translation moves nothing)
  assert.deepEqual(pt(g.points, 0), [1, 2, 3]);
  assert.deepEqual(
    g.outputProblems?.map((p) => [p.source.key, p.message.replace(/^.*\] /, '')]),
    [
      ['transforms[1]', 'mixes translation and rotation; LX skips it'],
      ['transforms[2]', 'holds more than one rotation; LX skips it'],
      ['transforms[3]', 'mixes rotation and scaling; LX skips it'],
      ['transforms[4]', 'mixes translation and scaling; LX skips it'],
    ],
  );
  // a y scale alone leaves x and z untouched; z scales nothing else
  const scaled = jsonFixture('S', {}, {}, files({ S: { transforms: [{ scale: { y: 2 } }], components: [{ type: 'point', x: 1, y: 1, z: 1 }] } }));
  assert.deepEqual(pt(scaled.points, 0), [1, 2, 1]);
});

test('lxf: int parameters wrap around min..max as DiscreteParameter does in LX; floats clamp', () => {
  const resolve = files({
    W: {
      parameters: {
        k: { type: 'int', default: 1, min: 1, max: 5 },
        j: { type: 'int', default: 7, max: 4 },
        h: { type: 'float', default: 1, min: 0, max: 2 },
      },
      components: [{ type: 'point', x: '$k', y: '$j', z: '$h' }],
    },
  });
  assert.deepEqual(pt(jsonFixture('W', {}, {}, resolve).points, 0), [1, 2, 1], 'the default 7 wraps to 2 in 0..4');
  assert.deepEqual(pt(jsonFixture('W', {}, { k: 9, j: -1, h: 25 }, resolve).points, 0), [4, 4, 2]);
  assert.deepEqual(pt(jsonFixture('W', {}, { k: 0, h: -3 }, resolve).points, 0), [5, 2, 0]);
});

test('lxf: $instances outside an instanced component reads -1, as LX leaves its count unset', () => {
  const g = jsonFixture(
    'N',
    {},
    {},
    files({
      N: {
        components: [
          { type: 'point', x: '$instances * 10' },
          { type: 'point', instances: 2, x: '$instances' },
        ],
      },
    }),
  );
  assert.deepEqual(
    [0, 1, 2].map((i) => pt(g.points, i)[0]),
    [-10, 2, 2],
  );
});

test('lxf: a sub-fixture parameter named like a placement key takes its value, and the key still places it', () => {
  const resolve = files({
    Bar: { parameters: { yaw: { type: 'float', default: 0 } }, components: [{ type: 'point', x: '$yaw' }] },
    Rig: { components: [{ type: 'Bar', yaw: 90, transforms: [{ x: 5 }] }] },
  });
  const g = jsonFixture('Rig', {}, {}, resolve);
  // Bar's point sits at x = 90 in Bar, then Bar is yawed 90° and moved 5 along its own x
  near(pt(g.children[0].points, 0), [0, 0, -95]);
});

test('lxf: a class component takes the component transforms after its own placement', () => {
  const doc = {
    components: [{ type: 'class', class: 'heronarts.lx.structure.PointFixture', x: 10, parameters: {}, transforms: [{ rotateZ: 90 }, { x: 2 }] }],
  };
  const g = jsonFixture('C', {}, {}, files({ C: doc }));
  near(pt(g.children[0].points, 0), [10, 2, 0]);
});

test('lxf: sub-fixtures by type, with parameter values and placement; relative lookup', () => {
  const resolve = files({
    'rig/Bar': {
      label: 'Bar',
      tag: 'bar',
      parameters: { n: { type: 'int', default: 2 } },
      components: [{ type: 'strip', numPoints: '$n', spacing: 10 }],
    },
    'rig/Truss': {
      tags: ['truss'],
      parameters: { len: { type: 'int', default: 3 } },
      components: [{ type: 'point' }, { type: 'Bar', n: '$len + 1', y: 100, tags: ['top'] }, { type: '/rig/Bar', y: -100 }],
    },
  });
  const g = jsonFixture('rig/Truss', {}, { len: 2 }, resolve);
  assert.equal(g.points.length / 3, 1);
  assert.equal(g.children.length, 2);
  const [top, bottom] = g.children;
  assert.deepEqual(top.tags, ['bar', 'top']);
  assert.equal(top.label, 'Bar');
  assert.deepEqual(
    [pt(top.points, 0), pt(top.points, 2)],
    [
      [0, 100, 0],
      [20, 100, 0],
    ],
  );
  assert.deepEqual(pt(bottom.points, 1), [10, -100, 0]);
  const model = buildModel([g]);
  assert.equal(model.size, 6);
  assert.deepEqual([model.points.y[1], model.points.y[4]], [100, -100], 'own points, then children in order');
  assert.deepEqual(Array.from(buildView(model, 'top').points.index), [1, 2, 3]);
  assert.deepEqual(Array.from(buildView(model, 'truss > bar').points.index), [1, 2, 3, 4, 5]);
});

test('lxf: class components embed a stock fixture, parameters may be expressions', () => {
  const g = jsonFixture(
    'C',
    {},
    {},
    files({
      C: {
        parameters: { rows: { type: 'int', default: 2 } },
        components: [
          {
            type: 'class',
            class: 'heronarts.lx.structure.GridFixture',
            x: 10,
            parameters: { numRows: '$rows', numColumns: 3, positionMode: 'CENTER', rowTags: 'r' },
          },
        ],
      },
    }),
  );
  assert.equal(g.children.length, 1);
  const grid = g.children[0];
  assert.equal(grid.points.length / 3, 6);
  assert.deepEqual(pt(grid.points, 0), [0, -5, 0]);
  assert.deepEqual(grid.submodels[0].tags, ['r']);
  assert.throws(() => jsonFixture('C', {}, {}, files({ C: { components: [{ type: 'class', class: 'Laser' }] } })), /unknown fixture class "Laser"/);
});

test('lxf: legacy top-level points, strips, arcs, children and modelKeys', () => {
  const resolve = files({
    Old: {
      modelKeys: ['old'],
      points: [{ x: 1 }, { x: 2 }],
      strips: [{ numPoints: 2, spacing: 5, y: 1 }],
      arcs: [{ numPoints: 2, radius: 5, degrees: 90 }],
      children: [{ type: 'Leaf', x: 9 }],
    },
    Leaf: { components: [{ type: 'point' }] },
  });
  const g = jsonFixture('Old', {}, {}, resolve);
  assert.deepEqual(g.tags, ['old']);
  assert.equal(g.points.length / 3, 6);
  assert.deepEqual(
    g.submodels.map((s) => s.tags.join(' ')),
    ['strip', 'strip arc'],
  );
  assert.deepEqual(pt(g.children[0].points, 0), [9, 0, 0]);
});

test('lxf: the project form — JsonFixture with jsonFixtureType and jsonParameters', () => {
  const resolve = files({ Bar: { parameters: { n: { type: 'int', default: 2 } }, components: [{ type: 'strip', numPoints: '$n' }] } });
  const project = {
    model: {
      parameters: {},
      fixtures: [
        { class: 'heronarts.lx.structure.JsonFixture', jsonFixtureType: 'Bar', jsonParameters: { n: 5 }, parameters: { x: 1, tags: 'extra' } },
        { class: 'heronarts.lx.structure.PointFixture', parameters: {} },
      ],
    },
  };
  const model = modelFromProject(project, resolve);
  assert.equal(model.size, 6);
  assert.deepEqual(model.fixtures[0].tags, ['extra']);
  assert.throws(() => fixtureGeometry({ className: 'heronarts.lx.structure.JsonFixture', params: {}, jsonFixtureType: 'Bar' }), /needs a resolver/);
  assert.throws(() => fixtureGeometry({ className: 'heronarts.lx.structure.Laser', params: {} }), /unknown fixture class/);
});

test('lxf: clear invalid_argument errors for bad documents', () => {
  const bad = (doc: unknown, pattern: RegExp): void => {
    assert.throws(
      () => jsonFixture('X', {}, {}, files({ X: doc })),
      (e: unknown) => e instanceof ModelInputError && e.code === 'invalid_argument' && pattern.test(e.message),
    );
  };
  assert.throws(() => jsonFixture('Missing', {}, {}, files({})), /no fixture file Missing.lxf/);
  bad([], /must be a JSON object/);
  bad({ components: [{ type: 'strip' }] }, /needs "numPoints"/);
  bad({ components: [{ type: 'strip', numPoints: 5000 }] }, /"numPoints" must be 1..4096/);
  bad({ components: [{ type: 'arc', numPoints: 3, degrees: 90 }] }, /positive "radius"/);
  bad({ components: [{ type: 'arc', numPoints: 3, radius: 1, degrees: 90, mode: 'side' }] }, /"mode" must be "origin" or "center"/);
  bad({ components: [{ type: 'points' }] }, /"coords" array/);
  bad({ components: [{ numPoints: 3 }] }, /needs a "type"/);
  bad({ components: [{ type: 'strip', numPoints: '$nope' }] }, /unknown variable \$nope/);
  bad({ components: [{ type: 'strip', numPoints: '2 +' }] }, /missing operand/);
  bad({ parameters: { 'bad-name': { type: 'int', default: 1 } } }, /ASCII letters and digits/);
  bad({ parameters: { n: { type: 'double', default: 1 } } }, /"type" must be one of float, int, string, boolean/);
  bad({ parameters: { n: { type: 'int', default: 1.5 } } }, /must be an integer/);
  bad({ tags: ['ok', 'not ok'] }, /invalid tag "not ok"/);
  bad({ components: [{ type: 'Self' }] }, /no fixture file Self.lxf/);
  assert.throws(() => jsonFixture('Loop', {}, {}, files({ Loop: { components: [{ type: 'Loop' }] } })), /nest deeper than 16/);
});

test('lxf expressions: precedence, logic, functions in degrees, float32 (LX-only quirks: lxf-expression.test.ts)', () => {
  const v = new Map<string, number | boolean | string>([
    ['a', 3],
    ['neg', -2],
    ['on', true],
  ]);
  const e = (s: string): unknown => evaluateLxfExpression(s, v, 'test');
  assert.equal(e('1 + 2 * 3'), 7);
  assert.equal(e('(1 + 2) * 3'), 9);
  assert.equal(e('2 ^ 3 ^ 2'), 64, 'left-associative, as LX');
  assert.equal(e('-2 ^ 2'), 4);
  assert.equal(e('7 % 4 - 1'), 2);
  assert.equal(e('$a * $neg'), -6);
  assert.equal(e('$a - $neg'), 5);
  assert.equal(e('${a}0'), 30);
  assert.equal(e('$a > 2 && $on'), true);
  assert.equal(e('$a < 2 || !$on'), false);
  assert.equal(e('$a == 3 ? 10 : 20'), 10);
  assert.equal(e('$a != 3 ? 10 : ($a >= 3 ? 1 : 2)'), 1);
  assert.equal(e('sin(30)'), 0.5);
  assert.equal(e('cos(60)'), 0.5);
  assert.equal(e('atan2(1, 1)'), 45);
  assert.equal(e('atan2p(-1, 0)'), 270);
  assert.equal(e('asin(1)'), 90);
  assert.equal(e('deg(rad(33))'), 33);
  assert.equal(e('clamp(15, 0, 10) + min(4, 2) + max(1, 2) + avg(1, 3)'), 16);
  assert.equal(e('lerp(10, 20, 0.25) + ilerp(15, 10, 20)'), 13);
  assert.equal(e('floor(2.7) + ceil(2.1) + round(2.5) + abs(-1) + sqrt(16) + cbrt(27) + pow(2, 4)'), 32);
  assert.equal(e('log10(1000) + log(exp(2))'), 5);
  assert.equal(e('0.1 + 0.2'), f(0.3), 'float32');
  assert.equal(e('1e3 + .5'), 1000.5);
  assert.throws(() => e('foo(1)'), /cannot read "foo1.0000000000"/);
  assert.throws(() => e('sin(1, 2)'), /sin takes 1 argument/);
  assert.throws(() => e('1 / 0'), /not a finite number/);
  assert.throws(() => e('$on + 1'), /expected a number, got a boolean/);
  assert.throws(() => e('(1 + 2'), /"\(" without a matching "\)"/);
  assert.equal(e('1/3'), f(1 / 3));
});
