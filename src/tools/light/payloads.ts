import * as z from 'zod';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import { formatValue } from '../../engine/parameters/units.js';
import type { Component } from '../../engine/component.js';
import { hsb } from '../../light/color/lx-color.js';
import { oscAddressOf } from '../../light/modulation/osc-address.js';
import type { Effect } from '../../light/devices/effects/effect.js';
import type { AbstractChannel } from '../../light/mixer/bus.js';
import { Channel } from '../../light/mixer/channel.js';
import { Group } from '../../light/mixer/group.js';
import { MasterBus } from '../../light/mixer/master-bus.js';
import type { Pattern } from '../../light/devices/patterns/pattern.js';
import { PatternRack } from '../../light/devices/patterns/pattern-rack.js';
import { CompoundModulation } from '../../light/modulation/compound-modulation.js';
import { Modulator } from '../../light/modulation/modulator.js';
import type { TriggerModulation } from '../../light/modulation/trigger-modulation.js';
import type { Swatch } from '../../light/palette/swatch.js';
import type { Snapshot } from '../../light/show/snapshots/snapshot-engine.js';
import type { Fixture } from '../../light/structure/fixture.js';
import type { Structure } from '../../light/structure/structure.js';
import type { ViewDefinition } from '../../light/structure/view-definition.js';
import type { Mixer } from '../../light/mixer/mixer.js';
import type { LXComponent } from '../../light/component/lx-component.js';
import { Placeholder } from '../../light/component/placeholder.js';
import type { ComponentDoc } from '../../light/docs/component-docs.js';
import type { DeviceEntry } from '../../light/component/registry.js';
import type { FixtureParameterSpec, LxfParameter } from '../../light/model/index.js';
import { ParameterPayload } from './parameter-payload.js';

export { ParameterPayload };

function colorHex(c: number): string {
  return `0x${c.toString(16).padStart(8, '0')}`;
}

export function toParameterPayload(p: Parameter): ParameterPayload {
  const out: ParameterPayload = {
    path: p.path,
    componentId: p.owner?.id ?? 0,
    key: p.key,
    label: p.label,
    // A momentary button (tempo tap) is a trigger to every client, whatever class holds it.
    kind: p instanceof BooleanParameter && p.isPulse ? 'trigger' : p.kind,
    value: false,
    oscAddress: oscAddressOf(p),
  };
  if (p.description !== '') out.description = p.description;
  if (p instanceof ColorParameter) {
    out.value = colorHex(hsb(p.hue.getValuef(), p.saturation.getValuef(), p.brightness.getValuef()));
    out.subParameters = p.subEntries().map(([k]) => `${p.path}/${k}`);
    const modulated = p.hue.isModulated || p.saturation.isModulated || p.brightness.isModulated;
    if (modulated) {
      out.modulated = true;
      out.baseValue = colorHex(hsb(Math.fround(p.hue.getBaseValue()), Math.fround(p.saturation.getBaseValue()), Math.fround(p.brightness.getBaseValue())));
    }
    return out;
  }
  if (p instanceof NumericParameter) {
    if (p.modulatable) out.modulatable = true;
    out.value = p.value as number | boolean;
    out.normalized = p.getNormalized();
    if (p.isModulated) {
      out.modulated = true;
      out.baseValue = p.baseValue as number | boolean;
      out.baseNormalized = p.getBaseNormalized();
    }
    if (p.kind === 'bounded' || p.kind === 'discrete') out.formatted = formatValue(p.getValue(), p.units);
    if (p.units !== 'none') out.units = p.units;
    if (p.polarity === 'bipolar') out.polarity = 'bipolar';
    if (p instanceof BoundedParameter) {
      out.range = { min: p.min, max: p.max };
      if (p.exponent !== 1) out.exponent = p.exponent;
    }
    if (p instanceof DiscreteParameter) {
      out.range = { min: p.min, max: p.max };
      if (p.options !== null) {
        out.options = [...p.options];
        const option = p.option;
        if (option !== undefined) out.option = option;
      }
    }
    return out;
  }
  out.value = p.value;
  return out;
}

export const ComponentRefPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  class: z.string().optional(),
});
export type ComponentRefPayload = z.infer<typeof ComponentRefPayload>;

export function toComponentRef(c: Component): ComponentRefPayload {
  const out: ComponentRefPayload = { path: c.path, id: c.id, label: c.label.getString() };
  const lxClass = (c as Partial<LXComponent>).lxClass;
  if (lxClass !== undefined) out.class = lxClass;
  return out;
}

/** An effect in a chain: list_channels (full), get_channel and the effect tools. */
export const EffectPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  class: z.string(),
  index: z.number().int().describe('0-based position in its chain (effects run in order)'),
  enabled: z.boolean(),
  locked: z.boolean().describe('A locked effect cannot be removed (unlock it with set_parameter on .../locked)'),
  unavailable: z.string().optional().describe('Present for a saved effect Footlight cannot run: why. It does nothing and is saved back unchanged'),
});
export type EffectPayload = z.infer<typeof EffectPayload>;

