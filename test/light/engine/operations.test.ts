import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import { FootlightError } from '../../../src/engine/errors.js';
import type { Origin } from '../../../src/engine/commands/history.js';
import { Effect } from '../../../src/light/devices/effects/effect.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import type { Group } from '../../../src/light/mixer/group.js';
import * as channels from '../../../src/light/operations/channels.js';
import * as effects from '../../../src/light/operations/effects.js';
import * as palette from '../../../src/light/operations/palette.js';
import * as patterns from '../../../src/light/operations/patterns.js';
import * as snapshots from '../../../src/light/operations/snapshots.js';
import { fireTrigger } from '../../../src/light/operations/triggers.js';
import * as views from '../../../src/light/operations/views.js';
import { writeProject } from '../../../src/light/show/project/project-file.js';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';
const ORIGIN: Origin = { surface: 'engine' };

// The light domain's operations (src/light/operations/*) over real golden projects: each is one
// undo step that undo and redo restore exactly, and each refusal changes nothing, history included.

/** A minimal effect for tests: scales every point's color toward black by `amount`. */
class DimTestEffect extends Effect {
  readonly lxClass = 'test.DimEffect';
  constructor() {
    super('Dim');
  }
  protected run(): void {
    const idx = this.points.index;
    for (let k = 0; k < idx.length; k++) this.colors[idx[k]] = 0xff000000;
  }
}

async function open(scene: string): Promise<LightShow> {
  const registry = createLibrary();
  registry.register({ kind: 'effect', className: 'test.DimEffect', name: 'Dim', category: 'Test', create: () => new DimTestEffect() });
  return LightShow.open(new Engine(), join(GOLDEN, `${scene}.lxp`), { registry });
}

function state(show: LightShow): string {
  return JSON.stringify(writeProject(show.lx, show.externals, 0));
}

/** Paths where two saved states differ (short, for assertion messages). */
function diff(a: string, b: string): string[] {
  const out: string[] = [];
  const walk = (x: unknown, y: unknown, path: string): void => {
    if (out.length > 12) return;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) {
      if (!Object.is(x, y)) out.push(`${path}: ${JSON.stringify(x)?.slice(0, 50)} ≠ ${JSON.stringify(y)?.slice(0, 50)}`);
      return;
    }
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], `${path}/${k}`);
  };
  walk(JSON.parse(a), JSON.parse(b), '');
  return out;
}

function labels(show: LightShow): string[] {
  return show.mixer.channels.items.map((c) => c.label.getString());
}

/** Runs `op`, checks `after`, undoes and checks the saved state is back, redoes and checks again. */
function doUndoRedo(show: LightShow, op: () => void, after: () => void): void {
  const before = state(show);
  const depth = show.engine.history.undoDepth;
  op();
  assert.equal(show.engine.history.undoDepth, depth + 1, 'one undo step');
  after();
  const done = state(show);
  show.engine.history.undo();
  assert.deepEqual(diff(before, state(show)), [], 'undo restores the saved state');
  show.engine.history.redo();
  assert.deepEqual(diff(done, state(show)), [], 'redo gives the same state again (same ids)');
  after();
}

/** Runs `op`, expects a FootlightError with `code`, and checks nothing changed. */
function refused(show: LightShow, code: string, op: () => void, message?: RegExp): void {
  const before = state(show);
  const depth = show.engine.history.undoDepth;
  assert.throws(op, (err: unknown) => err instanceof FootlightError && err.code === code && (message === undefined || message.test(err.message)));
  assert.deepEqual(diff(before, state(show)), [], 'state unchanged');
  assert.equal(show.engine.history.undoDepth, depth, 'history unchanged');
}

/** A component target from a path. */
const at = (path: string): { path: string } => ({ path });

