// Modulation domain operations: do → undo → restored (and redo), bad input refused with nothing
// changed (state and history), dependent modulations recorded and restored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { FootlightError } from '../../../src/engine/errors.js';
import type { Origin } from '../../../src/engine/commands/history.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { LXEngineComponent } from '../../../src/light/show/lx-engine.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { GradientPattern } from '../../../src/light/devices/patterns/color/gradient-pattern.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { readProject } from '../../../src/light/show/project/project-file.js';
import * as modulation from '../../../src/light/operations/modulation.js';
import type { CompoundModulation } from '../../../src/light/modulation/compound-modulation.js';
import type { TriggerModulation } from '../../../src/light/modulation/trigger-modulation.js';
import type { MacroKnobs } from '../../../src/light/modulation/modulators/macro-knobs.js';
import type { MacroSwitches } from '../../../src/light/modulation/modulators/macro-switches.js';
import type { VariableLFO } from '../../../src/light/modulation/modulators/variable-lfo.js';

const ORIGIN: Origin = { surface: 'mcp', session: 'test', client: 'test' };

/**
 * The modulation operations (src/light/operations/modulation.ts) with every component named by
 * its path, as the tools pass them; arguments of the wrong type go through as they came, so the
 * operations' own checks answer.
 */
function byPath(show: LightShow) {
  const at = (path: string): { path: string } => ({ path });
  const scopeOf = (scope: unknown): { path: string } | undefined => (scope === undefined ? undefined : at(scope as string));
  return {
    addModulator: (scope: string, className: string, o: { index?: unknown; label?: unknown }, origin: Origin) =>
      modulation.addModulator(show, className, { scope: at(scope), index: o.index as number, label: o.label as string }, origin),
    addModulation: (source: string, target: string, o: { range: unknown; polarity?: unknown; scope?: unknown }, origin: Origin) =>
      modulation.wireModulation(
        show,
        at(source),
        at(target),
        { range: o.range as number, polarity: o.polarity as 'unipolar', scope: scopeOf(o.scope) },
        origin,
      ),
    addTrigger: (source: string, target: string, o: { mode?: unknown; scope?: unknown }, origin: Origin) =>
      modulation.wireTrigger(show, at(source), at(target), { mode: o.mode as string, scope: scopeOf(o.scope) }, origin).trigger,
    moveModulator: (path: string, index: unknown, origin: Origin) => modulation.moveModulator(show, at(path), index as number, origin).modulator,
    removeModulator: (path: string, origin: Origin) => modulation.removeModulator(show, at(path), origin),
    removeModulation: (path: string, origin: Origin) => modulation.removeModulation(show, at(path), origin),
  };
}

function makeShow() {
  const engine = new Engine();
  const lx = new LXEngineComponent();
  const show = new LightShow(engine, lx);
  for (let i = 1; i <= 2; i++) {
    const ch = new Channel(`Channel-${i}`);
    lx.mixer.insertChannel(ch);
    ch.addPattern(new GradientPattern());
  }
  const channel = (i: number): Channel => lx.mixer.channels.at(i) as Channel;
  const ops = byPath(show);
  const state = (): string => JSON.stringify(lx.save());
  const history = (): unknown => ({ undo: engine.history.undoDepth, redo: engine.history.redoDepth, top: engine.history.nextUndo?.seq });
  return { engine, lx, show, ops, state, history, channel };
}

function assertRefused(fn: () => unknown, code: string, pattern: RegExp, s: ReturnType<typeof makeShow>): void {
  const before = s.state();
  const hist = s.history();
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof FootlightError, `expected a FootlightError, got ${String(err)}`);
    assert.equal(err.code, code);
    assert.match(err.message, pattern);
    return true;
  });
  assert.equal(s.state(), before, 'state changed');
  assert.deepEqual(s.history(), hist, 'history changed');
}