export function toEffectPayload(e: Effect | Placeholder): EffectPayload {
  const entry = { path: e.path, id: e.id, label: e.label.getString(), class: e.lxClass, index: e.index };
  if (e instanceof Placeholder)
    return { ...entry, enabled: e.savedParameter('enabled') !== false, locked: e.savedParameter('locked') === true, unavailable: e.reason };
  return { ...entry, enabled: e.enabled.isOn(), locked: e.locked.isOn() };
}

/** A pattern of a channel: list_channels (full), get_channel and the pattern tools. */
export const PatternPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  class: z.string(),
  index: z.number().int().describe('0-based position in the channel'),
  active: z.boolean().describe('Playlist mode: the pattern shown now (false while a transition to it runs)'),
  enabled: z.boolean(),
  compositeLevel: z.number(),
  effects: z.array(EffectPayload).describe("The pattern's own effects, in order"),
  nestedPatterns: z.array(z.string()).optional().describe('A pattern rack: the paths of the patterns inside it (the pattern tools take them)'),
  unavailable: z.string().optional().describe('Present for a saved pattern Footlight cannot run: why. It renders nothing and is saved back unchanged'),
});
export type PatternPayload = z.infer<typeof PatternPayload>;

export function toPatternPayload(p: Pattern | Placeholder): PatternPayload {
  const host = p.parent instanceof Channel || p.parent instanceof PatternRack ? p.parent : undefined;
  const entry = {
    path: p.path,
    id: p.id,
    label: p.label.getString(),
    class: p.lxClass,
    index: p.index,
    active: host !== undefined && host.patternEngine.activePattern === p,
  };
  if (p instanceof Placeholder) return { ...entry, enabled: false, compositeLevel: 0, effects: [], unavailable: p.reason };
  const out: PatternPayload = {
    ...entry,
    enabled: p.enabled.isOn(),
    compositeLevel: p.compositeLevel.getValue(),
    effects: p.effects.items.map(toEffectPayload),
  };
  if (p instanceof PatternRack) out.nestedPatterns = p.patterns.items.map((n) => n.path);
  return out;
}

export const ChannelPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  index: z.number().int().describe('0-based position in the mixer (-1 for the master bus)'),
  type: z.enum(['channel', 'group', 'master']),
  enabled: z.boolean(),
  fader: z.number(),
  blendMode: z.string().optional().describe('Absent for the master bus'),
  patternMode: z.enum(['playlist', 'blend']).optional().describe('Channels only'),
  activePattern: z.strictObject({ path: z.string(), label: z.string(), index: z.number().int() }).optional(),
  patternCount: z.number().int(),
  effectCount: z.number().int(),
  autoMuted: z.boolean().describe('True while auto-mute skips the channel (fader at 0)'),
  group: z.strictObject({ path: z.string(), id: z.number().int() }).optional().describe('For a member of a group: the group'),
  memberCount: z.number().int().optional().describe('For a group: how many channels it holds (they follow it in the list)'),
  patterns: z.array(PatternPayload).optional().describe('detail: full only'),
  effects: z.array(EffectPayload).optional().describe("detail: full only: the bus's effect chain, in order"),
  controls: z
    .strictObject({
      cue: z.boolean(),
      aux: z.boolean(),
      crossfadeGroup: z.string(),
      autoMute: z.boolean(),
      transitionEnabled: z.boolean(),
      transitionTimeSecs: z.number(),
      transitionBlendMode: z.string(),
    })
    .optional()
    .describe('detail: full only (channels and groups)'),
});
export type ChannelPayload = z.infer<typeof ChannelPayload>;

