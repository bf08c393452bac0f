import * as z from 'zod';
import { searchParameters } from '../../light/parameter-search.js';
import { COMPONENT_KINDS, searchComponents } from '../../light/show/search.js';
import { searchSound, type SoundSearch } from '../../sound-client/search.js';
import { FootlightError } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';
import type { ToolContext } from '../context.js';
import { PageInput, page } from '../paging.js';
import { toParameterPayload } from './payloads.js';
import type { Parameter } from '../../engine/parameters/parameter.js';

interface ParameterHitPayload {
  path: string;
  componentId: number;
  component: string;
  key: string;
  label: string;
  kind: string;
  oscAddress: string;
  value: number | string | boolean;
  formatted?: string;
  modulated?: true;
}

function toParameterHit(parameter: Parameter): ParameterHitPayload {
  const full = toParameterPayload(parameter);
  const out: ParameterHitPayload = {
    path: full.path,
    componentId: full.componentId,
    component: parameter.owner?.label.getString() ?? '',
    key: full.key,
    label: full.label,
    kind: full.kind,
    oscAddress: full.oscAddress,
    value: full.value,
  };
  if (full.formatted !== undefined) out.formatted = full.formatted;
  if (full.modulated === true) out.modulated = true;
  return out;
}

const SoundTrackHit = z.strictObject({
  index: z.number().int().describe('Bank index (song_set_track_mix takes it)'),
  track_id: z.number().int(),
  name: z.string(),
  type: z.string(),
  volume_display: z.string(),
  pan: z.number(),
  muted: z.boolean(),
  soloed: z.boolean(),
});

const SoundDeviceHit = z.strictObject({
  track_index: z.number().int().describe('sound_select_track takes it'),
  track_name: z.string(),
  position: z.number().int().describe('0-based, in the chain'),
  name: z.string(),
});

type LightKind = (typeof COMPONENT_KINDS)[number];

interface LightResults {
  results: { path: string; id: number; label: string; kind: LightKind; class?: string }[];
  total: number;
  nextCursor?: string;
  parameters: ParameterHitPayload[];
  parameterTotal: number;
}

interface SearchArgs {
  readonly query: string;
  readonly kind?: LightKind | 'parameter' | 'sound';
  readonly underPath?: string;
  readonly cursor?: string;
  readonly limit?: number;
}

/** The light half: components paged, parameters best first. Runs as one engine-queue task. */
function searchLight({ query, kind, underPath, cursor, limit }: SearchArgs, { light, engine }: ToolContext): LightResults {
  const under = underPath === undefined ? light.lx : light.component(underPath);
  const componentKind = kind === 'parameter' || kind === 'sound' ? undefined : kind;
  const hits = kind === 'parameter' ? [] : searchComponents(light.lx, query, componentKind, under);
  const params = kind === undefined || kind === 'parameter' ? searchParameters(under, query) : [];
  const p = page(hits, { list: `search:${query}:${kind ?? ''}:${underPath ?? ''}`, cursor, limit: limit ?? 25, revision: engine.graph.structureRevision });
  const out: LightResults = {
    results: p.items.map((h) => {
      const r = { path: h.component.path, id: h.component.id, label: h.component.label.getString(), kind: h.kind };
      return h.lxClass === undefined ? r : { ...r, class: h.lxClass };
    }),
    total: p.total,
    parameters: params.slice(0, limit ?? 10).map(({ parameter }) => toParameterHit(parameter)),
    parameterTotal: params.length,
  };
  if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
  return out;
}

export default defineTool({
  name: 'search_components',
  title: 'Find components and parameters',
  toolset: 'discover',
  description:
    'Finds components (channels, groups, patterns, effects, modulators, fixtures, views) whose label, class or path ' +
    'contains `query`, and parameters by key, label or path with their current value ("fader", "speed"; a few words such ' +
    'as "second channel quieter" also work), exact label matches first. It also searches the song: `sound.tracks` whose ' +
    'names match (with volume, pan, mute and solo; "bass volume" finds the Bass track) and `sound.devices` on them by name. ' +
    '`kind` narrows to one kind (`parameter`: light parameters only; `sound`: the song only), `underPath` to one light ' +
    'component. A cheap way to the right path or track without listing the show. Components page with `nextCursor` → ' +
    '`cursor` (stale after a structure change); parameters, tracks and devices are the best `limit` matches.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    query: z.string().max(200).describe('Text to look for, e.g. "noise" or "wash"'),
    kind: z
      .enum([...COMPONENT_KINDS, 'parameter', 'sound'])
      .optional()
      .describe('Only this kind of light component, only light parameters, or only the song (sound)'),
    underPath: z.string().optional().describe('Only inside this light component, e.g. /lx/mixer/channel/2'),
    ...PageInput,
  }),
  output: z.strictObject({
    results: z.array(
      z.strictObject({ path: z.string(), id: z.number().int(), label: z.string(), kind: z.enum(COMPONENT_KINDS), class: z.string().optional() }),
    ),
    total: z.number().int().describe('Component matches in all pages'),
    nextCursor: z.string().optional(),
    parameters: z
      .array(
        z.strictObject({
          path: z.string(),
          componentId: z.number().int(),
          component: z.string().describe('Label of the component that holds it'),
          key: z.string(),
          label: z.string(),
          kind: z.string(),
          oscAddress: z.string().describe('Where OSC reaches it (ports in get_project_info)'),
          value: z.union([z.number(), z.string(), z.boolean()]),
          formatted: z.string().optional(),
          modulated: z.literal(true).optional(),
        }),
      )
      .describe('Matching parameters, best first (set them with set_parameter)'),
    parameterTotal: z.number().int().describe('Matching parameters in all'),
    sound: z
      .strictObject({ tracks: z.array(SoundTrackHit), devices: z.array(SoundDeviceHit) })
      .optional()
      .describe('Song tracks and devices by name, best first'),
    soundUnavailable: z.string().optional().describe('Why the song was not searched'),
  }),
  handle: async (args, ctx) => {
    const light: LightResults =
      args.kind === 'sound'
        ? { results: [], total: 0, parameters: [], parameterTotal: 0 }
        : await ctx.engine.queue.submit(() => searchLight(args, ctx), { label: 'search_components', session: ctx.origin.session, read: true });
    if (args.kind !== undefined && args.kind !== 'sound') return light;
    let sound: SoundSearch;
    try {
      sound = await searchSound(ctx.soundAdapter.core, args.query, args.limit ?? 10);
    } catch (e) {
      // The light half still answers when the sound host is down (a transport failure is its `internal`).
      if (!(e instanceof FootlightError)) throw e;
      return { ...light, soundUnavailable: e.message };
    }
    return { ...light, sound };
  },
});
