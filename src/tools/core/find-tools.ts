import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { findTools } from '../tool-finder.js';
import { TOOLSETS } from '../toolsets.js';

/** Purposes stay one line: a longer first sentence is cut at its first clause (": ", " — ", "; ", " ("). */
const PURPOSE_MAX = 200;

/** A description's first sentence (a full stop before a capital, not "e.g." or a decimal), kept to one line. */
function purposeOf(description: string): string {
  const end = /(?<!\be\.g|\bi\.e|\betc)[.!?](?=\s+[A-Z`(]|$)/.exec(description);
  const first = end === null ? description : description.slice(0, end.index + 1);
  if (first.length <= PURPOSE_MAX) return first;
  const clause = /: | — |; | \(/.exec(first);
  if (clause !== null && clause.index <= PURPOSE_MAX) return `${first.slice(0, clause.index)}…`;
  return `${first.slice(0, first.lastIndexOf(' ', PURPOSE_MAX))}…`;
}

export default defineTool({
  name: 'find_tools',
  title: 'Find tools for a task',
  toolset: 'status',
  description:
    'Finds tools by task in plain words ("wire an LFO", "song import", "grid patch", "add a fixture") among every tool this ' +
    'server serves, listed or not, and lists their toolsets for the rest of this session (the client gets ' +
    "notifications/tools/list_changed). Returns each tool's name and purpose (its description's first sentence), and for the best " +
    '`schemas` matches (default 1) the whole description and input schema, so you can call it by name at once even if your client ' +
    'ignores list changes. Changes only which tools are listed, not the show.',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    task: z.string().min(1).max(300).describe('What you want to do, in a few words'),
    limit: z.number().int().min(1).max(20).default(6).describe('How many tools to return (default 6)'),
    enable: z.boolean().default(true).describe("List the found tools' toolsets in this session (default true)"),
    schemas: z.number().int().min(0).max(20).default(1).describe('How many of the best matches carry their description and input schema (default 1)'),
  }),
  output: z.strictObject({
    tools: z
      .array(
        z.strictObject({
          name: z.string(),
          title: z.string(),
          toolset: z.string(),
          readOnly: z.boolean(),
          purpose: z.string(),
          description: z.string().optional(),
          inputSchema: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .describe('Best match first'),
    enabled: z.array(z.string()).describe('Toolsets listed from now on that were hidden before'),
    toolsets: z.array(z.strictObject({ id: z.string(), description: z.string() })).describe('Every toolset served, when nothing matched'),
  }),
  handle: ({ task, limit, enable, schemas }, ctx) => {
    const found = findTools(ctx.tools, task, limit);
    const enabled = enable ? ctx.enableToolsets([...new Set(found.map((f) => f.tool.toolset))]) : [];
    const served = new Set(ctx.tools.map((t) => t.toolset));
    return {
      tools: found.map(({ tool }, i) => {
        const brief = {
          name: tool.name,
          title: tool.title,
          toolset: tool.toolset,
          readOnly: tool.annotations.readOnlyHint,
          purpose: purposeOf(tool.description),
        };
        return i < schemas ? { ...brief, description: tool.description, inputSchema: ctx.listedInputSchema(tool) } : brief;
      }),
      enabled,
      toolsets: found.length > 0 ? [] : TOOLSETS.filter((s) => served.has(s.id)).map((s) => ({ id: s.id, description: s.description })),
    };
  },
});