/** One channel, group or the master bus; `full` adds patterns, effects and controls (list_channels, get_channel). */
export function toChannelPayload(bus: AbstractChannel | MasterBus, full: boolean): ChannelPayload {
  if (bus instanceof MasterBus) {
    const out: ChannelPayload = {
      path: bus.path,
      id: bus.id,
      label: bus.label.getString(),
      index: -1,
      type: 'master',
      enabled: true,
      fader: bus.fader.getValue(),
      patternCount: 0,
      effectCount: bus.effects.length,
      autoMuted: false,
    };
    if (full) {
      out.patterns = [];
      out.effects = bus.effects.items.map(toEffectPayload);
    }
    return out;
  }
  const ch = bus instanceof Channel ? bus : undefined;
  const active = ch?.activePattern;
  const out: ChannelPayload = {
    path: bus.path,
    id: bus.id,
    label: bus.label.getString(),
    index: bus.index,
    type: ch === undefined ? 'group' : 'channel',
    enabled: bus.enabled.isOn(),
    fader: bus.fader.getValue(),
    blendMode: bus.blendMode.option ?? '',
    patternCount: ch?.patterns.length ?? 0,
    effectCount: bus.effects.length,
    autoMuted: bus.isAutoMuted,
  };
  if (ch !== undefined) out.patternMode = ch.compositeMode.getValue() === 1 ? 'blend' : 'playlist';
  if (active !== undefined) out.activePattern = { path: active.path, label: active.label.getString(), index: active.index };
  if (ch !== undefined && ch.group !== null) out.group = { path: ch.group.path, id: ch.group.id };
  if (bus instanceof Group) out.memberCount = bus.members.length;
  if (full) {
    out.patterns = ch === undefined ? [] : ch.patterns.items.map(toPatternPayload);
    out.effects = bus.effects.items.map(toEffectPayload);
    out.controls = {
      cue: bus.cue.isOn(),
      aux: bus.aux.isOn(),
      crossfadeGroup: bus.crossfadeGroup.option ?? '',
      autoMute: bus.autoMute.isOn(),
      transitionEnabled: ch?.transitionEnabled.isOn() ?? false,
      transitionTimeSecs: ch?.transitionTimeSecs.getValue() ?? 0,
      transitionBlendMode: ch?.transitionBlendMode.option ?? '',
    };
  }
  return out;
}

/** A canonical path that changed in a structural edit: the component's id, where it was, where it is. */
const PathChangePayload = z.strictObject({ id: z.number().int(), before: z.string(), after: z.string() });
export const PathChangesPayload = z
  .array(PathChangePayload)
  .describe('Every canonical path that changed (moved siblings, nested devices, modulators and modulations included); update cached paths from it');

/** get_parameter and set_parameter: the running clips that set the parameter every frame. */
export const DrivenByPayload = z
  .array(z.string())
  .optional()
  .describe('Running clips whose lanes set it every frame: a value set by hand lasts until their next frame (stop_clip them to keep it)');

/** get_parameter and set_parameter: the light cues whose clips set the parameter each time the song reaches them. */
export const CueNotePayload = z
  .string()
  .optional()
  .describe('Light cues whose clip sets this value each time the song reaches them (a value set by hand lasts until then)');

interface CueDriver {
  readonly cue: { readonly beat: number; readonly marker?: string };
  readonly clip: { readonly path: string; readonly label: { getString(): string } };
}

/** The sentence that says which cues set a parameter again (docs/clips.md, "Undo"). */
function cueNote(drivers: readonly CueDriver[]): string {
  const each = drivers.map(({ cue, clip }) => {
    const at = cue.marker === undefined ? `beat ${cue.beat}` : `beat ${cue.beat} ("${cue.marker}")`;
    return `the light cue at ${at} launches clip "${clip.label.getString()}" (${clip.path}), whose lane sets this value each time it fires`;
  });
  const keep = 'change the lane (set_clip_lane) or the cue (place_light_cue) to keep it';
  return `${each.join('; ')}. A value set by hand lasts until the song next reaches the cue (on every loop wrap too); ${keep}.`;
}

export function withDrivers<T extends object>(
  payload: T,
  clips: readonly { path: string }[],
  cues: readonly CueDriver[] = [],
): T & { drivenBy?: string[]; cueNote?: string } {
  const out: T & { drivenBy?: string[]; cueNote?: string } = clips.length === 0 ? { ...payload } : { ...payload, drivenBy: clips.map((c) => c.path) };
  if (cues.length > 0) out.cueNote = cueNote(cues);
  return out;
}

/** What an add-style tool hands on: the new component's parameters by key, with their values now. */
export const ParameterValuesPayload = z
  .record(z.string(), z.union([z.number(), z.string(), z.boolean()]))
  .describe('Its parameters by key with their values now (set them at <path>/<key>; list_parameters gives ranges)');

export function toParameterValues(c: Component): Record<string, number | string | boolean> {
  const out: Record<string, number | string | boolean> = {};
  for (const p of c.parameters.values()) if (!p.internal) out[p.key] = toParameterPayload(p).value;
  return out;
}

/** A modulation or trigger mapping an edit dropped or could not carry along. */
export const WiringNotePayload = z.strictObject({
  kind: z.enum(['modulation', 'trigger']),
  path: z.string().describe("The wiring's path before the change"),
  scope: z.string().describe('The modulation engine it lives in'),
  sourcePath: z.string(),
  targetPath: z.string(),
});

/** What every remove_* returns first: the removed path, its kind and its id (undo brings the same id back). */
export const RemovedPayload = {
  removed: z.string().describe('Path the component had'),
  kind: z.string().describe('What was removed: channel, group, pattern, effect, modulator, modulation, fixture, view, swatch, color, snapshot'),
  id: z.number().int().describe('Its id; undo restores it with this id'),
};

