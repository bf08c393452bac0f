import { Component } from '../../engine/component.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { NumericParameter } from '../../engine/parameters/numeric.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { isLxObject, type LoadContext, type LxObject } from './lxp-types.js';

/** The LX version Footlight's light engine reproduces. */
export const LX_VERSION = '1.2.1';

/** Internal keys LX writes for every component. */
const DEFAULT_INTERNAL = { modulationColor: 0, modulationControlsExpanded: true, modulationsExpanded: true };

/**
 * A component of the light engine that LX knows by a class name. It saves and loads itself in
 * LX's project format; keys Footlight does not model are kept and written back unchanged, so a
 * project survives a load → save round trip.
 */
export abstract class LXComponent extends Component {
  /** The fully qualified LX class, e.g. `heronarts.lx.pattern.color.SolidPattern`. */
  abstract readonly lxClass: string;
  /** Saved parameters Footlight does not model, in file order. */
  private unknownParameters: Record<string, unknown> = {};
  private internalJson: Record<string, unknown> = { ...DEFAULT_INTERNAL };
  /** Saved children Footlight does not model (audio, MIDI, ...), kept for the round trip. */
  private readonly unknownChildren: Record<string, unknown> = {};
  /** Top-level keys of the saved object that no subclass reads. */
  private extraKeys: Record<string, unknown> = {};
  /** Old keys LX still reads, mapped to the current key. */
  protected readonly legacyKeys = new Map<string, string>();
  /** Footlight's own parameters (keys LX 1.2.1 does not have), by key. */
  private footlightOnly: Map<string, NumericParameter> | undefined;
  /** Footlight's own parameters the loaded file set or someone changed since: saved even at their default. */
  private footlightSet: Set<Parameter> | undefined;

  /**
   * Adds a parameter LX 1.2.1 does not have. It is saved only when it says something: at its
   * default, unset by the file and untouched since, it is left out, so a project LX saved comes
   * back from Footlight's save exactly as LX wrote it (LX would ignore the key anyway).
   */
  protected addFootlightParameter<P extends NumericParameter>(key: string, p: P): P {
    this.addParameter(key, p);
    this.footlightOnly ??= new Map();
    this.footlightSet ??= new Set();
    this.footlightOnly.set(key, p);
    const set = this.footlightSet;
    p.onChange(() => set.add(p));
    return p;
  }

  /** Whether save leaves this parameter out (see addFootlightParameter). */
  private omitted(key: string): boolean {
    const p = this.footlightOnly?.get(key);
    return p !== undefined && !this.footlightSet!.has(p) && p.getBaseValue() === p.defaultValue;
  }

  /** Adds UI keys LX writes in `internal` for this class (loading may replace them). */
  protected setInternalDefaults(values: Record<string, unknown>): void {
    Object.assign(this.internalJson, values);
  }

  /** Writes this component as LX does: id, class, internal, parameters, children, then subclass keys. */
  save(): LxObject {
    const parameters: Record<string, unknown> = {};
    for (const [key, p] of this.parameters) {
      if (p instanceof ColorParameter || p.internal || this.omitted(key)) continue;
      const v = p.save();
      if (v === undefined) continue;
      parameters[key] = v;
      if (p instanceof EnumParameter && !p.objectChooser) parameters[`${key}/name`] = p.choices[p.getBaseValue()]?.name ?? '';
    }
    for (const [key, v] of Object.entries(this.unknownParameters)) if (!(key in parameters)) parameters[key] = v;
    const internal: Record<string, unknown> = { ...this.internalJson };
    for (const [key, p] of this.parameters) if (p.internal) internal[key] = p.save();
    const obj: LxObject = { id: this.id, class: this.lxClass, internal, parameters, children: {} };
    for (const [key, child] of this.children) if (child instanceof LXComponent) obj.children![key] = child.save();
    for (const [key, v] of Object.entries(this.unknownChildren)) if (!(key in obj.children!)) obj.children![key] = v as LxObject;
    this.saveExtra(obj);
    for (const [key, v] of Object.entries(this.extraKeys)) if (!(key in obj)) obj[key] = v;
    return obj;
  }

