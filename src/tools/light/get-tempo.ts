import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ParameterPayload, toParameterPayload } from './payloads.js';

export default defineTool({
  name: 'get_tempo',
  title: 'Read the tempo clock',
  toolset: 'discover',
  description:
    'Reads the tempo clock: bpm, clock source, time signature, beat trigger on/off and launch quantization (each as a full ' +
    'parameter with its path: change them with set_parameter; bpm is only settable with the internal clock), where the beat ' +
    'is now (beat count, beat within the bar, basis 0–1 inside the beat, ms per beat), and the paths to fire: tap ' +
    '(fire_trigger repeatedly to tap a tempo), nudge up/down (momentary), and the beat trigger usable as a wire_trigger source.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    bpm: ParameterPayload,
    clockSource: ParameterPayload,
    beatsPerBar: ParameterPayload,
    enabled: ParameterPayload,
    launchQuantization: ParameterPayload,
    tapPath: z.string(),
    nudgeUpPath: z.string(),
    nudgeDownPath: z.string(),
    triggerPath: z.string().describe('Pulses on every beat while enabled: a trigger source'),
    beatCount: z.number().int().describe('Whole beats counted so far'),
    beatInBar: z.number().int().describe('0-based beat within the bar'),
    basis: z.number().describe('Position inside the current beat, 0–1'),
    periodMs: z.number().describe('Milliseconds per beat, nudge included'),
    pendingLaunches: z.array(z.string()).describe('Paths of quantized triggers waiting for their boundary'),
  }),
  handle: (_args, { light }) => {
    const t = light.lx.tempo;
    return {
      bpm: toParameterPayload(t.bpm),
      clockSource: toParameterPayload(t.clockSource),
      beatsPerBar: toParameterPayload(t.beatsPerBar),
      enabled: toParameterPayload(t.enabled),
      launchQuantization: toParameterPayload(t.launchQuantization),
      tapPath: t.tap.path,
      nudgeUpPath: t.nudgeUp.path,
      nudgeDownPath: t.nudgeDown.path,
      triggerPath: t.trigger.path,
      beatCount: Math.floor(t.beatCount()),
      beatInBar: Math.floor(t.beatInBar()),
      basis: t.basis(),
      periodMs: t.beatPeriodMs(),
      pendingLaunches: t.pendingTriggers().map((x) => x.trigger.path),
    };
  },
});
