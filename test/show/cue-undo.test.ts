// Clip- and cue-driven parameter changes and the one history (issue 29): undoing what made a clip
// drive a parameter (the cue's placement, the clip, its lane, a launch_clip) puts the parameter
// back, in the same undo step; a value set by hand on a parameter a cue's clip drives says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { history } from '../light/operations/helpers.js';

const CH = '/lx/mixer/channel/1';
const FADER = `${CH}/fader`;

async function stepFrames(show: TestShow, n: number): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 1000 / 60));
}

const fader = async (show: TestShow): Promise<number> => (await show.call('get_parameter', { path: FADER })).parameter.value;
const depth = async (show: TestShow): Promise<number> => ((await history(show)) as { undoDepth: number }).undoDepth;
const clip = async (show: TestShow): Promise<{ running: boolean; pending: boolean } | undefined> =>
  (await show.call('list_clips', { detail: 'full' })).buses[0].clips.find((c: { slot: number }) => c.slot === 1);
const transport = (show: TestShow, operation: string, args: Record<string, unknown> = {}) => show.call('song_control_transport', { operation, ...args });

/** Scene 1 on channel 1: an unlooped 4-beat clip whose lane holds the fader at 0. */
async function darkClip(show: TestShow): Promise<void> {
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Dark', length: { beats: 4 }, loop: false });
  await darkLane(show);
}

const darkLane = (show: TestShow) =>
  show.call('set_clip_lane', {
    bus: CH,
    slot: 1,
    lane: FADER,
    events: [
      { ms: 0, value: 0 },
      { beats: 4, value: 0 },
    ],
  });

/** Plays the song from the top for `frames` frames at 60 fps (120 bpm: 30 frames a beat), then stops it. */
async function playFromTop(show: TestShow, frames: number): Promise<void> {
  await transport(show, 'seek', { position_beats: 0 });
  await transport(show, 'play');
  await stepFrames(show, frames);
  await transport(show, 'stop');
  await stepFrames(show, 1);
}

test('undoing every step after a cue drove a fader puts the fader back (no dark rig); redo and play again drive it again', async (t) => {
  const show = await startShow(t);
  const start = await fader(show);
  assert.ok(start > 0);
  const before = await depth(show);
  await darkClip(show);
  await show.call('place_light_cue', { beat: 2, scene: 1 });
  await playFromTop(show, 90); // beat 3: past the cue, the clip still runs (it ends at beat 6)
  assert.equal(await fader(show), 0, 'the cue launched the clip and its lane drove the fader to 0');
  assert.equal((await clip(show))?.running, true);
  assert.equal(await fader(show), 0, 'stopping the transport leaves the value where it is (LX)');
  const steps = (await depth(show)) - before;
  assert.equal(steps, 3, 'the agent made three steps; playback made none');

  await show.call('undo', { steps });
  assert.equal(await fader(show), start, 'undoing every step the agent made puts the fader back');
  assert.equal(await clip(show), undefined, 'and the clip is gone');
  await stepFrames(show, 30);
  assert.equal(await fader(show), start, 'and it stays there');

  await show.call('redo', { steps });
  assert.equal(await fader(show), start, 'redo puts the clip, its lane and the cue back; the cue drives the fader when the song reaches it');
  assert.equal((await clip(show))?.running, false);
  assert.deepEqual(await show.app.services.lightCues!.list(), [{ beat: 2, scene: 1 }]);
  await playFromTop(show, 90);
  assert.equal(await fader(show), 0, 'played again, the cue drives it again');
  await show.call('undo', { steps });
  assert.equal(await fader(show), start, 'and undo puts it back again');
});

test("undoing a cue's placement stops the clip it launched and puts back what the clip drove; redo places it again", async (t) => {
  const show = await startShow(t);
  const start = await fader(show);
  await darkClip(show);
  const list = () => show.app.services.lightCues!.list();
  const d = await depth(show);
  await show.call('place_light_cue', { beat: 2, scene: 1 });
  assert.equal(await depth(show), d + 1, 'placing is one undo step');
  await playFromTop(show, 75); // beat 2.5
  assert.equal(await fader(show), 0);
  assert.equal((await clip(show))?.running, true, 'the cue launched the clip');

  await show.call('undo');
  assert.equal(await depth(show), d, 'the restore is part of the same undo step');
  assert.deepEqual(list(), []);
  assert.equal(await fader(show), start, 'the fader is back');
  assert.equal((await clip(show))?.running, false, 'the clip the cue launched stopped');
  await stepFrames(show, 30);
  assert.equal(await fader(show), start);

  await show.call('redo');
  assert.deepEqual(list(), [{ beat: 2, scene: 1 }]);
  assert.equal(await fader(show), start, 'redo places the cue; it fires when the song reaches it');
  await playFromTop(show, 75);
  assert.equal(await fader(show), 0);
});