  /** Reads a saved object into this (freshly built) component. */
  load(obj: LxObject, ctx: LoadContext): void {
    // Subclasses read obj.parameters as the object its type says; a damaged file's is dropped here, once.
    if (obj.parameters !== undefined && !isLxObject(obj.parameters)) {
      ctx.warn(`not an object (${JSON.stringify(obj.parameters)?.slice(0, 40)}); the saved parameter values were not loaded`, {
        obj,
        key: 'parameters',
      });
      delete obj.parameters;
    }
    if (typeof obj.id === 'number' && !(Number.isSafeInteger(obj.id) && obj.id >= 0)) {
      // A damaged id (a fraction, 1e-308, Infinity, below 0) is not one a tool could name: the graph
      // assigns a fresh one. LX itself saves 0 for some engine-owned children: kept as it was.
      ctx.warn(`not a whole number from 0 (${obj.id}); a fresh id was assigned`, { obj, key: 'id' });
      delete obj.id;
    }
    if (typeof obj.id === 'number') {
      ctx.ids.set(obj.id, this);
      // Keep the saved id when the object is not live yet (the graph re-assigns it on a clash).
      if (this.graph === null) this.id = obj.id;
    }
    if (isLxObject(obj.internal)) {
      for (const [key, v] of Object.entries(obj.internal)) {
        const p = this.parameters.get(key);
        if (p?.internal) p.load(v);
        else this.internalJson[key] = v;
      }
    }
    const params = obj.parameters ?? {};
    for (const [rawKey, v] of Object.entries(params)) {
      const key = this.parameters.has(rawKey) ? rawKey : (this.legacyKeys.get(rawKey) ?? rawKey);
      const p = this.parameters.get(key);
      if (p === undefined) {
        if (!(rawKey.endsWith('/name') && this.parameters.get(rawKey.slice(0, -5)) instanceof EnumParameter)) this.unknownParameters[rawKey] = v;
        continue;
      }
      if (p.internal) continue;
      this.loadParameter(p, v, params[`${rawKey}/name`]);
      if (this.footlightOnly?.get(key) === p) this.footlightSet!.add(p);
    }
    if (isLxObject(obj.children)) {
      for (const [key, childJson] of Object.entries(obj.children)) {
        const child = this.children.get(key);
        if (child instanceof LXComponent && isLxObject(childJson)) child.load(childJson, ctx);
        else this.unknownChildren[key] = childJson;
      }
    }
    this.loadExtra(obj, ctx);
    const handled = new Set(['id', 'class', 'internal', 'parameters', 'children', ...this.extraSaveKeys()]);
    for (const [key, v] of Object.entries(obj)) if (!handled.has(key)) this.extraKeys[key] = v;
  }

  /**
   * Sets this component's parameters to the values of a saved object's `parameters`, in place and
   * outside the history: a cluster node joining from a checkpoint takes the values the frames it
   * did not run had set (src/cluster). Keys it does not have are skipped.
   */
  adoptParameters(params: Record<string, unknown>): void {
    for (const [rawKey, v] of Object.entries(params)) {
      const p = this.parameters.get(this.parameters.has(rawKey) ? rawKey : (this.legacyKeys.get(rawKey) ?? rawKey));
      if (p !== undefined && !p.internal && JSON.stringify(p.save()) !== JSON.stringify(v)) this.loadParameter(p, v, params[`${rawKey}/name`]);
    }
  }

  protected loadParameter(p: Parameter, value: unknown, enumName: unknown): void {
    if (p instanceof EnumParameter) p.loadEnum(value, enumName);
    else p.load(value);
  }

  /** Top-level keys a subclass writes itself (arrays such as `patterns`, `effects`). */
  protected extraSaveKeys(): readonly string[] {
    return [];
  }

  /** Writes subclass keys (arrays of children, engine state) onto the saved object. */
  protected saveExtra(_obj: LxObject): void {}

  /** Reads subclass keys from a saved object. */
  protected loadExtra(_obj: LxObject, _ctx: LoadContext): void {}

  /**
   * The fields that carry state from one frame to the next and that the project does not save
   * (component/runtime-state.ts): none here; a stateful class adds its own to its parent's.
   */
  runtimeFields(): readonly string[] {
    return [];
  }
}