/** What removing a pattern, effect, modulator, modulation or fixture returns: the removed component, the wiring removed with it, the paths that changed. */
export const RemovalPayload = z.strictObject({ ...RemovedPayload, removedWiring: z.array(WiringNotePayload), pathChanges: PathChangesPayload });
export type RemovalPayload = z.infer<typeof RemovalPayload>;

/** The one shaping of a removal's result (`kind` names what was removed). */
export function toRemovalPayload(
  kind: string,
  r: {
    readonly path: string;
    readonly id: number;
    readonly removedWiring: readonly RemovalPayload['removedWiring'][number][];
    readonly pathChanges: readonly RemovalPayload['pathChanges'][number][];
  },
): RemovalPayload {
  return { removed: r.path, kind, id: r.id, removedWiring: [...r.removedWiring], pathChanges: [...r.pathChanges] };
}

export const MixerPayload = z.strictObject({
  path: z.string(),
  crossfader: z.number(),
  master: z.strictObject({ path: z.string(), id: z.number().int(), fader: z.number(), previewMode: z.string() }),
});
export type MixerPayload = z.infer<typeof MixerPayload>;

export function toMixerPayload(m: Mixer): MixerPayload {
  return {
    path: m.path,
    crossfader: m.crossfader.getValue(),
    master: { path: m.master.path, id: m.master.id, fader: m.master.fader.getValue(), previewMode: m.master.previewMode.option ?? '' },
  };
}

/** One fixture of the structure: list_fixtures, get_fixture and the fixture tools. */
export const FixturePayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  class: z.string(),
  type: z.string().describe("Stock class name (Grid, Strip, Arc, Point, Spiral) or the JSON fixture's .lxf type"),
  index: z.number().int().describe('0-based position in the structure (points are numbered in fixture order)'),
  deactivated: z.boolean().describe('True when the fixture is left out of the model'),
  pointCount: z.number().int().describe('Points it contributes to the model (0 when deactivated)'),
  pointIndexRange: z
    .strictObject({ first: z.number().int(), last: z.number().int() })
    .optional()
    .describe('Its points in the frame buffer (get_frame, describe_model), inclusive; absent with no points'),
  geometry: z.strictObject({ x: z.number(), y: z.number(), z: z.number(), yaw: z.number(), pitch: z.number(), roll: z.number(), scale: z.number() }),
  tags: z.array(z.string()).describe('Model tags (what view selectors match)'),
  output: z
    .strictObject({
      enabled: z.boolean().describe('Whether the fixture sends (a new or duplicated fixture starts off)'),
      brightness: z.number(),
      protocol: z.enum(['none', 'artnet', 'sacn', 'opc', 'ddp', 'kinet', 'lxf']).describe('"lxf": a JSON fixture whose .lxf declares its outputs'),
      host: z.string().optional(),
      universe: z.number().int().optional().describe('Art-Net and sACN'),
      dmxChannel: z.number().int().optional().describe('Art-Net, sACN and KiNET: first channel, 0-based'),
      port: z.number().int().optional().describe('OPC port, KiNET output port'),
    })
    .describe('Network output summary (get_output_map has the packing)'),
  error: z.string().optional().describe('Why the fixture could not be built, when it could not'),
  parameters: z.array(ParameterPayload).optional().describe('detail: full only (get_fixture always)'),
  jsonParameters: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('JSON fixtures, detail full: values of the .lxf parameters (set with set_fixture_params)'),
});
export type FixturePayload = z.infer<typeof FixturePayload>;

function numberParam(f: Fixture, key: string, fallback: number): number {
  const v = f.parameters.get(key)?.baseValue;
  return typeof v === 'number' ? v : fallback;
}

function outputSummary(f: Fixture): FixturePayload['output'] {
  const base = { enabled: f.enabled.isOn(), brightness: f.brightness.getValue() };
  const o = f.output;
  if (o === undefined) return { ...base, protocol: 'lxf' };
  const protocol = o.protocolName;
  if (protocol === null) return { ...base, protocol: 'none' };
  const out: FixturePayload['output'] = { ...base, protocol, host: o.host.getString() };
  if (protocol === 'artnet' || protocol === 'sacn') {
    out.universe = o.artNetUniverse.getValue();
    out.dmxChannel = o.dmxChannel.getValue();
  } else if (protocol === 'kinet') {
    out.dmxChannel = o.dmxChannel.getValue();
    out.port = o.kinetPort.getValue();
  } else if (protocol === 'opc') {
    out.port = o.port.getValue();
  }
  return out;
}

