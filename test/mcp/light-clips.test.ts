import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, history } from '../light/operations/helpers.js';

const CH = '/lx/mixer/channel/1';
const FADER = `${CH}/fader`;
const grid = (show: TestShow) => () => show.call('list_clips', { detail: 'full' });

async function stepFrames(show: TestShow, n: number, deltaMs = 1000 / 60): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, deltaMs));
}

/** The clip cursor after n frames: a running double sum of deltaMs, as LX keeps it. */
function sumOf(n: number, deltaMs = 1000 / 60): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += deltaMs;
  return s;
}

async function fader(show: TestShow): Promise<number> {
  return (await show.call('get_parameter', { path: FADER })).parameter.value;
}

test('add_clip, set_clip, set_clip_lane, copy_clip, remove_clip: each is one undo step and undo restores', async (t) => {
  const show = await startShow(t);
  const added = await assertUndoable(
    show,
    () => show.call('add_clip', { bus: CH, slot: 2, label: 'Verse', length: { beats: 8 } }),
    (r) => {
      assert.equal(r.clip.slot, 2);
      assert.equal(r.clip.label, 'Verse');
      assert.equal(r.clip.length.beats, 8);
      assert.equal(r.clip.length.ms, 4000);
      assert.deepEqual(
        r.clip.lanes.map((l: { type: string }) => l.type),
        ['midiNote', 'pattern'],
      );
    },
    [grid(show)],
  );
  assert.equal(added.clip.running, false);
  await show.call('add_clip', { bus: CH, slot: 2, label: 'Verse', length: { beats: 8 } });
  await assertUndoable(
    show,
    () => show.call('set_clip', { bus: CH, slot: 2, loop: false, length: { ms: 2000 }, label: 'V2' }),
    (r) => {
      assert.equal(r.clip.loop, false);
      assert.equal(r.clip.length.ms, 2000);
      assert.equal(r.clip.playEnd.ms, 2000, 'playEnd follows the length it equalled');
      assert.equal(r.clip.loopLength.ms, 2000, 'the loop is constrained into the clip');
      assert.equal(r.clip.label, 'V2');
    },
    [grid(show)],
  );
  const events = [
    { ms: 0, value: 1 },
    { beats: 2, value: 0.25 },
    { ms: 3000, normalized: 0.5 },
  ];
  await assertUndoable(
    show,
    () => show.call('set_clip_lane', { bus: CH, slot: 2, lane: FADER, events }),
    async (r) => {
      assert.equal(r.lane, 2);
      const lane = await show.call('get_clip_lane', { bus: CH, slot: 2, lane: 2 });
      assert.equal(lane.lane.target, FADER);
      assert.equal(lane.lane.interpolation, 'Normalized');
      assert.deepEqual(
        lane.events.map((e: { time: { ms: number; beats: number } }) => e.time),
        [
          { ms: 0, beats: 0 },
          { ms: 1000, beats: 2 },
          { ms: 3000, beats: 6 },
        ],
      );
    },
    [grid(show)],
  );
  await show.call('set_clip_lane', { bus: CH, slot: 2, lane: FADER, events });
  const paged = await show.call('get_clip_lane', { bus: CH, slot: 2, lane: 2, limit: 2 });
  assert.equal(paged.events.length, 2);
  assert.equal(paged.total, 3);
  const rest = await show.call('get_clip_lane', { bus: CH, slot: 2, lane: 2, limit: 2, cursor: paged.nextCursor });
  assert.deepEqual(
    rest.events.map((e: { normalized: number }) => e.normalized),
    [0.5],
  );
  // A window replaces only the events inside it.
  await assertUndoable(
    show,
    () => show.call('set_clip_lane', { bus: CH, slot: 2, lane: 2, from: { ms: 500 }, to: { ms: 1500 }, events: [{ ms: 750, normalized: 0.9 }] }),
    async () => {
      const lane = await show.call('get_clip_lane', { bus: CH, slot: 2, lane: 2 });
      assert.deepEqual(
        lane.events.map((e: { time: { ms: number } }) => e.time.ms),
        [0, 750, 3000],
      );
    },
    [grid(show)],
  );
  await assertUndoable(
    show,
    () => show.call('set_clip_lane', { bus: CH, slot: 2, lane: 'pattern', events: [{ ms: 0, pattern: 0 }] }),
    async () => {
      assert.equal((await show.call('get_clip_lane', { bus: CH, slot: 2, lane: 1 })).events[0].pattern, 0);
    },
    [grid(show)],
  );
  await assertUndoable(
    show,
    () => show.call('copy_clip', { bus: CH, slot: 2, toSlot: 5 }),
    (r) => {
      assert.equal(r.clip.slot, 5);
      assert.equal(r.clip.label, 'Verse');
      assert.deepEqual(r.unresolved, []);
      assert.equal(r.clip.lanes[2].target, FADER);
      assert.equal(r.clip.lanes[2].events, 3);
    },
    [grid(show)],
  );
  await assertUndoable(
    show,
    () => show.call('set_clip_lane', { bus: CH, slot: 2, lane: 2, remove: true }),
    (r) => {
      assert.equal(r.clip.lanes.length, 2);
    },
    [grid(show)],
  );
  await assertUndoable(
    show,
    () => show.call('remove_clip', { bus: CH, slot: 2 }),
    async (r) => {
      assert.deepEqual(r.removed, { bus: CH, slot: 2, label: 'Verse' });
      assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].clips.length, 0);
    },
    [grid(show)],
  );
});

