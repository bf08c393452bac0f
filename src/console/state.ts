import type { History } from '../engine/commands/history.js';
import type { Component } from '../engine/component.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import { BooleanParameter } from '../engine/parameters/boolean.js';
import type { LightShow } from '../light/show/light-show.js';
import { Channel } from '../light/mixer/channel.js';
import type { AbstractChannel } from '../light/mixer/bus.js';
import { Group } from '../light/mixer/group.js';
import { Effect } from '../light/devices/effects/effect.js';
import type { Palette } from '../light/palette/palette.js';
import type { SnapshotEngine } from '../light/show/snapshots/snapshot-engine.js';
import { Pattern } from '../light/devices/patterns/pattern.js';
import { Placeholder } from '../light/component/placeholder.js';
import type { DeviceRegistry } from '../light/component/registry.js';
import type { CallRecord } from '../tools/invoke.js';
import { toHistoryMemory, toHistoryStep } from '../tools/core/history-payloads.js';
import { toComponentRef, toParameterPayload, toSnapshotPayload, toSwatchPayload } from '../tools/light/payloads.js';
import { clipBuses } from '../light/operations/clips.js';
import type {
  ActivityItem,
  ChannelState,
  ClipGridState,
  LightCueState,
  DeviceSummary,
  HistoryState,
  LibraryEntry,
  LightState,
  PaletteState,
  PanelState,
  ParameterPayload,
  SnapshotsState,
} from './protocol.js';

/** The one parameter serializer (the MCP payload's own). */
export function parameterPayload(p: Parameter): ParameterPayload {
  return toParameterPayload(p);
}

/** Every parameter a person may see on a component: not internal, not the label, not a color's sub-parameter. */
export function visibleParameters(c: Component): Parameter[] {
  const out: Parameter[] = [];
  for (const [key, p] of c.parameters) if (!p.internal && key !== 'label' && p.parent === null) out.push(p);
  return out;
}

/** Keys of momentary buttons (pressed, not set), which the payload shows as booleans. */
export function momentaryKeys(c: Component): string[] {
  const out: string[] = [];
  for (const [key, p] of c.parameters) if (p instanceof BooleanParameter && p.kind === 'boolean' && p.mode === 'momentary') out.push(key);
  return out;
}

function paramsByKey(c: Component, keys: readonly string[]): Record<string, ParameterPayload> {
  const out: Record<string, ParameterPayload> = {};
  for (const key of keys) {
    const p = c.parameters.get(key);
    if (p !== undefined) out[key] = parameterPayload(p);
  }
  return out;
}

function deviceSummary(d: Component, index: number, active?: boolean): DeviceSummary {
  const ref = toComponentRef(d);
  const out: { -readonly [K in keyof DeviceSummary]: DeviceSummary[K] } = { path: ref.path, id: ref.id, label: ref.label, index };
  if (ref.class !== undefined) out.class = ref.class;
  if (d instanceof Placeholder) out.unavailable = d.reason;
  const enabled = d.parameters.get('enabled');
  if (enabled !== undefined && typeof enabled.value === 'boolean') out.enabled = enabled.value;
  if (active !== undefined) out.active = active;
  if (d instanceof Effect && d.locked.isOn()) out.locked = true;
  if (d instanceof Pattern) out.effects = d.effects.items.map((e, i) => deviceSummary(e, i));
  return out;
}

const CHANNEL_KEYS = [
  'fader',
  'enabled',
  'blendMode',
  'crossfadeGroup',
  'cue',
  'aux',
  'compositeMode',
  'autoMute',
  'transitionEnabled',
  'transitionTimeSecs',
  'transitionBlendMode',
];

function channelState(bus: AbstractChannel): ChannelState {
  const ch = bus instanceof Channel ? bus : undefined;
  const active = ch?.activePattern;
  const out: { -readonly [K in keyof ChannelState]: ChannelState[K] } = {
    path: bus.path,
    id: bus.id,
    label: bus.label.getString(),
    index: bus.index,
    type: ch === undefined ? 'group' : 'channel',
    params: paramsByKey(bus, CHANNEL_KEYS),
    patterns: ch === undefined ? [] : ch.patterns.items.map((p, i) => deviceSummary(p, i, p === active)),
    effects: bus.effects.items.map((e, i) => deviceSummary(e, i)),
    autoMuted: bus.isAutoMuted,
  };
  if (active !== undefined) out.activePattern = active.id;
  if (ch?.group != null) out.group = ch.group.id;
  if (bus instanceof Group) out.members = bus.members.map((m) => m.id);
  return out;
}

/** A component as a panel: its visible parameters and one level of its child lists. */
function panelState(c: Component, depth = 1): PanelState {
  const ref = toComponentRef(c);
  const out: { -readonly [K in keyof PanelState]: PanelState[K] } = {
    path: ref.path,
    id: ref.id,
    label: ref.label,
    params: visibleParameters(c).map(parameterPayload),
    momentary: momentaryKeys(c),
    lists: depth > 0 ? [...c.arrays.entries()].map(([key, arr]) => ({ key, items: arr.items.map((i) => panelState(i, depth - 1)) })) : [],
  };
  if (ref.class !== undefined) out.class = ref.class;
  return out;
}

