import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, probe } from '../light/operations/helpers.js';

const P1 = '/lx/mixer/channel/1/pattern/1';
const TARGET = `${P1}/gradientRange`;
const all = (show: TestShow) => () => show.call('list_modulations', { detail: 'full', limit: 200 });

test('add_modulator: global and device scope; flags respected; undo removes it', async (t) => {
  const show = await startShow(t);
  const extra = [all(show)];
  const lfo = await assertUndoable(
    show,
    () => show.call('add_modulator', { class: 'LFO' }),
    (r) => {
      assert.equal(r.modulator.path, '/lx/modulation/modulator/1');
      assert.equal(r.modulator.class, 'heronarts.lx.modulator.VariableLFO');
      assert.equal(r.modulator.scope, '/lx/modulation');
      assert.equal(r.modulator.running, true);
      assert.equal(r.modulator.mappingSource, true);
      // What an agent needs next, compactly: the keys with their values (no full parameter payloads).
      assert.equal(r.modulator.parameters, undefined);
      assert.equal(r.parameters.periodFast, 1000);
      assert.ok(Object.keys(r.parameters).length > 3);
      assert.ok(JSON.stringify(r).length < 2000, `${JSON.stringify(r).length} bytes`);
    },
    extra,
  );
  assert.equal(lfo.modulator.label, 'LFO');
  const inPattern = await show.call('add_modulator', { class: 'LFO', scope: P1, label: 'Wobble' });
  assert.equal(inPattern.modulator.path, `${P1}/modulation/modulator/1`);
  assert.equal(inPattern.modulator.label, 'Wobble');
  const interval = await show.call('add_modulator', { class: 'Interval' });
  assert.equal(interval.modulator.mappingSource, false);
  assert.equal(interval.modulator.triggerSource, `${interval.modulator.path}/triggerOut`);
  await assertRefused(show, 'add_modulator', { class: 'Timer', scope: P1 }, /^invalid_argument: Timer can only be added to the global/, extra);
  await assertRefused(show, 'add_modulator', { class: 'Nope' }, /^not_found: no modulator class "Nope"/, extra);
  await assertRefused(show, 'add_modulator', { class: 'MIDI Note' }, /^invalid_argument: MIDI Note .* is not available/, extra);
  await assertRefused(show, 'add_modulator', { class: 'LFO', index: 9 }, /^invalid_argument: index takes an integer in 0–1/, extra);
  await assertRefused(show, 'add_modulator', { class: 'LFO', scope: '/lx/structure' }, /^invalid_argument: .* has no modulation engine/, extra);
});