test('clip edits: bad input is refused with a clear code and changes nothing, history included', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 0 });
  const extra = [grid(show)];
  await assertRefused(show, 'add_clip', { bus: CH, slot: 0 }, /^invalid_argument: slot 0 of .* already holds clip/, extra);
  await assertRefused(show, 'add_clip', { bus: CH, slot: 500 }, /^invalid_argument: slot takes an integer in 0–127/, extra);
  await assertRefused(show, 'add_clip', { bus: '/lx/mixer/channel/99', slot: 1 }, /^not_found: /, extra);
  await assertRefused(show, 'add_clip', { bus: CH, slot: 1, length: { ms: 5, beats: 1 } }, /^invalid_argument: length: give either ms or beats/, extra);
  await assertRefused(show, 'set_clip', { bus: CH, slot: 3, loop: true }, /^not_found: .* has no clip in slot 3; occupied slots: 0/, extra);
  await assertRefused(show, 'set_clip', { bus: CH, slot: 0 }, /^invalid_argument: nothing to change/, extra);
  await assertRefused(
    show,
    'set_clip_lane',
    { bus: CH, slot: 0, lane: FADER, events: [{ ms: 99999, value: 1 }] },
    /^invalid_argument: events\[0\]: 99999 ms is past the clip's length/,
    extra,
  );
  await assertRefused(show, 'set_clip_lane', { bus: CH, slot: 0, lane: FADER, events: [{ ms: 0, value: 7 }] }, /^invalid_argument: /, extra);
  await assertRefused(
    show,
    'set_clip_lane',
    { bus: CH, slot: 0, lane: FADER, events: [{ ms: 0 }] },
    /^invalid_argument: events\[0\]: give either value or normalized/,
    extra,
  );
  await assertRefused(show, 'set_clip_lane', { bus: CH, slot: 0, lane: '/lx/mixer/channel/2/fader', events: [] }, /^not_found: /, extra);
  await assertRefused(
    show,
    'set_clip_lane',
    { bus: CH, slot: 0, lane: 'pattern', events: [{ ms: 0, pattern: 40 }] },
    /^invalid_argument: events\[0\]: pattern takes a 0-based index/,
    extra,
  );
  await assertRefused(show, 'set_clip_lane', { bus: CH, slot: 0, lane: 1, remove: true }, /^invalid_argument: only parameter lanes can be removed/, extra);
  await assertRefused(show, 'get_clip_lane', { bus: CH, slot: 0, lane: 9 }, /^not_found: .* no lane 9/, extra);
  await assertRefused(
    show,
    'copy_clip',
    { bus: CH, slot: 0, toBus: '/lx/mixer/master', toSlot: 0 },
    /^invalid_argument: a channel clip cannot go on \/lx\/mixer\/master/,
    extra,
  );
  await assertRefused(show, 'copy_clip', { bus: CH, slot: 0, toSlot: 0 }, /^invalid_argument: slot 0 .* already holds a clip/, extra);
  await assertRefused(show, 'launch_clip', { scene: 4 }, /^not_found: scene 4 has no clips/, extra);
  await assertRefused(show, 'launch_clip', { bus: CH }, /^invalid_argument: give bus and slot, or scene/, extra);
  await assertRefused(show, 'record_clip', { bus: CH, slot: 0, action: 'stop' }, /^invalid_argument: .* is not recording/, extra);
  await assertRefused(show, 'apply_operations', { operations: [{ tool: 'launch_clip', args: { bus: CH, slot: 0 } }] }, /cannot run in a batch/, extra);
});

