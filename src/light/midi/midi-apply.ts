// What a MIDI message does to the mapped parameters, as LX 1.2.1's LXMidiMapping.Note and
// .ControlChange decide it, plus soft takeover (pickup) for knobs: a pure function from the
// mappings, the message and the parameters' current values to the writes to make. The caller
// makes the writes (through the tool path, so checks and history are those of every surface).

import type { MappedKind, MidiMapping, RelativeEncoding } from './midi-mapping.js';
import type { MidiMessage } from './midi-message.js';

/** What `applyMidi` needs to know of a mapped parameter, read at the moment the message arrives. */
export interface MappedParameter {
  readonly kind: MappedKind;
  /** The base value: a number in the parameter's units, or on/off for a boolean. */
  readonly value: number | boolean;
  /** The base value normalized 0–1 along the parameter's curve. */
  readonly normalized: number;
  /** Discrete parameters: the smallest and largest value. */
  readonly min: number;
  readonly max: number;
  normalize(value: number): number;
  denormalize(normalized: number): number;
}

/** One change to make: the parameter's new base value, as set_parameter takes it. */
interface MidiWrite {
  readonly path: string;
  readonly value: number | boolean;
}

/** A knob's normalized distance within which a control picks it up without crossing it. */
const PICKUP_WINDOW = 1 / 127;

/**
 * What the mappings remember between messages: each knob note mapping's toggle (LX's
 * toggleState) and, per CC mapping, the last position of the control and the value it last
 * wrote (soft takeover).
 */
export class MidiMappingState {
  readonly toggles = new Map<string, boolean>();
  readonly controls = new Map<string, { position: number; wrote?: number }>();

  /** Forgets everything (a project was opened). */
  clear(): void {
    this.toggles.clear();
    this.controls.clear();
  }
}

function keyOf(m: MidiMapping): string {
  return `${m.type}/${m.channel}/${m.number}/${m.path}`;
}

interface Applied {
  readonly writes: MidiWrite[];
  /** CC mappings that did not write because the control has not reached the parameter's value yet. */
  readonly waiting: string[];
}

/**
 * Applies one message to every mapping it matches (LX applies all matching mappings too).
 * `read` returns the mapped parameter, or undefined when the path no longer resolves (the
 * mapping is skipped). `random` serves the RANDOM note mode of discrete parameters.
 */
/** Whether mapping `m` listens to the control `msg` moved (its type, channel and number). */
export function mapsControl(m: MidiMapping, msg: Extract<MidiMessage, { kind: 'note' | 'cc' }>): boolean {
  return m.channel === msg.channel && m.number === msg.number && m.type === (msg.kind === 'note' ? 'NOTE' : 'CONTROL_CHANGE');
}

export function applyMidi(
  mappings: readonly MidiMapping[],
  msg: MidiMessage,
  state: MidiMappingState,
  read: (path: string) => MappedParameter | undefined,
  random: () => number = Math.random,
): Applied {
  const writes: MidiWrite[] = [];
  const waiting: string[] = [];
  if (msg.kind === 'other') return { writes, waiting };
  for (const m of mappings) {
    if (!mapsControl(m, msg)) continue;
    const p = read(m.path);
    if (p === undefined) continue;
    const w = msg.kind === 'note' ? noteWrite(m, p, msg.on, state, random) : ccWrite(m, p, msg.value / 127, state);
    if (w === 'waiting') waiting.push(m.path);
    else if (w !== undefined) writes.push({ path: m.path, value: w });
  }
  return { writes, waiting };
}

function noteWrite(m: MidiMapping, p: MappedParameter, on: boolean, state: MidiMappingState, random: () => number): number | boolean | undefined {
  if (p.kind === 'boolean') {
    if (!on) return m.mode === 'MOMENTARY' ? false : undefined;
    if (m.mode === 'TOGGLE') return !(p.value === true);
    return m.mode !== 'OFF';
  }
  if (p.kind === 'discrete') {
    if (!on) return undefined;
    const v = p.value as number;
    const span = p.max - p.min + 1;
    switch (m.discreteMode) {
      case 'INCREMENT':
        return p.min + ((v - p.min + 1) % span);
      case 'DECREMENT':
        return p.min + ((v - p.min - 1 + span) % span);
      case 'FIXED':
        return Math.min(p.max, Math.max(p.min, m.fixedValue ?? p.min));
      case 'RANDOM':
        return p.min + Math.min(span - 1, Math.floor(random() * span));
    }
  }
  const onValue = m.onValue ?? p.denormalize(1);
  const offValue = m.offValue ?? p.denormalize(0);
  const key = keyOf(m);
  if (on) state.toggles.set(key, !(state.toggles.get(key) ?? false));
  switch (m.mode) {
    case 'MOMENTARY':
      return on ? onValue : offValue;
    case 'TOGGLE':
      return on ? (state.toggles.get(key) ? onValue : offValue) : undefined;
    case 'ON':
      return on ? onValue : undefined;
    case 'OFF':
      return on ? offValue : undefined;
  }
}

