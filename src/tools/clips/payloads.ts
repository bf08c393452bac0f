import * as z from 'zod';
import type { Clip } from '../../light/clips/clip.js';
import { type AnyLane, ParameterLane, PatternLane } from '../../light/clips/lanes.js';
import { PathOrId, asTarget } from '../light/inputs.js';

/** A time as both units: milliseconds and beats at the clip's reference BPM. */
export const TimePayload = z.strictObject({ ms: z.number(), beats: z.number() });
export type TimePayload = z.infer<typeof TimePayload>;

export function toTime(ms: number, bpm: number): TimePayload {
  return { ms, beats: (ms * bpm) / 60000 };
}

/** A time input: ms or beats (at the clip's reference BPM). */
export const TimeInput = z.strictObject({
  ms: z.number().optional().describe('Milliseconds'),
  beats: z.number().optional().describe("Beats at the clip's reference BPM"),
});

export const SlotInput = {
  bus: PathOrId.describe('Bus path or id: /lx/mixer/channel/N or /lx/mixer/master'),
  slot: z.number().int().describe('Clip slot = scene, 0-based'),
};

export function slotTarget(args: { bus: string | number; slot: number }) {
  return { bus: asTarget(args.bus), slot: args.slot };
}

export const LanePayload = z.strictObject({
  index: z.number().int(),
  type: z.enum(['parameter', 'pattern', 'midiNote']),
  interpolation: z.string().optional(),
  target: z.string().optional(),
  events: z.number().int(),
});
export type LanePayload = z.infer<typeof LanePayload>;

export function toLanePayload(lane: AnyLane): LanePayload {
  const out: LanePayload = { index: lane.index, type: lane.laneType, events: lane.events.length };
  if (lane instanceof ParameterLane) {
    out.interpolation = lane.interpolation;
    out.target = lane.target?.path ?? `${lane.relativePath().startsWith('/lx/') ? '' : lane.clip.bus.path}${lane.relativePath()} (missing)`;
  } else if (lane instanceof PatternLane) out.target = lane.clip.bus.path;
  return out;
}

export const ClipPayload = z.strictObject({
  bus: z.string(),
  slot: z.number().int(),
  id: z.number().int(),
  label: z.string(),
  running: z.boolean(),
  pending: z.boolean().describe('Launch waiting for the quantization boundary'),
  recording: z.boolean(),
  timeBase: z.string(),
  referenceBpm: z.number(),
  loop: z.boolean(),
  automationEnabled: z.boolean(),
  cursor: TimePayload,
  length: TimePayload,
  loopStart: TimePayload,
  loopLength: TimePayload,
  playStart: TimePayload,
  playEnd: TimePayload,
  lanes: z.array(LanePayload),
});
export type ClipPayload = z.infer<typeof ClipPayload>;

/** A clip in list_clips' summary: enough to pick and launch it; the rest is one detail:"full" away. */
export const ClipSummaryPayload = z.strictObject({
  slot: z.number().int(),
  id: z.number().int(),
  label: z.string(),
  running: z.boolean(),
  pending: z.boolean(),
  recording: z.boolean(),
  loop: z.boolean(),
  lengthBeats: z.number(),
  lanes: z.number().int().describe('How many lanes'),
});
type ClipSummaryPayload = z.infer<typeof ClipSummaryPayload>;

/** What both list_clips forms say first: which clip, and whether it plays. */
function clipState(clip: Clip, recording: boolean) {
  return { slot: clip.slot, id: clip.id, label: clip.label.getString(), running: clip.running.isOn(), pending: clip.launch.pending, recording };
}

export function toClipSummary(clip: Clip, recording: boolean): ClipSummaryPayload {
  return {
    ...clipState(clip, recording),
    loop: clip.loop.isOn(),
    lengthBeats: toTime(clip.lengthMs, clip.referenceBpmValue()).beats,
    lanes: clip.lanes.length,
  };
}

export function toClipPayload(clip: Clip, recording: boolean): ClipPayload {
  const bpm = clip.referenceBpmValue();
  return {
    bus: clip.bus.path,
    ...clipState(clip, recording),
    timeBase: clip.timeBase.getValue() === 1 ? 'TEMPO' : 'ABSOLUTE',
    referenceBpm: bpm,
    loop: clip.loop.isOn(),
    automationEnabled: clip.automationEnabled.isOn(),
    cursor: toTime(clip.cursor, bpm),
    length: toTime(clip.lengthMs, bpm),
    loopStart: toTime(clip.loopStartMs, bpm),
    loopLength: toTime(clip.loopLengthMs, bpm),
    playStart: toTime(clip.playStartMs, bpm),
    playEnd: toTime(clip.playEndMs, bpm),
    lanes: clip.lanes.items.map(toLanePayload),
  };
}
