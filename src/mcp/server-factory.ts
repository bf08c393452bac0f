import { McpServer } from '@modelcontextprotocol/server';
import type { Services } from '../tools/context.js';
import { SERVER_INSTRUCTIONS } from './instructions.js';
import { registerCompletions } from './completions.js';
import { registerPrompts } from './prompts.js';
import { APPS_EXTENSION, registerResources } from './resources.js';
import { serveTasks, TASKS_CAPABILITY } from './tasks.js';
import { serveModernTasks, TASKS_EXTENSION, type ModernTaskStore } from './modern-tasks.js';
import type { TaskResults } from './task-common.js';
import { registerTools, type CallerInfo, type CallRecord, type ToolListing } from './register-tools.js';

/** A session's resource subscriptions, so structure changes reach the agents that asked. */
export interface SessionSubscriptions {
  readonly uris: Set<string>;
}

/** One MCP server instance and the tool listing it serves. */
interface McpInstance {
  readonly server: McpServer;
  readonly listing: ToolListing;
}

/**
 * 2026-07-28 list caching hints: the lists change only when a session enables a toolset (which
 * 2026-era requests cannot), so a client may keep them a minute; they are per client (private).
 */
const LIST_CACHE = { ttlMs: 60_000, cacheScope: 'private' } as const;

/** Builds the MCP server for one session (2025 era) or one request (2026 era). */
export function createMcpServer(
  services: Services,
  caller: CallerInfo,
  onCall: (record: CallRecord) => void,
  subscriptions: SessionSubscriptions | undefined,
  modernTasks: ModernTaskStore | undefined,
  /** The endpoint's budget for what finished tasks hold (shared by every session). */
  taskResults: TaskResults,
): McpInstance {
  const server = new McpServer(
    { name: services.server.identity.serverName, version: services.server.identity.serverVersion, title: 'Footlight' },
    {
      instructions: SERVER_INSTRUCTIONS,
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: false },
        prompts: { listChanged: false },
        logging: {},
        completions: {},
        extensions: caller.era === 'modern' && modernTasks !== undefined ? { ...APPS_EXTENSION, ...TASKS_EXTENSION } : APPS_EXTENSION,
        ...(caller.era === 'legacy' ? { tasks: TASKS_CAPABILITY } : {}),
      },
      maxToolInputElements: 100_000,
      cacheHints: { 'tools/list': LIST_CACHE, 'resources/list': LIST_CACHE, 'prompts/list': LIST_CACHE, 'resources/templates/list': LIST_CACHE },
    },
  );
  const listing = registerTools(server, services.tools, services, caller, onCall);
  const long = services.tools.filter((t) => t.longRunning === true);
  const longNames = new Set(long.map((t) => t.name));
  const longWrites = new Set(long.filter((t) => !t.annotations.readOnlyHint).map((t) => t.name));
  // 2025-era sessions: the 2025-11-25 task vocabulary; 2026-era requests: the Tasks extension (SEP-2663).
  if (caller.era === 'legacy') serveTasks(server, longNames, longWrites, taskResults);
  else if (modernTasks !== undefined) serveModernTasks(server, modernTasks, longNames, longWrites);
  registerResources(server, services);
  registerPrompts(server);
  registerCompletions(server, services);
  server.server.setRequestHandler('resources/subscribe', (request) => {
    subscriptions?.uris.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', (request) => {
    subscriptions?.uris.delete(request.params.uri);
    return {};
  });
  server.server.oninitialized = () => {
    const client = server.server.getClientVersion();
    if (client !== undefined) caller.clientName = client.name;
  };
  return { server, listing };
}
