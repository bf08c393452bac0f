import type { Command } from '../../engine/commands/command.js';
import type { Component } from '../../engine/component.js';
import type { Graph } from '../../engine/graph.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { resolveParameter } from '../../engine/paths.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { LX_VERSION, LXComponent } from '../component/lx-component.js';
import { isLxObject, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { MidiMappingState } from './midi-apply.js';
import { readMapping, type MidiMapping } from './midi-mapping.js';

/** LX's saved MIDI input flags (LXMidiInput: `channel`, `control`, `sync`), by device name. */
export interface MidiInputSettings {
  readonly name: string;
  /** Notes and CCs reach channels and modulators (LX's "Channel"). */
  readonly channel: boolean;
  /** Messages drive the MIDI mappings (LX's "Control"). */
  readonly control: boolean;
  /** MIDI clock drives the tempo (LX's "Sync"). */
  readonly sync: boolean;
}

function rootOf(c: Component): Component {
  let r = c;
  while (r.parent !== null) r = r.parent;
  return r;
}

/** Device names remembered as heard: a page naming a new device per message cannot grow the list without end. */
const MAX_HEARD_DEVICES = 64;

/** A device heard since the show opened: its messages and when the last came (ISO 8601). */
interface HeardDevice {
  messages: number;
  last: string;
}

/** Counts of what the MIDI engine received since the show opened. */
interface MidiStats {
  received: number;
  /** Malformed messages dropped (running status, out-of-range bytes, wrong length). */
  dropped: number;
  /** Parameter writes the mappings made. */
  applied: number;
  /** CC messages held back by soft takeover. */
  waiting: number;
  /** Note-ons a keyboard played on the armed or selected sound tracks (src/midi/midi-keys.ts). */
  played: number;
  /** Note-ons that could not play: no sound track armed or selected, no instrument, no live audio. */
  unplayed: number;
}

/** The last control a MIDI message moved (a note or CC), and what it did: for `get_last_midi_control`. */
interface LastMidiControl {
  /** The device it came from (undefined: a surface that does not say). */
  readonly input: string | undefined;
  /** When it arrived (wall clock, ISO 8601). */
  readonly at: string;
  readonly kind: 'note' | 'cc';
  /** 0-based MIDI channel. */
  readonly channel: number;
  readonly number: number;
  /** The velocity (0 for a note off) or the CC's value, 0–127. */
  readonly value: number;
  /** Its input has Control off: mappings did not see it. */
  readonly ignored: boolean;
  /** Parameters mapped to this control (the mappings that match it, usable ones only). */
  readonly mapped: readonly string[];
  /** What it wrote, and the parameters soft takeover held back. */
  readonly writes: readonly { readonly path: string; readonly value: number | boolean }[];
  readonly waiting: readonly string[];
}

/**
 * LX's LXMidiEngine at `/lx/midi`. In the `.lxp` it saves its parameters (the computer MIDI
 * keyboard settings), `templates` (each kept as saved; see midi-templates.ts) and `mapping`,
 * the note and CC mappings, each kept as the file wrote it. Inputs and surfaces are not project
 * state in LX: it keeps them in the `.lxmidi` file of its media folder (`version`, `inputs`,
 * `surfaces`); `loadDevices`/`saveDevices` read and write that shape.
 */
export class LXMidiEngine extends LXComponent {
  readonly lxClass = 'heronarts.lx.midi.LXMidiEngine';
  readonly computerKeyboardEnabled = new BooleanParameter('Computer MIDI Keyboard', false, {
    mappable: false,
    description: 'Whether the computer keyboard plays notes to MIDI tracks (saved for LX)',
  });
  readonly computerKeyboardOctave = new DiscreteParameter('Computer MIDI Keyboard Octave', 5, 0, 10, {
    mappable: false,
    description: 'What octave the MIDI computer keyboard is in (saved for LX)',
  });
  readonly computerKeyboardVelocity = new DiscreteParameter('Computer MIDI Keyboard Velocity', 5, 0, 6, {
    mappable: false,
    options: ['1', '20', '40', '60', '80', '100', '127'],
    description: 'What velocity the MIDI computer keyboard uses (saved for LX)',
  });
  readonly computerKeyboardChannel = new DiscreteParameter('Computer MIDI Keyboard Channel', 0, 0, 15, {
    mappable: false,
    description: 'What channel the MIDI computer keyboard uses, 0-based (saved for LX)',
  });
  private mappingJson: Record<string, unknown>[] = [];
  /**
   * The parameter each mapping drives, as LX holds it: a mapping follows its parameter when a
   * channel or device moves, and goes inactive (not saved, as LX removes it) while the parameter's
   * component is removed; undo of the removal brings it back. A mapping whose path never resolved
   * has no entry and is saved as the file wrote it.
   */
  private readonly refs = new WeakMap<object, Parameter>();
  /** The MIDI templates, each the object the file saved (src/light/midi/midi-templates.ts reads them). */
  templates: Record<string, unknown>[] = [];
  private inputList: MidiInputSettings[] = [];
  private surfaceJson: Record<string, unknown>[] = [];
  /** Toggle states and soft-takeover positions of the mappings. */
  readonly mappingState = new MidiMappingState();
  readonly stats: MidiStats = { received: 0, dropped: 0, applied: 0, waiting: 0, played: 0, unplayed: 0 };
  /** Not saved: the devices heard since the show opened (at most MAX_HEARD_DEVICES), by name. */
  readonly heard = new Map<string, HeardDevice>();
  /** Not saved: when a message last arrived from each device a surface is bound to (ISO 8601), written by src/midi/surfaces. */
  readonly surfaceSeen = new Map<string, string>();
  /** Not saved: what the last note or CC did since the show opened. */
  lastControl: LastMidiControl | undefined;
  /** Whether the opened project had a MIDI engine object (LX always writes one; older Footlight files do not). */
  private fromFile = false;

  constructor() {
    super('LX');
    this.addParameter('computerKeyboardEnabled', this.computerKeyboardEnabled);
    this.addParameter('computerKeyboardOctave', this.computerKeyboardOctave);
    this.addParameter('computerKeyboardVelocity', this.computerKeyboardVelocity);
    this.addParameter('computerKeyboardChannel', this.computerKeyboardChannel);
  }
  /** Counts a message from `device` (see `heard`). */
  hear(device: string): void {
    const last = new Date().toISOString();
    const seen = this.heard.get(device);
    if (seen !== undefined) {
      seen.messages++;
      seen.last = last;
    } else if (this.heard.size < MAX_HEARD_DEVICES) this.heard.set(device, { messages: 1, last });
  }

  /** The mapped parameter, while it is part of the show; null when its component was removed; undefined when it never resolved. */
  private target(json: object): Parameter | null | undefined {
    const p = this.refs.get(json);
    if (p === undefined) return undefined;
    return p.owner !== null && rootOf(p.owner) === rootOf(this) ? p : null;
  }

  /** A mapping as it is now: its parameter's current path and owner id. */
  private current(json: Record<string, unknown>): Record<string, unknown> {
    const p = this.target(json);
    return p ? { ...json, path: p.path, componentId: p.owner!.id } : json;
  }

  /** The mappings, in file order, each read (or why it cannot be used). */
  get mappings(): readonly { readonly json: Readonly<Record<string, unknown>>; readonly mapping: MidiMapping | string }[] {
    return this.mappingJson.map((json) => {
      const read = readMapping(this.current(json));
      const problem = this.target(json) === null ? "its parameter's component was removed" : undefined;
      return { json, mapping: problem ?? read };
    });
  }

  /** The usable mappings (what a message is applied to). */
  usableMappings(): MidiMapping[] {
    const out: MidiMapping[] = [];
    for (const json of this.mappingJson) {
      if (this.target(json) === null) continue;
      const m = readMapping(this.current(json));
      if (typeof m !== 'string') out.push(m);
    }
    return out;
  }

  get inputs(): readonly MidiInputSettings[] {
    return this.inputList;
  }

  /** The remembered control surfaces: LX class, device name, enabled (LX saves only enabled or remembered ones). */
  get surfaces(): readonly { readonly className: string; readonly deviceName: string; readonly enabled: boolean }[] {
    return this.surfaceJson.map((s) => {
      const params = isLxObject(s.parameters) ? s.parameters : {};
      return {
        className: typeof s.class === 'string' ? s.class : '',
        deviceName: typeof s.name === 'string' ? s.name : '',
        enabled: params.enabled !== false,
      };
    });
  }

  /** Inserts a saved mapping object, bound to its parameter when given (undo: `removeMappingAt`). */
  insertMapping(json: Record<string, unknown>, index: number, parameter?: Parameter): void {
    if (parameter !== undefined) this.refs.set(json, parameter);
    this.mappingJson.splice(index, 0, json);
  }

  removeMappingAt(index: number): Record<string, unknown> {
    const [json] = this.mappingJson.splice(index, 1);
    return json;
  }

  /** Sets one input's flags; null removes it. Returns what it replaced (null: it was new). */
  putInput(name: string, settings: MidiInputSettings | null, index?: number): { previous: MidiInputSettings | null; index: number } {
    const at = this.inputList.findIndex((i) => i.name === name);
    const previous = at < 0 ? null : this.inputList[at];
    if (settings === null) {
      if (at >= 0) this.inputList.splice(at, 1);
    } else if (at >= 0) this.inputList[at] = settings;
    else this.inputList.splice(index ?? this.inputList.length, 0, settings);
    return { previous, index: at < 0 ? this.inputList.length - 1 : at };
  }

  /** Puts one saved surface (LX's object) at `index` (default: the end), or replaces the one there; null removes it. Returns what was there. */
  putSurface(index: number, json: Record<string, unknown> | null, insert: boolean): Record<string, unknown> | null {
    if (insert) {
      if (json !== null) this.surfaceJson.splice(index, 0, json);
      return null;
    }
    const previous = this.surfaceJson[index] ?? null;
    if (json === null) this.surfaceJson.splice(index, 1);
    else this.surfaceJson[index] = json;
    return previous;
  }

  /** The saved surface objects as LX wrote them (read-only view). */
  get surfaceObjects(): readonly Readonly<Record<string, unknown>>[] {
    return this.surfaceJson;
  }

  /** Reads LX's `.lxmidi` device settings: inputs (name and flags) and surfaces (kept as saved). */
  loadDevices(obj: unknown): void {
    this.inputList = [];
    this.surfaceJson = [];
    if (!isLxObject(obj)) return;
    if (Array.isArray(obj.inputs)) {
      for (const i of obj.inputs) {
        if (!isLxObject(i) || typeof i.name !== 'string') continue;
        this.inputList.push({ name: i.name, channel: i.channel === true, control: i.control === true, sync: i.sync === true });
      }
    }
    if (Array.isArray(obj.surfaces)) for (const s of obj.surfaces) if (isLxObject(s) && typeof s.class === 'string') this.surfaceJson.push(s);
  }

  /** The `.lxmidi` object LX writes (LXMidiEngine.saveDevices): version, inputs, surfaces. */
  saveDevices(): Record<string, unknown> {
    return {
      version: LX_VERSION,
      inputs: this.inputList.map((i) => ({ name: i.name, channel: i.channel, control: i.control, sync: i.sync })),
      surfaces: this.surfaceJson,
    };
  }

  /**
   * Whether the project needs this object saved: it came from the file or holds something. A
   * project without one and without mappings is saved as it was, without it.
   */
  get worthSaving(): boolean {
    const keyboard = [this.computerKeyboardEnabled, this.computerKeyboardOctave, this.computerKeyboardVelocity, this.computerKeyboardChannel];
    return this.fromFile || this.mappingJson.length > 0 || this.templates.length > 0 || keyboard.some((p) => p.getBaseValue() !== p.defaultValue);
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['templates', 'mapping'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.templates = this.templates;
    obj.mapping = this.mappingJson.filter((json) => this.target(json) !== null).map((json) => this.current(json));
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    this.fromFile = true;
    this.mappingState.clear();
    this.templates = [];
    if (Array.isArray(obj.templates)) {
      obj.templates.forEach((t, i) => {
        if (isLxObject(t)) this.templates.push(t);
        else ctx.warn('not an object; this MIDI template was dropped', { obj: obj.templates as object, key: i });
      });
    }
    this.mappingJson = [];
    if (obj.mapping === undefined) return;
    if (!Array.isArray(obj.mapping)) {
      ctx.warn('not an array; the MIDI mappings were not loaded', { obj, key: 'mapping' });
      return;
    }
    obj.mapping.forEach((m, i) => {
      if (!isLxObject(m)) {
        ctx.warn('not an object; this MIDI mapping was dropped', { obj: obj.mapping as object, key: i });
        return;
      }
      const read = readMapping(m);
      if (typeof read === 'string') ctx.warn(`${read}; the MIDI mapping is kept but inactive`, { obj: obj.mapping as object, key: i });
      this.mappingJson.push(m);
    });
    // Bind each mapping to its parameter once the whole project is built (LX: path first, then component id and key).
    ctx.defer(() => {
      const root = rootOf(this);
      for (const json of this.mappingJson) {
        const p = this.bind(root, json, ctx);
        if (p !== undefined) this.refs.set(json, p);
      }
    });
  }

  private bind(root: Component, json: Record<string, unknown>, ctx: LoadContext): Parameter | undefined {
    if (typeof json.path === 'string') {
      try {
        return resolveParameter(root, json.path);
      } catch {
        // fall through to the component id
      }
    }
    const owner = typeof json.componentId === 'number' ? ctx.ids.get(json.componentId) : undefined;
    return typeof json.parameterPath === 'string' ? owner?.parameters.get(json.parameterPath) : undefined;
  }
}

/** Adds a mapping at an index of the list; undo removes it. */
export class AddMidiMapping implements Command {
  readonly label: string;
  constructor(
    private readonly engineId: number,
    private readonly json: Record<string, unknown>,
    private readonly index: number,
    private readonly parameter: Parameter,
    what: string,
  ) {
    this.label = `Add MIDI mapping ${what}`;
  }

  perform(g: Graph): void {
    (g.require(this.engineId) as LXMidiEngine).insertMapping(this.json, this.index, this.parameter);
  }

  undo(g: Graph): void {
    (g.require(this.engineId) as LXMidiEngine).removeMappingAt(this.index);
  }
}

/** Removes the mapping at an index; undo puts the same saved object back there. */
export class RemoveMidiMapping implements Command {
  readonly label: string;
  private json: Record<string, unknown> | null = null;
  constructor(
    private readonly engineId: number,
    private readonly index: number,
    what: string,
  ) {
    this.label = `Remove MIDI mapping ${what}`;
  }

  perform(g: Graph): void {
    this.json = (g.require(this.engineId) as LXMidiEngine).removeMappingAt(this.index);
  }

  undo(g: Graph): void {
    (g.require(this.engineId) as LXMidiEngine).insertMapping(this.json!, this.index);
  }
}

/** Sets one saved surface object (a new one is added at the end); undo restores the old object or removes the new one. */
export class SetMidiSurface implements Command {
  readonly label: string;
  private previous: Record<string, unknown> | null = null;
  constructor(
    private readonly engineId: number,
    private readonly index: number,
    private readonly json: Record<string, unknown>,
    private readonly isNew: boolean,
    what: string,
  ) {
    this.label = `Set MIDI surface ${what}`;
  }

  perform(g: Graph): void {
    this.previous = (g.require(this.engineId) as LXMidiEngine).putSurface(this.index, this.json, this.isNew);
  }

  undo(g: Graph): void {
    const e = g.require(this.engineId) as LXMidiEngine;
    if (this.isNew) e.putSurface(this.index, null, false);
    else e.putSurface(this.index, this.previous, false);
  }
}

/** Sets one input's flags (adding the input when it is new); undo restores or removes it. */
export class SetMidiInput implements Command {
  readonly label: string;
  private previous: MidiInputSettings | null = null;
  private index = 0;
  constructor(
    private readonly engineId: number,
    private readonly settings: MidiInputSettings,
  ) {
    this.label = `Set MIDI input ${settings.name}`;
  }

  perform(g: Graph): void {
    const r = (g.require(this.engineId) as LXMidiEngine).putInput(this.settings.name, this.settings);
    this.previous = r.previous;
    this.index = r.index;
  }

  undo(g: Graph): void {
    (g.require(this.engineId) as LXMidiEngine).putInput(this.settings.name, this.previous, this.index);
  }
}
