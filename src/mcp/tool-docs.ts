import * as z from 'zod';
import type { AnyTool } from '../tools/define-tool.js';
import { leanJsonSchema, listedBytes } from './lean-schema.js';
import { TOOLSETS } from '../tools/toolsets.js';

/** A rough token count for JSON text: about four bytes a token. */
const tokens = (bytes: number): number => Math.round(bytes / 4);

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

function typeOf(s: JsonSchema): string {
  if (s.enum !== undefined) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.anyOf !== undefined) return s.anyOf.map(typeOf).join(' \\| ');
  if (s.type === 'array' && s.items !== undefined) return `${typeOf(s.items)}[]`;
  if (Array.isArray(s.type)) return s.type.join(' \\| ');
  return s.type ?? 'any';
}

function argumentRows(tool: AnyTool): string[] {
  const schema = leanJsonSchema(z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const notes: string[] = [];
    if (p.description !== undefined) notes.push(p.description);
    if (p.default !== undefined) notes.push(`default ${JSON.stringify(p.default)}`);
    if (p.minimum !== undefined || p.maximum !== undefined) notes.push(`range ${p.minimum ?? '…'}–${p.maximum ?? '…'}`);
    return `| \`${name}\` | ${typeOf(p)} | ${required.has(name) && p.default === undefined ? 'yes' : 'no'} | ${notes.join('; ').replace(/\|/g, '\\|')} |`;
  });
}

/** The tool reference in docs/tools.md, generated from the live definitions (a test keeps it current): `tools` is every tool (TOOLS). */
export function renderToolDocs(tools: readonly AnyTool[]): string {
  const lines = [
    '# Footlight MCP tools',
    '',
    '<!-- Generated from the tool definitions by `npm run docs:tools`. Do not edit by hand. -->',
    '',
    `${tools.length} tools. Every tool returns a JSON object as \`structuredContent\` with the same JSON in a text block; failures are \`isError\` results ` +
      `whose text is \`code: message\` with code \`not_found\`, \`invalid_argument\`, \`stale\`, \`timeout\`, \`busy\`, ` +
      `\`unavailable\` (a cluster's leader cannot be reached or its log did not take a write: docs/cluster.md) or \`internal\`.`,
    '',
  ];
  const present = TOOLSETS.filter((s) => tools.some((t) => t.toolset === s.id));
  const bytesOf = (list: readonly AnyTool[]): number => list.reduce((n, t) => n + listedBytes(t, tools), 0);
  const listedByDefault = tools.filter((t) => TOOLSETS.find((s) => s.id === t.toolset)?.default === true);
  lines.push(
    `A fresh \`footlight serve\` lists the default toolsets: ${listedByDefault.length} tools, ${bytesOf(listedByDefault)} bytes of tool entries (≈ ` +
      `${tokens(bytesOf(listedByDefault))} tokens); \`find_tools\` lists the others for a session, and \`serve --toolsets all\` lists all ${tools.length} ` +
      `(${bytesOf(tools)} bytes, ≈ ${tokens(bytesOf(tools))} tokens). Bytes are each tool's tools/list entry as UTF-8 JSON, output schema included; tokens ` +
      `are estimated at four bytes each.`,
    '',
    '| toolset | listed by default | tools | bytes | ≈ tokens |',
    '|---|---|---|---|---|',
  );
  for (const ts of present) {
    const members = tools.filter((t) => t.toolset === ts.id);
    lines.push(
      `| ${ts.id} | ${ts.default ? 'yes' : 'no'} | ${members.map((t) => `[\`${t.name}\`](#${t.name})`).join(', ')} | ${bytesOf(members)} | ` +
        `${tokens(bytesOf(members))} |`,
    );
  }
  lines.push('');
  for (const tool of tools) {
    lines.push(
      `## ${tool.name}`,
      '',
      `**${tool.title}** · toolset \`${tool.toolset}\` · ${tool.annotations.readOnlyHint ? 'read-only' : 'changes the show'} · ` +
        `${listedBytes(tool, tools)} bytes listed`,
      '',
      tool.description,
      '',
    );
    const rows = argumentRows(tool);
    if (rows.length === 0) lines.push('No arguments.', '');
    else lines.push('| argument | type | required | notes |', '|---|---|---|---|', ...rows, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
