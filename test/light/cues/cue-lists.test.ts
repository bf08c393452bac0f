import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import type { Origin } from '../../../src/engine/commands/history.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { CUE_LISTS_KEY, readCueLists } from '../../../src/light/show/cues/cue-data.js';
import type { NumericParameter } from '../../../src/engine/parameters/numeric.js';
import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

const ORIGIN: Origin = { surface: 'engine' };
const CH1 = '/lx/mixer/channel/1/fader';
const CH2 = '/lx/mixer/channel/2/fader';

/** solid_faders: channel 1 "Base" at fader 1, channel 2 "Blue" at 0.42; solid colours, so a frame depends on the faders alone. */
async function open(): Promise<LightShow> {
  return LightShow.open(new Engine(), join(GOLDEN, 'solid_faders.lxp'));
}

const fader = (show: LightShow, path: string): number => (show.parameter(path) as NumericParameter).getValue();
/** Runs frames of 10 ms (the engine's stepped clock). */
const run = (show: LightShow, ms: number): void => show.engine.clock.stepFixed(Math.round(ms / 10), 10);
const near = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} ≠ ${b}`);

function saved(show: LightShow): unknown {
  return JSON.parse(JSON.stringify(show.externals[CUE_LISTS_KEY] ?? null));
}

/** Two cues: 1 sets channel 1 to 0.2 and channel 2 to 0.3; 2 sets channel 1 to 1 (fade in 1 s) and nothing else. */
function build(show: LightShow, mode: 'tracking' | 'cue-only'): void {
  show.cues.createList(ORIGIN, 'Main', mode);
  show.cues.recordCue(ORIGIN, 'Main', {
    blind: true,
    values: [
      { path: CH1, value: 0.2 },
      { path: CH2, value: 0.3 },
    ],
  });
  show.cues.recordCue(ORIGIN, 'Main', { blind: true, values: [{ path: CH1, value: 1 }], fadeInMs: 1000, fadeOutMs: 400, delayOutMs: 100 });
}

test('every edit is one undo step; a colliding number, a bad time or an unknown list change nothing, history included', async () => {
  const show = await open();
  const h = show.engine.history;
  build(show, 'tracking');
  assert.equal(h.undoDepth, 3);
  const before = saved(show);
  const depth = h.undoDepth;
  assert.throws(() => show.cues.recordCue(ORIGIN, 'Main', { number: 2, blind: true }), /invalid_argument|exists/);
  assert.throws(() => show.cues.recordCue(ORIGIN, 'Main', { number: 2.0001, blind: true }), /three decimals/);
  assert.throws(() => show.cues.recordCue(ORIGIN, 'Main', { number: 3, fadeInMs: 600_001 }), /fade in takes milliseconds/);
  assert.throws(() => show.cues.recordCue(ORIGIN, 'Nope', {}), /no cue list named "Nope"/);
  assert.throws(() => show.cues.editCue(ORIGIN, 'Main', 1, { number: 2 }), /cue 2 exists/);
  assert.throws(() => show.cues.editCue(ORIGIN, 'Main', 7, { label: 'x' }), /has no cue 7/);
  assert.throws(() => show.cues.createList(ORIGIN, 'Main'), /exists already/);
  assert.deepEqual(saved(show), before);
  assert.equal(h.undoDepth, depth);

  // Insert 1.5 between 1 and 2: one step; undo takes it away, redo puts it back.
  const cue = show.cues.recordCue(ORIGIN, 'Main', { number: 1.5, label: 'Half', blind: true, values: [{ path: CH2, value: 0.9 }] });
  assert.equal(cue.number, 1.5);
  assert.deepEqual(
    show.cues.list('Main').cues.map((c) => c.number),
    [1, 1.5, 2],
  );
  h.undo();
  assert.deepEqual(saved(show), before);
  h.redo();
  show.cues.editCue(ORIGIN, 'Main', 1.5, { number: 1.25, label: 'Quarter', followMs: 500 });
  assert.deepEqual(
    show.cues.list('Main').cues.map((c) => [c.number, c.label, c.followMs]),
    [
      [1, 'Cue 1', undefined],
      [1.25, 'Quarter', 500],
      [2, 'Cue 2', undefined],
    ],
  );
  h.undo();
  h.undo();
  assert.deepEqual(saved(show), before);
  show.cues.editList(ORIGIN, 'Main', { name: 'Act 1', mode: 'cue-only' });
  assert.equal(show.cues.list('Act 1').mode, 'cue-only');
  h.undo();
  assert.deepEqual(saved(show), before);
  show.cues.removeList(ORIGIN, 'Main');
  assert.equal(show.externals[CUE_LISTS_KEY], undefined);
  h.undo();
  assert.deepEqual(saved(show), before);
  // Running is not an undo step.
  show.cues.go('Main');
  assert.equal(h.undoDepth, depth);
});

test("Go fades in the show's frames: mid-fade values and the frame match the expected mix; Back and Goto", async () => {
  const show = await open();
  build(show, 'tracking');
  show.cues.go('Main');
  near(fader(show, CH1), 0.2, 'cue 1 has no times: it cuts in at the Go');
  near(fader(show, CH2), 0.3, 'cue 1, channel 2');
  const st = show.cues.go('Main');
  assert.equal(st.current?.number, 2);
  assert.equal(st.fadeMs, 1000);
  run(show, 500);
  // Channel 1 rises over the fade in: 0.2 + (1 − 0.2) · 0.5. Channel 2 tracks cue 1 (0.3).
  near(fader(show, CH1), 0.6, 'half way through the fade in');
  near(fader(show, CH2), 0.3, 'tracked from cue 1');
  assert.equal(show.cues.status('Main').progress, 0.5);
  const mid = show.main.slice();

  // The same show with the faders set by hand renders the same frame.
  const other = await open();
  (other.parameter(CH1) as NumericParameter).setValue(0.6);
  (other.parameter(CH2) as NumericParameter).setValue(0.3);
  run(other, 10);
  assert.deepEqual(other.main, mid, 'the mid-fade frame is the frame of the expected mix');

  run(show, 500);
  near(fader(show, CH1), 1, 'the fade ends exactly');
  assert.equal(show.cues.status('Main').progress, 1);
  assert.throws(() => show.cues.go('Main'), /at its last cue/);

  // Back to cue 1 with its times (none): at once. Channel 1 goes down.
  show.cues.back('Main');
  near(fader(show, CH1), 0.2, 'back');
  // Goto 2 immediate: no fade.
  show.cues.goto('Main', 2, true);
  near(fader(show, CH1), 1, 'goto immediate');
  // Back from 2 to 1 is a fall: out times of cue 1 (none). Goto 1 with a fall under cue 2's out times is cue 1's own (0).
  assert.throws(() => show.cues.goto('Main', 3), /has no cue 3/);
  // Release: every value back to what the show held before the list started.
  show.cues.release('Main', 200);
  run(show, 100);
  near(fader(show, CH1), 1, 'channel 1 base is 1');
  near(fader(show, CH2), 0.3 + (0.42 - 0.3) * 0.5, 'channel 2 half way back to its base');
  run(show, 100);
  near(fader(show, CH2), 0.42, 'released');
  assert.equal(show.cues.status('Main').state, 'released');
});

test('out times: a value going down waits its delay out, then falls over the fade out; pause holds it', async () => {
  const show = await open();
  build(show, 'tracking');
  show.cues.goto('Main', 2, true);
  show.cues.recordCue(ORIGIN, 'Main', { number: 3, blind: true, values: [{ path: CH1, value: 0.5 }], fadeOutMs: 400, delayOutMs: 100 });
  show.cues.go('Main');
  run(show, 100);
  near(fader(show, CH1), 1, 'still waiting its delay out');
  run(show, 200);
  near(fader(show, CH1), 1 - 0.5 * 0.5, 'half way down');
  show.cues.pause('Main');
  run(show, 300);
  near(fader(show, CH1), 0.75, 'paused');
  assert.equal(show.cues.status('Main').state, 'paused');
  show.cues.resume('Main');
  run(show, 200);
  near(fader(show, CH1), 0.5, 'done');
});

test('a follow cue goes by itself at its time, measured from the Go of the cue before', async () => {
  const show = await open();
  build(show, 'tracking');
  show.cues.editCue(ORIGIN, 'Main', 1, { followMs: 250 });
  show.cues.go('Main');
  assert.equal(show.cues.status('Main').followInMs, 250);
  run(show, 240);
  assert.equal(show.cues.status('Main').current?.number, 1);
  run(show, 10);
  assert.equal(show.cues.status('Main').current?.number, 2, 'cue 2 follows at 250 ms');
  assert.equal(show.cues.status('Main').followInMs, null);
  // A follow mid-frame starts the next cue that far into its fade: 16 ms frames cross 250 at 256.
  const again = await open();
  build(again, 'tracking');
  again.cues.editCue(ORIGIN, 'Main', 1, { followMs: 250 });
  again.cues.go('Main');
  again.engine.clock.stepFixed(16, 16);
  assert.equal(again.cues.status('Main').current?.number, 2);
  near(fader(again, CH1), 0.2 + 0.8 * (6 / 1000), 'cue 2 is 6 ms into its fade in');
});

test('tracking keeps what earlier cues set; cue-only puts every other value of the list back to its base', async () => {
  for (const mode of ['tracking', 'cue-only'] as const) {
    const show = await open();
    build(show, mode);
    show.cues.go('Main');
    show.cues.go('Main');
    run(show, 1000);
    near(fader(show, CH1), 1, `${mode}: cue 2's own value`);
    near(fader(show, CH2), mode === 'tracking' ? 0.3 : 0.42, `${mode}: channel 2 (cue 1 set it; cue 2 does not)`);
  }
});

