// The light show's MIDI templates (LX's controller templates at /lx/midi/template/N): add one of
// LX's four classes, remove one, and point a template's control at a parameter. Each is one undo step.

import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import { displayText } from '../../engine/text.js';
import { newTemplateJson, readTemplate, SetMidiTemplates, TEMPLATE_CLASSES, templateClass, type MidiTemplateView } from '../midi/midi-templates.js';
import type { LightShow } from '../show/light-show.js';
import { lightParameter } from '../show/paths.js';
import { checkIndex, plural } from './common.js';
import { mappedParameter } from './midi.js';

function commit(show: LightShow, next: Record<string, unknown>[], label: string, origin: Origin): void {
  const midi = show.lx.midi;
  show.engine.history.performVerified(new SetMidiTemplates(midi.id, next, label), origin, () => {
    if (midi.templates.length !== next.length || midi.templates.some((t, i) => t !== next[i]))
      throw internal(`${midi.path}: the templates did not change as asked; the change was rolled back`);
  });
}

function templateAt(show: LightShow, index: number): Record<string, unknown> {
  const n = show.lx.midi.templates.length;
  if (n === 0) throw notFound('the show has no MIDI templates; add one with add_midi_template');
  checkIndex(index, n - 1, `the show has ${plural(n, 'MIDI template')}`);
  return show.lx.midi.templates[index];
}

/** Adds a template of an LX class at the end, listening to `input` (omitted: the class's device name; null: every input). Undoable. */
export function addMidiTemplate(
  show: LightShow,
  className: string,
  input: string | null | undefined,
  origin: Origin,
): { index: number; template: MidiTemplateView } {
  const cls = templateClass(className);
  if (cls === undefined)
    throw invalidArgument(
      `no MIDI template class ${JSON.stringify(className)}; LX 1.2.1 has ${TEMPLATE_CLASSES.map((c) => c.className.split('.').pop()).join(', ')}`,
    );
  let name: string | null = input === undefined ? cls.deviceName : input;
  if (name !== null) {
    if (name.trim().length === 0) throw invalidArgument('input is empty; give the MIDI device name as list_midi_inputs shows it, or null for every input');
    name = displayText(name, (reason) => {
      throw invalidArgument(`a MIDI input name ${reason}`);
    });
  }
  const json = newTemplateJson(cls, show.engine.graph.takeId(), name);
  const index = show.lx.midi.templates.length;
  commit(show, [...show.lx.midi.templates, json], `Add MIDI template ${cls.name}`, origin);
  return { index, template: readTemplate(json) };
}

/** Removes the template at a 0-based index; later ones move up. Undoable (it comes back at its index). */
export function removeMidiTemplate(show: LightShow, index: number, origin: Origin): MidiTemplateView {
  const json = templateAt(show, index);
  const t = readTemplate(json);
  commit(
    show,
    show.lx.midi.templates.filter((x) => x !== json),
    `Remove MIDI template ${t.label}`,
    origin,
  );
  return t;
}

/** Points one control of a template at a parameter (null: clears it). Undoable. */
export function setMidiTemplateTarget(show: LightShow, index: number, control: string, path: string | null, origin: Origin): MidiTemplateView {
  const json = templateAt(show, index);
  const t = readTemplate(json);
  if (t.cls === undefined) throw invalidArgument(`template ${index} is of class ${t.className}, which LX 1.2.1 does not register; it is kept as saved`);
  const c = t.cls.controls.find((x) => x.key === control);
  if (c === undefined) {
    const keys = t.cls.controls.map((x) => x.key);
    throw notFound(`${t.cls.name} has no control ${JSON.stringify(control)}; it has ${keys.slice(0, 6).join(', ')}, … (${keys.length}; list_midi_templates)`);
  }
  const targets: Record<string, string> = { ...t.targets };
  if (path === null) {
    if (targets[control] === undefined) return t;
    delete targets[control];
  } else {
    const p = lightParameter(show.lx, path);
    if (mappedParameter(show, p.path) === undefined)
      throw invalidArgument(`${p.path} is a ${p.kind} parameter; a template control drives knobs, switches, triggers and choices`);
    if (!p.mappable) throw invalidArgument(`${p.path} is not mappable (LX does not let controllers drive it)`);
    if (targets[control] === p.path) return t;
    targets[control] = p.path;
  }
  const next: Record<string, unknown> = { ...json, targets };
  if (Object.keys(targets).length === 0) delete next.targets;
  const templates = show.lx.midi.templates.map((x) => (x === json ? next : x));
  commit(show, templates, `Set MIDI template ${t.label} ${control} → ${path ?? 'nothing'}`, origin);
  return readTemplate(next);
}