export function toFixturePayload(f: Fixture, structure: Structure, full: boolean): FixturePayload {
  const range = structure.pointRanges.get(f);
  const count = range?.count ?? 0;
  let tags: readonly string[] = [];
  let error: string | undefined;
  const model = structure.model;
  if (range !== undefined && count > 0 && range.start < model.pointFixture.length) {
    tags = model.fixtures[model.pointFixture[range.start]]?.tags ?? [];
  } else {
    try {
      tags = f.geometry().tags;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
  }
  const out: FixturePayload = {
    path: f.path,
    id: f.id,
    label: f.label.getString(),
    class: f.lxClass,
    type: f.stock?.name ?? f.fixtureType?.getString() ?? '',
    index: f.index,
    deactivated: f.parameters.get('deactivate')?.baseValue === true,
    pointCount: count,
    geometry: {
      x: numberParam(f, 'x', 0),
      y: numberParam(f, 'y', 0),
      z: numberParam(f, 'z', 0),
      yaw: numberParam(f, 'yaw', 0),
      pitch: numberParam(f, 'pitch', 0),
      roll: numberParam(f, 'roll', 0),
      scale: numberParam(f, 'scale', 1),
    },
    tags: [...tags],
    output: outputSummary(f),
  };
  if (range !== undefined && count > 0) out.pointIndexRange = { first: range.start, last: range.start + count - 1 };
  if (error !== undefined) out.error = error;
  if (full) {
    out.parameters = [...f.parameters.values()].filter((p) => !p.internal).map(toParameterPayload);
    if (f.stock === undefined) out.jsonParameters = { ...f.jsonParameters };
  }
  return out;
}

/** A view definition: list_views and the view tools. */
export const ViewPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string().describe('The name channels and devices select it by (set .../view to this label)'),
  index: z.number().int().describe('0-based position in the view list'),
  enabled: z.boolean(),
  selector: z.string(),
  normalization: z.enum(['relative', 'absolute']),
  orientation: z.enum(['global', 'group']),
  priority: z.boolean().describe("Listed on devices' priority view selector"),
  pointCount: z.number().int().describe('Points the view selects now (0: its users render the whole model)'),
  fixtureCount: z.number().int(),
  groupCount: z.number().int(),
  error: z.string().optional().describe('Why the selector selects nothing, when it does not parse'),
  usedBy: z.array(z.string()).describe('Paths of the channel and device view selectors rendering this view'),
  cuePath: z.string().describe('Momentary button: hold (fire_trigger pulses) to preview the view in the cue output'),
});
export type ViewPayload = z.infer<typeof ViewPayload>;

export function toViewPayload(v: ViewDefinition, usedBy: readonly string[]): ViewPayload {
  const built = v.view;
  const out: ViewPayload = {
    path: v.path,
    id: v.id,
    label: v.label.getString(),
    index: v.index,
    enabled: v.enabled.isOn(),
    selector: v.selector.getString(),
    normalization: v.normalization.getValue() === 1 ? 'absolute' : 'relative',
    orientation: v.orientation.getValue() === 1 ? 'group' : 'global',
    priority: v.priority.isOn(),
    pointCount: built?.points.size ?? 0,
    fixtureCount: built?.numFixtures ?? 0,
    groupCount: built?.groups.length ?? 0,
    usedBy: [...usedBy],
    cuePath: v.cueActive.path,
  };
  if (v.error !== undefined) out.error = v.error;
  return out;
}

/** A class of the light library, as the list_available_* tools and get_component_doc report it. */
export const ComponentClassPayload = z.strictObject({
  class: z.string().describe('Full LX class name; add_* tools and get_component_doc take it (or the simple name or display name)'),
  name: z.string().describe("Display name, as the console's browser shows it"),
  category: z.string(),
  kind: z.enum(['pattern', 'effect', 'modulator']),
  documented: z.boolean().describe('A behaviour note exists: get_component_doc explains what it does'),
  available: z.boolean().describe('False for a class Footlight lists but cannot run here'),
  unavailableReason: z.string().optional().describe('Why the class cannot run here (present only when available is false)'),
  global: z.boolean().optional().describe('Modulators: may be added to the global modulation engine'),
  device: z.boolean().optional().describe('Modulators: may be added inside a pattern, effect or channel'),
});
export type ComponentClassPayload = z.infer<typeof ComponentClassPayload>;

export function toComponentClassPayload(entry: DeviceEntry, documented: boolean): ComponentClassPayload {
  const out: ComponentClassPayload = {
    class: entry.className,
    name: entry.name,
    category: entry.category,
    kind: entry.kind,
    documented,
    available: entry.create !== undefined,
  };
  if (entry.create === undefined) out.unavailableReason = entry.unavailable ?? 'Footlight has no implementation of this class';
  if (entry.kind === 'modulator') {
    out.global = entry.global ?? false;
    out.device = entry.device ?? false;
  }
  return out;
}

