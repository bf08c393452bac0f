// MIDI mappings and saved inputs of the light show (LX's LXMidiEngine at /lx/midi): add and remove
// mappings, set an input's flags, each one undo step; and the view of a parameter that applying a
// MIDI message needs.

import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import { displayText } from '../../engine/text.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import type { MappedParameter } from '../midi/midi-apply.js';
import { isLxObject } from '../component/lxp-types.js';
import { AddMidiMapping, RemoveMidiMapping, SetMidiInput, SetMidiSurface, type MidiInputSettings } from '../midi/midi-engine.js';
import { SURFACE_DRIVERS } from '../midi/midi-surfaces.js';
import { newMappingJson, type MappedKind, type MidiMapping, type MidiMappingType, type NoteMode, type RelativeEncoding } from '../midi/midi-mapping.js';
import type { LightShow } from '../show/light-show.js';
import { lightParameter } from '../show/paths.js';
import { checkIndex, plural } from './common.js';

/** How LX maps a parameter: booleans (triggers too), discrete (enums too) and knobs; others cannot be mapped. */
function kindOf(p: Parameter): MappedKind | undefined {
  if (p instanceof BooleanParameter) return 'boolean';
  if (p instanceof DiscreteParameter) return 'discrete';
  if (p instanceof BoundedParameter) return 'knob';
  return undefined;
}

/** A mapped parameter as `applyMidi` reads it, or undefined when the path resolves to nothing mappable. */
export function mappedParameter(show: LightShow, path: string): MappedParameter | undefined {
  let p: Parameter;
  try {
    p = lightParameter(show.lx, path);
  } catch {
    return undefined;
  }
  const kind = kindOf(p);
  if (kind === undefined) return undefined;
  const n = p as BooleanParameter | DiscreteParameter | BoundedParameter;
  return {
    kind,
    value: n instanceof BooleanParameter ? n.isOn() : n.getBaseValue(),
    normalized: n.getBaseNormalized(),
    min: n instanceof DiscreteParameter ? n.min : 0,
    max: n instanceof DiscreteParameter ? n.max : 1,
    normalize: (v) => n.normalize(v),
    denormalize: (v) => n.denormalize(v),
  };
}

interface AddMidiMappingOptions {
  readonly type: 'note' | 'cc';
  /** 1–16, as controllers label channels (saved 0-based, as LX does). */
  readonly channel: number;
  readonly number: number;
  readonly path: string;
  readonly mode?: 'toggle' | 'momentary' | 'on' | 'off';
  /** A CC from a relative (endless) encoder, on a knob. */
  readonly relative?: RelativeEncoding;
}

/** Adds a note or CC mapping to a parameter at the end of the list. Undoable. */
export function addMidiMapping(show: LightShow, options: AddMidiMappingOptions, origin: Origin): { index: number; json: Record<string, unknown> } {
  const midi = show.lx.midi;
  if (!Number.isInteger(options.channel) || options.channel < 1 || options.channel > 16)
    throw invalidArgument(`channel takes 1–16 (as controllers label them); got ${options.channel}`);
  if (!Number.isInteger(options.number) || options.number < 0 || options.number > 127)
    throw invalidArgument(`number takes the note or controller number 0–127; got ${options.number}`);
  const p = lightParameter(show.lx, options.path);
  const kind = kindOf(p);
  if (kind === undefined)
    throw invalidArgument(`${p.path} is a ${p.kind} parameter; MIDI maps knobs, switches, triggers and choices (bounded, discrete, enum, boolean, trigger)`);
  if (!p.mappable) throw invalidArgument(`${p.path} is not mappable (LX does not let controllers drive it)`);
  if (options.mode !== undefined && options.type === 'cc')
    throw invalidArgument('mode is for note mappings; a CC sets knobs absolutely and switches booleans on inside its upper half');
  if (options.mode !== undefined && kind === 'discrete')
    throw invalidArgument(`${p.path} is a choice: a note steps it to the next option (LX's INCREMENT); mode is for switches and knobs`);
  if (options.relative !== undefined && (options.type !== 'cc' || kind !== 'knob'))
    throw invalidArgument(
      `relative is for a CC from an endless encoder on a knob; ${p.path} ${kind === 'knob' ? 'is a knob but this is a note' : `is a ${kind}`}`,
    );
  const type: MidiMappingType = options.type === 'note' ? 'NOTE' : 'CONTROL_CHANGE';
  const channel = options.channel - 1;
  const dup = midi.usableMappings().find((m) => m.type === type && m.channel === channel && m.number === options.number && m.path === p.path);
  if (dup !== undefined) throw invalidArgument(`${options.type} ${options.number} on channel ${options.channel} is already mapped to ${p.path}`);
  const defaultMode: NoteMode = p instanceof BooleanParameter && p.mode === 'momentary' ? 'MOMENTARY' : 'TOGGLE';
  const mode = options.mode === undefined ? defaultMode : (options.mode.toUpperCase() as NoteMode);
  const n = p as BoundedParameter | DiscreteParameter | BooleanParameter;
  const json = newMappingJson({
    type,
    channel,
    number: options.number,
    path: p.path,
    componentId: p.owner!.id,
    key: p.key,
    kind,
    mode,
    rangeMin: n.denormalize(0),
    rangeMax: n.denormalize(1),
    ...(n instanceof DiscreteParameter ? { discreteMin: n.min, discreteMax: n.max } : {}),
    ...(options.relative === undefined ? {} : { relative: options.relative }),
  });
  const index = midi.mappings.length;
  const what = `${options.type === 'note' ? 'note' : 'CC'} ${options.number} → ${p.label}`;
  return show.engine.history.performVerified(new AddMidiMapping(midi.id, json, index, p, what), origin, () => {
    if (midi.mappings[index]?.json !== json) throw internal(`${midi.path}: the new mapping is not at index ${index}; the change was rolled back`);
    return { index, json };
  });
}

