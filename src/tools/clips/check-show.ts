import * as z from 'zod';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { summarizeListen } from '../../sound-client/listen-summary.js';
import { defineTool } from '../define-tool.js';
import { LightCuePayload } from './light-cue-payload.js';

const Span = z.strictObject({
  from_beat: z.number(),
  to_beat: z.number(),
  frames: z.number().int(),
  level: z.number().describe('Mean brightness, 0–100'),
  level_min: z.number(),
  level_max: z.number(),
  lit: z.number().describe('Mean fraction of points lit'),
  colors: z.array(z.string()).describe('Dominant colors half a beat into the span, most first'),
  change: z.number().describe('Biggest frame-to-frame change (mean per-point brightness change, 0–100): a cut or a flash'),
  change_at_beat: z.number(),
});

export default defineTool({
  name: 'check_show',
  title: 'Check the show offline over a range of beats',
  toolset: 'clips',
  description:
    'Renders the show without playing it: the light as it is now (unsaved edits included) and the song, in a separate engine, played ' +
    "from the song's start exactly as the render-show command plays it (the song's transport is the clock; cues, tempo-timed clips and " +
    'audio-reactive devices follow it), and reports on beats from_beat–to_beat (or from_beat + beats). Timing does not depend on this ' +
    "machine's load, and the live show, its transport, history and outputs are untouched. The reply: `light` per beat (merged into at most " +
    '32 spans on long ranges) with mean, min and max brightness, the fraction lit, the dominant colors half a beat in and the biggest ' +
    "frame-to-frame change and its beat (a cut or a flash); `cues` fired in the range; `audio`, song_listen's analysis of the same range " +
    "(loudness, peaks, per-track levels, onsets with beats, tempo); `frames` (first index, count and sha256, as render-show's frames.json " +
    'hashes them); `warnings`. `contact_sheet: true` adds a PNG of the rig, one thumbnail per bar (per beat under two bars). `detail: ' +
    '"full"` gives every beat, every frame\'s level and every audio series. A range is at most 60 s, and the show is played from beat 0 to ' +
    'reach it (far ranges take longer); it stops where the song ends or its loop wraps, and says so in warnings. Runtime state is not ' +
    'copied: a clip launched by hand now is not running in the check. One check at a time (busy otherwise). Read-only.',
  longRunning: true,
  mode: 'direct',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    from_beat: z.number().min(0).default(0).describe('First beat of the range (quarter-note beats on the song timeline; default 0)'),
    to_beat: z.number().positive().optional().describe('End of the range (exclusive); give this or beats'),
    beats: z.number().positive().optional().describe('Length of the range in beats, instead of to_beat'),
    fps: z.number().int().min(1).max(120).default(60).describe("Frames per second (1–120; default 60, render-show's)"),
    contact_sheet: z.boolean().default(false).describe('Attach a PNG contact sheet of the range'),
    detail: z.enum(['summary', 'full']).default('summary').describe('summary (default) or full: every beat, frame level and audio series'),
  }),
  output: z.strictObject({
    range: z.strictObject({ from_beat: z.number(), to_beat: z.number(), from_seconds: z.number(), to_seconds: z.number() }),
    frames: z
      .strictObject({ first: z.number().int(), count: z.number().int(), fps: z.number().int(), sha256: z.string() })
      .describe("The range's frames: index of the first in render-show's frames.json at this fps, how many, SHA-256 of their ARGB bytes"),
    light: z.array(Span),
    levels: z.array(z.number()).optional().describe('detail full: mean brightness (0–100) of every frame'),
    cues: z.array(LightCuePayload).describe('Light cues fired in the range'),
    audio: z.record(z.string(), z.unknown()).describe("song_listen's analysis of the range"),
    contact_sheet: z
      .strictObject({ width: z.number().int(), height: z.number().int(), thumbnails: z.number().int(), per: z.enum(['bar', 'beat']) })
      .optional()
      .describe('Size of the PNG that follows'),
    warnings: z.array(z.string()),
  }),
  handle: async (args, { showCheck, attachImage }) => {
    if (showCheck === undefined) throw notFound('this server has no song wired to the light, so there is no show to check');
    if ((args.to_beat === undefined) === (args.beats === undefined)) throw invalidArgument('give to_beat or beats (one of them)');
    const toBeat = args.to_beat ?? args.from_beat + (args.beats as number);
    const full = args.detail === 'full';
    const r = await showCheck.check({ fromBeat: args.from_beat, toBeat, fps: args.fps, contactSheet: args.contact_sheet, full });
    const out: Record<string, unknown> = {
      range: { from_beat: args.from_beat, to_beat: toBeat, from_seconds: r.seconds.from, to_seconds: r.seconds.to },
      frames: r.frames,
      light: r.light,
      ...(r.levels === undefined ? {} : { levels: r.levels }),
      cues: r.cues,
      audio: full ? r.audio : summarizeListen(r.audio),
      warnings: r.warnings,
    };
    const sheet = r.sheet;
    if (sheet !== undefined) {
      out.contact_sheet = { width: sheet.width, height: sheet.height, thumbnails: sheet.thumbnails, per: sheet.per };
      attachImage(async () => ({ data: sheet.png, mimeType: 'image/png' }));
    }
    return out as never;
  },
});
