import { invalidArgument } from '../engine/errors.js';
import type { AnyTool } from './define-tool.js';

/** Toolsets that drive the sound host; everything else is light or shared. */
const SOUND_TOOLSETS = new Set(['sound', 'grid', 'song']);
/** Always served: an agent needs them whatever it works on. */
const CORE_TOOLSETS = new Set(['status', 'history', 'batch']);

export interface ToolSelection {
  /** Toolset names or presets: `all`, `light`, `sound`. Default: all. */
  readonly toolsets?: readonly string[];
  /** Serve only tools that never change the show. */
  readonly readOnly?: boolean;
}

/**
 * The tools a server offers, for clients that cap how many tools they show a model (some show
 * only the first 40): pick toolsets (`light`, `sound`, or names such as `structure,palette`),
 * and optionally only read-only tools. Unknown names are refused with the valid ones listed.
 */
export function selectTools(all: readonly AnyTool[], selection: ToolSelection = {}): readonly AnyTool[] {
  const names = new Set(all.map((t) => t.toolset));
  const wanted = new Set<string>();
  for (const raw of selection.toolsets ?? ['all']) {
    const name = raw.trim();
    if (name === 'all') for (const n of names) wanted.add(n);
    else if (name === 'light') for (const n of names) (SOUND_TOOLSETS.has(n) ? undefined : wanted.add(n));
    else if (name === 'sound') for (const n of names) (SOUND_TOOLSETS.has(n) || CORE_TOOLSETS.has(n) ? wanted.add(n) : undefined);
    else if (names.has(name)) wanted.add(name);
    else throw invalidArgument(`unknown toolset ${JSON.stringify(name)}; use all, light, sound or any of: ${[...names].join(', ')}`);
  }
  for (const n of CORE_TOOLSETS) if (names.has(n)) wanted.add(n);
  return all.filter((t) => wanted.has(t.toolset) && (selection.readOnly !== true || t.annotations.readOnlyHint));
}
