import type { McpServer, ServerContext, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { Origin } from '../engine/commands/history.js';
import { invalidArgument } from '../engine/errors.js';
import type { AnyTool } from '../tools/define-tool.js';
import type { Services, ToolContext } from '../tools/context.js';
import { type CallRecord, ToolRegistry } from '../tools/invoke.js';
import { toolError, toolResult, type ToolResult } from './envelope.js';
import { leanJsonSchema, listedOutputJson } from './lean-schema.js';
import { TOOLS } from '../tools/index.js';
import { once, splitRequestId } from './replays.js';
import { takesRequestId, withRequestId } from './retry-key.js';

/** Who is calling, for attribution in the history and the console's activity feed. */
export interface CallerInfo {
  readonly era: 'legacy' | 'modern';
  sessionId?: string;
  clientName?: string;
}

export type { CallRecord } from '../tools/invoke.js';

const advertised = new WeakMap<z.ZodType, StandardSchemaWithJSON>();

/**
 * Advertises the tool's JSON schema but accepts any arguments, so our own parse (with our own
 * wording) decides; the SDK's "Input validation error" text never reaches an agent.
 */
function advertiseOnly(schema: z.ZodType): StandardSchemaWithJSON {
  let cached = advertised.get(schema);
  if (cached !== undefined) return cached;
  const std = schema['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  // The JSON Schema of a tool never changes: convert once per process, not per session or request.
  const memo = new Map<string, Record<string, unknown>>();
  const convert = (io: 'input' | 'output', options: { readonly target: string }): Record<string, unknown> => {
    const key = `${io}:${options.target}`;
    let json = memo.get(key);
    if (json === undefined) {
      const raw = std.jsonSchema[io](options as never);
      json = io === 'output' ? listedOutputJson(raw, TOOLS) : leanJsonSchema(raw);
      memo.set(key, json);
    }
    return json;
  };
  cached = {
    '~standard': {
      version: 1,
      vendor: 'footlight',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: (o) => convert('input', o), output: (o) => convert('output', o) },
    },
  } as StandardSchemaWithJSON;
  advertised.set(schema, cached);
  return cached;
}

/** Which served tools one MCP server instance lists; find_tools and calls by name widen it. */
export interface ToolListing {
  /** Lists these toolsets from now on; returns the ids that were hidden (and sends one tools/list_changed). */
  enable(ids: readonly string[]): string[];
  /** Lists the toolset of this served tool, if it is hidden; false when no served tool has the name. */
  enableTool(name: string): boolean;
}

/**
 * Registers every served tool with one session's MCP server, wrapped in the envelope and the
 * queue; tools outside the listed toolsets are registered disabled until enabled.
 */
export function registerTools(
  server: McpServer,
  tools: readonly AnyTool[],
  services: Services,
  caller: CallerInfo,
  onCall: (record: CallRecord) => void,
): ToolListing {
  const registry = new ToolRegistry(services, tools);
  const handles = new Map<string, { enabled: boolean }[]>();
  const listed = new Set(services.listedToolsets);
  const listing: ToolListing = {
    enable(ids) {
      const fresh = ids.filter((id) => !listed.has(id) && handles.has(id));
      for (const id of fresh) {
        listed.add(id);
        // Flipped directly: the SDK's enable() would send one list_changed per tool.
        for (const h of handles.get(id) ?? []) h.enabled = true;
      }
      if (fresh.length > 0) server.sendToolListChanged();
      return fresh;
    },
    enableTool(name) {
      const tool = registry.find(name);
      if (tool === undefined) return false;
      listing.enable([tool.toolset]);
      return true;
    },
  };
  for (const tool of tools) {
    const retryKey = takesRequestId(tool);
    const registered = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertiseOnly(retryKey ? withRequestId(tool.input) : tool.input),
        outputSchema: advertiseOnly(tool.output),
        annotations: { title: tool.title, ...tool.annotations },
        _meta: { 'footlight/toolset': tool.toolset, ...(tool.ui === undefined ? {} : { ui: tool.ui }) },
      },
      async (args: unknown, ctx: ServerContext) => {
        const started = performance.now();
        const origin: Origin = {
          surface: 'mcp',
          session: caller.sessionId ?? ctx.sessionId ?? 'stateless',
          client: caller.clientName ?? envelopeClientName(ctx),
        };
        const seen: { step?: number } = {};
        try {
          const elicit = elicitFor(server, caller, ctx);
          const run = async (toolArgs: unknown): Promise<ToolResult> => {
            const { payload, attachments } = await registry.invoke(tool, toolArgs, origin, {
              seen,
              enableToolsets: (ids) => listing.enable(ids),
              ...(elicit === undefined ? {} : { elicit }),
            });
            return toolResult(payload, attachments);
          };
          const { requestId, rest } = retryKey ? splitRequestId(args) : { rest: args };
          const payload = requestId === undefined ? await run(rest) : await runOnce(retryScope(caller, ctx), tool.name, requestId, rest, run);
          onCall({ tool: tool.name, origin, args, ok: true, ms: performance.now() - started, at: Date.now(), ...seen });
          return payload;
        } catch (err) {
          const result = toolError(err, services.log, tool.name);
          onCall({
            tool: tool.name,
            origin,
            args,
            ok: false,
            error: result.content[0].type === 'text' ? result.content[0].text : '',
            ms: performance.now() - started,
            at: Date.now(),
            ...seen,
          });
          return result;
        }
      },
    );
    if (!listed.has(tool.toolset)) registered.disable();
    // execution.taskSupport is 2025 vocabulary (tasks.ts); 2026-era requests use the Tasks extension (modern-tasks.ts).
    if (tool.longRunning === true && caller.era === 'legacy') registered.execution = { taskSupport: 'optional' };
    const group = handles.get(tool.toolset) ?? [];
    group.push(registered);
    handles.set(tool.toolset, group);
  }
  return listing;
}