test('launch_clip plays the lanes on the frame clock (one undo step each); stop_clip stops (not an undo step)', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 0, length: { ms: 1000 }, timeBase: 'ABSOLUTE', loop: false });
  await show.call('set_clip_lane', {
    bus: CH,
    slot: 0,
    lane: FADER,
    events: [
      { ms: 0, value: 0 },
      { ms: 1000, value: 1 },
    ],
  });
  const h = await history(show);
  const launched = await show.call('launch_clip', { bus: CH, slot: 0 });
  assert.equal(launched.launched[0].running, true);
  assert.equal(launched.launched[0].pending, false);
  await stepFrames(show, 30);
  const list = await show.call('list_clips', { detail: 'full' });
  const clip = list.buses[0].clips[0];
  assert.equal(clip.cursor.ms, sumOf(30));
  assert.ok(Math.abs(clip.cursor.beats - clip.cursor.ms / 500) < 1e-12, 'beats at the reference 120 BPM');
  assert.ok(Math.abs((await fader(show)) - 0.5) < 1e-9, 'the fader follows the lane');
  // While it runs the clip owns the fader: reads (and writes, which it overwrites next frame) say so.
  const drivenBy = (await show.call('get_parameter', { path: FADER })).drivenBy;
  assert.equal(drivenBy.length, 1);
  assert.match(drivenBy[0], /^\/lx\/mixer\/channel\/1\/clip\/\d+$/);
  assert.equal((await show.call('get_parameter', { path: `${CH}/enabled` })).drivenBy, undefined, 'a parameter no lane drives');
  await stepFrames(show, 40);
  assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].clips[0].running, false, 'an unlooped clip stops at its end');
  assert.equal(await fader(show), 1);
  assert.equal((await show.call('get_parameter', { path: FADER })).drivenBy, undefined, 'a stopped clip drives nothing');
  await show.call('launch_clip', { scene: 0 });
  const launches = (await history(show)) as { undoDepth: number; steps: { label: string }[] };
  assert.equal(launches.undoDepth, (h as { undoDepth: number }).undoDepth + 2, 'each launch from a tool call is one undo step');
  assert.deepEqual(
    launches.steps.slice(0, 2).map((s) => s.label),
    ['Launch scene 0', 'Launch clip Clip-1'],
  );
  const stopped = await show.call('stop_clip', {});
  assert.deepEqual(
    stopped.stopped.map((s: { slot: number }) => s.slot),
    [0],
  );
  assert.deepEqual(await history(show), launches, 'stop is not an undo step');
});

test('set_parameter on a value a running clip drives says so; the clip sets it back next frame', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 0, length: { ms: 1000 }, timeBase: 'ABSOLUTE', loop: true });
  await show.call('set_clip_lane', { bus: CH, slot: 0, lane: FADER, events: [{ ms: 0, value: 0.5 }] });
  await show.call('launch_clip', { bus: CH, slot: 0 });
  await stepFrames(show, 2);
  const set = await show.call('set_parameter', { path: FADER, value: 0.2 });
  assert.equal(set.changed, true);
  assert.equal(set.drivenBy.length, 1);
  await stepFrames(show, 1);
  assert.equal(await fader(show), 0.5, 'the lane wins at its next frame');
  await show.call('stop_clip', {});
  assert.equal((await show.call('set_parameter', { path: FADER, value: 0.3 })).drivenBy, undefined);
});

