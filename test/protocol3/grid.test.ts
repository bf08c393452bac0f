import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDigest } from '../../src/engine/guards.js';
import { deviceByName, modulatorByName, moduleByName } from '../../src/sound/model/catalog.js';
import { b64, doUndoRedo, refusedUnchanged, startStack, type Reply, type Stack } from './helpers.js';

type Param = { id: string; id_b64: string; value: number | boolean; display: string; type: string; display_unit?: string };
type Node = {
  id: number;
  name: string;
  x: number;
  y: number;
  kind: string;
  inputs?: { index: number; id: string; type: string; connected: boolean }[];
  outputs: { index: number; id: string; type: string }[];
  parameters: Param[];
};
type Cord = { source: number; source_port: number; target: number; target_port: number; source_kind: string };
type Graph = Reply & { graph_id: string; revision: string; modules: Node[]; modulators: Node[]; connections: Cord[] };

const graph = async (s: Stack): Promise<Graph> => (await s.ok('graph-state')) as Graph;
const mod = (g: Graph, name: string): Node => {
  const m = g.modules.find((x) => x.name === name) ?? g.modulators.find((x) => x.name === name);
  assert.ok(m, `no ${name} in the graph`);
  return m;
};
const param = (n: Node, id: string): Param => n.parameters.find((p) => p.id === id)!;

test('graph-capabilities: a gate that says whether the selected device has a graph', async (t) => {
  const s = await startStack(t);
  const c = await s.ok('graph-capabilities');
  assert.equal(c.graph_available, true);
  assert.equal(c.selected_graph_available, true);
  assert.ok(isDigest(c.revision));
  assert.equal(c.coordinate_min, -4096);
  assert.equal(c.coordinate_max, 4096);
  await s.ok('next');
  const n = await s.ok('graph-capabilities');
  assert.equal(n.graph_available, true);
  assert.equal(n.selected_graph_available, false);
  assert.equal(n.graph_id, null);
  assert.match(n.reason as string, /Reverb is not a Grid device/);
  await refusedUnchanged(s, 'graph-state', 'invalid_argument', 'not_a_grid');
  await refusedUnchanged(s, 'graph-clear', 'invalid_argument', 'not_a_grid');
});

test('graph-state: modules with typed ports and native parameters, modulators, cords, graph_id and revision', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  assert.ok(isDigest(g.revision));
  assert.match(g.graph_id, /^grid:\d+:[0-9a-f]{16}$/);
  assert.equal(g.modules.length, 10);
  assert.equal(g.modulators.length, 1);
  assert.equal(g.connections.length, 10);
  const filter = mod(g, 'Low-pass LD');
  assert.deepEqual(
    filter.inputs!.map((p) => [p.id, p.type]),
    [
      ['in', 'untyped'],
      ['cutoff', 'pitch'],
    ],
  );
  assert.equal(param(filter, 'CUTOFF').display_unit, 'Hz');
  assert.equal(param(filter, 'CUTOFF').id_b64, b64('CUTOFF'));
  const quant = mod(g, 'Pitch Quantize');
  assert.equal(param(quant, 'C#').type, 'boolean');
  assert.equal(param(quant, 'C#').value, false);
  assert.equal((await graph(s)).revision, g.revision, 'reads do not change the revision');
  assert.equal(mod(g, 'Gate').outputs[0].type, 'logic');
  assert.equal(g.connections.filter((c) => c.source_kind === 'modulator').length, 1);
});

test('graph-catalog / graph-modulators / graph-host-modulators: installed metadata', async (t) => {
  const s = await startStack(t);
  const all = (await s.ok('graph-catalog')).modules as { uuid: string; name: string; inputs: unknown[]; parameters: Param[] }[];
  assert.ok(all.length >= 20);
  assert.ok(all.some((m) => m.name === 'Pitch Quantize' && m.parameters.some((p) => p.id === 'C#')));
  const filters = (await s.ok('graph-catalog filter')).modules as { name: string }[];
  assert.deepEqual(filters.map((m) => m.name).sort(), ['Low-pass LD', 'SVF']);
  const mods = (await s.ok('graph-modulators')).modulators as { uuid: string; name: string }[];
  assert.ok(mods.some((m) => m.name === 'LFO' && m.uuid === modulatorByName('LFO').uuid));
  assert.deepEqual(
    ((await s.ok('graph-modulators random')).modulators as { name: string }[]).map((m) => m.name),
    ['Random'],
  );
  const host = await s.ok('graph-host-modulators');
  assert.deepEqual(
    (host.sources as { id: string }[]).map((x) => x.id),
    ['PITCH', 'VELOCITY', 'TIMBRE', 'PRESSURE', 'GATE'],
  );
  await s.ok('next');
  assert.equal((await s.ok('graph-host-modulators')).count, 0, 'an audio effect has no note expressions');
});

