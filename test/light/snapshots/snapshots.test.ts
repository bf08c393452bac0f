import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../../src/engine/engine.js';
import type { NumericParameter } from '../../../src/engine/parameters/numeric.js';
import type { Origin } from '../../../src/engine/commands/history.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { isSnapshotControl } from '../../../src/light/show/snapshots/snapshot-engine.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import { addChannel } from '../../../src/light/operations/channels.js';
import { addSnapshot, recallSnapshot } from '../../../src/light/operations/snapshots.js';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';
const ORIGIN: Origin = { surface: 'engine' };

async function open(scene: string): Promise<LightShow> {
  return LightShow.open(new Engine(), join(GOLDEN, `${scene}.lxp`));
}

test('capture: what a snapshot holds and what it leaves out (LX rules)', async () => {
  const show = await open('composite_blend');
  const s = addSnapshot(show, {}, ORIGIN);
  const paths = s.views.filter((v) => v.type === 'PARAMETER').map((v) => String(v.parameterPath));
  assert.ok(paths.includes('/lx/mixer/crossfader'));
  assert.ok(paths.includes('/lx/mixer/channel/1/compositeMode'));
  assert.ok(paths.includes('/lx/mixer/channel/1/pattern/1/xAmount'), 'blend mode: enabled patterns in full');
  assert.ok(paths.includes('/lx/mixer/channel/1/pattern/4/enabled'), 'a disabled pattern: only enabled');
  assert.ok(!paths.includes('/lx/mixer/channel/1/pattern/4/color/hue'));
  assert.ok(!paths.some((p) => p.endsWith('/recall') || p.endsWith('/label') || p.endsWith('/viewPriority') || p.endsWith('/autoMute')));
  assert.ok(s.views.some((v) => v.type === 'CHANNEL_FADER' && v.channelPath === '/lx/mixer/channel/1'));
  const pattern = (show.mixer.channels.at(0) as Channel).patterns.at(0)!;
  assert.equal(isSnapshotControl(pattern, pattern.parameters.get('compositeLevel')!), true);
  assert.equal(isSnapshotControl(pattern, pattern.parameters.get('launch')!), false);
});

test('snapshots save and load unchanged; recall skips scopes that are switched off', async () => {
  const show = await open('solid_faders');
  addSnapshot(show, { label: 'Look' }, ORIGIN);
  const saved = writeProject(show.lx, {}, 0);
  const again = writeProject(readProject(saved, createLibrary()).lx, {}, 0);
  assert.deepEqual(again, saved);
  show.setParameter('/lx/mixer/channel/1/fader', 0.3, ORIGIN);
  show.setParameter('/lx/mixer/master/fader', 0.2, ORIGIN);
  show.setParameter('/lx/snapshots/recallMixer', false, ORIGIN);
  recallSnapshot(show, { path: '/lx/snapshots/snapshot/1' }, false, ORIGIN);
  assert.equal(show.mixer.channels.at(0)!.fader.getValue(), 0.3, 'mixer scope off');
  assert.equal(show.mixer.master.fader.getValue(), 0.6, 'master scope on');
});

test('missing channels: DISABLE switches off channels the snapshot does not know', async () => {
  const show = await open('solid_faders');
  addSnapshot(show, {}, ORIGIN);
  const added = addChannel(show, { patternClass: 'Solid' }, ORIGIN);
  show.setParameter(added.fader, 1, ORIGIN);
  show.setParameter('/lx/snapshots/missingChannelMode', 'DISABLE', ORIGIN);
  recallSnapshot(show, { path: '/lx/snapshots/snapshot/1' }, false, ORIGIN);
  assert.equal(added.enabled.isOn(), false);
  assert.equal(added.fader.getValue(), 0);
  show.engine.history.undo();
  assert.equal(added.enabled.isOn(), true);
  assert.equal(added.fader.getValue(), 1);
});