/** get_component_doc: a class, its behaviour note and whether the note still matches the code. */
export const ComponentDocPayload = z.strictObject({
  ...ComponentClassPayload.shape,
  summary: z.string().optional().describe('What it renders or computes (markdown); present when documented'),
  parameterInteractions: z.string().optional().describe('How its knobs combine, which are live or latched, what the extremes do (markdown)'),
  usageTips: z.string().optional().describe('When to pick it and common mistakes (markdown)'),
  parameterKeys: z.array(z.string()).optional().describe('Its parameter keys, in order'),
  freshness: z.strictObject({
    stale: z
      .union([z.boolean(), z.literal('unknown')])
      .describe('false: the note was reviewed against the code running now; true: the code changed since; "unknown": no pinned hash or no readable source'),
    sourceSha256: z.string().optional().describe('SHA-256 of the implementation the note was written against'),
    currentSha256: z.string().optional().describe('SHA-256 of the implementation running now'),
    implementation: z.string().optional().describe("The implementation's source file, relative to the repository"),
    dependsOn: z
      .array(z.string())
      .optional()
      .describe('Other modules the behaviour lives in (a shared engine, a base class); a change there also makes the note stale'),
    reviewed: z.string().optional().describe('Date the note was last reviewed against the code'),
    origin: z.enum(['builtin', 'overlay']).optional().describe("overlay: the operator's own note (FOOTLIGHT_HOME/components) replaced the built-in one"),
  }),
  instance: ComponentRefPayload.optional().describe('When asked by path or id: the live component the class was read from'),
});
export type ComponentDocPayload = z.infer<typeof ComponentDocPayload>;

export function toComponentDocPayload(doc: ComponentDoc, parameterKeys: readonly string[] | undefined, instance?: Component): ComponentDocPayload {
  const note = doc.note;
  const out: ComponentDocPayload = { ...toComponentClassPayload(doc.entry, note !== undefined), freshness: { stale: doc.stale } };
  if (note !== undefined) {
    out.summary = note.summary;
    out.parameterInteractions = note.parameterInteractions;
    out.usageTips = note.usageTips;
  }
  if (parameterKeys !== undefined) out.parameterKeys = [...parameterKeys];
  if (note !== undefined) {
    if (note.sourceSha256 !== undefined) out.freshness.sourceSha256 = note.sourceSha256;
  }
  if (doc.currentSha256 !== undefined) out.freshness.currentSha256 = doc.currentSha256;
  if (doc.implementation !== undefined) out.freshness.implementation = doc.implementation;
  if (doc.dependsOn !== undefined) out.freshness.dependsOn = [...doc.dependsOn.files];
  if (note?.reviewed !== undefined) out.freshness.reviewed = note.reviewed;
  if (doc.origin !== undefined) out.freshness.origin = doc.origin;
  if (instance !== undefined) out.instance = toComponentRef(instance);
  return out;
}

const Xyz = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

/** describe_model: one node of the model tree (its children nested when expanded). */
export const ModelNodePayload = z.strictObject({
  path: z.string().describe("Model node path (tag-index), e.g. /model/grid[0]/row[2]; pass it back as describe_model's path"),
  kind: z.enum(['root', 'fixture', 'submodel']),
  tags: z.array(z.string()).describe('Tags of the node; the first names it in paths'),
  size: z.number().int().describe('Points in the node'),
  pointIndexRange: z
    .strictObject({ first: z.number().int(), last: z.number().int() })
    .optional()
    .describe('Lowest and highest point index in the color buffer (0-based)'),
  contiguous: z.boolean().optional().describe('True when the node holds exactly the points first..last'),
  bounds: z.strictObject({ xMin: z.number(), xMax: z.number(), yMin: z.number(), yMax: z.number(), zMin: z.number(), zMax: z.number() }).optional(),
  center: Xyz.optional().describe('Halfway between the bounds'),
  childCount: z.number().int(),
  fixture: z
    .strictObject({ path: z.string(), id: z.number().int(), label: z.string() })
    .optional()
    .describe('Fixture nodes: the fixture component that makes them'),
  meta: z.record(z.string(), z.string()).optional().describe("The node's metadata, when it has any"),
  get children(): z.ZodOptional<z.ZodArray<typeof ModelNodePayload>> {
    return z.array(ModelNodePayload).optional().describe('Expanded children, in model order');
  },
  childrenOmitted: z.literal(true).optional().describe('The node has children that were left out: describe it by path to see them'),
});
export type ModelNodePayload = z.infer<typeof ModelNodePayload>;

/** A fixture parameter as list_available_fixtures describes it (stock classes and .lxf types alike). */
export const FixtureParameterInfoPayload = z.strictObject({
  key: z.string().describe('Name to pass in add_fixture / set_fixture_params `params`'),
  label: z.string(),
  kind: z.enum(['bounded', 'discrete', 'enum', 'string', 'boolean', 'float', 'int']),
  default: z.union([z.number(), z.string(), z.boolean()]),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.string()).optional(),
  description: z.string().optional(),
});
export type FixtureParameterInfoPayload = z.infer<typeof FixtureParameterInfoPayload>;

