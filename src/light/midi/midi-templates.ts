// LX 1.2.1's MIDI templates (heronarts.lx.midi.template): a template stands for one controller
// model and turns its knobs, faders, pads and buttons into parameters of its own. LX saves each
// template in the MIDI engine's `templates` array as a component: id, class, internal, and
// parameters (label, `sourceDevice/…`, `destinationDevice/…` for two-way devices, then one value
// per control). Footlight keeps each saved object as the file wrote it, and adds one key LX does
// not have, `targets` (control key → a parameter path): LX would drive a target through a
// modulation from the template's parameter; Footlight drives it the way a MIDI mapping does.

import type { Command } from '../../engine/commands/command.js';
import type { Graph } from '../../engine/graph.js';
import { isLxObject } from '../component/lxp-types.js';
import type { LXMidiEngine } from './midi-engine.js';
import type { MidiMapping } from './midi-mapping.js';

/** One control of a template class: the MIDI it answers (as LX's class reads it) and its saved key. */
export interface TemplateControl {
  /** The parameter key LX saves the control's value under, e.g. `knob-1-1`. */
  readonly key: string;
  readonly kind: 'knob' | 'button';
  readonly type: 'NOTE' | 'CONTROL_CHANGE';
  /** 0-based channel; null: LX's class takes the control on any channel. */
  readonly channel: number | null;
  readonly number: number;
  /** Buttons: TOGGLE flips on each press; MOMENTARY is on while held. */
  readonly mode: 'TOGGLE' | 'MOMENTARY';
  /** The value LX starts the control at. */
  readonly initial: number | boolean;
}

/** A registered template class, in LX's registration order. */
interface TemplateClass {
  readonly className: string;
  /** LX's @Name. */
  readonly name: string;
  /** LX's @DeviceName: the input name LX looks for by default. */
  readonly deviceName: string;
  /** Sends back to the device (LX's Bidirectional): saves a destination device too. */
  readonly bidirectional: boolean;
  readonly controls: readonly TemplateControl[];
}

const knob = (key: string, type: TemplateControl['type'], channel: number | null, n: number): TemplateControl => ({
  key,
  kind: 'knob',
  type,
  channel,
  number: n,
  mode: 'TOGGLE',
  initial: 0,
});
const button = (key: string, type: TemplateControl['type'], channel: number | null, n: number, mode: TemplateControl['mode'], initial = false) => ({
  key,
  kind: 'button' as const,
  type,
  channel,
  number: n,
  mode,
  initial,
});

function midiMix(): TemplateControl[] {
  const out: TemplateControl[] = [];
  for (let i = 0; i < 24; i++) {
    const col = Math.floor(i / 3);
    const row = i % 3;
    out.push(knob(`knob-${col + 1}-${row + 1}`, 'CONTROL_CHANGE', null, col < 4 ? 16 + 4 * col + row : 46 + 4 * (col - 4) + row));
  }
  for (let i = 0; i < 9; i++) out.push(knob(`fader-${i + 1}`, 'CONTROL_CHANGE', null, i < 4 ? 19 + 4 * i : i < 8 ? 49 + 4 * (i - 4) : 62));
  for (const [name, first, initial] of [
    ['mute', 1, true],
    ['solo', 2, false],
    ['arm', 3, false],
  ] as const) {
    for (let i = 0; i < 8; i++) out.push(button(`${name}-${i + 1}`, 'NOTE', null, first + 3 * i, 'TOGGLE', initial));
  }
  return out;
}

function mpd218(): TemplateControl[] {
  const knobCCs = [3, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27];
  const out: TemplateControl[] = [];
  ['A', 'B', 'C'].forEach((bank, b) => {
    for (let i = 0; i < 16; i++) out.push(button(`pad-${bank}${i + 1}`, 'NOTE', null, 36 + 16 * b + i, 'MOMENTARY'));
    for (let i = 0; i < 6; i++) out.push(knob(`knob-${bank}${i + 1}`, 'CONTROL_CHANGE', null, knobCCs[6 * b + i]));
  });
  return out;
}

function twister(): TemplateControl[] {
  const out: TemplateControl[] = [];
  for (let i = 0; i < 16; i++) {
    out.push(knob(`knob-${i + 1}`, 'CONTROL_CHANGE', 0, i));
    out.push(button(`Switch-${i + 1}`, 'NOTE', 1, i, 'MOMENTARY'));
  }
  return out;
}

function launchkey(): TemplateControl[] {
  const buttons: [string, number][] = [
    ['capture', 74],
    ['quantise', 75],
    ['click', 76],
    ['undo', 77],
    ['play', 115],
    ['stop', 116],
    ['Rec', 117],
    ['loop', 118],
    ['up', 106],
    ['down', 107],
    ['right', 104],
    ['ssm', 105],
  ];
  const out: TemplateControl[] = buttons.map(([key, cc]) => button(key, 'CONTROL_CHANGE', 15, cc, 'MOMENTARY'));
  for (let i = 0; i < 8; i++) out.push(knob(`K${i + 1}`, 'CONTROL_CHANGE', 0, 21 + i));
  // LX's pad order on the device: note 36 + i is pad PAD_MAP[i] + 1.
  const padMap = [8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7];
  for (let p = 0; p < 16; p++) out.push(button(`P${p + 1}`, 'NOTE', 9, 36 + padMap.indexOf(p), 'MOMENTARY'));
  return out;
}

