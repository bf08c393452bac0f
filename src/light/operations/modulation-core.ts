// Domain operations on modulation: each is one kernel Command performed through the engine's
// history (one undo step), validated before anything changes, and read back afterwards. Surfaces
// (MCP tools, OSC, the console) call these; they never build modulation objects themselves.

import type { Component } from '../../engine/component.js';
import type { Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import type { Graph } from '../../engine/graph.js';
import { describe } from '../../engine/parameters/bounded.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import type { LightShow } from '../show/light-show.js';
import { Placeholder } from '../component/placeholder.js';
import type { LoadContext, LxObject } from '../component/lxp-types.js';
import type { DeviceEntry, DeviceRegistry } from '../component/registry.js';
import { CompoundModulation, type ModulationSource } from '../modulation/compound-modulation.js';
import { MacroModulator, UNNAMED_MACRO } from '../modulation/macro-modulator.js';
import { dependentModulations, type AnyModulation } from '../modulation/modulation-graph.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import { Modulator } from '../modulation/modulator.js';
import { TriggerModulation } from '../modulation/trigger-modulation.js';

// ---- helpers shared by the commands -------------------------------------------------------------

/** A LoadContext for rebuilding components from their saved JSON inside a command. */
function commandContext(registry: DeviceRegistry): { ctx: LoadContext; flush: () => void } {
  const deferred: (() => void)[] = [];
  const ctx: LoadContext = { ids: new Map(), registry, defer: (fn) => deferred.push(fn), warn: () => undefined };
  return {
    ctx,
    flush: () => {
      for (const fn of deferred.splice(0)) fn();
    },
  };
}

function requireEngine(g: Graph, id: number): ModulationEngine {
  const c = g.require(id);
  if (!(c instanceof ModulationEngine)) throw internal(`component ${id} is not a modulation engine`);
  return c;
}

/** Builds a modulator (or a placeholder for a class that cannot run here) from its saved JSON. */
function modulatorFromJson(json: LxObject, registry: DeviceRegistry, ctx: LoadContext): Modulator | Placeholder {
  const className = typeof json.class === 'string' ? json.class : '';
  const entry = registry.byClassName(className);
  const made = entry?.create !== undefined ? entry.create() : undefined;
  const m = made instanceof Modulator ? made : new Placeholder('modulator', json, entry?.unavailable);
  m.load(json, ctx);
  return m;
}

/** The engine that holds a modulation, and the modulation's position in its list. */
function engineOf(m: AnyModulation): ModulationEngine {
  const e = m.parent;
  if (!(e instanceof ModulationEngine)) throw internal(`${m.path} is not in a modulation engine`);
  return e;
}

/** A modulation as it was before a removal: where it lived and its saved form (with its id). */
export interface ModulationRecord {
  readonly engineId: number;
  readonly kind: 'modulation' | 'trigger';
  readonly index: number;
  readonly json: LxObject;
  /** Ids of the compound modulations on the target, in order, so undo restores the summing order. */
  readonly targetOrder: readonly number[];
  readonly targetRef: { readonly componentId: number; readonly key: string };
}

/**
 * Records the modulations and trigger mappings that depend on `removed` (see
 * dependentModulations), so they can be taken out with it and put back by undo. Use it in any
 * command that removes a component (a modulator, a pattern, an effect, a channel).
 */
export function recordDependents(root: Component, removed: Component): ModulationRecord[] {
  return dependentModulations(root, removed).map((m) => {
    const engine = engineOf(m);
    const target = m.target;
    return {
      engineId: engine.id,
      kind: m instanceof CompoundModulation ? 'modulation' : 'trigger',
      index: m.index,
      json: engine.saveWiring(m),
      targetOrder:
        target instanceof NumericParameter ? target.modulations.filter((x) => x instanceof CompoundModulation).map((x) => (x as CompoundModulation).id) : [],
      targetRef: { componentId: target.owner?.id ?? 0, key: target.key },
    };
  });
}

/** Takes out the recorded modulations (by id). */
export function removeRecorded(g: Graph, records: readonly ModulationRecord[]): void {
  for (const r of records) {
    const m = g.get(r.json.id as number);
    if (m instanceof CompoundModulation) engineOf(m).removeModulation(m);
    else if (m instanceof TriggerModulation) engineOf(m).removeTrigger(m);
  }
}

/** Puts recorded modulations back with their ids, positions and summing order (undo of a removal). */
export function restoreRecorded(g: Graph, records: readonly ModulationRecord[], registry: DeviceRegistry): void {
  const { ctx, flush } = commandContext(registry);
  const lookup = (id: number): Component | undefined => g.get(id);
  const sorted = [...records].sort((a, b) => a.index - b.index);
  for (const r of sorted) {
    const engine = requireEngine(g, r.engineId);
    if (r.kind === 'modulation') engine.restoreModulation(r.json, lookup, 'id', ctx, Math.min(r.index, engine.modulations.length));
    else engine.restoreTrigger(r.json, lookup, 'id', ctx, Math.min(r.index, engine.triggers.length));
  }
  flush();
  for (const r of records) {
    if (r.kind !== 'modulation') continue;
    const target = g.get(r.targetRef.componentId)?.parameters.get(r.targetRef.key);
    if (target instanceof NumericParameter) reorderModulations(target, r.targetOrder);
  }
}

/** Stable-sorts a target's compound modulations into the recorded id order. */
function reorderModulations(target: NumericParameter, order: readonly number[]): void {
  const rank = (x: unknown): number => (x instanceof CompoundModulation ? order.indexOf(x.id) : -1);
  const list = target.modulations;
  const slots: number[] = [];
  const items: CompoundModulation[] = [];
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x instanceof CompoundModulation && rank(x) >= 0) {
      slots.push(i);
      items.push(x);
    }
  }
  items.sort((a, b) => rank(a) - rank(b));
  for (let k = 0; k < slots.length; k++) list[slots[k]] = items[k];
}

