import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { gray } from '../../color/lx-color.js';
import type { Device } from './device.js';
import type { PointSet, View } from '../../model/index.js';
import type { GeometryBounds, NormalizationBounds } from '../../model/points.js';
import { SoundObjectSelector } from '../../audio/sound-object-selector.js';
import { POSITION_MODES, type SoundStage } from '../../audio/sound-stage.js';

const fr = Math.fround;
/** The longest scope history, in ms (one sample per ms). */
const MAX_SCOPE_MS = 30000;
/** 1/√3: the longest distance in the unit cube maps to the whole scope time. */
const INV_MAX_DISTANCE = 1 / Math.sqrt(3);

/** How a point's distance from the object is measured (LX's ShapeMode): Orb, Box, or one axis. */
const SHAPES = [
  { label: 'Orb', name: 'ORB' },
  { label: 'Box', name: 'BOX' },
  { label: 'X', name: 'X' },
  { label: 'Y', name: 'Y' },
  { label: 'Z', name: 'Z' },
];

const percent = (label: string, value: number, description: string): BoundedParameter =>
  new BoundedParameter(label, value, { units: 'percentNormalized', modulatable: true, description });
const bipolar = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -1, v1: 1, polarity: 'bipolar', units: 'percentNormalized', modulatable: true, description });

/** What the renderer needs from the light engine: the global model, the stage, the structure's views. */
interface StageContext {
  readonly structure: {
    readonly model: { readonly points: PointSet; readonly bounds: GeometryBounds; readonly normalization: NormalizationBounds };
    readonly views: { readonly definitions: readonly { readonly points: PointSet | null; readonly view: View | null }[] };
  };
  readonly audio?: { readonly soundStage: SoundStage };
}

function stageContextOf(d: Device): StageContext | undefined {
  for (let p = d.parent; p !== null; p = p.parent) if ((p as { isLightRoot?: boolean }).isLightRoot === true) return p as unknown as StageContext;
  return undefined;
}

/** LX's modulation factor: 1 + (v − 1)·a for a > 0, else 1 − v·|a| (a bipolar amount inverts the effect). */
function factor(v: number, amount: number): number {
  return amount > 0 ? 1 + (v - 1) * amount : 1 + (1 - v - 1) * -amount;
}

/** Distance of a point from the object under one shape (float32). */
function shapeDistance(shape: number, x: number, y: number, z: number, ox: number, oy: number, oz: number): number {
  const dx = Math.abs(fr(x - ox));
  const dy = Math.abs(fr(y - oy));
  const dz = Math.abs(fr(z - oz));
  if (shape === 0) return fr(Math.sqrt(fr(fr(fr(dx * dx) + fr(dy * dy)) + fr(dz * dz))));
  if (shape === 1) return Math.max(dx, dy, dz);
  return shape === 2 ? dx : shape === 3 ? dy : dz;
}

/**
 * The renderer LX's Sound Object pattern and effect share (SoundObjectPattern.Engine): an orb (or
 * box, or slab along one axis) of gray light at a Sound Object's place on the sound stage.
 *
 * - Level = 100 · Level · f(Mod, M>Lev) · f(signal, Sig>Lev); size = Size · f(Mod, M>Sz) ·
 *   f(signal, Sig>Sz), where the signal is the object's value (its meter) and f(v, a) =
 *   1 + (v − 1)·a for a ≥ 0, 1 − v·|a| for a < 0 (so a bipolar amount can invert the effect).
 * - A point at distance d (its shape: Shape Mode 1, 2 or between them by Shaper Lerp, in the
 *   rendering model's normalized space) is full level inside size·Contrast and fades to 0 at size.
 * - Scope: the signal of the last ScpTim ms is kept (one value per ms); a point at distance d
 *   shows the signal d/√3 · ScpTim ago, scaling its level by lerp(1, that, ScpAmt): ripples.
 * - Position: the object's place (Position Mode Abs, Radial or Box) on `/lx/audio/soundStage`,
 *   mapped into the normalization box of the model the device renders (its view's, if any). No
 *   object (None): the center of that box.
 */
export class SoundObjectRender {
  /** The scope's history (component/runtime-state.ts). */
  runtimeFields(): readonly string[] {
    return ['scope', 'scopeIndex'];
  }

  readonly selector = new SoundObjectSelector('Object', 'Which Sound Object (a global modulator) to render');
  readonly positionMode = new EnumParameter('Position Mode', POSITION_MODES, 0, {
    description: 'How the object is placed on the sound stage: Abs, Radial or Box',
  });
  readonly shapeMode1 = new EnumParameter('Shape Mode 1', SHAPES, 0, { description: 'First shape of the object (Shaper Lerp 0)' });
  readonly shapeMode2 = new EnumParameter('Shape Mode 2', SHAPES, 1, { description: 'Second shape of the object (Shaper Lerp 1)' });
  readonly shapeLerp = percent('Shaper Lerp', 0, 'Blend from the first shape to the second');
  readonly baseSize = percent('Size', 0.1, 'Base size of the object');
  readonly baseLevel = percent('Level', 1, 'Base brightness');
  readonly contrast = percent('Contrast', 0.5, 'Share of the size at full level; the rest fades out');
  readonly modulationInput = percent('Mod', 0, 'Manual modulation input');
  readonly modulationToSize = bipolar('M>Sz', 'How much Mod scales the size');
  readonly modulationToLevel = bipolar('M>Lev', 'How much Mod scales the brightness');
  readonly signalToSize = bipolar('Sig>Sz', "How much the object's level scales the size");
  readonly signalToLevel = percent('Sig>Lev', 0, "How much the object's level scales the brightness");
  readonly scopeAmount = percent('ScpAmt', 0, 'How much the signal history ripples out from the object');
  readonly scopeTimeMs = new BoundedParameter('ScpTim', 2000, {
    v0: 100,
    v1: MAX_SCOPE_MS,
    exponent: 2,
    units: 'milliseconds',
    modulatable: true,
    description: 'Signal history the scope spans, center to the far corner',
  });