const PACKAGE = 'heronarts.lx.midi.template.';

/** LX 1.2.1's registered template classes (LXMidiEngine registers these four). */
export const TEMPLATE_CLASSES: readonly TemplateClass[] = [
  { className: `${PACKAGE}AkaiMidiMix`, name: 'Akai MIDIMIX', deviceName: 'MIDI Mix', bidirectional: true, controls: midiMix() },
  { className: `${PACKAGE}AkaiMPD218`, name: 'Akai MPD218', deviceName: 'MPD218', bidirectional: true, controls: mpd218() },
  {
    className: `${PACKAGE}DJTTMidiFighterTwister`,
    name: 'DJTT Midi Fighter Twister',
    deviceName: 'Midi Fighter Twister',
    bidirectional: true,
    controls: twister(),
  },
  {
    className: `${PACKAGE}NovationLaunchkeyMk337`,
    name: 'Novation Launchkey MK3 37',
    deviceName: 'Launchkey MK3 37 LKMK3 MIDI Out',
    bidirectional: false,
    controls: launchkey(),
  },
];

/** The class a name or short name stands for: `AkaiMidiMix`, the full LX class, or the template's name. */
export function templateClass(given: string): TemplateClass | undefined {
  const g = given.trim().toLowerCase();
  return TEMPLATE_CLASSES.find((c) => [c.className, c.className.slice(PACKAGE.length), c.name].some((n) => n.toLowerCase() === g));
}

/** A saved template, read: its class (undefined: not one LX 1.2.1 registers), input and targets. */
export interface MidiTemplateView {
  readonly className: string;
  readonly cls: TemplateClass | undefined;
  readonly label: string;
  /** `sourceDevice/name`: the input it listens to; null: every input. */
  readonly input: string | null;
  readonly targets: Readonly<Record<string, string>>;
}

export function readTemplate(json: Readonly<Record<string, unknown>>): MidiTemplateView {
  const className = typeof json.class === 'string' ? json.class : '';
  const params = isLxObject(json.parameters) ? json.parameters : {};
  const source = params['sourceDevice/name'];
  const targets: Record<string, string> = {};
  if (isLxObject(json.targets)) for (const [k, v] of Object.entries(json.targets)) if (typeof v === 'string') targets[k] = v;
  const cls = TEMPLATE_CLASSES.find((c) => c.className === className);
  return {
    className,
    cls,
    label: typeof params.label === 'string' ? params.label : (cls?.name ?? className),
    input: typeof source === 'string' ? source : null,
    targets,
  };
}

/** A new template in the shape LX 1.2.1 saves (LXComponent.save): its controls at their initial values. */
export function newTemplateJson(cls: TemplateClass, id: number, input: string | null): Record<string, unknown> {
  const parameters: Record<string, unknown> = { label: cls.name, 'sourceDevice/index': 0 };
  if (input !== null) parameters['sourceDevice/name'] = input;
  if (cls.bidirectional) {
    parameters['destinationDevice/index'] = 0;
    if (input !== null) parameters['destinationDevice/name'] = input;
  }
  for (const c of cls.controls) parameters[c.key] = c.initial;
  return {
    id,
    class: cls.className,
    internal: { modulationColor: 0, modulationControlsExpanded: true, modulationsExpanded: true },
    parameters,
    children: {},
  };
}

/**
 * The mappings the show's templates make for a message from `input` on `channel`: one per control
 * with a target, for templates listening to that input (or to every input). A control LX takes on
 * any channel answers the message's channel.
 */
export function templateMappings(templates: readonly Readonly<Record<string, unknown>>[], input: string | undefined, channel: number): MidiMapping[] {
  const out: MidiMapping[] = [];
  for (const json of templates) {
    const t = readTemplate(json);
    if (t.cls === undefined || (t.input !== null && t.input !== input)) continue;
    for (const c of t.cls.controls) {
      const path = t.targets[c.key];
      if (path === undefined) continue;
      out.push({ type: c.type, channel: c.channel ?? channel, number: c.number, path, mode: c.mode, discreteMode: 'INCREMENT' });
    }
  }
  return out;
}

/** Replaces the whole template list (add, remove, retarget); undo puts the previous list back. */
export class SetMidiTemplates implements Command {
  private previous: Record<string, unknown>[] = [];
  constructor(
    private readonly engineId: number,
    private readonly next: readonly Record<string, unknown>[],
    readonly label: string,
  ) {}

  perform(g: Graph): void {
    const midi = g.require(this.engineId) as LXMidiEngine;
    this.previous = [...midi.templates];
    midi.templates = [...this.next];
  }

  undo(g: Graph): void {
    (g.require(this.engineId) as LXMidiEngine).templates = this.previous;
  }
}