/** A macro slot renamed by a wiring, so undo can put its old label back. */
interface MacroLabelChange {
  readonly componentId: number;
  readonly key: string;
  readonly before: string;
}

/** LX names a macro slot still labelled "-" after the target its control is wired to. */
function nameMacroSlot(source: Modulator | Parameter, target: Parameter): MacroLabelChange | undefined {
  const macro = source instanceof Modulator ? undefined : source.owner;
  if (!(macro instanceof MacroModulator)) return undefined;
  const slot = macro.labelFor(source as Parameter);
  if (slot === undefined || slot.getString() !== UNNAMED_MACRO) return undefined;
  const change = { componentId: macro.id, key: slot.key, before: slot.getString() };
  slot.setString(target.label);
  return change;
}

function restoreMacroSlot(g: Graph, change: MacroLabelChange | undefined): void {
  if (change === undefined) return;
  g.get(change.componentId)?.parameters.get(change.key)?.setBase(change.before);
}

/** LX's label for a new modulator: the class's label, numbered when the scope already has one ("LFO 2"). */
function numberedLabel(engine: ModulationEngine, m: Modulator): string {
  const base = m.label.getString();
  let count = 0;
  for (const x of engine.modulators.items) if (x.lxClass === m.lxClass) count++;
  return count > 0 ? `${base} ${count + 1}` : base;
}

// ---- commands -----------------------------------------------------------------------------------

/** Adds a modulator to a scope, numbers its label and starts it (LX's Modulation.AddModulator). */
class AddModulatorCommand implements Command {
  readonly label: string;
  private json: LxObject | undefined;
  createdId = 0;

  constructor(
    private readonly engineId: number,
    private readonly entry: DeviceEntry,
    private readonly index: number,
    private readonly registry: DeviceRegistry,
    private readonly customLabel?: string,
  ) {
    this.label = `Add ${entry.name}`;
  }

