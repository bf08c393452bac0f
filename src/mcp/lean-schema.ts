import * as z from 'zod';
import type { AnyTool } from '../tools/define-tool.js';
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
const LISTED_OUTPUT_DEPTH = 0;

/** A tool's input schema as listed (find_tools returns it for clients that ignore list changes). */
export function listedInputSchema(tool: AnyTool): Json {
  return leanJsonSchema(z.toJSONSchema(takesRequestId(tool) ? withRequestId(tool.input) : tool.input, { io: 'input', target: 'draft-2020-12' }) as Json);
}

/** A payload field whose schema recurs, identical, at the top of several tools' output schemas. */
interface SharedOutputField {
  /** The key in footlight://tool-schema-shared: the field's name, with `~2`, `~3`… when names collide. */
  readonly name: string;
  readonly field: string;
  readonly schema: Json;
  readonly tools: readonly string[];
}

/** A shared field is declared by type only in tools/list when that saves at least this many bytes per tool. */
const MIN_SHARED_SAVING = 16;
/** The shared fields of each catalog (in practice one: src/tools/index.ts's TOOLS), worked out once. */
const sharedTables = new WeakMap<readonly AnyTool[], Map<string, SharedOutputField>>();

const fieldKey = (field: string, schema: unknown): string => `${field}\u0000${JSON.stringify(schema)}`;

/** A schema's type alone: never stricter than the schema (a branch or value it cannot type keeps it open). */
function typeOnly(s: Json): Json {
  if (s.type !== undefined) return { type: s.type };
  if ('const' in s) return { const: s.const };
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (Array.isArray(branches)) {
    const types = [...new Set(branches.map((b) => (typeof b.type === 'string' ? b.type : undefined)))];
    if (types.every((x) => x !== undefined) && types.length > 0) return { type: types.length === 1 ? types[0] : types };
  }
  if (Array.isArray(s.enum)) {
    const types = [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
    if (types.every((x) => x === 'string' || x === 'number' || x === 'boolean' || x === 'null')) return { type: types.length === 1 ? types[0] : types };
  }
  return {};
}

/**
 * The payload fields shared by several tools (by name and identical schema) of `catalog`: every
 * tool Footlight defines (src/tools/index.ts's TOOLS, handed in by the caller so this file does
 * not import the tool list that imports it), so a tool lists the same bytes whichever tools a
 * session serves.
 */
export function sharedOutputFields(catalog: readonly AnyTool[]): readonly SharedOutputField[] {
  return [...sharedTable(catalog).values()];
}

function sharedTable(catalog: readonly AnyTool[]): Map<string, SharedOutputField> {
  let table = sharedTables.get(catalog);
  if (table !== undefined) return table;
  const seen = new Map<string, { field: string; schema: Json; tools: string[] }>();
  for (const tool of catalog) {
    const props = (ownOutputSchema(tool).properties ?? {}) as Record<string, Json>;
    for (const [field, schema] of Object.entries(props)) {
      const key = fieldKey(field, schema);
      const entry = seen.get(key) ?? { field, schema, tools: [] };
      entry.tools.push(tool.name);
      seen.set(key, entry);
    }
  }
  table = new Map();
  const names = new Map<string, number>();
  for (const [key, e] of seen) {
    if (e.tools.length < 2 || JSON.stringify(e.schema).length - JSON.stringify(typeOnly(e.schema)).length < MIN_SHARED_SAVING) continue;
    const n = (names.get(e.field) ?? 0) + 1;
    names.set(e.field, n);
    table.set(key, { name: n === 1 ? e.field : `${e.field}~${n}`, field: e.field, schema: e.schema, tools: e.tools });
  }
  sharedTables.set(catalog, table);
  return table;
}

/** The output schema one level deep, before shared fields are shortened. */
function ownOutputSchema(tool: AnyTool): Json {
  return leanJsonSchema(z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }) as Json, LISTED_OUTPUT_DEPTH);
}

/**
 * A tool's output schema as tools/list shows it: the payload's own fields, one level deep; a field
 * shared by several tools is declared by its type alone (footlight://tool-schema-shared describes
 * it once, footlight://tool-schema/{name} has the tool's full schema). Every payload still validates.
 */
function listedOutputSchema(tool: AnyTool, catalog: readonly AnyTool[]): Json {
  return listedOutputJson(z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }) as Json, catalog);
}

/** listedOutputSchema from the output schema's JSON Schema (the SDK's conversion hands it over); `catalog` as for sharedOutputFields. */
export function listedOutputJson(json: Json, catalog: readonly AnyTool[]): Json {
  const out = leanJsonSchema(json, LISTED_OUTPUT_DEPTH);
  const props = out.properties as Record<string, Json> | undefined;
  if (props === undefined) return out;
  const table = sharedTable(catalog);
  const shortened: Record<string, Json> = {};
  for (const [field, schema] of Object.entries(props)) shortened[field] = table.has(fieldKey(field, schema)) ? typeOnly(schema) : schema;
  return { ...out, properties: shortened };
}

/**
 * A tool's entry in tools/list, as the server sends it on a 2025-era session (docs/tools.md prints its bytes);
 * `catalog` as for sharedOutputFields.
 */
export function listedTool(tool: AnyTool, catalog: readonly AnyTool[]): Json {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: listedInputSchema(tool),
    annotations: { title: tool.title, ...tool.annotations },
    ...(tool.longRunning === true ? { execution: { taskSupport: 'optional' } } : {}),
    _meta: { 'footlight/toolset': tool.toolset, ...(tool.ui === undefined ? {} : { ui: tool.ui }) },
    outputSchema: listedOutputSchema(tool, catalog),
  };
}

/** Bytes of a tool's tools/list entry (UTF-8 JSON); `catalog` as for sharedOutputFields. */
export function listedBytes(tool: AnyTool, catalog: readonly AnyTool[]): number {
  return Buffer.byteLength(JSON.stringify(listedTool(tool, catalog)));
}

/** A tool's full output schema (the footlight://tool-schema/{name} resource). */
export function fullOutputSchema(tool: AnyTool): Json {
  return leanJsonSchema(z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }) as Json);
}
