import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';
import { ParameterPayload, SnapshotPayload, toParameterPayload, toSnapshotPayload } from './payloads.js';

export default defineTool({
  name: 'list_snapshots',
  title: 'List the snapshots',
  toolset: 'snapshots',
  description:
    'Lists the saved snapshots (/lx/snapshots/snapshot/N) in recall and auto-cycle order: label, how many values each holds ' +
    "and of what (mixer, patterns, effects, master, modulation), and its recall trigger; plus the engine's settings as " +
    'parameters: which parts a recall restores (recallMixer, recallPattern, recallEffect, recallMaster, recallModulation, ' +
    'recallOutput), transitions and auto-cycle. Paged (default 50): pass `nextCursor` back as `cursor`.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ ...PageInput }),
  output: z.strictObject({
    snapshots: z.array(SnapshotPayload),
    total: z.number().int(),
    settings: z.array(ParameterPayload),
    transitioning: z.boolean(),
    nextCursor: z.string().optional(),
  }),
  handle: ({ cursor, limit }, { light, engine }) => {
    const s = light.lx.snapshots;
    const p = page(s.snapshots.items, { list: 'snapshots', cursor, limit: limit ?? 50, revision: engine.graph.structureRevision });
    const settings = [
      s.recallMixer,
      s.recallPattern,
      s.recallEffect,
      s.recallMaster,
      s.recallModulation,
      s.recallOutput,
      s.channelMode,
      s.missingChannelMode,
      s.transitionEnabled,
      s.transitionTimeSecs,
      s.autoCycleEnabled,
      s.autoCycleMode,
      s.autoCycleTimeSecs,
      s.triggerSnapshotCycle,
    ];
    const out: { snapshots: SnapshotPayload[]; total: number; settings: ParameterPayload[]; transitioning: boolean; nextCursor?: string } = {
      snapshots: p.items.map(toSnapshotPayload),
      total: p.total,
      settings: settings.map(toParameterPayload),
      transitioning: s.transitioning,
    };
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