  perform(g: Graph): void {
    const engine = requireEngine(g, this.engineId);
    if (this.index < 0 || this.index > engine.modulators.length)
      throw invalidArgument(
        `index ${this.index} is out of range: ${engine.path} has ${engine.modulators.length} modulators (0–${engine.modulators.length} inserts)`,
      );
    if (this.json !== undefined) {
      const { ctx, flush } = commandContext(this.registry);
      const m = modulatorFromJson(this.json, this.registry, ctx);
      engine.insertModulator(m, this.index);
      flush();
      return;
    }
    const m = this.registry.create(this.entry);
    if (!(m instanceof Modulator)) throw internal(`${this.entry.className} did not build a modulator`);
    m.label.setString(this.customLabel ?? numberedLabel(engine, m));
    engine.insertModulator(m, this.index);
    m.autostart();
    this.json = m.save();
    this.createdId = m.id;
  }

  undo(g: Graph): void {
    const m = g.require(this.createdId);
    if (!(m instanceof Modulator || m instanceof Placeholder)) throw internal(`component ${this.createdId} is not a modulator`);
    const engine = requireEngine(g, this.engineId);
    removeRecorded(g, recordDependents(rootOf(engine), m));
    engine.removeModulator(m);
  }
}

/** Moves a modulator within its scope (its position is its run order). */
class MoveModulatorCommand implements Command {
  readonly label = 'Move Modulator';
  private from = -1;

  constructor(
    private readonly modulatorId: number,
    private readonly toIndex: number,
  ) {}

  perform(g: Graph): void {
    const m = g.require(this.modulatorId) as Modulator;
    const engine = m.parent;
    if (!(engine instanceof ModulationEngine)) throw internal(`${m.path} is not in a modulation engine`);
    if (this.toIndex < 0 || this.toIndex >= engine.modulators.length)
      throw invalidArgument(
        `index ${this.toIndex} is out of range: ${engine.path} has ${engine.modulators.length} modulators (0–${engine.modulators.length - 1})`,
      );
    this.from = engine.modulators.indexOf(m);
    engine.modulators.move(m, this.toIndex);
  }

  undo(g: Graph): void {
    const m = g.require(this.modulatorId) as Modulator;
    (m.parent as ModulationEngine).modulators.move(m, this.from);
  }
}

/**
 * Removes a modulator and every modulation that depends on it, anywhere in the show (LX's
 * RemoveModulator). Undo rebuilds it from its saved form with the same id and state, then puts
 * the modulations back where they were.
 */
class RemoveModulatorCommand implements Command {
  readonly label = 'Delete Modulator';
  private json: LxObject | undefined;
  private index = -1;
  private engineId = 0;
  private dependents: ModulationRecord[] = [];

  constructor(
    private readonly modulatorId: number,
    private readonly root: () => Component,
    private readonly registry: DeviceRegistry,
  ) {}

  perform(g: Graph): void {
    const m = g.require(this.modulatorId);
    const engine = m.parent;
    if (!(engine instanceof ModulationEngine) || !(m instanceof Modulator || m instanceof Placeholder))
      throw invalidArgument(`${m.path} is not a modulator of a modulation engine`);
    this.engineId = engine.id;
    this.index = engine.modulators.indexOf(m);
    this.json = m.save();
    this.dependents = recordDependents(this.root(), m);
    removeRecorded(g, this.dependents);
    engine.removeModulator(m);
  }

  undo(g: Graph): void {
    const engine = requireEngine(g, this.engineId);
    const { ctx, flush } = commandContext(this.registry);
    const m = modulatorFromJson(this.json!, this.registry, ctx);
    engine.insertModulator(m, this.index);
    flush();
    restoreRecorded(g, this.dependents, this.registry);
  }
}

/** Where a modulation's source is: a modulator (by id) or a parameter (owner id + key). */
interface SourceRef {
  readonly componentId: number;
  readonly key?: string;
}

function sourceRefOf(s: Modulator | Parameter): SourceRef {
  if (s instanceof Modulator) return { componentId: s.id };
  if (s.owner === null) throw invalidArgument(`${s.label} belongs to no component`);
  return { componentId: s.owner.id, key: s.key };
}