/** Removes the mapping at a 0-based index of list_midi_mappings. Undoable (it comes back at its index). */
export function removeMidiMapping(show: LightShow, index: number, origin: Origin): MidiMapping | string {
  const midi = show.lx.midi;
  const n = midi.mappings.length;
  if (n === 0) throw notFound('the show has no MIDI mappings');
  checkIndex(index, n - 1, `the show has ${plural(n, 'MIDI mapping')}`);
  const { json, mapping } = midi.mappings[index];
  const what = `${json.type === 'NOTE' ? `note ${json.pitch}` : `CC ${json.cc}`} → ${typeof mapping === 'string' ? json.path : mapping.path}`;
  return show.engine.history.performVerified(new RemoveMidiMapping(midi.id, index, what), origin, () => {
    if (midi.mappings.some((m) => m.json === json)) throw internal(`${midi.path}: the mapping is still there; the change was rolled back`);
    return mapping;
  });
}

/** Sets a saved input's flags (a new name is remembered, as LX remembers inputs not connected). Undoable. */
export function setMidiInput(
  show: LightShow,
  given: string,
  flags: { readonly channel?: boolean; readonly control?: boolean; readonly sync?: boolean },
  origin: Origin,
): { input: MidiInputSettings; changed: boolean } {
  const midi = show.lx.midi;
  if (given.trim().length === 0) throw invalidArgument('name is empty; give the MIDI device name as list_midi_inputs shows it');
  // Device names are shown in the console and to agents: displayable text, kept in NFC.
  const name = displayText(given, (reason) => {
    throw invalidArgument(`a MIDI input name ${reason}`);
  });
  const old = midi.inputs.find((i) => i.name === name);
  const input: MidiInputSettings = {
    name,
    channel: flags.channel ?? old?.channel ?? false,
    control: flags.control ?? old?.control ?? false,
    sync: flags.sync ?? old?.sync ?? false,
  };
  if (old !== undefined && old.channel === input.channel && old.control === input.control && old.sync === input.sync) return { input: old, changed: false };
  return show.engine.history.performVerified(new SetMidiInput(midi.id, input), origin, () => {
    if (midi.inputs.find((i) => i.name === name) !== input) throw internal(`${midi.path}: input ${name} did not take its flags; the change was rolled back`);
    return { input, changed: true };
  });
}

/**
 * Binds a control surface driver to a device name, or enables or disables the one saved for it
 * (LX's `.lxmidi` `surfaces`). A new binding starts enabled. Undoable; no change → changed false.
 */
export function setMidiSurface(
  show: LightShow,
  options: { readonly device: string; readonly driver?: string; readonly enabled?: boolean },
  origin: Origin,
): { index: number; changed: boolean } {
  const midi = show.lx.midi;
  if (options.device.trim().length === 0) throw invalidArgument('device is empty; give the MIDI device name as the console lists it');
  const device = displayText(options.device, (reason) => {
    throw invalidArgument(`a MIDI device name ${reason}`);
  });
  const info = options.driver === undefined ? undefined : SURFACE_DRIVERS.find((d) => d.id === options.driver || d.className === options.driver);
  if (options.driver !== undefined && info === undefined)
    throw invalidArgument(`no surface driver ${options.driver}; the drivers are ${SURFACE_DRIVERS.map((d) => d.id).join(', ')}`);
  const index = midi.surfaces.findIndex((s) => s.deviceName === device);
  const old = index < 0 ? undefined : midi.surfaceObjects[index];
  if (old === undefined && info === undefined) throw notFound(`no surface is bound to ${device}; give driver (${SURFACE_DRIVERS.map((d) => d.id).join(', ')})`);
  const now = index < 0 ? undefined : midi.surfaces[index];
  const className = info?.className ?? now!.className;
  const enabled = options.enabled ?? now?.enabled ?? true;
  if (now !== undefined && now.className === className && now.enabled === enabled) return { index, changed: false };
  const oldParams = old !== undefined && isLxObject(old.parameters) ? old.parameters : {};
  const label = info?.label ?? (typeof oldParams.label === 'string' ? oldParams.label : 'Surface');
  // A rebound class starts from LX's fresh object; the same class keeps what LX saved (settings, state) with the new flag.
  const json: Record<string, unknown> =
    old !== undefined && now!.className === className
      ? { ...old, parameters: { ...oldParams, enabled } }
      : { class: className, parameters: { label, enabled }, children: {}, name: device };
  const at = index < 0 ? midi.surfaces.length : index;
  return show.engine.history.performVerified(new SetMidiSurface(midi.id, at, json, index < 0, device), origin, () => {
    if (midi.surfaceObjects[at] !== json) throw internal(`${midi.path}: surface ${device} did not take its settings; the change was rolled back`);
    return { index: at, changed: true };
  });
}