test('addChannel: a new channel at the end with a first pattern; later channels start at fader 0', async () => {
  const show = await open('groups');
  let added: Channel | undefined;
  doUndoRedo(
    show,
    () => {
      added = channels.addChannel(show, { patternClass: 'Solid' }, ORIGIN);
    },
    () => {
      const c = show.mixer.channels.at(show.mixer.channels.length - 1) as Channel;
      assert.equal(c, added);
      assert.equal(c.fader.getValue(), 0);
      assert.equal(c.isAutoMuted, true);
      assert.equal(c.patterns.at(0)?.lxClass, 'heronarts.lx.pattern.color.SolidPattern');
      assert.equal(c.patternEngine.activeIndex, 0);
    },
  );
  refused(show, 'not_found', () => channels.addChannel(show, { patternClass: 'NoSuchPattern' }, ORIGIN));
  refused(show, 'invalid_argument', () => channels.addChannel(show, { index: 99 }, ORIGIN), /0–7/);
  refused(show, 'invalid_argument', () => channels.addChannel(show, { index: 2 }, ORIGIN), /inside \/lx\/mixer\/channel\/1's members/);
});

test('removeChannel: a group goes with its members; a member leaves its group; undo restores both', async () => {
  const show = await open('groups');
  doUndoRedo(
    show,
    () => channels.removeChannel(show, at('/lx/mixer/channel/1'), ORIGIN),
    () => {
      assert.deepEqual(labels(show), ['Planes', 'Group-2', 'SolidCh']);
    },
  );
  doUndoRedo(
    show,
    () => channels.removeChannel(show, at('/lx/mixer/channel/3'), ORIGIN),
    () => {
      assert.deepEqual(labels(show), ['Planes', 'Group-2']);
      assert.equal((show.mixer.channels.at(1) as Group).members.length, 0);
    },
  );
  refused(show, 'invalid_argument', () => channels.removeChannel(show, at('/lx/mixer/master'), ORIGIN), /not a mixer channel/);
  refused(show, 'not_found', () => channels.removeChannel(show, at('/lx/mixer/channel/42'), ORIGIN));
});

test('removeChannel: modulations that reached into the channel are taken out and put back', async () => {
  const show = await open('modulation_lfos');
  const engine = show.lx.modulation;
  const n = engine.modulations.length;
  const channel = show.mixer.channels.at(0)!;
  const targetsFader = engine.modulations.items.filter((m) => m.target.owner !== null && channel.contains(m.target.owner)).length;
  assert.equal(targetsFader, 2, "the fader (K2) and the Gradient pattern's xOffset (Triangle)");
  doUndoRedo(
    show,
    () => {
      const removed = channels.removeChannel(show, at('/lx/mixer/channel/1'), ORIGIN);
      assert.equal(removed.removedWiring.length, targetsFader, 'the removal reports the wiring it took');
    },
    () => {
      assert.equal(engine.modulations.length, n - targetsFader);
    },
  );
});

test('moveChannel: groups move with their members; members stay inside; nothing lands inside a group', async () => {
  const show = await open('groups');
  doUndoRedo(
    show,
    () => channels.moveChannel(show, at('/lx/mixer/channel/4'), 0, ORIGIN),
    () => {
      assert.deepEqual(labels(show), ['Planes', 'Group-1', 'GradCh', 'NoiseCh', 'Group-2', 'SolidCh']);
    },
  );
  doUndoRedo(
    show,
    () => channels.moveChannel(show, at('/lx/mixer/channel/2'), 3, ORIGIN),
    () => {
      assert.deepEqual(labels(show), ['Planes', 'Group-2', 'SolidCh', 'Group-1', 'GradCh', 'NoiseCh']);
      assert.deepEqual(
        (show.mixer.channels.at(3) as Group).members.map((m) => m.index),
        [4, 5],
      );
    },
  );
  doUndoRedo(
    show,
    () => channels.moveChannel(show, at('/lx/mixer/channel/5'), 5, ORIGIN),
    () => {
      assert.deepEqual(labels(show), ['Planes', 'Group-2', 'SolidCh', 'Group-1', 'NoiseCh', 'GradCh']);
      assert.deepEqual(
        (show.mixer.channels.at(3) as Group).members.map((m) => m.label.getString()),
        ['NoiseCh', 'GradCh'],
      );
    },
  );
  refused(show, 'invalid_argument', () => channels.moveChannel(show, at('/lx/mixer/channel/6'), 1, ORIGIN), /4–5/);
  refused(show, 'invalid_argument', () => channels.moveChannel(show, at('/lx/mixer/channel/1'), 4, ORIGIN), /inside \/lx\/mixer\/channel\/4/);
  refused(show, 'invalid_argument', () => channels.moveChannel(show, at('/lx/mixer/channel/2'), 2, ORIGIN), /inside \/lx\/mixer\/channel\/4/);
  refused(show, 'invalid_argument', () => channels.moveChannel(show, at('/lx/mixer/channel/1'), 7, ORIGIN));
});

test('groupChannels and ungroup', async () => {
  const show = await open('crossfader_ab');
  let group: Group | undefined;
  doUndoRedo(
    show,
    () => {
      group = channels.groupChannels(show, [at('/lx/mixer/channel/3'), at('/lx/mixer/channel/1')], undefined, ORIGIN).group;
    },
    () => {
      assert.deepEqual(labels(show), [group!.label.getString(), 'A', 'Bypass', 'B']);
      assert.deepEqual(
        group!.members.map((m) => m.label.getString()),
        ['A', 'Bypass'],
      );
    },
  );
  refused(show, 'invalid_argument', () => channels.groupChannels(show, [at('/lx/mixer/channel/2')], undefined, ORIGIN), /already in/);
  refused(show, 'invalid_argument', () => channels.groupChannels(show, [at('/lx/mixer/channel/1')], undefined, ORIGIN), /is a group/);
  refused(show, 'invalid_argument', () => channels.groupChannels(show, [], undefined, ORIGIN));
  doUndoRedo(
    show,
    () => channels.ungroupGroup(show, at('/lx/mixer/channel/1'), ORIGIN),
    () => {
      assert.deepEqual(labels(show), ['A', 'Bypass', 'B']);
      for (const c of show.mixer.channels.items) assert.equal((c as Channel).group, null);
    },
  );
  refused(show, 'invalid_argument', () => channels.ungroupGroup(show, at('/lx/mixer/channel/1'), ORIGIN), /not a group/);
});

test("patterns: add, remove, move and go keep the playlist's active pattern right", async () => {
  const show = await open('playlist_transition');
  const ch = show.mixer.channels.at(0) as Channel;
  const names = (): string[] => ch.patterns.items.map((p) => p.label.getString());
  doUndoRedo(
    show,
    () => patterns.addPattern(show, { id: ch.id }, 'Solid', 0, ORIGIN),
    () => {
      assert.deepEqual(names(), ['Solid', 'G', 'Noise', 'Planes']);
      assert.equal(ch.patternEngine.activeIndex, 1, 'the active pattern moved with its index');
    },
  );
  doUndoRedo(
    show,
    () => patterns.movePattern(show, at('/lx/mixer/channel/1/pattern/1'), 3, ORIGIN),
    () => {
      assert.deepEqual(names(), ['G', 'Noise', 'Planes', 'Solid']);
      assert.equal(ch.activePattern?.label.getString(), 'G');
    },
  );
  doUndoRedo(
    show,
    () => patterns.removePattern(show, at('/lx/mixer/channel/1/pattern/1'), ORIGIN),
    () => {
      assert.deepEqual(names(), ['Noise', 'Planes', 'Solid']);
      assert.equal(ch.activePattern?.label.getString(), 'Noise');
    },
  );
  doUndoRedo(
    show,
    () => patterns.activatePattern(show, at('/lx/mixer/channel/1/pattern/2'), ORIGIN),
    () => {
      // Transitions are on: Planes is where the playlist is heading.
      assert.equal(ch.patternEngine.targetPattern?.label.getString(), 'Planes');
    },
  );
  refused(show, 'not_found', () => patterns.addPattern(show, { id: ch.id }, 'Nope', undefined, ORIGIN));
  refused(show, 'invalid_argument', () => patterns.addPattern(show, at('/lx/mixer/master'), 'Solid', undefined, ORIGIN), /cannot hold patterns/);
  refused(show, 'invalid_argument', () => patterns.movePattern(show, at('/lx/mixer/channel/1/pattern/1'), 3, ORIGIN));
  refused(show, 'invalid_argument', () => patterns.activatePattern(show, at('/lx/mixer/channel/1'), ORIGIN), /not a channel's pattern/);
  const blend = await open('composite_blend');
  refused(blend, 'invalid_argument', () => patterns.activatePattern(blend, at('/lx/mixer/channel/1/pattern/2'), ORIGIN), /blend mode/);
});

test('effects: add, move and remove on channels, the master and patterns', async () => {
  const show = await open('solid_faders');
  doUndoRedo(
    show,
    () => effects.addEffect(show, at('/lx/mixer/master'), 'Dim', undefined, ORIGIN),
    () => {
      assert.equal(show.mixer.master.effects.length, 1);
    },
  );
  effects.addEffect(show, at('/lx/mixer/channel/1'), 'Dim', undefined, ORIGIN);
  effects.addEffect(show, at('/lx/mixer/channel/1/pattern/1'), 'Dim', undefined, ORIGIN);
  const second = effects.addEffect(show, at('/lx/mixer/channel/1'), 'test.DimEffect', 0, ORIGIN).effect;
  doUndoRedo(
    show,
    () => effects.moveEffect(show, { id: second.id }, 1, undefined, ORIGIN),
    () => {
      assert.equal(second.index, 1);
    },
  );
  doUndoRedo(
    show,
    () => effects.removeEffect(show, at('/lx/mixer/channel/1/effect/1'), ORIGIN),
    () => {
      assert.equal((show.mixer.channels.at(0) as Channel).effects.length, 1);
    },
  );
  refused(show, 'invalid_argument', () => effects.addEffect(show, at('/lx/palette'), 'Dim', undefined, ORIGIN), /cannot hold effects/);
  refused(show, 'not_found', () => effects.addEffect(show, at('/lx/mixer/master'), 'Nope', undefined, ORIGIN));
  refused(show, 'invalid_argument', () => effects.removeEffect(show, at('/lx/mixer/channel/1'), ORIGIN), /not an effect/);
});

test('views: add (selector checked), remove (selectors of other views keep their view)', async () => {
  const show = await open('gradient_palette_views');
  const engine = show.structure.views;
  doUndoRedo(
    show,
    () => views.addView(show, { label: 'Mixed', selector: 'panel, lamp' }, ORIGIN),
    () => {
      const v = engine.views.at(4)!;
      assert.equal(v.label.getString(), 'Mixed');
      assert.ok(v.points !== null && v.points.size === 320 + 6);
    },
  );
  const pattern = (show.mixer.channels.at(0) as Channel).patterns.at(1)!;
  const selector = pattern.parameters.get('view')!;
  assert.equal(selector.value, 2);
  doUndoRedo(
    show,
    () => views.removeView(show, at('/lx/structure/views/view/1'), ORIGIN),
    () => {
      assert.equal(engine.views.length, 4);
      assert.equal(selector.value, 1, 'StripView moved up to option 1');
    },
  );
  refused(show, 'invalid_argument', () => views.addView(show, { label: 'Bad', selector: 'strip[1-' }, ORIGIN), /selector/);
  refused(show, 'invalid_argument', () => show.setParameter('/lx/structure/views/view/1/selector', 'a,,[', ORIGIN), /selector/);
  refused(show, 'invalid_argument', () => views.removeView(show, at('/lx/mixer/channel/1'), ORIGIN), /not a view/);
});

test('palette: save, recall (undo restores the live swatch), add and remove colors, remove a swatch', async () => {
  const show = await open('gradient_palette_views');
  const p = show.lx.palette;
  doUndoRedo(
    show,
    () => palette.saveSwatch(show, {}, ORIGIN),
    () => {
      assert.equal(p.swatches.length, 1);
      assert.equal(p.swatches.at(0)?.label.getString(), 'Swatch-1');
      assert.equal(p.swatches.at(0)?.colors.length, 5);
    },
  );
  // Change the live swatch, then recall the saved one.
  show.setParameter('/lx/palette/swatch/color/1/primary/hue', 200, ORIGIN);
  palette.removeColor(show, undefined, ORIGIN);
  assert.equal(p.swatch.colors.length, 4);
  doUndoRedo(
    show,
    () => palette.setSwatch(show, at('/lx/palette/swatches/1'), ORIGIN),
    () => {
      assert.equal(p.swatch.colors.length, 5);
      assert.equal(p.swatchHue(0), 10);
    },
  );
  refused(show, 'invalid_argument', () => palette.addColor(show, undefined, ORIGIN), /5 colors/);
  doUndoRedo(
    show,
    () => palette.removeColor(show, undefined, ORIGIN),
    () => assert.equal(p.swatch.colors.length, 4),
  );
  doUndoRedo(
    show,
    () => palette.addColor(show, undefined, ORIGIN),
    () => assert.equal(p.swatch.colors.length, 5),
  );
  refused(show, 'invalid_argument', () => palette.setSwatch(show, at('/lx/palette/swatch'), ORIGIN), /live swatch|not a saved swatch/);
  doUndoRedo(
    show,
    () => palette.removeSwatch(show, at('/lx/palette/swatches/1'), ORIGIN),
    () => assert.equal(p.swatches.length, 0),
  );
});

test('snapshots: capture, recall (undo restores what it overwrote, active pattern too), update, remove', async () => {
  const show = await open('playlist_transition');
  const ch = show.mixer.channels.at(1) as Channel;
  let snap: ReturnType<typeof snapshots.addSnapshot> | undefined;
  doUndoRedo(
    show,
    () => {
      snap = snapshots.addSnapshot(show, {}, ORIGIN);
    },
    () => {
      assert.equal(show.lx.snapshots.snapshots.length, 1);
      assert.ok(snap!.views.some((v) => v.type === 'CHANNEL_FADER'));
      assert.ok(snap!.views.some((v) => v.type === 'ACTIVE_PATTERN'));
    },
  );
  // Move things away from the snapshot, then recall it.
  show.setParameter('/lx/mixer/channel/2/fader', 0.9, ORIGIN);
  show.setParameter('/lx/mixer/crossfader', 0.1, ORIGIN);
  show.setParameter('/lx/mixer/channel/2/transitionEnabled', false, ORIGIN);
  patterns.activatePattern(show, at('/lx/mixer/channel/2/pattern/2'), ORIGIN);
  show.setParameter('/lx/mixer/channel/2/transitionEnabled', true, ORIGIN);
  assert.equal(ch.patternEngine.activeIndex, 1);
  const moved = state(show);
  snapshots.recallSnapshot(show, at('/lx/snapshots/snapshot/1'), false, ORIGIN);
  assert.equal(ch.fader.getValue(), 0.5);
  assert.equal(show.mixer.crossfader.getValue(), 0.5);
  assert.equal(ch.patternEngine.targetPattern?.label.getString(), 'Solid');
  show.engine.history.undo();
  assert.deepEqual(diff(moved, state(show)), [], 'undo of a recall puts back every value it overwrote');
  assert.equal(ch.patternEngine.activeIndex, 1);
  doUndoRedo(
    show,
    () => snapshots.updateSnapshot(show, at('/lx/snapshots/snapshot/1'), ORIGIN),
    () => {
      assert.ok(snap!.views.some((v) => v.type === 'CHANNEL_FADER' && v.channelFader === 0.9));
    },
  );
  doUndoRedo(
    show,
    () => snapshots.removeSnapshot(show, at('/lx/snapshots/snapshot/1'), ORIGIN),
    () => assert.equal(show.lx.snapshots.snapshots.length, 0),
  );
  refused(show, 'invalid_argument', () => snapshots.recallSnapshot(show, at('/lx/mixer'), false, ORIGIN), /not a snapshot/);
});

test('snapshot recall with a transition: values move over the transition time and land exactly', async () => {
  const show = await open('solid_faders');
  snapshots.addSnapshot(show, {}, ORIGIN);
  show.setParameter('/lx/mixer/channel/2/fader', 1, ORIGIN);
  show.setParameter('/lx/snapshots/transitionEnabled', true, ORIGIN);
  show.setParameter('/lx/snapshots/transitionTimeSecs', 1, ORIGIN);
  snapshots.recallSnapshot(show, at('/lx/snapshots/snapshot/1'), false, ORIGIN);
  const fader = (show.mixer.channels.at(1) as Channel).fader;
  show.engine.clock.stepFixed(30, 1000 / 60);
  assert.ok(fader.getValue() < 1 && fader.getValue() > 0.42, `halfway: ${fader.getValue()}`);
  show.engine.clock.stepFixed(31, 1000 / 60);
  assert.equal(fader.getValue(), 0.42);
  assert.equal(show.lx.snapshots.transitioning, false);
});

test('tempo: tap (fire_trigger on /lx/tempo/tap) restarts the beat and sets bpm from the fourth tap; an action, not a step', async () => {
  const show = await open('solid_faders');
  const tempo = show.lx.tempo;
  const depth = show.engine.history.undoDepth;
  for (let i = 0; i < 3; i++) {
    show.lx.nowMillis = 1000 + i * 400;
    fireTrigger(show, show.engine, at('/lx/tempo/tap'));
  }
  assert.equal(tempo.bpm.getValue(), 120);
  show.lx.nowMillis = 1000 + 3 * 400;
  fireTrigger(show, show.engine, at('/lx/tempo/tap'));
  assert.equal(tempo.bpm.getValue(), 150);
  assert.equal(show.engine.history.undoDepth, depth, 'firing is not recorded in the history');
});