interface RetryScope {
  readonly key: string;
  /** How replies name the scope: "in this session" or "for this client". */
  readonly where: string;
}

/**
 * Whose retry keys a call's `request_id` is among: its 2025-era session; on the 2026-07-28 era
 * (no session) the authenticated client when the transport authenticates, else the client that
 * the request's envelope names (clientInfo name and version). Another client's id, however
 * equal, is never its reply. A stateless request naming no client cannot be told apart from
 * any other, so its retry key is refused.
 */
function retryScope(caller: CallerInfo, ctx: ServerContext): RetryScope {
  const session = caller.sessionId ?? ctx.sessionId;
  if (session !== undefined) return { key: `session\u0000${session}`, where: 'in this session' };
  const auth = (ctx.http as { authInfo?: { clientId?: unknown } } | undefined)?.authInfo;
  if (typeof auth?.clientId === 'string') return { key: `auth\u0000${auth.clientId}`, where: 'for this client' };
  const info = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/clientInfo'] as
    | { name?: unknown; version?: unknown }
    | undefined;
  if (typeof info?.name === 'string') return { key: `client\u0000${info.name}\u0000${String(info.version ?? '')}`, where: 'for this client' };
  throw invalidArgument(
    'request_id needs a client to belong to: send it in a session (2025-era) or with clientInfo in the request envelope (2026-07-28); nothing was done',
  );
}

/** Runs a call with a retry key once; a repeat gets the first reply, then a note saying so. */
async function runOnce(scope: RetryScope, tool: string, requestId: string, args: unknown, run: (args: unknown) => Promise<ToolResult>): Promise<ToolResult> {
  const reply = await once(scope, tool, requestId, args, async () => ({ result: await run(args) }));
  const first = reply.result as ToolResult;
  if (!reply.replayed) return first;
  const note = `replayed: request_id ${JSON.stringify(requestId)} already ran ${scope.where}; this is its first reply and nothing was done again`;
  return { ...first, content: [...first.content, { type: 'text', text: note }] };
}

/**
 * Elicitation for this call, when the client can answer it: a 2025-era session whose client
 * declared form elicitation. 2026-era requests have no server-to-client request channel.
 */
function elicitFor(server: McpServer, caller: CallerInfo, ctx: ServerContext): ToolContext['elicit'] {
  if (caller.era !== 'legacy') return undefined;
  const declared = server.server.getClientCapabilities()?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (declared === undefined || (declared.form === undefined && declared.url !== undefined)) return undefined;
  return async (message, requestedSchema) => {
    const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message, requestedSchema: requestedSchema as never });
    const out: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> } = { action: answer.action };
    if (answer.content !== undefined) out.content = answer.content as Record<string, unknown>;
    return out;
  };
}

/** 2026-era requests carry the client's identity in the per-request envelope. */
function envelopeClientName(ctx: ServerContext): string | undefined {
  const info = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/clientInfo'];
  const name = (info as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}
