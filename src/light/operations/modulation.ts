// The modulation tools' domain calls: thin adapters over the modulation engine's operations
// (src/light/operations/modulation-core.ts), adding what the agent surface needs — components named
// by path or id, the paths a move or removal changed, the wiring a removal took with it — plus
// the listing of modulators and modulations and the stages of multi-stage envelopes.

import type { Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Component } from '../../engine/component.js';
import type { Graph } from '../../engine/graph.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import { describe } from '../../engine/parameters/bounded.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import type { LightShow } from '../show/light-show.js';
import { AHDSREnvelope } from '../modulation/ahdsr-envelope.js';
import { CompoundModulation, type ModulationSource } from '../modulation/compound-modulation.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import { engines } from '../modulation/modulation-graph.js';
import { Modulator } from '../modulation/modulator.js';
import { MultiStageEnvelope, checkStages, type EnvelopeStage } from '../modulation/modulators/multi-stage-envelope.js';
import * as core from './modulation-core.js';
import { TriggerModulation } from '../modulation/trigger-modulation.js';
import { resolveLight, resolveParameterTarget, type ParameterTarget } from '../show/paths.js';
import { Placeholder } from '../component/placeholder.js';
import { captureDependents, unreplicatedWiring, type WiringNote } from './dependents.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

type AnyModulator = Modulator | Placeholder;
type AnyWiring = CompoundModulation | TriggerModulation;

/**
 * The modulation engine a scope names: `/lx/modulation` by default, an engine itself, or a
 * channel, group, master bus, pattern or effect (its engine).
 */
function modulationScope(show: LightShow, scope: ComponentTarget | undefined): ModulationEngine {
  if (scope === undefined) return show.lx.modulation;
  const c = targets.component(show.lx, scope, 'scope');
  if (c instanceof ModulationEngine) return c;
  const child = c.children.get('modulation');
  if (child instanceof ModulationEngine) return child;
  throw invalidArgument(`${c.path} has no modulation engine; a scope is /lx/modulation, a channel, group, the master bus, a pattern or an effect`);
}

function modulatorAt(show: LightShow, target: ComponentTarget): AnyModulator {
  const c = targets.component(show.lx, target, 'modulator');
  if ((c instanceof Modulator || (c instanceof Placeholder && c.kind === 'modulator')) && c.parent instanceof ModulationEngine) return c;
  if (c instanceof Modulator) throw invalidArgument(`${c.path} is built into its device and cannot be moved or removed`);
  throw invalidArgument(`${c.path} is not a modulator; modulators live at .../modulation/modulator/N (list_modulations)`);
}

function wiringAt(show: LightShow, target: ComponentTarget): AnyWiring {
  const c = targets.component(show.lx, target, 'modulation');
  if (c instanceof CompoundModulation || c instanceof TriggerModulation) return c;
  throw invalidArgument(`${c.path} is not a modulation; modulations live at .../modulation/modulation/N and .../modulation/trigger/N (list_modulations)`);
}

// ---- modulators ---------------------------------------------------------------------------------

interface AddModulatorOptions {
  readonly scope?: ComponentTarget;
  readonly index?: number;
  readonly label?: string;
}

/** Adds and starts a modulator in a scope (global, or a bus's or device's), honoring where its class may go. Undoable. */
export function addModulator(show: LightShow, className: string, options: AddModulatorOptions, origin: Origin): Modulator {
  const engine = modulationScope(show, options.scope);
  return core.addModulator(show, engine, className, { index: options.index, label: options.label }, origin);
}

interface RemovedModulator {
  readonly path: string;
  readonly id: number;
  readonly removedWiring: readonly WiringNote[];
  readonly pathChanges: readonly PathChange[];
}

