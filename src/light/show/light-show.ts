import { isDeepStrictEqual } from 'node:util';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import type { FrameTime } from '../../engine/clock.js';
import type { Component } from '../../engine/component.js';
import type { Engine } from '../../engine/engine.js';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../../app/atomic-write.js';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import type { Origin, PerformOptions } from '../../engine/commands/history.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import type { Parameter, ParameterValue } from '../../engine/parameters/parameter.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { createLibrary } from '../devices/library.js';
import { LXEngineComponent } from './lx-engine.js';
import { type ExternalsReader, openProjectFile, writeProject } from './project/project-file.js';
import type { LXComponent } from '../component/lx-component.js';
import type { DeviceRegistry } from '../component/registry.js';
import type { MixerFrame } from '../mixer/mixer.js';
import { fixturePostPass, viewCuePass } from '../structure/post-pass.js';
import { lightComponent, lightParameter, resolveComponentTarget, resolveParameterTarget, type ParameterTarget } from './paths.js';
import { colorBuffer } from '../parallel/shared-arrays.js';
import { levelChain } from './level-chain.js';
import type { DmxSource } from '../dmx/dmx-engine.js';
import { CueLists } from './cues/cue-lists.js';
import { CUE_LISTS_KEY, readCueLists } from './cues/cue-data.js';
import { CAMERAS_KEY, Cameras, readCameras } from './cameras.js';
import { POINT_STYLE_KEY, PointStyles, readPointStyle } from './point-style.js';
import { StagePoint } from './stage-points.js';
import { StageFixture, type Vec3 } from './stage-rig.js';
import { Fixture } from '../structure/fixture.js';
import { RenderSubset, subsetOfRanges } from '../model/subset.js';
import { captureRuntime, restoreRuntime, type RuntimeState } from './runtime-state.js';

/** The externals keys the light keeps itself (cue lists, named cameras, point style), with what layers above add. */
const withLightExternals = (readers: Readonly<Record<string, ExternalsReader>> = {}): Readonly<Record<string, ExternalsReader>> => ({
  [CUE_LISTS_KEY]: readCueLists,
  [CAMERAS_KEY]: readCameras,
  [POINT_STYLE_KEY]: readPointStyle,
  ...readers,
});

/**
 * The light domain of a show: the `/lx` graph, its render loop, opening and saving projects,
 * and setting a parameter. Everything else surfaces do to the show is a function of
 * `src/light/operations/*` over this object; each runs inside an engine-queue task, goes through
 * the shared history and reports what the engine holds afterwards.
 */
interface LightShowOptions {
  /** The light library (default: the stock library). */
  readonly registry?: DeviceRegistry<LXComponent>;
  /**
   * Render on every clock frame (default true). False when a frame pipeline calls `render` itself
   * (src/main.ts: render, then the outputs).
   */
  readonly renderOnClock?: boolean;
  /** Readers of the `externals` keys layers above the light keep in the file (light cues), checked whenever a project opens. */
  readonly externals?: Readonly<Record<string, ExternalsReader>>;
}

export class LightShow {
  lx: LXEngineComponent;
  readonly registry: DeviceRegistry<LXComponent>;
  /** What did not load as saved when the project opened (placeholders, missing references). */
  warnings: readonly string[] = [];
  /** Saved `externals` of the open project (other hosts' UI state), written back on save. */
  externals: Record<string, unknown> = {};
  /** The mixer's main output of the last frame: one ARGB per point, before the master fader. */
  main: Uint32Array = new Uint32Array(0);
  /** The last frame's buffers (main, cue, aux) and whether cue and aux carried anything. */
  readonly frame: MixerFrame = {
    main: this.main,
    cue: new Uint32Array(0),
    aux: new Uint32Array(0),
    cueOn: false,
    auxOn: false,
    cueBlack: false,
    auxBlack: false,
  };
  /** Where the show was loaded from; absent for the built-in demo or an unsaved show. */
  projectPath: string | undefined;
  /** The LX media folder of the open project (Fixtures/, Models/); absent for the built-in demo. */
  mediaDir: string | undefined;
  /** Bumped after every rendered frame; readers compare it to see a new frame. */
  frameCount = 0;
  /**
   * Run at the start of every frame, before the tempo: what a composition above the light feeds
   * it for this frame (the song's audio, light cues on the song's timeline).
   */
  readonly beforeFrame: ((deltaMs: number) => void)[] = [];
  private readonly externalsReaders: Readonly<Record<string, ExternalsReader>>;
  /** The show's cue lists (saved in `externals`), run on the frame clock after the snapshots. */
  readonly cues: CueLists = new CueLists(this);
  /** The preview's named cameras (saved in `externals`) and the current view, whose recalls animate on the frame clock. */
  readonly cameras: Cameras = new Cameras(this);
  /** How the preview and get_frame draw the points (saved in `externals`). */
  readonly pointStyle: PointStyles = new PointStyles(this);
  /**
   * The DMX a desk sends (the Art-Net and sACN receivers, src/light/input), latched into `/lx/dmx`
   * at the start of every frame; null: the input keeps what it holds (all 0 in a new show).
   */
  dmxSource: DmxSource | null = null;
  /** The render subset asked for (null: every point), and the one built for the current model. */
  private subsetPoints: Int32Array | null = null;
  private subsetBuilt: { readonly subset: RenderSubset | null; readonly model: unknown; readonly generation: number } | null = null;