function resolveSource(g: Graph, ref: SourceRef): Modulator | Parameter {
  const c = g.require(ref.componentId);
  if (ref.key === undefined) {
    if (!(c instanceof Modulator)) throw notFound(`component ${ref.componentId} is not a modulator`);
    return c;
  }
  const p = c.parameters.get(ref.key);
  if (p === undefined) throw notFound(`component ${ref.componentId} has no parameter ${ref.key}`);
  return p;
}

function resolveTarget(g: Graph, ref: { componentId: number; key: string }): Parameter {
  const p = g.require(ref.componentId).parameters.get(ref.key);
  if (p === undefined) throw notFound(`component ${ref.componentId} has no parameter ${ref.key}`);
  return p;
}

/**
 * Wires a compound modulation with its depth (and optionally polarity) as one step (LX's
 * AddModulation plus the depth drag). A macro control still labelled "-" takes the target's
 * label, as in LX (also for trigger mappings from macro switches and triggers). Scope and cycle
 * are checked before anything changes.
 */
class AddModulationCommand implements Command {
  readonly label = 'Add Modulation';
  private json: LxObject | undefined;
  createdId = 0;
  private macroLabel: MacroLabelChange | undefined;

  constructor(
    private readonly engineId: number,
    private readonly source: SourceRef,
    private readonly target: { componentId: number; key: string },
    private readonly range: number,
    private readonly polarity: 0 | 1 | undefined,
    private readonly registry: DeviceRegistry,
  ) {}

  perform(g: Graph): void {
    const engine = requireEngine(g, this.engineId);
    const source = resolveSource(g, this.source);
    const target = resolveTarget(g, this.target);
    const checked = engine.checkCompound(source, target);
    if (this.range < -1 || this.range > 1) throw invalidArgument(`range takes −1–1; got ${this.range}`);
    const m = new CompoundModulation(checked.source, checked.target);
    if (this.json !== undefined) {
      const { ctx } = commandContext(this.registry);
      m.load(this.json, ctx);
    } else {
      m.range.setValue(this.range);
      if (this.polarity !== undefined) m.polarity.setValue(this.polarity);
    }
    engine.insertModulation(m);
    this.createdId = m.id;
    if (this.json === undefined) this.json = m.save();
    this.macroLabel = nameMacroSlot(source, target);
  }

  undo(g: Graph): void {
    const m = g.require(this.createdId);
    if (!(m instanceof CompoundModulation)) throw internal(`component ${this.createdId} is not a modulation`);
    removeRecorded(g, recordDependents(rootOf(m), m));
    engineOf(m).removeModulation(m);
    restoreMacroSlot(g, this.macroLabel);
    this.macroLabel = undefined;
  }
}

/** Wires a trigger mapping (boolean → boolean), optionally with its mode (LX's AddTrigger). */
class AddTriggerCommand implements Command {
  readonly label = 'Add Trigger';
  private json: LxObject | undefined;
  createdId = 0;
  private macroLabel: MacroLabelChange | undefined;

  constructor(
    private readonly engineId: number,
    private readonly source: { componentId: number; key: string },
    private readonly target: { componentId: number; key: string },
    private readonly mode: number | undefined,
    private readonly registry: DeviceRegistry,
  ) {}

  perform(g: Graph): void {
    const engine = requireEngine(g, this.engineId);
    const source = resolveTarget(g, this.source);
    const target = resolveTarget(g, this.target);
    const checked = engine.checkTrigger(source, target);
    const t = new TriggerModulation(checked.source, checked.target);
    if (this.json !== undefined) {
      const { ctx } = commandContext(this.registry);
      t.load(this.json, ctx);
    } else if (this.mode !== undefined) {
      const p = t.modeParameter;
      if (p === null) throw invalidArgument('a momentary → momentary mapping has no mode');
      p.setValue(this.mode);
    }
    engine.insertTrigger(t);
    this.createdId = t.id;
    if (this.json === undefined) this.json = t.save();
    this.macroLabel = nameMacroSlot(source, target);
  }