test('a clip that stops by itself leaves its values (LX); undoing its lane puts them back, a running clip with the lane gone leaves them', async (t) => {
  const show = await startShow(t);
  const start = await fader(show);
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Dark', length: { beats: 4 }, loop: false });
  await show.call('place_light_cue', { beat: 2, scene: 1 });
  const d = await depth(show);
  await darkLane(show);
  assert.equal(await depth(show), d + 1);
  await playFromTop(show, 7 * 30); // beat 7: the clip ran from beat 2 to its end at beat 6
  assert.equal((await clip(show))?.running, false, 'the unlooped clip stopped at its end');
  assert.equal(await fader(show), 0, 'and left the fader where its lane put it, as LX does');

  await show.call('undo'); // the lane
  assert.equal(await depth(show), d);
  assert.equal(await fader(show), start, 'undoing the lane puts back what the clip drove');

  await show.call('redo');
  assert.equal(await fader(show), start, 'redo puts the lane back; it drives when the clip plays');
  await transport(show, 'seek', { position_beats: 0 });
  await transport(show, 'play');
  await stepFrames(show, 75);
  assert.equal(await fader(show), 0);
  await show.call('undo'); // the lane again, while the clip runs on without it
  assert.equal(await fader(show), start);
  await stepFrames(show, 10);
  assert.equal(await fader(show), start, 'the clip runs on, with no lane on the fader');
  await transport(show, 'stop');
});

test('launch_clip is one undo step: undo stops the clip and puts back what it drove; redo launches it again', async (t) => {
  const show = await startShow(t);
  const start = await fader(show);
  await darkClip(show);
  const d = await depth(show);
  const launched = await show.call('launch_clip', { bus: CH, slot: 1 });
  assert.equal(launched.launched[0].running, true);
  assert.equal(await depth(show), d + 1, 'a launch from a tool call is one undo step');
  assert.match(((await history(show)) as { steps: { label: string }[] }).steps[0].label, /^Launch clip Dark/);
  await stepFrames(show, 10);
  assert.equal(await fader(show), 0);

  await show.call('undo');
  assert.equal(await depth(show), d);
  assert.equal((await clip(show))?.running, false, 'undo stopped the clip');
  assert.equal(await fader(show), start, 'and put the fader back');
  await stepFrames(show, 10);
  assert.equal(await fader(show), start);

  await show.call('redo');
  assert.equal((await clip(show))?.running, true, 'redo launches it again');
  await stepFrames(show, 1);
  assert.equal(await fader(show), 0);
  await show.call('undo');
  assert.equal(await fader(show), start);

  // A scene launch too; stop_clip stays a performance action (no undo step).
  await show.call('launch_clip', { scene: 1 });
  await stepFrames(show, 1);
  const h = await history(show);
  await show.call('stop_clip', {});
  assert.deepEqual(await history(show), h, 'stop_clip is not an undo step');
  assert.equal(await fader(show), 0, 'stopping leaves the value (LX)');
  await show.call('undo'); // the scene launch
  assert.equal(await fader(show), start);
});