export function toFixtureParameterInfo(p: FixtureParameterSpec | LxfParameter): FixtureParameterInfoPayload {
  const spec = 'key' in p ? { key: p.key, kind: p.kind } : { key: p.name, kind: p.type };
  const out: FixtureParameterInfoPayload = { ...spec, label: p.label, default: p.default };
  if (p.min !== undefined) out.min = p.min;
  if (p.max !== undefined) out.max = p.max;
  if (p.options !== undefined) out.options = [...p.options];
  if (p.description !== undefined) out.description = p.description;
  return out;
}

export const FixtureClassPayload = z.strictObject({
  class: z.string().describe('Full LX class; add_fixture takes it or the name'),
  name: z.string(),
  defaultTags: z.array(z.string()).describe('Model tags a new fixture carries until its tags are set'),
  parameters: z.array(FixtureParameterInfoPayload).describe("The class's own parameters (commonParameters apply to every class as well)"),
});

export const JsonFixtureTypePayload = z.strictObject({
  type: z.string().describe("add_fixture's `type`: the file's path under Fixtures/ without .lxf"),
  label: z.string(),
  isVisible: z.boolean().describe('False when the file hides itself from the browser (usually a part of another fixture)'),
  parameters: z.array(FixtureParameterInfoPayload).describe('Parameters the file declares'),
});
/** A modulator of a modulation engine: the modulation tools and list_modulations. */
export const ModulatorPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  class: z.string(),
  index: z.number().int().describe('0-based position in its scope (its run order)'),
  scope: z.string().describe('The modulation engine it runs in'),
  running: z.boolean(),
  output: z.number().optional().describe('Its output now, 0–1 (what a modulation it drives reads): read it again to see it move'),
  mappingSource: z.boolean().describe('Whether it can be the source of wire_modulation (trigger-style modulators cannot: use wire_trigger with their outputs)'),
  triggerSource: z.string().optional().describe('Path of its trigger output, a wire_trigger source'),
  unavailable: z.string().optional().describe('Present for a saved modulator Footlight cannot run: why'),
  parameters: z.array(ParameterPayload).optional().describe('detail: full only'),
});
export type ModulatorPayload = z.infer<typeof ModulatorPayload>;

export function toModulatorPayload(m: Modulator | Placeholder, full: boolean): ModulatorPayload {
  const out: ModulatorPayload = {
    path: m.path,
    id: m.id,
    label: m.label.getString(),
    class: m.lxClass,
    index: m.index,
    scope: m.parent?.path ?? '',
    running: m instanceof Modulator ? m.isRunning() : false,
    mappingSource: m instanceof Modulator ? m.isMappingSource : false,
  };
  if (m instanceof Modulator) {
    out.output = m.getNormalized();
    const t = m.getTriggerSource();
    if (t !== null) out.triggerSource = t.path;
  } else {
    out.unavailable = m.reason;
  }
  if (full) out.parameters = [...m.parameters.values()].filter((p) => !p.internal).map(toParameterPayload);
  return out;
}

/** A compound modulation or a trigger mapping: the wiring tools and list_modulations. */
export const ModulationPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  kind: z.enum(['modulation', 'trigger']),
  title: z.string().describe('"source > target", as the console shows it'),
  scope: z.string().describe('The modulation engine it lives in'),
  sourcePath: z.string(),
  sourceId: z.number().int().describe("Id of the source modulator, or of the source parameter's component"),
  targetPath: z.string(),
  targetId: z.number().int().describe("Id of the target parameter's component"),
  enabled: z.boolean(),
  range: z.number().optional().describe('Modulations: the depth, −1–1 (0 does nothing)'),
  polarity: z.enum(['unipolar', 'bipolar']).optional().describe('Modulations'),
  mode: z.string().optional().describe('Trigger mappings between a toggle and anything: how the source drives the target'),
  rangePath: z.string().optional().describe('detail: full: set or modulate the depth here'),
  polarityPath: z.string().optional().describe('detail: full'),
  enabledPath: z.string().optional().describe('detail: full'),
  modePath: z.string().optional().describe('detail: full, trigger mappings with a mode'),
});
export type ModulationPayload = z.infer<typeof ModulationPayload>;

export function toModulationPayload(m: CompoundModulation | TriggerModulation, full: boolean): ModulationPayload {
  const src = m.source;
  const out: ModulationPayload = {
    path: m.path,
    id: m.id,
    kind: m instanceof CompoundModulation ? 'modulation' : 'trigger',
    title: m.title,
    scope: m.parent?.path ?? '',
    sourcePath: src.path,
    sourceId: (src instanceof Modulator ? src.id : src.owner?.id) ?? 0,
    targetPath: m.target.path,
    targetId: m.target.owner?.id ?? 0,
    enabled: m.enabled.isOn(),
  };
  if (m instanceof CompoundModulation) {
    out.range = m.range.getValue();
    out.polarity = m.polarity.getValue() === 1 ? 'bipolar' : 'unipolar';
    if (full) {
      out.rangePath = m.range.path;
      out.polarityPath = m.polarity.path;
    }
  } else {
    const mode = m.modeParameter;
    if (mode !== null) {
      out.mode = mode.constantName ?? '';
      if (full) out.modePath = mode.path;
    }
  }
  if (full) out.enabledPath = m.enabled.path;
  return out;
}