/**
 * The CC value 0–127 that a CC mapping on a knob writes `p`'s base value with, or undefined when
 * the value lies outside the mapping's min…max (the control cannot reach it: feedback shows the
 * nearer end, see `feedbackMessage`). The mapping's scaling inverted: min above max inverts too.
 */
export function knobCcValue(m: MidiMapping, p: MappedParameter): number | undefined {
  const lo = m.minValue === undefined ? 0 : p.normalize(m.minValue);
  const hi = m.maxValue === undefined ? 1 : p.normalize(m.maxValue);
  const position = hi === lo ? 0 : (p.normalized - lo) / (hi - lo);
  if (!(position >= -1e-9 && position <= 1 + 1e-9)) return undefined;
  return Math.round(Math.min(1, Math.max(0, position)) * 127);
}

/** The steps a relative encoder's CC value means: positive up, negative down, 0 for none. */
function relativeSteps(encoding: RelativeEncoding, value: number): number {
  return encoding === 'offset' ? value - 64 : value < 64 ? value : value - 128;
}

/**
 * A relative encoder on a knob: each step moves the knob 1/127 of the mapping's span from where it
 * is, within the span; nothing to pick up, so it never jumps.
 */
function relativeWrite(encoding: RelativeEncoding, m: MidiMapping, p: MappedParameter, value: number): number | undefined {
  const steps = relativeSteps(encoding, value);
  const a = m.minValue === undefined ? 0 : p.normalize(m.minValue);
  const b = m.maxValue === undefined ? 1 : p.normalize(m.maxValue);
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const target = Math.min(hi, Math.max(lo, p.normalized + (steps * (b - a)) / 127));
  if (steps === 0 || target === p.normalized) return undefined;
  return p.denormalize(target);
}

function ccWrite(m: MidiMapping, p: MappedParameter, position: number, state: MidiMappingState): number | boolean | 'waiting' | undefined {
  if (p.kind === 'boolean') {
    const isOn = position >= (m.minValue ?? 0.5) && position <= (m.maxValue ?? 1);
    return isOn === (p.value === true) ? undefined : isOn;
  }
  if (p.kind === 'discrete') {
    let lo = m.minDiscrete ?? p.min;
    let hi = m.maxDiscrete ?? p.max;
    let n = position;
    if (lo > hi) {
      [lo, hi] = [hi, lo];
      n = 1 - n;
    }
    const v = Math.min(Math.floor(lo + (hi - lo + 1) * n), hi);
    return v === p.value ? undefined : v;
  }
  if (m.relative !== undefined) return relativeWrite(m.relative, m, p, Math.round(position * 127));
  const lo = m.minValue === undefined ? 0 : p.normalize(m.minValue);
  const hi = m.maxValue === undefined ? 1 : p.normalize(m.maxValue);
  const target = lo + (hi - lo) * position;
  const key = keyOf(m);
  const prev = state.controls.get(key);
  const current = p.normalized;
  // The CC the knob's own value is shown with (feedback): the control is on the knob, which keeps
  // its exact value. A device echoing feedback back, or a control set where feedback put it, writes nothing.
  if (knobCcValue(m, p) === Math.round(position * 127)) {
    state.controls.set(key, { position: target, wrote: current });
    return undefined;
  }
  // Soft takeover: the control drives the knob while the knob still holds what it last wrote; after
  // anything else changed the knob (an agent, a cue, the console), it waits until the control
  // crosses or meets the knob's value, so the value never jumps.
  const holding = prev?.wrote !== undefined && Math.abs(prev.wrote - current) <= 1e-6;
  const crossed = prev !== undefined && (prev.position - current) * (target - current) <= 0;
  if (!holding && !crossed && Math.abs(target - current) > PICKUP_WINDOW) {
    state.controls.set(key, { position: target });
    return 'waiting';
  }
  const value = p.denormalize(target);
  state.controls.set(key, { position: target, wrote: p.normalize(value) });
  return value;
}