test('addModulator: LX numbering, autostart; do → undo → restored → redo same id', () => {
  const s = makeShow();
  const before = s.state();
  const a = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  assert.equal(a.path, '/lx/modulation/modulator/1');
  assert.equal(a.label.getString(), 'LFO');
  assert.equal(a.isRunning(), true);
  const b = s.ops.addModulator('/lx/modulation', 'LFO', {}, ORIGIN);
  assert.equal(b.label.getString(), 'LFO 2');
  const k = s.ops.addModulator('/lx/modulation', 'heronarts.lx.modulator.MacroKnobs', { index: 0 }, ORIGIN);
  assert.equal(k.path, '/lx/modulation/modulator/1');
  assert.equal(k.label.getString(), 'Knobs');
  assert.equal(s.engine.history.nextUndo?.command.label, 'Add Knobs');
  const idB = b.id;
  s.engine.history.undo();
  s.engine.history.undo();
  s.engine.history.undo();
  assert.equal(s.state(), before);
  s.engine.history.redo();
  s.engine.history.redo();
  const again = s.lx.modulation.modulators.at(1)!;
  assert.equal(again.id, idB);
  assert.equal(again.label.getString(), 'LFO 2');
});

test('addModulator: custom label and index; local engines of buses and devices', () => {
  const s = makeShow();
  const m = s.ops.addModulator('/lx/mixer/channel/1/pattern/1', 'VariableLFO', { label: 'Wobble' }, ORIGIN);
  assert.equal(m.path, '/lx/mixer/channel/1/pattern/1/modulation/modulator/1');
  assert.equal(m.label.getString(), 'Wobble');
  const n = s.ops.addModulator('/lx/mixer/channel/2/modulation', 'VariableLFO', {}, ORIGIN);
  assert.equal(n.path, '/lx/mixer/channel/2/modulation/modulator/1');
});

test('addModulator: unknown, unavailable and misplaced classes and bad indices are refused, nothing changed', () => {
  const s = makeShow();
  assertRefused(() => s.ops.addModulator('/lx/modulation', 'NoSuchThing', {}, ORIGIN), 'not_found', /NoSuchThing/, s);
  assertRefused(() => s.ops.addModulator('/lx/modulation', 'MidiNoteTrigger', {}, ORIGIN), 'invalid_argument', /MIDI/, s);
  assertRefused(() => s.ops.addModulator('/lx/modulation', 'VariableLFO', { index: 3 }, ORIGIN), 'invalid_argument', /index/, s);
  assertRefused(() => s.ops.addModulator('/lx/mixer/channel/1/fader', 'VariableLFO', {}, ORIGIN), 'invalid_argument', /not a component/, s);
  assertRefused(() => s.ops.addModulator('/lx/modulation', 'VariableLFO', { label: '' }, ORIGIN), 'invalid_argument', /label/, s);
});

test('addModulation: depth and polarity in one step; do → undo → restored → redo same id', () => {
  const s = makeShow();
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN) as VariableLFO;
  const fader = s.lx.mixer.channels.at(0)!.fader;
  const before = s.state();
  const depth = s.engine.history.undoDepth;
  const m = s.ops.addModulation(lfo.path, fader.path, { range: -0.5, polarity: 'bipolar' }, ORIGIN);
  assert.equal(s.engine.history.undoDepth, depth + 1);
  assert.equal(m.path, '/lx/modulation/modulation/1');
  assert.equal(m.range.getValue(), -0.5);
  assert.equal(m.polarity.constantName, 'BIPOLAR');
  assert.deepEqual(fader.modulations, [m]);
  // The LFO's value drives the fader: bipolar, depth −0.5 around the base 1.
  lfo.setValue(1);
  assert.equal(fader.getValue(), 0.5);
  lfo.setValue(0);
  assert.equal(fader.getValue(), 1);
  const id = m.id;
  s.engine.history.undo();
  assert.equal(fader.modulations.length, 0);
  assert.equal(s.state(), before);
  s.engine.history.redo();
  const again = s.lx.modulation.modulations.at(0)!;
  assert.equal(again.id, id);
  assert.equal(again.range.getValue(), -0.5);
  assert.deepEqual(fader.modulations, [again]);
});

