// The structure's fixtures: add (class and parameters in one step), remove, move, duplicate,
// set parameters and tags. Each is one command through the shared history, validated before
// anything changes and read back after. A fixture edit rebuilds the model once per step.

import type { Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Graph } from '../../engine/graph.js';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import { describe } from '../../engine/parameters/bounded.js';
import type { Parameter, ParameterValue } from '../../engine/parameters/parameter.js';
import type { LightShow } from '../show/light-show.js';
import { isValidTag } from '../model/fixture.js';
import { JSON_FIXTURE_CLASS, ModelInputError, STOCK_FIXTURE_CLASSES, lxfParameters, stockFixtureClass, type LxfParameter } from '../model/index.js';
import { Fixture } from '../structure/fixture.js';
import type { Structure } from '../structure/structure.js';
import { checkIndex, plural } from './common.js';
import { copyComponent } from './copy.js';
import { captureDependents, dropDependents, restoreDependents, unreplicatedWiring, type Dependents, type WiringNote } from './dependents.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

/** Most tags a fixture may carry through set_fixture_tags. */
export const MAX_TAGS = 64;

function structureOf(g: Graph, id: number): Structure {
  return g.require(id) as Structure;
}

/**
 * Runs `fn` with the fixture's model rebuilds held back, then rebuilds once if anything asked
 * for it (LX rebuilds and garbage-collects on every parameter; one step is one rebuild here).
 */
function withOneRebuild(structure: Structure, fixture: Fixture, fn: () => void): void {
  const hook = fixture.onModelChange;
  let wanted = false;
  fixture.onModelChange = () => {
    wanted = true;
  };
  try {
    fn();
  } finally {
    fixture.onModelChange = hook;
    if (wanted && fixture.parent === structure) structure.rebuild();
  }
}

// ---- commands -----------------------------------------------------------------------------------

class InsertFixture implements Command {
  readonly label: string;
  constructor(
    private readonly structureId: number,
    private readonly fixture: Fixture,
    private readonly index: number,
  ) {
    this.label = `Add ${fixture.label.getString()}`;
  }

  perform(g: Graph): void {
    structureOf(g, this.structureId).addFixture(this.fixture, this.index);
  }

  undo(g: Graph): void {
    structureOf(g, this.structureId).removeFixture(this.fixture);
  }
}

/** Removes a fixture and the modulations that depended on it; undo puts back the same fixture. */
class RemoveFixture implements Command {
  readonly label: string;
  private fixture: Fixture | undefined;
  private index = -1;
  private dependents: Dependents | undefined;

  constructor(
    private readonly show: LightShow,
    private readonly fixtureId: number,
    label: string,
  ) {
    this.label = `Delete ${label}`;
  }

  perform(g: Graph): void {
    const f = g.require(this.fixtureId) as Fixture;
    this.fixture = f;
    this.dependents = captureDependents(this.show, [f]);
    dropDependents(g, this.dependents);
    this.index = this.show.structure.removeFixture(f);
  }

  undo(g: Graph): void {
    this.show.structure.addFixture(this.fixture!, this.index);
    if (this.dependents !== undefined) restoreDependents(g, this.dependents);
  }
}

class MoveFixture implements Command {
  readonly label: string;
  private from = -1;
  constructor(
    private readonly structureId: number,
    private readonly fixtureId: number,
    private readonly to: number,
    label: string,
  ) {
    this.label = `Move ${label}`;
  }

  perform(g: Graph): void {
    const f = g.require(this.fixtureId) as Fixture;
    this.from = f.index;
    structureOf(g, this.structureId).moveFixture(f, this.to);
  }

  undo(g: Graph): void {
    structureOf(g, this.structureId).moveFixture(g.require(this.fixtureId) as Fixture, this.from);
  }
}

interface ParamChange {
  readonly key: string;
  readonly before: ParameterValue;
  readonly after: ParameterValue;
}

interface JsonChange {
  readonly name: string;
  /** Undefined when the fixture had no value of its own (the .lxf default applied). */
  readonly before: unknown;
  readonly after: unknown;
}

/** Sets several parameters (and JSON fixture parameters) of one fixture as one step and one rebuild. */
class SetFixtureParams implements Command {
  constructor(
    readonly label: string,
    private readonly structureId: number,
    private readonly fixtureId: number,
    private readonly params: readonly ParamChange[],
    private readonly json: readonly JsonChange[],
  ) {}