  undo(g: Graph): void {
    const t = g.require(this.createdId);
    if (!(t instanceof TriggerModulation)) throw internal(`component ${this.createdId} is not a trigger mapping`);
    removeRecorded(g, recordDependents(rootOf(t), t));
    engineOf(t).removeTrigger(t);
    restoreMacroSlot(g, this.macroLabel);
    this.macroLabel = undefined;
  }
}

/** Removes a compound modulation or trigger mapping, and any modulation of its own depth. */
class RemoveModulationCommand implements Command {
  readonly label: string;
  private records: ModulationRecord[] = [];

  constructor(
    private readonly modulationId: number,
    kind: 'modulation' | 'trigger',
    private readonly registry: DeviceRegistry,
  ) {
    this.label = kind === 'modulation' ? 'Delete Modulation' : 'Delete Trigger';
  }

  perform(g: Graph): void {
    const m = g.require(this.modulationId);
    if (!(m instanceof CompoundModulation || m instanceof TriggerModulation)) throw invalidArgument(`${m.path} is not a modulation or trigger mapping`);
    const engine = engineOf(m);
    const self: ModulationRecord = {
      engineId: engine.id,
      kind: m instanceof CompoundModulation ? 'modulation' : 'trigger',
      index: m.index,
      json: engine.saveWiring(m),
      targetOrder:
        m.target instanceof NumericParameter
          ? m.target.modulations.filter((x) => x instanceof CompoundModulation).map((x) => (x as CompoundModulation).id)
          : [],
      targetRef: { componentId: m.target.owner?.id ?? 0, key: m.target.key },
    };
    this.records = [...recordDependents(rootOf(m), m), self];
    removeRecorded(g, this.records);
  }

  undo(g: Graph): void {
    restoreRecorded(g, this.records, this.registry);
  }
}

function rootOf(c: Component): Component {
  let r = c;
  while (r.parent !== null) r = r.parent;
  return r;
}

// ---- the operations surfaces call ---------------------------------------------------------------

interface AddModulatorOptions {
  /** 0-based position in the scope's list (its run order); default: the end. */
  readonly index?: unknown;
  /** Label instead of LX's numbered default ("LFO 2"). */
  readonly label?: unknown;
}

interface AddModulationOptions {
  /** Depth, −1–1 (negative inverts). Required: a modulation with depth 0 does nothing. */
  readonly range: unknown;
  /** "unipolar" or "bipolar" (or LX's UNIPOLAR/BIPOLAR, or 0/1); default: the source's polarity. */
  readonly polarity?: unknown;
  /** The modulation engine to wire in; default: the source modulator's own engine, else /lx/modulation. */
  readonly scope?: ModulationEngine;
}

interface AddTriggerOptions {
  /** The mode for this source/target kind: an option label or constant name (e.g. "ON_TOGGLE"). */
  readonly mode?: unknown;
  readonly scope?: ModulationEngine;
}

/** What removeModulator reports: the modulator as it was, and how many modulations went with it. */
interface RemovedModulator {
  readonly path: string;
  readonly label: string;
  readonly className: string;
  readonly removedModulations: number;
}

// The modulation operations of one light show, over objects the caller has already resolved
// (src/light/operations/modulation.ts resolves paths and ids once, then calls these). Each runs
// inside an engine-queue task: it validates everything (nothing changes on a refusal, history
// included), performs one command through the shared history and reads the result back. A
// read-back that disagrees rolls the step back and fails as `internal`.

function run<T>(show: LightShow, command: Command, origin: Origin, verify: () => T): T {
  return show.engine.history.performVerified(command, origin, verify);
}

/**
 * Adds a modulator of a stock class (full LX class name, simple name or display name) to a
 * scope, numbered "LFO 2"... as LX does, and starts it. Global-only classes (Timer, Sound
 * Object) are refused inside devices and buses; audio, DMX and MIDI classes are refused with
 * the reason. Undoable.
 */
