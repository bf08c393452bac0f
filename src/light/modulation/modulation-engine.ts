import type { Component } from '../../engine/component.js';
import { invalidArgument } from '../../engine/errors.js';
import { resolvePath } from '../../engine/paths.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import { Parameter } from '../../engine/parameters/parameter.js';
import { LXComponent } from '../component/lx-component.js';
import { isOutsideLx } from '../component/outside-lx.js';
import { Placeholder } from '../component/placeholder.js';
import { isLxObject, lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { CompoundModulation, sourceLabel, type ModulationSource } from './compound-modulation.js';
import { assertNoCycle } from './modulation-graph.js';
import { Modulator } from './modulator.js';
import { TriggerModulation } from './trigger-modulation.js';

/** Finds a live component by the id a saved reference carries. */
type IdLookup = (id: number) => Component | undefined;

/**
 * A modulation scope (LX's LXModulationEngine): its modulators, run in list order each frame,
 * and the modulations (`modulation/N`) and trigger mappings (`trigger/N`) wired in it.
 *
 * Scopes, as LX: the global engine `/lx/modulation` may wire any parameter of the show to any
 * other. A local engine (a bus's `.../channel/N/modulation`, `.../master/modulation`, or a
 * device's `.../pattern/N/modulation`, `.../effect/N/modulation`) only wires a source inside its
 * owner (its own modulators, a built-in one, any parameter of the owner) to a target inside its
 * owner. Every wiring is checked
 * for scope and for cycles before anything changes.
 *
 * Saved as LX does: `modulators`, then `modulations` and `triggers` whose `source`/`target` carry
 * a path relative to the owner (for the global engine, relative to `/lx`), plus ids. Loading
 * resolves them after the whole project exists (path first, then ids); a reference that cannot
 * be restored is kept as saved and written back, so nothing is lost in a load → save round trip.
 */
export class ModulationEngine extends LXComponent {
  readonly lxClass = 'heronarts.lx.modulation.LXModulationEngine';
  readonly isModulationEngine = true as const;
  readonly modulators = this.addArray<Modulator | Placeholder>('modulator');
  readonly modulations = this.addArray<CompoundModulation>('modulation');
  readonly triggers = this.addArray<TriggerModulation>('trigger');
  /** Saved references that did not resolve on load, written back unchanged. */
  private readonly unresolvedModulations: LxObject[] = [];
  private readonly unresolvedTriggers: LxObject[] = [];

  constructor(label = 'Modulation') {
    super(label);
  }

  /** The component whose modulation this engine holds (the light root for the global scope). */
  get scopeOwner(): Component {
    return this.parent ?? this;
  }

  /** True for `/lx/modulation`, which may wire anything in the show. */
  get isGlobal(): boolean {
    return (this.scopeOwner as { isLightRoot?: boolean }).isLightRoot === true;
  }

  /** Runs every modulator once, in list order (an earlier one reading a later one sees last frame's value). */
  loop(deltaMs: number): void {
    const items = this.modulators.items;
    for (let i = 0; i < items.length; i++) {
      const m = items[i];
      if (m instanceof Modulator) m.loop(deltaMs);
    }
  }

  // ---- scope rules ------------------------------------------------------------------------------

  /** Why `source` may not drive a modulation in this engine, or null if it may. */
  sourceProblem(source: Modulator | Parameter): string | null {
    const owner = source instanceof Modulator ? source : source.owner;
    if (owner === null) return `${sourceLabel(source)} belongs to no component`;
    if (this.isGlobal) return rootOf(this).contains(owner) ? null : `${source.path} is not part of this show`;
    // LX's rule: source and target both inside the engine's owner (its modulators, a built-in
    // such as Freeze's interval, or any parameter of the device and what it contains).
    if (this.scopeOwner.contains(owner)) return null;
    return `${source.path} is outside ${this.scopeOwner.path}, the scope of ${this.path} (use /lx/modulation for anything else)`;
  }

  /** Why `target` may not be modulated from this engine, or null if it may. */
  targetProblem(target: Parameter): string | null {
    const owner = target.owner;
    if (owner === null) return `${target.label} belongs to no component`;
    if (this.isGlobal) return rootOf(this).contains(owner) ? null : `${target.path} is not part of this show`;
    return this.scopeOwner.contains(owner) ? null : `${target.path} is outside ${this.scopeOwner.path}, the scope of ${this.path}`;
  }

  /**
   * Checks that `source → target` may be added here as a compound modulation: a normalized
   * source (a modulator that is a mapping source, or a numeric parameter), a modulatable numeric
   * target, both in scope, and no cycle. Throws `invalid_argument`; changes nothing.
   */
  checkCompound(source: Modulator | Parameter, target: Parameter): { source: ModulationSource; target: NumericParameter } {
    if (!(target instanceof NumericParameter) || !target.modulatable) {
      throw invalidArgument(`${target.path} is not modulatable; modulation targets are continuous knobs (list_parameters marks them modulatable: true)`);
    }
    if (source instanceof Modulator) {
      if (!source.isMappingSource)
        throw invalidArgument(`${source.path} (${source.label.getString()}) has no continuous output to modulate with; use its controls, or a trigger mapping`);
    } else if (!(source instanceof NumericParameter)) {
      throw invalidArgument(`${source.path} cannot be a modulation source; use a modulator or a numeric parameter`);
    }
    this.checkScope(source, target);
    assertNoCycle(rootOf(this), source, target);
    return { source, target };
  }

  /** Checks that `source → target` may be added here as a trigger mapping (boolean → boolean). */
  checkTrigger(source: Parameter, target: Parameter): { source: BooleanParameter; target: BooleanParameter } {
    if (!(source instanceof BooleanParameter))
      throw invalidArgument(`${source.path} is not a boolean or trigger; trigger mappings go from one on/off parameter to another`);
    if (!(target instanceof BooleanParameter))
      throw invalidArgument(`${target.path} is not a boolean or trigger; trigger mappings go from one on/off parameter to another`);
    this.checkScope(source, target);
    assertNoCycle(rootOf(this), source, target);
    return { source, target };
  }

  private checkScope(source: Modulator | Parameter, target: Parameter): void {
    const s = this.sourceProblem(source);
    if (s !== null) throw invalidArgument(s);
    const t = this.targetProblem(target);
    if (t !== null) throw invalidArgument(t);
  }

  // ---- structural changes (commands and loading call these) ------------------------------------

  /** Inserts a modulator (default: at the end). */
  insertModulator(m: Modulator | Placeholder, index = this.modulators.length): void {
    this.modulators.insert(m, index);
  }

  /** Takes a modulator out; returns the index it had. Its modulations must be gone already. */
  removeModulator(m: Modulator | Placeholder): number {
    if (m instanceof Modulator) m.stop();
    return this.modulators.remove(m);
  }

  /** Inserts a compound modulation and connects it to its target. */
  insertModulation(m: CompoundModulation, index = this.modulations.length): void {
    this.modulations.insert(m, index);
    m.connect();
  }

  /** Disconnects and removes a compound modulation; returns the index it had. */
  removeModulation(m: CompoundModulation): number {
    m.disconnect();
    return this.modulations.remove(m);
  }

  insertTrigger(t: TriggerModulation, index = this.triggers.length): void {
    this.triggers.insert(t, index);
    t.connect();
  }

  removeTrigger(t: TriggerModulation): number {
    t.disconnect();
    return this.triggers.remove(t);
  }

  // ---- save and load ---------------------------------------------------------------------------

  protected override extraSaveKeys(): readonly string[] {
    return ['modulators', 'modulations', 'triggers'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.modulators = this.modulators.items.map((m) => m.save());
    obj.modulations = [...this.modulations.items.map((m) => this.saveWiring(m, true)), ...this.unresolvedModulations];
    obj.triggers = [...this.triggers.items.map((t) => this.saveWiring(t, true)), ...this.unresolvedTriggers];
  }

  /**
   * The saved form of a modulation of this engine: source, target, then the component itself. In
   * a file (`forFile`), a source or target LX has no component for (a stage attribute) is named by path alone.
   */
  saveWiring(m: CompoundModulation | TriggerModulation, forFile = false): LxObject {
    const src = m.source;
    const source =
      src instanceof Modulator
        ? { id: src.id, path: this.relative(src) }
        : forFile && isOutsideLx(src.owner)
          ? { path: this.relative(src) }
          : { componentId: src.owner?.id, parameterPath: src.key, path: this.relative(src) };
    const target =
      forFile && isOutsideLx(m.target.owner)
        ? { path: this.relative(m.target) }
        : { componentId: m.target.owner?.id, parameterPath: m.target.key, path: this.relative(m.target) };
    return { source, target, ...m.save() };
  }

  /** The path LX saves for a source or target: relative to the engine's scope, in LX's segments. */
  private relative(c: Component | Parameter): string {
    const owner = this.scopeOwner.path;
    const path = lxPath(c);
    return path.startsWith(`${owner}/`) ? path.slice(owner.length) : path;
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.modulators)) {
      const className = typeof json.class === 'string' ? json.class : '';
      const entry = ctx.registry.byClassName(className);
      const made = entry?.create !== undefined ? entry.create() : undefined;
      const m = made instanceof Modulator ? made : new Placeholder('modulator', json, entry?.unavailable);
      this.modulators.insert(m);
      m.load(json, ctx);
      if (m instanceof Placeholder)
        ctx.warn(`modulator ${className || '(no class)'} is not available (${m.reason}); kept as a placeholder`, { obj: json, key: 'class' });
    }
    const modulations = lxArray(obj.modulations);
    const triggers = lxArray(obj.triggers);
    // References resolve once the whole project exists.
    ctx.defer(() => {
      const lookup: IdLookup = (id) => ctx.ids.get(id);
      for (const json of modulations) {
        try {
          this.restoreModulation(json, lookup, 'path', ctx);
        } catch (err) {
          this.unresolvedModulations.push(json);
          ctx.warn(`a modulation in ${this.path} was not restored and is kept as saved: ${(err as Error).message}`);
        }
      }
      for (const json of triggers) {
        try {
          this.restoreTrigger(json, lookup, 'path', ctx);
        } catch (err) {
          this.unresolvedTriggers.push(json);
          ctx.warn(`a trigger mapping in ${this.path} was not restored and is kept as saved: ${(err as Error).message}`);
        }
      }
    });
  }

  /**
   * Rebuilds a saved compound modulation in this engine (project load, or undo of a removal),
   * with the scope and cycle checks of a new one. `prefer` says which half of a reference to try
   * first: LX loads by path; undo restores by id. Throws if it cannot be restored.
   */
  restoreModulation(json: LxObject, lookup: IdLookup, prefer: 'path' | 'id', ctx: LoadContext, index?: number): CompoundModulation {
    const source = this.resolveRef(json.source, lookup, prefer, true);
    const target = this.resolveRef(json.target, lookup, prefer, false);
    if (source === undefined) throw invalidArgument('its source no longer exists');
    if (target === undefined || target instanceof Modulator) throw invalidArgument('its target no longer exists');
    const checked = this.checkCompound(source, target);
    const m = new CompoundModulation(checked.source, checked.target);
    m.load(json, ctx);
    this.insertModulation(m, index);
    return m;
  }

  /** Rebuilds a saved trigger mapping in this engine; see restoreModulation. */
  restoreTrigger(json: LxObject, lookup: IdLookup, prefer: 'path' | 'id', ctx: LoadContext, index?: number): TriggerModulation {
    const source = this.resolveRef(json.source, lookup, prefer, false);
    const target = this.resolveRef(json.target, lookup, prefer, false);
    if (source === undefined || source instanceof Modulator) throw invalidArgument('its source no longer exists');
    if (target === undefined || target instanceof Modulator) throw invalidArgument('its target no longer exists');
    const checked = this.checkTrigger(source, target);
    const t = new TriggerModulation(checked.source, checked.target);
    t.load(json, ctx);
    this.insertTrigger(t, index);
    return t;
  }

  private resolveRef(ref: unknown, lookup: IdLookup, prefer: 'path' | 'id', allowModulator: boolean): Modulator | Parameter | undefined {
    if (!isLxObject(ref)) return undefined;
    const byPath = (): Modulator | Parameter | undefined => {
      if (typeof ref.path !== 'string') return undefined;
      try {
        const r = resolvePath(rootOf(this), `${this.scopeOwner.path}${ref.path}`);
        if (r.kind === 'parameter') return r.parameter;
        return allowModulator && r.component instanceof Modulator ? r.component : undefined;
      } catch {
        return undefined; // a stale path: the ids may still find it
      }
    };
    const byId = (): Modulator | Parameter | undefined => {
      if (typeof ref.componentId === 'number' && typeof ref.parameterPath === 'string') return lookup(ref.componentId)?.parameters.get(ref.parameterPath);
      if (typeof ref.id === 'number') {
        const c = lookup(ref.id);
        return allowModulator && c instanceof Modulator ? c : undefined;
      }
      return undefined;
    };
    return prefer === 'path' ? (byPath() ?? byId()) : (byId() ?? byPath());
  }
}

function rootOf(c: Component): Component {
  let r = c;
  while (r.parent !== null) r = r.parent;
  return r;
}

/** A component's or parameter's path with each component's `lxSegment` where it has one. */
function lxPath(c: Component | Parameter): string {
  if (c instanceof Parameter) return c.owner === null ? c.key : `${lxPath(c.owner)}/${c.key}`;
  let p = '';
  for (let x: Component | null = c; x !== null; x = x.parent) p = `/${x.lxSegment ?? x.segment}${p}`;
  return p;
}