  private apply(g: Graph, which: 'before' | 'after'): void {
    const f = g.require(this.fixtureId) as Fixture;
    withOneRebuild(structureOf(g, this.structureId), f, () => {
      for (const c of this.params) f.parameters.get(c.key)!.setBase(c[which]);
      if (this.json.length > 0) {
        const next = { ...f.jsonParameters };
        for (const c of this.json) {
          const v = c[which];
          if (v === undefined) delete next[c.name];
          else next[c.name] = v;
        }
        f.jsonParameters = next;
        f.onModelChange?.();
      }
    });
  }

  perform(g: Graph): void {
    this.apply(g, 'after');
  }

  undo(g: Graph): void {
    this.apply(g, 'before');
  }
}

// ---- validation ---------------------------------------------------------------------------------

/** The `.lxf` document of a type (undefined: no such file); a file that cannot be read is `invalid_argument` naming why. */
function lxfDocument(show: LightShow, type: string): unknown {
  try {
    return show.structure.resolveLxf?.(type);
  } catch (err) {
    if (err instanceof ModelInputError) throw invalidArgument(`fixture type ${JSON.stringify(type)}: ${err.message}`);
    throw err;
  }
}

/** The parameters an agent may set on a fixture: its own, not the console's selection. */
function settable(f: Fixture, key: string): Parameter | undefined {
  const p = f.parameters.get(key);
  return p === undefined || p.internal || key === 'selected' || key === 'label' ? undefined : p;
}

/** The `.lxf` parameters a JSON fixture declares, or [] when the file cannot be read. */
function declaredJson(show: LightShow, f: Fixture): LxfParameter[] {
  if (f.stock !== undefined) return [];
  const type = f.fixtureType?.getString() ?? '';
  try {
    const doc = type === '' ? undefined : show.structure.resolveLxf?.(type);
    if (doc === undefined) return [];
    return lxfParameters(doc, type);
  } catch (err) {
    if (err instanceof ModelInputError) throw invalidArgument(`${f.path}: ${err.message}`);
    throw err;
  }
}

function acceptJson(f: Fixture, def: LxfParameter, value: unknown): unknown {
  const where = `${f.path} JSON parameter ${def.name}`;
  switch (def.type) {
    case 'float':
    case 'int':
      if (typeof value !== 'number' || !Number.isFinite(value) || (def.type === 'int' && !Number.isInteger(value)))
        throw invalidArgument(`${where} takes ${def.type === 'int' ? 'an integer' : 'a number'}; got ${describe(value)}`);
      if ((def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max))
        throw invalidArgument(`${where} takes ${def.min ?? '−∞'}–${def.max ?? '∞'}; got ${value}`);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalidArgument(`${where} takes true or false; got ${describe(value)}`);
      return value;
    default:
      if (typeof value !== 'string') throw invalidArgument(`${where} takes a string; got ${describe(value)}`);
      if (def.options !== undefined && !def.options.includes(value))
        throw invalidArgument(`${where} takes one of ${def.options.map((o) => JSON.stringify(o)).join(', ')}; got ${JSON.stringify(value)}`);
      return value;
  }
}

/**
 * Checks every name and value of `params` against the fixture before anything is written:
 * registered parameters (by key) first, then the `.lxf` parameters of a JSON fixture.
 */
function planParams(show: LightShow, f: Fixture, params: Readonly<Record<string, unknown>>): { params: ParamChange[]; json: JsonChange[] } {
  const out: ParamChange[] = [];
  const json: JsonChange[] = [];
  const names = Object.keys(params);
  if (names.length === 0) throw invalidArgument('params is empty; give at least one {"name": value}');
  let declared: LxfParameter[] | undefined;
  for (const name of names) {
    const value = params[name];
    const p = settable(f, name);
    if (p !== undefined) {
      if (p.kind === 'trigger') throw invalidArgument(`${p.path} is a trigger; it has no value to set`);
      const accepted = p.accept(value);
      out.push({ key: name, before: p.baseValue, after: accepted });
      continue;
    }
    declared ??= declaredJson(show, f);
    const def = declared.find((d) => d.name === name);
    if (def === undefined) {
      const known = [...f.parameters.values()]
        .filter((x) => !x.internal && x.key !== 'selected' && x.key !== 'label' && !x.key.includes('/'))
        .map((x) => x.key);
      throw invalidArgument(`${f.path} has no parameter ${JSON.stringify(name)}; it has ${[...known, ...declared.map((d) => d.name)].join(', ')}`);
    }
    json.push({ name, before: f.jsonParameters[name], after: acceptJson(f, def, value) });
  }
  return { params: out, json };
}

