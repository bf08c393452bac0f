// get_output_map over MCP on the fixture-output scene: each output and segment with its points
// and universes, LX's problems with the file, line and key, a re-patch through an .lxf parameter
// as one undo step, and the structure output's gamma as a parameter of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LX_OUTPUTS_DIR, startOutputsShow } from '../../helpers/lx-outputs.js';

interface Segment {
  points?: [number, number];
  tags?: string[];
  component?: string;
  allocation: { universe: number; start: number; end: number; pixels: number }[];
}
interface Output {
  protocol: string;
  host: string;
  port: number;
  universe: number;
  declared?: string;
  subFixture?: string;
  brightness?: number;
  sending: boolean;
  destination?: string;
  segments: Segment[];
}
interface Fixture {
  path: string;
  label: string;
  sending: boolean;
  idle?: string;
  outputs: Output[];
}

const fixture = (map: { fixtures: Fixture[] }, label: string): Fixture => map.fixtures.find((f) => f.label === label)!;

test('get_output_map: which controller lights the left arch, every output of a fixture in LX order, sub-fixture brightness', async (t) => {
  const { show, caps } = await startOutputsShow(t);
  const map = await show.call('get_output_map');
  // The agent's question, answered from the map: the segment tagged "arch".
  const hits = map.fixtures.flatMap((f: Fixture) =>
    f.outputs.flatMap((o) => o.segments.filter((s) => s.tags?.includes('arch')).map((s) => ({ fixture: f.label, destination: o.destination, s }))),
  );
  assert.equal(hits.length, 1);
  assert.equal(hits[0].fixture, 'Left arch');
  assert.equal(hits[0].destination, `ddp/udp/127.0.0.1:${caps.ddp.port}`);
  assert.deepEqual(hits[0].s.tags, ['arch', 'left']);

  const arch = fixture(map, 'Left arch');
  // LX sends a sub-fixture's own outputs first, then the file's (components in order, then the fixture's).
  assert.deepEqual(
    arch.outputs.map((o) => [o.universe, o.subFixture ?? '', o.brightness ?? 1, o.declared?.replace(/:\d+/, '')]),
    [
      [2000, 'DDP Node', 0.5, 'Fixtures/rig/DdpNode.lxf outputs[0]'],
      [0, '', 1, 'Fixtures/rig/DdpController.lxf components[0].output'],
      [1000, '', 1, 'Fixtures/rig/DdpController.lxf components[1].output'],
      [5000, '', 1, 'Fixtures/rig/DdpController.lxf output'],
    ],
  );
  const [node, left, sub, top] = arch.outputs;
  // Model indices: the arch's points follow every earlier fixture's.
  const first = map.fixtures.slice(0, map.fixtures.indexOf(arch)).reduce((n: number, f: { points: number }) => n + f.points, 0);
  assert.deepEqual(
    node.segments.map((s) => [s.points, s.component]),
    [
      [[first + 40, first + 64], 'components[0]'],
      [[first + 65, first + 74], 'tail'],
    ],
  );
  assert.deepEqual(left.segments[0].points, [first, first + 39]);
  assert.deepEqual(sub.segments[0].allocation, [{ universe: 1000, start: 0, end: 105, pixels: 35 }]);
  assert.deepEqual(top.segments[0].points, [first + 74, first + 40], 'reversed');

  // On a big rig the agent asks for the arch alone.
  const narrowed = await show.call('get_output_map', { query: 'ARCH' });
  assert.deepEqual(
    narrowed.fixtures.map((f: Fixture) => f.label),
    ['Left arch'],
  );
  assert.deepEqual(narrowed.problems, []);
  assert.equal(narrowed.packetsPerFrame, map.packetsPerFrame, 'totals stay whole');
  const broken = await show.call('get_output_map', { query: 'Broken' });
  assert.ok(broken.problems.length >= 13 && broken.problems.every((p: { fixture: string; with?: string }) => p.fixture === fixture(map, 'Broken').path));
  assert.match(await show.callError('get_output_map', { query: 3 }), /^invalid_argument: .*query/);
});

