import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FunctionCommand } from '../../src/engine/commands/command.js';
import { startSound, type SoundShow } from '../tools/sound/helpers.js';

const FADER = '/lx/mixer/channel/2/fader';
const HUE = '/lx/mixer/channel/2/pattern/1/color/hue';

type Step = { seq: number; label: string; surface: string };

const value = async (show: SoundShow, path: string): Promise<unknown> => (await show.call('get_parameter', { path })).parameter.value;
const controls = async (show: SoundShow): Promise<number[]> =>
  (await show.call('sound_get_device_state')).controls.map((c: { mcp_value: number }) => c.mcp_value);

/** What a test compares: light values, the sound device's controls and the whole history. */
async function state(show: SoundShow) {
  return {
    fader: await value(show, FADER),
    hue: await value(show, HUE),
    controls: await controls(show),
    history: await show.call('get_history', { limit: 200 }),
  };
}

const brief = (s: Step): Step => ({ seq: s.seq, label: s.label, surface: s.surface });

/** Four steps, light and sound alternating; returns them oldest first, as get_history reports them. */
async function mixedSteps(show: SoundShow): Promise<Step[]> {
  await show.call('set_parameter', { path: FADER, value: 0.2 });
  await show.coop('sound_set_controls', { controls: [{ index: 3, value: 96 }] });
  await show.call('set_parameter', { path: HUE, value: 120 });
  await show.coop('sound_set_controls', { controls: [{ index: 3, value: 16 }] });
  return ((await show.call('get_history', { limit: 4 })).steps as Step[]).map(brief).reverse();
}

test('undo {steps} then redo {steps}: light and sound steps unwound and replayed in one call each', async (t) => {
  const show = await startSound(t);
  const before = await state(show);
  const steps = await mixedSteps(show);
  assert.deepEqual(
    steps.map((s) => s.surface),
    ['mcp', 'mcp', 'mcp', 'mcp'],
  );
  assert.match(steps[0].label, /Channel-2 Fader/);
  assert.match(steps[1].label, /^Change Poly Grid /, 'a sound step, through protocol 3');
  assert.match(steps[2].label, /Hue/);
  assert.match(steps[3].label, /^Change Poly Grid /);
  const done = await state(show);
  assert.equal(done.fader, 0.2);
  assert.equal(done.hue, 120);
  assert.equal(done.controls[2], 16);

  const u = await show.call('undo', { steps: 4 });
  assert.equal(Object.keys(u)[0], 'summary', 'summary first');
  assert.equal(u.summary, `Undid 4 steps, seq ${steps[3].seq} to ${steps[0].seq}.`);
  assert.deepEqual(u.steps, steps.slice().reverse(), 'every step undone, newest first, as it was applied');
  assert.equal(u.step.seq, steps[0].seq, 'step: the last one undone, with who made it');
  assert.deepEqual(u.position, { seq: 0, undoDepth: 0, redoDepth: 4 });
  assert.equal(u.changed, true);
  const restored = await state(show);
  assert.deepEqual({ ...restored, history: undefined }, { ...before, history: undefined });
  assert.deepEqual(restored.history.steps, before.history.steps);

  const r = await show.call('redo', { steps: 4 });
  assert.equal(r.summary, `Redid 4 steps, seq ${steps[0].seq} to ${steps[3].seq}.`);
  assert.deepEqual(r.steps, steps);
  assert.deepEqual(r.position, { seq: steps[3].seq, undoDepth: 4, redoDepth: 0 });
  assert.deepEqual(await state(show), done, 'redo brings back the same values and the same history');
});

