import * as z from 'zod';
import type { AnyTool } from './define-tool.js';

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
  const schema = z.toJSONSchema(tool.input, { io: 'input' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const notes: string[] = [];
    if (p.description !== undefined) notes.push(p.description);
    if (p.default !== undefined) notes.push(`default ${JSON.stringify(p.default)}`);
    if (p.minimum !== undefined || p.maximum !== undefined) notes.push(`range ${p.minimum ?? '…'}–${p.maximum ?? '…'}`);
    return `| \`${name}\` | ${typeOf(p)} | ${required.has(name) && p.default === undefined ? 'yes' : 'no'} | ${notes.join('; ').replace(/\|/g, '\\|')} |`;
  });
}

/** The tool reference in docs/tools.md, generated from the live definitions (a test keeps it current). */
export function renderToolDocs(tools: readonly AnyTool[]): string {
  const lines = [
    '# Footlight MCP tools',
    '',
    '<!-- Generated from the tool definitions by `npm run docs:tools`. Do not edit by hand. -->',
    '',
    `${tools.length} tools. Every tool returns a JSON object as \`structuredContent\` with the same JSON in a text block; failures are \`isError\` results whose text is \`code: message\` with code \`not_found\`, \`invalid_argument\`, \`stale\`, \`timeout\` or \`internal\`.`,
    '',
  ];
  const toolsets = [...new Set(tools.map((t) => t.toolset))];
  lines.push('| toolset | tools |', '|---|---|');
  for (const ts of toolsets) lines.push(`| ${ts} | ${tools.filter((t) => t.toolset === ts).map((t) => `[\`${t.name}\`](#${t.name})`).join(', ')} |`);
  lines.push('');
  for (const tool of tools) {
    lines.push(`## ${tool.name}`, '', `**${tool.title}** · toolset \`${tool.toolset}\` · ${tool.annotations.readOnlyHint ? 'read-only' : 'changes the show'}`, '', tool.description, '');
    const rows = argumentRows(tool);
    if (rows.length === 0) lines.push('No arguments.', '');
    else lines.push('| argument | type | required | notes |', '|---|---|---|---|', ...rows, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
