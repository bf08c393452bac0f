import { invalidArgument } from '../engine/errors.js';
import type { AnyTool } from './define-tool.js';

/** A family of tools. A tool joins one by naming its `id` in `toolset`. */
interface Toolset {
  readonly id: string;
  /** `core` sets are served with every selection; `light` and `sound` are the presets' halves. */
  readonly domain: 'core' | 'light' | 'sound';
  /** What the family is for, in the words an agent searches with (find_tools matches it). */
  readonly description: string;
  /** Listed from the first tools/list; the others are one find_tools call away. */
  readonly default: boolean;
}

/** Every toolset, in the order docs and find_tools report them. */
export const TOOLSETS: readonly Toolset[] = [
  { id: 'status', domain: 'core', default: true, description: 'server status, connections, finding and enabling tools' },
  { id: 'history', domain: 'core', default: true, description: 'undo, redo and the shared history' },
  {
    id: 'cluster',
    domain: 'core',
    default: false,
    description: 'cluster of machines: this node, its role (leader or render node), the leader, lag, frame digests',
  },
  { id: 'batch', domain: 'core', default: true, description: 'several operations in one atomic, undoable batch' },
  {
    id: 'discover',
    domain: 'light',
    default: true,
    description: 'project, channels, parameters, search, component docs, library of patterns effects modulators fixtures, tempo, model',
  },
  { id: 'parameters', domain: 'light', default: true, description: 'read and set parameters, fire triggers' },
  { id: 'look', domain: 'light', default: true, description: 'the rendered frame: colors of the lights, preview image' },
  {
    id: 'structure',
    domain: 'light',
    default: false,
    description: 'mixer structure: add, remove, move, copy, group channels, patterns and effects; activate a pattern',
  },
  {
    id: 'modulation',
    domain: 'light',
    default: false,
    description: 'modulators (LFO, envelope, step sequencer stages ...): add, wire modulation and triggers, list modulations, remove',
  },
  { id: 'fixtures', domain: 'light', default: false, description: 'fixtures and the model: add, move, duplicate, tag, set fixture parameters' },
  { id: 'palette', domain: 'light', default: false, description: 'color palette: swatches and colors' },
  { id: 'snapshots', domain: 'light', default: false, description: 'snapshots (cues): add, recall, update, remove' },
  {
    id: 'cues',
    domain: 'light',
    default: false,
    description: 'cue lists: numbered cues with fade and delay times, follow, tracking; record, go, back, goto, pause, release, status, blind preview',
  },
  {
    id: 'clips',
    domain: 'light',
    default: false,
    description:
      'light clips, the light timeline: clip grid and scenes, add, remove, copy, launch and stop clips, lane events (parameter automation, pattern changes), ' +
      'record takes',
  },
  {
    id: 'stage',
    domain: 'light',
    default: false,
    description:
      'stage fixtures: DMX fixture profiles (QLC+, Open Fixture Library, GDTF) of pars, moving heads, strobes; search by maker, model, type; modes; ' +
      'patch them (universe, address, mode, placement), edit, remove, the patch sheet, their DMX values',
  },
  { id: 'views', domain: 'light', default: false, description: 'views: named selections of fixtures for patterns' },
  {
    id: 'cameras',
    domain: 'light',
    default: false,
    description:
      'named cameras for the 3D preview: get, set, fit, save, list, recall and animate along a path with easing, remove; the view get_frame draws; ' +
      'the point style (size, LED style, gamma)',
  },
  { id: 'app', domain: 'light', default: false, description: 'the live preview app: point positions and colors for an embedded view' },
  { id: 'outputs', domain: 'light', default: false, description: 'LED outputs: output map (DMX, Art-Net, sACN universes) and output statistics' },
  {
    id: 'dmx',
    domain: 'light',
    default: false,
    description: 'DMX input from a lighting desk or media server: Art-Net and sACN universes received, sources, rates, dropped packets',
  },
  {
    id: 'midi',
    domain: 'light',
    default: false,
    description:
      'MIDI controllers: note and CC mappings to parameters (toggle, momentary, absolute knobs), controller templates, saved MIDI inputs and their flags',
  },
  {
    id: 'sound',
    domain: 'sound',
    default: false,
    description: 'sound host: tracks, devices, controls, parameter snapshots, shaping sessions, actions, sound undo',
  },
  {
    id: 'grid',
    domain: 'sound',
    default: false,
    description: 'Grid patching: modules, modulators, patch sessions, insert nodes, connect and disconnect, grid patch',
  },
  {
    id: 'song',
    domain: 'sound',
    default: false,
    description: 'songs: arranger, clips, transport play/stop, track state, song plan compile and import, save the sound project',
  },
];

const BY_ID = new Map(TOOLSETS.map((s) => [s.id, s]));

export function toolsetOf(id: string): Toolset | undefined {
  return BY_ID.get(id);
}

interface ToolSelection {
  /**
   * Toolset ids or presets: `default` (the small surface, everything else findable), `all`,
   * `light`, `sound`. Absent: `default`.
   */
  readonly toolsets?: readonly string[];
  /** Serve only tools that never change the show. */
  readonly readOnly?: boolean;
}

/** What a server offers: the tools it serves, and which of them tools/list shows before find_tools enables more. */
interface ToolSurface {
  readonly served: readonly AnyTool[];
  /** Toolset ids listed from the start; every served tool outside them is hidden until enabled. */
  readonly listed: ReadonlySet<string>;
}

/**
 * The tools a server offers. By default every tool is served but only the default toolsets are
 * listed (a small first tools/list); an explicit selection (`all`, `light`, `sound` or ids such as
 * `structure,palette`) lists everything it selects. Core toolsets always come along. Unknown
 * names are refused with the valid ones listed.
 */
export function selectSurface(all: readonly AnyTool[], selection: ToolSelection = {}): ToolSurface {
  const present = new Set(all.map((t) => t.toolset));
  const requested = selection.toolsets ?? ['default'];
  const wanted = new Set<string>();
  let small = false;
  for (const raw of requested) {
    const name = raw.trim();
    if (name === 'default') {
      small = true;
      for (const n of present) wanted.add(n);
    } else if (name === 'all') for (const n of present) wanted.add(n);
    else if (name === 'light' || name === 'sound') for (const n of present) BY_ID.get(n)?.domain === name ? wanted.add(n) : undefined;
    else if (present.has(name)) wanted.add(name);
    else throw invalidArgument(`unknown toolset ${JSON.stringify(name)}; use default, all, light, sound or any of: ${[...present].join(', ')}`);
  }
  for (const s of TOOLSETS) if (s.domain === 'core' && present.has(s.id)) wanted.add(s.id);
  const served = all.filter((t) => wanted.has(t.toolset) && (selection.readOnly !== true || t.annotations.readOnlyHint));
  const listed = new Set(small ? TOOLSETS.filter((s) => s.default).map((s) => s.id) : wanted);
  return { served, listed };
}

/** The tools a selection serves (listed or findable). */
export function selectTools(all: readonly AnyTool[], selection: ToolSelection = {}): readonly AnyTool[] {
  return selectSurface(all, selection).served;
}