test("addModulation: a parameter as source, polarity defaults to the source's", () => {
  const s = makeShow();
  const gradient = s.channel(0).patterns.at(0) as GradientPattern;
  const m = s.ops.addModulation(gradient.xOffset.path, s.lx.mixer.channels.at(1)!.fader.path, { range: 1 }, ORIGIN);
  assert.equal(m.polarity.constantName, 'BIPOLAR');
  assert.equal(m.save().parameters!.label, 'LX');
});

test('addModulation: non-modulatable target, bad range, bad polarity are refused, nothing changed', () => {
  const s = makeShow();
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const ch = s.lx.mixer.channels.at(0)!;
  assertRefused(() => s.ops.addModulation(lfo.path, ch.enabled.path, { range: 1 }, ORIGIN), 'invalid_argument', /not modulatable/, s);
  assertRefused(() => s.ops.addModulation(lfo.path, ch.fader.path, { range: 2 }, ORIGIN), 'invalid_argument', /range/, s);
  assertRefused(() => s.ops.addModulation(lfo.path, ch.fader.path, { range: 'a lot' }, ORIGIN), 'invalid_argument', /range/, s);
  assertRefused(() => s.ops.addModulation(lfo.path, ch.fader.path, { range: 1, polarity: 'sideways' }, ORIGIN), 'invalid_argument', /polarity/, s);
  assertRefused(() => s.ops.addModulation('/lx/mixer/channel/1', ch.fader.path, { range: 1 }, ORIGIN), 'invalid_argument', /source/, s);
  assertRefused(() => s.ops.addModulation(lfo.path, '/lx/mixer/channel/9/fader', { range: 1 }, ORIGIN), 'not_found', /channel\/9/, s);
});

test('addModulation: local scope rules (source and target inside the owner, as LX checks)', () => {
  const s = makeShow();
  const local = s.ops.addModulator('/lx/mixer/channel/1/pattern/1', 'VariableLFO', {}, ORIGIN);
  const global = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const gradient = s.channel(0).patterns.at(0) as GradientPattern;
  // The default scope of a local modulator is its own engine.
  const m = s.ops.addModulation(local.path, gradient.xOffset.path, { range: 0.5 }, ORIGIN);
  assert.equal(m.path, '/lx/mixer/channel/1/pattern/1/modulation/modulation/1');
  assert.equal(Array.isArray(s.channel(0).patterns.at(0)!.save().children!.modulation.modulations), true);
  // Target outside the device.
  assertRefused(() => s.ops.addModulation(local.path, s.lx.mixer.channels.at(1)!.fader.path, { range: 0.5 }, ORIGIN), 'invalid_argument', /outside/, s);
  // A global modulator cannot be wired in the device's engine.
  assertRefused(
    () => s.ops.addModulation(global.path, gradient.yOffset.path, { range: 0.5, scope: '/lx/mixer/channel/1/pattern/1/modulation' }, ORIGIN),
    'invalid_argument',
    /outside \/lx\/mixer\/channel\/1\/pattern\/1, the scope of/,
    s,
  );
  // A parameter of the device itself may drive it from its own engine (LX checks only that both
  // ends are inside the engine's owner).
  const own = s.ops.addModulation(gradient.xAmount.path, gradient.yOffset.path, { range: 0.25, scope: '/lx/mixer/channel/1/pattern/1/modulation' }, ORIGIN);
  assert.equal(own.path, '/lx/mixer/channel/1/pattern/1/modulation/modulation/2');
  // The global engine may wire the local modulator anywhere.
  const g = s.ops.addModulation(local.path, s.lx.mixer.channels.at(1)!.fader.path, { range: 0.5, scope: '/lx/modulation' }, ORIGIN);
  assert.equal(g.path, '/lx/modulation/modulation/1');
});