test('graph-insert UUID X Y: do → undo → redo; the revision follows the content', async (t) => {
  const s = await startStack(t);
  const before = await graph(s);
  const r = await doUndoRedo(s, `graph-insert ${moduleByName('Sine').uuid} -4096 4096`, async (x) => {
    const m = x.module as Node;
    assert.deepEqual([m.name, m.x, m.y], ['Sine', -4096, 4096]);
    assert.notEqual(x.revision, before.revision);
    assert.equal((await graph(s)).modules.length, 11);
  });
  await s.ok('undo');
  assert.equal((await graph(s)).revision, before.revision, 'undo restores the exact revision');
  await s.ok('redo');
  assert.equal((await graph(s)).revision, r.revision, 'redo re-creates the module with the same id');
});

test('graph-insert refusals: coordinates, occupied cells, wrong UUID kinds, unknown UUIDs, modules of the other Grid', async (t) => {
  const s = await startStack(t);
  const sine = moduleByName('Sine').uuid;
  await refusedUnchanged(s, `graph-insert ${sine} 4097 0`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-insert ${sine} 0 -4097`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-insert ${sine} 1.5 0`, 'invalid_argument');
  await refusedUnchanged(s, `graph-insert ${sine} 0 0`, 'invalid_argument', 'occupied');
  await refusedUnchanged(s, `graph-insert ${deviceByName('Poly Grid').uuid} 9 9`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-insert ${modulatorByName('LFO').uuid} 9 9`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-insert-modulator ${sine} 9 9`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, 'graph-insert 11111111-1111-5111-8111-111111111111 9 9', 'not_found');
  await refusedUnchanged(s, `graph-insert ${moduleByName('Audio In').uuid} 9 9`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-insert ${sine} 9`, 'invalid_argument');
});

test('graph-insert-modulator UUID X Y: do → undo → redo', async (t) => {
  const s = await startStack(t);
  await doUndoRedo(s, `graph-insert-modulator ${modulatorByName('Random').uuid} 7 7`, async (r) => {
    assert.equal((r.modulator as Node).kind, 'modulator');
    assert.equal((await graph(s)).modulators.length, 2);
  });
  await refusedUnchanged(s, `graph-insert-modulator ${modulatorByName('Random').uuid} 7 7`, 'invalid_argument', 'occupied');
});

test('graph-set MODULE PARAMETER_B64 VALUE: exact native ids of any characters, native values, do → undo → redo', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const filter = mod(g, 'Low-pass LD');
  await doUndoRedo(s, `graph-set ${filter.id} ${b64('CUTOFF')} 0.25`, (r) => {
    assert.equal((r.parameter as Param).value, 0.25);
    assert.equal(r.previous_value, 0.55);
  });
  const quant = mod(g, 'Pitch Quantize');
  await doUndoRedo(s, `graph-set ${quant.id} ${b64('C#')} true`, (r) => assert.equal((r.parameter as Param).value, true));
  // An id with a space: the Mixer's "IN 2".
  const mixer = (await s.ok(`graph-insert ${moduleByName('Mixer').uuid} 8 8`)).module as Node;
  await doUndoRedo(s, `graph-set ${mixer.id} ${b64('IN 2')} 0.3`, (r) => assert.equal((r.parameter as Param).display, '30 %'));
  const svf = (await s.ok(`graph-insert ${moduleByName('SVF').uuid} 9 9`)).module as Node;
  await doUndoRedo(s, `graph-set ${svf.id} ${b64('MODE')} 2`, (r) => assert.equal((r.parameter as Param).display, 'High-pass'));
});

test('graph-set refusals: range, types, unknown ids, wrong kinds, other graphs, bad base64', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const filter = mod(g, 'Low-pass LD').id;
  const quant = mod(g, 'Pitch Quantize').id;
  const lfo = mod(g, 'LFO').id;
  await refusedUnchanged(s, `graph-set ${filter} ${b64('CUTOFF')} 1.5`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-set ${filter} ${b64('CUTOFF')} true`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${filter} ${b64('CUTOFF')} NaN`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${quant} ${b64('C#')} 1`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${quant} ${b64('c#')} true`, 'not_found');
  await refusedUnchanged(s, `graph-set ${quant} ${b64('C')} maybe`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${filter} ${b64('Cutoff')} 0.5`, 'not_found');
  await refusedUnchanged(s, `graph-set ${lfo} ${b64('RATE')} 0.5`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-set 999999 ${b64('CUTOFF')} 0.5`, 'not_found');
  await refusedUnchanged(s, `graph-set 0 ${b64('CUTOFF')} 0.5`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${filter} Q1VUT0ZG+ 0.5`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${filter} ${Buffer.from([0xff, 0xfe]).toString('base64url')} 0.5`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${filter} CUTOFF 0.5`, 'invalid_argument');
  // A module of another graph (the FX Grid on Texture) is not in the selected graph.
  await s.ok('track 7');
  await s.ok('next');
  const fx = await graph(s);
  await s.ok('track 6');
  await refusedUnchanged(s, `graph-set ${fx.modules[1].id} ${b64('FEEDBACK')} 0.1`, 'not_found');
  const svf = (await s.ok(`graph-insert ${moduleByName('SVF').uuid} 9 9`)).module as Node;
  await refusedUnchanged(s, `graph-set ${svf.id} ${b64('MODE')} 1.5`, 'invalid_argument');
  await refusedUnchanged(s, `graph-set ${svf.id} ${b64('MODE')} 4`, 'invalid_argument', 'out_of_range');
});