  private readonly scope = new Float64Array(MAX_SCOPE_MS);
  private scopeIndex = 0;
  private readonly at = new Float32Array(3);

  /** The parameters under LX's keys, in LX's order. */
  parameters(): readonly [string, Parameter][] {
    return [
      ['baseSize', this.baseSize],
      ['signalToSize', this.signalToSize],
      ['fadePercent', this.contrast],
      ['baseBrightness', this.baseLevel],
      ['modulationInput', this.modulationInput],
      ['modulationToSize', this.modulationToSize],
      ['modulationToBrt', this.modulationToLevel],
      ['signalToBrt', this.signalToLevel],
      ['selector', this.selector],
      ['positionMode', this.positionMode],
      ['shapeMode1', this.shapeMode1],
      ['shapeMode2', this.shapeMode2],
      ['shapeLerp', this.shapeLerp],
      ['scopeAmount', this.scopeAmount],
      ['scopeTimeMs', this.scopeTimeMs],
    ];
  }

  /** The normalization box of the model `points` belong to: the global model's or a view's. */
  private boundsOf(ctx: StageContext, points: PointSet): NormalizationBounds {
    const model = ctx.structure.model;
    if (points === model.points) return model.normalization;
    for (const d of ctx.structure.views.definitions) {
      if (d.points !== points) continue;
      const v = d.view;
      if (v !== null && v.normalization === 'RELATIVE') return v.bounds;
    }
    return model.normalization;
  }

  /** Renders the object into `colors` at `points` (allocation-free once the option list is current). */
  run(device: Device, points: PointSet, colors: Uint32Array, deltaMs: number): void {
    const mod = this.modulationInput.getValue();
    let level = 100 * this.baseLevel.getValue() * factor(mod, this.modulationToLevel.getValue());
    let size = this.baseSize.getValue() * factor(mod, this.modulationToSize.getValue());
    let signal = 0;
    const at = this.at;
    const object = this.selector.object();
    const ctx = stageContextOf(device);
    if (object !== null && ctx !== undefined && ctx.audio !== undefined) {
      signal = object.getNormalized();
      object.updateCartesian();
      const stage = ctx.audio.soundStage;
      stage.update(ctx.structure.model.bounds);
      stage.objectPosition(object, this.positionMode.getValue(), this.boundsOf(ctx, points), at);
    } else {
      at[0] = 0.5;
      at[1] = 0.5;
      at[2] = 0.5;
    }
    level *= factor(signal, this.signalToLevel.getValue());
    size *= factor(signal, this.signalToSize.getValue());

    // The scope: one sample per whole ms of this frame, ramping from the last sample to the signal.
    const scope = this.scope;
    const steps = Math.trunc(deltaMs);
    let current = scope[this.scopeIndex];
    const increment = (signal - current) / steps;
    for (let i = 0; i < steps; i++) {
      this.scopeIndex = (this.scopeIndex + 1) % MAX_SCOPE_MS;
      current += increment;
      scope[this.scopeIndex] = current;
    }

    const fadePercent = size * (1 - this.contrast.getValue());
    const fadePercentInv = 1 / fadePercent;
    const scopeAmount = this.scopeAmount.getValue();
    const scopeTimeMs = this.scopeTimeMs.getValue();
    const fadeStart = size - fadePercent;
    const lerp = this.shapeLerp.getValuef();
    const shape1 = this.shapeMode1.getValue();
    const shape2 = this.shapeMode2.getValue();
    const ox = at[0];
    const oy = at[1];
    const oz = at[2];
    const { xn, yn, zn, index } = points;
    for (let k = 0; k < index.length; k++) {
      const d1 = lerp < 1 ? shapeDistance(shape1, xn[k], yn[k], zn[k], ox, oy, oz) : 0;
      const d2 = lerp > 0 ? shapeDistance(shape2, xn[k], yn[k], zn[k], ox, oy, oz) : 0;
      const dist = fr(d1 + fr(fr(d2 - d1) * lerp));
      const scopeOffset = Math.trunc(dist * INV_MAX_DISTANCE * scopeTimeMs);
      let scopeFactor = 1;
      if (scopeOffset < MAX_SCOPE_MS) {
        const s = scope[(this.scopeIndex + MAX_SCOPE_MS - scopeOffset) % MAX_SCOPE_MS];
        scopeFactor = 1 + (s - 1) * scopeAmount;
      }
      const max = level * scopeFactor;
      const v = max - max * fadePercentInv * (dist - fadeStart);
      colors[index[k]] = gray(v < 0 ? 0 : v > max ? max : v);
    }
  }
}
