import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, history } from '../light/operations/helpers.js';

async function stepFrames(show: TestShow, n: number, deltaMs = 1000 / 60): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, deltaMs));
}

test('get_tempo: parameters with paths, beat position, paths to fire', async (t) => {
  const show = await startShow(t);
  const tempo = await show.call('get_tempo');
  assert.equal(tempo.bpm.path, '/lx/tempo/bpm');
  assert.equal(tempo.bpm.value, 120);
  assert.equal(tempo.clockSource.option, 'Int');
  assert.equal(tempo.launchQuantization.option, 'None');
  assert.equal(tempo.tapPath, '/lx/tempo/tap');
  assert.equal(tempo.triggerPath, '/lx/tempo/trigger');
  assert.equal(tempo.periodMs, 500);
  await stepFrames(show, 60, 25);
  const later = await show.call('get_tempo');
  assert.equal(later.beatCount, 3);
  assert.equal(later.beatInBar, 3);
  await show.call('set_parameter', { path: tempo.bpm.path, value: 90 });
  assert.equal((await show.call('get_tempo')).bpm.value, 90);
});

test('fire_trigger: tap tempo by firing the tap button; not recorded in the history', async (t) => {
  const show = await startShow(t);
  const h = await history(show);
  for (let i = 0; i < 5; i++) {
    const r = await show.call('fire_trigger', { path: '/lx/tempo/tap' });
    assert.equal(r.pending, false);
    assert.equal(r.parameter.value, false, 'a momentary button is released after the pulse');
    await stepFrames(show, 24, 25); // 600 ms between taps
  }
  const bpm = (await show.call('get_tempo')).bpm.value;
  assert.ok(Math.abs(bpm - 100) < 0.5, `taps every 600 ms give 100 bpm, got ${bpm}`);
  assert.deepEqual(await history(show), h, 'firing is an action, not an undo step');
});

test('fire_trigger: a quantized launch is pending until the boundary; recall acts at once', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: '/lx/tempo/launchQuantization', value: '1 Bar' });
  const launch = await show.call('fire_trigger', { path: '/lx/mixer/channel/1/pattern/1/launch' });
  assert.equal(launch.pending, true);
  assert.deepEqual((await show.call('get_tempo')).pendingLaunches, ['/lx/mixer/channel/1/pattern/1/launch']);
  await stepFrames(show, 100, 25);
  assert.deepEqual((await show.call('get_tempo')).pendingLaunches, []);
  const recall = await show.call('fire_trigger', { path: '/lx/mixer/channel/1/pattern/1/recall' });
  assert.equal(recall.pending, false);
  assert.equal(recall.parameter.kind, 'trigger');
});

test('fire_trigger: toggles and non-booleans refused; refused inside a batch; nothing changes', async (t) => {
  const show = await startShow(t);
  await assertRefused(show, 'fire_trigger', { path: '/lx/mixer/channel/1/enabled' }, /^invalid_argument: .* is a toggle, not a trigger/);
  await assertRefused(show, 'fire_trigger', { path: '/lx/mixer/channel/1/fader' }, /^invalid_argument: .* is a bounded parameter/);
  await assertRefused(show, 'fire_trigger', { path: '/lx/mixer/channel/1' }, /^invalid_argument: .* is a component, not a parameter/);
  await assertRefused(show, 'fire_trigger', { path: '/lx/mixer/channel/1/nope' }, /^not_found: /);
  await assertRefused(
    show,
    'apply_operations',
    {
      operations: [
        { tool: 'set_parameter', args: { path: '/lx/mixer/channel/1/fader', value: 0.5 } },
        { tool: 'fire_trigger', args: { path: '/lx/tempo/tap' } },
      ],
    },
    /^invalid_argument: operations\[1\] \(fire_trigger\) failed: fire_trigger cannot run in a batch/,
  );
});