test('record from the live look: everything for the first cue, then only the changes in a tracking list', async () => {
  const show = await open();
  show.cues.createList(ORIGIN, 'Live');
  const first = show.cues.recordCue(ORIGIN, 'Live', {});
  assert.ok(first.views.length > 5, 'the first cue holds the whole look');
  show.setParameter(CH2, 0.9, ORIGIN);
  const second = show.cues.recordCue(ORIGIN, 'Live', {});
  assert.deepEqual(
    second.views.map((v) => [v.type, v.channelPath, v.channelFader]),
    [['CHANNEL_FADER', '/lx/mixer/channel/2', 0.9]],
  );
  const masterOnly = show.cues.recordCue(ORIGIN, 'Live', { scopes: ['MASTER'], changesOnly: false });
  assert.deepEqual(
    masterOnly.views.map((v) => v.parameterPath),
    ['/lx/mixer/master/fader'],
  );
});

test('cue lists save in the project externals and open again; a damaged list or cue is dropped with a warning', async () => {
  const show = await open();
  build(show, 'cue-only');
  const json = writeProject(show.lx, show.externals, 0);
  const again = readProject(JSON.parse(JSON.stringify(json)), createLibrary(), { externals: { [CUE_LISTS_KEY]: readCueLists } });
  assert.deepEqual(again.externals[CUE_LISTS_KEY], saved(show));
  const warnings: string[] = [];
  const bad = [
    { name: 'A', mode: 'tracking', cues: [{ number: 1, label: '', views: [], fadeInMs: -1, fadeOutMs: 0, delayInMs: 0, delayOutMs: 0 }] },
    { name: 'A', mode: 'tracking', cues: [] },
    { name: 'B', mode: 'sideways', cues: [] },
  ];
  const read = readCueLists(bad, 'externals/footlight.cueLists', (m) => warnings.push(m)) as { name: string; cues: unknown[] }[];
  assert.deepEqual(
    read.map((l) => [l.name, l.cues.length]),
    [['A', 0]],
  );
  assert.equal(warnings.length, 3, warnings.join('\n'));
  assert.match(warnings[0], /cues\/0: fadeInMs takes milliseconds/);
});

