import * as z from 'zod';
import { startRecording, stopRecording } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { ClipPayload, SlotInput, slotTarget, toClipPayload } from './payloads.js';

export default defineTool({
  name: 'record_clip',
  title: 'Record into a clip',
  toolset: 'clips',
  description:
    '"start" arms the bus and launches the clip if stopped; every parameter move on the bus, from any surface, is then ' +
    'recorded at the clip\'s cursor. "stop" writes the take into the lanes and disarms. The take is Undoable (one step); arming is not.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ ...SlotInput, action: z.enum(['start', 'stop']) }),
  output: z.strictObject({ clip: ClipPayload, recordedEvents: z.number().int().optional(), recordedLanes: z.number().int().optional() }),
  handle: (args, { light, origin }) => {
    const t = slotTarget(args);
    if (args.action === 'start') {
      const clip = startRecording(light, t);
      return { clip: toClipPayload(clip, true) };
    }
    const r = stopRecording(light, t, origin);
    return { clip: toClipPayload(r.clip, false), recordedEvents: r.events, recordedLanes: r.lanes };
  },
});
