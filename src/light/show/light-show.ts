import { isDeepStrictEqual } from 'node:util';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import type { FrameTime } from '../../engine/clock.js';
import type { Component } from '../../engine/component.js';
import type { Engine } from '../../engine/engine.js';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../../app/atomic-write.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { Origin, PerformOptions } from '../../engine/commands/history.js';
import type { Command } from '../../engine/commands/command.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import type { Parameter, ParameterValue } from '../../engine/parameters/parameter.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { Effect } from '../devices/effects/effect.js';
import { createLibrary } from '../devices/library.js';
import type { LXComponent } from '../component/lx-component.js';
import { AbstractChannel } from '../mixer/bus.js';
import { Channel } from '../mixer/channel.js';
import { Group } from '../mixer/group.js';
import {
  AddChannel,
  AddEffect,
  AddPattern,
  GoPattern,
  GroupChannels,
  MoveChannel,
  MoveEffect,
  MovePattern,
  RemoveChannel,
  RemoveEffect,
  RemovePattern,
  Ungroup,
  effectArrayOf,
} from '../mixer/mixer-commands.js';
import type { DynamicColor } from '../palette/dynamic-color.js';
import { AddSwatchColor, RecallSwatch, RemoveSwatch, RemoveSwatchColor, SaveSwatch } from '../palette/palette-commands.js';
import { MAX_SWATCH_COLORS, Swatch } from '../palette/swatch.js';
import { Pattern } from '../devices/patterns/pattern.js';
import { Placeholder } from '../component/placeholder.js';
import { CaptureSnapshot, RecallSnapshot, RemoveSnapshot, UpdateSnapshot } from './snapshots/snapshot-commands.js';
import { Snapshot } from './snapshots/snapshot-engine.js';
import { AddView, MoveView, RemoveView } from '../structure/view-commands.js';
import { ViewDefinition } from '../structure/view-definition.js';
import { TapTempo } from '../tempo/tempo-commands.js';
import type { Tempo } from '../tempo/tempo.js';
import { LXEngineComponent } from './lx-engine.js';
import { openProjectFile, writeProject } from './project/project-file.js';
import type { DeviceRegistry } from '../component/registry.js';
import type { MixerFrame } from '../mixer/mixer.js';
import { fixturePostPass, viewCuePass } from '../structure/post-pass.js';
import { lightComponent, lightParameter, resolveComponentTarget, resolveParameterTarget, type ParameterTarget } from './paths.js';
import { colorBuffer } from '../parallel/shared-arrays.js';

/**
 * The light domain of a show: the `/lx` graph, its render loop and the operations surfaces
 * call. Every operation runs inside an engine-queue task; mutations go through the shared
 * history and report what the engine holds afterwards.
 */
export interface LightShowOptions {
  /** The light library (default: the stock library). */
  readonly registry?: DeviceRegistry<LXComponent>;
  /**
   * Render on every clock frame (default true). False when a frame pipeline calls `render` itself
   * (src/main.ts: render, then the outputs).
   */
  readonly renderOnClock?: boolean;
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

  constructor(
    readonly engine: Engine,
    lx: LXEngineComponent = new LXEngineComponent(),
    options: LightShowOptions = {},
  ) {
    this.lx = lx;
    this.registry = options.registry ?? createLibrary();
    engine.graph.addRoot(this.lx);
    if (options.renderOnClock !== false) engine.clock.onFrame((frame) => this.render(frame));
  }

  /** Opens a `.lxp` file into a new show (media folder: `media`, else beside the project). */
  static async open(engine: Engine, path: string, options: LightShowOptions & { readonly media?: string } = {}): Promise<LightShow> {
    const registry = options.registry ?? createLibrary();
    const opened = await openProjectFile(resolve(path), registry, options.media);
    engine.graph.reserveIds(opened.maxId);
    const show = new LightShow(engine, opened.lx, { registry, renderOnClock: options.renderOnClock });
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
    const opened = await openProjectFile(full, this.registry, media, this.lx.nowMillis);
    await this.engine.queue.submit(() => {
      this.engine.graph.removeRoot(this.lx);
      this.engine.graph.reserveIds(opened.maxId);
      (opened.lx as { wallClockMs?: unknown }).wallClockMs = (this.lx as { wallClockMs?: unknown }).wallClockMs;
      this.lx = opened.lx;
      this.engine.graph.addRoot(this.lx);
      this.projectPath = full;
      this.mediaDir = opened.media.mediaDir;
      this.warnings = opened.warnings;
      this.externals = opened.externals;
      this.engine.history.clear();
    });
    return opened.warnings;
  }