test("a value set by hand on a parameter a cue's clip drives says so; the cue sets it again on the loop wrap", async (t) => {
  const show = await startShow(t);
  await darkClip(show);
  const none = await show.call('get_parameter', { path: FADER });
  assert.equal(none.cueNote, undefined, 'no cue launches the clip yet');
  await show.call('place_light_cue', { beat: 2, scene: 1 });
  await show.app.engine.queue.submit(() => {
    const p = show.app.sound.project;
    p.loopStart.setValue(0);
    p.loopDuration.setValue(8);
    p.loopEnabled.setValue(1);
  });
  await transport(show, 'seek', { position_beats: 0 });
  await transport(show, 'play');
  await stepFrames(show, 7 * 30); // beat 7: the clip ended at beat 6, the fader stays at 0
  assert.equal((await clip(show))?.running, false);
  assert.equal(await fader(show), 0);

  const set = await show.call('set_parameter', { path: FADER, value: 0.8 });
  assert.equal(set.changed, true);
  assert.equal(set.drivenBy, undefined, 'no clip runs now');
  assert.match(
    set.cueNote,
    /^the light cue at beat 2 launches clip "Dark" \(\/lx\/mixer\/channel\/1\/clip\/1\), whose lane sets this value each time it fires/,
  );
  assert.match(set.cueNote, /on every loop wrap/);
  assert.equal((await show.call('get_parameter', { path: FADER })).cueNote, set.cueNote, 'get_parameter says the same');
  assert.equal((await show.call('get_parameter', { path: `${CH}/enabled` })).cueNote, undefined, 'a parameter no cue drives');
  assert.equal((await show.call('set_parameter', { path: '/lx/mixer/master/fader', value: 0.5 })).cueNote, undefined);
  await show.call('undo');

  await stepFrames(show, 30); // beat 8 → the loop start
  assert.equal(await fader(show), 0.8, 'the hand-set value holds until the cue fires again');
  await stepFrames(show, 2 * 30 + 5); // past beat 2 of the next pass
  assert.equal(await fader(show), 0, 'the loop wrap fired the cue: its clip set the fader again (documented)');
  await transport(show, 'stop');
  await show.call('undo'); // the hand-set value
  assert.equal(await fader(show), 0, 'undoing the hand-set value gives back what it replaced');
  await show.call('undo'); // the cue
  assert.equal(await fader(show), 1, 'undoing the cue puts back the value from before the clip first drove it');
});

test('undoing one of two cues of a scene keeps what the clip drove (the other cue still launches it); undoing the last puts it back', async (t) => {
  const show = await startShow(t);
  const start = await fader(show);
  await darkClip(show);
  await show.call('place_light_cue', { beat: 1, scene: 1 });
  await show.call('place_light_cue', { beat: 2, scene: 1 });
  await playFromTop(show, 75); // beat 2.5: the cue at beat 2 launched the clip again
  assert.equal(await fader(show), 0);
  await show.call('undo'); // the cue at beat 2
  assert.equal((await clip(show))?.running, false, 'the clip that cue launched stopped');
  assert.equal(await fader(show), 0, 'the cue at beat 1 still launches the scene: its values stay');
  await show.call('undo'); // the cue at beat 1
  assert.equal(await fader(show), start, 'no cue launches the scene now: the fader is back');
  await show.call('redo');
  assert.equal(await fader(show), start);
});

test('launching a clip that already runs is an undo step whose undo leaves it running', async (t) => {
  const show = await startShow(t);
  const start = await fader(show);
  await darkClip(show);
  await show.call('launch_clip', { bus: CH, slot: 1 });
  await stepFrames(show, 10);
  await show.call('launch_clip', { bus: CH, slot: 1 }); // again: it restarts
  await stepFrames(show, 10);
  await show.call('undo');
  assert.equal((await clip(show))?.running, true, 'it was running before this launch: it runs on');
  await stepFrames(show, 1);
  assert.equal(await fader(show), 0);
  await show.call('undo'); // the first launch
  assert.equal((await clip(show))?.running, false);
  assert.equal(await fader(show), start);
});

test('undoing the creation of a clip a trigger launched puts back what it drove (the trigger itself is no step)', async (t) => {
  const show = await startShow(t);
  const start = await fader(show);
  const d = await depth(show);
  await show.call('apply_operations', {
    operations: [
      { tool: 'add_clip', args: { bus: CH, slot: 1, label: 'Dark', length: { beats: 4 }, loop: false } },
      {
        tool: 'set_clip_lane',
        args: {
          bus: CH,
          slot: 1,
          lane: FADER,
          events: [
            { ms: 0, value: 0 },
            { beats: 4, value: 0 },
          ],
        },
      },
    ],
  });
  assert.equal(await depth(show), d + 1, 'the clip and its lane: one step');
  await show.call('fire_trigger', { path: `${CH}/clip/1/launch` });
  assert.equal(await depth(show), d + 1, 'firing the launch trigger is no step');
  await stepFrames(show, 10);
  assert.equal(await fader(show), 0);
  await show.call('undo');
  assert.equal(await clip(show), undefined);
  assert.equal(await fader(show), start, 'the clip is gone and so is what it drove');
  await show.call('redo');
  assert.equal((await clip(show))?.running, false, 'redo puts the clip back, stopped');
  assert.equal(await fader(show), start);
});