/** Removes a modulator and every modulation it drove or that drove it. Undoable. */
export function removeModulator(show: LightShow, target: ComponentTarget, origin: Origin): RemovedModulator {
  const m = modulatorAt(show, target);
  const path = m.path;
  const wiring = unreplicatedWiring(captureDependents(show, [m]));
  const picture = pathPicture(show.lx);
  core.removeModulator(show, m, origin);
  return { path, id: m.id, removedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
}

/** Moves a modulator in its scope's list (its run order). Undoable. */
export function moveModulator(show: LightShow, target: ComponentTarget, index: number, origin: Origin): { modulator: AnyModulator; pathChanges: PathChange[] } {
  const m = modulatorAt(show, target);
  if (index === m.index) return { modulator: m, pathChanges: [] };
  const picture = pathPicture(show.lx);
  const moved = core.moveModulator(show, m, index, origin);
  return { modulator: moved, pathChanges: pathChanges(picture, show.lx) };
}

// ---- wiring -------------------------------------------------------------------------------------

/** A modulation source: a modulator (component) or a numeric parameter, by path or id (+ key). */
interface SourceTarget extends ParameterTarget {}

function sourceOf(show: LightShow, source: SourceTarget): ModulationSource | Parameter {
  if (source.path === undefined && source.id === undefined)
    throw invalidArgument('give the source: sourcePath, or sourceId (a modulator) or sourceId + sourceKey (a parameter)');
  if (source.key !== undefined) return resolveParameterTarget(show.lx, source);
  if (source.id === undefined) {
    const r = resolveLight(show.lx, source.path);
    if (r.kind === 'parameter') return r.parameter;
    return modulatorSource(r.component);
  }
  return modulatorSource(targets.component(show.lx, { path: source.path, id: source.id }, 'source'));
}

function modulatorSource(c: Component): Modulator {
  if (c instanceof Modulator) return c;
  throw invalidArgument(`${c.path} cannot be a modulation source; use a modulator or a numeric parameter`);
}

function targetParameter(show: LightShow, target: ParameterTarget): Parameter {
  if (target.path === undefined && target.id === undefined) throw invalidArgument('give the target: targetPath, or targetId + targetKey');
  return show.parameter(target);
}

interface WireOptions {
  readonly range: number;
  readonly polarity?: 'unipolar' | 'bipolar';
  readonly scope?: ComponentTarget;
}

/**
 * Wires a modulator or numeric parameter to a modulatable parameter with its depth, as ONE undo
 * step (depth included). Scope and loops are checked first. Undoable.
 */
export function wireModulation(show: LightShow, source: SourceTarget, target: ParameterTarget, options: WireOptions, origin: Origin): CompoundModulation {
  const from = sourceOf(show, source);
  const to = targetParameter(show, target);
  const scope = options.scope === undefined ? undefined : modulationScope(show, options.scope);
  return core.addModulation(show, from, to, { range: options.range, polarity: options.polarity, scope }, origin);
}

/** Wires a trigger mapping from one boolean or trigger to another, optionally with its mode. Undoable. */
export function wireTrigger(
  show: LightShow,
  source: ParameterTarget,
  target: ParameterTarget,
  options: { mode?: string; scope?: ComponentTarget },
  origin: Origin,
): { trigger: TriggerModulation; warnings: string[] } {
  if (source.path === undefined && source.id === undefined) throw invalidArgument('give the source: sourcePath, or sourceId + sourceKey');
  const from = show.parameter(source);
  const to = targetParameter(show, target);
  const scope = options.scope === undefined ? undefined : modulationScope(show, options.scope);
  const trigger = core.addTrigger(show, from, to, { mode: options.mode, scope }, origin);
  return { trigger, warnings: triggerWarnings(trigger) };
}

/** What a mapping that is valid but will likely not do what was meant should tell its author. */
function triggerWarnings(t: TriggerModulation): string[] {
  const envelope = t.target.owner;
  if (envelope instanceof AHDSREnvelope && t.target === envelope.engage && t.sourceMomentary && !envelope.oneshot.isOn()) {
    return [
      `${envelope.path} has Oneshot off: a momentary trigger opens and closes its gate in the same frame, so the envelope ` +
        `goes straight to its release. Turn on ${envelope.oneshot.path} to play the whole envelope on each trigger.`,
    ];
  }
  return [];
}

/** Removes a modulation or trigger mapping (and any modulation of its depth). Undoable. */
export function removeModulation(
  show: LightShow,
  target: ComponentTarget,
  origin: Origin,
): { path: string; id: number; kind: 'modulation' | 'trigger'; removedWiring: WiringNote[]; pathChanges: PathChange[] } {
  const m = wiringAt(show, target);
  const kind = m instanceof CompoundModulation ? ('modulation' as const) : ('trigger' as const);
  const path = m.path;
  const wiring = unreplicatedWiring(captureDependents(show, [m]));
  const picture = pathPicture(show.lx);
  core.removeModulation(show, m, origin);
  return { path, id: m.id, kind, removedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
}

// ---- listing ------------------------------------------------------------------------------------

interface ModulationListing {
  readonly modulators: readonly AnyModulator[];
  readonly modulations: readonly CompoundModulation[];
  readonly triggers: readonly TriggerModulation[];
}

/** The modulators, modulations and trigger mappings of one scope, or of every engine in the show. */
export function listModulation(show: LightShow, scope: ComponentTarget | undefined): ModulationListing {
  const list = scope === undefined ? (engines(show.lx) as unknown as ModulationEngine[]) : [modulationScope(show, scope)];
  const out = { modulators: [] as AnyModulator[], modulations: [] as CompoundModulation[], triggers: [] as TriggerModulation[] };
  for (const e of list) {
    out.modulators.push(...e.modulators.items);
    out.modulations.push(...e.modulations.items);
    out.triggers.push(...e.triggers.items);
  }
  return out;
}

// ---- multi-stage envelope stages ------------------------------------------------------------------

function envelopeAt(show: LightShow, target: ComponentTarget): MultiStageEnvelope {
  const c = targets.component(show.lx, target, 'envelope');
  if (c instanceof MultiStageEnvelope) return c;
  throw invalidArgument(`${c.path} is not a multi-stage envelope (class MultiStageEnvelope, "Env")`);
}

/** Replaces an envelope's stages; undo puts the previous stages back. */
class SetStages implements Command {
  readonly label: string;
  constructor(
    private readonly envelopeId: number,
    private readonly before: readonly EnvelopeStage[],
    private readonly after: readonly EnvelopeStage[],
    label: string,
  ) {
    this.label = label;
  }

  perform(g: Graph): void {
    (g.require(this.envelopeId) as MultiStageEnvelope).setStages(this.after);
  }

  undo(g: Graph): void {
    (g.require(this.envelopeId) as MultiStageEnvelope).setStages(this.before);
  }
}

function sameStages(a: readonly EnvelopeStage[], b: readonly EnvelopeStage[]): boolean {
  return a.length === b.length && a.every((s, i) => s.basis === b[i].basis && s.value === b[i].value && s.shape === b[i].shape);
}

function applyStages(show: LightShow, env: MultiStageEnvelope, after: EnvelopeStage[], label: string, origin: Origin): MultiStageEnvelope {
  checkStages(after);
  return show.engine.history.performVerified(new SetStages(env.id, env.stages, after, label), origin, () => {
    if (!sameStages(env.stages, after)) throw internal(`${env.path}: the stages did not take; the change was rolled back`);
    return env;
  });
}

function checkNumber(name: string, v: unknown, lo: number, hi: number, open = false): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || (open ? v <= lo || v >= hi : v < lo || v > hi)) {
    throw invalidArgument(`${name} takes a number ${open ? 'strictly between' : 'in'} ${lo}${open ? ' and ' : '–'}${hi}; got ${describe(v)}`);
  }
  return v;
}