test('addModulation: a wiring that closes a loop is refused before anything changes, naming the loop', () => {
  const s = makeShow();
  const knobs = s.ops.addModulator('/lx/modulation', 'MacroKnobs', {}, ORIGIN) as MacroKnobs;
  const [k1, k2, k3] = knobs.macros;
  s.ops.addModulation(k1.path, k2.path, { range: 1 }, ORIGIN);
  s.ops.addModulation(k2.path, k3.path, { range: 1 }, ORIGIN);
  assertRefused(
    () => s.ops.addModulation(k3.path, k1.path, { range: 1 }, ORIGIN),
    'invalid_argument',
    new RegExp(
      'circular dependency: /lx/modulation/modulator/1/macro3 → /lx/modulation/modulator/1/macro1 → ' +
        '/lx/modulation/modulator/1/macro2 → /lx/modulation/modulator/1/macro3',
    ),
    s,
  );
  assertRefused(() => s.ops.addModulation(k1.path, k1.path, { range: 1 }, ORIGIN), 'invalid_argument', /circular/, s);
  // Modulating a modulation's own depth from its source is a loop too (LX's rule).
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const m = s.ops.addModulation(lfo.path, s.lx.mixer.channels.at(0)!.fader.path, { range: 1 }, ORIGIN);
  assertRefused(() => s.ops.addModulation(lfo.path, m.range.path, { range: 1 }, ORIGIN), 'invalid_argument', /circular/, s);
  // ... but another source may drive that depth.
  const d = s.ops.addModulation(k3.path, m.range.path, { range: 1 }, ORIGIN);
  assert.equal(d.target, m.range);
  // A modulator may modulate its own period (it reads it once per frame; LX allows it).
  s.ops.addModulation(lfo.path, (lfo as VariableLFO).periodFast.path, { range: 0.2 }, ORIGIN);
});

test('macro slot labelled "-" takes the target\'s label; undo puts "-" back', () => {
  const s = makeShow();
  const knobs = s.ops.addModulator('/lx/modulation', 'MacroKnobs', {}, ORIGIN) as MacroKnobs;
  s.ops.addModulation(knobs.macros[1].path, s.lx.mixer.channels.at(0)!.fader.path, { range: -0.7 }, ORIGIN);
  assert.equal(knobs.labels[1].getString(), 'Fader');
  assert.equal(knobs.labels[0].getString(), '-');
  knobs.labels[2].setString('Mine');
  s.ops.addModulation(knobs.macros[2].path, s.lx.mixer.channels.at(1)!.fader.path, { range: 1 }, ORIGIN);
  assert.equal(knobs.labels[2].getString(), 'Mine');
  s.engine.history.undo();
  s.engine.history.undo();
  assert.equal(knobs.labels[1].getString(), '-');
  s.engine.history.redo();
  assert.equal(knobs.labels[1].getString(), 'Fader');
  // Trigger mappings from macro switches name their slot too.
  const sw = s.ops.addModulator('/lx/modulation', 'MacroSwitches', {}, ORIGIN) as MacroSwitches;
  s.ops.addTrigger(sw.macros[0].path, s.channel(0).enabled.path, {}, ORIGIN);
  assert.equal(sw.labels[0].getString(), 'On');
  s.engine.history.undo();
  assert.equal(sw.labels[0].getString(), '-');
});