test('graph-set-modulator: do → undo → redo; a module id is refused', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const lfo = mod(g, 'LFO').id;
  await doUndoRedo(s, `graph-set-modulator ${lfo} ${b64('RATE')} 0.75`, (r) => {
    assert.equal(r.modulator, lfo);
    assert.equal((r.parameter as Param).value, 0.75);
  });
  await refusedUnchanged(s, `graph-set-modulator ${mod(g, 'Sawtooth').id} ${b64('LEVEL')} 0.5`, 'invalid_argument', 'wrong_uuid_kind');
});

test('graph-resolve-value: musical units to native values without mutating; write the value, read the display', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const filter = mod(g, 'Low-pass LD').id;
  const fp = s.host.fingerprint();
  const resolve = (id: number, p: string, d: string): Promise<Reply> => s.ok(`graph-resolve-value ${id} ${b64(p)} ${b64(d)}`);
  const r = await resolve(filter, 'CUTOFF', '1 kHz');
  assert.equal(r.mutates_project, false);
  assert.equal(r.revision, g.revision);
  assert.equal(r.requested_display, '1 kHz');
  assert.equal(r.display_unit, 'Hz');
  assert.equal(r.current_value, 0.55);
  assert.equal(typeof r.current_display, 'string');
  assert.ok(Math.abs((r.value as number) - Math.log(50) / Math.log(1000)) < 1e-12);
  assert.equal(s.host.fingerprint(), fp, 'resolution changes nothing');
  assert.equal(s.engine.history.undoDepth, 0);
  // Write the resolved value against that revision, then read the display back.
  const w = await s.ok(`guard ${r.revision} graph-set ${filter} ${b64('CUTOFF')} ${r.value}`);
  assert.equal((w.parameter as Param).display, '1 kHz');
  assert.equal(((await resolve(filter, 'CUTOFF', '1000Hz')).value as number).toFixed(12), (r.value as number).toFixed(12));
  assert.ok(Math.abs(((await resolve(filter, 'CUTOFF', 'A3')).value as number) - Math.log(22) / Math.log(1000)) < 1e-12, 'A3 = 440 Hz');
  const saw = mod(g, 'Sawtooth').id;
  assert.equal((await resolve(saw, 'LEVEL', '-6 dB')).value, Math.pow(10, -6 / 20));
  assert.equal((await resolve(saw, 'PITCH_OFFSET', '+7 st')).value, 7);
  assert.equal((await resolve(saw, 'PITCH_OFFSET', '-250 cents')).value, -2.5);
  const adsr = mod(g, 'ADSR').id;
  const ms = (await resolve(adsr, 'ATTACK', '250 ms')).value as number;
  assert.ok(Math.abs(ms - ((await resolve(adsr, 'ATTACK', '0.25 s')).value as number)) < 1e-12);
  assert.equal((await resolve(adsr, 'SUSTAIN', '40 %')).value, 0.4);
  const key = (await s.ok(`graph-insert ${moduleByName('Constant Pitch').uuid} 9 9`)).module as Node;
  assert.equal((await resolve(key.id, 'KEY', 'C#3')).value, 61);
  assert.equal((await resolve(key.id, 'KEY', 'Db3')).value, 61);
  assert.ok(Math.abs(((await resolve(key.id, 'KEY', '440 Hz')).value as number) - 69) < 1e-9);
  assert.equal((await resolve(mod(g, 'LFO').id, 'RATE', '0.01 Hz')).value, 0, 'modulator parameters resolve too');
});