  constructor(
    readonly engine: Engine,
    lx: LXEngineComponent = new LXEngineComponent(),
    options: LightShowOptions = {},
  ) {
    this.lx = lx;
    this.registry = options.registry ?? createLibrary();
    this.externalsReaders = withLightExternals(options.externals);
    engine.graph.addRoot(this.lx);
    if (options.renderOnClock !== false) engine.clock.onFrame((frame) => this.render(frame));
  }

  /** Opens a `.lxp` file into a new show (media folder: `media`, else beside the project). */
  static async open(engine: Engine, path: string, options: LightShowOptions & { readonly media?: string } = {}): Promise<LightShow> {
    const registry = options.registry ?? createLibrary();
    const opened = await openProjectFile(resolve(path), registry, options.media, 0, withLightExternals(options.externals));
    engine.graph.reserveIds(opened.maxId);
    const show = new LightShow(engine, opened.lx, { registry, renderOnClock: options.renderOnClock, externals: options.externals });
    show.projectPath = resolve(path);
    show.mediaDir = opened.media.mediaDir;
    show.warnings = opened.warnings;
    show.externals = opened.externals;
    return show;
  }

  /**
   * Replaces the open show with a project file (LX's openProject): the new graph takes the
   * old one's place, history is cleared (another show), and transitions and auto-cycle start
   * from the current wall clock. Reading the file happens before the queue task that swaps.
   */
  async openProject(path: string, media?: string): Promise<readonly string[]> {
    const full = resolve(path);
    const opened = await openProjectFile(full, this.registry, media, this.lx.nowMillis, this.externalsReaders);
    await this.engine.queue.submit(() => {
      this.engine.graph.removeRoot(this.lx);
      this.engine.graph.reserveIds(opened.maxId);
      (opened.lx as { wallClockMs?: unknown }).wallClockMs = (this.lx as { wallClockMs?: unknown }).wallClockMs;
      // MIDI inputs and surfaces are the machine's, not the project's (LX keeps them in .lxmidi).
      opened.lx.midi.loadDevices(this.lx.midi.saveDevices());
      this.lx = opened.lx;
      this.engine.graph.addRoot(this.lx);
      this.projectPath = full;
      this.mediaDir = opened.media.mediaDir;
      this.warnings = opened.warnings;
      this.externals = opened.externals;
      this.cues.reset();
      this.cameras.reset();
      this.engine.history.clear();
    });
    return opened.warnings;
  }

  /** The show as a saved `.lxp` holds it (call inside the engine queue: the graph must not move meanwhile). */
  projectJson(): unknown {
    return writeProject(this.lx, this.externals);
  }

  /** Saves the show as a `.lxp` LX can open (atomically); the JSON is taken inside the queue. */
  async saveProject(path: string | undefined = this.projectPath): Promise<string> {
    if (path === undefined) throw invalidArgument('this show has no project file yet; give a path to save it to');
    const full = resolve(path);
    const json = await this.engine.queue.submit(() => this.projectJson());
    await writeFileAtomic(full, `${JSON.stringify(json, null, 2)}\n`);
    this.projectPath = full;
    return full;
  }

  get mixer() {
    return this.lx.mixer;
  }

  get structure() {
    return this.lx.structure;
  }