test('a channel switching on fades in from 0 over the in part; released, it fades out and switches off at the end', async () => {
  const show = await open();
  const ch4 = show.mixer.channels.at(3)!;
  assert.equal(ch4.enabled.isOn(), false, 'solid_faders: channel 4 is off at 0.77');
  show.cues.createList(ORIGIN, 'Main');
  show.cues.recordCue(ORIGIN, 'Main', { blind: true, values: [{ path: '/lx/mixer/channel/4/enabled', value: true }], fadeInMs: 1000, delayInMs: 200 });
  show.cues.go('Main');
  assert.equal(ch4.enabled.isOn(), false, 'waits its delay in');
  run(show, 700);
  assert.equal(ch4.enabled.isOn(), true);
  near(ch4.fader.getValue(), 0.77 * 0.5, 'half way up from 0');
  assert.equal(show.cues.status('Main').progress, 0.7 / 1.2);
  run(show, 500);
  near(ch4.fader.getValue(), 0.77, 'in');
  show.cues.release('Main', 400);
  run(show, 200);
  assert.equal(ch4.enabled.isOn(), true, 'still on while it fades out');
  near(ch4.fader.getValue(), 0.77 * 0.5, 'half way down');
  run(show, 200);
  assert.equal(ch4.enabled.isOn(), false, 'off at the end of the fade out');
  near(ch4.fader.getValue(), 0.77, 'with the fader it held');
});

