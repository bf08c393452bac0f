import * as z from 'zod';
import { clipBuses } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { ClipPayload, toClipPayload } from './payloads.js';

export default defineTool({
  name: 'list_clips',
  title: 'List clips and scenes',
  toolset: 'clips',
  description:
    'The clip grid: every bus (channels, groups, master) with its clips by slot, and the scenes (slot N across all buses). ' +
    'Each clip: running, cursor, length and loop in ms and beats, lanes. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    scenes: z.number().int(),
    launchQuantization: z.string(),
    buses: z.array(z.strictObject({ bus: z.string(), label: z.string(), armed: z.boolean(), clips: z.array(ClipPayload) })),
  }),
  handle: (_args, { light }) => {
    const engine = light.lx.clips;
    const q = light.lx.tempo.launchQuantization;
    return {
      scenes: engine.numScenes.getValue(),
      launchQuantization: q.options?.[q.getValue()] ?? 'None',
      buses: clipBuses(light).map((b) => ({
        bus: b.path,
        label: b.label.getString(),
        armed: b.arm.isOn(),
        clips: b.clips.items.map((c) => toClipPayload(c, engine.takeOf(c) !== undefined)),
      })),
    };
  },
});
