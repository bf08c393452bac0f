import { Component } from '../../engine/component.js';
import { invalidArgument } from '../../engine/errors.js';

/**
 * Runtime state: what a show carries from one frame to the next that its saved project does not
 * hold (a modulator's phase, a pattern's accumulators, a transition in progress), as plain JSON.
 * A class that keeps such state names the fields that hold it (`runtimeFields`); the show walks
 * its graph and encodes those fields with the rules below, and a show freshly opened from the
 * same project decodes them back into the same objects (docs/runtime-state.md).
 *
 * JSON cannot hold every number: NaN, ±Infinity and −0 are written as `{"$num": "NaN"}`. Typed
 * arrays are written as base64 of their bytes (`{"$typed": "Float32Array", "$b64": "…"}`): exact to
 * the bit, and 1.33 characters a byte where decimal text takes up to 24 characters a number.
 * A component or parameter a field refers to is written as its path and resolved in the show
 * that restores. Any other object is written field by field: its own `runtimeFields()` when it
 * has them, else every own field.
 */
export type RuntimeValue = null | boolean | number | string | RuntimeValue[] | { [key: string]: RuntimeValue };

/** An object whose fields carry state across frames: the names of those fields. */
interface RuntimeStateful {
  runtimeFields(): readonly string[];
}

/** Where a decoded reference is looked up: the show that restores. */
export interface RuntimeRefs {
  component(path: string): Component;
  parameter(path: string): object;
}

const TYPED = {
  Uint8Array,
  Int8Array,
  Uint16Array,
  Int16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
  Uint8ClampedArray,
} as const;
type TypedName = keyof typeof TYPED;
type Typed = InstanceType<(typeof TYPED)[TypedName]>;

function hasFields(v: object): v is RuntimeStateful {
  return typeof (v as Partial<RuntimeStateful>).runtimeFields === 'function';
}

function isParameterLike(v: object): v is { readonly path: string; readonly owner: unknown } {
  return 'owner' in v && 'baseValue' in v && typeof (v as { path?: unknown }).path === 'string';
}

/** The fields of `owner` to encode: its declared ones, or every own field of a plain state holder. */
function fieldsOf(owner: object): readonly string[] {
  return hasFields(owner) ? owner.runtimeFields() : Object.keys(owner);
}

/** Encodes the runtime fields of `owner` (where: a path for error messages). */
export function encodeFields(owner: object, where: string): { [key: string]: RuntimeValue } {
  const out: { [key: string]: RuntimeValue } = {};
  for (const key of fieldsOf(owner)) out[key] = encodeValue((owner as Record<string, unknown>)[key], `${where}.${key}`);
  return out;
}

function encodeValue(v: unknown, where: string): RuntimeValue {
  if (v === null || v === undefined) return v === null ? null : { $undefined: true };
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? v : { $num: String(Object.is(v, -0) ? '-0' : v) };
  if (ArrayBuffer.isView(v)) {
    const name = v.constructor.name as TypedName;
    if (!(name in TYPED)) throw new Error(`${where}: cannot encode a ${name}`);
    return { $typed: name, $b64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') };
  }
  if (Array.isArray(v)) return v.map((x, i) => encodeValue(x, `${where}[${i}]`));
  if (v instanceof Component) return { $component: v.path };
  if (typeof v === 'object') {
    if (isParameterLike(v)) return { $parameter: v.path };
    if (v instanceof Map || v instanceof Set) throw new Error(`${where}: cannot encode a ${v.constructor.name}`);
    return { $object: encodeFields(v, where) };
  }
  throw new Error(`${where}: cannot encode a ${typeof v}`);
}

function isRecord(v: RuntimeValue | undefined): v is { [key: string]: RuntimeValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Writes `state` (from `encodeFields` of the same class) into `owner`. Objects already in a field
 * are restored in place, so fields that are `readonly` references keep their identity; typed
 * arrays of the same type and length are copied into.
 */
export function restoreFields(owner: object, state: RuntimeValue, refs: RuntimeRefs, where: string): void {
  if (!isRecord(state)) throw invalidArgument(`runtime state of ${where}: not an object`);
  const target = owner as Record<string, unknown>;
  for (const key of fieldsOf(owner)) {
    if (!(key in state)) throw invalidArgument(`runtime state of ${where}: no ${key}`);
    const current = target[key];
    const next = decodeInto(current, state[key], refs, `${where}.${key}`);
    if (next !== current) target[key] = next;
  }
}

/** The decoded value for a field that holds `current` now: `current` itself when restored in place. */
function decodeInto(current: unknown, v: RuntimeValue, refs: RuntimeRefs, where: string): unknown {
  if (isRecord(v)) {
    if ('$undefined' in v) return undefined;
    if ('$num' in v) return Number(v.$num);
    if ('$typed' in v) {
      const Ctor = TYPED[v.$typed as TypedName];
      if (Ctor === undefined || typeof v.$b64 !== 'string') throw invalidArgument(`runtime state of ${where}: a bad typed array`);
      const bytes = Buffer.from(v.$b64, 'base64');
      if (bytes.byteLength % Ctor.BYTES_PER_ELEMENT !== 0) throw invalidArgument(`runtime state of ${where}: a bad typed array length`);
      const copy = new Ctor(bytes.byteLength / Ctor.BYTES_PER_ELEMENT);
      new Uint8Array(copy.buffer).set(bytes);
      if (current instanceof Ctor && (current as Typed).length === copy.length) {
        (current as Typed).set(copy as never);
        return current;
      }
      return copy;
    }
    if (typeof v.$component === 'string') return refs.component(v.$component);
    if (typeof v.$parameter === 'string') return refs.parameter(v.$parameter);
    if (isRecord(v.$object)) {
      if (typeof current === 'object' && current !== null && !Array.isArray(current)) {
        restoreFields(current, v.$object, refs, where);
        return current;
      }
      // A record the restoring show does not hold yet (an entry of a list that grew): a plain one.
      const made: Record<string, unknown> = {};
      for (const [key, x] of Object.entries(v.$object)) made[key] = decodeInto(undefined, x, refs, `${where}.${key}`);
      return made;
    }
    throw invalidArgument(`runtime state of ${where}: an object of unknown kind`);
  }
  if (Array.isArray(v)) {
    const items = Array.isArray(current) ? (current as unknown[]) : [];
    return v.map((x, i) => decodeInto(items[i], x, refs, `${where}[${i}]`));
  }
  return v;
}