test('times by attribute: intensity and colour values move on their own times; the rest on the cue’s', async () => {
  const show = await open();
  const HUE = '/lx/mixer/channel/1/pattern/1/color/hue';
  const LEVEL = '/lx/mixer/channel/1/pattern/1/compositeLevel';
  const h = show.engine.history;
  show.cues.createList(ORIGIN, 'Parts');
  const values = [
    { path: CH1, value: 0.2 },
    { path: HUE, value: 15 },
    { path: LEVEL, value: 1 },
  ];
  show.cues.recordCue(ORIGIN, 'Parts', { blind: true, values });
  const depth = h.undoDepth;
  const before = saved(show);
  assert.throws(
    () => show.cues.recordCue(ORIGIN, 'Parts', { blind: true, attributeTimes: { intensity: { fadeInMs: -1 } } }),
    /intensity fadeInMs takes milliseconds/,
  );
  assert.throws(
    () => show.cues.recordCue(ORIGIN, 'Parts', { blind: true, attributeTimes: { focus: {} } as never }),
    /attribute times are for intensity, color, position/,
  );
  assert.deepEqual(saved(show), before, 'refused: nothing changed');
  assert.equal(h.undoDepth, depth);

  const cue = show.cues.recordCue(ORIGIN, 'Parts', {
    blind: true,
    values: [
      { path: CH1, value: 1 },
      { path: HUE, value: 215 },
      { path: LEVEL, value: 0.5 },
    ],
    fadeMs: 1000,
    attributeTimes: { intensity: { fadeInMs: 200 }, color: { delayInMs: 100, fadeInMs: 400 } },
  });
  assert.deepEqual(cue.attributeTimes, { intensity: { fadeInMs: 200 }, color: { delayInMs: 100, fadeInMs: 400 } });
  show.cues.go('Parts');
  const st = show.cues.go('Parts');
  assert.equal(st.fadeMs, 1000, 'the longest track: the level on the cue’s own fade');
  run(show, 100);
  near(fader(show, CH1), 0.2 + 0.8 * 0.5, 'the fader (intensity) is half way through its 200 ms');
  near(fader(show, HUE), 15, 'the hue (colour) still waits its 100 ms delay');
  near(fader(show, LEVEL), 1 - 0.5 * 0.1, 'the level (neither) falls over the cue’s 1 s');
  run(show, 200);
  near(fader(show, CH1), 1, 'intensity done at 200 ms');
  near(fader(show, HUE), 15 + 200 * 0.5, 'colour half way (200 of its 400 ms)');
  run(show, 700);
  near(fader(show, HUE), 215, 'done');
  near(fader(show, LEVEL), 0.5, 'done');

  // Edit: replace the set, then remove it; each one undo step.
  show.cues.editCue(ORIGIN, 'Parts', 2, { attributeTimes: { position: { fadeInMs: 3000 } } });
  assert.deepEqual(show.cues.list('Parts').cues[1].attributeTimes, { position: { fadeInMs: 3000 } });
  show.cues.editCue(ORIGIN, 'Parts', 2, { attributeTimes: null });
  assert.equal(show.cues.list('Parts').cues[1].attributeTimes, undefined);
  h.undo();
  h.undo();
  assert.deepEqual(show.cues.list('Parts').cues[1].attributeTimes, { intensity: { fadeInMs: 200 }, color: { delayInMs: 100, fadeInMs: 400 } });

  // Saved and read back with the project's cue lists.
  assert.deepEqual(
    readCueLists(saved(show), 'x', () => assert.fail('no warning')),
    saved(show),
  );
});
