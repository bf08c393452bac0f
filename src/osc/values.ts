// LX's OSC value handling (§8.2–8.3): which parameters take normalized floats and which take
// absolute values, how an incoming argument becomes a base value, and how a value goes out.
import { BooleanParameter } from '../engine/parameters/boolean.js';
import { BoundedParameter } from '../engine/parameters/bounded.js';
import { ColorParameter } from '../engine/parameters/color.js';
import { DiscreteParameter } from '../engine/parameters/discrete.js';
import type { Parameter, ParameterValue } from '../engine/parameters/parameter.js';
import { StringParameter } from '../engine/parameters/string.js';
import { TriggerParameter } from '../engine/parameters/trigger.js';
import { isAbsoluteOscUnits } from '../engine/parameters/units.js';
import { b as brightnessOf, h as hueOf, hsb, s as saturationOf } from '../light/color/lx-color.js';
import type { OscArgInput, OscArgOutputOrArray } from 'osc-min';

type OscMode = 'normalized' | 'absolute';

/** Parameters LX switches to absolute OSC values explicitly (by owner class and key). */
const ABSOLUTE = new Set(['heronarts.lx.LXEngine#framesPerSecond', 'heronarts.lx.Tempo#bpm', 'heronarts.lx.LXEngine$Output#gamma']);

/** Absolute for discretes and for units LX treats as absolute; normalized for other knobs. */
export function oscMode(p: Parameter): OscMode {
  if (p instanceof DiscreteParameter) return 'absolute';
  if (p instanceof BoundedParameter) {
    if (isAbsoluteOscUnits(p.units)) return 'absolute';
    const cls = (p.owner as { lxClass?: string } | null)?.lxClass;
    if (cls !== undefined && ABSOLUTE.has(`${cls}#${p.key}`)) return 'absolute';
    return 'normalized';
  }
  return 'absolute';
}

/** The OSC type tag a parameter is sent with. */
export function oscType(p: Parameter): 'f' | 'i' | 's' | 'r' {
  if (p instanceof ColorParameter) return 'r';
  if (p instanceof StringParameter) return 's';
  if (p instanceof BooleanParameter || p instanceof DiscreteParameter) return 'i';
  return 'f';
}

/** What an incoming message asks for: a new base value, a trigger to fire, or a color. */
type Coerced =
  | { readonly kind: 'set'; readonly value: ParameterValue }
  | { readonly kind: 'fire' }
  | { readonly kind: 'ignore' }
  | { readonly kind: 'color'; readonly hue?: number; readonly saturation?: number; readonly brightness: number };

function numberOf(arg: OscArgOutputOrArray): number | undefined {
  switch (arg.type) {
    case 'integer':
    case 'float':
    case 'double':
      return arg.value;
    case 'bigint':
      return Number(arg.value);
    case 'true':
      return 1;
    case 'false':
      return 0;
    default:
      return undefined;
  }
}

function truthy(arg: OscArgOutputOrArray): boolean | undefined {
  if (arg.type === 'string') return arg.value === 'true' || arg.value === 'TRUE';
  const n = numberOf(arg);
  return n === undefined ? undefined : n > 0;
}

/** Converts an incoming argument for `p`; throws Error with the reason when it does not fit. */
export function coerce(p: Parameter, args: readonly OscArgOutputOrArray[]): Coerced {
  const arg = args[0];
  if (p instanceof TriggerParameter) {
    // No argument, or OSC's nil (N) or impulse (I): the press OSCQuery's type "N" asks for.
    if (arg === undefined || arg.type === 'null' || arg.type === 'bang') return { kind: 'fire' };
    return truthy(arg) === true ? { kind: 'fire' } : { kind: 'ignore' };
  }
  if (arg === undefined) throw new Error('the message has no value');
  if (p instanceof BooleanParameter) {
    const on = truthy(arg);
    if (on === undefined) throw new Error(`a boolean takes an int, float, T/F or "true"; got ${arg.type}`);
    return { kind: 'set', value: on };
  }
  if (p instanceof StringParameter) {
    if (arg.type !== 'string') throw new Error(`a string parameter takes a string; got ${arg.type}`);
    return { kind: 'set', value: p.accept(arg.value) };
  }
  if (p instanceof ColorParameter) {
    let argb: number;
    if (arg.type === 'color') argb = ((arg.value.alpha << 24) | (arg.value.red << 16) | (arg.value.green << 8) | arg.value.blue) >>> 0;
    else if (arg.type === 'integer') argb = arg.value >>> 0;
    else throw new Error(`a color takes RGBA (r) or an int ARGB; got ${arg.type}`);
    const brightness = brightnessOf(argb);
    const saturation = brightness > 0 ? saturationOf(argb) : undefined;
    const hue = saturation !== undefined && saturation > 0 ? Math.min(359, hueOf(argb)) : undefined;
    return { kind: 'color', brightness, saturation, hue };
  }
  if (p instanceof DiscreteParameter) {
    if (arg.type === 'string') return { kind: 'set', value: p.accept(arg.value) };
    const n = numberOf(arg);
    if (n === undefined || !Number.isFinite(n)) throw new Error(`takes an int in ${p.min}–${p.max}; got ${arg.type}`);
    return { kind: 'set', value: p.accept(Math.trunc(n)) };
  }
  if (p instanceof BoundedParameter) {
    const n = numberOf(arg);
    if (n === undefined || !Number.isFinite(n)) throw new Error(`takes a number; got ${arg.type}`);
    if (oscMode(p) === 'absolute') return { kind: 'set', value: p.accept(n) };
    if (n < 0 || n > 1) throw new Error(`takes a normalized value 0–1 (the knob's range ${p.min}–${p.max} is mapped onto it); got ${n}`);
    const v = p.denormalize(n);
    return { kind: 'set', value: p.accept(v < p.min ? p.min : v > p.max ? p.max : v) };
  }
  throw new Error(`${p.kind} parameters cannot be set over OSC`);
}

/** The argument LX sends for a parameter's base value. */
export function outgoing(p: Parameter): OscArgInput {
  if (p instanceof ColorParameter) {
    const c = hsb(Math.fround(p.hue.getBaseValue()), Math.fround(p.saturation.getBaseValue()), Math.fround(p.brightness.getBaseValue()));
    return { type: 'color', value: { red: (c >>> 16) & 255, green: (c >>> 8) & 255, blue: c & 255, alpha: (c >>> 24) & 255 } };
  }
  if (p instanceof StringParameter) return { type: 'string', value: p.getString() };
  if (p instanceof BooleanParameter) return { type: 'integer', value: p.getBaseValue() > 0 ? 1 : 0 };
  if (p instanceof DiscreteParameter) return { type: 'integer', value: p.getBaseValue() };
  if (p instanceof BoundedParameter) return { type: 'float', value: oscMode(p) === 'absolute' ? p.getBaseValue() : p.getBaseNormalized() };
  const v = p.baseValue;
  return typeof v === 'number' ? { type: 'float', value: v } : { type: 'string', value: String(v) };
}