test('auto-cycle recalls the next eligible snapshot after the cycle time (a custom time per snapshot)', async () => {
  const show = await open('solid_faders');
  addSnapshot(show, {}, ORIGIN);
  show.setParameter('/lx/mixer/crossfader', 0.9, ORIGIN);
  addSnapshot(show, {}, ORIGIN);
  show.setParameter('/lx/snapshots/autoCycleTimeSecs', 1, ORIGIN);
  show.setParameter('/lx/snapshots/autoCycleEnabled', true, ORIGIN);
  show.engine.clock.stepFixed(61, 1000 / 60);
  assert.equal(show.lx.snapshots.autoCycleCursor.getValue(), 0);
  assert.equal(show.mixer.crossfader.getValue(), 0.5);
  show.setParameter('/lx/snapshots/snapshot/1/hasCustomCycleTime', true, ORIGIN);
  show.setParameter('/lx/snapshots/snapshot/1/cycleTimeSecs', 0.5, ORIGIN);
  show.engine.clock.stepFixed(31, 1000 / 60);
  assert.equal(show.lx.snapshots.autoCycleCursor.getValue(), 1);
  assert.equal(show.mixer.crossfader.getValue(), 0.9);
});

// LX 1.2.1's values (its Probe, frame by frame) in the snapshots_fade_cycle scene of
// test/golden/lx-scenes/snapshots: Noise's octaves (discrete 1–8) and algorithm (enum of 5)
// while the snapshots Cool (octaves 7, TURBULENCE) and Mix (3, PERLIN) are recalled with
// 0.4 s transitions. LX moves them in normalized space, floor(lerp · range): they step early,
// not at the rounded midpoints of an integer lerp.
const LX_OCTAVES = '3333333333333333333333333333333333333333333333333333444445555556666677777777777777777777776666655555544444333333333333333';
const LX_ALGORITHM = '0000000000000000000000000000000000000000000000000000000111111222222233333333333333333333332222222111111000000000000000000';

test('transitions: discrete and enum parameters step through normalized space, frame by frame as LX', async () => {
  const show = await LightShow.open(new Engine(), fileURLToPath(new URL('../../golden/lx-scenes/snapshots/snapshots_fade_cycle.lxp', import.meta.url)));
  const octaves = show.parameter('/lx/mixer/channel/2/pattern/1/octaves') as NumericParameter;
  const algorithm = show.parameter('/lx/mixer/channel/2/pattern/1/algorithm') as NumericParameter;
  let o = '';
  let a = '';
  for (let k = 0; k < LX_OCTAVES.length; k++) {
    show.engine.clock.stepFixed(1, 1000 / 60);
    o += String(octaves.getValue());
    a += String(algorithm.getValue());
  }
  assert.equal(o, LX_OCTAVES);
  assert.equal(a, LX_ALGORITHM);
});

test('a recall mid-transition starts from where the running one is, without finishing it (LX)', async () => {
  const show = await open('solid_faders');
  const a = addSnapshot(show, {}, ORIGIN); // crossfader 0.5
  show.setParameter('/lx/mixer/crossfader', 0.9, ORIGIN);
  const b = addSnapshot(show, {}, ORIGIN);
  show.setParameter('/lx/mixer/crossfader', 0.1, ORIGIN);
  const engine = show.lx.snapshots;
  engine.transitionEnabled.setOn(true);
  engine.transitionTimeSecs.setValue(1);
  engine.recall(a);
  for (let k = 0; k < 30; k++) engine.loop(1000 / 60);
  const mid = show.mixer.crossfader.getValue();
  assert.ok(Math.abs(mid - 0.3) < 1e-9, String(mid));
  engine.recall(b);
  assert.equal(show.mixer.crossfader.getValue(), mid, 'the first transition is not finished');
  engine.loop(1000 / 60);
  assert.ok(Math.abs(show.mixer.crossfader.getValue() - (mid + (0.9 - mid) / 60)) < 1e-9);
  engine.triggerSnapshotCycle.setValue(1); // mid-transition the trigger still cycles (to a)
  assert.equal(engine.autoCycleCursor.getValue(), a.index);
  assert.equal(engine.transitioning, true);
});