test('get_output_map: the problems LX reports, with the fixture file, line and key', async (t) => {
  const { show } = await startOutputsShow(t);
  const map = await show.call('get_output_map');
  const broken = fixture(map, 'Broken').path;
  const file = map.problems.filter((p: { kind: string }) => p.kind === 'file');
  // LX warns about the same ten things, in the same order.
  const lx = JSON.parse(readFileSync(`${LX_OUTPUTS_DIR}outputs.packets.json`, 'utf8')).fixtureWarnings.find((w: { fixture: string }) => w.fixture === 'Broken')
    .warnings as string[];
  assert.equal(lx.length, 10);
  assert.deepEqual(
    file.map((p: { fixture: string; file: string; line: number; key: string }) => [p.fixture, p.file, p.line, p.key]),
    [
      [broken, 'Fixtures/rig/Broken.lxf', 7, 'outputs[0].protocol'],
      [broken, 'Fixtures/rig/Broken.lxf', 8, 'outputs[1].host'],
      [broken, 'Fixtures/rig/Broken.lxf', 9, 'outputs[2].universe'],
      [broken, 'Fixtures/rig/Broken.lxf', 10, 'outputs[3].channel'],
      [broken, 'Fixtures/rig/Broken.lxf', 11, 'outputs[4].transport'],
      [broken, 'Fixtures/rig/Broken.lxf', 11, 'outputs[4].priority'],
      [broken, 'Fixtures/rig/Broken.lxf', 13, 'outputs[6].segments[0].componentId'],
      [broken, 'Fixtures/rig/Broken.lxf', 13, 'outputs[6].segments[1].stride'],
      [broken, 'Fixtures/rig/Broken.lxf', 13, 'outputs[6].segments[2].headerBytes'],
      [broken, 'Fixtures/rig/Broken.lxf', 12, 'outputs[5]'],
    ],
  );
  assert.match(file[0].message, /unknown protocol "dmx512"/);
  assert.match(file[9].message, /runs past the end: start 190, 20 points .* need 210 of 200/);
  // LX's output errors: the collision with the native grid, the overflow past universe 32768 and past KiNET port 255.
  const others = map.problems.filter((p: { kind: string }) => p.kind !== 'file');
  assert.deepEqual(
    others.map((p: { kind: string; fixture: string; key?: string; universe?: number; channels?: number[]; with?: string }) => [
      p.kind,
      p.fixture,
      p.key,
      p.universe,
      p.channels,
      p.with,
    ]),
    [
      ['overflow', broken, 'outputs[8]', undefined, undefined, undefined],
      ['overflow', broken, 'outputs[9]', undefined, undefined, undefined],
      ['collision', broken, 'outputs[7]', 5, [30, 59], fixture(map, 'Native grid').path],
    ],
  );
  assert.match(others[0].message, /overflows universe 32768/);
  assert.match(others[1].message, /overflows KiNET port 255/);
  // Outputs with problems are skipped; the valid ones still send.
  const outputs = fixture(map, 'Broken').outputs;
  assert.deepEqual(
    outputs.map((o) => [o.protocol, o.universe, o.segments.length]),
    [
      ['sacn', 3, 1],
      ['artnet', 4, 1],
      ['artnet', 5, 1],
      ['artnet', 32767, 1],
      ['kinet', 255, 1],
    ],
  );
  assert.deepEqual(
    outputs[3].segments[0].allocation.map((a) => [a.universe, a.pixels]),
    [
      [32767, 128],
      [32768, 128],
    ],
  );
  assert.match(fixture(map, 'Disabled strip').idle ?? '', /enabled parameter/);
  assert.match(fixture(map, 'Deactivated strip').idle ?? '', /deactivated/);
});

test('an .lxf parameter an output reads re-patches it as one undo step; a bad value changes nothing', async (t) => {
  const { show, caps, path } = await startOutputsShow(t);
  const strip = path('Strip A');
  const universes = (m: { fixtures: Fixture[] }): number[][] =>
    fixture(m, 'Strip A').outputs.map((o) => o.segments.flatMap((s) => s.allocation.map((a) => a.universe)));
  const before = await show.call('get_output_map');
  assert.deepEqual(universes(before), [[7, 8], [17]]);
  const history = await show.call('get_history');
  assert.match(await show.callError('set_fixture_params', { path: strip, params: { universe: 0 } }), /^invalid_argument: .*universe/);
  assert.match(await show.callError('set_fixture_params', { path: strip, params: { order: 'XYZ' } }), /^invalid_argument: .*order/);
  assert.deepEqual(await show.call('get_output_map'), before);
  assert.deepEqual(await show.call('get_history'), history);

  await show.call('set_fixture_params', { path: strip, params: { universe: 20 } });
  assert.equal((await show.call('get_history')).undoDepth, history.undoDepth + 1);
  const after = await show.call('get_output_map');
  assert.deepEqual(universes(after), [[20, 21], [30]]);
  // The packets follow: universe 20 goes out, 7 no longer does.
  await show.app.outputs.whenConnected();
  await show.app.engine.queue.submit(() => show.app.engine.clock.step(16));
  await show.app.outputs.flush();
  await caps.sacn.waitFor(1);
  await new Promise((r) => setTimeout(r, 50));
  const sacnUniverses = caps.sacn.packets.map((p) => p.readUInt16BE(113));
  assert.ok(sacnUniverses.includes(20) && sacnUniverses.includes(30), `universes sent: ${sacnUniverses}`);
  assert.ok(!sacnUniverses.includes(7), `universes sent: ${sacnUniverses}`);
  await show.call('undo');
  assert.deepEqual(await show.call('get_output_map'), before);
});

test('/lx/structure/output holds the gamma and white point of fixture outputs: set, read back, undo', async (t) => {
  const { show } = await startOutputsShow(t);
  const gamma = async (): Promise<number> => (await show.call('get_parameter', { path: '/lx/structure/output/gamma' })).parameter.value;
  assert.equal(await gamma(), 2.2, 'loaded from the project');
  await show.call('set_parameter', { path: '/lx/structure/output/gamma', value: 1.8 });
  assert.equal(await gamma(), 1.8);
  await show.call('undo');
  assert.equal(await gamma(), 2.2);
  assert.match(await show.callError('set_parameter', { path: '/lx/structure/output/whitePointRed', value: 300 }), /^invalid_argument/);
});