test('launch_clip with launch quantization waits for the next bar', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 1, length: { beats: 4 } });
  await show.call('set_parameter', { path: '/lx/tempo/launchQuantization', value: '1 Bar' });
  await stepFrames(show, 3);
  const r = await show.call('launch_clip', { bus: CH, slot: 1 });
  assert.equal(r.launched[0].pending, true);
  assert.equal(r.launched[0].running, false);
  let frames = 0;
  while (!(await show.call('list_clips', { detail: 'full' })).buses[0].clips[0].running) {
    await stepFrames(show, 1);
    frames++;
    assert.ok(frames < 200, 'the launch lands within a bar');
  }
  const tempo = await show.call('get_tempo');
  assert.equal(tempo.beatInBar, 0, `it started on a bar line (tempo at beat ${tempo.beatCount})`);
  assert.ok(tempo.basis < 0.05, `just past the bar line (basis ${tempo.basis})`);
  assert.ok(frames > 100, `it waited for the bar (${frames} frames)`);
});

test('record_clip: parameter moves from any surface become one take, one undo step', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 0, length: { ms: 2000 }, timeBase: 'ABSOLUTE' });
  const start = await show.call('record_clip', { bus: CH, slot: 0, action: 'start' });
  assert.equal(start.clip.recording, true);
  assert.equal(start.clip.running, true);
  assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].armed, true);
  await assertRefused(show, 'remove_clip', { bus: CH, slot: 0 }, /^invalid_argument: .* is recording; stop the take/, [grid(show)]);
  const depth = ((await history(show)) as { undoDepth: number }).undoDepth;
  await stepFrames(show, 6);
  await show.call('set_parameter', { path: FADER, value: 0.2 });
  await stepFrames(show, 30);
  const other = await show.connect('second-surface');
  await other.callTool({ name: 'set_parameter', arguments: { path: FADER, value: 0.8 } });
  await stepFrames(show, 6);
  const stop = await show.call('record_clip', { bus: CH, slot: 0, action: 'stop' });
  assert.equal(stop.recordedEvents, 2);
  assert.equal(stop.recordedLanes, 1);
  assert.equal(stop.clip.recording, false);
  assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].armed, false);
  const h = (await history(show)) as { undoDepth: number };
  assert.equal(h.undoDepth, depth + 3, 'two parameter moves and the take');
  const lane = await show.call('get_clip_lane', { bus: CH, slot: 0, lane: 2 });
  assert.deepEqual(
    lane.events.map((e: { time: { ms: number }; value: number }) => [e.time.ms, e.value]),
    [
      [sumOf(6), 0.2],
      [sumOf(36), 0.8],
    ],
  );
  await show.call('undo');
  assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].clips[0].lanes.length, 2, 'undo removes the take');
});

test("a bus's Stop Clips trigger waits for the launch boundary, then stops its clips", async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 0 });
  await show.call('launch_clip', { bus: CH, slot: 0 });
  await show.call('set_parameter', { path: '/lx/tempo/launchQuantization', value: '1/4' });
  await stepFrames(show, 2);
  const fired = await show.call('fire_trigger', { path: `${CH}/stopClips` });
  assert.equal(fired.pending, true);
  assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].clips[0].running, true);
  await stepFrames(show, 31);
  assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].clips[0].running, false);
});

test('find_tools finds the clip tools for a light-timeline task and lists the clips toolset', async (t) => {
  const show = await startShow(t);
  const before = (await show.client.listTools()).tools.map((x) => x.name);
  assert.ok(!before.includes('launch_clip'), 'clips are behind the finder on the small surface');
  const found = await show.call('find_tools', { task: 'launch a light clip on the next bar and record automation into it' });
  const names = found.tools.map((x: { name: string }) => x.name);
  assert.ok(names.includes('launch_clip'), names.join(', '));
  assert.ok(names.includes('record_clip'), names.join(', '));
  assert.ok(found.enabled.includes('clips'));
});
