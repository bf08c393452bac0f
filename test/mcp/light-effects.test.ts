import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, probe, wireDirect } from '../light/operations/helpers.js';

const CH1 = '/lx/mixer/channel/1';
const CH2 = '/lx/mixer/channel/2';
const MASTER = '/lx/mixer/master';

test('add_effect: to a channel, the master and a pattern, at an index; undo', async (t) => {
  const show = await startShow(t);
  const r = await assertUndoable(
    show,
    () => show.call('add_effect', { containerPath: CH1, class: 'Invert' }),
    async (r) => {
      assert.equal(r.effect.path, `${CH1}/effect/1`);
      assert.equal(r.effect.class, 'heronarts.lx.effect.InvertEffect');
      assert.equal(r.effect.enabled, true);
      assert.equal(r.effect.locked, false);
      assert.deepEqual((await show.call('get_channel', { path: CH1 })).channel.effects, [r.effect]);
      // Its knobs by key, with the values list_parameters reads.
      const listed = (await show.call('list_parameters', { path: r.effect.path })).parameters;
      assert.deepEqual(r.parameters, Object.fromEntries(listed.map((p: { key: string; value: unknown }) => [p.key, p.value])));
    },
  );
  assert.equal(r.effect.index, 0);
  await show.call('add_effect', { containerPath: MASTER, class: 'Blur' });
  const front = await show.call('add_effect', { containerPath: MASTER, class: 'Strobe', index: 0 });
  assert.equal(front.effect.path, `${MASTER}/effect/1`);
  assert.ok(front.pathChanges.some((c: { before: string; after: string }) => c.before === `${MASTER}/effect/1` && c.after === `${MASTER}/effect/2`));
  const onPattern = await show.call('add_effect', { containerPath: `${CH1}/pattern/1`, class: 'Hue + Saturation' });
  assert.equal(onPattern.effect.path, `${CH1}/pattern/1/effect/1`);
  assert.equal((await show.call('get_channel', { path: CH1 })).channel.patterns[0].effects[0].id, onPattern.effect.id);
  await assertRefused(show, 'add_effect', { containerPath: CH1, class: 'Nope' }, /^not_found: no effect class "Nope"/);
  await assertRefused(show, 'add_effect', { containerPath: CH1, class: 'Invert', index: 2 }, /^invalid_argument: index takes an integer in 0–0/);
  await assertRefused(show, 'add_effect', { containerPath: '/lx/structure', class: 'Invert' }, /^invalid_argument: .* cannot hold effects/);
});

test('remove_effect: locked is refused; dependent modulations restored by undo', async (t) => {
  const show = await startShow(t);
  const fx = await show.call('add_effect', { containerPath: CH1, class: 'Hue + Saturation' });
  const params = await show.call('list_parameters', { path: fx.effect.path });
  const knob = params.parameters.find((p: { kind: string; key: string }) => p.kind === 'bounded' && p.key !== 'label');
  const wired = await wireDirect(show, `${CH2}/fader`, knob.path);
  await assertUndoable(
    show,
    () => show.call('remove_effect', { path: fx.effect.path }),
    (r) => {
      assert.equal(r.kind, 'effect');
      assert.equal(r.id, fx.effect.id);
      assert.deepEqual(
        r.removedWiring.map((w: { path: string }) => w.path),
        [wired],
      );
    },
    [probe(show, 'get_parameter', { path: knob.path })],
  );
  await show.call('set_parameter', { path: `${fx.effect.path}/locked`, value: true });
  await assertRefused(show, 'remove_effect', { path: fx.effect.path }, /^invalid_argument: .* is locked; unlock it first/);
});

test('move_effect: within a chain and to another container (same id); out-of-scope wiring dropped', async (t) => {
  const show = await startShow(t);
  const a = await show.call('add_effect', { containerPath: CH1, class: 'Invert' });
  const b = await show.call('add_effect', { containerPath: CH1, class: 'Blur' });
  await assertUndoable(
    show,
    () => show.call('move_effect', { path: a.effect.path, index: 1 }),
    (r) => {
      assert.equal(r.effect.path, `${CH1}/effect/2`);
      assert.equal(r.effect.id, a.effect.id);
      assert.deepEqual(r.droppedWiring, []);
      assert.ok(r.pathChanges.some((c: { id: number }) => c.id === b.effect.id));
    },
  );
  // A modulation in channel 1's own engine cannot reach the effect on channel 2; a global one can.
  const knob = (await show.call('list_parameters', { path: b.effect.path })).parameters.find((p: { kind: string; key: string }) => p.kind === 'bounded');
  const global = await wireDirect(show, `${CH2}/fader`, knob.path);
  const lfo = await show.call('add_modulator', { class: 'LFO', scope: CH1 });
  const local = await wireDirect(show, lfo.modulator.path, knob.path);
  await assertUndoable(
    show,
    () => show.call('move_effect', { path: b.effect.path, containerPath: CH2, index: 0 }),
    async (r) => {
      assert.equal(r.effect.path, `${CH2}/effect/1`);
      assert.equal(r.effect.id, b.effect.id);
      assert.deepEqual(
        r.droppedWiring.map((w: { path: string }) => w.path),
        [local],
      );
      const p = await show.call('get_parameter', { path: `${CH2}/effect/1/${knob.key}` });
      assert.equal(p.parameter.modulated, true, `the global modulation ${global} followed`);
    },
    [probe(show, 'get_parameter', { path: knob.path })],
  );
  await assertRefused(show, 'move_effect', { path: a.effect.path, index: 2 }, /^invalid_argument: index takes an integer in 0–1/);
  await assertRefused(show, 'move_effect', { path: a.effect.path, index: 0, containerPath: CH2 + '/pattern/1/effect' }, /^(not_found|invalid_argument): /);
});

test('copy_effect: same chain and to the master; new ids; outside wiring reported', async (t) => {
  const show = await startShow(t);
  const fx = await show.call('add_effect', { containerPath: CH1, class: 'Strobe' });
  await assertUndoable(
    show,
    () => show.call('copy_effect', { path: fx.effect.path }),
    (r) => {
      assert.equal(r.effect.path, `${CH1}/effect/2`);
      assert.notEqual(r.effect.id, fx.effect.id);
      assert.deepEqual(r.unreplicatedWiring, []);
    },
  );
  const master = await show.call('copy_effect', { path: fx.effect.path, containerPath: MASTER });
  assert.equal(master.effect.path, `${MASTER}/effect/1`);
  await assertRefused(show, 'copy_effect', { path: fx.effect.path, containerPath: MASTER, index: 5 }, /^invalid_argument: index/);
});