export function listStages(show: LightShow, target: ComponentTarget): MultiStageEnvelope {
  return envelopeAt(show, target);
}

/** Adds a stage at `basis` (strictly inside 0–1, not on an existing stage). Undoable. */
export function addStage(
  show: LightShow,
  target: ComponentTarget,
  stage: { basis: number; value: number; shape?: number },
  origin: Origin,
): { envelope: MultiStageEnvelope; index: number } {
  const env = envelopeAt(show, target);
  const basis = checkNumber('basis', stage.basis, 0, 1, true);
  const value = checkNumber('value', stage.value, 0, 1);
  const shape = stage.shape === undefined ? 1 : checkNumber('shape', stage.shape, 0, 1000, true);
  const stages = env.stages;
  if (stages.some((s) => s.basis === basis)) throw invalidArgument(`a stage already sits at basis ${basis}; use set_stage to change it`);
  const index = stages.findIndex((s) => s.basis > basis);
  const after = [...stages.slice(0, index), { basis, value, shape }, ...stages.slice(index)];
  applyStages(show, env, after, `Add stage to ${env.label.getString()}`, origin);
  return { envelope: env, index };
}

/** Removes an inner stage (the first and last are fixed). Undoable. */
export function removeStage(show: LightShow, target: ComponentTarget, index: number, origin: Origin): { envelope: MultiStageEnvelope; removed: EnvelopeStage } {
  const env = envelopeAt(show, target);
  const stages = env.stages;
  if (!Number.isInteger(index) || index <= 0 || index >= stages.length - 1) {
    throw invalidArgument(
      stages.length <= 2
        ? `${env.path} has only its fixed first and last stages`
        : `index takes an inner stage, 1–${stages.length - 2} (the first and last stages are fixed); got ${describe(index)}`,
    );
  }
  const removed = stages[index];
  applyStages(
    show,
    env,
    stages.filter((_, i) => i !== index),
    `Remove stage from ${env.label.getString()}`,
    origin,
  );
  return { envelope: env, removed };
}

/**
 * Changes one stage: an inner stage's basis must stay strictly between its neighbours; the
 * first and last stages keep their basis (0 and 1) and the first has no curve into it. Undoable.
 */
export function setStage(
  show: LightShow,
  target: ComponentTarget,
  index: number,
  change: { basis?: number; value?: number; shape?: number },
  origin: Origin,
): MultiStageEnvelope {
  const env = envelopeAt(show, target);
  const stages = env.stages;
  if (!Number.isInteger(index) || index < 0 || index >= stages.length) throw invalidArgument(`index takes 0–${stages.length - 1}; got ${describe(index)}`);
  if (change.basis === undefined && change.value === undefined && change.shape === undefined) throw invalidArgument('give at least one of basis, value, shape');
  const s = { ...stages[index] };
  const last = stages.length - 1;
  if (change.basis !== undefined) {
    if (index === 0 || index === last)
      throw invalidArgument(`stage ${index} is ${index === 0 ? 'the first' : 'the last'} stage; its basis is fixed at ${index === 0 ? 0 : 1}`);
    s.basis = checkNumber('basis', change.basis, stages[index - 1].basis, stages[index + 1].basis, true);
  }
  if (change.value !== undefined) s.value = checkNumber('value', change.value, 0, 1);
  if (change.shape !== undefined) {
    if (index === 0) throw invalidArgument('the first stage has no curve into it, so no shape');
    s.shape = checkNumber('shape', change.shape, 0, 1000, true);
  }
  const after = stages.map((x, i) => (i === index ? s : x));
  return applyStages(show, env, after, `Change stage of ${env.label.getString()}`, origin);
}
