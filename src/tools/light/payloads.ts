import * as z from 'zod';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import { formatValue } from '../../engine/parameters/units.js';
import type { Component } from '../../engine/component.js';
import { hsb } from '../../light/color/lx-color.js';
import { oscAddressOf } from '../../light/osc-address.js';
import type { AbstractChannel } from '../../light/mixer/bus.js';
import { Channel } from '../../light/mixer/channel.js';
import type { Mixer } from '../../light/mixer/mixer.js';
import type { LXComponent } from '../../light/lx-component.js';
import { Placeholder } from '../../light/placeholder.js';

/** The one serializer of parameters: get_parameter, set_parameter, list_parameters and the console use it. */
export const ParameterPayload = z.strictObject({
  path: z.string().describe('Canonical path, e.g. /lx/mixer/channel/1/fader'),
  componentId: z.number().int().describe('Id of the owning component (stable across moves)'),
  key: z.string().describe('Key of the parameter within its component'),
  label: z.string(),
  description: z.string().optional(),
  kind: z.enum(['bounded', 'discrete', 'enum', 'boolean', 'trigger', 'color', 'string']),
  value: z.union([z.number(), z.string(), z.boolean()]).describe('Effective value (modulated, when modulation is wired). Colors: 0xAARRGGBB'),
  modulated: z.literal(true).optional().describe('Present when modulation rides on this parameter'),
  baseValue: z.union([z.number(), z.string(), z.boolean()]).optional().describe('The value set by hand, present only while modulated'),
  normalized: z.number().optional().describe('Effective value mapped to 0–1 through the knob curve'),
  baseNormalized: z.number().optional(),
  formatted: z.string().optional().describe('Display string, e.g. "45%"'),
  units: z.string().optional(),
  range: z.strictObject({ min: z.number(), max: z.number() }).optional(),
  exponent: z.number().optional(),
  polarity: z.literal('bipolar').optional(),
  options: z.array(z.string()).optional().describe('Valid option names, in index order (0-based)'),
  option: z.string().optional().describe('Name of the current option'),
  subParameters: z.array(z.string()).optional().describe('Paths to set a color through'),
  oscAddress: z.string(),
});
export type ParameterPayload = z.infer<typeof ParameterPayload>;

function colorHex(c: number): string {
  return `0x${c.toString(16).padStart(8, '0')}`;
}

export function toParameterPayload(p: Parameter): ParameterPayload {
  const out: ParameterPayload = {
    path: p.path,
    componentId: p.owner?.id ?? 0,
    key: p.key,
    label: p.label,
    kind: p.kind,
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

const PatternEntry = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  class: z.string(),
  index: z.number().int().describe('0-based position in the channel'),
  active: z.boolean(),
  enabled: z.boolean(),
  compositeLevel: z.number(),
  unavailable: z.string().optional().describe('Present for a saved pattern Footlight cannot run: why. It renders nothing and is saved back unchanged'),
});

export const ChannelPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  index: z.number().int().describe('0-based position in the mixer'),
  type: z.enum(['channel', 'group']),
  enabled: z.boolean(),
  fader: z.number(),
  blendMode: z.string(),
  patternMode: z.enum(['playlist', 'blend']),
  activePattern: z.strictObject({ path: z.string(), label: z.string(), index: z.number().int() }).optional(),
  patternCount: z.number().int(),
  effectCount: z.number().int(),
  autoMuted: z.boolean().describe('True while auto-mute skips the channel (fader at 0)'),
  patterns: z.array(PatternEntry).optional().describe('detail: full only'),
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
    .describe('detail: full only'),
});
export type ChannelPayload = z.infer<typeof ChannelPayload>;

export function toChannelPayload(bus: AbstractChannel, full: boolean): ChannelPayload {
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
    patternMode: ch !== undefined && ch.compositeMode.getValue() === 1 ? 'blend' : 'playlist',
    patternCount: ch?.patterns.length ?? 0,
    effectCount: bus.effects.length,
    autoMuted: bus.isAutoMuted,
  };
  if (active !== undefined) out.activePattern = { path: active.path, label: active.label.getString(), index: active.index };
  if (full && ch === undefined) {
    out.patterns = [];
    out.controls = {
      cue: bus.cue.isOn(),
      aux: bus.aux.isOn(),
      crossfadeGroup: bus.crossfadeGroup.option ?? '',
      autoMute: bus.autoMute.isOn(),
      transitionEnabled: false,
      transitionTimeSecs: 0,
      transitionBlendMode: '',
    };
  }
  if (full && ch !== undefined) {
    out.patterns = ch.patterns.items.map((p) => {
      const entry = { path: p.path, id: p.id, label: p.label.getString(), class: p.lxClass, index: p.index, active: p === active };
      return p instanceof Placeholder
        ? { ...entry, enabled: false, compositeLevel: 0, unavailable: p.reason }
        : { ...entry, enabled: p.enabled.isOn(), compositeLevel: p.compositeLevel.getValue() };
    });
    out.controls = {
      cue: ch.cue.isOn(),
      aux: ch.aux.isOn(),
      crossfadeGroup: ch.crossfadeGroup.option ?? '',
      autoMute: ch.autoMute.isOn(),
      transitionEnabled: ch.transitionEnabled.isOn(),
      transitionTimeSecs: ch.transitionTimeSecs.getValue(),
      transitionBlendMode: ch.transitionBlendMode.option ?? '',
    };
  }
  return out;
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
