import * as z from 'zod';
import type { AnyTool } from './define-tool.js';
import { takesRequestId, withRequestId } from './retry-key.js';

type Json = Record<string, unknown>;

const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

/**
 * A JSON Schema as tools/list advertises it: no `$schema` (2020-12 is MCP's default dialect),
 * no ±2^53 bounds zod puts on every integer. With `depth`, objects below that many levels of
 * fields (0: the payload's own fields) are declared as plain objects (their description kept): every payload still
 * validates, and the shapes shared by many tools (a parameter, a channel) are not repeated in
 * each; the full schema is one `footlight://tool-schema/{name}` read away.
 */
export function leanJsonSchema(schema: Json, depth = Infinity): Json {
  return lean(schema, 0, depth);
}

function lean(s: Json, level: number, depth: number): Json {
  if (s.properties !== undefined && level > depth) {
    const out: Json = { type: 'object' };
    if (typeof s.description === 'string') out.description = s.description;
    return out;
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === '$schema') continue;
    if ((k === 'minimum' && v === -SAFE_BOUND) || (k === 'maximum' && v === SAFE_BOUND)) continue;
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v as Record<string, Json>).map(([p, sub]) => [p, lean(sub, level + 1, depth)]));
    else if (k === 'items' || k === 'additionalProperties') out[k] = isObject(v) ? lean(v, level, depth) : v;
    else if (k === 'anyOf' || k === 'oneOf' || k === 'allOf') out[k] = (v as Json[]).map((sub) => lean(sub, level, depth));
    else if (k === '$defs' || k === 'definitions')
      out[k] = Object.fromEntries(Object.entries(v as Record<string, Json>).map(([p, sub]) => [p, lean(sub, level, depth)]));
    else out[k] = v;
  }
  return out;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** How deep tools/list declares output shapes: the payload's own fields; their inner objects stay plain objects. */
export const LISTED_OUTPUT_DEPTH = 0;

/** A tool's input schema as listed (find_tools returns it for clients that ignore list changes). */
export function listedInputSchema(tool: AnyTool): Json {
  return leanJsonSchema(z.toJSONSchema(takesRequestId(tool) ? withRequestId(tool.input) : tool.input, { io: 'input', target: 'draft-2020-12' }) as Json);
}

/** A tool's output schema as tools/list shows it. */
function listedOutputSchema(tool: AnyTool): Json {
  return leanJsonSchema(z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }) as Json, LISTED_OUTPUT_DEPTH);
}

/** A tool's entry in tools/list, as the server sends it on a 2025-era session (docs/tools.md prints its bytes). */
export function listedTool(tool: AnyTool): Json {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: listedInputSchema(tool),
    annotations: { title: tool.title, ...tool.annotations },
    ...(tool.longRunning === true ? { execution: { taskSupport: 'optional' } } : {}),
    _meta: { 'footlight/toolset': tool.toolset, ...(tool.ui === undefined ? {} : { ui: tool.ui }) },
    outputSchema: listedOutputSchema(tool),
  };
}

/** Bytes of a tool's tools/list entry (UTF-8 JSON). */
export function listedBytes(tool: AnyTool): number {
  return Buffer.byteLength(JSON.stringify(listedTool(tool)));
}

/** A tool's full output schema (the footlight://tool-schema/{name} resource). */
export function fullOutputSchema(tool: AnyTool): Json {
  return leanJsonSchema(z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }) as Json);
}