export function addModulator(show: LightShow, engine: ModulationEngine, className: unknown, options: AddModulatorOptions, origin: Origin): Modulator {
  if (typeof className !== 'string' || className.length === 0)
    throw invalidArgument(`class must be a modulator class name like "VariableLFO"; got ${describe(className)}`);
  const entry = show.registry.find('modulator', className);
  if (entry.create === undefined)
    throw invalidArgument(`${entry.name} (${entry.className}) is not available in Footlight: ${entry.unavailable ?? 'no implementation'}`);
  if (engine.isGlobal ? entry.global === false : entry.device === false) {
    throw invalidArgument(`${entry.name} can only be added to ${engine.isGlobal ? 'devices' : 'the global modulation engine /lx/modulation'}`);
  }
  const index = options.index === undefined ? engine.modulators.length : options.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > engine.modulators.length) {
    throw invalidArgument(`index takes an integer in 0–${engine.modulators.length}; got ${describe(index)}`);
  }
  let label: string | undefined;
  if (options.label !== undefined) {
    if (typeof options.label !== 'string' || options.label.trim().length === 0 || options.label.length > 256)
      throw invalidArgument(`label takes a non-empty string of at most 256 characters; got ${describe(options.label)}`);
    label = options.label;
  }
  const command = new AddModulatorCommand(engine.id, entry, index, show.registry, label);
  return run(show, command, origin, () => {
    const m = engine.modulators.at(index);
    if (!(m instanceof Modulator) || m.id !== command.createdId || m.lxClass !== entry.className)
      throw internal(`${engine.path}: the new ${entry.name} is not where it was added; the change was rolled back`);
    return m;
  });
}

/** Removes a modulator and every modulation wired from or into it. Undo restores all of it. Undoable. */
export function removeModulator(show: LightShow, modulator: Modulator | Placeholder, origin: Origin): RemovedModulator {
  const m = changeable(modulator);
  const before: RemovedModulator = {
    path: m.path,
    label: m.label.getString(),
    className: m.lxClass,
    removedModulations: recordDependents(show.lx, m).length,
  };
  const engine = m.parent as ModulationEngine;
  return run(show, new RemoveModulatorCommand(m.id, () => show.lx, show.registry), origin, () => {
    if (m.parent !== null || engine.modulators.indexOf(m) >= 0) throw internal(`${before.path} is still there after removal; the change was rolled back`);
    return before;
  });
}

/** Moves a modulator to a 0-based position in its scope (changing its run order). Undoable. */
export function moveModulator(show: LightShow, modulator: Modulator | Placeholder, index: unknown, origin: Origin): Modulator | Placeholder {
  const m = changeable(modulator);
  const engine = m.parent as ModulationEngine;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= engine.modulators.length) {
    throw invalidArgument(`index takes an integer in 0–${engine.modulators.length - 1}; got ${describe(index)}`);
  }
  return run(show, new MoveModulatorCommand(m.id, index), origin, () => {
    if (engine.modulators.indexOf(m) !== index) throw internal(`${m.path} did not move to ${index}; the change was rolled back`);
    return m;
  });
}

/** A modulator a scope holds in its list (a device's built-in modulators cannot be moved or removed). */
function changeable(m: Modulator | Placeholder): Modulator | Placeholder {
  if (m.parent instanceof ModulationEngine) return m;
  throw invalidArgument(`${m.path} is built into its device and cannot be changed`);
}

/**
 * Wires a compound modulation from a modulator or a numeric parameter to a modulatable
 * parameter, with its depth `range` (−1–1) and polarity, as one undo step. Refused with nothing
 * changed if the target is not modulatable, the wiring leaves the scope, or it would close a
 * loop (the loop is named). Undoable.
 */