test('graph-resolve-value refusals: out of range, incompatible or missing units, enums and booleans', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const filter = mod(g, 'Low-pass LD').id;
  const line = (id: number, p: string, d: string): string => `graph-resolve-value ${id} ${b64(p)} ${b64(d)}`;
  await refusedUnchanged(s, line(filter, 'CUTOFF', '30 kHz'), 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, line(filter, 'CUTOFF', '10 Hz'), 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, line(filter, 'CUTOFF', '-6 dB'), 'invalid_argument');
  await refusedUnchanged(s, line(filter, 'CUTOFF', '1000'), 'invalid_argument');
  await refusedUnchanged(s, line(filter, 'CUTOFF', 'loud'), 'invalid_argument');
  await refusedUnchanged(s, line(filter, 'RESONANCE', '120 %'), 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, line(mod(g, 'Pitch Quantize').id, 'C#', 'on'), 'invalid_argument');
  await refusedUnchanged(s, line(mod(g, 'ADSR').id, 'VELOCITY', '1 %'), 'invalid_argument');
  await refusedUnchanged(s, line(filter, 'NOPE', '1 kHz'), 'not_found');
  await refusedUnchanged(s, `graph-resolve-value ${filter} ${b64('CUTOFF')}`, 'invalid_argument');
});

test('graph-connect / graph-connect-modulator / graph-disconnect: do → undo → redo and refusals', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const saw = mod(g, 'Sawtooth').id;
  const gain = mod(g, 'Attenuate').id;
  const filter = mod(g, 'Low-pass LD').id;
  const lfo = mod(g, 'LFO').id;
  await doUndoRedo(s, `graph-connect ${saw} 0 ${gain} 1`, async (r) => {
    assert.deepEqual(r.connection, {
      source: saw,
      source_kind: 'module',
      source_port: 0,
      source_port_id: 'out',
      target: gain,
      target_port: 1,
      target_port_id: 'amount',
      signal: 'untyped',
      amount: 1,
      types_match: true,
    });
    assert.equal((await graph(s)).connections.length, 11);
  });
  await refusedUnchanged(s, `graph-connect ${saw} 0 ${gain} 1`, 'invalid_argument');
  await refusedUnchanged(s, `graph-connect ${saw} 1 ${gain} 0`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-connect ${saw} 0 ${gain} 2`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-connect ${lfo} 0 ${gain} 0`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-connect ${saw} 0 ${lfo} 0`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-connect ${saw} 0 ${gain}`, 'invalid_argument');
  await doUndoRedo(s, `graph-connect-modulator ${lfo} 0 ${saw} 0`, (r) => assert.equal((r.connection as Cord).source_kind, 'modulator'));
  await refusedUnchanged(s, `graph-connect-modulator ${saw} 0 ${filter} 1`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-connect-modulator ${lfo} 1 ${filter} 1`, 'invalid_argument', 'out_of_range');
  // The filter's cutoff input has the LFO's cord and the velocity's; disconnect removes every cord into that input.
  await doUndoRedo(s, `graph-disconnect ${filter} 1`, async (r) => {
    assert.equal((r.removed as Cord[]).length, 2);
    assert.equal((await graph(s)).modules.find((m) => m.id === filter)!.inputs![1].connected, false);
  });
  await refusedUnchanged(s, `graph-disconnect ${filter} 1`, 'invalid_argument');
  await refusedUnchanged(s, `graph-disconnect ${filter} 5`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-disconnect ${lfo} 0`, 'invalid_argument', 'wrong_uuid_kind');
});