/** One stage of a multi-stage envelope. */
export const StagePayload = z.strictObject({
  index: z.number().int().describe('0-based; stages are addressed by position'),
  basis: z.number().describe('Where in the cycle, 0–1'),
  value: z.number().describe('Output value there, 0–1'),
  shape: z.number().describe('Curve exponent from the previous stage (1 = straight line)'),
  fixed: z.boolean().describe('The first and last stages: their basis is fixed and they cannot be removed'),
});

export function toStagePayloads(stages: readonly { basis: number; value: number; shape: number }[]): z.infer<typeof StagePayload>[] {
  return stages.map((s, i) => ({ index: i, basis: s.basis, value: s.value, shape: s.shape, fixed: i === 0 || i === stages.length - 1 }));
}
/** One color of a swatch. */
const SwatchColorPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  index: z.number().int().describe('0-based; palette-linked devices pick colors by 1-based slot'),
  mode: z.string().describe('Fixed, Oscillate or Cycle'),
  color: z.string().describe('The color now, 0xAARRGGBB (moves in Oscillate and Cycle modes)'),
  primaryPath: z.string().describe('Set the primary color through .../hue, .../saturation, .../brightness'),
  secondaryPath: z.string().describe('The color Oscillate mode blends to'),
});

/** The live swatch or a saved one: get_palette and the swatch tools. */
export const SwatchPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  index: z.number().int().describe('0-based position among the saved swatches (-1 for the live swatch)'),
  colors: z.array(SwatchColorPayload),
  recallPath: z.string().optional().describe('Saved swatches: the recall trigger (set_swatch is the undoable way)'),
  autoCycleEligible: z.boolean(),
});
export type SwatchPayload = z.infer<typeof SwatchPayload>;

export function toSwatchPayload(s: Swatch): SwatchPayload {
  const live = s.key !== 'swatches';
  const out: SwatchPayload = {
    path: s.path,
    id: s.id,
    label: s.label.getString(),
    index: live ? -1 : s.index,
    colors: s.colors.items.map((c) => ({
      path: c.path,
      id: c.id,
      index: c.index,
      mode: c.mode.option ?? '',
      color: colorHex(c.getColor() >>> 0),
      primaryPath: c.primary.path,
      secondaryPath: c.secondary.path,
    })),
    autoCycleEligible: s.autoCycleEligible.isOn(),
  };
  if (!live) out.recallPath = s.recall.path;
  return out;
}

/** A saved snapshot: list_snapshots and the snapshot tools. */
export const SnapshotPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  index: z.number().int().describe('0-based position (auto-cycle order)'),
  valueCount: z.number().int().describe('How many saved values it holds'),
  scopes: z.array(z.string()).describe("What it restores: MIXER, PATTERNS, EFFECTS, MASTER, MODULATION... (the engine's recall switches filter them)"),
  autoCycleEligible: z.boolean(),
  transitionTimeSecs: z.number().optional().describe('Its own transition time, when it has one'),
  recallPath: z.string().describe('The recall trigger (recall_snapshot is the undoable way)'),
});
export type SnapshotPayload = z.infer<typeof SnapshotPayload>;

export function toSnapshotPayload(s: Snapshot): SnapshotPayload {
  const scopes = [...new Set(s.views.map((v) => (typeof v.scope === 'string' ? v.scope : '')).filter((x) => x !== ''))];
  const out: SnapshotPayload = {
    path: s.path,
    id: s.id,
    label: s.label.getString(),
    index: s.index,
    valueCount: s.views.length,
    scopes,
    autoCycleEligible: s.autoCycleEligible.isOn(),
    recallPath: s.recall.path,
  };
  if (s.hasCustomTransitionTime.isOn()) out.transitionTimeSecs = s.transitionTimeSecs.getValue();
  return out;
}

/** The fields of a frame's summary (frame-view.ts `summarize`), shared by get_frame and preview_cue. */
export const FRAME_SUMMARY_FIELDS = {
  points: z.number().int(),
  litFraction: z.number(),
  nonBlackFraction: z.number(),
  meanBrightness: z.number(),
  dominantColors: z.array(z.strictObject({ hex: z.string(), fraction: z.number() })),
  grid: z.strictObject({ size: z.number().int(), cells: z.array(z.string()) }),
};