  /** Saves the show as a `.lxp` LX can open (atomically); the JSON is taken inside the queue. */
  async saveProject(path: string | undefined = this.projectPath): Promise<string> {
    if (path === undefined) throw invalidArgument('this show has no project file yet; give a path to save it to');
    const full = resolve(path);
    const json = await this.engine.queue.submit(() => writeProject(this.lx, this.externals));
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
   * Renders one frame into `main`, in LX's order: tempo on unscaled time, then `deltaMs` scaled
   * by the engine speed for global modulators, snapshots, the palette and the mixer. Runs inside
   * the queue (a frame task) or offline.
   */
  render(frame: FrameTime): void {
    for (let i = 0; i < this.beforeFrame.length; i++) this.beforeFrame[i](frame.deltaMs);
    const lx = this.lx;
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
    lx.palette.loop(deltaMs);
    // LX's offline harness sets nowMillis from a loop task, after the palette and before the mixer.
    lx.nowMillis = frame.nowMillis;
    this.mixer.performanceMode = lx.performanceMode.isOn();
    this.mixer.render(model.points, deltaMs, out);
    viewCuePass(this.structure, out);
    fixturePostPass(this.structure, out, frame.nowMillis);
    this.frameCount++;
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

  // ---- domain operations (each one undoable step, validated first, read back after) -------------

  private perform(command: Command, origin: Origin, verify: () => boolean, what: string): void {
    this.engine.history.performVerified(command, origin, () => {
      if (!verify()) throw internal(`${what}: the engine does not show the change after it was applied; it was rolled back`);
    });
  }

  private requireComponent<C extends Component>(target: unknown, type: abstract new (...args: never[]) => C, what: string): C {
    const c = this.component(target);
    if (!(c instanceof type)) throw invalidArgument(`${c.path} is not ${what}`);
    return c;
  }

  private checkIndex(index: number | undefined, max: number, what: string): number {
    if (index === undefined) return max;
    if (!Number.isInteger(index) || index < 0 || index > max) throw invalidArgument(`${what} takes a 0-based index from 0 to ${max}; got ${String(index)}`);
    return index;
  }

  private createDevice(kind: 'pattern' | 'effect', className: unknown): LXComponent {
    if (typeof className !== 'string' || className.length === 0)
      throw invalidArgument(`${kind} class must be a name such as ${kind === 'pattern' ? 'Gradient' : 'Blur'}; list_available_${kind}s lists them`);
    return this.registry.create(this.registry.find(kind, className));
  }

  /**
   * Adds a channel at `index` (default: the end), optionally with a first pattern. As in LX the
   * first channel starts at fader 1 and later ones at 0 (auto-muted until raised).
   */
  addChannel(origin: Origin, options: { readonly index?: number; readonly pattern?: string; readonly label?: string } = {}): Channel {
    const mixer = this.mixer;
    const index = this.checkIndex(options.index, mixer.channels.length, 'a new channel');
    if (index < mixer.channels.length) {
      const at = mixer.channels.items[index];
      if (at instanceof Channel && at.group !== null)
        throw invalidArgument(`index ${index} is inside ${at.group.label.getString()}; add the channel outside the group`);
    }
    const channel = new Channel(options.label ?? `Channel-${index + 1}`);
    channel.fader.setValue(mixer.channels.length === 0 ? 1 : 0);
    channel.autoMute.setOn(mixer.autoMuteDefault.isOn());
    if (options.pattern !== undefined) {
      const pattern = this.createDevice('pattern', options.pattern);
      if (!(pattern instanceof Pattern)) throw invalidArgument(`${options.pattern} is not a pattern`);
      pattern.autoMute.setOn(mixer.autoMutePatternDefault.isOn());
      channel.addPattern(pattern);
    }
    this.perform(new AddChannel(mixer.id, channel, index), origin, () => mixer.channels.at(index) === channel, 'add channel');
    return channel;
  }

  /** Removes a channel, or a group with its members. */
  removeChannel(origin: Origin, target: unknown): void {
    const c = this.requireComponent(target, AbstractChannel, 'a channel or group');
    this.perform(new RemoveChannel(this.mixer.id, c.id, c.label.getString()), origin, () => c.parent === null, 'remove channel');
  }

  /**
   * Moves a channel (a group with its members) to a 0-based index in the flat list. A channel
   * stays inside its group; a top-level channel or group may not land inside another group.
   */
  moveChannel(origin: Origin, target: unknown, index: unknown): void {
    const c = this.requireComponent(target, AbstractChannel, 'a channel or group');
    const mixer = this.mixer;
    const block = c instanceof Group ? 1 + c.members.length : 1;
    const max = mixer.channels.length - block;
    const to = this.checkIndex(index as number, max, `moving ${c.label.getString()}`);
    const group = c instanceof Channel ? (c.group as Group | null) : null;
    if (group !== null) {
      const first = group.index + 1;
      const last = group.index + group.members.length;
      if (to < first || to > last)
        throw invalidArgument(`${c.label.getString()} is in ${group.label.getString()}: move it within ${first}–${last}, or ungroup first`);
    } else {
      const rest = mixer.channels.items.filter((x) => x !== c && !(c instanceof Group && c.members.includes(x as Channel)));
      const after = rest[to];
      if (after instanceof Channel && after.group !== null)
        throw invalidArgument(`index ${to} is inside ${after.group.label.getString()}; pick an index outside the group`);
    }
    this.perform(new MoveChannel(mixer.id, c.id, to, c.label.getString()), origin, () => c.index === to, 'move channel');
  }

  /** Groups channels (none already in a group) into a new group placed at the first one. */
  groupChannels(origin: Origin, targets: readonly unknown[]): Group {
    if (!Array.isArray(targets) || targets.length === 0) throw invalidArgument('give one or more channels to group');
    const members = targets.map((t) => this.requireComponent(t, Channel, 'a channel (groups cannot be nested)'));
    for (const m of members) if (m.group !== null) throw invalidArgument(`${m.label.getString()} is already in ${m.group.label.getString()}`);
    if (new Set(members).size !== members.length) throw invalidArgument('a channel is listed twice');
    members.sort((a, b) => a.index - b.index);
    const group = new Group(`Group-${members[0].index + 1}`);
    group.autoMute.setOn(this.mixer.autoMuteDefault.isOn());
    this.perform(
      new GroupChannels(
        this.mixer.id,
        group,
        members.map((m) => m.id),
      ),
      origin,
      () => members.every((m, i) => m.group === group && m.index === group.index + 1 + i),
      'group channels',
    );
    return group;
  }

  /** Dissolves a group; its members stay where they are. */
  ungroup(origin: Origin, target: unknown): void {
    const g = this.requireComponent(target, Group, 'a group');
    const members = [...g.members];
    this.perform(new Ungroup(this.mixer.id, g.id, g.label.getString()), origin, () => g.parent === null && members.every((m) => m.group === null), 'ungroup');
  }

  /** Adds a pattern of a library class to a channel at `index` (default: the end). */
  addPattern(origin: Origin, channelTarget: unknown, className: unknown, index?: number): Pattern {
    const channel = this.requireComponent(channelTarget, Channel, 'a channel');
    const at = this.checkIndex(index, channel.patterns.length, 'a new pattern');
    const pattern = this.createDevice('pattern', className);
    if (!(pattern instanceof Pattern)) throw invalidArgument(`${String(className)} is not a pattern`);
    pattern.autoMute.setOn(this.mixer.autoMutePatternDefault.isOn());
    this.perform(new AddPattern(channel.id, pattern, at), origin, () => channel.patterns.at(at) === pattern, 'add pattern');
    return pattern;
  }

  removePattern(origin: Origin, target: unknown): void {
    const p = this.component(target);
    if (!(p instanceof Pattern || p instanceof Placeholder) || !(p.parent instanceof Channel)) throw invalidArgument(`${p.path} is not a pattern on a channel`);
    const channel = p.parent;
    this.perform(new RemovePattern(channel.id, p.id, p.label.getString()), origin, () => p.parent === null, 'remove pattern');
  }

  movePattern(origin: Origin, target: unknown, index: unknown): void {
    const p = this.component(target);
    if (!(p instanceof Pattern || p instanceof Placeholder) || !(p.parent instanceof Channel)) throw invalidArgument(`${p.path} is not a pattern on a channel`);
    const channel = p.parent;
    const to = this.checkIndex(index as number, channel.patterns.length - 1, 'moving a pattern');
    this.perform(new MovePattern(channel.id, p.id, to, p.label.getString()), origin, () => p.index === to, 'move pattern');
  }

  /** Makes a pattern the active one of its channel's playlist (a transition, if on). */
  goPattern(origin: Origin, target: unknown): void {
    const p = this.component(target);
    if (!(p instanceof Pattern || p instanceof Placeholder) || !(p.parent instanceof Channel)) throw invalidArgument(`${p.path} is not a pattern on a channel`);
    const channel = p.parent;
    if (!channel.patternEngine.isPlaylist)
      throw invalidArgument(`${channel.label.getString()} is in blend mode: every enabled pattern plays; set compositeMode to Playlist first`);
    this.perform(new GoPattern(channel.id, p.id, p.label.getString()), origin, () => channel.patternEngine.targetPattern === p, 'go pattern');
  }

  /** Adds an effect of a library class to a channel, group, the master bus or a pattern. */
  addEffect(origin: Origin, containerTarget: unknown, className: unknown, index?: number): Effect {
    const container = this.component(containerTarget);
    const array = effectArrayOf(container);
    if (array === undefined) throw invalidArgument(`${container.path} holds no effects; effects go on channels, groups, the master bus and patterns`);
    const at = this.checkIndex(index, array.length, 'a new effect');
    const effect = this.createDevice('effect', className);
    if (!(effect instanceof Effect)) throw invalidArgument(`${String(className)} is not an effect`);
    this.perform(new AddEffect(container.id, effect, at), origin, () => array.at(at) === effect, 'add effect');
    return effect;
  }

  removeEffect(origin: Origin, target: unknown): void {
    const e = this.component(target);
    const container = e.parent;
    if (!(e instanceof Effect || e instanceof Placeholder) || container === null || effectArrayOf(container) === undefined)
      throw invalidArgument(`${e.path} is not an effect`);
    this.perform(new RemoveEffect(container.id, e.id, e.label.getString()), origin, () => e.parent === null, 'remove effect');
  }

  moveEffect(origin: Origin, target: unknown, index: unknown): void {
    const e = this.component(target);
    const container = e.parent;
    const array = container === null ? undefined : effectArrayOf(container);
    if (!(e instanceof Effect || e instanceof Placeholder) || container === null || array === undefined) throw invalidArgument(`${e.path} is not an effect`);
    const to = this.checkIndex(index as number, array.length - 1, 'moving an effect');
    this.perform(new MoveEffect(container.id, e.id, to, e.label.getString()), origin, () => e.index === to, 'move effect');
  }

  /** Adds a view definition; a selector that does not parse is refused. */
  addView(
    origin: Origin,
    selector: unknown,
    options: { readonly label?: string; readonly normalization?: 'RELATIVE' | 'ABSOLUTE'; readonly index?: number } = {},
  ): ViewDefinition {
    const views = this.structure.views;
    const view = new ViewDefinition(options.label ?? `View-${views.views.length + 1}`);
    view.selector.setBase(view.selector.accept(selector));
    if (options.normalization === 'ABSOLUTE') view.normalization.setValue(1);
    const at = this.checkIndex(options.index, views.views.length, 'a new view');
    this.perform(new AddView(views.id, view, at), origin, () => views.views.at(at) === view, 'add view');
    return view;
  }

  removeView(origin: Origin, target: unknown): void {
    const v = this.requireComponent(target, ViewDefinition, 'a view definition');
    this.perform(new RemoveView(this.structure.views.id, v.id, () => this.lx, v.label.getString()), origin, () => v.parent === null, 'remove view');
  }

  moveView(origin: Origin, target: unknown, index: unknown): void {
    const v = this.requireComponent(target, ViewDefinition, 'a view definition');
    const to = this.checkIndex(index as number, this.structure.views.views.length - 1, 'moving a view');
    this.perform(new MoveView(this.structure.views.id, v.id, to, v.label.getString()), origin, () => v.index === to, 'move view');
  }

  /** Saves the live swatch as a new saved swatch. */
  saveSwatch(origin: Origin): Swatch {
    const palette = this.lx.palette;
    const swatch = palette.newSwatchFromLive();
    const at = palette.swatches.length;
    this.perform(new SaveSwatch(palette.id, swatch, at), origin, () => palette.swatches.at(at) === swatch, 'save swatch');
    return swatch;
  }

  removeSwatch(origin: Origin, target: unknown): void {
    const s = this.requireComponent(target, Swatch, 'a saved swatch');
    if (s === this.lx.palette.swatch) throw invalidArgument('the live swatch cannot be removed; remove a saved one (/lx/palette/swatches/N)');
    this.perform(new RemoveSwatch(this.lx.palette.id, s.id, s.label.getString()), origin, () => s.parent === null, 'remove swatch');
  }

  /** Makes a saved swatch live (with the palette transition, if on); undo restores the live swatch. */
  recallSwatch(origin: Origin, target: unknown): void {
    const s = this.requireComponent(target, Swatch, 'a saved swatch');
    if (s === this.lx.palette.swatch) throw invalidArgument('that is the live swatch; recall a saved one (/lx/palette/swatches/N)');
    const palette = this.lx.palette;
    this.perform(new RecallSwatch(palette.id, s.id, s.label.getString()), origin, () => palette.autoCycleCursor.getValue() === s.index, 'recall swatch');
  }

  /** Adds a color to the live swatch (up to 5), starting as a copy of the last. */
  addSwatchColor(origin: Origin): DynamicColor {
    const swatch = this.lx.palette.swatch;
    if (swatch.colors.length >= MAX_SWATCH_COLORS) throw invalidArgument(`the swatch already holds ${MAX_SWATCH_COLORS} colors, the most it can`);
    const n = swatch.colors.length;
    this.perform(new AddSwatchColor(swatch.id), origin, () => swatch.colors.length === n + 1, 'add color');
    return swatch.colors.items[n];
  }

  /** Removes the live swatch's last color (the first always stays). */
  removeSwatchColor(origin: Origin): void {
    const swatch = this.lx.palette.swatch;
    if (swatch.colors.length <= 1) throw invalidArgument('the swatch has only its first color, which cannot be removed');
    const n = swatch.colors.length;
    this.perform(new RemoveSwatchColor(swatch.id), origin, () => swatch.colors.length === n - 1, 'remove color');
  }

  /** Captures the current state as a new snapshot. */
  captureSnapshot(origin: Origin, label?: string): Snapshot {
    const engine = this.lx.snapshots;
    if (label !== undefined) this.lx.label.accept(label);
    const snapshot = engine.newSnapshot(label);
    const at = engine.snapshots.length;
    this.perform(new CaptureSnapshot(engine.id, snapshot, at), origin, () => engine.snapshots.at(at) === snapshot, 'capture snapshot');
    return snapshot;
  }

  /** Recalls a snapshot (with the engine's transition, if on). Undo restores what it overwrote. */
  recallSnapshot(origin: Origin, target: unknown): void {
    const s = this.requireComponent(target, Snapshot, 'a snapshot');
    const engine = this.lx.snapshots;
    this.perform(
      new RecallSnapshot(engine.id, s.id, () => this.lx, s.label.getString()),
      origin,
      () => engine.autoCycleCursor.getValue() === s.index,
      'recall snapshot',
    );
  }

  /** Re-captures a snapshot from the current state. */
  updateSnapshot(origin: Origin, target: unknown): void {
    const s = this.requireComponent(target, Snapshot, 'a snapshot');
    const before = s.views;
    this.perform(new UpdateSnapshot(this.lx.snapshots.id, s.id, s.label.getString()), origin, () => s.views !== before, 'update snapshot');
  }

  removeSnapshot(origin: Origin, target: unknown): void {
    const s = this.requireComponent(target, Snapshot, 'a snapshot');
    this.perform(new RemoveSnapshot(this.lx.snapshots.id, s.id, s.label.getString()), origin, () => s.parent === null, 'remove snapshot');
  }

  /** A tap on the tempo: restarts the beat; from the fourth tap the bpm follows. Undo restores the bpm. */
  tapTempo(origin: Origin): Tempo {
    const tempo = this.lx.tempo;
    this.perform(new TapTempo(tempo.id, () => this.lx.nowMillis), origin, () => true, 'tap tempo');
    return tempo;
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