test('graph-move MODULE X Y: do → undo → redo; occupied and out-of-range refused; same cell is a no-op', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const saw = mod(g, 'Sawtooth');
  await doUndoRedo(s, `graph-move ${saw.id} 100 -100`, (r) => assert.deepEqual([r.x, r.y, r.moved, r.from], [100, -100, true, { x: 2, y: 0 }]));
  await doUndoRedo(s, `graph-move ${mod(g, 'LFO').id} 10 10`, (r) => assert.equal(r.moved, true));
  await refusedUnchanged(s, `graph-move ${saw.id} 0 0`, 'invalid_argument', 'occupied');
  await refusedUnchanged(s, `graph-move ${saw.id} 5000 0`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-move 424242 0 0`, 'not_found');
  const depth = s.engine.history.undoDepth;
  assert.equal((await s.ok(`graph-move ${saw.id} 100 -100`)).moved, false);
  assert.equal(s.engine.history.undoDepth, depth);
});

test('graph-clear: returns the before snapshot; undo rebuilds the graph with the same ids and revision', async (t) => {
  const s = await startStack(t);
  const before = await graph(s);
  const r = await doUndoRedo(s, 'graph-clear', async (x) => {
    assert.deepEqual(x.cleared, { modules: 10, modulators: 1, connections: 10 });
    assert.equal((x.before as Graph).revision, before.revision);
    assert.deepEqual((x.before as Graph).modules, before.modules);
    assert.equal((await graph(s)).modules.length, 0);
  });
  assert.notEqual(r.revision, before.revision);
  await s.ok('undo');
  const restored = await graph(s);
  assert.equal(restored.revision, before.revision);
  assert.deepEqual(restored, before);
  await s.ok('redo');
  const empty = await s.ok('graph-clear');
  assert.deepEqual(empty.cleared, { modules: 0, modulators: 0, connections: 0 });
});

test('guard REVISION GRAPH_COMMAND: accepts every graph mutation at the reviewed revision; stale ones change nothing', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const saw = mod(g, 'Sawtooth').id;
  const lfo = mod(g, 'LFO').id;
  const filter = mod(g, 'Low-pass LD').id;
  const stale = g.revision;
  const mutations = [
    `graph-insert ${moduleByName('Noise').uuid} 20 20`,
    `graph-insert-modulator ${modulatorByName('Macro').uuid} 21 21`,
    `graph-set ${saw} ${b64('LEVEL')} 0.5`,
    `graph-set-modulator ${lfo} ${b64('RATE')} 0.2`,
    `graph-connect ${saw} 0 ${filter} 1`,
    `graph-connect-modulator ${lfo} 0 ${saw} 0`,
    `graph-disconnect ${filter} 1`,
    `graph-move ${saw} 30 30`,
    'graph-clear',
  ];
  for (const m of mutations) {
    const current = (await graph(s)).revision;
    const r = await s.ok(`guard ${current} ${m}`);
    assert.equal(r.guarded, true);
    assert.notEqual((await graph(s)).revision, current, `${m} changed the graph`);
    const refused = await refusedUnchanged(s, `guard ${stale} ${m}`, 'stale', 'stale_revision');
    assert.equal(refused.guarded, true);
  }
});

test('guard accepts only graph mutations, and checks the selected graph identity', async (t) => {
  const s = await startStack(t);
  const rev = (await graph(s)).revision;
  const token = (await s.ok('song-state')).project_token as string;
  for (const inner of [
    'set 1 0.5',
    `song-transport-tempo ${token} 100`,
    'graph-state',
    `graph-resolve-value 1 ${b64('A')} ${b64('1 Hz')}`,
    `insert end ${deviceByName('Tool').uuid} ${rev}`,
    'undo',
    `guard ${rev} graph-clear`,
    'nonsense',
  ]) {
    const r = await refusedUnchanged(s, `guard ${rev} ${inner}`, 'invalid_argument');
    assert.match(r.error as string, /only graph mutations/);
  }
  await refusedUnchanged(s, 'guard', 'invalid_argument');
  await refusedUnchanged(s, `guard ${rev}`, 'invalid_argument');
  await refusedUnchanged(s, 'guard 1234 graph-clear', 'invalid_argument');
  await refusedUnchanged(s, `guard ${rev} graph-move 1 2`, 'invalid_argument');
  // Another Grid selected: the reviewed revision belongs to a different graph.
  await s.ok('track 7');
  await s.ok('next');
  await refusedUnchanged(s, `guard ${rev} graph-clear`, 'stale', 'stale_revision');
});