  /**
   * Sets the points every following frame must compute exactly (docs/architecture.md, "Rendering
   * a subset"): strictly ascending point indices of the current model, or null for every point.
   * After a frame, `main` holds at the subset's points exactly what a whole-model render holds
   * there; every other point may hold anything. Points added to a subset after frames ran start
   * from whatever per-point memory (Blur's) they held, so a node that grows its slice re-renders
   * whole first; shrinking it, or starting from null, stays exact. A model change that drops
   * some of the points makes the frames render whole until the subset is set again.
   */
  setRenderSubset(points: Int32Array | null): void {
    if (points !== null) {
      try {
        new RenderSubset(points, this.structure.model.size);
      } catch (err) {
        throw invalidArgument(`render subset: ${(err as Error).message}`);
      }
    }
    this.subsetPoints = points === null ? null : points.slice();
    this.subsetBuilt = null;
  }

  /** The render subset set by `setRenderSubset` (a copy), or null. */
  get renderSubset(): Int32Array | null {
    return this.subsetPoints === null ? null : this.subsetPoints.slice();
  }

  /**
   * The points of the fixtures named (a label, or a 0-based index among the structure's fixtures),
   * sorted: a render subset. A deactivated fixture has no points; an unknown one is not_found.
   */
  fixtureSubset(fixtures: readonly (string | number)[]): Int32Array {
    const items = this.structure.fixtures.items;
    const ranges = fixtures.map((ref) => {
      const f = typeof ref === 'number' ? items[ref] : items.find((x) => x.label.getString() === ref);
      if (f === undefined) throw notFound(`no fixture ${typeof ref === 'number' ? `at index ${ref}` : JSON.stringify(ref)} (${items.length} fixtures)`);
      return this.structure.pointRanges.get(f) ?? { start: 0, count: 0 };
    });
    return subsetOfRanges(ranges);
  }

  /** The render subset for this frame's model, built once per model (null when none, or when the model lost its points). */
  private frameSubset(): RenderSubset | null {
    if (this.subsetPoints === null) return null;
    const model = this.structure.model;
    const built = this.subsetBuilt;
    if (built !== null && built.model === model && built.generation === this.structure.generation) return built.subset;
    let subset: RenderSubset | null = null;
    try {
      subset = new RenderSubset(this.subsetPoints, model.size);
    } catch {
      subset = null;
    }
    this.subsetBuilt = { subset, model, generation: this.structure.generation };
    return subset;
  }

  /**
   * Renders one frame into `main`, in LX's order: tempo on unscaled time, then `deltaMs` scaled
   * by the engine speed for global modulators, snapshots, the palette and the mixer. Runs inside
   * the queue (a frame task) or offline.
   */
  render(frame: FrameTime): void {
    for (let i = 0; i < this.beforeFrame.length; i++) this.beforeFrame[i](frame.deltaMs);
    const lx = this.lx;
    // One set of universes per frame: every DMX device of this frame reads the same input.
    lx.dmx.latch(this.dmxSource);
    const model = this.structure.model;
    const out = this.frame;
    if (this.main.length !== model.size) {
      this.main = out.main = colorBuffer(model.size);
      out.cue = colorBuffer(model.size);
      out.aux = colorBuffer(model.size);
      out.cueBlack = out.auxBlack = false;
    }
    lx.tempo.loop(frame.deltaMs);
    const deltaMs = frame.deltaMs * lx.speed.getValue();
    // LX meters audio on its own thread; here the frame's blocks are metered before modulation reads them.
    lx.audio.loop(deltaMs);
    lx.modulation.loop(deltaMs);
    lx.snapshots.loop(deltaMs);
    this.cues.loop(deltaMs);
    // A view is not the show: its animation keeps the clock's time, whatever the show's speed.
    this.cameras.loop(frame.deltaMs);
    lx.palette.loop(deltaMs);
    // LX's offline harness sets nowMillis from a loop task, after the palette and before the mixer.
    lx.nowMillis = frame.nowMillis;
    this.mixer.performanceMode = lx.performanceMode.isOn();
    this.mixer.subset = this.frameSubset();
    this.mixer.render(model.points, deltaMs, out);
    viewCuePass(this.structure, out);
    fixturePostPass(this.structure, out, frame.nowMillis);
    // The stage (DMX) fixtures read the finished frame: colour, intensity and aim for this frame.
    lx.stage.drive({
      colors: out.main,
      points: model.points,
      generation: this.structure.generation,
      level: levelChain(this),
      deltaMs,
      beatMs: lx.tempo.beatPeriodMs(),
      locate: this.locate,
    });
    this.frameCount++;
  }