test('removeModulator: takes its modulations (and modulations of their depth) along; undo restores all, same ids and order', () => {
  const s = makeShow();
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const other = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const knobs = s.ops.addModulator('/lx/modulation', 'MacroKnobs', {}, ORIGIN) as MacroKnobs;
  const fader = s.lx.mixer.channels.at(0)!.fader;
  const m1 = s.ops.addModulation(other.path, fader.path, { range: 0.1 }, ORIGIN);
  const m2 = s.ops.addModulation(lfo.path, fader.path, { range: 0.2 }, ORIGIN);
  const m3 = s.ops.addModulation(lfo.path, knobs.macros[0].path, { range: 0.3 }, ORIGIN);
  const _m4 = s.ops.addModulation(knobs.macros[1].path, m2.range.path, { range: 0.4 }, ORIGIN);
  const m5 = s.ops.addModulation(knobs.macros[2].path, fader.path, { range: 0.5 }, ORIGIN);
  const ids = s.lx.modulation.modulations.items.map((m) => m.id);
  const order = fader.modulations.slice();
  assert.deepEqual(order, [m1, m2, m5]);
  const before = s.state();
  const removed = s.ops.removeModulator(lfo.path, ORIGIN);
  assert.equal(removed.path, '/lx/modulation/modulator/1');
  assert.equal(removed.removedWiring.length, 3, 'the three modulations the LFO drove went with it');
  assert.deepEqual(s.lx.modulation.modulations.items, [m1, m5]);
  assert.deepEqual(fader.modulations, [m1, m5]);
  assert.equal(s.lx.modulation.modulators.length, 2);
  s.engine.history.undo();
  assert.equal(s.state(), before);
  assert.deepEqual(
    s.lx.modulation.modulations.items.map((m) => m.id),
    ids,
  );
  assert.deepEqual(
    fader.modulations.map((m) => (m as CompoundModulation).id),
    order.map((m) => (m as CompoundModulation).id),
  );
  // The restored modulations are live: m4 still drives the restored m2's depth.
  const m2again = s.lx.modulation.modulations.at(1)!;
  assert.equal(m2again.range.modulations.length, 1);
  assert.notEqual(m3, s.lx.modulation.modulations.at(2));
  s.engine.history.redo();
  assert.equal(s.lx.modulation.modulations.length, 2);
  s.engine.history.undo();
  assert.equal(s.state(), before);
});

test('removeModulator of a local modulator also removes global modulations from it', () => {
  const s = makeShow();
  const local = s.ops.addModulator('/lx/mixer/channel/1/pattern/1', 'VariableLFO', {}, ORIGIN);
  s.ops.addModulation(local.path, s.lx.mixer.channels.at(1)!.fader.path, { range: 0.5, scope: '/lx/modulation' }, ORIGIN);
  const before = s.state();
  s.ops.removeModulator(local.path, ORIGIN);
  assert.equal(s.lx.modulation.modulations.length, 0);
  s.engine.history.undo();
  assert.equal(s.state(), before);
});

test('moveModulator: do → undo → restored; bad index and non-modulators refused', () => {
  const s = makeShow();
  const a = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const b = s.ops.addModulator('/lx/modulation', 'MacroKnobs', {}, ORIGIN);
  const before = s.state();
  s.ops.moveModulator(a.path, 1, ORIGIN);
  assert.deepEqual(s.lx.modulation.modulators.items, [b, a]);
  assert.equal(a.path, '/lx/modulation/modulator/2');
  s.engine.history.undo();
  assert.equal(s.state(), before);
  assertRefused(() => s.ops.moveModulator(a.path, 2, ORIGIN), 'invalid_argument', /index/, s);
  assertRefused(() => s.ops.moveModulator('/lx/mixer/channel/1', 0, ORIGIN), 'invalid_argument', /not a modulator/, s);
  assertRefused(() => s.ops.removeModulator('/lx/mixer', ORIGIN), 'invalid_argument', /not a modulator/, s);
});

test('removeModulation: compound and trigger; do → undo → restored', () => {
  const s = makeShow();
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const sw = s.ops.addModulator('/lx/modulation', 'MacroSwitches', {}, ORIGIN) as MacroSwitches;
  const m = s.ops.addModulation(lfo.path, s.lx.mixer.channels.at(0)!.fader.path, { range: 0.5 }, ORIGIN);
  const t = s.ops.addTrigger(sw.macros[0].path, s.lx.mixer.channels.at(0)!.enabled.path, { mode: 'INVERT' }, ORIGIN);
  const before = s.state();
  s.ops.removeModulation(m.path, ORIGIN);
  assert.equal(s.engine.history.nextUndo?.command.label, 'Delete Modulation');
  s.ops.removeModulation(t.path, ORIGIN);
  assert.equal(s.engine.history.nextUndo?.command.label, 'Delete Trigger');
  assert.equal(s.lx.modulation.modulations.length, 0);
  assert.equal(s.lx.modulation.triggers.length, 0);
  s.engine.history.undo();
  s.engine.history.undo();
  assert.equal(s.state(), before);
  const t2 = s.lx.modulation.triggers.at(0)!;
  assert.equal(t2.id, t.id);
  sw.macros[0].setOn(true);
  assert.equal(s.lx.mixer.channels.at(0)!.enabled.isOn(), false);
  assertRefused(() => s.ops.removeModulation(lfo.path, ORIGIN), 'invalid_argument', /not a modulation/, s);
});

