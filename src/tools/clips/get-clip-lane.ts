import * as z from 'zod';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import { MidiNoteLane, ParameterLane, PatternLane } from '../../light/clips/lanes.js';
import { clipAt, laneAt } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';
import { LanePayload, SlotInput, TimePayload, slotTarget, toLanePayload, toTime } from './payloads.js';

const EventPayload = z.strictObject({
  time: TimePayload,
  normalized: z.number().optional(),
  value: z.number().optional().describe('The parameter value the event sets'),
  pattern: z.number().int().optional(),
  patternLabel: z.string().optional(),
  note: z.record(z.string(), z.unknown()).optional(),
});
type EventPayload = z.infer<typeof EventPayload>;

export default defineTool({
  name: 'get_clip_lane',
  title: 'Read a clip lane',
  toolset: 'clips',
  description:
    "Reads one lane's events (lane index from list_clips), each with its time in ms and beats. Paged (default 100): pass `nextCursor` back as `cursor`. " +
    'Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ ...SlotInput, lane: z.number().int().describe('Lane index, 0-based'), ...PageInput }),
  output: z.strictObject({ lane: LanePayload, events: z.array(EventPayload), total: z.number().int(), nextCursor: z.string().optional() }),
  handle: (args, { light, engine }) => {
    const clip = clipAt(light, slotTarget(args));
    const lane = laneAt(clip, args.lane);
    const bpm = clip.referenceBpmValue();
    const events: EventPayload[] = [];
    if (lane instanceof ParameterLane) {
      const p = lane.target;
      for (const e of lane.events)
        events.push({
          time: toTime(e.cursor.millis, bpm),
          normalized: e.normalized,
          ...(p instanceof NumericParameter ? { value: p.denormalize(e.normalized) } : {}),
        });
    } else if (lane instanceof PatternLane) {
      const patterns = clip.bus.clipPatternEngine?.patterns ?? [];
      for (const e of lane.events)
        events.push({ time: toTime(e.cursor.millis, bpm), pattern: e.patternIndex, patternLabel: patterns[e.patternIndex]?.label.getString() ?? '(missing)' });
    } else if (lane instanceof MidiNoteLane) {
      for (const e of lane.events) events.push({ time: toTime(e.cursor.millis, bpm), note: e.raw });
    }
    const p = page(events, { list: `clip-lane-${lane.id}`, cursor: args.cursor, limit: args.limit ?? 100, revision: engine.graph.structureRevision });
    const out: { lane: LanePayload; events: EventPayload[]; total: number; nextCursor?: string } = {
      lane: toLanePayload(lane),
      events: p.items,
      total: p.total,
    };
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