  /** The point a path names, for aiming: a stage fixture's position, or an LX fixture's centre (the mean of its points). */
  readonly locate = (path: string): Vec3 | undefined => {
    let c: Component;
    try {
      c = lightComponent(this.lx, path);
    } catch {
      return undefined;
    }
    if (c instanceof StageFixture) return c.patch.placement.position;
    if (c instanceof StagePoint) return c.position;
    if (!(c instanceof Fixture)) return undefined;
    const range = this.structure.pointRanges.get(c);
    if (range === undefined || range.count === 0) return undefined;
    const { x, y, z } = this.structure.model.points;
    let sx = 0,
      sy = 0,
      sz = 0;
    for (let i = range.start; i < range.start + range.count; i++) {
      sx += x[i];
      sy += y[i];
      sz += z[i];
    }
    return { x: sx / range.count, y: sy / range.count, z: sz / range.count };
  };

  /** The show's own frame state outside the graph (show/runtime-state.ts). */
  runtimeFields(): readonly string[] {
    return ['frameCount', 'cues'];
  }

  /** What this show carries from frame to frame beyond its saved project (docs/runtime-state.md). */
  captureRuntime(): RuntimeState {
    return captureRuntime(this);
  }

  /** Applies a state `captureRuntime` took on a show of the same saved project; refused, changing nothing, when it does not fit. */
  restoreRuntime(state: RuntimeState): void {
    restoreRuntime(this, state);
  }

  /** A component by path string, or by `{path?, id?}` (ids survive moves; both together are checked). */
  component(target: unknown): Component {
    return isTarget(target) ? resolveComponentTarget(this.lx, target) : lightComponent(this.lx, target);
  }

  /** A parameter by path string, or by `{path?}` / `{id, key}`. */
  parameter(target: unknown): Parameter {
    return isTarget(target) ? resolveParameterTarget(this.lx, target) : lightParameter(this.lx, target);
  }

  /**
   * Sets a parameter's base value as one undoable step, then reads it back. A read-back that
   * disagrees with the accepted value rolls the step back and fails as `internal`. A surface's
   * continuous gesture (a console fader drag) passes a `mergeKey` so the drag is one step.
   */
  setParameter(target: unknown, value: unknown, origin: Origin, options: PerformOptions = {}): { parameter: Parameter; changed: boolean } {
    const p = this.parameter(target);
    if (p instanceof BooleanParameter && p.isPulse) {
      throw invalidArgument(
        `${p.path} is a trigger (a button whose press leaves no value): it has no value to set. Fire it with fire_trigger, which is an action and not undoable`,
      );
    }
    const accepted = p.accept(fromText(p, value));
    // Setting the value a parameter already has is not a step: a shared undo that visibly does
    // nothing would only confuse the operator, and the caller is told nothing changed.
    if (isDeepStrictEqual(accepted, p.baseValue)) return { parameter: p, changed: false };
    this.engine.history.performVerified(new SetParameter(p, accepted), origin, () => verifyBase(p, accepted), options);
    return { parameter: p, changed: true };
  }
}

function isTarget(t: unknown): t is ParameterTarget {
  return typeof t === 'object' && t !== null && !Array.isArray(t);
}

function verifyBase(p: Parameter, expected: ParameterValue): void {
  const actual = p.baseValue;
  if (actual === expected) return;
  throw internal(`${p.path}: the engine holds ${JSON.stringify(actual)} after setting ${JSON.stringify(expected)}; the change was rolled back`);
}

const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/**
 * A number (or true/false) sent as text, as form-based clients such as the MCP Inspector send
 * every argument: "0.3" for a fader. Only for numeric parameters; text parameters keep text,
 * and option names of enums stay names.
 */
function fromText(p: Parameter, value: unknown): unknown {
  if (typeof value !== 'string' || !(p instanceof NumericParameter)) return value;
  if (NUMBER_TEXT.test(value)) return Number(value);
  if (p.kind === 'boolean' && /^\s*(true|false)\s*$/i.test(value)) return value.trim().toLowerCase() === 'true';
  return value;
}
