import type { Component } from '../../engine/component.js';
import { digest } from '../../engine/guards.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import type { StoredValue } from '../../engine/parameters/recording.js';
import { invalidArgument } from '../../engine/errors.js';
import { LXComponent } from '../component/lx-component.js';
import { encodeFields, restoreFields, type RuntimeRefs, type RuntimeValue } from '../component/runtime-state.js';
import type { Engine } from '../../engine/engine.js';
import type { LXEngineComponent } from './lx-engine.js';
import { lightComponent, lightParameter } from './paths.js';

/** The show whose state is taken: its graph, its clock, and its own frame fields (LightShow). */
interface LightShow {
  readonly lx: LXEngineComponent;
  readonly engine: Engine;
  runtimeFields(): readonly string[];
}

/** The runtime state format this build writes and reads. */
const FORMAT = 1;

/** One stateful component: its class, checked on restore, and its fields. */
interface ComponentState {
  readonly class: string;
  readonly state: RuntimeValue;
}

/**
 * What a show carries from frame to frame beyond its saved project, at the end of one frame
 * (docs/runtime-state.md): plain JSON, so `JSON.parse(JSON.stringify(state))` restores the same.
 */
export interface RuntimeState {
  readonly format: number;
  /** SHA-256 of the graph and parameter values this state belongs to (see projectDigest). */
  readonly project: string;
  /** The engine clock: frames run, elapsed ms, fixed step. */
  readonly clock: RuntimeValue;
  /** The show's own frame state outside the graph: frame count, cue lists. */
  readonly show: RuntimeValue;
  /** Every component that keeps runtime state, by path (ids differ between processes; paths and classes do not). */
  readonly components: Readonly<Record<string, ComponentState>>;
}

/** What a stateful component is checked against: LX's class, or Footlight's for its own (the stage fixtures). */
const classOf = (c: Component): string => (c instanceof LXComponent ? c.lxClass : c.constructor.name);

/**
 * The digest of what the show holds that its project saves: every component's path and class and
 * its parameters' base values. Two shows with the same digest were opened from the same project
 * (or edited alike). Ids are left out: a component the file gives no id (the stage, some fixtures)
 * takes a fresh one in each process. Runtime state is left out too, which the same project file
 * may hold at another point (a saved modulator basis).
 */
function projectDigest(show: LightShow): string {
  const rows: string[][] = [];
  for (const c of show.lx.descendants()) {
    const row = [c.path, classOf(c)];
    for (const [key, p] of c.parameters) row.push(key, Object.is(p.baseValue, -0) ? '-0' : String(p.baseValue));
    rows.push(row);
  }
  return digest(rows);
}

/** A component that names runtime fields: the LX ones, and Footlight's own beside them (the stage fixtures). */
type Stateful = Component & { runtimeFields(): readonly string[] };

function statefulComponents(show: LightShow): Stateful[] {
  const out: Stateful[] = [];
  for (const c of show.lx.descendants()) {
    const named = (c as Partial<Stateful>).runtimeFields;
    if (typeof named === 'function' && named.call(c).length > 0) out.push(c as Stateful);
  }
  return out;
}

/** Captures the show's runtime state between frames (inside a queue task, or offline). */
export function captureRuntime(show: LightShow): RuntimeState {
  const components: Record<string, ComponentState> = {};
  for (const c of statefulComponents(show)) {
    const path = c.path;
    components[path] = { class: classOf(c), state: encodeFields(c, path) };
  }
  return {
    format: FORMAT,
    project: projectDigest(show),
    clock: encodeFields(show.engine.clock, 'clock'),
    show: encodeFields(show, 'show'),
    components,
  };
}

/**
 * Applies a captured runtime state to a show opened from the same saved project, so its next
 * frames are those the captured show renders. A state of another project, format or graph is
 * refused before anything changes; a state that fails midway is rolled back to what the show held.
 */
export function restoreRuntime(show: LightShow, state: RuntimeState): void {
  if (typeof state !== 'object' || state === null || state.format !== FORMAT) {
    throw invalidArgument(`runtime state: format ${JSON.stringify((state as { format?: unknown } | null)?.format)}, this build reads format ${FORMAT}`);
  }
  const here = projectDigest(show);
  if (state.project !== here) {
    throw invalidArgument(`runtime state: it belongs to project ${String(state.project).slice(0, 12)}…, this show's project is ${here.slice(0, 12)}…`);
  }
  const stateful = statefulComponents(show);
  const listed = state.components ?? {};
  for (const c of stateful) {
    const entry = listed[c.path];
    if (entry === undefined) throw invalidArgument(`runtime state: nothing for ${c.path} (${classOf(c)})`);
    if (entry.class !== classOf(c)) throw invalidArgument(`runtime state: ${c.path} is ${entry.class} there, ${classOf(c)} here`);
  }
  if (Object.keys(listed).length !== stateful.length) {
    const known = new Set(stateful.map((c) => c.path));
    const extra = Object.keys(listed).find((p) => !known.has(p));
    throw invalidArgument(`runtime state: ${extra} keeps no runtime state in this show`);
  }
  const before = captureRuntime(show);
  // A running cue fade is rebuilt by setting the values it started from and moving it on: those are parameters.
  const bases: [Parameter, StoredValue][] = [];
  for (const c of show.lx.descendants()) for (const p of c.parameters.values()) bases.push([p, p.storedBase]);
  try {
    apply(show, state, stateful);
  } catch (err) {
    apply(show, before, stateful);
    for (const [p, v] of bases) if (!Object.is(p.storedBase, v)) p.restoreStoredBase(v);
    throw err;
  }
}

function apply(show: LightShow, state: RuntimeState, stateful: readonly Stateful[]): void {
  const refs: RuntimeRefs = {
    component: (path) => lightComponent(show.lx, path),
    parameter: (path) => lightParameter(show.lx, path),
  };
  restoreFields(show.engine.clock, state.clock, refs, 'clock');
  restoreFields(show, state.show, refs, 'show');
  for (const c of stateful) restoreFields(c, state.components[c.path].state, refs, c.path);
}
