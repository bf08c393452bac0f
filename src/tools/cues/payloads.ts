import * as z from 'zod';
import { CUE_ACTIONS, type Cue, type CueList, type MidiCueTrigger } from '../../light/show/cues/cue-data.js';
import type { CueLists } from '../../light/show/cues/cue-lists.js';

const KindTimes = z.strictObject({
  fadeInMs: z.number().optional(),
  fadeOutMs: z.number().optional(),
  delayInMs: z.number().optional(),
  delayOutMs: z.number().optional(),
});

const AttributeTimesPayload = z.strictObject({ intensity: KindTimes.optional(), color: KindTimes.optional(), position: KindTimes.optional() });

export const CuePayload = z.strictObject({
  number: z.number(),
  label: z.string(),
  fadeInMs: z.number(),
  fadeOutMs: z.number(),
  delayInMs: z.number(),
  delayOutMs: z.number(),
  followMs: z.number().nullable().describe("The next cue goes by itself this long after this one's Go; null: it waits for a Go"),
  attributeTimes: AttributeTimesPayload.optional().describe("Intensity, colour and position values' own times; a time left out is the cue's"),
  sets: z.number().int().describe('How many values the cue sets (parameters, channel faders, active patterns)'),
  scopes: z.array(z.string()).describe('The parts of the show those values are in'),
});

export const StatusPayload = z.strictObject({
  list: z.string(),
  mode: z.enum(['tracking', 'cue-only']),
  state: z.enum(['released', 'running', 'paused', 'releasing']),
  current: z.strictObject({ number: z.number(), label: z.string() }).nullable(),
  next: z.strictObject({ number: z.number(), label: z.string() }).nullable(),
  progress: z.number().describe("The running fade (a Go's or the release's), 0–1"),
  fadeMs: z.number().describe("That fade's length: the longest delay + fade of what it moves"),
  elapsedMs: z.number(),
  followInMs: z.number().nullable().describe('When the next cue follows by itself; null: it waits for a Go'),
});

export const MidiTriggerPayload = z.strictObject({
  type: z.enum(['note', 'cc']),
  channel: z.number().int().describe('1–16'),
  number: z.number().int(),
  action: z.enum(CUE_ACTIONS),
  cue: z.number().optional().describe('goto: the cue number'),
});

export const CueListPayload = z.strictObject({
  name: z.string(),
  mode: z.enum(['tracking', 'cue-only']),
  cues: z.array(CuePayload),
  midiTriggers: z.array(MidiTriggerPayload).describe('Notes and CCs that run the list (add_midi_cue_trigger)'),
  status: StatusPayload,
});

export const toTriggerPayload = (t: MidiCueTrigger): z.infer<typeof MidiTriggerPayload> => ({ ...t });

export function toCuePayload(c: Cue): z.infer<typeof CuePayload> {
  return {
    number: c.number,
    label: c.label,
    fadeInMs: c.fadeInMs,
    fadeOutMs: c.fadeOutMs,
    delayInMs: c.delayInMs,
    delayOutMs: c.delayOutMs,
    followMs: c.followMs ?? null,
    ...(c.attributeTimes === undefined ? {} : { attributeTimes: structuredClone(c.attributeTimes) }),
    sets: c.views.length,
    scopes: [...new Set(c.views.map((v) => String(v.scope)))],
  };
}

export function toListPayload(cues: CueLists, l: CueList): z.infer<typeof CueListPayload> {
  return {
    name: l.name,
    mode: l.mode,
    cues: l.cues.map(toCuePayload),
    midiTriggers: (l.midiTriggers ?? []).map(toTriggerPayload),
    status: cues.status(l.name),
  };
}

/** What a list is named by in every cue tool. */
export const listInput = z.string().describe("The cue list's name (list_cue_lists)");

/** Times (ms) a cue tool takes; the bounds are checked by the cue lists. */
export const timeInputs = {
  fadeMs: z.number().optional().describe('Both fades, ms (or fadeInMs / fadeOutMs)'),
  fadeInMs: z.number().optional().describe('Values going up move over this long, ms (0–600000)'),
  fadeOutMs: z.number().optional().describe('Values going down move over this long, ms (0–600000)'),
  delayInMs: z.number().optional().describe('Values going up wait this long after the Go, ms (0–600000)'),
  delayOutMs: z.number().optional().describe('Values going down wait this long after the Go, ms (0–600000)'),
  attributeTimes: AttributeTimesPayload.nullable()
    .optional()
    .describe(
      'Times of their own (ms, 0–600000) for intensity (faders, dimmers, shutters), color (palette, hues, fixture colours) and ' +
        'position (pan, tilt, aim) values, e.g. {"intensity": {"fadeInMs": 2000}, "position": {"delayInMs": 500}}: a time left ' +
        "out is the cue's; replaces the cue's whole set; null removes it",
    ),
};
