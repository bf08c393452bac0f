import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import type { Origin } from '../../../src/engine/commands/history.js';
import { FootlightError } from '../../../src/engine/errors.js';
import { buildDemoShow } from '../../../src/light/demo-show.js';
import { createLibrary } from '../../../src/light/library.js';
import { LightShow } from '../../../src/light/light-show.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { activatePattern, addPattern, movePattern, removePattern } from '../../../src/light/mixer/pattern-ops.js';

const ORIGIN: Origin = { surface: 'console', session: 'c1', client: 'console' };
const CH1 = '/lx/mixer/channel/1';

function show(): LightShow {
  const engine = new Engine();
  const light = new LightShow(engine);
  buildDemoShow(light);
  engine.history.clear();
  return light;
}

/** What a channel's pattern list looks like: ids in order and the active id. */
function shape(light: LightShow, path = CH1): { ids: number[]; active: number | undefined; history: number } {
  const ch = light.mixer.channels.at(Number(path.split('/').pop()) - 1) as Channel;
  return { ids: ch.patterns.items.map((p) => p.id), active: ch.activePattern?.id, history: light.engine.history.undoDepth };
}

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof FootlightError, String(err));
    return err.code;
  }
  assert.fail('expected a failure');
}

test('addPattern: do → undo → restored → redo keeps the id', () => {
  const light = show();
  const before = shape(light);
  const p = addPattern(light, createLibrary(), CH1, 'Solid', ORIGIN);
  assert.equal(p.path, '/lx/mixer/channel/1/pattern/2');
  const after = shape(light);
  assert.deepEqual(after.ids, [...before.ids, p.id]);
  assert.equal(after.active, before.active, 'adding keeps the active pattern');
  assert.equal(light.engine.history.nextUndo?.origin.surface, 'console');
  light.engine.history.undo();
  assert.deepEqual(shape(light).ids, before.ids);
  assert.equal(shape(light).active, before.active);
  light.engine.history.redo();
  assert.deepEqual(shape(light).ids, after.ids, 'redo puts the same pattern back with its id');
});

test('addPattern at index 0 keeps the active pattern active', () => {
  const light = show();
  const before = shape(light);
  const p = addPattern(light, createLibrary(), CH1, 'heronarts.lx.pattern.color.SolidPattern', ORIGIN, 0);
  assert.deepEqual(shape(light).ids, [p.id, ...before.ids]);
  assert.equal(shape(light).active, before.active);
});

test('removePattern: do → undo → restored (same id, same active)', () => {
  const light = show();
  const lib = createLibrary();
  const added = addPattern(light, lib, CH1, 'Solid', ORIGIN);
  activatePattern(light, added.path, ORIGIN);
  const before = shape(light);
  removePattern(light, added.path, ORIGIN);
  assert.deepEqual(shape(light).ids, before.ids.slice(0, 1));
  assert.equal(shape(light).active, before.ids[0], 'removing the active pattern activates its neighbour');
  light.engine.history.undo();
  assert.deepEqual(shape(light), before);
});

test('movePattern: do → undo → restored; the active pattern follows its move', () => {
  const light = show();
  const lib = createLibrary();
  addPattern(light, lib, CH1, 'Solid', ORIGIN);
  const before = shape(light);
  movePattern(light, '/lx/mixer/channel/1/pattern/1', 1, ORIGIN);
  assert.deepEqual(shape(light).ids, [before.ids[1], before.ids[0]]);
  assert.equal(shape(light).active, before.active);
  light.engine.history.undo();
  assert.deepEqual(shape(light), before);
});

test('activatePattern: do → undo → restored; activating the active one is no step', () => {
  const light = show();
  const added = addPattern(light, createLibrary(), CH1, 'Solid', ORIGIN);
  const before = shape(light);
  activatePattern(light, added.path, ORIGIN);
  assert.equal(shape(light).active, added.id);
  assert.equal(shape(light).history, before.history + 1);
  activatePattern(light, added.path, ORIGIN);
  assert.equal(shape(light).history, before.history + 1);
  light.engine.history.undo();
  assert.deepEqual(shape(light), before);
});

test('pattern operations: bad input → error code, nothing changed', () => {
  const light = show();
  const lib = createLibrary();
  const before = shape(light);
  assert.equal(code(() => addPattern(light, lib, CH1, 'NoSuchPattern', ORIGIN)), 'not_found');
  assert.equal(code(() => addPattern(light, lib, '/lx/mixer/channel/9', 'Solid', ORIGIN)), 'not_found');
  assert.equal(code(() => addPattern(light, lib, '/lx/mixer', 'Solid', ORIGIN)), 'invalid_argument');
  assert.equal(code(() => addPattern(light, lib, CH1, 'Solid', ORIGIN, 5)), 'invalid_argument');
  assert.equal(code(() => removePattern(light, CH1, ORIGIN)), 'invalid_argument');
  assert.equal(code(() => movePattern(light, '/lx/mixer/channel/1/pattern/1', 3, ORIGIN)), 'invalid_argument');
  assert.equal(code(() => activatePattern(light, '/lx/mixer/channel/1/pattern/7', ORIGIN)), 'not_found');
  assert.deepEqual(shape(light), before);
});