function paletteState(palette: Palette): PaletteState {
  const out: { -readonly [K in keyof PaletteState]: PaletteState[K] } = {
    ...panelState(palette, 0),
    live: toSwatchPayload(palette.swatch),
    swatches: palette.swatches.items.map(toSwatchPayload),
    transitioning: palette.transitioning,
  };
  const cursor = palette.autoCycleCursor.getValue();
  if (cursor >= 0 && cursor < palette.swatches.length) out.recalled = cursor;
  return out;
}

function snapshotsState(engine: SnapshotEngine): SnapshotsState {
  const out: { -readonly [K in keyof SnapshotsState]: SnapshotsState[K] } = {
    ...panelState(engine, 0),
    items: engine.snapshots.items.map(toSnapshotPayload),
    transitioning: engine.transitioning,
  };
  const cursor = engine.autoCycleCursor.getValue();
  if (cursor >= 0 && cursor < engine.snapshots.length) out.recalled = cursor;
  return out;
}

function library(registry: DeviceRegistry, kind: 'pattern' | 'effect'): LibraryEntry[] {
  return registry.list(kind).map((e) => {
    const out: { -readonly [K in keyof LibraryEntry]: LibraryEntry[K] } = { className: e.className, name: e.name, category: e.category };
    if (e.create === undefined) out.unavailable = e.unavailable ?? 'not implemented';
    return out;
  });
}

function clipGridState(light: LightShow, cues: { list(): readonly LightCueState[] } | undefined): ClipGridState {
  return {
    scenes: light.lx.clips.numScenes.getValue(),
    timeline: cues !== undefined,
    cues: cues?.list() ?? [],
    buses: clipBuses(light).map((b) => ({
      path: b.path,
      id: b.id,
      label: b.label.getString(),
      clips: b.clips.items.map((c) => ({
        slot: c.slot,
        id: c.id,
        label: c.label.getString(),
        running: c.running.isOn(),
        pending: c.launch.pending,
        loop: c.loop.isOn(),
        cursorMs: c.cursor,
        lengthMs: c.lengthMs,
        referenceBpm: c.referenceBpmValue(),
      })),
    })),
  };
}

/** The light show as the console shows it. Runs inside an engine-queue task. */
export function lightState(light: LightShow, cues?: { list(): readonly LightCueState[] }): LightState {
  const registry = light.registry;
  const lx = light.lx;
  const mixer = light.mixer;
  const out: { -readonly [K in keyof LightState]: LightState[K] } = {
    pointCount: light.structure.model.size,
    modelGeneration: light.structure.generation,
    mixer: { path: mixer.path, crossfader: parameterPayload(mixer.crossfader) },
    master: {
      path: mixer.master.path,
      id: mixer.master.id,
      params: paramsByKey(mixer.master, ['fader', 'previewMode']),
      effects: mixer.master.effects.items.map((e, i) => deviceSummary(e, i)),
    },
    channels: mixer.channels.items.map(channelState),
    engine: { path: lx.path, params: [parameterPayload(lx.speed), parameterPayload(lx.framesPerSecond)] },
    tempo: panelState(lx.tempo),
    palette: paletteState(lx.palette),
    snapshots: snapshotsState(lx.snapshots),
    clips: clipGridState(light, cues),
    library: { patterns: library(registry, 'pattern'), effects: library(registry, 'effect') },
  };
  if (light.projectPath !== undefined) out.projectPath = light.projectPath;
  return out;
}

export function historyState(history: History, limit = 50): HistoryState {
  return {
    steps: history.recent(limit).map(toHistoryStep),
    redo: history.redoable(limit).map(toHistoryStep),
    canUndo: history.canUndo,
    canRedo: history.canRedo,
    memory: toHistoryMemory(history),
  };
}

const MAX_ARGS_CHARS = 160;

/** Shortens a call's arguments for the feed: compact JSON, long strings and the whole cut. */
function shortArgs(args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(args, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 57)}…` : v)) ?? '';
  } catch {
    text = '(unprintable)';
  }
  if (text === '{}') return '';
  return text.length > MAX_ARGS_CHARS ? `${text.slice(0, MAX_ARGS_CHARS - 1)}…` : text;
}

export function activityItem(id: number, r: CallRecord): ActivityItem {
  const out: { -readonly [K in keyof ActivityItem]: ActivityItem[K] } = {
    id,
    at: new Date(r.at).toISOString(),
    tool: r.tool,
    surface: r.origin.surface,
    args: shortArgs(r.args),
    ok: r.ok,
    ms: Math.round(r.ms * 10) / 10,
  };
  if (r.origin.session !== undefined) out.session = r.origin.session;
  if (r.origin.client !== undefined) out.client = r.origin.client;
  if (r.error !== undefined) out.error = r.error;
  if (r.step !== undefined) out.step = r.step;
  return out;
}