/** The stock class or JSON fixture a name refers to. */
function fixtureClass(name: string): string {
  if (name === 'JsonFixture' || name === JSON_FIXTURE_CLASS) return JSON_FIXTURE_CLASS;
  const stock = stockFixtureClass(name) ?? STOCK_FIXTURE_CLASSES.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (stock === undefined)
    throw notFound(
      `no fixture class ${JSON.stringify(name)}; the classes are ${STOCK_FIXTURE_CLASSES.map((c) => c.name).join(', ')} (or type: an .lxf fixture)`,
    );
  return stock.className;
}

/** Builds the fixture's geometry once to surface a bad configuration as invalid_argument. */
function checkGeometry(show: LightShow, f: Fixture): void {
  const resolve = f.resolveLxf;
  f.resolveLxf = (type) => show.structure.resolveLxf?.(type);
  try {
    f.geometry();
  } catch (err) {
    if (err instanceof ModelInputError) throw invalidArgument(`the fixture cannot be built: ${err.message}`);
    throw err;
  } finally {
    f.resolveLxf = resolve;
  }
}

// ---- operations ---------------------------------------------------------------------------------

interface AddFixtureOptions {
  /** A stock class: Arc, Grid, Point, Spiral, Strip (or the full LX class). */
  readonly className?: string;
  /** A JSON fixture type: the .lxf file under Fixtures/ without the extension. */
  readonly type?: string;
  readonly index?: number;
  readonly label?: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** Adds a fixture configured with `params`, as one undoable step and one model rebuild. */
export function addFixture(show: LightShow, options: AddFixtureOptions, origin: Origin): Fixture {
  const structure = show.structure;
  if ((options.className === undefined) === (options.type === undefined))
    throw invalidArgument('give exactly one of class (a stock fixture class) or type (an .lxf fixture)');
  const className = options.type !== undefined ? JSON_FIXTURE_CLASS : fixtureClass(options.className!);
  if (className === JSON_FIXTURE_CLASS && options.type === undefined)
    throw invalidArgument('a JSON fixture needs type: the .lxf name under Fixtures/ without the extension');
  const n = structure.fixtures.length;
  const index = options.index === undefined ? n : checkIndex(options.index, n, `the structure has ${plural(n, 'fixture')}`);
  const f = new Fixture(className, options.label);
  if (options.type !== undefined) {
    if (options.type.trim().length === 0) throw invalidArgument('type must name an .lxf file');
    if (lxfDocument(show, options.type) === undefined)
      throw invalidArgument(`no fixture file ${options.type}.lxf in the media folder's Fixtures/ (list_available_fixtures lists them)`);
    f.fixtureType!.setString(options.type);
  }
  if (options.params !== undefined && Object.keys(options.params).length > 0) {
    const plan = planParams(show, f, options.params);
    for (const c of plan.params) f.parameters.get(c.key)!.setBase(c.after);
    for (const c of plan.json) f.jsonParameters[c.name] = c.after;
  }
  checkGeometry(show, f);
  return show.engine.history.performVerified(new InsertFixture(structure.id, f, index), origin, () => {
    if (structure.fixtures.at(index) !== f || f.graph === null)
      throw internal(`${structure.path}: the new fixture is not at index ${index}; the change was rolled back`);
    return f;
  });
}

interface RemovedFixture {
  readonly path: string;
  readonly id: number;
  readonly removedWiring: readonly WiringNote[];
  readonly pathChanges: readonly PathChange[];
}

/** Removes a fixture (later fixtures move up a path slot, the model is rebuilt). Undoable. */
export function removeFixture(show: LightShow, target: ComponentTarget, origin: Origin): RemovedFixture {
  const f = targets.fixture(show.lx, target);
  const path = f.path;
  const wiring = unreplicatedWiring(captureDependents(show, [f]));
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new RemoveFixture(show, f.id, f.label.getString()), origin, () => {
    if (f.graph !== null || show.structure.fixtures.indexOf(f) >= 0)
      throw internal(`${path} is still in the structure after removing it; the change was rolled back`);
    return { path, id: f.id, removedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** Moves a fixture to a 0-based position (point indices follow fixture order). Undoable. */
export function moveFixture(show: LightShow, target: ComponentTarget, index: number, origin: Origin): { fixture: Fixture; pathChanges: PathChange[] } {
  const f = targets.fixture(show.lx, target);
  const n = show.structure.fixtures.length;
  checkIndex(index, n - 1, `the structure has ${plural(n, 'fixture')}`);
  if (index === f.index) return { fixture: f, pathChanges: [] };
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new MoveFixture(show.structure.id, f.id, index, f.label.getString()), origin, () => {
    if (f.index !== index) throw internal(`${f.path} is not at index ${index} after the move; the change was rolled back`);
    return { fixture: f, pathChanges: pathChanges(picture, show.lx) };
  });
}

/**
 * Duplicates a fixture with all its parameters (default: right after it). The copy's output
 * starts disabled so it never starts sending to the original's destination unnoticed. Undoable.
 */
export function duplicateFixture(
  show: LightShow,
  target: ComponentTarget,
  index: number | undefined,
  origin: Origin,
): { fixture: Fixture; pathChanges: PathChange[] } {
  const structure = show.structure;
  const src = targets.fixture(show.lx, target);
  const n = structure.fixtures.length;
  const at = index === undefined ? src.index + 1 : checkIndex(index, n, `the structure has ${plural(n, 'fixture')}`);
  const copy = copyComponent(show, src, () => new Fixture(src.lxClass, src.label.getString()));
  copy.enabled.setOn(false);
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new InsertFixture(structure.id, copy, at), origin, () => {
    if (structure.fixtures.at(at) !== copy || copy.enabled.isOn())
      throw internal(`${structure.path}: the duplicate is not at index ${at} with its output off; the change was rolled back`);
    return { fixture: copy, pathChanges: pathChanges(picture, show.lx) };
  });
}

/**
 * Sets several parameters of a fixture at once: every name and value is checked before anything
 * is written, then all are written as one undo step with one model rebuild. Registered
 * parameters go by key (x, y, numRows, enabled, ...); a JSON fixture's `.lxf` parameters by name.
 */
export function setFixtureParams(
  show: LightShow,
  target: ComponentTarget,
  params: Readonly<Record<string, unknown>>,
  origin: Origin,
): { fixture: Fixture; changed: string[] } {
  const f = targets.fixture(show.lx, target);
  const plan = planParams(show, f, params);
  const probe = copyComponent(show, f, () => new Fixture(f.lxClass));
  for (const c of plan.params) probe.parameters.get(c.key)!.setBase(c.after);
  for (const c of plan.json) probe.jsonParameters[c.name] = c.after;
  checkGeometry(show, probe);
  const command = new SetFixtureParams(`Change ${f.label.getString()}`, show.structure.id, f.id, plan.params, plan.json);
  return show.engine.history.performVerified(command, origin, () => {
    for (const c of plan.params)
      if (f.parameters.get(c.key)!.baseValue !== c.after)
        throw internal(
          `${f.path}/${c.key} holds ${JSON.stringify(f.parameters.get(c.key)!.baseValue)} after setting ${JSON.stringify(c.after)}; the change was rolled back`,
        );
    for (const c of plan.json)
      if (f.jsonParameters[c.name] !== c.after) throw internal(`${f.path} JSON parameter ${c.name} did not take; the change was rolled back`);
    return { fixture: f, changed: [...plan.params.map((c) => c.key), ...plan.json.map((c) => c.name)] };
  });
}

/**
 * Replaces a fixture's tags (its `tags` parameter). Every tag must match LX's rule
 * [A-Za-z0-9_.-/]+ — LX would silently drop the others — so one bad tag refuses the call. Undoable.
 */
export function setFixtureTags(show: LightShow, target: ComponentTarget, tags: readonly string[], origin: Origin): Fixture {
  const f = targets.fixture(show.lx, target);
  if (tags.length > MAX_TAGS) throw invalidArgument(`at most ${MAX_TAGS} tags; got ${tags.length}`);
  for (const [i, tag] of tags.entries()) {
    if (typeof tag !== 'string' || !isValidTag(tag))
      throw invalidArgument(
        `tags[${i}] ${describe(tag)} is not a valid tag: tags are letters, digits and _ . - / only (no spaces or commas); nothing was changed`,
      );
  }
  const unique = [...new Set(tags)];
  const p = f.parameters.get('tags');
  if (p === undefined) throw invalidArgument(`${f.path} has no tags parameter`);
  const after = p.accept(unique.join(' '));
  const command = new SetFixtureParams(`Change ${f.label.getString()} tags`, show.structure.id, f.id, [{ key: 'tags', before: p.baseValue, after }], []);
  return show.engine.history.performVerified(command, origin, () => {
    if (p.baseValue !== after) throw internal(`${f.path}/tags did not take; the change was rolled back`);
    return f;
  });
}