test('addTrigger: boolean → boolean with a mode; scope, kinds and cycles checked', () => {
  const s = makeShow();
  const sw = s.ops.addModulator('/lx/modulation', 'MacroSwitches', {}, ORIGIN) as MacroSwitches;
  const [b1, b2] = sw.macros;
  const t = s.ops.addTrigger(b1.path, b2.path, {}, ORIGIN);
  assert.equal(t.path, '/lx/modulation/trigger/1');
  b1.setOn(true);
  assert.equal(b2.isOn(), true);
  b1.setOn(false);
  assert.equal(b2.isOn(), false);
  assertRefused(() => s.ops.addTrigger(b2.path, b1.path, {}, ORIGIN), 'invalid_argument', /circular/, s);
  assertRefused(() => s.ops.addTrigger(b1.path, s.lx.mixer.channels.at(0)!.fader.path, {}, ORIGIN), 'invalid_argument', /not a boolean/, s);
  assertRefused(() => s.ops.addTrigger(b1.path, sw.macros[2].path, { mode: 'NOPE' }, ORIGIN), 'invalid_argument', /option/, s);
  const before = s.state();
  s.ops.addTrigger(b1.path, sw.macros[2].path, { mode: 'Off → On' }, ORIGIN);
  s.engine.history.undo();
  assert.equal(s.state(), before);
});

test('project round trip: modulations and triggers save relative paths and ids, and load back live', () => {
  const s = makeShow();
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const knobs = s.ops.addModulator('/lx/modulation', 'MacroKnobs', {}, ORIGIN) as MacroKnobs;
  const local = s.ops.addModulator('/lx/mixer/channel/1/pattern/1', 'VariableLFO', { label: 'Local' }, ORIGIN);
  const sw = s.ops.addModulator('/lx/modulation', 'MacroSwitches', {}, ORIGIN) as MacroSwitches;
  const gradient = s.channel(0).patterns.at(0) as GradientPattern;
  s.ops.addModulation(lfo.path, knobs.macros[1].path, { range: 1 }, ORIGIN);
  s.ops.addModulation(knobs.macros[1].path, s.lx.mixer.channels.at(0)!.fader.path, { range: -0.7 }, ORIGIN);
  s.ops.addModulation(local.path, gradient.xOffset.path, { range: 0.5, polarity: 'bipolar' }, ORIGIN);
  s.ops.addTrigger(sw.macros[0].path, sw.macros[1].path, { mode: 'ON_TOGGLE' }, ORIGIN);
  const saved = s.lx.save();
  const mod = saved.children!.modulation;
  const wirings = mod.modulations as Record<string, any>[];
  assert.deepEqual(wirings[0].source, { id: lfo.id, path: '/modulation/modulator/1' });
  assert.deepEqual(wirings[1].source, { componentId: knobs.id, parameterPath: 'macro2', path: '/modulation/modulator/2/macro2' });
  assert.deepEqual(wirings[1].target, { componentId: s.lx.mixer.channels.at(0)!.id, parameterPath: 'fader', path: '/mixer/channel/1/fader' });
  const localSaved = (saved as any).children.mixer.channels[0].patterns[0].children.modulation.modulations[0];
  assert.deepEqual(localSaved.source, { id: local.id, path: '/modulation/modulator/1' });
  assert.equal(localSaved.target.path, '/xOffset');
  const trig = (mod.triggers as Record<string, any>[])[0];
  assert.equal(trig.parameters.toggleMode, 7);
  assert.equal(trig.parameters['toggleMode/name'], 'ON_TOGGLE');
  assert.equal(trig.class, 'heronarts.lx.modulation.LXTriggerModulation');

  // Load it into a fresh engine through the project reader.
  const opened = readProject({ version: '1.2.1', model: s.lx.structure.save(), engine: saved }, createLibrary());
  assert.deepEqual(
    opened.warnings.filter((w: string) => /modulation|trigger/.test(w)),
    [],
  );
  const lx2: LXEngineComponent = opened.lx;
  assert.equal(lx2.modulation.modulations.length, 2);
  assert.equal(lx2.modulation.triggers.length, 1);
  assert.equal(JSON.stringify(lx2.save()), JSON.stringify(saved));
  const fader2 = lx2.mixer.channels.at(0)!.fader;
  assert.equal(fader2.modulations.length, 1);
  const t2 = lx2.modulation.triggers.at(0) as TriggerModulation;
  (t2.source as any).setOn(true);
  assert.equal((t2.target as any).isOn(), true);
});

