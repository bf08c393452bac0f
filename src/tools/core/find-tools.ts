import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { findTools } from '../tool-finder.js';
import { TOOLSETS } from '../toolsets.js';

export default defineTool({
  name: 'find_tools',
  title: 'Find tools for a task',
  toolset: 'status',
  description:
    'Finds tools by task in plain words ("wire an LFO", "song import", "grid patch", "add a fixture") among every tool this ' +
    'server serves, listed or not, and lists their toolsets for the rest of this session (the client gets ' +
    "notifications/tools/list_changed). Returns each tool's name, description and input schema, so you can call it by name " +
    'at once even if your client ignores list changes. Changes only which tools are listed, not the show.',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    task: z.string().min(1).max(300).describe('What you want to do, in a few words'),
    limit: z.number().int().min(1).max(20).default(6).describe('How many tools to return (default 6)'),
    enable: z.boolean().default(true).describe("List the found tools' toolsets in this session (default true)"),
  }),
  output: z.strictObject({
    tools: z
      .array(
        z.strictObject({
          name: z.string(),
          toolset: z.string(),
          readOnly: z.boolean(),
          description: z.string(),
          inputSchema: z.record(z.string(), z.unknown()),
        }),
      )
      .describe('Best match first'),
    enabled: z.array(z.string()).describe('Toolsets listed from now on that were hidden before'),
    toolsets: z.array(z.strictObject({ id: z.string(), description: z.string() })).describe('Every toolset served, when nothing matched'),
  }),
  handle: ({ task, limit, enable }, ctx) => {
    const found = findTools(ctx.tools, task, limit);
    const enabled = enable ? ctx.enableToolsets([...new Set(found.map((f) => f.tool.toolset))]) : [];
    const served = new Set(ctx.tools.map((t) => t.toolset));
    return {
      tools: found.map(({ tool }) => ({
        name: tool.name,
        toolset: tool.toolset,
        readOnly: tool.annotations.readOnlyHint,
        description: tool.description,
        inputSchema: ctx.listedInputSchema(tool),
      })),
      enabled,
      toolsets: found.length > 0 ? [] : TOOLSETS.filter((s) => served.has(s.id)).map((s) => ({ id: s.id, description: s.description })),
    };
  },
});