test('undo {toSeq} keeps that step and takes back the rest; redo {toSeq} replays up to it', async (t) => {
  const show = await startSound(t);
  const before = await state(show);
  const steps = await mixedSteps(show);
  const u = await show.call('undo', { toSeq: steps[0].seq });
  assert.deepEqual(u.steps, steps.slice(1).reverse());
  assert.deepEqual(u.position, { seq: steps[0].seq, undoDepth: 1, redoDepth: 3 });
  assert.equal(u.nextUndo, steps[0].label);
  assert.equal(await value(show, FADER), 0.2, 'the step named is kept');
  assert.equal(await value(show, HUE), before.hue);
  assert.deepEqual(await controls(show), before.controls);

  const r = await show.call('redo', { toSeq: steps[2].seq });
  assert.deepEqual(r.steps, steps.slice(1, 3), 'redo toSeq includes the step named');
  assert.deepEqual(r.position, { seq: steps[2].seq, undoDepth: 3, redoDepth: 1 });
  assert.equal(await value(show, HUE), 120);
  assert.equal((await controls(show))[2], 96);

  const same = await show.call('undo', { toSeq: steps[2].seq });
  assert.equal(same.changed, false, 'toSeq naming the top step: nothing after it to undo');
  assert.deepEqual(same.steps, []);
  assert.equal(same.summary, 'Nothing to undo.');
});

test('undo/redo bounds: bad steps and toSeq are invalid_argument and change nothing, history included', async (t) => {
  const show = await startSound(t);
  const steps = await mixedSteps(show);
  await show.call('undo', { toSeq: steps[1].seq });
  const before = await state(show);
  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['undo', { steps: 0 }, /^invalid_argument: steps: /],
    ['undo', { steps: 10_001 }, /^invalid_argument: steps: /],
    ['undo', { steps: 1.5 }, /^invalid_argument: steps: /],
    ['undo', { steps: '2' }, /^invalid_argument: steps: /],
    ['redo', { steps: -1 }, /^invalid_argument: steps: /],
    ['undo', { steps: 2, toSeq: steps[0].seq }, /^invalid_argument: send either steps or toSeq, not both/],
    ['undo', { toSeq: 999 }, /^invalid_argument: toSeq 999 is not a step undo can keep: the undo stack holds steps with seqs from \d+ to \d+\. Send /],
    ['undo', { toSeq: steps[3].seq }, /already undone \(redo to it performs it again\)/],
    ['redo', { toSeq: steps[0].seq }, /^invalid_argument: toSeq \d+ is not a step redo can reach: it is already done/],
    ['redo', { toSeq: 999 }, /^invalid_argument: toSeq 999 is not a step redo can reach: the redo stack, next first, holds steps/],
    ['undo', { toSeq: 1.5 }, /^invalid_argument: toSeq: /],
  ];
  for (const [tool, args, message] of refusals) {
    assert.match(await show.callError(tool, args), message, `${tool} ${JSON.stringify(args)}`);
    assert.deepEqual(await state(show), before, `${tool} ${JSON.stringify(args)} changed nothing`);
  }
});

test('undo {steps} beyond the history takes all of it and says so; with nothing left, changed: false', async (t) => {
  const show = await startSound(t);
  const start = await value(show, FADER);
  await show.call('set_parameter', { path: FADER, value: 0.3 });
  await show.call('set_parameter', { path: FADER, value: 0.6 });
  const u = await show.call('undo', { steps: 50 });
  assert.equal(u.steps.length, 2);
  assert.match(u.summary, /^Undid 2 steps, seq \d+ to \d+\. Asked for 50; the undo stack held only 2\.$/);
  assert.equal(await value(show, FADER), start);
  const none = await show.call('undo', { steps: 3 });
  assert.deepEqual(
    { ...none, canRedo: undefined },
    {
      summary: 'Nothing to undo.',
      action: 'undo',
      changed: false,
      steps: [],
      position: { seq: 0, undoDepth: 0, redoDepth: 2 },
      canUndo: false,
      canRedo: undefined,
      nextRedo: 'Change Channel-2 Fader',
    },
  );
});

