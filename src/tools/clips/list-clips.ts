import * as z from 'zod';
import { clipBuses } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { ClipPayload, ClipSummaryPayload, toClipPayload, toClipSummary } from './payloads.js';

export default defineTool({
  name: 'list_clips',
  title: 'List clips and scenes',
  toolset: 'clips',
  description:
    'The clip grid: every bus (channels, groups, master) with its clips by slot, and the scenes (slot N across all buses). ' +
    'A summary by default (each clip: slot, id, label, running, loop, length in beats, lane count); `detail: "full"` adds the bus, ' +
    'cursor, length, loop and play range in ms and beats, time base and each lane. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ detail: z.enum(['summary', 'full']).default('summary').describe('summary (default) or full') }),
  output: z.strictObject({
    scenes: z.number().int(),
    launchQuantization: z.string(),
    buses: z.array(z.strictObject({ bus: z.string(), label: z.string(), armed: z.boolean(), clips: z.array(z.union([ClipPayload, ClipSummaryPayload])) })),
  }),
  handle: ({ detail }, { light }) => {
    const engine = light.lx.clips;
    const q = light.lx.tempo.launchQuantization;
    return {
      scenes: engine.numScenes.getValue(),
      launchQuantization: q.options?.[q.getValue()] ?? 'None',
      buses: clipBuses(light).map((b) => ({
        bus: b.path,
        label: b.label.getString(),
        armed: b.arm.isOn(),
        clips: b.clips.items.map((c) => (detail === 'full' ? toClipPayload : toClipSummary)(c, engine.takeOf(c) !== undefined)),
      })),
    };
  },
});