test('a modulated knob used as a source reads its combined normalized sum (LX), not a value round trip', () => {
  const s = makeShow();
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN) as VariableLFO;
  const period = lfo.periodFast; // exponent 4
  const knobs = s.ops.addModulator('/lx/modulation', 'MacroKnobs', {}, ORIGIN) as MacroKnobs;
  knobs.macros[0].setValue(0.3);
  s.ops.addModulation(knobs.macros[0].path, period.path, { range: 0.37 }, ORIGIN);
  const n = period.getBaseNormalized() + 0.3 * 0.37;
  assert.equal(period.getNormalized(), n);
  assert.equal(period.getValue(), period.denormalize(n));
});

test('envelope stages: add and change are undoable; bad stages refused with nothing changed', () => {
  const s = makeShow();
  const env = s.ops.addModulator('/lx/modulation', 'MultiStageEnvelope', {}, ORIGIN);
  const target = { path: env.path };
  const before = s.state();
  const stages = [
    { basis: 0, value: 0, shape: 1 },
    { basis: 0.25, value: 1, shape: 2 },
    { basis: 1, value: 0, shape: 1 },
  ];
  modulation.addStage(s.show, target, { basis: 0.25, value: 1, shape: 2 }, ORIGIN);
  modulation.setStage(s.show, target, 2, { value: 0 }, ORIGIN);
  assert.deepEqual((env.save() as any).stages, stages);
  s.engine.history.undo();
  s.engine.history.undo();
  assert.equal(s.state(), before);
  assertRefused(() => modulation.removeStage(s.show, target, 0, ORIGIN), 'invalid_argument', /fixed/, s);
  assertRefused(() => modulation.addStage(s.show, target, { basis: 1, value: 1 }, ORIGIN), 'invalid_argument', /basis/, s);
  assertRefused(() => modulation.setStage(s.show, target, 0, { value: 2 }, ORIGIN), 'invalid_argument', /0–1/, s);
  assertRefused(() => modulation.setStage(s.show, target, 1, { shape: 0 }, ORIGIN), 'invalid_argument', /shape/, s);
  assertRefused(() => modulation.addStage(s.show, { path: '/lx/modulation' }, { basis: 0.5, value: 1 }, ORIGIN), 'invalid_argument', /not a multi-stage/, s);
});

test('addModulation: the same source and target twice in one engine is refused, nothing changed', () => {
  const s = makeShow();
  const lfo = s.ops.addModulator('/lx/modulation', 'VariableLFO', {}, ORIGIN);
  const fader = s.lx.mixer.channels.at(0)!.fader;
  s.ops.addModulation(lfo.path, fader.path, { range: 0.1 }, ORIGIN);
  const before = s.state();
  const depth = s.engine.history.undoDepth;
  assert.throws(
    () => s.ops.addModulation(lfo.path, fader.path, { range: 0.1 }, ORIGIN),
    /already modulated by this source through \/lx\/modulation\/modulation\/1/,
  );
  assert.equal(s.state(), before);
  assert.equal(s.engine.history.undoDepth, depth);
});
