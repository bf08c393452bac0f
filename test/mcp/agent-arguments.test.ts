import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const FADER = '/lx/mixer/channel/2/fader';
const TARGET = '/lx/mixer/channel/1/pattern/1/gradientRange';
const all = (show: TestShow) => () => show.call('list_modulations', { detail: 'full', limit: 200 });

test('set_parameter: a number sent as text is a number (form-based clients); text that is not a number is still refused', async (t) => {
  const show = await startShow(t);
  await assertUndoable(
    show,
    () => show.call('set_parameter', { path: FADER, value: '0.3' }),
    (r) => {
      assert.equal(r.parameter.value, 0.3);
    },
  );
  await assertUndoable(
    show,
    () => show.call('set_parameter', { path: '/lx/mixer/channel/1/enabled', value: 'false' }),
    (r) => {
      assert.equal(r.parameter.value, false);
    },
  );
  await assertRefused(show, 'set_parameter', { path: FADER, value: '0.3x' }, /^invalid_argument: .*takes a number/);
  await assertRefused(show, 'set_parameter', { path: FADER, value: '7' }, /^invalid_argument: .*takes 0–1; got 7/);
  // A text parameter keeps text: the label becomes "42", not a number.
  const label = await show.call('set_parameter', { path: '/lx/mixer/channel/1/label', value: '42' });
  assert.equal(label.parameter.value, '42');
});

test('set_parameter: id plus the full parameter path, as its description says; a path of another component is stale', async (t) => {
  const show = await startShow(t);
  const channel = await show.call('get_channel', { path: '/lx/mixer/channel/2' });
  await assertUndoable(
    show,
    () => show.call('set_parameter', { id: channel.channel.id, path: FADER, value: 0.6 }),
    (r) => {
      assert.equal(r.parameter.value, 0.6);
    },
  );
  await assertRefused(
    show,
    'set_parameter',
    { id: channel.channel.id, path: '/lx/mixer/channel/1/fader', value: 0.6 },
    /^stale: \/lx\/mixer\/channel\/1\/fader belongs to component \d+, not component/,
  );
});

test('not found offers the closest names', async (t) => {
  const show = await startShow(t);
  assert.match(
    await show.callError('get_parameter', { path: '/lx/mixer/channel/1/fadr' }),
    /^not_found: \/lx\/mixer\/channel\/1 has nothing named "fadr"; closest: "fader"/,
  );
  const channel = await show.call('get_channel', { path: '/lx/mixer/channel/1' });
  assert.match(
    await show.callError('get_parameter', { id: channel.channel.id, key: 'enable' }),
    /^not_found: .* has no parameter "enable"; closest: "enabled"/,
  );
  assert.match(await show.callError('get_parameter', { path: '/lx/mixer/channel/1/zzzzqqq' }), /nothing named "zzzzqqq"$/);
});

test('wire_modulation and wire_trigger: a retried wiring is refused, the depth is not doubled', async (t) => {
  const show = await startShow(t);
  const extra = [all(show)];
  const lfo = await show.call('add_modulator', { class: 'LFO' });
  const first = await show.call('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 0.4 });
  const text = await assertRefused(
    show,
    'wire_modulation',
    { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 0.4 },
    /^invalid_argument: .* is already modulated by this source through /,
    extra,
  );
  assert.ok(text.includes(first.modulation.path), text);
  assert.equal((await show.call('list_modulations')).modulations.length, 1);
  const beat = (await show.call('get_tempo')).triggerPath;
  await show.call('wire_trigger', { sourcePath: beat, targetPath: '/lx/mixer/channel/1/enabled' });
  await assertRefused(
    show,
    'wire_trigger',
    { sourcePath: beat, targetPath: '/lx/mixer/channel/1/enabled' },
    /^invalid_argument: .* already triggers .* through /,
    extra,
  );
});

test('list_parameters marks the knobs wire_modulation can target, as its refusal says', async (t) => {
  const show = await startShow(t);
  const listed = await show.call('list_parameters', { path: '/lx/mixer/channel/1/pattern/1' });
  const range = listed.parameters.find((p: { key: string }) => p.key === 'gradientRange');
  assert.equal(range.modulatable, true);
  const lfo = await show.call('add_modulator', { class: 'LFO' });
  assert.match(
    await show.callError('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: '/lx/mixer/channel/1/enabled', range: 0.5 }),
    /list_parameters marks them modulatable: true/,
  );
  const enabled = (await show.call('get_parameter', { path: '/lx/mixer/channel/1/enabled' })).parameter;
  assert.equal(enabled.modulatable, undefined);
});

test('list_parameters: compact by default, full on request; keys, kinds and modulatedOnly filter', async (t) => {
  const show = await startShow(t);
  const P = '/lx/mixer/channel/1/pattern/1';
  const compact = await show.call('list_parameters', { path: P });
  const full = await show.call('list_parameters', { path: P, detail: 'full' });
  assert.equal(compact.parameters.length, full.parameters.length);
  assert.ok(full.parameters.every((p: { oscAddress?: string }) => typeof p.oscAddress === 'string'));
  assert.ok(compact.parameters.every((p: { oscAddress?: string; componentId?: number }) => typeof p.oscAddress === 'string' && p.componentId === undefined));
  assert.ok(JSON.stringify(compact).length < JSON.stringify(full).length * 0.8, `${JSON.stringify(compact).length} vs ${JSON.stringify(full).length}`);
  const some = await show.call('list_parameters', { path: P, keys: ['gradientRange', 'label'] });
  assert.deepEqual(some.parameters.map((p: { key: string }) => p.key).sort(), ['gradientRange', 'label']);
  const bounded = await show.call('list_parameters', { path: P, kinds: ['bounded'] });
  assert.ok(bounded.parameters.length > 0 && bounded.parameters.every((p: { kind: string }) => p.kind === 'bounded'));
  assert.deepEqual((await show.call('list_parameters', { path: P, modulatedOnly: true })).parameters, []);
  const lfo = await show.call('add_modulator', { class: 'LFO' });
  await show.call('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: TARGET, range: 0.4 });
  assert.deepEqual(
    (await show.call('list_parameters', { path: P, modulatedOnly: true })).parameters.map((p: { key: string }) => p.key),
    ['gradientRange'],
  );
  assert.match(await show.callError('list_parameters', { path: P, kinds: ['knob'] }), /^invalid_argument: kinds/);
});

test('describe_model: compact by default (descendants without center and meta), full on request', async (t) => {
  const show = await startShow(t);
  const compact = await show.call('describe_model', {});
  const full = await show.call('describe_model', { detail: 'full' });
  const grid = (r: { node: { children: { meta?: unknown; center?: unknown; children?: { center?: unknown }[] }[] } }) => r.node.children[0];
  assert.ok(grid(full).meta !== undefined && grid(full).children![0].center !== undefined);
  assert.equal(grid(compact).meta, undefined);
  assert.equal(grid(compact).children![0].center, undefined);
  assert.ok(compact.node.center !== undefined, 'the node asked for keeps its center');
  assert.ok(JSON.stringify(compact).length < JSON.stringify(full).length * 0.8);
  assert.match(await show.callError('describe_model', { detail: 'all' }), /^invalid_argument: detail/);
});