test('wire_modulation: wiring and depth are ONE undo step; refusals change nothing', async (t) => {
  const show = await startShow(t);
  const lfo = await show.call('add_modulator', { class: 'LFO' });
  const extra = [all(show), () => show.call('get_parameter', { path: TARGET })];
  await assertUndoable(
    show,
    () => show.call('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 0.4, polarity: 'bipolar' }),
    async (r) => {
      assert.equal(r.modulation.path, '/lx/modulation/modulation/1');
      assert.equal(r.modulation.kind, 'modulation');
      assert.equal(r.modulation.range, 0.4);
      assert.equal(r.modulation.polarity, 'bipolar');
      assert.equal(r.modulation.sourceId, lfo.modulator.id);
      assert.equal(r.modulation.targetPath, TARGET);
      assert.equal(r.modulation.rangePath, '/lx/modulation/modulation/1/range');
      assert.equal((await show.call('get_parameter', { path: TARGET })).parameter.modulated, true);
    },
    extra,
  );
  // By ids: a source parameter (component id + key) and the target by id + key.
  const ch2 = (await show.call('get_channel', { path: '/lx/mixer/channel/2' })).channel;
  const p1 = (await show.call('get_channel', { path: '/lx/mixer/channel/1' })).channel.patterns[0];
  const byId = await show.call('wire_modulation', { sourceId: ch2.id, sourceKey: 'fader', targetId: p1.id, targetKey: 'gradientRange', range: -0.2 });
  assert.equal(byId.modulation.sourcePath, '/lx/mixer/channel/2/fader');
  assert.equal(byId.modulation.range, -0.2);
  await assertRefused(
    show,
    'wire_modulation',
    { sourcePath: lfo.modulator.path, targetPath: '/lx/mixer/channel/1/enabled', range: 0.5 },
    /^invalid_argument: .* is not modulatable/,
    extra,
  );
  await assertRefused(show, 'wire_modulation', { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 2 }, /^invalid_argument: range/, extra);
  await assertRefused(show, 'wire_modulation', { sourcePath: lfo.modulator.path, targetPath: '/lx/nope', range: 0.5 }, /^not_found: /, extra);
  await assertRefused(show, 'wire_modulation', { targetPath: TARGET, range: 0.5 }, /^invalid_argument: give the source/, extra);
  const knobs = await show.call('add_modulator', { class: 'Knobs' });
  await show.call('wire_modulation', { sourcePath: `${knobs.modulator.path}/macro1`, targetPath: `${knobs.modulator.path}/macro2`, range: 1 });
  await assertRefused(
    show,
    'wire_modulation',
    { sourcePath: `${knobs.modulator.path}/macro2`, targetPath: `${knobs.modulator.path}/macro1`, range: 1 },
    /^invalid_argument: mapping .* would create a circular dependency/,
    extra,
  );
  const local = await show.call('add_modulator', { class: 'LFO', scope: P1 });
  await assertRefused(
    show,
    'wire_modulation',
    { sourcePath: local.modulator.path, targetPath: '/lx/mixer/channel/2/fader', range: 0.5 },
    /^invalid_argument: .* is outside/,
    extra,
  );
  const inside = await show.call('wire_modulation', { sourcePath: local.modulator.path, targetPath: TARGET, range: 0.5 });
  assert.equal(inside.modulation.scope, `${P1}/modulation`);
});

test('wire_trigger: an interval launches a pattern; toggle targets take a mode', async (t) => {
  const show = await startShow(t);
  const interval = await show.call('add_modulator', { class: 'Interval' });
  await assertUndoable(
    show,
    () => show.call('wire_trigger', { sourcePath: interval.modulator.triggerSource, targetPath: `${P1}/recall` }),
    (r) => {
      assert.equal(r.modulation.kind, 'trigger');
      assert.equal(r.modulation.path, '/lx/modulation/trigger/1');
      assert.equal(r.modulation.mode, undefined, 'momentary → momentary has no mode');
    },
    [all(show)],
  );
  const toggle = await show.call('wire_trigger', { sourcePath: interval.modulator.triggerSource, targetPath: `${P1}/enabled`, mode: 'TOGGLE' });
  assert.equal(toggle.modulation.mode, 'TOGGLE');
  await assertRefused(
    show,
    'wire_trigger',
    { sourcePath: '/lx/mixer/channel/1/fader', targetPath: `${P1}/recall` },
    /^invalid_argument: .* is not a boolean or trigger/,
    [all(show)],
  );
  await assertRefused(
    show,
    'wire_trigger',
    { sourcePath: interval.modulator.triggerSource, targetPath: `${P1}/recall`, mode: 'TOGGLE' },
    /^invalid_argument: .* both momentary/,
    [all(show)],
  );
});

test('wire_trigger: a trigger into an envelope gate with Oneshot off says so; with Oneshot on it does not', async (t) => {
  const show = await startShow(t);
  const interval = await show.call('add_modulator', { class: 'Interval' });
  const envelope = await show.call('add_modulator', { class: 'AHDSR' });
  const gate = { sourcePath: interval.modulator.triggerSource, targetPath: `${envelope.modulator.path}/engage` };
  const warned = await show.call('wire_trigger', gate);
  assert.equal(warned.warnings?.length, 1);
  assert.match(warned.warnings[0], /Oneshot off: a momentary trigger opens and closes its gate in the same frame/);
  assert.match(warned.warnings[0], new RegExp(`${envelope.modulator.path}/oneshot`));
  await show.call('undo');
  await show.call('set_parameter', { path: `${envelope.modulator.path}/oneshot`, value: true });
  const quiet = await show.call('wire_trigger', gate);
  assert.equal(quiet.warnings, undefined);
});

test('remove_modulator: takes its wiring along; undo restores everything with the same ids', async (t) => {
  const show = await startShow(t);
  const lfo = await show.call('add_modulator', { class: 'LFO' });
  const other = await show.call('add_modulator', { class: 'LFO' });
  const w = await show.call('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 0.3 });
  const extra = [all(show), () => show.call('get_parameter', { path: TARGET })];
  await assertUndoable(
    show,
    () => show.call('remove_modulator', { id: lfo.modulator.id }),
    (r) => {
      assert.equal(r.removed, '/lx/modulation/modulator/1');
      assert.equal(r.kind, 'modulator');
      assert.equal(r.id, lfo.modulator.id);
      assert.deepEqual(
        r.removedWiring.map((x: { path: string }) => x.path),
        [w.modulation.path],
      );
      assert.ok(r.pathChanges.some((c: { id: number; after: string }) => c.id === other.modulator.id && c.after === '/lx/modulation/modulator/1'));
    },
    extra,
  );
  await assertRefused(show, 'remove_modulator', { path: P1 }, /^invalid_argument: .* is not a modulator/, extra);
  await assertRefused(show, 'remove_modulator', { path: '/lx/mixer/channel/1/pattern/1/modulator/1' }, /^(invalid_argument|not_found): /, extra);
});

test('move_modulator and remove_modulation: pathChanges; undo', async (t) => {
  const show = await startShow(t);
  const a = await show.call('add_modulator', { class: 'LFO' });
  const b = await show.call('add_modulator', { class: 'Noise' });
  await assertUndoable(
    show,
    () => show.call('move_modulator', { path: a.modulator.path, index: 1 }),
    (r) => {
      assert.equal(r.modulator.path, '/lx/modulation/modulator/2');
      assert.deepEqual(r.pathChanges.map((c: { id: number }) => c.id).sort(), [a.modulator.id, b.modulator.id].sort());
    },
    [all(show)],
  );
  await assertRefused(show, 'move_modulator', { path: a.modulator.path, index: 2 }, /^invalid_argument: index takes an integer in 0–1/, [all(show)]);
  const w1 = await show.call('wire_modulation', { sourcePath: a.modulator.path, targetPath: TARGET, range: 0.3 });
  const w2 = await show.call('wire_modulation', { sourcePath: b.modulator.path, targetPath: TARGET, range: 0.2 });
  await assertUndoable(
    show,
    () => show.call('remove_modulation', { path: w1.modulation.path }),
    (r) => {
      assert.equal(r.kind, 'modulation');
      assert.equal(r.id, w1.modulation.id);
      assert.deepEqual(r.pathChanges, [{ id: w2.modulation.id, before: '/lx/modulation/modulation/2', after: '/lx/modulation/modulation/1' }]);
    },
    [all(show), () => show.call('get_parameter', { path: TARGET })],
  );
  await assertRefused(show, 'remove_modulation', { path: a.modulator.path }, /^invalid_argument: .* is not a modulation/, [all(show)]);
});

test('list_modulations: whole show or one scope; summary/full keep key types; paging goes stale on change', async (t) => {
  const show = await startShow(t);
  for (let i = 0; i < 3; i++) await show.call('add_modulator', { class: 'LFO' });
  const local = await show.call('add_modulator', { class: 'LFO', scope: P1 });
  await show.call('wire_modulation', { sourcePath: '/lx/modulation/modulator/1', targetPath: TARGET, range: 0.3 });
  await show.call('wire_modulation', { sourcePath: local.modulator.path, targetPath: TARGET, range: 0.3 });
  const everything = await show.call('list_modulations');
  assert.deepEqual(everything.totals, { modulators: 4, modulations: 2, triggers: 0 });
  assert.equal(everything.total, 6);
  const scoped = await show.call('list_modulations', { scope: P1 });
  assert.deepEqual(scoped.totals, { modulators: 1, modulations: 1, triggers: 0 });
  const full = await show.call('list_modulations', { detail: 'full', limit: 50 });
  for (const [k, v] of Object.entries(everything.modulations[0])) assert.equal(typeof full.modulations[0][k], typeof v, k);
  const p1 = await show.call('list_modulations', { limit: 4 });
  assert.equal(p1.modulators.length, 4);
  assert.equal(p1.modulations.length, 0);
  const p2 = await show.call('list_modulations', { limit: 4, cursor: p1.nextCursor });
  assert.equal(p2.modulations.length, 2);
  assert.equal(p2.nextCursor, undefined);
  await show.call('add_modulator', { class: 'LFO' });
  assert.match(await show.callError('list_modulations', { limit: 4, cursor: p1.nextCursor }), /^stale: /);
});

test('envelope stages: list, add, set, remove — each one undo step; refusals change nothing', async (t) => {
  const show = await startShow(t);
  const env = await show.call('add_modulator', { class: 'Envelope' });
  const path = env.modulator.path;
  const stages = () => show.call('list_stages', { path });
  const initial = await stages();
  assert.deepEqual(
    initial.stages.map((s: { basis: number; fixed: boolean }) => [s.basis, s.fixed]),
    [
      [0, true],
      [1, true],
    ],
  );
  const added = await assertUndoable(
    show,
    () => show.call('add_stage', { path, basis: 0.25, value: 0.8, shape: 2 }),
    (r) => {
      assert.equal(r.index, 1);
      assert.deepEqual(r.stages[1], { index: 1, basis: 0.25, value: 0.8, shape: 2, fixed: false });
    },
    [stages],
  );
  assert.equal(added.stages.length, 3);
  await show.call('add_stage', { path, basis: 0.25, value: 0.8, shape: 2 });
  await show.call('add_stage', { path, basis: 0.5, value: 0.2 });
  await assertUndoable(
    show,
    () => show.call('set_stage', { path, index: 1, basis: 0.4, value: 0.1 }),
    (r) => {
      assert.deepEqual(r.stages[1], { index: 1, basis: 0.4, value: 0.1, shape: 2, fixed: false });
    },
    [stages],
  );
  await assertUndoable(
    show,
    () => show.call('remove_stage', { path, index: 1 }),
    (r) => {
      assert.deepEqual(r.removed, { basis: 0.25, value: 0.8, shape: 2 });
      assert.equal(r.stages.length, 3);
    },
    [stages],
  );
  const extra = [stages];
  await assertRefused(show, 'add_stage', { path, basis: 1, value: 0.5 }, /^invalid_argument: basis takes a number strictly between 0 and 1/, extra);
  await assertRefused(show, 'add_stage', { path, basis: 0.5, value: 0.5 }, /^invalid_argument: a stage already sits at basis 0.5/, extra);
  await assertRefused(show, 'add_stage', { path, basis: 0.7, value: 2 }, /^invalid_argument: value takes a number in 0–1/, extra);
  await assertRefused(show, 'set_stage', { path, index: 1, basis: 0.6 }, /^invalid_argument: basis takes a number strictly between 0 and 0.5/, extra);
  await assertRefused(show, 'set_stage', { path, index: 0, basis: 0.1 }, /^invalid_argument: stage 0 is the first stage/, extra);
  await assertRefused(show, 'set_stage', { path, index: 0, shape: 2 }, /^invalid_argument: the first stage has no curve/, extra);
  await assertRefused(show, 'set_stage', { path, index: 1 }, /^invalid_argument: give at least one/, extra);
  await assertRefused(show, 'remove_stage', { path, index: 0 }, /^invalid_argument: index takes an inner stage, 1–2/, extra);
  await assertRefused(show, 'list_stages', { path: '/lx/mixer/channel/1' }, /^invalid_argument: .* is not a multi-stage envelope/, extra);
});

test('removing a channel takes the modulations into it along; undo brings them back', async (t) => {
  const show = await startShow(t);
  const lfo = await show.call('add_modulator', { class: 'LFO' });
  const w = await show.call('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 0.3 });
  await assertUndoable(
    show,
    () => show.call('remove_channel', { path: '/lx/mixer/channel/1' }),
    (r) => {
      assert.deepEqual(r.removedWiring, [
        { kind: 'modulation', path: w.modulation.path, scope: '/lx/modulation', sourcePath: lfo.modulator.path, targetPath: TARGET },
      ]);
    },
    [all(show), probe(show, 'get_parameter', { path: TARGET })],
  );
  const copy = await show.call('copy_channel', { path: '/lx/mixer/channel/1' });
  assert.deepEqual(
    copy.unreplicatedWiring.map((x: { path: string }) => x.path),
    [w.modulation.path],
  );
});

test('apply_operations: add an LFO and wire it with depth in one step; undo in one step', async (t) => {
  const show = await startShow(t);
  const before = await all(show)();
  await show.call('apply_operations', {
    operations: [
      { tool: 'add_modulator', args: { class: 'LFO' } },
      { tool: 'wire_modulation', args: { sourcePath: '/lx/modulation/modulator/1', targetPath: TARGET, range: 0.5 } },
      { tool: 'set_parameter', args: { path: '/lx/modulation/modulator/1/periodFast', value: 2000 } },
    ],
  });
  assert.equal((await show.call('get_parameter', { path: TARGET })).parameter.modulated, true);
  await show.call('undo');
  assert.deepEqual(await all(show)(), before);
  assert.equal((await show.call('get_parameter', { path: TARGET })).parameter.modulated, undefined);
});

test('copies carry the modulation inside them, wired to their own parts; trigger mappings into a removed pattern come back with undo', async (t) => {
  const show = await startShow(t);
  const lfo = await show.call('add_modulator', { class: 'LFO', scope: P1 });
  await show.call('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 0.25 });
  const copy = await show.call('copy_pattern', { path: P1, containerPath: '/lx/mixer/channel/2' });
  const inside = await show.call('list_modulations', { scope: copy.pattern.path, detail: 'full' });
  assert.equal(inside.modulators.length, 1);
  assert.equal(inside.modulations.length, 1);
  const m = inside.modulations[0];
  assert.equal(m.sourcePath, `${copy.pattern.path}/modulation/modulator/1`);
  assert.equal(m.targetPath, `${copy.pattern.path}/gradientRange`);
  assert.equal(m.range, 0.25);
  assert.notEqual(m.sourceId, lfo.modulator.id, 'the copy drives itself, not the source');
  const interval = await show.call('add_modulator', { class: 'Interval' });
  const trig = await show.call('wire_trigger', { sourcePath: interval.modulator.triggerSource, targetPath: `${copy.pattern.path}/recall` });
  await assertUndoable(
    show,
    () => show.call('remove_pattern', { path: copy.pattern.path }),
    (r) => {
      assert.deepEqual(
        r.removedWiring.map((w: { kind: string; path: string }) => [w.kind, w.path]),
        [['trigger', trig.modulation.path]],
      );
    },
    [all(show)],
  );
});

test('a modulator payload carries its output now, so an agent can see an LFO move', async (t) => {
  const show = await startShow(t);
  const added = (await show.call('add_modulator', { class: 'LFO' })).modulator;
  assert.equal(typeof added.output, 'number');
  const outputAt = async () => (await show.call('list_modulations', {})).modulators.find((m: { id: number }) => m.id === added.id).output as number;
  const seen = new Set<number>();
  for (let i = 0; i < 4; i++) {
    seen.add(await outputAt());
    await show.app.engine.queue.submit(() => show.app.engine.clock.step(250));
  }
  assert.ok(seen.size > 1, `the output moved: ${[...seen].join(', ')}`);
  for (const v of seen) assert.ok(v >= 0 && v <= 1, `${v} is within 0–1`);
});