export function addModulation(
  show: LightShow,
  source: ModulationSource | Parameter,
  target: Parameter,
  options: AddModulationOptions,
  origin: Origin,
): CompoundModulation {
  const engine = options.scope ?? defaultScope(show, source);
  const range = options.range;
  if (typeof range !== 'number' || !Number.isFinite(range) || range < -1 || range > 1)
    throw invalidArgument(`range takes a number in −1–1 (the depth; negative inverts); got ${describe(range)}`);
  const polarity = options.polarity === undefined ? undefined : parsePolarity(options.polarity);
  const checked = engine.checkCompound(source, target);
  // A retried call must not double the depth: the same source already riding this target is refused.
  const twin = engine.modulations.items.find((m) => m.source === checked.source && m.target === checked.target);
  if (twin !== undefined)
    throw invalidArgument(
      `${target.path} is already modulated by this source through ${twin.path} (range ${twin.range.getBaseValue()}); nothing changed. ` +
        `Change its depth with set_parameter ${twin.range.path}, or remove_modulation it first`,
    );
  const command = new AddModulationCommand(engine.id, sourceRefOf(source), { componentId: target.owner!.id, key: target.key }, range, polarity, show.registry);
  return run(show, command, origin, () => {
    const m = show.engine.graph.get(command.createdId);
    if (!(m instanceof CompoundModulation) || m.parent !== engine || !checked.target.modulations.includes(m) || m.range.getBaseValue() !== range) {
      throw internal(`${target.path}: the modulation did not take; the change was rolled back`);
    }
    return m;
  });
}

/**
 * Wires a trigger mapping between two booleans or triggers (a modulator's trigger output, a
 * macro switch, a pattern's launch...). `mode` picks the behaviour for the source/target kinds
 * (see TriggerModulation). Refused with nothing changed on scope or cycle problems. Undoable.
 */
export function addTrigger(show: LightShow, source: Parameter, target: Parameter, options: AddTriggerOptions, origin: Origin): TriggerModulation {
  const engine = options.scope ?? defaultScope(show, source);
  const checked = engine.checkTrigger(source, target);
  const twin = engine.triggers.items.find((t) => t.source === checked.source && t.target === checked.target);
  if (twin !== undefined)
    throw invalidArgument(
      `${source.path} already triggers ${target.path} through ${twin.path}; nothing changed. Remove it with remove_modulation first to wire it again`,
    );
  let mode: number | undefined;
  if (options.mode !== undefined) {
    const probe = new TriggerModulation(checked.source, checked.target);
    const p = probe.modeParameter;
    if (p === null) throw invalidArgument(`${source.path} and ${target.path} are both momentary: the mapping mirrors the source and has no mode`);
    mode = p.accept(options.mode);
  }
  const command = new AddTriggerCommand(
    engine.id,
    { componentId: source.owner!.id, key: source.key },
    { componentId: target.owner!.id, key: target.key },
    mode,
    show.registry,
  );
  return run(show, command, origin, () => {
    const t = show.engine.graph.get(command.createdId);
    if (!(t instanceof TriggerModulation) || t.parent !== engine || !t.isConnected)
      throw internal(`${target.path}: the trigger mapping did not take; the change was rolled back`);
    return t;
  });
}

/** Removes a modulation (`.../modulation/N`) or trigger mapping (`.../trigger/N`). Undoable. */
export function removeModulation(
  show: LightShow,
  m: CompoundModulation | TriggerModulation,
  origin: Origin,
): { readonly path: string; readonly title: string } {
  const before = { path: m.path, title: m.title };
  const kind = m instanceof CompoundModulation ? 'modulation' : 'trigger';
  return run(show, new RemoveModulationCommand(m.id, kind, show.registry), origin, () => {
    if (m.parent !== null) throw internal(`${before.path} is still there after removal; the change was rolled back`);
    return before;
  });
}

/** LX's default scope: a source inside a local engine's modulator wires in that engine; anything else globally. */
function defaultScope(show: LightShow, source: Modulator | Parameter): ModulationEngine {
  for (let c: Component | null = source instanceof Modulator ? source : source.owner; c !== null; c = c.parent) {
    if (c instanceof Modulator && c.parent instanceof ModulationEngine) return c.parent;
  }
  return show.lx.modulation;
}

function parsePolarity(v: unknown): 0 | 1 {
  if (v === 0 || v === 1) return v;
  if (typeof v === 'string') {
    const s = v.toLowerCase();
    if (s === 'unipolar') return 0;
    if (s === 'bipolar') return 1;
  }
  throw invalidArgument(`polarity takes "unipolar" or "bipolar"; got ${describe(v)}`);
}