test('undo {steps}: a step that cannot be undone stops the call there; the steps before it are reported, none half-done', async (t) => {
  const show = await startSound(t);
  const { history, queue } = show.app.engine;
  const start = await value(show, FADER);
  await show.call('set_parameter', { path: FADER, value: 0.3 });
  let fail = true;
  let fragileUndone = false;
  const fragile = new FunctionCommand(
    'Fragile step',
    () => {},
    () => {
      if (fail) throw new Error('cannot');
      fragileUndone = true;
    },
  );
  await queue.submit(() => history.perform(fragile, { surface: 'console', session: 'c1' }));
  await show.call('set_parameter', { path: HUE, value: 200 });
  const [hue, fragileStep, fader] = (await show.call('get_history', { limit: 3 })).steps as Step[];

  const u = await show.call('undo', { steps: 3 });
  assert.deepEqual(u.steps, [brief(hue)], 'only the step above the fragile one was undone');
  assert.deepEqual({ ...u.stopped, error: undefined }, { ...brief(fragileStep), error: undefined });
  assert.match(u.stopped.error, /undo of "Fragile step" failed and was not applied; history is unchanged \(cannot\)/);
  assert.match(u.summary, new RegExp(`^Undid seq ${hue.seq} "[^"]+"\\. Stopped at seq ${fragileStep.seq} "Fragile step", which could not be undone`));
  assert.deepEqual(u.position, { seq: fragileStep.seq, undoDepth: 2, redoDepth: 1 });
  assert.equal(fragileUndone, false);
  assert.notEqual(await value(show, HUE), 200, 'the step above it was undone');
  assert.equal(await value(show, FADER), 0.3, 'the step below it was not touched');

  // The first step failing is the single-step failure, unchanged: an error, nothing done.
  const before = await state(show);
  assert.match(await show.callError('undo', { steps: 2 }), /^internal: undo of "Fragile step" failed and was not applied/);
  assert.deepEqual(await state(show), before);

  fail = false;
  const all = await show.call('undo', { steps: 2 });
  assert.deepEqual(
    all.steps.map((s: Step) => s.seq),
    [fragileStep.seq, fader.seq],
  );
  assert.equal(fragileUndone, true);
  assert.equal(await value(show, FADER), start);
});

test('sound_undo {steps} / sound_redo {toSeq}: the same targets over protocol 3, previewed, confirmed, one host operation each', async (t) => {
  const show = await startSound(t);
  const before = await state(show);
  const steps = await mixedSteps(show);
  const done = await state(show);

  const [preview, u] = await show.confirm('sound_undo', { steps: 4 });
  assert.equal(preview.command, 'undo steps 4');
  assert.match(preview.summary, new RegExp(`^Undo 4 steps, starting with seq ${steps[3].seq} "`));
  assert.equal(u.status, 'completed');
  assert.deepEqual(
    u.native.steps.map((s: Step) => s.seq),
    steps.map((s) => s.seq).reverse(),
  );
  assert.equal(u.native.undone.seq, steps[0].seq);
  const restored = await state(show);
  assert.deepEqual({ ...restored, history: undefined }, { ...before, history: undefined });

  const [redoPreview, r] = await show.confirm('sound_redo', { toSeq: steps[2].seq });
  assert.equal(redoPreview.command, `redo to ${steps[2].seq}`);
  assert.deepEqual(
    r.native.steps.map((s: Step) => s.seq),
    steps.slice(0, 3).map((s) => s.seq),
  );
  await show.confirm('sound_redo');
  assert.deepEqual({ ...(await state(show)), history: undefined }, { ...done, history: undefined });

  const now = await state(show);
  for (const [args, message] of [
    [{ toSeq: steps[3].seq }, /^invalid_argument: toSeq \d+ is not a step undo can reach: the next undo is seq \d+/],
    [{ steps: 0 }, /^invalid_argument: steps: /],
    [{ steps: 2, toSeq: steps[0].seq }, /^invalid_argument: send either steps or toSeq, not both/],
  ] as const) {
    show.cooperative(true);
    assert.match(await show.callError('sound_undo', args), message, JSON.stringify(args));
    show.cooperative(false);
    assert.deepEqual(await state(show), now, `${JSON.stringify(args)} changed nothing`);
  }
  show.cooperative(true);
  assert.match(await show.callError('sound_redo', { toSeq: steps[0].seq }), /^invalid_argument: nothing to redo in the host's history/);
  assert.deepEqual(await state(show), now);
});
