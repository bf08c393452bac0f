import type { FrameTime } from '../engine/clock.js';
import type { Component } from '../engine/component.js';
import type { Engine } from '../engine/engine.js';
import { internal } from '../engine/errors.js';
import type { Origin, PerformOptions } from '../engine/commands/history.js';
import { SetParameter } from '../engine/commands/set-parameter.js';
import type { Parameter, ParameterValue } from '../engine/parameters/parameter.js';
import { LXEngineComponent } from './lx-engine.js';
import type { MixerFrame } from './mixer/mixer.js';
import { fixturePostPass } from './structure/post-pass.js';
import { lightComponent, lightParameter, resolveComponentTarget, resolveParameterTarget, type ParameterTarget } from './paths.js';

/**
 * The light domain of a show: the `/lx` graph, its render loop and the operations surfaces
 * call. Every operation runs inside an engine-queue task; mutations go through the shared
 * history and report what the engine holds afterwards.
 */
export class LightShow {
  readonly lx: LXEngineComponent;
  /** The mixer's main output of the last frame: one ARGB per point, before the master fader. */
  main = new Uint32Array(0);
  /** The last frame's buffers (main, cue, aux) and whether cue and aux carried anything. */
  readonly frame: MixerFrame = { main: this.main, cue: new Uint32Array(0), aux: new Uint32Array(0), cueOn: false, auxOn: false };
  /** Where the show was loaded from; absent for the built-in demo or an unsaved show. */
  projectPath: string | undefined;
  /** Bumped after every rendered frame; readers compare it to see a new frame. */
  frameCount = 0;

  constructor(
    readonly engine: Engine,
    lx: LXEngineComponent = new LXEngineComponent(),
  ) {
    this.lx = lx;
    engine.graph.addRoot(this.lx);
    engine.clock.onFrame((frame) => this.render(frame));
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
    const lx = this.lx;
    const model = this.structure.model;
    const out = this.frame;
    if (this.main.length !== model.size) {
      this.main = out.main = new Uint32Array(model.size);
      out.cue = new Uint32Array(model.size);
      out.aux = new Uint32Array(model.size);
    }
    lx.tempo.loop(frame.deltaMs);
    const deltaMs = frame.deltaMs * lx.speed.getValue();
    lx.modulation.loop(deltaMs);
    lx.snapshots.loop(deltaMs);
    lx.palette.loop(deltaMs);
    // LX's offline harness sets nowMillis from a loop task, after the palette and before the mixer.
    lx.nowMillis = frame.nowMillis;
    this.mixer.performanceMode = lx.performanceMode.isOn();
    this.mixer.render(model.points, deltaMs, out);
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
  setParameter(target: unknown, value: unknown, origin: Origin, options: PerformOptions = {}): Parameter {
    const p = this.parameter(target);
    const accepted = p.accept(value);
    const entry = this.engine.history.perform(new SetParameter(p, accepted), origin, options);
    verifyBase(p, accepted, () => this.engine.history.rollback(entry));
    return p;
  }
}

function isTarget(t: unknown): t is ParameterTarget {
  return typeof t === 'object' && t !== null && !Array.isArray(t);
}

function verifyBase(p: Parameter, expected: ParameterValue, rollback: () => void): void {
  const actual = p.baseValue;
  if (actual === expected) return;
  rollback();
  throw internal(`${p.path}: the engine holds ${JSON.stringify(actual)} after setting ${JSON.stringify(expected)}; the change was rolled back`);
}
